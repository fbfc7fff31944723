// GameRecorder's hand logs (riichi/record.hpp): each hand's events, the first event of each of its
// actions, its result and its ura indicators must be what the hand's recorded actions give when
// played again on a fresh Round dealt from the hand's setup (and given wall). That is how
// GameRecorder built them until round 12; it now takes each hand as the game ended it
// (Game::apply hands the ended Round over), so this checks the new way against the old one on
// games of every preset, a game whose first hand ends in a human chombo and a game dealt from
// given walls.
#include <gtest/gtest.h>

#include <random>
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

// Round::restart (the next hand in place, Game::start_hand) must be what its header says:
// *this = Round(rules, setup). A Round that played a hand to its end (calls, riichi, kans, kita
// and the result leave their state) and was restarted is played beside a Round constructed from
// the same setup: at every step of the same random play both offer every seat the same actions,
// log the same events and keep the same scores, sticks and live wall, and they end alike (a win
// is taken when offered).
void expect_same_hand(Round& fresh, Round& reused, std::mt19937_64& rng) {
  const int players = fresh.rules().players;
  for (int step = 0; step < 2000 && !fresh.is_over(); ++step) {
    ASSERT_EQ(fresh.phase(), reused.phase()) << "step " << step;
    ASSERT_EQ(fresh.scores(), reused.scores()) << "step " << step;
    ASSERT_EQ(fresh.riichi_sticks(), reused.riichi_sticks()) << "step " << step;
    ASSERT_EQ(fresh.live_tiles_left(), reused.live_tiles_left()) << "step " << step;
    ASSERT_EQ(fresh.events().size(), reused.events().size()) << "step " << step;
    if (!fresh.events().empty()) {
      ASSERT_EQ(event_fields(fresh.events().back()), event_fields(reused.events().back()));
    }
    int actor = -1;
    for (int s = 0; s < players; ++s) {
      const std::vector<Action> legal = fresh.legal_actions(s);
      ASSERT_EQ(legal, reused.legal_actions(s)) << "step " << step << ", seat " << s;
      if (actor < 0 && !legal.empty()) actor = s;
    }
    ASSERT_GE(actor, 0) << "step " << step << ": nobody to act";
    const std::vector<Action>& legal = fresh.legal_actions(actor);
    // A win is taken when offered (wins and their payments are state to reset), else at random.
    const bool win =
        legal.front().type == ActionType::kTsumo || legal.front().type == ActionType::kRon;
    const Action a =
        win ? legal.front()
            : legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
    ASSERT_TRUE(fresh.apply(a).ok);
    ASSERT_TRUE(reused.apply(a).ok);
  }
  ASSERT_TRUE(fresh.is_over());
  ASSERT_TRUE(reused.is_over());
  EXPECT_EQ(fresh.result().end, reused.result().end);
  EXPECT_EQ(fresh.result().deltas, reused.result().deltas);
  EXPECT_EQ(fresh.result().wins.size(), reused.result().wins.size());
  EXPECT_EQ(fresh.result().riichi_sticks_after, reused.result().riichi_sticks_after);
}

TEST(RoundRestart, IsARoundConstructedFromTheSameSetup) {
  for (const char* preset : {"tenhou", "ema2016", "mleague", "tenhou_sanma"}) {
    const Rules rules = Rules::parse(preset);
    RoundSetup setup = Game(rules, 1).round().setup();
    Round reused(rules, setup);
    std::mt19937_64 rng(7);
    int wins = 0, calls = 0;
    for (std::uint64_t hand = 1; hand <= 40; ++hand) {
      SCOPED_TRACE(std::string(preset) + ", hand " + std::to_string(hand));
      setup.wall_seed = hand * 7919;
      setup.dealer = static_cast<int>(hand % static_cast<std::uint64_t>(rules.players));
      reused.restart(rules, setup);  // from the previous hand's end (the first: a fresh deal)
      Round fresh(rules, setup);
      expect_same_hand(fresh, reused, rng);
      if (HasFatalFailure()) return;
      wins += fresh.result().end == RoundEnd::kWin;
      for (const Event& e : fresh.events()) calls += e.type == EventType::kCall;
    }
    EXPECT_GT(wins, 0) << preset;   // hands that ended with a result to reset
    EXPECT_GT(calls, 0) << preset;  // and melds
  }
}

}  // namespace
}  // namespace riichi
