// Danger of tiles (docs/eval.md, "Danger"): for each tile kind and each opponent, the
// probability that discarding it now deals in, the expected loss in points, and the reading
// that explains it ("non-suji 4m against East's riichi: 14%"). From the seat's Observation only.
//
//   DangerReport r = assess_danger(obs, rules);
//   r.deal_in[kind]                    P(some opponent rons it)
//   r.opponents[i].tiles[kind].deal_in P(opponent i rons it), .loss the expected points lost
//   danger_reason(r, kind)             one line for the most costly opponent
//
// The model (eval/danger_model.hpp): wait shapes weighted by visible counts, furiten, the
// opponent's discards, dora and melds; fitted on real Tenhou games and measured by
// `riichi danger-check` (ROC AUC, Brier score, calibration table in docs/eval.md).
// Pure and allocation-free (except danger_reason); about 10 us of CPU for 34 kinds x 3
// opponents (bench/bench_danger.cpp). `obs` is an engine observation (Round::observation).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "eval/danger_model.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"

namespace riichi::eval {

// The classic reading of a tile against one opponent, as players name it.
enum class SafetyClass : std::uint8_t {
  kGenbutsu,   // furiten for that opponent: it cannot ron the tile
  kHonor,      // an honour (see `visible`)
  kSuji,       // every two-sided wait on it is furiten (suji; both sides for 4-6: nakasuji)
  kNoChance,   // every two-sided wait on it is ruled out, some only by 4 visible copies (kabe)
  kHalfSuji,   // a 4-6 with one side ruled out
  kOneChance,  // no side ruled out, but each needs a kind with only one copy unseen
  kNonSuji,    // none of the above
};
const char* safety_class_name(SafetyClass c);  // "genbutsu", "honour", "suji", ...

struct TileSafety {
  SafetyClass cls = SafetyClass::kNonSuji;
  std::uint8_t visible = 0;  // copies this seat sees (its own hand included)
  bool dora = false;
  bool near_dora = false;      // a suited kind next to a dora
  bool riichi_suji = false;    // suji of its (tedashi) riichi declaration tile
  bool early_outside = false;  // 1-3 / 7-9 outside a tile it discarded from the hand early
  bool value_honor = false;    // one of its value honours
};

struct TileDanger {
  float deal_in = 0;  // P(this opponent rons the tile if discarded now)
  float value = 0;    // expected payment if it does (points, honba included)
  float loss = 0;     // deal_in * value
  TileSafety safety;
};

struct OpponentDanger {
  int seat = -1;
  int seat_wind = 0;  // 0 East .. 3 North
  bool riichi = false;
  bool open = false;
  float tenpai = 0;  // P(tenpai and not furiten): 1 in riichi
  std::array<TileDanger, kNumKinds> tiles{};
};

struct DangerReport {
  int seat = 0;
  std::array<OpponentDanger, 3> opponents{};  // the next three seats in turn order
  std::array<float, kNumKinds> deal_in{};     // P(some opponent rons): 1 - prod(1 - p_i)
  std::array<float, kNumKinds> loss{};        // sum of the opponents' expected losses
  // The opponent index (0..2) with the largest expected loss on `kind`.
  int worst_opponent(int kind) const;
};

// Judges every kind for obs.seat. `rules` gives red fives and the score table.
void assess_danger(const Observation& obs, const Rules& rules, DangerReport& out,
                   const DangerParams& params = default_danger_params());
DangerReport assess_danger(const Observation& obs, const Rules& rules,
                           const DangerParams& params = default_danger_params());
// The same from a reading already made (eval/danger_reading.hpp).
void assess_danger(const TableReading& t, const Rules& rules, DangerReport& out,
                   const DangerParams& params = default_danger_params());

// The classic reading of `kind` against opponent `o` (also used by the baseline rules).
TileSafety read_safety(const TableReading& t, const OpponentReading& o, int kind);

// "non-suji 4m against East's riichi: 14%"; "genbutsu 7p against South's open hand: 0%".
std::string danger_reason(const OpponentDanger& o, int kind);
// The reason against the opponent with the largest expected loss on `kind`.
std::string danger_reason(const DangerReport& r, int kind);
// A probability as the reasons print it: "14%", "0.3%", "0%".
std::string percent_text(double p);

}  // namespace riichi::eval
