// A random-legal bot: deterministic for a seed, on any compiler (the portable Xoshiro256 of
// wall.hpp). It always takes a win (tsumo or ron) when one is legal; otherwise it picks an action
// uniformly among the legal ones, except that in a claim window it calls (chi, pon, kan) only
// with probability `call_rate` and otherwise passes, and that kyuushu kyuuhai is declared with
// probability 1/2 when offered.
//
// With `greedy` set it plays a little better (used to reach wins, riichi and kans more often in
// tests): it declares riichi whenever it may, declares a kan with probability 1/2 when it may, and
// otherwise discards uniformly among the tiles that leave the lowest shanten. It then reads its
// hand from the observation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "bots/bot.hpp"
#include "riichi/wall.hpp"

namespace riichi::bots {

class RandomBot final : public Bot {
 public:
  struct Options {
    bool always_win = true;
    double call_rate = 0.25;  // in a claim window: call with this probability, else pass
    bool greedy = false;      // riichi when possible, discards keeping the lowest shanten
  };

  explicit RandomBot(std::uint64_t seed) : RandomBot(seed, Options{}) {}
  RandomBot(std::uint64_t seed, Options options) : rng_(seed), options_(options) {}

  std::string name() const override { return options_.greedy ? "greedy" : "random"; }
  Action choose(const Observation& observation, std::span<const Action> legal) override;
  int choose_index(const Observation& observation, std::span<const Action> legal) override;
  bool wants_observation() const override { return options_.greedy; }
  bool own_view_suffices(const Observation& /*own*/) const override {
    return true;  // the own hand only
  }
  bool discards_by_count() const override { return !options_.greedy; }
  int choose_discard(int count) override;
  bool greedy() const { return options_.greedy; }
  // choose_discard() of a bot that is not greedy, inline: the same draw as pick() on a list of
  // `count` discards (self-play's runs call it without the virtual call, DiscardRuns::random).
  int choose_plain_discard(int count) {
    return count == 1 ? 0 : static_cast<int>(rng_.bounded(static_cast<std::uint64_t>(count)));
  }

  // pick()'s draws on a claim window's list of calls (at least one) and a pass, without a ron
  // (Round::claim_call_count): -1 for the pass, else the position of the call chosen.
  // `calls()` gives the number of calls, asked only when the bot calls.
  template <class Count>
  int choose_claim(Count&& calls) {
    const double u = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53;
    if (u >= options_.call_rate) return -1;
    return static_cast<int>(rng_.bounded(static_cast<std::uint64_t>(calls())));
  }

  // Pure choice from the legal actions, for callers without an observation.
  Action choose(std::span<const Action> legal) { return legal[pick(legal)]; }

 private:
  // The position of the choice in `legal`.
  std::size_t pick(std::span<const Action> legal);
  std::size_t pick_greedy(const Observation& observation, std::span<const Action> legal);

  Xoshiro256 rng_;
  Options options_;
};

// The seed of seat `seat`'s bot in a game played from `game_seed` (portable splitmix64 mix).
std::uint64_t bot_seed(std::uint64_t game_seed, int seat);

}  // namespace riichi::bots
