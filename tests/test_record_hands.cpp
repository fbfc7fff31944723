// GameRecorder's hand logs (riichi/record.hpp): each hand's events, the first event of each of its
// actions, its result and its ura indicators must be what the hand's recorded actions give when
// played again on a fresh Round dealt from the hand's setup (and given wall). That is how
// GameRecorder built them until round 12; it now takes each hand as the game ended it
// (Game::apply hands the ended Round over), so this checks the new way against the old one on
// games of every preset, a game whose first hand ends in a human chombo and a game dealt from
// given walls.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "bot_games.hpp"
#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record.hpp"

namespace riichi {
namespace {

auto event_fields(const Event& e) {
  return std::make_tuple(static_cast<int>(e.type), e.seat, e.tile, e.from, e.index, e.tsumogiri,
                         e.riichi, e.rinshan, static_cast<int>(e.meld), e.meld_ids, e.hand_size,
                         e.hand);
}

struct HandsSeen {
  int hands = 0, ura = 0, events = 0;
};

// Plays every hand of `rec` again from its setup and compares it with the hand's log.
void expect_hands_replay_alike(const GameRecorder& rec, HandsSeen& seen) {
  const Game& game = rec.game();
  const GameRecord record = rec.record();
  for (std::size_t h = 0; h < rec.log().hands.size(); ++h) {
    const HandLog& hand = rec.log().hands[h];
    SCOPED_TRACE("hand " + std::to_string(h) + " (" + hand.name + ")");
    const Wall* wall = game.given_wall(h);
    Round round = wall ? Round(game.rules(), hand.setup, *wall) : Round(game.rules(), hand.setup);
    std::vector<int> firsts;
    for (int i = 0; i < hand.num_actions(); ++i) {
      const auto a = static_cast<std::size_t>(hand.first_action + i);
      firsts.push_back(static_cast<int>(round.events().size()));
      const ApplyResult applied = round.apply(rec.actions()[a], record.mode(a));
      ASSERT_TRUE(applied.ok) << "action " << a << ": " << applied.reason;
    }
    ASSERT_TRUE(round.is_over());
    EXPECT_EQ(firsts, hand.action_events);
    ASSERT_EQ(round.events().size(), hand.events.size());
    for (std::size_t e = 0; e < hand.events.size(); ++e)
      ASSERT_EQ(event_fields(round.events()[e]), event_fields(hand.events[e])) << "event " << e;
    EXPECT_EQ(round.result().end, hand.result.end);
    EXPECT_EQ(round.result().deltas, hand.result.deltas);
    EXPECT_EQ(ura_indicators_seen(round), hand.ura_indicators);
    ++seen.hands;
    seen.ura += !hand.ura_indicators.empty();
    seen.events += static_cast<int>(hand.events.size());
  }
}

// Random bots play `rec` to its end (or `steps` actions).
void play_out(GameRecorder& rec, std::uint64_t seed, int steps = 5000) {
  std::array<bots::RandomBot, 4> players{
      bots::RandomBot(bots::bot_seed(seed, 0)), bots::RandomBot(bots::bot_seed(seed, 1)),
      bots::RandomBot(bots::bot_seed(seed, 2)), bots::RandomBot(bots::bot_seed(seed, 3))};
  for (int i = 0; i < steps && !rec.game().is_over(); ++i) {
    const int seat = rec.game().to_play();
    ASSERT_TRUE(rec.apply(bots::ask(rec.game(), players[static_cast<std::size_t>(seat)], seat)).ok);
  }
}

class RecordHands : public ::testing::TestWithParam<const char*> {};

TEST_P(RecordHands, EachHandIsItsActionsPlayedAgainFromItsSetup) {
  const Rules rules = Rules::parse(GetParam());
  HandsSeen seen;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const GameRecorder rec = testing::greedy_game(rules, seed);
    ASSERT_TRUE(rec.log().finished);
    expect_hands_replay_alike(rec, seen);
  }
  EXPECT_GE(seen.hands, 16);
  EXPECT_GT(seen.ura, 0) << "no hand with ura indicators: the check of them did not bite";
}

INSTANTIATE_TEST_SUITE_P(Presets, RecordHands,
                         ::testing::Values("ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague",
                                           "wrc", "tenhou_sanma", "mahjongsoul_sanma"));

// A human false tsumo in East 1 (a chombo: the hand is replayed, the game goes on), then random
// play to the end: the chombo hand and every hand after it are logged as they were played.
TEST(RecordHandsChombo, AHumanChomboAndTheHandsAfterIt) {
  GameRecorder rec(Rules::ema2008(), 5);
  ASSERT_TRUE(testing::play_first_actions_until_own_turn(rec, 1));
  ASSERT_TRUE(rec.apply(testing::false_tsumo(rec.game(), 1), InputMode::kHuman).ok);
  ASSERT_EQ(rec.log().hands.size(), 1u);
  ASSERT_EQ(rec.log().hands[0].result.end, RoundEnd::kChombo);
  play_out(rec, 5);
  ASSERT_TRUE(rec.log().finished);
  HandsSeen seen;
  expect_hands_replay_alike(rec, seen);
  EXPECT_GE(seen.hands, 5);
}

// A game dealt from given walls (as a Tenhou log is replayed), then from the seed.
TEST(RecordHandsGivenWalls, HandsDealtFromGivenWallsThenFromTheSeed) {
  const Rules rules = Rules::tenhou();
  std::vector<Wall> walls;
  for (std::uint64_t w = 0; w < 3; ++w)
    walls.push_back(Wall::from_seed(1000 + w, wall_shape(rules)));
  GameRecorder rec(Game(rules, 9, walls));
  play_out(rec, 9);
  ASSERT_TRUE(rec.log().finished);
  HandsSeen seen;
  expect_hands_replay_alike(rec, seen);
  EXPECT_GT(seen.hands, 3) << "the game should go on past its given walls";
}

}  // namespace
}  // namespace riichi
