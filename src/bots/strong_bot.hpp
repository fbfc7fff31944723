// The strong bot ("strong"): every decision by value, from the evaluation layer
// (eval/options.hpp, docs/eval.md "Options: push or fold"); docs/bots.md gives the reason for
// each rule.
//
//   1. A single legal action is played without evaluation (a riichi hand's tsumogiri, ...).
//   2. A legal tsumo or ron is always taken: a win ends the hand with a payment to this seat,
//      which no other option of the position can exceed in expectation often enough to pay for
//      the cost of the evaluation (and a missed ron makes the hand furiten).
//   3. With no threat on the table (no riichi, no opponent likely tenpai: eval::table_threat),
//      the efficiency bot's move (efficiency_bot.hpp: lowest shanten, most effective tiles,
//      riichi when tenpai, calls that keep a yaku and lower the shanten), without valuing the
//      options. Measured: the fast hand-value model builds hands worse than this (it undervalues
//      speed far from tenpai, its riichi/dama and call choices cost wins; docs/bots.md).
//   4. Against a threat, the option with the highest utility of evaluate_options(fast()): the
//      discard (hand value, speed, danger against each opponent, noten payments), riichi or
//      dama, kans, push or fold, all in one unit; a hand folds only when folding is worth
//      kFoldMargin more than pushing (calibrated on arena play: the model folds too readily).
//      A dama discard that keeps a pushed tenpai becomes riichi on the same tile (riichi_pick:
//      the model chose dama too often; riichi rate 20% -> 27%, measured better in the arena).
//      A pushed discard is the efficiency bot's own move when that move is faster and about as
//      safe (efficiency_pick: lower shanten or more effective tiles, its deal-in chance now at
//      most kPushTolerance above the valued pick's): the model judges the danger well but
//      builds the hand worse than the efficiency rule.
//   5. Calls (chi, pon, daiminkan) only when the efficiency bot would make them (a yaku kept,
//      the shanten lowered); against a threat, also only when the best by value and faster
//      than passing (call_pick). One more on a quiet table (yakuhai_pon): the pon of a value
//      honour held as a pair when it does not raise the shanten of a hand short of tenpai:
//      the yaku it secures makes every later chi and pon possible (docs/bots.md, fourteenth
//      round: -0.031 +- 0.015 average rank over eight paired arena screens).
//   6. The utility is points, except in All-Last (the last hand of the game as scheduled), where
//      it is points plus kRankStep per place gained (placement_utility): a win that does not lift
//      the seat is worth its points only, a deal-in that drops it costs a place more.
//
// Deterministic: the bot draws no random number (the seed is kept for the registry's signature).
// decide() gives the same choice with its one-line reason (the option's reason from eval), for
// the review and the web helper.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "bots/bot.hpp"
#include "bots/bot_view.hpp"
#include "bots/efficiency_bot.hpp"
#include "eval/options.hpp"
#include "riichi/rules.hpp"

namespace riichi::bots {

class StrongBot final : public Bot {
 public:
  // Points a place is worth in All-Last (about a mangan's worth for a non-dealer).
  static constexpr double kRankStep = 8000;

  struct Decision {
    Action action;
    std::string reason;  // one line; empty when decide() was asked for no reason
  };

  explicit StrongBot(std::uint64_t seed, const Rules& rules = Rules::ema2016());

  std::string name() const override { return "strong"; }
  Action choose(const Observation& observation, std::span<const Action> legal) override;

  // The action choose() takes, with its one-line reason when `reasons` is set (slower: the
  // reasons of every option are written, and a forced action is still valued).
  Decision decide(const Observation& observation, std::span<const Action> legal, bool reasons);

  // Whether `obs` is the scheduled last hand of the game (All-Last, オーラス): the last round
  // wind of the game's length (South, East when east_only, or any later extension round) with
  // the last seat dealing.
  static bool is_all_last(const Observation& obs, const Rules& rules);
  // The All-Last utility: the outcome's points plus kRankStep per place above 4th, the places
  // from obs.scores moved by the outcome (a win paid by the others evenly, a deal-in by the
  // seat that most likely won, other outcomes spread over the others).
  static double placement_utility(const Observation& obs, const eval::Outcome& outcome);
  // The same at a table of `players` (3: the empty seat 3 takes no place, 3rd is last).
  static double placement_utility(const Observation& obs, const eval::Outcome& outcome,
                                  int players);
  // Rule 5: the index of the option to play in a claim window under a threat.
  static int call_pick(const eval::OptionsReport& report);
  // Rule 4b: on its own turn under a threat, the index of the option to play when `pick` is
  // best by value: a dama discard that keeps a pushed tenpai becomes riichi on the same tile
  // (when legal and the wait has tiles left); any other pick stays.
  static int riichi_pick(const eval::OptionsReport& report, int pick);
  // Rule 4c: on its own turn under a threat, when `pick` is a discard with the plan "push", the
  // index of `efficiency_move` (the efficiency bot's move in the position) if that option is
  // faster (a lower shanten, or the same with more effective tiles) and its deal-in chance now
  // is at most kPushTolerance above the pick's (a dama discard then goes through riichi_pick);
  // any other pick stays. Measured two against two with defensive, Tenhou rules, paired with
  // the version without it on the same walls, 2,000 hanchan each (docs/bots.md, fifth round):
  // -0.049 +- 0.043 (seed 7), -0.059 +- 0.051 (seed 9).
  static int efficiency_pick(const eval::OptionsReport& report, int pick,
                             const Action& efficiency_move);
  static constexpr double kPushTolerance = 0.01;
  // Rule 4: fold only when folding is worth this many points (utility) more than pushing.
  // Screened two against two with defensive, Tenhou rules, 600 hanchan per value (docs/bots.md,
  // paired strong - defensive, +-0.10): 2500: -0.06, 4000: -0.10, 6000 and 10000: -0.11.
  static constexpr double kFoldMargin = 6000;
  // Rule 5, quiet table: the pon of a value honour (a dragon, the seat or round wind) held as a
  // pair, when the hand is 1-shanten or worse and the call does not raise its shanten (the
  // efficiency bot takes the pon only when it lowers it); null when there is none in `legal`.
  const Action* yakuhai_pon(const HandView& v, std::span<const Action> legal) const;

 private:
  Rules rules_;
  std::uint64_t seed_;
  EfficiencyBot efficiency_;  // rules 3 and 5
};

}  // namespace riichi::bots
