// Push or fold: the value of every legal action of a position, from what the seat sees
// (docs/eval.md, "Options: push or fold"). The one judgement the bots, the game review and the
// web table's helper call.
//
//   OptionsReport r = evaluate_options(obs, rules, OptionsSettings::fast());  // bots
//   OptionsReport r = evaluate_options(obs, rules);                           // review, helper
//   const OptionValue& best = r.options[r.best];   // one row per obs.legal_actions, same order
//   best.exp_score, best.win_prob, best.deal_in_prob, best.tenpai_prob, best.reason
//
// The value of an option (points for this seat from the position on; formula in docs/eval.md):
//   discard d now   -loss_now(d) + (1 - p_now(d)) * max(push(hand - d), fold(hand - d))
//                   p_now, loss_now: the danger model (eval/danger.hpp) on the tile now;
//                   push: the hand-value model (eval/ev.hpp) of the hand left, with the hand
//                   ending by the opponents' wins and by our own later deal-ins, minus the
//                   expected loss of the later discards (random unseen tiles), plus the noten
//                   payments at an exhaustive draw; fold: the held tiles thrown safest first,
//                   no win, noten at the draw.
//   riichi on d     as the discard, with the hand's riichi value and push only (riichi is
//                   final); the stick is lost when the hand does not win.
//   chi/pon/kan     the best allowed discard of the hand after the call (its melds scored by
//                   score(): a call that leaves no yaku never wins), against
//   pass            push/fold of the 13 tiles held (no discard now).
//   ankan/kakan     push/fold of the hand after the kan and its rinshan draw; a kakan risks
//                   chankan as a discard of that tile would.
//   tsumo/ron       the win's points (score(), honba and the sticks on the table).
//   kyuushu         0 (the hand is replayed).
//   kita            (three players) push/fold of the hand without that North, one more dora,
//                   after the replacement draw; the North risks a ron as a discard of it would.
// Wins add the sticks on the table and the honba. A `utility` maps each outcome (win, deal-in,
// other) to the caller's unit (a placement utility in All-Last); points are the default.
//
// Pure: no I/O; the hand-value model keeps its per-thread workspace (eval/ev.hpp). Cost with
// OptionsSettings::fast() (bench/bench_options.cpp, a loaded machine): median 46 us, mean 0.2 ms,
// 90th percentile 0.6 ms per decision; standard(): median 1.9 ms, mean 7.6 ms.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/ev.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"

namespace riichi::eval {

// What kind of decision an option is.
enum class DecisionKind : std::uint8_t {
  kDiscard,  // a discard (tsumogiri or from the hand), also after a call
  kRiichi,   // riichi with a discard
  kCall,     // chi, pon, daiminkan
  kPass,     // decline every call (and any ron) in a claim window
  kKan,      // ankan, kakan
  kWin,      // tsumo, ron
  kKyuushu,  // kyuushu kyuuhai
  kKita,     // three players: a North set aside as nukidora (a replacement draw follows)
};
const char* decision_kind_name(DecisionKind kind);  // "discard", "riichi", "call", ...

// What an option's value (or a mistake against the best option) is about; the review
// aggregates mistakes by it.
enum class ReasonKind : std::uint8_t {
  kEfficiency,  // hand building: speed and value of the hand, no threat weighs on it
  kPushFold,    // the danger of the discards against the hand's value
  kCall,        // calling or not (chi, pon, kan, kyuushu)
  kRiichi,      // riichi or dama
  kWin,         // taking a win or not
};
const char* reason_kind_name(ReasonKind kind);  // "efficiency", "push_fold", "call", ...

// How the hand goes on after the option.
enum class Plan : std::uint8_t {
  kPush,   // play for the win (a riichi hand always does)
  kFold,   // give up the hand: the safest tiles, no win, noten at the draw
  kWin,    // the hand ends with this win
  kAbort,  // the hand ends in an abortive draw (kyuushu)
};
const char* plan_name(Plan plan);  // "push", "fold", "win", "abort"

struct OptionValue {
  Action action;
  DecisionKind kind = DecisionKind::kDiscard;
  ReasonKind reason_kind = ReasonKind::kEfficiency;  // against the best option (see mistake_kind)
  Plan plan = Plan::kPush;
  double exp_score = 0;      // expected points for this seat from here on (formula above)
  double utility = 0;        // through OptionsSettings::utility; = exp_score by default
  double win_prob = 0;       // P(this seat wins this hand)
  double tenpai_prob = 0;    // P(tenpai by the end of the hand), 1 for a win
  double deal_in_prob = 0;   // P(the tile discarded now deals in): discards, riichi, calls (their
                             // discard), kakan (chankan); 0 otherwise
  double deal_in_later = 0;  // P(dealing in later in the hand, under the plan)
  double win_points = 0;     // expected points if the hand is won (0 when win_prob is 0)
  double deal_in_loss = 0;   // expected points lost by dealing in, now and later
  int shanten = 8;           // of the hand after the action (-1: a win)
  int effective_tiles = 0;   // tiles (unseen copies) that lower that shanten
  Action then;               // a call: the discard that follows it (type kDiscard); else unused
  std::string reason;        // one line a learner can check
};

struct OptionsReport {
  int seat = 0;
  int turn = 1;  // the hand-value model's turn: 18 - the seat's draws left
  DecisionKind kind = DecisionKind::kDiscard;  // the decision: the best option's kind, or kCall
                                               // in a claim window
  bool threat = false;  // an opponent is in riichi or likely tenpai (danger model >= 35%)
  std::vector<OptionValue> options;  // one per obs.legal_actions, in that order
  int best = -1;                     // index of the highest utility (ties: the earlier)
  double hazard = 0;  // per own turn, the chance the hand ends by another player's win
  EvStats ev_stats;   // of the largest hand-value evaluation made
};

// One outcome of an option for a utility: this seat wins, deals in, or neither (the others win,
// an exhaustive draw with its noten payments, the riichi stick lost).
struct Outcome {
  enum Kind : std::uint8_t { kWin, kDealIn, kOther } kind = kOther;
  double points = 0;  // this seat's mean change of points in this outcome
  int other = -1;     // kDealIn: the seat most likely to win from the deal-in; else -1
};
// Maps an outcome to the caller's unit (e.g. the expected placement points in All-Last, from
// obs.scores). The option's utility is the sum over outcomes of probability x utility(mean).
using Utility = std::function<double(const Observation& obs, const Outcome& outcome)>;

struct OptionsSettings {
  EvOptions ev = EvOptions::standard();  // the hand-value model (fast() for bots)
  Utility utility;                       // empty: points
  bool reasons = true;                   // build the one-line reasons (bots may skip them)
  // A hand goes on by folding only when folding is worth this many points (utility) more than
  // pushing: 0 compares them as they are; a bot calibrated on play may lean to pushing.
  double fold_margin = 0;
  static OptionsSettings standard();  // review, web helper
  static OptionsSettings fast();      // bots: EvOptions::fast(), no reasons
};

// Every legal action of `obs` valued for obs.seat. Throws std::invalid_argument naming the fault
// when the observation has no legal action or holds an impossible hand (tile counts).
OptionsReport evaluate_options(const Observation& obs, const Rules& rules,
                               const OptionsSettings& settings = OptionsSettings::standard());

// Whether an opponent is a threat to obs.seat: in riichi, or likely tenpai by the danger model
// (OptionsReport::threat, without valuing the options).
bool table_threat(const Observation& obs, const Rules& rules);

// What choosing option `chosen` instead of the best is about: a missed win (kWin), a call or
// pass (kCall), riichi or dama (kRiichi), push or fold against a threat (kPushFold, also when
// most of the value lost is the danger of the discards), otherwise kEfficiency.
ReasonKind mistake_kind(const OptionsReport& report, int chosen);

}  // namespace riichi::eval
