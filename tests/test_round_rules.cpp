// Scripted hands (stacked walls) for the rules of play: kan dora timing, chankan, kokushi on an
// ankan, kan after riichi, furiten, kuikae, riichi conditions, last tile, exhaustive and
// abortive draws, nagashi (RULES.md §2.6-§2.8, §3.4, §3.6-§3.8, §4.2-§4.4).
#include <gtest/gtest.h>

#include "round_helpers.hpp"

namespace riichi {
namespace {

using namespace riichi::testing;
using AT = ActionType;

// ---------------------------------------------------------------------------------- kans
const std::array<std::string, 4> kKanHands = {"7m2468p2468s1357z", "777m1m3579p3579s2z",
                                              "1s1p5z6z9m8m3s5s7s9s7z2z4z",
                                              "1s1p5z6z9m8m3p5p7p9p7z2z4z"};

// §2.6: daiminkan dora before the rinshan draw (EMA), at the next discard (Tenhou).
TEST(RoundKan, DaiminkanDoraTiming) {
  for (Rules rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    Round r = stacked_round(rules, kKanHands, "3z", "1z8s", "9m");
    discard(r, 0, "7m");
    act(r, 1, AT::kDaiminkan, "7m");
    ASSERT_EQ(r.to_play(), 1);
    const std::vector<Event>& ev = r.events();
    const std::size_t n = ev.size();
    EXPECT_EQ(ev[n - 1].type, EventType::kDraw);
    EXPECT_TRUE(ev[n - 1].rinshan);
    EXPECT_EQ(r.live_tiles_left(), 69 - 1);  // one live tile joins the dead wall
    if (rules.open_kan_dora_delayed) {
      EXPECT_EQ(r.observation(1).dora_indicators.size(), 1u);
      discard(r, 1, "1m");
      EXPECT_EQ(r.observation(1).dora_indicators.size(), 2u);
      EXPECT_EQ(r.events()[n].type, EventType::kDoraRevealed);  // before the discard
      EXPECT_EQ(r.events()[n + 1].type, EventType::kDiscard);
    } else {
      EXPECT_EQ(r.observation(1).dora_indicators.size(), 2u);
      EXPECT_EQ(ev[n - 2].type, EventType::kDoraRevealed);
      EXPECT_EQ(ev[n - 3].type, EventType::kCall);
    }
  }
}

TEST(RoundKan, AnkanDoraImmediateInEveryPreset) {
  std::array<std::string, 4> hands = kKanHands;
  hands[0] = "1111z2468p2468s7m";
  hands[1] = "777m1m3579p3579s3z";
  for (Rules rules : {Rules::ema2016(), Rules::tenhou()}) {
    Round r = stacked_round(rules, hands, "3z", "2z8s", "9m");
    act(r, 0, AT::kAnkan, "1z");
    EXPECT_EQ(r.observation(0).dora_indicators.size(), 2u);
    EXPECT_EQ(r.melds(0).size(), 1u);
    EXPECT_EQ(r.to_play(), 0);
    EXPECT_EQ(r.observation(0).concealed.size(), 11u);  // 14 - 4 + rinshan
  }
}

// §3.6: the kakan tile can be robbed (chankan); no kan dora, no replacement draw.
TEST(RoundKan, ChankanOnKakan) {
  Round r = stacked_round(Rules::ema2016(),
                          {"3p2468m2468s1357z", "33p1m3579m1s3s5z6z7z2z", "24p567m678s999s11z",
                           "1p9p8m2z4z5z6z9m7p1s3s4z6z"},
                          "8p7s5z9p8p1p9p7s3p", "3z");
  for (int i = 0; i < 4; ++i) tsumogiri(r);  // past the first go-around (no renhou)
  discard(r, 0, "3p");
  act(r, 1, AT::kPon, "3p");  // W could not ron 3p: no yaku (temporary furiten until his draw)
  discard(r, 1, "1m");
  pass_all(r);
  tsumogiri(r);  // W
  tsumogiri(r);  // N
  tsumogiri(r);  // E
  act(r, 1, AT::kKakan, "3p");
  ASSERT_EQ(r.phase(), Phase::kChankan);
  ASSERT_EQ(r.to_play(), 2);
  act(r, 2, AT::kRon, "3p");
  const RoundResult& res = r.result();
  ASSERT_EQ(res.wins.size(), 1u);
  EXPECT_EQ(res.wins[0].from, 1);
  EXPECT_TRUE(has_yaku(res.wins[0].score, "chankan"));
  // chankan 1 han; 20 + 10 menzen ron + 8 (999s) + 2 kanchan + 2 (East pair) = 42 -> 50 fu.
  EXPECT_EQ(res.wins[0].score.payments.ron, 1600);
  EXPECT_EQ(count_events(r, EventType::kDoraRevealed), 1);
  EXPECT_EQ(r.audit(), "");
}

// §3.6: kokushi may rob an ankan in EMA, not in Tenhou.
TEST(RoundKan, KokushiRobsAnkanPerPreset) {
  const std::array<std::string, 4> hands = {"2468m2468p2468s5z", "111z3579m3579p35s",
                                            "19m19p19s234567z9m", "2468m2468p2468s6z"};
  for (Rules rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    Round r = stacked_round(rules, hands, "7z1z", "3s");
    discard(r, 0, "7z");
    pass_all(r);
    act(r, 1, AT::kAnkan, "1z");
    if (rules.kokushi_robs_ankan) {
      ASSERT_EQ(r.phase(), Phase::kChankan);
      act(r, 2, AT::kRon, "1z");
      EXPECT_EQ(r.result().deltas[2], 32000);
      EXPECT_EQ(r.result().deltas[1], -32000);
    } else {
      EXPECT_EQ(r.phase(), Phase::kSelf);
      EXPECT_EQ(r.to_play(), 1);
      EXPECT_FALSE(r.is_furiten(2));  // an ankan tile that may not be robbed is not passed
    }
  }
}

// §3.7: kan after riichi: EMA needs the pung in every reading (333444555m can be three chows).
TEST(RoundKan, KanAfterRiichiPerPreset) {
  const std::array<std::string, 3> others = {"2468p2468s1357z9s", "1m2m6m7m8m9m1p3p1s3s5z6z2z",
                                             "1m2m6m7m8m9m1p3p1s3s5z6z4z"};
  for (Rules rules : {Rules::ema2016(), Rules::tenhou()}) {
    Round r =
        stacked_round(rules, {"333444555m678p9p", others[0], others[1], others[2]}, "1z5s7s9s3m");
    act(r, 0, AT::kRiichi, "1z");
    for (int i = 0; i < 3; ++i) tsumogiri(r);
    EXPECT_EQ(has_action(r, 0, AT::kAnkan), rules.name == "tenhou") << rules.name;
    Round ok =
        stacked_round(rules, {"999p234s567m789m1p", others[0], others[1], others[2]}, "1z5s7s9s9p");
    act(ok, 0, AT::kRiichi, "1z");
    for (int i = 0; i < 3; ++i) tsumogiri(ok);
    EXPECT_TRUE(has_action(ok, 0, AT::kAnkan)) << rules.name;
  }
}

// ------------------------------------------------------------------------------- furiten
// §3.8 permanent furiten: a wait among one's own discards.
TEST(RoundFuriten, Permanent) {
  Round r = stacked_round(Rules::ema2016(),
                          {"1357z2489m1579p1s", "246z1m3m9m1p7p8p1s5s9s4z", "24p567m678s234s66m",
                           "3579m3579s5z6z7z1p9p"},
                          "2z3z3p3p");
  tsumogiri(r);
  tsumogiri(r);
  EXPECT_TRUE(has_action(r, 2, AT::kTsumo, "3p"));  // tsumo is allowed; W discards it instead
  tsumogiri(r);
  EXPECT_TRUE(r.is_furiten(2));
  discard(r, 3, "3p");
  EXPECT_FALSE(has_action(r, 2, AT::kRon));
}

// §3.8 temporary furiten: W passes N's 3p; E's 2z is ponned by S, who discards 3p. EMA 2008
// ends the furiten at any claim; EMA 2016 (own draw or claim) and Tenhou (own discard) do not.
TEST(RoundFuriten, TemporaryEndsPerPreset) {
  for (Rules rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    Round r = stacked_round(rules,
                            {"1357z2489m1579p1s", "3p22z1m3m9p8p5s7s9s4z6z1z", "24p567m678s234s66m",
                             "1m3m9m1p7p8p1s5s9s3z5z7z4z"},
                            "6z6z1z3p2z");
    tsumogiri(r);
    tsumogiri(r);
    tsumogiri(r);
    discard(r, 3, "3p");
    act(r, 2, AT::kPass);
    pass_all(r);
    EXPECT_TRUE(r.is_furiten(2));
    discard(r, 0, "2z");
    act(r, 1, AT::kPon, "2z");
    discard(r, 1, "3p");
    const bool cleared = rules.temporary_furiten_end == TemporaryFuritenEnd::kOwnDrawOrAnyCall;
    EXPECT_EQ(has_action(r, 2, AT::kRon, "3p"), cleared) << rules.name;
  }
}

// §3.8 riichi furiten: a riichi player who passes a winning tile stays furiten after drawing.
TEST(RoundFuriten, RiichiPermanent) {
  Round r = stacked_round(Rules::ema2016(),
                          {"1357z2489m1579p1s", "3p22z1m3m9p8p5s7s9s4z6z1z", "24p567m678s234s66m",
                           "1m3m9m1p7p8p1s5s9s3z5z7z4z"},
                          "6z6z1z3p6s7s");
  tsumogiri(r);
  tsumogiri(r);
  act(r, 2, AT::kRiichi, "1z");
  pass_all(r);
  discard(r, 3, "3p");
  act(r, 2, AT::kPass);
  pass_all(r);
  tsumogiri(r);  // E
  tsumogiri(r);  // S
  EXPECT_EQ(r.to_play(), 2);
  EXPECT_TRUE(r.is_furiten(2));  // after his own draw
}

// ---------------------------------------------------------------------------------- kuikae
// §3.4: chi 3m with 4m5m forbids 3m and 6m in EMA 2016 and Tenhou; EMA 2008 allows them.
TEST(RoundCalls, Kuikae) {
  for (Rules rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    Round r = stacked_round(rules,
                            {"3m2468p2468s1357z", "3m45m6m1p3p5p1s9s2z4z6z7p",
                             "1m9m1p9p1s9s5z6z7z9m8p8s2z", "1m7m7p9p7s9s5z6z7z8m8p8s3z"},
                            "2z");
    discard(r, 0, "3m");
    act(r, 1, AT::kChi, "3m", "45m");
    EXPECT_EQ(r.phase(), Phase::kDiscardOnly);
    const bool forbidden = rules.kuikae_forbidden;
    EXPECT_EQ(has_action(r, 1, AT::kDiscard, "3m"), !forbidden) << rules.name;
    EXPECT_EQ(has_action(r, 1, AT::kDiscard, "6m"), !forbidden) << rules.name;
    EXPECT_TRUE(has_action(r, 1, AT::kDiscard, "1p"));
    EXPECT_FALSE(has_action(r, 1, AT::kTsumo));
    EXPECT_FALSE(has_action(r, 1, AT::kAnkan));
    Action bad = find_action(r, 1, AT::kDiscard, "1p");
    bad.tile = 8;  // a 3m id
    if (forbidden) {
      const ApplyResult res = r.apply(bad);
      EXPECT_FALSE(res.ok);
      EXPECT_NE(res.reason.find("not a legal action"), std::string::npos);
    }
  }
}

// §3.2: red fives are distinct choices for chi and pon.
TEST(RoundCalls, RedFiveChoices) {
  Round r = stacked_round(Rules::tenhou(),
                          {"5p2468m2468s1357z", "0p5p46p1m3m9m1s9s2z4z6z7p",
                           "1m9m1p9p1s9s5z6z7z9m8p8s2z", "1m7m7p9p7s9s5z6z7z8m8p8s3z"},
                          "2z");
  discard(r, 0, "5p");
  EXPECT_TRUE(has_action(r, 1, AT::kPon));
  find_action(r, 1, AT::kPon, "5p", "0p5p");
  find_action(r, 1, AT::kChi, "5p", "46p");
  act(r, 1, AT::kPon, "5p", "0p5p");
  EXPECT_EQ(r.melds(1).size(), 1u);
}

// ----------------------------------------------------------------------------- riichi
TEST(RoundRiichi, TenhouMinimumPoints) {
  const std::array<std::string, 4> hands = {"2468m2468p2468s7z", "123m456m789m1122z",
                                            "3579m3579p3579s5z", "2468m2468p2468s6z"};
  for (int points : {900, 1000}) {
    RoundSetup setup = default_setup();
    setup.scores[1] = points;
    Round r = stacked_round(Rules::tenhou(), hands, "5z6z", "", "", "", setup);
    tsumogiri(r);
    EXPECT_EQ(has_action(r, 1, AT::kRiichi), points >= 1000);
  }
  RoundSetup setup = default_setup();
  setup.scores[1] = 900;  // OQ-5: EMA has no minimum
  Round r = stacked_round(Rules::ema2016(), hands, "5z6z", "", "", "", setup);
  tsumogiri(r);
  EXPECT_TRUE(has_action(r, 1, AT::kRiichi));
}

// ----------------------------------------------------------------- exhaustive draw (§4.2)
const std::array<std::string, 4> kTenpai = {"123m456m789m1122z", "123p456p789p3344z",
                                            "123s456s789s5566z", "111m999m111p999p7z"};
const std::array<std::string, 4> kNoten = {"2468m2468p2468s6z", "3579m3579p3579s5z",
                                           "2468m2468p2468s7z", "3579m3579p3579s6z"};

TEST(RoundDraw, NotenPaymentsZeroToFourTenpai) {
  const std::array<std::array<int, 4>, 5> expected = {{{0, 0, 0, 0},
                                                       {3000, -1000, -1000, -1000},
                                                       {1500, 1500, -1500, -1500},
                                                       {1000, 1000, 1000, -3000},
                                                       {0, 0, 0, 0}}};
  for (int k = 0; k <= 4; ++k) {
    std::array<std::string, 4> hands;
    for (int s = 0; s < 4; ++s) hands[s] = s < k ? kTenpai[s] : kNoten[s];
    Round r = stacked_round(Rules::ema2016(), hands,
                            pool_draws(hands, 70, [](int, int) { return true; }));
    while (!r.is_over()) {
      // §3.7: riichi needs 4 live tiles (checked on the dealer's turns).
      if (k >= 1 && r.to_play() == 0 && r.phase() == Phase::kSelf) {
        EXPECT_EQ(has_action(r, 0, AT::kRiichi), r.live_tiles_left() >= 4);
      }
      tsumogiri(r);
    }
    const RoundResult& res = r.result();
    EXPECT_EQ(res.end, RoundEnd::kExhaustiveDraw);
    EXPECT_EQ(res.deltas, expected[k]) << k << " tenpai";
    EXPECT_EQ(res.dealer_tenpai, k >= 1);
    EXPECT_EQ(r.audit(), "");
  }
}

// §4.3: N discards only terminals and honours, none claimed.
Round nagashi_round(const Rules& rules, int honba) {
  auto ok = [](int wind, int kind) { return wind == 3 ? is_yaochuu(kind) : is_simple(kind); };
  Round r = stacked_round(rules, kNoten, pool_draws(kNoten, 70, ok), "", "", "",
                          default_setup(0, honba, 1));
  while (!r.is_over()) tsumogiri(r);
  return r;
}

TEST(RoundDraw, NagashiManganPerPreset) {
  Round ema2016 = nagashi_round(Rules::ema2016(), 1);
  EXPECT_EQ(ema2016.result().end, RoundEnd::kExhaustiveDraw);
  EXPECT_EQ(ema2016.result().deltas, (std::array<int, 4>{}));
  Round ema2008 = nagashi_round(Rules::ema2008(), 1);
  EXPECT_EQ(ema2008.result().end, RoundEnd::kWin);  // counts as a win, with counters and sticks
  EXPECT_TRUE(ema2008.result().nagashi[3]);
  EXPECT_FALSE(ema2008.result().dealer_won);
  EXPECT_EQ(ema2008.result().deltas, (std::array<int, 4>{-4100, -2100, -2100, 8300 + 1000}));
  EXPECT_EQ(ema2008.result().riichi_sticks_after, 0);
  Round tenhou = nagashi_round(Rules::tenhou(), 1);
  EXPECT_EQ(tenhou.result().end, RoundEnd::kExhaustiveDraw);  // a draw: no counters, sticks stay
  EXPECT_EQ(tenhou.result().deltas, (std::array<int, 4>{-4000, -2000, -2000, 8000}));
  EXPECT_EQ(tenhou.result().riichi_sticks_after, 1);
}

// §2.8: haitei on the last live tile; houtei on its discard; the last discard is for ron only;
// no kan with no live tile left. The last live draw (the 70th) goes to S.
TEST(RoundDraw, LastTile) {
  std::array<std::string, 4> hands = {kNoten[0], kTenpai[0], kTenpai[1], "3579m3579p99s5z6z7z"};
  auto avoid = [](int, int k) { return k < kEast && k != 26; };  // waits 1z-4z, 9s
  const std::string draws = pool_draws(hands, 69, avoid, "1z9s");
  Round haitei = stacked_round(Rules::ema2016(), hands, draws + "1z");
  while (haitei.live_tiles_left() > 0 || haitei.to_play() != 1) tsumogiri(haitei);
  act(haitei, 1, AT::kTsumo, "1z");
  EXPECT_TRUE(has_yaku(haitei.result().wins[0].score, "haitei"));

  Round houtei = stacked_round(Rules::ema2016(), hands, draws + "3z");
  while (houtei.live_tiles_left() > 0 || houtei.to_play() != 1) tsumogiri(houtei);
  discard(houtei, 1, "3z");
  act(houtei, 2, AT::kRon, "3z");
  EXPECT_TRUE(has_yaku(houtei.result().wins[0].score, "houtei"));

  // N holds 99s: the last discard 9s may not be ponned; the hand ends in an exhaustive draw.
  Round nopon = stacked_round(Rules::ema2016(), hands, draws + "9s");
  while (nopon.live_tiles_left() > 0 || nopon.to_play() != 1) tsumogiri(nopon);
  discard(nopon, 1, "9s");
  EXPECT_TRUE(nopon.is_over());
  EXPECT_EQ(nopon.result().end, RoundEnd::kExhaustiveDraw);

  hands[1] = "999s1m2m3m4m5m6m7m8m9m5p";  // S holds 999s and draws the last 9s
  hands[3] = "3579m3579p12s5z6z7z";
  const std::string d2 = pool_draws(hands, 69, avoid, "9s");
  Round last = stacked_round(Rules::ema2016(), hands, d2 + "9s");
  while (last.live_tiles_left() > 0 || last.to_play() != 1) tsumogiri(last);
  EXPECT_FALSE(has_action(last, 1, AT::kAnkan));  // no kan with 0 live tiles
}

// ------------------------------------------------------------------- abortive draws (§4.4)
TEST(RoundAbortive, KyuushuKyuuhai) {
  const std::array<std::string, 4> hands = {"19m19p19s1234z234m", "2345678p234567s",
                                            "2345678s55m66m77m", "2345678m2345p88p"};
  for (Rules rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    Round r = stacked_round(rules, hands, "7z");
    EXPECT_EQ(has_action(r, 0, AT::kKyuushu), rules.kyuushu_kyuuhai);
    if (!rules.kyuushu_kyuuhai) continue;
    act(r, 0, AT::kKyuushu);
    EXPECT_EQ(r.result().end, RoundEnd::kAbortiveDraw);
    EXPECT_EQ(r.result().abortive, AbortiveDraw::kKyuushuKyuuhai);
  }
}

TEST(RoundAbortive, SuufonRenda) {
  const std::array<std::string, 4> hands = {"11m99m11p99p11s99s5z", "2345678p234567s",
                                            "2345678s55m66m77m", "2345678m2345p88p"};
  for (Rules rules : {Rules::ema2016(), Rules::ema2008()}) {
    Round r = stacked_round(rules, hands, "1z1z1z1z");
    for (int i = 0; i < 4; ++i) tsumogiri(r);
    EXPECT_EQ(r.is_over(), rules.suufon_renda);
    if (rules.suufon_renda) {
      EXPECT_EQ(r.result().abortive, AbortiveDraw::kSuufonRenda);
    }
  }
}

TEST(RoundAbortive, SuuchaRiichi) {
  for (Rules rules : {Rules::ema2016(), Rules::ema2008()}) {
    Round r = stacked_round(rules, kTenpai, "8m8p8s7p");
    for (int s = 0; s < 4; ++s) {
      act(r, s, AT::kRiichi, "", "", 1);
      pass_all(r);
    }
    EXPECT_EQ(r.is_over(), rules.suucha_riichi);
    if (!rules.suucha_riichi) continue;
    EXPECT_EQ(r.result().abortive, AbortiveDraw::kSuuchaRiichi);
    EXPECT_EQ(r.result().deltas, (std::array<int, 4>{-1000, -1000, -1000, -1000}));
    EXPECT_EQ(r.result().riichi_sticks_after, 4);
  }
}

// §2.7 / §4.4: E declares three ankans, S the fourth: suukaikan aborts after S's discard in
// EMA 2008 and Tenhou; EMA 2016 plays on with no fifth kan.
TEST(RoundAbortive, Suukaikan) {
  for (Rules rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    Round r = stacked_round(rules,
                            {"1111z2222z3333z4z", "5555z1m3m5m7m1p3p5p7p9p",
                             "2m4m6m2p4p6p2s4s6s8s1s3s6z", "3s5s7s9s6z7z7z9m8m2s4p6p8p"},
                            "4z9s", "", "8m8p8s9m");
    act(r, 0, AT::kAnkan, "1z");
    act(r, 0, AT::kAnkan, "2z");
    act(r, 0, AT::kAnkan, "3z");
    discard(r, 0, "4z");
    pass_all(r);
    act(r, 1, AT::kAnkan, "5z");
    EXPECT_EQ(r.observation(1).dora_indicators.size(), 5u);
    EXPECT_FALSE(has_action(r, 1, AT::kAnkan));
    act(r, 1, AT::kDiscard, "", "", 1);
    pass_all(r);
    EXPECT_EQ(r.is_over(), rules.suukaikan) << rules.name;
    if (rules.suukaikan) {
      EXPECT_EQ(r.result().abortive, AbortiveDraw::kSuukaikan);
    }
  }
}

}  // namespace
}  // namespace riichi
