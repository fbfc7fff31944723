// The defensive bot ("defensive"): the efficiency bot (efficiency_bot.hpp) plus folding.
//
// With no threat on the table it plays exactly like the efficiency bot. A threat is an opponent
// in riichi, or an open hand that looks ready and valuable (safety.hpp). Then, on its own turn,
// it decides to push or fold from its shanten s (the best discard's), the winning tiles left
// when tenpai, and an estimate of its hand value in han (dora, red fives, value-honour pungs,
// +1 for a closed hand, which will riichi):
//
//   against a riichi:
//     s = 0  push when the wait has a tile left (good_wait = 1) or the hand is worth
//            >= push_tenpai_han; otherwise (a dead wait, cheap) push only if a discard keeping
//            tenpai is fairly safe (danger <= safe_enough per threat), else fold;
//     s = 1  push when the hand is worth >= push_one_shanten_han (3 han: e.g. riichi + 2 dora)
//            and at least push_one_shanten_tiles (20) live tiles are left, else fold;
//     s >= 2 fold.
//   against open threats only:
//     s >= fold_open_shanten (2)  fold; otherwise push.
//
// The defaults were tuned against the efficiency bot (two against two, seats swapped on the
// same walls, 1000 hanchan per setting, `RIICHI_DEFENSIVE_OPTIONS=... RIICHI_BOT_GAMES=1000
// riichi_tests --gtest_filter=BotsStrength.TuneDefensive`): pushing every live tenpai was
// better than folding bad waits (average rank edge 0.22 vs 0.16, +- 0.035); the 1-shanten
// thresholds and the open-threat rule mattered little.
//
// Push: the efficiency move, except that among the discards nearly as good (same shanten and at
// least 2/3 of the best ukeire; half of it when tenpai) it takes the safest. Fold: the safest
// discard (lowest weighted danger, safety.hpp), ties broken by the efficiency ranking (lower
// shanten, more tiles); no riichi, no kan. In a claim window it calls only when it would push
// (judged on the 13 tiles it holds), and never wins less: a legal tsumo or ron is always taken.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "bots/bot.hpp"
#include "bots/bot_view.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/safety.hpp"
#include "riichi/rules.hpp"

namespace riichi::bots {

class DefensiveBot final : public Bot {
 public:
  struct Options {
    int good_wait = 1;                // tenpai: winning tiles left for a wait worth pushing
    int push_tenpai_han = 3;          // tenpai: push a dead wait with this much value
    int safe_enough = 4;              // tenpai: a discard this safe (per threat) keeps pushing
    int push_one_shanten_han = 3;     // 1-shanten: push with this much value ...
    int push_one_shanten_tiles = 20;  // ... and this many live tiles left
    int fold_open_shanten = 2;        // open threats only: fold at this shanten or more
  };

  explicit DefensiveBot(std::uint64_t seed, const Rules& rules = Rules::ema2016())
      : DefensiveBot(seed, rules, Options{}) {}
  DefensiveBot(std::uint64_t seed, const Rules& rules, Options options)
      : efficiency_(seed, rules), options_(options) {}

  std::string name() const override { return "defensive"; }
  Action choose(const Observation& observation, std::span<const Action> legal) override;
  // The position of choose()'s action in `legal` (every choice is an element of the list).
  int choose_index(const Observation& observation, std::span<const Action> legal) override;
  // No opponent that may threaten (may_threaten): no threat, and the efficiency bot's choice,
  // which reads the own view only.
  bool own_view_suffices(const Observation& own) const override;

  // The hand value estimate in han (see above).
  static int value_estimate(const HandView& v);

 private:
  // Whether to push with `shanten` (winning tiles `waits` when tenpai) against `safety`;
  // `safest_tenpai_danger` is the lowest per-threat danger among discards keeping tenpai.
  bool push(const HandView& v, const SafetyModel& safety, int shanten, int waits,
            int safest_tenpai_danger, int live_tiles) const;
  // choose()'s action, an element of `legal`.
  const Action& pick(const Observation& obs, std::span<const Action> legal);
  const Action& choose_turn(const Observation& obs, const HandView& v, const SafetyModel& safety,
                            std::span<const Action> legal) const;

  EfficiencyBot efficiency_;
  Options options_;
};

}  // namespace riichi::bots
