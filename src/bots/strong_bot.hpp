// The strong bot ("strong"): every decision by value, from the evaluation layer
// (eval/options.hpp, docs/eval.md "Options: push or fold"); docs/bots.md gives the reason for
// each rule.
//
//   1. A single legal action is played without evaluation (a riichi hand's tsumogiri, ...).
//   2. A legal tsumo or ron is always taken: a win ends the hand with a payment to this seat,
//      which no other option of the position can exceed in expectation often enough to pay for
//      the cost of the evaluation (and a missed ron makes the hand furiten).
//   3. Otherwise the option with the highest utility of evaluate_options(OptionsSettings::fast()):
//      the discard (hand value, speed, danger against each opponent, noten payments), riichi or
//      dama, chi / pon / kan or pass, push or fold, kyuushu: all compared in one unit.
//   4. Hand building far from tenpai (no threat, every discard 2-shanten or more): the
//      efficiency bot's discard (lowest shanten, most effective tiles; efficiency_bot.hpp). The
//      fast hand-value model approximates such hands and then undervalues speed: by value alone
//      the bot lost to `defensive` by +0.82 average rank (docs/bots.md). At 1-shanten without a
//      threat, the best among the discards of lowest shanten and at least 3/4 of the most
//      effective tiles (hand_building_pick). Against a threat every option competes.
//   5. Calls (chi, pon, daiminkan) only when the best by value and lowering the shanten of the
//      hand: the valuation prices each call alone, so passing (which keeps riichi and the later
//      calls open) is undervalued: without the rule the bot called in 52% of its hands and won
//      less; with it, about 0.2 average rank better against `defensive` (docs/bots.md).
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
  // Rule 4: the index of the option to play in a position without threat.
  static int hand_building_pick(const eval::OptionsReport& report);
  // Rule 4: no discard of the report gets the hand within 1-shanten.
  static bool far_from_tenpai(const eval::OptionsReport& report);
  // Rule 5: the index of the option to play in a claim window.
  static int call_pick(const eval::OptionsReport& report);
  // Rule 4's speed floor: effective tiles >= kSpeedNum / kSpeedDen of the most.
  static constexpr int kSpeedNum = 3, kSpeedDen = 4;

 private:
  Rules rules_;
  std::uint64_t seed_;
  EfficiencyBot efficiency_;  // rule 4
};

}  // namespace riichi::bots
