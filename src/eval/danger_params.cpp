// Parameters of the danger model (eval/danger_model.hpp). The priors come from public statistics
// (docs/eval.md cites them); the defaults are fitted on the 300 houou games of 2021 by
// `riichi danger-check --fit-on ../shared/data/tenhou-mjlog-houou2021 --emit-params`.
#include <cmath>

#include "eval/danger_model.hpp"

namespace riichi::eval {

namespace {

DangerParams make_prior() {
  DangerParams p;
  auto& w = p.wait;
  // Relative frequency of wait shapes per combination (ryanmen 3.5, kanchan 0.21, penchan 1,
  // honour pair or single 1.7, other pair or single 1: killer_mortal_gui's heuristic, tuned on
  // Tenhou houou games), as logs relative to ryanmen.
  w[bias_param(kShapeRyanmen)] = 0;
  w[bias_param(kShapeKanchan)] = std::log(0.21 / 3.5);
  w[bias_param(kShapePenchan)] = std::log(1 / 3.5);
  for (ShapeType t : {kShapeShanponSimple, kShapeShanponTerminal, kShapeTankiSimple,
                      kShapeTankiTerminal})
    w[bias_param(t)] = std::log(1 / 3.5);
  for (ShapeType t : {kShapeShanponGuest, kShapeShanponValue, kShapeTankiGuest, kShapeTankiValue})
    w[bias_param(t)] = std::log(1.7 / 3.5);
  w[kGammaSequence] = w[kGammaPair] = w[kGammaSingle] = 1;
  w[kGammaHonor] = 0;
  w[flag_param(kFlagEarlyTedashi)] = std::log(0.6);  // early matagi suji
  w[flag_param(kFlagRiichiMatagi)] = std::log(1.2);  // the riichi tile's matagi suji
  w[flag_param(kFlagRiichiSuji)] = std::log(2.0);    // suji trap on the riichi tile
  w[flag_param(kFlagDoraSequence)] = std::log(1.2);
  w[flag_param(kFlagDoraPair)] = std::log(1.2);
  w[flag_param(kFlagRedDiscarded)] = std::log(0.14);
  // About 1.9 winning kinds per riichi hand (kobalab 2021: the per-kind rates add up to 1.87).
  w[kLogMass] = std::log(1.15);
  auto& b = p.tenpai;
  b[kTenpaiBias] = -3.5;
  b[kTenpaiMelds1] = 0.5;
  b[kTenpaiMelds2] = 1.2;
  b[kTenpaiMelds3] = 2.0;
  b[kTenpaiMelds4] = 3.5;
  b[kTenpaiTurn] = 0.6;
  b[kTenpaiTurnOpen] = 0.2;
  b[kTenpaiTsumogiri] = 0.5;
  b[kTenpaiLastMiddle] = 0.3;
  b[kTenpaiLiveLow] = 0.5;
  auto& v = p.value;
  v[kValueRiichiHan] = 2.0;
  v[kValueOpenHan] = 1.3;
  v[kValueDamaHan] = 2.0;
  v[kValueUraPerIndicator] = 0.4;
  v[kValueHiddenDora] = 1.0;
  v[kValueFu] = 30;
  return p;
}

DangerParams make_fitted() {
  DangerParams p;
  p.wait = {0, -1.4867, -0.789818, -1.74117, -1.2574, -1.49495, -0.935748, -3.13813, -2.60631, -2.2061, -2.79055, 0.592342, 1.01281, 0.675277, 0.271938, 0.0199293, -1.29047, -0.0198996, -0.503005, -0.0704502, 0.247227, -0.211121, 0.0690272, 1.0087, -2.25517, -0.0322163, -0.195877, 0.532305, 0.0669115, -0.121045, -0.540408, 0.0976769, -0.681946, 0.227357};
  p.tenpai = {-6.60844, 2.10031, 2.83633, 3.69889, 4.21476, 2.69955, -0.285776, 1.62041, 0.391496, -3.75307, -0.480594, 0.628742, 0.190094};
  p.value = {2.31062, 1.13675, 2.30102, 0.4, 1, 30};
  return p;
}

}  // namespace

const DangerParams& prior_danger_params() {
  static const DangerParams p = make_prior();
  return p;
}

const DangerParams& default_danger_params() {
  static const DangerParams p = make_fitted();
  return p;
}

}  // namespace riichi::eval
