// Scripted hands (stacked walls): riichi stakes, multiple ron with counters and sticks,
// sanchahou, first go-around wins, pao (RULES.md §3.3, §3.7, §3.9, §4.4, §4.6, §5.1, §5.2, §11).
// Seats: dealer 0 = East, 1 = South, 2 = West, 3 = North. Draw i goes to seat i % 4 (no calls).
#include <gtest/gtest.h>

#include "round_helpers.hpp"

namespace riichi {
namespace {

using namespace riichi::testing;
using AT = ActionType;

// §3.7: the riichi stake is paid only when the declaration tile is not ronned.
TEST(RoundRiichi, StakeRefusedWhenDeclarationTileIsRonned) {
  Round r = stacked_round(
      Rules::ema2016(),
      {"123p456p789p23s55m", "123m456m789m111s7z", "2468m2468p2468s1z", "3579m3579p3579s1z"}, "7z",
      "4z");
  Round passed = r.clone();
  act(r, 0, AT::kRiichi, "7z");
  ASSERT_EQ(r.to_play(), 1);
  act(r, 1, AT::kRon, "7z");
  ASSERT_TRUE(r.is_over());
  const RoundResult& res = r.result();
  ASSERT_EQ(res.wins.size(), 1u);
  EXPECT_EQ(res.wins[0].winner, 1);
  // S has not discarded yet: renhou (EMA 2016 mangan, 8000) beats ittsu 2 han 50 fu (3200).
  EXPECT_TRUE(has_yaku(res.wins[0].score, "renhou"));
  EXPECT_EQ(res.wins[0].score.payments.ron, 8000);
  EXPECT_EQ(res.deltas, (std::array<int, 4>{-8000, 8000, 0, 0}));
  EXPECT_EQ(res.riichi_sticks_after, 0);
  EXPECT_EQ(count_events(r, EventType::kRiichiAccepted), 0);
  // The same declaration passed: the stake is on the table.
  act(passed, 0, AT::kRiichi, "7z");
  act(passed, 1, AT::kPass);
  EXPECT_EQ(passed.scores()[0], 29000);
  EXPECT_EQ(passed.riichi_sticks(), 1);
  EXPECT_TRUE(passed.in_riichi(0));
  EXPECT_EQ(passed.to_play(), 1);  // S passed the ron and draws
}

// The §8.4 additional vector: discarder N, winners E (riichi) and S; h = 1; 2 sticks from
// earlier hands + W's riichi stick (+ E's own).
Round double_ron_round(const Rules& rules) {
  RoundSetup setup = default_setup(0, 1, 2);
  return stacked_round(
      rules,
      {"123p456p789p23s55m", "777z123m456m789s1s", "111m999m111p999p3z", "2468m2468p2468s5z"},
      "1z2z4z1s", "4z", "", "4z", setup);
}

void play_to_double_ron(Round& r) {
  act(r, 0, AT::kRiichi, "1z");  // double riichi (first discard), accepted
  pass_all(r);
  discard(r, 1, "2z");
  pass_all(r);
  act(r, 2, AT::kRiichi, "4z");
  pass_all(r);
  discard(r, 3, "1s");
  ASSERT_EQ(r.pending_mask(), 0b0011u);
  act(r, 0, AT::kRon, "1s");
  act(r, 1, AT::kRon, "1s");
  ASSERT_TRUE(r.is_over());
}

TEST(RoundMultiRon, Ema2016CountersToEveryWinnerSticksAfterDiscarder) {
  Round r = double_ron_round(Rules::ema2016());
  play_to_double_ron(r);
  const RoundResult& res = r.result();
  ASSERT_EQ(res.wins.size(), 2u);
  EXPECT_EQ(res.wins[0].winner, 0);  // closest to the discarder's right first
  EXPECT_EQ(res.wins[1].winner, 1);
  // E: double riichi 2 + ippatsu + pinfu + ittsu 2 = 6 han: dealer haneman 18000 + 300.
  EXPECT_TRUE(has_yaku(res.wins[0].score, "ippatsu"));
  EXPECT_EQ(res.wins[0].score.payments.ron, 18300);
  // S: chun 1 han 40 fu = 1300 + 300.
  EXPECT_EQ(res.wins[1].score.payments.ron, 1600);
  EXPECT_EQ(res.wins[0].score.payments.sticks, 4000);  // own back + 2 earlier + W's
  EXPECT_EQ(res.wins[1].score.payments.sticks, 0);
  EXPECT_EQ(res.deltas, (std::array<int, 4>{-1000 + 18300 + 4000, 1600, -1000, -19900}));
  EXPECT_EQ(res.riichi_sticks_after, 0);
  EXPECT_TRUE(res.dealer_won);
}

TEST(RoundMultiRon, TenhouCountersAndSticksToClosestWinner) {
  Round r = double_ron_round(Rules::tenhou());
  play_to_double_ron(r);
  const RoundResult& res = r.result();
  ASSERT_EQ(res.wins.size(), 2u);
  EXPECT_EQ(res.wins[0].score.payments.ron, 18300);
  EXPECT_EQ(res.wins[1].score.payments.ron, 1300);  // no counters for the second winner
  EXPECT_EQ(res.wins[0].score.payments.sticks, 4000);
  EXPECT_EQ(res.deltas, (std::array<int, 4>{-1000 + 18300 + 4000, 1300, -1000, -19600}));
}

// SA-1: N discards, E and W ron, S declared riichi and does not win (h = 0, no other sticks).
Round sa1_round(Rules rules) {
  Round r = stacked_round(
      rules,
      {"123p456p789p23s55m", "111m999m111p999p3z", "777z123m456m789s1s", "2468m2468p2468s5z"},
      "1z2z4z1s", "4z", "", "4z");
  act(r, 0, AT::kRiichi, "1z");
  pass_all(r);
  act(r, 1, AT::kRiichi, "2z");
  pass_all(r);
  discard(r, 2, "4z");
  pass_all(r);
  discard(r, 3, "1s");
  act(r, 0, AT::kRon, "1s");
  act(r, 2, AT::kRon, "1s");
  return r;
}

TEST(RoundMultiRon, SA1NonWinningRiichiStick) {
  Rules rules = Rules::ema2016();
  Round a = sa1_round(rules);
  ASSERT_TRUE(a.is_over());
  EXPECT_EQ(a.result().wins[0].score.payments.sticks, 2000);  // own + S's (after discarder)
  EXPECT_EQ(a.result().wins[1].score.payments.sticks, 0);
  rules.multi_ron_sticks = MultiRonSticks::kAfterRiichiPlayer;
  Round b = sa1_round(rules);
  EXPECT_EQ(b.result().wins[0].score.payments.sticks, 1000);  // own only
  EXPECT_EQ(b.result().wins[1].score.payments.sticks, 1000);  // S's: first winner after S
}

// §3.3 / §4.4: a triple ron is three wins in EMA, an abortive draw (sanchahou) in Tenhou.
Round triple_ron(const Rules& rules) {
  RoundSetup setup = default_setup(0, 0, 1);
  Round r = stacked_round(
      rules,
      {"123p456p789p23s55m", "777z123m456m789s1s", "555z666z234p678p1s", "2468m2468p3579s2z"},
      "3z4z4z1s", "", "", "", setup);
  for (int i = 0; i < 3; ++i) tsumogiri(r);
  discard(r, 3, "1s");
  EXPECT_EQ(r.pending_mask(), 0b0111u);
  act(r, 0, AT::kRon);
  act(r, 1, AT::kRon);
  act(r, 2, AT::kRon);
  EXPECT_TRUE(r.is_over());
  return r;
}

TEST(RoundMultiRon, TripleRon) {
  Round ema = triple_ron(Rules::ema2016());
  EXPECT_EQ(ema.result().end, RoundEnd::kWin);
  ASSERT_EQ(ema.result().wins.size(), 3u);
  EXPECT_EQ(ema.result().wins[0].score.payments.sticks, 1000);
  Round tenhou = triple_ron(Rules::tenhou());
  EXPECT_EQ(tenhou.result().end, RoundEnd::kAbortiveDraw);
  EXPECT_EQ(tenhou.result().abortive, AbortiveDraw::kSanchahou);
  EXPECT_EQ(tenhou.result().deltas, (std::array<int, 4>{}));
  EXPECT_EQ(tenhou.result().riichi_sticks_after, 1);
}

// Atamahane (M.League, WRC): of the three rons on N's discard only E, the first after N, wins;
// the riichi stick on the table goes with that win.
TEST(RoundMultiRon, HeadBump) {
  for (const char* preset : {"mleague", "wrc", "ema2016,head_bump=true"}) {
    SCOPED_TRACE(preset);
    Round r = triple_ron(Rules::parse(preset));
    EXPECT_EQ(r.result().end, RoundEnd::kWin);
    ASSERT_EQ(r.result().wins.size(), 1u);
    EXPECT_EQ(r.result().wins[0].winner, 0);
    EXPECT_EQ(r.result().wins[0].from, 3);
    EXPECT_EQ(r.result().wins[0].score.payments.sticks, 1000);
    EXPECT_EQ(r.result().deltas[1], 0);
    EXPECT_EQ(r.result().deltas[2], 0);
  }
}

// §3.9, §6: renhou (EMA 2016 mangan, none in Tenhou) and tenhou.
TEST(RoundFirstGoAround, Renhou) {
  // S: 234m 567m 345p 34s 22p (pinfu + tanyao) rons E's first discard 5s.
  const std::array<std::string, 4> hands = {"1357z2468m1p3p9s7p9p", "234m567m345p34s22p",
                                            "1357z1m9m1p9p1s9s5z6z2z", "246z3579m468p189s"};
  for (Rules rules : {Rules::ema2016(), Rules::tenhou()}) {
    Round r = stacked_round(rules, hands, "5s", "1z");
    discard(r, 0, "5s");
    act(r, 1, AT::kRon, "5s");
    const ScoreResult& s = r.result().wins.at(0).score;
    if (rules.renhou == RenhouValue::kMangan) {
      EXPECT_TRUE(has_yaku(s, "renhou"));
      EXPECT_EQ(s.payments.ron, 8000);  // §8.4: renhou beats pinfu + tanyao
    } else {
      EXPECT_FALSE(has_yaku(s, "renhou"));
      EXPECT_EQ(s.payments.ron, 2000);  // pinfu + tanyao, 30 fu
    }
  }
}

TEST(RoundFirstGoAround, TenhouAndChiihou) {
  Round r = stacked_round(
      Rules::ema2016(),
      {"123m456m789m123p5p", "234s567s5z5z5z6z6z6z7z", "2468m2468p2468s1z", "3579m3579p3579s1z"},
      "5p7z");
  Round c = r.clone();
  act(r, 0, AT::kTsumo, "5p");
  EXPECT_TRUE(has_yaku(r.result().wins[0].score, "tenhou"));
  EXPECT_EQ(r.result().deltas[0], 48000);
  // Chiihou: the dealer discards, S wins on his first draw.
  discard(c, 0, "5p");
  pass_all(c);
  act(c, 1, AT::kTsumo, "7z");
  EXPECT_TRUE(has_yaku(c.result().wins[0].score, "chiihou"));
}

// §4.6 pao: S pons a third dragon from E; the liable E pays a tsumo alone, half a ron by W.
Round pao_setup(const Rules& rules, const std::string& w_draw, int honba) {
  RoundSetup setup = default_setup(0, honba, 0);
  Round r = stacked_round(rules,
                          {"2468p2468s3579m1z", "55z66z77z23m44m9p1s9s",
                           "1p3p5p7p1s3s5s7s2z3z4z8m9m", "1p3p5p7p3s5s7s9s2z3z4z8m9p"},
                          "5z8s6s6z8p9m7z" + w_draw + "2s4m", "1z", "", "", setup);
  discard(r, 0, "5z");
  act(r, 1, AT::kPon, "5z");
  discard(r, 1, "9p");
  pass_all(r);
  tsumogiri(r);  // W 8s
  tsumogiri(r);  // N 6s
  discard(r, 0, "6z");
  act(r, 1, AT::kPon, "6z");
  discard(r, 1, "1s");
  pass_all(r);
  tsumogiri(r);  // W 8p
  tsumogiri(r);  // N 9m
  discard(r, 0, "7z");
  act(r, 1, AT::kPon, "7z");
  discard(r, 1, "9s");  // 23m44m: waits 1m 4m
  pass_all(r);
  return r;
}

TEST(RoundPao, TsumoLiablePaysAll) {
  Round r = pao_setup(Rules::ema2016(), "9s3p", 0);
  tsumogiri(r);  // W 9s
  tsumogiri(r);  // N 3p
  tsumogiri(r);  // E 2s
  act(r, 1, AT::kTsumo, "4m");
  const RoundResult& res = r.result();
  ASSERT_EQ(res.wins.size(), 1u);
  EXPECT_EQ(res.wins[0].liable, 0);
  EXPECT_EQ(res.deltas, (std::array<int, 4>{-32000, 32000, 0, 0}));
}

TEST(RoundPao, RonByAThirdPlayerSplitsAndCounters) {
  // §8.4: non-dealer daisangen ron, discarder != liable, h = 1: liable -16000, discarder -16300.
  Round r = pao_setup(Rules::ema2016(), "1m", 1);
  discard(r, 2, "1m");
  act(r, 1, AT::kRon, "1m");
  EXPECT_EQ(r.result().deltas, (std::array<int, 4>{-16000, 32300, -16300, 0}));
  Round t = pao_setup(Rules::tenhou(), "1m", 1);
  discard(t, 2, "1m");
  act(t, 1, AT::kRon, "1m");
  EXPECT_EQ(t.result().deltas, (std::array<int, 4>{-16300, 32300, -16000, 0}));
}

}  // namespace
}  // namespace riichi
