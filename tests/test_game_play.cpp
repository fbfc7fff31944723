// Whole games played by simple random-legal bots: termination for every preset, conservation of
// points + sticks, determinism, clone, refusal after the end (RULES.md §5).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <string>

#include "riichi/game.hpp"
#include "riichi/wall.hpp"

namespace riichi {
namespace {

// A deterministic random bot: wins whenever it can half of the time, else a uniform choice.
Action pick(const std::vector<Action>& actions, Xoshiro256& rng) {
  if (rng.bounded(2) == 0)
    for (const Action& a : actions)
      if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return a;
  return actions[rng.bounded(actions.size())];
}

int total(const std::array<int, 4>& scores) {
  return std::accumulate(scores.begin(), scores.end(), 0);
}

constexpr int kMaxActions = 200000;  // a game of random bots is far shorter

// Plays to the end (or kMaxActions); returns the number of actions applied.
int play_out(Game& game, Xoshiro256& rng) {
  int n = 0;
  while (!game.is_over() && n < kMaxActions) {
    const int seat = game.to_play();
    const std::vector<Action>& acts = game.legal_actions(seat);
    EXPECT_FALSE(acts.empty()) << "seat " << seat << " must act but has no legal action";
    if (acts.empty()) break;
    const ApplyResult r = game.apply(pick(acts, rng));
    EXPECT_TRUE(r.ok) << r.reason;
    if (!r.ok) break;
    ++n;
  }
  return n;
}

class GamePlayPreset : public ::testing::TestWithParam<const char*> {
 protected:
  Rules rules = Rules::parse(GetParam());
};

INSTANTIATE_TEST_SUITE_P(Game, GamePlayPreset,
                         ::testing::Values("ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague",
                                           "wrc"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

// Every game ends by a rule of §5.4; points + sticks are constant after every hand; replaying
// the results through next_state gives the same final state; final scores sum to 0.
TEST_P(GamePlayPreset, RandomGamesTerminateAndConserve) {
  const int points = 4 * rules.starting_points;
  std::set<GameEnd> ends;
  int hands = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Game game(rules, seed);
    Xoshiro256 rng(seed * 7919);
    play_out(game, rng);
    ASSERT_TRUE(game.is_over()) << "seed " << seed;
    ends.insert(game.state().end);
    ASSERT_EQ(game.results().size(), game.setups().size());
    GameState s = initial_state(rules);
    for (std::size_t i = 0; i < game.results().size(); ++i) {
      const RoundSetup& setup = game.setups()[i];
      EXPECT_EQ(setup.scores, s.scores);
      EXPECT_EQ(setup.honba, s.honba);
      EXPECT_EQ(setup.dealer, s.dealer);
      EXPECT_EQ(setup.riichi_sticks, s.riichi_sticks);
      EXPECT_EQ(setup.wall_seed, hand_seed(seed, static_cast<int>(i)));
      s = next_state(s, game.results()[i], rules);
      EXPECT_EQ(total(s.scores) + 1000 * s.riichi_sticks, points)
          << "seed " << seed << " after hand " << i;
    }
    EXPECT_EQ(s.scores, game.state().scores);
    EXPECT_EQ(s.end, game.state().end);
    hands += game.state().hands_played;
    const FinalResult f = game.final_result();
    EXPECT_EQ(total(f.points), points);
    EXPECT_EQ(total(f.final_scores), -total(f.penalties));
    if (!rules.bankruptcy) {
      EXPECT_GE(game.state().hands_played, rules.east_only ? 4 : 8);
    }
  }
  EXPECT_GT(hands, 200 * 4);
  for (GameEnd e : ends) {
    if (rules.bankruptcy || rules.west_sudden_death || rules.agari_yame) continue;
    EXPECT_EQ(e, GameEnd::kLastHand);
  }
}

// The reason the game ended matches the last hand played (§5.4).
TEST_P(GamePlayPreset, EndReasonMatchesLastHand) {
  const int last = rules.east_only ? 0 : 1;
  for (std::uint64_t seed = 200; seed < 400; ++seed) {
    Game game(rules, seed);
    Xoshiro256 rng(seed);
    play_out(game, rng);
    ASSERT_TRUE(game.is_over());
    const RoundSetup& final_hand = game.setups().back();
    const GameState& s = game.state();
    const bool someone_30k = std::any_of(s.scores.begin(), s.scores.end(),
                                         [&](int p) { return p >= rules.target_points; });
    switch (s.end) {
      case GameEnd::kLastHand:  // South 4 ended without repeat
        EXPECT_EQ(final_hand.round_wind, last);
        EXPECT_EQ(final_hand.hand_number, 3);
        EXPECT_TRUE(!rules.west_sudden_death || someone_30k);
        break;
      case GameEnd::kAgariYame:  // all-last, or any sudden-death hand (Tenhou, 2010 note)
        EXPECT_TRUE(rules.agari_yame);
        EXPECT_TRUE(final_hand.hand_number == 3 ||
                    (rules.west_sudden_death && final_hand.round_wind > last));
        EXPECT_EQ(ranks(s.scores, rules.split_ties)[final_hand.dealer], 1);
        break;
      case GameEnd::kBankruptcy:
        EXPECT_TRUE(rules.bankruptcy);
        EXPECT_LT(*std::min_element(s.scores.begin(), s.scores.end()), 0);
        break;
      case GameEnd::kSuddenDeath:
        EXPECT_TRUE(rules.west_sudden_death);
        EXPECT_EQ(final_hand.round_wind, last + 1);
        EXPECT_TRUE(someone_30k);
        break;
      case GameEnd::kWestLimit:
        EXPECT_TRUE(rules.west_sudden_death);
        EXPECT_EQ(final_hand.round_wind, last + 1);
        EXPECT_EQ(final_hand.hand_number, 3);
        EXPECT_FALSE(someone_30k);
        break;
      case GameEnd::kNotOver:
        ADD_FAILURE() << "finished without a reason";
    }
    // Every hand before the last is a regular hand or a sudden-death hand, in order.
    for (std::size_t i = 1; i < game.setups().size(); ++i) {
      const RoundSetup& a = game.setups()[i - 1];
      const RoundSetup& b = game.setups()[i];
      EXPECT_LE(a.round_wind * 4 + a.hand_number, b.round_wind * 4 + b.hand_number);
      EXPECT_EQ(b.dealer, b.hand_number);  // seat 0 is the initial East
      EXPECT_LE(b.round_wind, last + (rules.west_sudden_death ? 1 : 0));
    }
    EXPECT_EQ(game.observation(1).hand_name,
              hand_name(final_hand.round_wind, final_hand.hand_number));
  }
}

TEST_P(GamePlayPreset, EastOnlyTerminates) {
  rules.east_only = true;
  for (std::uint64_t seed = 100; seed < 110; ++seed) {
    Game game(rules, seed);
    Xoshiro256 rng(seed);
    play_out(game, rng);
    ASSERT_TRUE(game.is_over());
    for (const RoundSetup& setup : game.setups())
      EXPECT_LE(setup.round_wind, rules.west_sudden_death ? 1 : 0);
  }
}

// Same rules, seed and bot: the same game, hand by hand.
TEST_P(GamePlayPreset, Deterministic) {
  Game a(rules, 12345), b(rules, 12345);
  Xoshiro256 ra(99), rb(99);
  play_out(a, ra);
  play_out(b, rb);
  ASSERT_EQ(a.results().size(), b.results().size());
  for (std::size_t i = 0; i < a.results().size(); ++i)
    EXPECT_EQ(a.results()[i].deltas, b.results()[i].deltas);
  EXPECT_EQ(a.state().scores, b.state().scores);
}

// clone() continues independently and identically.
TEST_P(GamePlayPreset, CloneContinuesIdentically) {
  Game game(rules, 777);
  Xoshiro256 rng(5);
  for (int i = 0; i < 300 && !game.is_over(); ++i)
    game.apply(pick(game.legal_actions(game.to_play()), rng));
  Game copy = game.clone();
  Xoshiro256 rng_copy = rng;
  play_out(game, rng);
  play_out(copy, rng_copy);
  EXPECT_EQ(game.state().scores, copy.state().scores);
  EXPECT_EQ(game.results().size(), copy.results().size());
}

TEST_P(GamePlayPreset, RefusesAfterTheEnd) {
  Game game(rules, 3);
  Xoshiro256 rng(3);
  play_out(game, rng);
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.to_play(), -1);
  EXPECT_TRUE(game.legal_actions(0).empty());
  Action discard;
  discard.type = ActionType::kDiscard;
  discard.seat = 0;
  discard.tile = 0;
  const ApplyResult r = game.apply(discard);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.reason.find("game is over"), std::string::npos) << r.reason;
  EXPECT_TRUE(game.observation(0).game_over);
}

TEST(GamePlay, FirstHandObservation) {
  const Rules rules = Rules::tenhou();
  Game game(rules, 42);
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(game.to_play(), 0);  // the initial East plays first
  const GameObservation o = game.observation(0);
  EXPECT_EQ(o.hand_name, "East 1");
  EXPECT_EQ(o.game_scores, (std::array<int, 4>{25000, 25000, 25000, 25000}));
  EXPECT_EQ(o.hands_played, 0);
  EXPECT_FALSE(o.game_over);
  EXPECT_EQ(o.hand.seat, 0);
  EXPECT_GE(o.hand.concealed.size(), 13u);
  EXPECT_EQ(game.observation(2).hand.seat, 2);
  ASSERT_EQ(game.setups().size(), 1u);
  EXPECT_EQ(game.setups()[0].wall_seed, hand_seed(42, 0));
}

// An action that is not legal is refused and changes nothing.
TEST(GamePlay, IllegalActionRefused) {
  Game game(Rules::ema2016(), 8);
  Action ron;
  ron.type = ActionType::kRon;
  ron.seat = 2;
  ron.tile = 5;
  const ApplyResult r = game.apply(ron);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.reason.empty());
  EXPECT_EQ(game.to_play(), 0);
  EXPECT_TRUE(game.results().empty());
}

}  // namespace
}  // namespace riichi
