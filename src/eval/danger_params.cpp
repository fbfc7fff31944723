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
  for (ShapeType t :
       {kShapeShanponSimple, kShapeShanponTerminal, kShapeTankiSimple, kShapeTankiTerminal})
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
  p.wait = {0,        -1.7775,   -0.953323, -1.89769,  -1.43302,  -1.61298, -0.987632, -3.27446,
            -2.79893, -2.27376,  -2.87091,  0.614318,  1.06927,   0.634554, 0.263902,  0.0305861,
            -1.26388, -1.257,    0.0107866, -0.434703, -0.061574, 0.279135, -0.226066, 0.0560149,
            1.0209,   -2.28095,  -0.029954, -0.301511, 0.710285,  0.158192, -0.126097, -0.507409,
            0.127549, -0.998547, 0.0591852, 0.210806};
  p.tenpai = {-7.88597,  2.13624,   3.33909,   4.6348,  5.02948,  4.28183,
              0.0341262, -0.859316, -0.784597, 1.34671, 0.35261,  -0.184472,
              -0.733765, -0.822021, 0.0155214, 1.50032, 0.545107, 0.343503};
  p.value = {2.31062, 1.13675, 2.30102, 0.4, 1, 30};
  return p;
}

// Fitted on the arena's games of the bots themselves (1,000 Tenhou-rules hanchan of strong x2
// against defensive x2, seed 101: docs/bots.md "Fourteenth round") by `riichi danger-check
// --fit-on DIR --discard-prior 20 --emit-params`, DIR the games' engine records (the wait
// parameters' second stage fitted on the real discards against a riichi).
DangerParams make_bot_fitted() {
  DangerParams p;
  p.wait = {0,        -0.934674, -0.146595, -1.90636, -1.7683,   -3.14191,  -2.6796,   -3.33004,
            -3.79718, -3.00955,  -4.90151,  0.383837, 0.962873,  1.25949,   0.506215,  -0.16604,
            -1.15719, -2.2507,   -0.573655, -1.28057, 0.0607593, 0.212653,  -0.150918, -0.128622,
            0.659039, -1.6705,   0.620591,  -1.09549, 1.03464,   -0.162204, 0.226117,  -0.139533,
            0.293775, -0.953009, 0.0753121, 0.233061};
  p.tenpai = {-8.29025, 3.05405,   4.53529,   6.21368,  3.53887,  1.75209,
              2.24715,  -1.28269,  -0.530724, 1.64345,  0.551212, -0.42779,
              -2.19971, -0.670611, -0.2777,   0.982252, 0.636806, 0.408351};
  p.value = {2.21886, 0.754394, 2.028, 0.4, 1, 30};
  return p;
}

}  // namespace

const DangerParams& bot_danger_params() {
  static const DangerParams p = make_bot_fitted();
  return p;
}

const DangerParams& prior_danger_params() {
  static const DangerParams p = make_prior();
  return p;
}

const DangerParams& default_danger_params() {
  static const DangerParams p = make_fitted();
  return p;
}

}  // namespace riichi::eval
