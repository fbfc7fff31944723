// The hand-value analysis as the CLI (`riichi analyze --ev`) and Python (`riichi.analyze(...,
// ev=True)`) show it: the request in text form, and the discard table with its "ev" objects.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "eval/ev.hpp"
#include "riichi/analysis.hpp"

namespace riichi::io {

// The options of an expected-value analysis as written by a user.
struct EvRequest {
  std::string model = "default";  // "reference" (MODEL.md) or "default" (docs/eval.md)
  int turn = 1;                   // draws made, 0..18
  std::string dora;               // indicators in mpsz notation, e.g. "1z" or "3m0p"
  std::string seat = "S";         // E|S|W|N (E = dealer)
  std::string round = "E";
  std::string visible;            // the analysis's visible tiles (discards, other melds)
  std::string rules = "ema2016";  // default model only; the reference scores with its own rules
};

struct EvSetup {
  eval::EvPosition position;
  eval::EvOptions options;
};

// Checks the request and builds the position and the model. Throws std::invalid_argument
// naming the field: "--turn 19: the turn must be 0..18", "--seat X: ...", a bad tile string.
EvSetup ev_setup(const Hand& hand, const EvRequest& request);

// 0..3 from "E", "S", "W", "N" (either case); -1 otherwise.
int wind_index(const std::string& text);

// The analysis JSON with its discard table replaced by one entry per discard (a red five and a
// plain five apart), best first by expected score at the turn, each with
//   "ev": {"tenpai_prob", "win_prob", "exp_score" (at the turn), "tenpai_prob_by_turn",
//          "win_prob_by_turn", "exp_score_by_turn" (turns 0..18), "riichi", and for a closed
//          tenpai discard "riichi_option" / "dama_option" (the same fields)}
// and at the top level "ev_time_ms", "ev_model", "ev_turn", "ev_stats".
nlohmann::json analysis_ev_to_json(const HandAnalysis& analysis, const eval::HandEv& ev,
                                   const EvSetup& setup, double ms);

}  // namespace riichi::io
