// eval::rollout_values (src/eval/rollout.*) with the bots as players (bots::rollout_players).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "bots/random_bot.hpp"
#include "bots/rollout_players.hpp"
#include "bots/strong_bot.hpp"
#include "eval/rollout.hpp"
#include "riichi/game.hpp"

namespace riichi {
namespace {

// The first position of greedy self-play where the seat to play may declare tsumo and is not in
// riichi (no ura indicator can change its value); the Round and the seat.
std::optional<std::pair<Round, int>> tsumo_position(const Rules& rules) {
  for (std::uint64_t g = 1; g < 40; ++g) {
    Game game(rules, g);
    std::array<std::unique_ptr<bots::Bot>, 4> players;
    for (int s = 0; s < 4; ++s)
      players[s] =
          std::make_unique<bots::RandomBot>(g * 4 + s, bots::RandomBot::Options{.greedy = true});
    while (!game.is_over()) {
      const int s = game.to_play();
      const Round& r = game.round();
      const auto& legal = game.legal_actions(s);
      if (r.phase() == Phase::kSelf && !r.in_riichi(s) && legal.front().type == ActionType::kTsumo)
        return std::make_pair(r, s);
      if (!game.apply(players[s]->choose(r.observation(s), legal)).ok) return std::nullopt;
    }
  }
  return std::nullopt;
}

// A tsumo ends the hand with nothing hidden in its value (no riichi, no ura): every rollout
// gives the points the real round gives.
TEST(Rollout, TsumoIsWorthItsPaymentExactly) {
  const auto pos = tsumo_position(Rules::tenhou());
  ASSERT_TRUE(pos.has_value());
  const auto& [real, seat] = *pos;
  const std::vector<Action>& legal = real.legal_actions(seat);
  Round won = real;
  ASSERT_TRUE(won.apply(legal.front()).ok);
  const int paid = won.result().deltas[seat];
  EXPECT_GT(paid, 0);
  const std::vector<Action> candidates = {legal.front(), legal.back()};
  const auto values =
      eval::rollout_values(real, seat, candidates,
                           bots::rollout_players(real.rules(), seat, bots::RolloutMix::kDefensive),
                           {.determinisations = 8, .seed = 3});
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0].action, legal.front());
  EXPECT_DOUBLE_EQ(values[0].mean, paid);
  EXPECT_DOUBLE_EQ(values[0].std_error, 0.0);
  EXPECT_GT(values[1].std_error, 0.0);  // a discard plays on: the hidden tiles matter
}

// Common random numbers, checked for `mix`'s players at the first decision of Tenhou wall 12: a
// candidate listed twice ({legal[0], legal[1], legal[0]}) gets the same value rollout by rollout,
// and the same seed gives the same values. Returns the first run's values.
std::vector<eval::RolloutValue> expect_common_random_numbers(bots::RolloutMix mix,
                                                             int determinisations) {
  const Game game(Rules::tenhou(), 12);
  const Round& real = game.round();
  const int seat = real.to_play();
  const std::vector<Action>& legal = real.legal_actions(seat);
  const std::vector<Action> candidates = {legal[0], legal[1], legal[0]};
  const auto players = bots::rollout_players(real.rules(), seat, mix);
  const eval::RolloutOptions options{.determinisations = determinisations};
  const auto a = eval::rollout_values(real, seat, candidates, players, options);
  const auto b = eval::rollout_values(real, seat, candidates, players, options);
  EXPECT_EQ(a.size(), 3u);
  if (a.size() != 3u) return a;
  EXPECT_DOUBLE_EQ(a[2].mean, a[0].mean);
  EXPECT_DOUBLE_EQ(a[2].diff_std_error, 0.0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_DOUBLE_EQ(a[i].mean, b[i].mean);
    EXPECT_DOUBLE_EQ(a[i].std_error, b[i].std_error);
  }
  return a;
}

TEST(Rollout, SameDeterminisationsForEveryCandidate) {
  const auto values = expect_common_random_numbers(bots::RolloutMix::kEfficiency, 6);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_DOUBLE_EQ(values[0].diff_std_error, 0.0);
}

// The strong mixes (the twelfth round): with the strong bot at every seat a playout is the strong
// bot's own self-play from the position (it draws no random number: any seed gives it), and a
// decision's values depend only on the seed.
TEST(Rollout, AllStrongPlaysOutAsStrongSelfPlay) {
  const Rules rules = Rules::tenhou();
  int unlike_efficiency = 0;  // hands the efficiency bots play out otherwise (the test can tell)
  for (std::uint64_t g = 12; g < 24; ++g) {
    const Game game(rules, g);
    const Round& real = game.round();
    const int seat = real.to_play();
    Round by_players = real;
    auto players = bots::rollout_players(rules, seat, bots::RolloutMix::kAllStrong)(g);
    const int points = eval::play_out(by_players, seat, players);
    Round by_bots = real;
    std::array<std::unique_ptr<bots::Bot>, 4> strong;
    for (int s = 0; s < 4; ++s) strong[s] = std::make_unique<bots::StrongBot>(99 + s, rules);
    while (!by_bots.is_over()) {
      const int s = by_bots.to_play();
      const std::vector<Action> legal = by_bots.legal_actions(s);
      ASSERT_TRUE(by_bots.apply(strong[s]->choose(by_bots.observation(s), legal)).ok);
    }
    EXPECT_EQ(points, by_bots.result().deltas[seat]) << "wall " << g;
    EXPECT_EQ(by_players.events().size(), by_bots.events().size()) << "wall " << g;
    Round by_efficiency = real;
    auto efficiency = bots::rollout_players(rules, seat, bots::RolloutMix::kEfficiency)(g);
    eval::play_out(by_efficiency, seat, efficiency);
    unlike_efficiency += by_efficiency.events().size() != by_bots.events().size();
  }
  EXPECT_GT(unlike_efficiency, 0);
}

TEST(Rollout, StrongMixesDependOnlyOnTheSeed) {
  for (const auto mix : {bots::RolloutMix::kStrong, bots::RolloutMix::kAllStrong})
    expect_common_random_numbers(mix, 4);
}

TEST(Rollout, RefusesAWrongSeatOrAnIllegalCandidate) {
  const Game game(Rules::tenhou(), 12);
  const Round& real = game.round();
  const int seat = real.to_play();
  const auto players = bots::rollout_players(real.rules(), seat, bots::RolloutMix::kEfficiency);
  const std::vector<Action> one = {real.legal_actions(seat).front()};
  EXPECT_THROW(eval::rollout_values(real, (seat + 1) % 4, one, players), std::invalid_argument);
  EXPECT_THROW(eval::rollout_values(real, seat, one, players, {.determinisations = 1}),
               std::invalid_argument);
  Action bad = one.front();  // a discard of a tile the seat does not hold
  const std::vector<std::uint8_t> held = real.concealed_ids(seat);
  bad.type = ActionType::kDiscard;
  bad.tsumogiri = false;
  bad.tile = 0;
  while (std::find(held.begin(), held.end(), bad.tile) != held.end()) ++bad.tile;
  const std::vector<Action> illegal = {bad};
  EXPECT_THROW(eval::rollout_values(real, seat, illegal, players), std::invalid_argument);
}

}  // namespace
}  // namespace riichi
