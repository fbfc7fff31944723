// The game around the hands: renchan, honba, round wind, end of game, final table.
// Expected values come from RULES.md §4.3-§4.5, §5, §8.4, §9, §10 and §11 only.
#include <gtest/gtest.h>

#include <initializer_list>

#include "riichi/game.hpp"

namespace riichi {
namespace {

using Scores = std::array<int, 4>;

RoundResult win_by(std::initializer_list<int> winners, int from = -1) {
  RoundResult r;
  r.end = RoundEnd::kWin;
  for (int w : winners) {
    WinRecord rec;
    rec.winner = w;
    rec.from = from;
    r.wins.push_back(rec);
  }
  return r;
}

RoundResult exhaustive_draw(std::initializer_list<int> tenpai) {
  RoundResult r;
  r.end = RoundEnd::kExhaustiveDraw;
  for (int s : tenpai) r.tenpai[s] = true;
  return r;
}

RoundResult nagashi(RoundEnd end, std::initializer_list<int> players) {
  RoundResult r;
  r.end = end;
  for (int s : players) r.nagashi[s] = true;
  return r;
}

RoundResult abortive(AbortiveDraw kind) {
  RoundResult r;
  r.end = RoundEnd::kAbortiveDraw;
  r.abortive = kind;
  return r;
}

// A state in hand (wind, number) with `honba` counters; the dealer is seat `number`.
GameState at(const Rules& rules, int wind, int number, int honba = 0) {
  GameState s = initial_state(rules);
  s.round_wind = wind;
  s.hand_number = number;
  s.dealer = number;
  s.honba = honba;
  return s;
}

void expect_hand(const GameState& s, int wind, int number, int dealer, int honba) {
  EXPECT_EQ(s.round_wind, wind);
  EXPECT_EQ(s.hand_number, number);
  EXPECT_EQ(s.dealer, dealer);
  EXPECT_EQ(s.honba, honba);
}

class GameFlowPreset : public ::testing::TestWithParam<const char*> {
 protected:
  Rules rules = Rules::parse(GetParam());
};

INSTANTIATE_TEST_SUITE_P(Game, GameFlowPreset,
                         ::testing::Values("ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague",
                                           "wrc"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

// §5.3 "East wins (alone or among multiple ron winners)": East stays, h+1.
TEST_P(GameFlowPreset, DealerWinRepeatsWithCounter) {
  const GameState s = at(rules, 0, 1, 2);  // East 2, seat 1 deals, 2 counters
  expect_hand(next_state(s, win_by({1}), rules), 0, 1, 1, 3);
  expect_hand(next_state(s, win_by({1, 2}, 0), rules), 0, 1, 1, 3);  // double ron incl. East
  expect_hand(next_state(s, win_by({3, 1}, 2), rules), 0, 1, 1, 3);
}

// §5.3 "Only non-East winners": rotate, h = 0 (§5.1 reset).
TEST_P(GameFlowPreset, NonDealerWinRotatesAndResets) {
  const GameState s = at(rules, 0, 1, 2);
  expect_hand(next_state(s, win_by({2}), rules), 0, 2, 2, 0);
  expect_hand(next_state(s, win_by({0, 3}, 2), rules), 0, 2, 2, 0);
}

// §5.3 exhaustive draw: East tenpai stays h+1; East noten rotates, h+1 always (§5.1).
TEST_P(GameFlowPreset, ExhaustiveDrawDealerTenpaiOrNoten) {
  const GameState s = at(rules, 0, 2, 1);
  expect_hand(next_state(s, exhaustive_draw({2}), rules), 0, 2, 2, 2);
  expect_hand(next_state(s, exhaustive_draw({0, 1, 2, 3}), rules), 0, 2, 2, 2);
  expect_hand(next_state(s, exhaustive_draw({}), rules), 0, 3, 3, 2);
  expect_hand(next_state(s, exhaustive_draw({0, 1}), rules), 0, 3, 3, 2);
}

// RoundResult::dealer_tenpai alone is enough.
TEST_P(GameFlowPreset, DealerTenpaiFlag) {
  RoundResult r = exhaustive_draw({});
  r.dealer_tenpai = true;
  expect_hand(next_state(at(rules, 0, 0), r, rules), 0, 0, 0, 1);
}

// §8.4 "Exhaustive draw, only E tenpai, h=0": E +3000, others -1000; next hand E again, h=1.
TEST_P(GameFlowPreset, OnlyEastTenpaiVector) {
  RoundResult r = exhaustive_draw({0});
  r.deltas = {3000, -1000, -1000, -1000};
  const GameState next = next_state(initial_state(rules), r, rules);
  const int start = rules.starting_points;
  EXPECT_EQ(next.scores, (Scores{start + 3000, start - 1000, start - 1000, start - 1000}));
  expect_hand(next, 0, 0, 0, 1);
  EXPECT_EQ(hand_name(next), "East 1");
  EXPECT_FALSE(next.finished);
  EXPECT_EQ(next.hands_played, 1);
}

// §5.2: sticks follow the hand's result; the deltas carry every stake and payment.
TEST_P(GameFlowPreset, DeltasAndSticksApplied) {
  GameState s = at(rules, 0, 0);
  s.riichi_sticks = 2;
  RoundResult draw = exhaustive_draw({1});
  draw.deltas = {-1000, 3000 - 1000, -1000, -1000};  // S riichi (stake) and only tenpai
  draw.riichi_sticks_after = 3;
  GameState n = next_state(s, draw, rules);
  EXPECT_EQ(n.riichi_sticks, 3);
  const int p = rules.starting_points;
  EXPECT_EQ(n.scores, (Scores{p - 1000, p + 2000, p - 1000, p - 1000}));
  RoundResult win = win_by({2}, 0);
  win.deltas = {-3900, 0, 3900 + 3000, 0};  // collects the 3 sticks
  win.riichi_sticks_after = 0;
  n = next_state(n, win, rules);
  EXPECT_EQ(n.riichi_sticks, 0);
  EXPECT_EQ(n.scores[0] + n.scores[1] + n.scores[2] + n.scores[3] + 1000 * n.riichi_sticks,
            4 * p + 2000);  // the 2 sticks that were on the table before
}

// §5.3 chombo: replay the same hand, same East, same h; §5.1 counters unchanged; the hand does
// not count. The wall seed index moves on (a new deal).
TEST_P(GameFlowPreset, ChomboReplaysSameHand) {
  GameState s = at(rules, 1, 2, 3);
  s.riichi_sticks = 1;
  RoundResult r;
  r.end = RoundEnd::kChombo;
  r.chombo_seat = 1;
  r.riichi_sticks_after = 1;
  const GameState n = next_state(s, r, rules);
  expect_hand(n, 1, 2, 2, 3);
  EXPECT_EQ(n.riichi_sticks, 1);
  EXPECT_EQ(n.hands_played, s.hands_played);
  EXPECT_EQ(n.hands_dealt, s.hands_dealt + 1);
  EXPECT_EQ(n.chombo, (Scores{0, 1, 0, 0}));
  EXPECT_NE(round_setup(n, 7).wall_seed, round_setup(s, 7).wall_seed);
}

// §2.1: after the 4th dealer the round wind advances and the initial East deals again.
TEST_P(GameFlowPreset, RoundWindAdvances) {
  const GameState n = next_state(at(rules, 0, 3, 4), win_by({1}), rules);
  expect_hand(n, 1, 0, 0, 0);
  EXPECT_EQ(hand_name(n), "South 1");
  EXPECT_FALSE(n.finished);
}

// §5.4 normal end: South 4 ends without dealer repeat (someone has >= 30000).
TEST_P(GameFlowPreset, SouthFourEndsWithoutRepeat) {
  GameState s = at(rules, 1, 3);
  s.scores = {40000, 30000, 20000, 10000};
  GameState n = next_state(s, win_by({0}), rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kLastHand);
  n = next_state(s, exhaustive_draw({0, 1}), rules);  // dealer (seat 3) noten
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kLastHand);
  EXPECT_EQ(n.honba, 1);
}

TEST_P(GameFlowPreset, HandsBeforeTheLastDoNotEnd) {
  for (int wind = 0; wind < 2; ++wind)
    for (int number = 0; number < 4; ++number) {
      if (wind == 1 && number == 3) continue;
      EXPECT_FALSE(next_state(at(rules, wind, number), win_by({(number + 1) % 4}), rules).finished)
          << hand_name(wind, number);
    }
}

// §5.4 / OQ-21: with east_only the game ends after East 4.
TEST_P(GameFlowPreset, EastOnly) {
  rules.east_only = true;
  GameState s = at(rules, 0, 3);
  s.scores = {40000, 30000, 20000, 10000};
  const GameState n = next_state(s, win_by({2}), rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kLastHand);
  EXPECT_FALSE(next_state(at(rules, 0, 2), win_by({2}), rules).finished);
}

TEST(GameFlow, InitialStates) {
  for (const char* p : {"ema2016", "ema2008"}) {
    const GameState s = initial_state(Rules::parse(p));
    EXPECT_EQ(s.scores, (Scores{30000, 30000, 30000, 30000})) << p;  // §5.4, OQ-1
    expect_hand(s, 0, 0, 0, 0);
    EXPECT_EQ(s.riichi_sticks, 0);
    EXPECT_FALSE(s.finished);
  }
  EXPECT_EQ(initial_state(Rules::tenhou()).scores, (Scores{25000, 25000, 25000, 25000}));
  EXPECT_EQ(hand_name(initial_state(Rules::tenhou())), "East 1");
}

TEST(GameFlow, HandNames) {
  EXPECT_EQ(hand_name(0, 0), "East 1");
  EXPECT_EQ(hand_name(0, 3), "East 4");
  EXPECT_EQ(hand_name(1, 0), "South 1");
  EXPECT_EQ(hand_name(1, 3), "South 4");
  EXPECT_EQ(hand_name(2, 1), "West 2");
}

// §4.3 / §5.3 EMA 2008 nagashi mangan counts as a win: East nagashi winner stays h+1; only
// non-East nagashi winners: rotate, h reset (OQ-13). Accepted as kWin or kExhaustiveDraw.
TEST(GameFlow, Ema2008NagashiIsAWin) {
  const Rules rules = Rules::ema2008();
  const GameState s = at(rules, 0, 1, 2);
  for (RoundEnd end : {RoundEnd::kWin, RoundEnd::kExhaustiveDraw}) {
    expect_hand(next_state(s, nagashi(end, {1}), rules), 0, 1, 1, 3);
    expect_hand(next_state(s, nagashi(end, {1, 3}), rules), 0, 1, 1, 3);
    RoundResult other = nagashi(end, {3});
    other.tenpai[1] = true;  // tenpai does not matter: it is a win (noten payments void)
    expect_hand(next_state(s, other, rules), 0, 2, 2, 0);
  }
}

// §4.3 / §5.3 Tenhou nagashi is a draw settlement: East stays iff tenpai, h+1.
TEST(GameFlow, TenhouNagashiIsADraw) {
  const Rules rules = Rules::tenhou();
  const GameState s = at(rules, 0, 1, 2);
  RoundResult east_nagashi = nagashi(RoundEnd::kExhaustiveDraw, {1});
  expect_hand(next_state(s, east_nagashi, rules), 0, 2, 2, 3);  // East noten: rotates
  east_nagashi.tenpai[1] = true;
  expect_hand(next_state(s, east_nagashi, rules), 0, 1, 1, 3);
  RoundResult other = nagashi(RoundEnd::kExhaustiveDraw, {3});
  other.tenpai[1] = true;
  expect_hand(next_state(s, other, rules), 0, 1, 1, 3);
}

// §4.4 / §5.3: abortive draws add a counter and the dealer stays (EMA 2008 OQ-4, Tenhou).
TEST(GameFlow, AbortiveDrawDealerStays) {
  for (const char* p : {"ema2008", "tenhou"}) {
    const Rules rules = Rules::parse(p);
    for (AbortiveDraw a : {AbortiveDraw::kKyuushuKyuuhai, AbortiveDraw::kSuufonRenda,
                           AbortiveDraw::kSuukaikan, AbortiveDraw::kSuuchaRiichi}) {
      expect_hand(next_state(at(rules, 0, 2, 1), abortive(a), rules), 0, 2, 2, 2);
    }
  }
  const Rules tenhou = Rules::tenhou();
  expect_hand(next_state(at(tenhou, 1, 0), abortive(AbortiveDraw::kSanchahou), tenhou), 1, 0, 0, 1);
}

// SA-2 test vector: EMA 2008 suufon renda in East 1, h = 0.
TEST(GameFlow, SA2AbortiveDrawDealer) {
  const Rules stays = Rules::ema2008();
  const GameState a = next_state(initial_state(stays), abortive(AbortiveDraw::kSuufonRenda), stays);
  expect_hand(a, 0, 0, 0, 1);
  EXPECT_EQ(hand_name(a), "East 1");
  const Rules rotates = Rules::parse("ema2008,abortive_draw_dealer_repeats=false");
  const GameState b =
      next_state(initial_state(rotates), abortive(AbortiveDraw::kSuufonRenda), rotates);
  expect_hand(b, 0, 1, 1, 1);  // East 2, old South deals
  EXPECT_EQ(hand_name(b), "East 2");
}

// §8.4 "Chombo EMA 2008 by South": South -8000 (E +4000, W +2000, N +2000); replay, h unchanged.
TEST(GameFlow, Ema2008ChomboVector) {
  const Rules rules = Rules::ema2008();
  GameState s = at(rules, 0, 0, 2);
  RoundResult r;
  r.end = RoundEnd::kChombo;
  r.chombo_seat = 1;
  r.deltas = {4000, -8000, 2000, 2000};
  const GameState n = next_state(s, r, rules);
  EXPECT_EQ(n.scores, (Scores{34000, 22000, 32000, 32000}));
  expect_hand(n, 0, 0, 0, 2);
  // Reverse mangan is paid at once: no penalty after uma.
  EXPECT_EQ(final_result(n, rules).penalties, (Scores{0, 0, 0, 0}));
}

// §5.4 EMA: no agari-yame, the East of South 4 keeps repeating.
TEST(GameFlow, EmaDealerRepeatsInSouthFour) {
  for (const char* p : {"ema2016", "ema2008"}) {
    const Rules rules = Rules::parse(p);
    GameState s = at(rules, 1, 3);
    s.scores = {20000, 25000, 30000, 45000};  // the dealer (seat 3) is far ahead
    GameState n = next_state(s, win_by({3}), rules);
    EXPECT_FALSE(n.finished) << p;
    expect_hand(n, 1, 3, 3, 1);
    n = next_state(n, exhaustive_draw({3}), rules);
    EXPECT_FALSE(n.finished) << p;
    expect_hand(n, 1, 3, 3, 2);
    n = next_state(n, win_by({0}), rules);
    EXPECT_TRUE(n.finished);
    EXPECT_EQ(n.end, GameEnd::kLastHand);
  }
}

// §5.4 Tenhou agari-yame: all-last dealer wins or is tenpai and is 1st after it.
TEST(GameFlow, TenhouAgariYame) {
  const Rules rules = Rules::tenhou();
  GameState s = at(rules, 1, 3);
  s.scores = {20000, 25000, 20000, 35000};
  GameState n = next_state(s, win_by({3}), rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kAgariYame);
  // Tenpai at an exhaustive draw: Tenhou plays on (no tenpai-yame, as in its real logs); the
  // RULES.md §5.4 reading is the option tenpai_yame.
  n = next_state(s, exhaustive_draw({3}), rules);
  EXPECT_FALSE(n.finished);
  expect_hand(n, 1, 3, 3, 1);
  const Rules tenpai_yame = Rules::parse("tenhou,tenpai_yame=true");
  n = next_state(s, exhaustive_draw({3}), tenpai_yame);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kAgariYame);
  // Not 1st: the dealer repeats.
  s.scores = {40000, 25000, 5000, 30000};
  n = next_state(s, win_by({3}), rules);
  EXPECT_FALSE(n.finished);
  expect_hand(n, 1, 3, 3, 1);
  // Tied for 1st: seat order puts the initial East first (§5.5), so the dealer is 2nd.
  s.scores = {35000, 25000, 5000, 35000};
  EXPECT_FALSE(next_state(s, win_by({3}), rules).finished);
  // An abortive draw is neither a win nor tenpai.
  s.scores = {20000, 25000, 20000, 35000};
  EXPECT_FALSE(next_state(s, abortive(AbortiveDraw::kSuufonRenda), rules).finished);
  // Only in the all-last hand.
  GameState s3 = at(rules, 1, 2);
  s3.scores = {20000, 25000, 35000, 20000};
  EXPECT_FALSE(next_state(s3, win_by({2}), rules).finished);
}

// agari_yame is a Rules field: off in Tenhou rules, the dealer repeats.
TEST(GameFlow, AgariYameOverride) {
  const Rules rules = Rules::parse("tenhou,agari_yame=false");
  GameState s = at(rules, 1, 3);
  s.scores = {20000, 25000, 20000, 35000};
  EXPECT_FALSE(next_state(s, win_by({3}), rules).finished);
}

// §5.4 Tenhou tobi: a score below 0 ends the game at once; exactly 0 continues (OQ-15).
TEST(GameFlow, TenhouBankruptcy) {
  const Rules rules = Rules::tenhou();
  RoundResult r = win_by({0}, 1);
  r.deltas = {25100, -25100, 0, 0};
  GameState n = next_state(initial_state(rules), r, rules);
  EXPECT_EQ(n.scores[1], -100);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kBankruptcy);
  r.deltas = {25000, -25000, 0, 0};
  n = next_state(initial_state(rules), r, rules);
  EXPECT_EQ(n.scores[1], 0);
  EXPECT_FALSE(n.finished);
  // EMA: negative scores continue (§5.4).
  const Rules ema = Rules::ema2016();
  r.deltas = {30100, -30100, 0, 0};
  n = next_state(initial_state(ema), r, ema);
  EXPECT_EQ(n.scores[1], -100);
  EXPECT_FALSE(n.finished);
}

// §5.4 Tenhou West-round sudden death.
TEST(GameFlow, TenhouWestSuddenDeath) {
  const Rules rules = Rules::tenhou();
  GameState s = at(rules, 1, 3);
  s.scores = {29000, 28000, 27000, 13000};
  s.riichi_sticks = 3;  // deposits are not counted
  // South 4 ends with nobody >= 30000: West 1.
  GameState n = next_state(s, exhaustive_draw({0}), rules);
  EXPECT_FALSE(n.finished);
  expect_hand(n, 2, 0, 0, 1);
  EXPECT_EQ(hand_name(n), "West 1");
  // West 1 ends, still nobody: West 2.
  RoundResult small = win_by({1}, 3);
  small.deltas = {0, 1000, 0, -1000};
  n = next_state(n, small, rules);
  EXPECT_FALSE(n.finished);
  expect_hand(n, 2, 1, 1, 0);
  // A dealer repeat with nobody >= 30000 also continues.
  RoundResult dealer = win_by({1}, 3);
  dealer.deltas = {0, 500, 0, -500};
  n = next_state(n, dealer, rules);
  EXPECT_FALSE(n.finished);
  expect_hand(n, 2, 1, 1, 1);
  // A hand ends with someone >= 30000: the game ends.
  RoundResult big = win_by({2}, 3);
  big.deltas = {0, 0, 3000, -3000};
  n = next_state(n, big, rules);
  EXPECT_EQ(n.scores[2], 30000);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kSuddenDeath);
}

TEST(GameFlow, TenhouWestStopsAtWestFour) {
  const Rules rules = Rules::tenhou();
  GameState s = at(rules, 2, 3);
  s.scores = {29000, 28000, 27000, 13000};
  s.riichi_sticks = 3;
  const GameState n = next_state(s, exhaustive_draw({}), rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kWestLimit);
  // South 4 ends with someone >= 30000: no West round.
  GameState s4 = at(rules, 1, 3);
  s4.scores = {30000, 28000, 27000, 15000};
  const GameState e = next_state(s4, win_by({1}), rules);
  EXPECT_TRUE(e.finished);
  EXPECT_EQ(e.end, GameEnd::kLastHand);
}

// With sudden death, agari-yame waits for someone >= target_points (choice, see game.cpp).
TEST(GameFlow, TenhouAgariYameNeedsReturnPoints) {
  const Rules rules = Rules::tenhou();
  GameState s = at(rules, 1, 3);
  s.scores = {24000, 24000, 24000, 28000};
  EXPECT_FALSE(next_state(s, win_by({3}), rules).finished);
}

// M.League (docs/rules-presets.md): no agari-yame, no West round, no bankruptcy.
TEST(GameFlow, MLeaguePlaysToSouthFour) {
  const Rules rules = Rules::mleague();
  GameState s = at(rules, 1, 3);
  s.scores = {20000, 25000, 20000, 35000};
  GameState n = next_state(s, win_by({3}), rules);
  EXPECT_FALSE(n.finished);  // the all-last dealer 1st plays on
  expect_hand(n, 1, 3, 3, 1);
  s.scores = {29000, 28000, 27000, 16000};  // nobody has 30000: no West round
  n = next_state(s, exhaustive_draw({0}), rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kLastHand);
  RoundResult r = win_by({0}, 1);
  r.deltas = {25100, -25100, 0, 0};
  n = next_state(initial_state(rules), r, rules);
  EXPECT_EQ(n.scores[1], -100);
  EXPECT_FALSE(n.finished);
}

// Mahjong Soul counts the final score from 25000 but its sudden death waits for 30000.
TEST(GameFlow, MahjongSoulTargetPoints) {
  const Rules rules = Rules::mahjongsoul();
  GameState s = at(rules, 1, 3);
  s.scores = {27000, 26000, 25000, 22000};
  GameState n = next_state(s, exhaustive_draw({0}), rules);
  EXPECT_FALSE(n.finished);
  EXPECT_EQ(hand_name(n), "West 1");
  s.scores = {30000, 26000, 25000, 19000};
  n = next_state(s, exhaustive_draw({0}), rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kLastHand);
}

// WRC: a negative score ends the game; no agari-yame.
TEST(GameFlow, WrcBankruptcyNoAgariYame) {
  const Rules rules = Rules::wrc();
  RoundResult r = win_by({0}, 1);
  r.deltas = {30100, -30100, 0, 0};
  GameState n = next_state(initial_state(rules), r, rules);
  EXPECT_TRUE(n.finished);
  EXPECT_EQ(n.end, GameEnd::kBankruptcy);
  GameState s = at(rules, 1, 3);
  s.scores = {25000, 30000, 25000, 40000};
  EXPECT_FALSE(next_state(s, win_by({3}), rules).finished);
}

TEST(GameFlow, RoundSetupCopiesState) {
  const Rules rules = Rules::tenhou();
  GameState s = at(rules, 1, 2, 3);
  s.riichi_sticks = 2;
  s.scores = {1000, 2000, 3000, 4000};
  const RoundSetup setup = round_setup(s, 42);
  EXPECT_EQ(setup.round_wind, 1);
  EXPECT_EQ(setup.hand_number, 2);
  EXPECT_EQ(setup.dealer, 2);
  EXPECT_EQ(setup.honba, 3);
  EXPECT_EQ(setup.riichi_sticks, 2);
  EXPECT_EQ(setup.scores, s.scores);
  EXPECT_EQ(setup.wall_seed, hand_seed(42, 0));
  EXPECT_EQ(hand_seed(42, 0), hand_seed(42, 0));
  EXPECT_NE(hand_seed(42, 0), hand_seed(42, 1));
  EXPECT_NE(hand_seed(42, 0), hand_seed(43, 0));
  EXPECT_NE(hand_seed(0, 1), hand_seed(1, 0));
}

// ---------------------------------------------------------------------------------------------
// Final table (§5.2, §5.5, OQ-12)

FinalResult final_of(const Rules& rules, Scores points, int sticks = 0, Scores chombo = {}) {
  GameState s = initial_state(rules);
  s.scores = points;
  s.riichi_sticks = sticks;
  s.chombo = chombo;
  return final_result(s, rules);
}

TEST(GameFinal, Ema2016Vectors) {
  const Rules rules = Rules::ema2016();
  FinalResult f = final_of(rules, {45000, 32500, 22500, 20000});
  EXPECT_EQ(f.ranks, (Scores{1, 2, 3, 4}));
  EXPECT_EQ(f.final_scores, (Scores{30000, 7500, -12500, -25000}));

  f = final_of(rules, {40000, 40000, 20000, 20000});
  EXPECT_EQ(f.ranks, (Scores{1, 1, 3, 3}));
  EXPECT_EQ(f.final_scores, (Scores{20000, 20000, -20000, -20000}));

  f = final_of(rules, {34000, 34000, 34000, 15000}, 3);
  EXPECT_EQ(f.ranks, (Scores{1, 1, 1, 4}));
  EXPECT_EQ(f.points, (Scores{35000, 35000, 35000, 15000}));
  EXPECT_EQ(f.uma, (Scores{5000, 5000, 5000, -15000}));
  EXPECT_EQ(f.final_scores, (Scores{10000, 10000, 10000, -30000}));
}

// §5.5 ties share the sum of the places they occupy, in any seat order.
// M.League rank points +50/+10/-10/-30 (uma 30/10 and oka 20), shared by ties. The first
// vector is a published M.League result: 37000/27300/23800/11900 -> +57.0/+7.3/-16.2/-48.1.
TEST(GameFinal, MLeagueRankPoints) {
  const Rules rules = Rules::mleague();
  FinalResult f = final_of(rules, {37000, 27300, 23800, 11900});
  EXPECT_EQ(f.final_scores, (Scores{57000, 7300, -16200, -48100}));
  f = final_of(rules, {41600, 35800, 12600, 10000});  // 41600 1st +61.6, 35800 2nd +15.8
  EXPECT_EQ(f.final_scores, (Scores{61600, 15800, -27400, -50000}));
  f = final_of(rules, {35000, 35000, 20000, 10000});
  EXPECT_EQ(f.final_scores, (Scores{35000, 35000, -20000, -50000}));
}

// WRC: session score = (points - 30000) / 1000 + uma 15/5/-5/-15, tied players average the uma;
// "40,000 points and best ranked: session score 25".
TEST(GameFinal, WrcSessionScore) {
  const FinalResult f = final_of(Rules::wrc(), {40000, 30000, 30000, 20000});
  EXPECT_EQ(f.final_scores, (Scores{25000, 0, 0, -25000}));
}

// Mahjong Soul: (score - 25000) / 1000 + uma 15/5/-5/-15, ties by seat order.
TEST(GameFinal, MahjongSoulPoints) {
  const Rules rules = Rules::mahjongsoul();
  FinalResult f = final_of(rules, {42300, 31000, 20500, 6200});
  EXPECT_EQ(f.final_scores, (Scores{32300, 11000, -9500, -33800}));
  f = final_of(rules, {30000, 30000, 20000, 20000});
  EXPECT_EQ(f.final_scores, (Scores{20000, 10000, -10000, -20000}));
}

TEST(GameFinal, UmaTieShares) {
  const Rules rules = Rules::ema2016();
  EXPECT_EQ(final_of(rules, {20000, 40000, 20000, 40000}).uma,
            (Scores{-10000, 10000, -10000, 10000}));
  EXPECT_EQ(final_of(rules, {40000, 30000, 30000, 20000}).uma, (Scores{15000, 0, 0, -15000}));
  EXPECT_EQ(final_of(rules, {30000, 30000, 30000, 30000}).uma, (Scores{0, 0, 0, 0}));
  EXPECT_EQ(final_of(rules, {30000, 10000, 50000, 30000}).ranks, (Scores{2, 4, 1, 2}));
}

// OQ-12: 1000 split among three tied firsts in integer points, remainder to the earliest seat.
TEST(GameFinal, StickSplitRemainder) {
  const Rules rules = Rules::ema2016();
  FinalResult f = final_of(rules, {10000, 34000, 34000, 34000}, 1);
  EXPECT_EQ(f.points, (Scores{10000, 34334, 34333, 34333}));
  EXPECT_EQ(f.leftover_sticks, 1);
  // The stick split does not break the tie: uma still shared.
  EXPECT_EQ(f.ranks, (Scores{4, 1, 1, 1}));
  EXPECT_EQ(f.uma, (Scores{-15000, 5000, 5000, 5000}));
  // A single 1st takes every stick.
  f = final_of(rules, {20000, 40000, 15000, 20000}, 5);
  EXPECT_EQ(f.points, (Scores{20000, 45000, 15000, 20000}));
}

// §4.5 / §5.5 EMA 2016 chombo: -20000 per chombo, after uma.
TEST(GameFinal, Ema2016ChomboAfterUma) {
  const Rules rules = Rules::ema2016();
  const FinalResult f = final_of(rules, {45000, 32500, 22500, 20000}, 0, {0, 1, 0, 2});
  EXPECT_EQ(f.ranks, (Scores{1, 2, 3, 4}));  // the penalty does not change places
  EXPECT_EQ(f.penalties, (Scores{0, 20000, 0, 40000}));
  EXPECT_EQ(f.final_scores, (Scores{30000, 7500 - 20000, -12500, -25000 - 40000}));
}

// §5.5 Tenhou: (points - 30000) + uma 20/10/-10/-20 + oka 20000 to 1st, in points.
TEST(GameFinal, TenhouOkaAndUma) {
  const Rules rules = Rules::tenhou();
  const FinalResult f = final_of(rules, {40000, 30000, 20000, 10000});
  EXPECT_EQ(f.ranks, (Scores{1, 2, 3, 4}));
  EXPECT_EQ(f.uma, (Scores{40000, 10000, -10000, -20000}));
  EXPECT_EQ(f.final_scores, (Scores{50000, 10000, -20000, -40000}));
}

// §5.5 Tenhou ties by seat order, initial East first; leftover sticks to that 1st (§5.2).
TEST(GameFinal, TenhouTieBySeatOrder) {
  const Rules rules = Rules::tenhou();
  FinalResult f = final_of(rules, {29000, 35000, 35000, 0}, 1);
  EXPECT_EQ(f.ranks, (Scores{3, 1, 2, 4}));
  EXPECT_EQ(f.points, (Scores{29000, 36000, 35000, 0}));
  EXPECT_EQ(f.final_scores, (Scores{-1000 - 10000, 6000 + 40000, 5000 + 10000, -30000 - 20000}));
  f = final_of(rules, {25000, 25000, 25000, 25000});
  EXPECT_EQ(f.ranks, (Scores{1, 2, 3, 4}));
  EXPECT_EQ(f.final_scores, (Scores{35000, 5000, -15000, -25000}));
}

// OQ-15 Tenhou: points rounded to the nearest 1000 (half away from zero), minus 30000; 1st takes
// the difference. Final points and results ("owari") of real Tenhou logs in
// ../shared/data/tenhou-mjlog, where leftover sticks are already in the points.
TEST(GameFinal, TenhouRoundingAsInRealLogs) {
  const Rules rules = Rules::tenhou();
  EXPECT_EQ(rules.final_rounding, 1000);
  struct Case {
    const char* log;
    Scores points, results;
  };
  const Case cases[] = {
      {"2011020415gm-00a9-0000-e037b629", {51000, 27700, 19500, 1800}, {60, 8, -20, -48}},
      {"2016081523gm-00a9-0000-122c42dc", {10500, 24800, 50600, 14100}, {-39, 5, 60, -26}},
      {"2020061922gm-00a9-0000-6183ff37", {25500, 20700, 32500, 21300}, {6, -29, 42, -19}},
      {"2020071200gm-00a9-0000-2703badd", {25500, 11200, 43800, 19500}, {6, -39, 53, -20}},
      {"dnovikoff-bug3", {26900, 29200, 51400, -7500}, {-13, 9, 62, -58}},
      {"dnovikoff-bug7", {38500, 50100, -8600, 20000}, {19, 60, -59, -20}},
      {"2020052700gm-00a9-0000-75a4695c", {24500, 29300, 30400, 15800}, {-15, 9, 40, -34}},
      {"dnovikoff-bug8", {77800, 2400, 16500, 3300}, {88, -48, -3, -37}},
  };
  for (const Case& c : cases) {
    const FinalResult f = final_of(rules, c.points);
    EXPECT_EQ(f.points, c.points) << c.log;
    for (int i = 0; i < 4; ++i) EXPECT_EQ(f.final_scores[i], 1000 * c.results[i]) << c.log;
  }
  // EMA: exact points (final_rounding = 0).
  EXPECT_EQ(final_of(Rules::ema2016(), {30100, 29900, 30000, 30000}).final_scores,
            (Scores{15100, -15100, 0, 0}));
}

TEST(GameFinal, FinalScoresSumToZero) {
  for (const char* p : {"ema2016", "ema2008", "tenhou"}) {
    const Rules rules = Rules::parse(p);
    // 4 x starting points in total, 2 sticks on the table.
    const int total = 4 * rules.starting_points - 2000;
    const FinalResult f = final_of(rules, {total / 2, total / 4, total / 8, total / 8}, 2);
    EXPECT_EQ(f.final_scores[0] + f.final_scores[1] + f.final_scores[2] + f.final_scores[3], 0)
        << p;
  }
}

}  // namespace
}  // namespace riichi
