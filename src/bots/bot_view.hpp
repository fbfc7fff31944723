// What the playing bots (efficiency, defensive) read from an Observation, as 34-kind counts, and
// the hand evaluation they share: shanten restricted to a yaku plan, discard ranking, call
// evaluation. Everything here works from the observation alone (no hidden information).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "riichi/round.hpp"
#include "riichi/rules.hpp"
#include "riichi/shanten_table.hpp"
#include "riichi/tile.hpp"

namespace riichi::bots {

// The seat's own hand and the public tiles, as counts.
struct HandView {
  Counts hand{};     // own concealed kinds (3n+2 on its turn, 3n+1 otherwise)
  Counts visible{};  // seen outside the concealed hand: uncalled discards, every meld on the table
                     // (own included), dora indicators
  std::array<std::uint8_t, kNumKinds> dora{};    // dora count per kind (several indicators add up)
  std::array<std::uint8_t, 5> own_melds{};       // MeldType of own melds, `num_melds` of them
  std::array<std::uint8_t, 5> own_meld_kinds{};  // base kind of own melds (lowest kind)
  int num_melds = 0;
  bool open = false;            // a chi, pon, daiminkan or kakan
  int seat_wind = 0;            // kind (27..30)
  int players = 4;              // seats in the game (3: seat winds over East, South, West)
  int round_wind = 27;          // kind (27..30)
  int red_fives = 0;            // red fives held (concealed and melded), when the rules use them
  std::uint64_t red_kinds = 0;  // bit per kind: a concealed copy is a red five
  int meld_dora = 0;            // dora in own melds (without red fives)
  int tiles = 0;                // concealed tile count
};

HandView read_view(const Observation& obs, bool red_fives);
// The same under `rules`: three players (seat winds over three seats, no 2m-8m left unseen, the
// nukidora seen, a 1m indicator pointing at 9m).
HandView read_view(const Observation& obs, const Rules& rules);

// Copies of `kind` not seen by this seat (4 - own concealed - visible), >= 0.
inline int unseen(const HandView& v, int kind) {
  const int n = 4 - v.hand[kind] - v.visible[kind];
  return n > 0 ? n : 0;
}

// Value honours: dragons, the seat wind and the round wind.
inline bool is_value_honor(const HandView& v, int kind) {
  return is_dragon(kind) || kind == v.seat_wind || kind == v.round_wind;
}

// Yaku plans of a hand: how an open hand still gets a yaku. A closed hand is kPlanFree (riichi
// and menzen tsumo need no particular shape); so is an open hand with a value-honour meld.
enum PlanBit : std::uint16_t {
  kPlanFree = 1,      // every shape (closed, or a yaku already declared)
  kPlanTanyao = 2,    // all simples (open only when the rules allow kuitan)
  kPlanHonitsu = 4,   // bits 4, 8, 16: one suit (m, p, s) plus honours
  kPlanToitoi = 32,   // pungs only
  kPlanYakuhai = 64,  // a value honour held as a pair or pung becomes a set
};
inline constexpr int kPlanBits = 7;  // bits 0 .. 6

// The plans an open (or about to be opened) hand may still follow, given its melds. `extra` is
// a meld about to be called (type, base kind), or extra_type < 0 for none.
std::uint16_t available_plans(const HandView& v, const Rules& rules, int extra_type = -1,
                              int extra_kind = 0);

// Shanten of a concealed part (3n+1 or 3n+2 tiles) under the best of `plans`. `closed` admits
// chiitoitsu and kokushi. Returns 99 when no plan applies.
int plan_shanten(const Counts& hand, std::uint16_t plans, bool closed, const HandView& v);

// plan_shanten of one hand, and of that hand with one tile more or less, from table classes read
// once (the hand's masked parts per plan; per value honour of the yakuhai plan, the rest of the
// hand): a changed tile costs a class lookup per plan instead of a new pass over the hand.
class PlanShanten {
 public:
  PlanShanten(const Counts& hand, std::uint16_t plans, bool closed, const HandView& v);
  // plan_shanten(hand, plans, closed, v).
  int now() const { return with(-1, 0); }
  // The same with one tile of `kind` more (delta = 1, its count below 4) or less (delta = -1,
  // a held kind).
  int with(int kind, int delta) const;
  // The same under each plan alone: lowers best[b] to the shanten under plan 1 << b, for each
  // plan of a set without kPlanFree (as with() of a PlanShanten built with that plan only).
  void lower_by_plan(int kind, int delta, std::array<int, kPlanBits>& best) const;
  // with(kind, 1) < bound, stopping at the first plan below `bound` (the yakuhai plan, the
  // dearest, last).
  bool added_below(int kind, int bound) const;
  // The kinds k of `kinds` (bit per kind, each held at most three times) with
  // with(k, 1) < bound, as a bit per kind: each plan's improving kinds at once (a part's
  // lookups that do not depend on the kind made once), not one dispatch over the plans per kind.
  std::uint64_t added_below_mask(std::uint64_t kinds, int bound) const;

 private:
  // f(plan bit, shanten) for each plan of a set without kPlanFree, until f returns true.
  template <typename F>
  void for_each_plan(int kind, int delta, F&& f) const;
  struct Honour {
    int kind = 0;
    int set = 0;  // 2 for a pung, 1 for a pair
    detail::PartClasses rest;
  };
  int yakuhai(int kind, int delta, int blocks) const;

  const Counts& hand_;
  const HandView& v_;
  std::uint16_t plans_;
  bool closed_;
  int tiles_;
  detail::HandShanten free_;                   // kPlanFree
  std::array<detail::PartClasses, 4> masked_;  // tanyao, honitsu m/p/s
  int pungs_ = 0, pairs_ = 0;                  // toitoi
  std::array<Honour, 7> honours_;              // yakuhai
  int num_honours_ = 0;
};

// Effective tiles of a 3n+1 concealed part under `plans` (copies not seen, counting `visible`
// and one more copy of `discarded` when >= 0).
int plan_ukeire(const Counts& hand, std::uint16_t plans, bool closed, const HandView& v,
                int shanten_now, int discarded);

// One discard candidate (a kind) with its evaluation.
struct DiscardEval {
  int kind = -1;
  int shanten = 99;
  int ukeire = 0;
  int keep = 0;  // how much the tile is worth keeping (tie-break: lower is cut first)
};

// Evaluates every kind in `kinds_mask` (bit per kind) as a discard of the 3n+2 hand: shanten
// under `plans`, and effective tiles for the kinds with the lowest shanten only (and not even
// those when a single kind has it, short of tenpai: ukeire stays 0). Writes up to 34 entries
// into `out`, returns how many; `best` receives the index of the best one (-1 if none).
int evaluate_discards(const HandView& v, std::uint16_t plans, std::uint64_t kinds_mask,
                      std::span<DiscardEval, kNumKinds> out, int& best);

// evaluate_discards in two steps, for a caller that may not need the effective tiles:
// discard_shanten writes the entries with their shanten and keep value (ukeire 0) and returns
// how many; rank_discards then fills the effective tiles exactly as evaluate_discards does and
// returns the index of the best entry (-1 when n is 0).
int discard_shanten(const HandView& v, std::uint16_t plans, std::uint64_t kinds_mask,
                    std::span<DiscardEval, kNumKinds> out);
int rank_discards(const HandView& v, std::uint16_t plans, std::span<DiscardEval, kNumKinds> out,
                  int n);

// Keep value of one tile kind in the hand (isolated honours and terminals low, dora high).
int keep_value(const HandView& v, int kind);

// Kita (three players: a free dora and a replacement draw) when it is legal and the North is not
// worth keeping: discarding it would not raise the shanten above the best discard's (a North
// pair or pung the hand needs is kept). `evals`, `n`, `best` as from evaluate_discards.
const Action* free_kita(std::span<const Action> legal, std::span<const DiscardEval> evals, int n,
                        int best);

// The legal action of `type` discarding kind `kind`: a plain copy before a red five, the drawn
// tile before another copy. nullptr when none.
const Action* pick_copy(std::span<const Action> legal, ActionType type, int kind, bool red_fives);

// Bit per kind of the kinds `type` actions of `legal` discard.
std::uint64_t action_kinds(std::span<const Action> legal, ActionType type);

}  // namespace riichi::bots
