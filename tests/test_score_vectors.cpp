// Scoring test vectors. Every expected value is copied from RULES.md (§7 fu vectors, §8.4
// whole-hand vectors and additional vectors, §8.3 payment tables, §8.2 limits, §4.1 shibari),
// never from running the scorer.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

namespace riichi {
namespace {

constexpr int kNo = -1;  // "not checked"

struct HandCase {
  const char* name;
  const char* rules = "ema2016";
  std::string vector;
  ScoreError error = ScoreError::kNone;
  int han = kNo;
  int fu = kNo;      // rounded
  int fu_raw = kNo;  // before rounding
  int dora = kNo;
  // Expected payments: the field that applies to the kind of win (honba included).
  int ron = kNo;
  int non_dealer = kNo;  // non-dealer tsumo: each non-dealer pays
  int dealer = kNo;      // non-dealer tsumo: the dealer pays
  int each = kNo;        // dealer tsumo: each player pays
  Limit limit = Limit::kNone;
  bool check_limit = false;
  int yakuman = kNo;
  // Per-seat deltas E,S,W,N (pao cases); otherwise derived from the payments.
  bool check_delta = false;
  std::array<int, 4> delta{};
  const char* source = "";
};

class ScoreVector : public ::testing::TestWithParam<HandCase> {};

TEST_P(ScoreVector, MatchesRules) {
  const HandCase& c = GetParam();
  SCOPED_TRACE(std::string(c.source) + " | rules=" + c.rules + " | " + c.vector);
  const WinVector v = parse_win_vector(c.vector);
  const ScoreResult r = score(v.hand, v.win, v.context, Rules::parse(c.rules));
  ASSERT_EQ(r.error, c.error) << r.error_message;
  // score_value() (no texts, no allocation) must reach the same verdict and the same figures.
  const ScoreValue sv = score_value(v.hand, v.win, v.context, Rules::parse(c.rules));
  ASSERT_EQ(sv.error, c.error);
  if (!r.ok()) return;
  if (c.han != kNo) {
    EXPECT_EQ(sv.han, c.han);
  }
  if (c.fu != kNo) {
    EXPECT_EQ(sv.fu, c.fu);
  }
  if (c.dora != kNo) {
    EXPECT_EQ(sv.dora, c.dora);
  }
  if (c.check_limit) {
    EXPECT_EQ(sv.limit, c.limit);
  }
  if (c.yakuman != kNo) {
    EXPECT_EQ(sv.yakuman_units, c.yakuman);
  }
  EXPECT_EQ(sv.payments.total, r.payments.total);
  EXPECT_EQ(sv.payments.delta, r.payments.delta);
  EXPECT_EQ(sv.basic_points, r.basic_points);
  const std::string got = "han " + std::to_string(r.han) + " fu " + std::to_string(r.fu_raw) +
                          "->" + std::to_string(r.fu) + " reading " + r.reading;
  SCOPED_TRACE(got);
  if (c.han != kNo) {
    EXPECT_EQ(r.han, c.han);
  }
  if (c.fu != kNo) {
    EXPECT_EQ(r.fu, c.fu);
  }
  if (c.fu_raw != kNo) {
    EXPECT_EQ(r.fu_raw, c.fu_raw);
  }
  if (c.dora != kNo) {
    EXPECT_EQ(r.dora, c.dora);
  }
  if (c.check_limit) {
    EXPECT_EQ(r.limit, c.limit) << limit_name(r.limit, r.yakuman_units);
  }
  if (c.yakuman != kNo) {
    EXPECT_EQ(r.yakuman_units, c.yakuman);
  }

  const WinContext& ctx = v.context;
  const Payments& p = r.payments;
  int total = 0;
  std::array<int, 4> delta{};
  if (!ctx.tsumo) {
    if (c.ron != kNo) {
      EXPECT_EQ(p.ron, c.ron);
    }
    total = c.ron;
    const int from = ctx.discarder >= 0 ? ctx.discarder : (ctx.seat + 3) % 4;
    delta[static_cast<std::size_t>(from)] = -c.ron;
  } else if (ctx.seat == 0) {
    if (c.each != kNo) {
      EXPECT_EQ(p.each, c.each);
    }
    total = 3 * c.each;
    for (int s = 1; s < 4; ++s) delta[static_cast<std::size_t>(s)] = -c.each;
  } else {
    if (c.non_dealer != kNo) {
      EXPECT_EQ(p.non_dealer, c.non_dealer);
    }
    if (c.dealer != kNo) {
      EXPECT_EQ(p.dealer, c.dealer);
    }
    total = 2 * c.non_dealer + c.dealer;
    for (int s = 0; s < 4; ++s)
      if (s != ctx.seat) delta[static_cast<std::size_t>(s)] = s == 0 ? -c.dealer : -c.non_dealer;
  }
  delta[static_cast<std::size_t>(ctx.seat)] = total;
  if (c.check_delta) {
    delta = c.delta;
    total = c.delta[static_cast<std::size_t>(ctx.seat)];
  }
  EXPECT_EQ(p.total, total);
  EXPECT_EQ(p.delta, delta);
}

const std::vector<HandCase> kFuVectors = {
    // §7 fu test vectors (non-dealer seat=S round=E, no dora, unless stated).
    {.name = "fu_pinfu_tsumo_20",
     .vector = "closed=234m567p23s789s55m win=4s tsumo seat=S round=E",
     .han = 2,
     .fu = 20,
     .fu_raw = 20,
     .non_dealer = 400,
     .dealer = 700,
     .source = "RULES §7 pinfu+tsumo 2 han 20 fu 400/700"},
    {.name = "fu_pinfu_ron_30",
     .vector = "closed=234m567p23s789s55m win=4s ron seat=S round=E",
     .han = 1,
     .fu = 30,
     .fu_raw = 30,
     .ron = 1000,
     .source = "RULES §7 pinfu ron 1 han 30 fu 1000"},
    {.name = "fu_kanchan_riichi_40",
     .vector = "closed=234m567p24s789s55m win=3s ron seat=S round=E flags=riichi",
     .han = 1,
     .fu = 40,
     .fu_raw = 32,
     .ron = 1300,
     .source = "RULES §7 30+2 kanchan = 32 -> 40, 1300"},
    {.name = "fu_chiitoitsu_25",
     .vector = "closed=11z22m33m44p55p66s7s win=7s ron seat=S round=E",
     .han = 2,
     .fu = 25,
     .ron = 1600,
     .source = "RULES §7 chiitoitsu 25 fu 2 han 1600"},
    {.name = "fu_chiitoitsu_25_dealer",
     .vector = "closed=11z22m33m44p55p66s7s win=7s ron seat=E round=E",
     .han = 2,
     .fu = 25,
     .ron = 2400,
     .source = "RULES §7 chiitoitsu as dealer 2400"},
    {.name = "fu_open_pinfu_ema2016",
     .vector = "closed=234m567p23s55m melds=[c678s] win=4s ron seat=S",
     .han = 1,
     .fu = 30,
     .fu_raw = 22,
     .ron = 1000,
     .source = "RULES §7 open pinfu 22 -> 30, open tanyao 1000 (EMA 2016)"},
    {.name = "fu_open_pinfu_tenhou",
     .rules = "tenhou",
     .vector = "closed=234m567p23s55m melds=[c678s] win=4s ron seat=S",
     .han = 1,
     .fu = 30,
     .fu_raw = 22,
     .ron = 1000,
     .source = "RULES §7 open pinfu 1000 (Tenhou)"},
    {.name = "fu_open_tanyao_ema2008_no_yaku",
     .rules = "ema2008",
     .vector = "closed=234m567p23s55m melds=[c678s] win=4s ron seat=S",
     .error = ScoreError::kNoYaku,
     .source = "RULES §7 no yaku in EMA 2008 (kuitan nashi)"},
    {.name = "fu_double_wind_pair_4",
     .vector = "closed=11z555z234m567p78s win=9s ron seat=E round=E",
     .han = 1,
     .fu = 50,
     .fu_raw = 42,
     .ron = 2400,
     .source = "RULES §7 30+8+4 = 42 -> 50, dealer ron 2400"},
    {.name = "fu_double_wind_pair_2",
     .rules = "ema2016,double_wind_pair_fu=2",
     .vector = "closed=11z555z234m567p78s win=9s ron seat=E round=E",
     .han = 1,
     .fu = 40,
     .fu_raw = 40,
     .ron = 2000,
     .source = "RULES §7 a 2-fu double-wind rule gives 40 fu = 2000"},
    {.name = "fu_ankan_shanpon_70",
     .vector = "closed=234m567p11z99s melds=[a5555z] win=9s ron seat=S round=E flags=riichi",
     .han = 2,
     .fu = 70,
     .fu_raw = 68,
     .ron = 4500,
     .source = "RULES §7 30+32+4+2 = 68 -> 70, 2 han 4500"},
};

const std::vector<HandCase> kWholeHands = {
    // §8.4 #1-#10 (EMA 2016 examples), non-dealer and dealer.
    {.name = "ex1_riichi_tsumo_pinfu_ittsu",
     .vector = "closed=33m123m123s456s78s win=9s tsumo seat=S flags=riichi",
     .han = 5,
     .non_dealer = 2000,
     .dealer = 4000,
     .limit = Limit::kMangan,
     .check_limit = true,
     .source = "RULES §8.4 #1 mangan 2000/4000"},
    {.name = "ex1_dealer",
     .vector = "closed=33m123m123s456s78s win=9s tsumo seat=E flags=riichi",
     .han = 5,
     .each = 4000,
     .limit = Limit::kMangan,
     .check_limit = true,
     .source = "RULES §8.4 #1 dealer 4000 all"},
    {.name = "ex2_ron",
     .vector = "closed=33m123m123s456s78s win=9s ron seat=S flags=riichi",
     .han = 4,
     .fu = 30,
     .ron = 7700,
     .check_limit = true,
     .source = "RULES §8.4 #2 4 han 30 fu 7700 (no kiriage)"},
    {.name = "ex2_dealer",
     .vector = "closed=33m123m123s456s78s win=9s ron seat=E flags=riichi",
     .han = 4,
     .fu = 30,
     .ron = 11600,
     .source = "RULES §8.4 #2 dealer 11600"},
    {.name = "ex3_open_ittsu_dora",
     .vector = "closed=33m123s123s78s melds=[c456s] win=9s ron dora=6s",
     .han = 2,
     .fu = 30,
     .fu_raw = 22,
     .dora = 1,
     .ron = 2000,
     .source = "RULES §8.4 #3 ittsu open 1 + dora 1, 30 fu, 2000"},
    {.name = "ex3_dealer",
     .vector = "closed=33m123s123s78s melds=[c456s] win=9s ron seat=E dora=6s",
     .han = 2,
     .fu = 30,
     .dora = 1,
     .ron = 2900,
     .source = "RULES §8.4 #3 dealer 2900"},
    {.name = "ex4_suuankou_tsumo",
     .vector = "closed=333m222p444p33s88s win=8s tsumo",
     .non_dealer = 8000,
     .dealer = 16000,
     .limit = Limit::kYakuman,
     .check_limit = true,
     .yakuman = 1,
     .source = "RULES §8.4 #4 suu ankou 8000/16000"},
    {.name = "ex4_dealer",
     .vector = "closed=333m222p444p33s88s win=8s tsumo seat=E",
     .each = 16000,
     .yakuman = 1,
     .source = "RULES §8.4 #4 dealer 16000 all"},
    {.name = "ex5_sanankou_toitoi_ron",
     .vector = "closed=333m222p444p33s88s win=8s ron dora=3p",
     .han = 8,
     .dora = 3,
     .ron = 16000,
     .limit = Limit::kBaiman,
     .check_limit = true,
     .yakuman = 0,
     .source = "RULES §8.4 #5 sanankou 2 + toitoi 2 + tanyao 1 + dora 3 = 8, baiman 16000"},
    {.name = "ex5_dealer",
     .vector = "closed=333m222p444p33s88s win=8s ron seat=E dora=3p",
     .han = 8,
     .ron = 24000,
     .source = "RULES §8.4 #5 dealer 24000"},
    {.name = "ex6_chiitoitsu_riichi_ippatsu_tsumo",
     .vector = "closed=22m33m55m22p66p33s4s win=4s tsumo flags=riichi,ippatsu",
     .han = 6,
     .non_dealer = 3000,
     .dealer = 6000,
     .limit = Limit::kHaneman,
     .check_limit = true,
     .source = "RULES §8.4 #6 haneman 3000/6000"},
    {.name = "ex6_dealer",
     .vector = "closed=22m33m55m22p66p33s4s win=4s tsumo seat=E flags=riichi,ippatsu",
     .han = 6,
     .each = 6000,
     .source = "RULES §8.4 #6 dealer 6000 all"},
    {.name = "ex7_chiitoitsu_dragon_pair",
     .vector = "closed=66z33m55m22p66p33s4s win=4s ron",
     .han = 2,
     .fu = 25,
     .ron = 1600,
     .source = "RULES §8.4 #7 2 han 25 fu 1600"},
    {.name = "ex7_dealer",
     .vector = "closed=66z33m55m22p66p33s4s win=4s ron seat=E",
     .han = 2,
     .fu = 25,
     .ron = 2400,
     .source = "RULES §8.4 #7 dealer 2400"},
    {.name = "ex8_ryanpeikou_tsumo",
     .vector = "closed=334455m112233p7z win=7z tsumo",
     .han = 4,
     .fu = 30,
     .fu_raw = 26,
     .non_dealer = 2000,
     .dealer = 3900,
     .source = "RULES §8.4 #8 ryanpeikou 3 + tsumo 1, 26 -> 30 fu, 2000/3900"},
    {.name = "ex8_dealer",
     .vector = "closed=334455m112233p7z win=7z tsumo seat=E",
     .han = 4,
     .fu = 30,
     .each = 3900,
     .source = "RULES §8.4 #8 dealer 3900 all"},
    {.name = "ex9_dealer_honitsu_double_east",
     .vector = "closed=11s123s789s33z melds=[p111z] win=3z ron seat=E round=E dora=6s",
     .han = 6,
     .dora = 1,
     .ron = 18000,
     .limit = Limit::kHaneman,
     .check_limit = true,
     .source = "RULES §8.4 #9 honitsu 2 + double East 2 + chanta 1 + dora 1, dealer 18000"},
    {.name = "ex10_honitsu_penchan",
     .vector = "closed=444z11p234p567p89p win=7p tsumo seat=S round=E",
     .han = 4,
     .fu = 40,
     .fu_raw = 32,
     .non_dealer = 2000,
     .dealer = 4000,
     .source = "RULES §8.4 #10 20+8+2+2 = 32 -> 40, 2000/4000 (cap)"},
    {.name = "ex10_dealer",
     .vector = "closed=444z11p234p567p89p win=7p tsumo seat=E round=E",
     .han = 4,
     .fu = 40,
     .each = 4000,
     .source = "RULES §8.4 #10 as dealer: §8.3 dealer tsumo 4 han 40 fu = 4000"},
};

const std::vector<HandCase> kAdditional = {
    // §8.4 additional vectors / §5.1 honba example [B §II.1.19]: h=2, 2 han 30 fu.
    {.name = "honba2_ron_2600",
     .vector = "closed=234m567p23s789s55m win=4s ron seat=S flags=riichi honba=2",
     .han = 2,
     .fu = 30,
     .ron = 2600,
     .source = "RULES §5.1/§8.4 h=2 ron 2600"},
    {.name = "honba2_tsumo_700_1200",
     .vector = "closed=234m567p24s789s55m win=3s tsumo seat=S flags=riichi honba=2",
     .han = 2,
     .fu = 30,
     .fu_raw = 24,
     .non_dealer = 700,
     .dealer = 1200,
     .source = "RULES §5.1/§8.4 h=2 tsumo 700/1200"},
    {.name = "dealer_mangan_tsumo_honba1",
     .vector = "closed=33m123m123s456s78s win=9s tsumo seat=E flags=riichi honba=1",
     .han = 5,
     .each = 4100,
     .source = "RULES §8.4 dealer mangan tsumo h=1: 4100 each"},
    {.name = "pao_daisangen_ron_third_party",
     .vector = "closed=123m4p melds=[p555z p666z p777z] win=4p ron seat=S from=W pao=N honba=1",
     .ron = 32300,
     .yakuman = 1,
     .check_delta = true,
     .delta = {0, 32300, -16300, -16000},
     .source = "RULES §4.6/§8.4 liable -16000, discarder -16300, winner +32300"},
    {.name = "pao_daisuushii_dealer_tsumo",
     .vector = "closed=1m melds=[p111z p222z p333z p444z] win=1m tsumo seat=E round=E pao=S",
     .yakuman = 1,
     .check_delta = true,
     .delta = {48000, -48000, 0, 0},
     .source = "RULES §4.6/§8.4 liable -48000, others 0"},
    {.name = "thirteen_han_ema2016_sanbaiman",
     .vector = "closed=234m234m567m56m88m win=7m ron seat=S flags=riichi,ippatsu",
     .han = 13,
     .ron = 24000,
     .limit = Limit::kSanbaiman,
     .check_limit = true,
     .yakuman = 0,
     .source = "RULES §8.4 EMA 2016 13 han non-yakuman: 24000 (sanbaiman)"},
    {.name = "thirteen_han_ema2008_kazoe",
     .rules = "ema2008",
     .vector = "closed=234m234m567m56m88m win=7m ron seat=S flags=riichi,ippatsu",
     .han = 13,
     .ron = 32000,
     .limit = Limit::kKazoeYakuman,
     .check_limit = true,
     .source = "RULES §8.4 EMA 2008 13 han: 32000"},
    {.name = "thirteen_han_tenhou_kazoe",
     .rules = "tenhou",
     .vector = "closed=234m234m567m56m88m win=7m ron seat=S flags=riichi,ippatsu",
     .han = 13,
     .ron = 32000,
     .limit = Limit::kKazoeYakuman,
     .check_limit = true,
     .source = "RULES §8.4 Tenhou 13 han: 32000"},
    {.name = "daisuushii_ema2008_double",
     .rules = "ema2008",
     .vector = "closed=1m melds=[p111z p222z p333z p444z] win=1m ron seat=S",
     .ron = 64000,
     .yakuman = 2,
     .source = "RULES §8.4 EMA 2008 daisuushii ron 64000"},
    {.name = "daisuushii_ema2016_single",
     .vector = "closed=1m melds=[p111z p222z p333z p444z] win=1m ron seat=S",
     .ron = 32000,
     .yakuman = 1,
     .source = "RULES §6.3 EMA 2016 daisuushii 1x: 32000"},
    {.name = "renhou_ema2016_mangan",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=renhou",
     .ron = 8000,
     .limit = Limit::kMangan,
     .check_limit = true,
     .source = "RULES §8.4 EMA 2016 renhou over pinfu+tanyao: 8000"},
    {.name = "renhou_ema2016_chinitsu_beats_it",
     .vector = "closed=123m345m567m67m88m win=8m ron seat=S flags=renhou",
     .han = 7,
     .ron = 12000,
     .limit = Limit::kHaneman,
     .check_limit = true,
     .source = "RULES §8.4 EMA 2016 renhou with closed chinitsu + pinfu (7 han): 12000"},
    {.name = "renhou_ema2008_yakuman",
     .rules = "ema2008",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=renhou",
     .ron = 32000,
     .yakuman = 1,
     .source = "RULES §8.4 EMA 2008 renhou 32000"},
    // §4.1 EMA 2008 ryanhan shibari: >= 5 counters need 2 han of yaku.
    {.name = "shibari_ema2008_5_counters",
     .rules = "ema2008",
     .vector = "closed=234m567p23s789s55m win=4s ron seat=S honba=5",
     .error = ScoreError::kRyanhanShibari,
     .source = "RULES §4.1 ryanhan shibari"},
    {.name = "shibari_ema2008_4_counters",
     .rules = "ema2008",
     .vector = "closed=234m567p23s789s55m win=4s ron seat=S honba=4",
     .han = 1,
     .ron = 2200,
     .source = "RULES §4.1 (4 counters: no shibari) 1000 + 4x300"},
    {.name = "shibari_dora_not_counted",
     .rules = "ema2008",
     .vector = "closed=234m567p23s789s55m win=4s ron seat=S honba=5 dora=4m",
     .error = ScoreError::kRyanhanShibari,
     .source = "RULES §4.1 dora do not count towards the 2 han"},
    {.name = "no_shibari_ema2016",
     .vector = "closed=234m567p23s789s55m win=4s ron seat=S honba=5",
     .han = 1,
     .ron = 2500,
     .source = "RULES §9 no shibari in EMA 2016: 1000 + 5x300"},
    {.name = "not_complete",
     .vector = "closed=234m567p23s789s55m win=9s ron seat=S",
     .error = ScoreError::kNotComplete,
     .source = "RULES §4.1 not a winning shape"},
    {.name = "no_yaku_dora_only",
     .vector = "closed=234m567p24s789s55m win=3s ron seat=S dora=1m",
     .error = ScoreError::kNoYaku,
     .source = "RULES §4.1 dora are not yaku"},
};

// The presets of docs/rules-presets.md: each value comes from the preset's own rulebook (its
// example or the rule as worded there, the points derived by hand from the §8.3 tables), next to
// the same hand under the preset it is built on where the two differ.
const std::vector<HandCase> kPresetExamples = {
    // M.League: "7700 is rounded up" (切り上げ満貫). Riichi, pinfu, tanyao, 1 dora: 4 han 30 fu.
    {.name = "mleague_kiriage_7700_to_8000",
     .rules = "mleague",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=riichi dora=1m",
     .han = 4,
     .fu = 30,
     .ron = 8000,
     .limit = Limit::kMangan,
     .check_limit = true,
     .source = "M.League rules: kiriage mangan, 4 han 30 fu non-dealer ron 8000"},
    {.name = "tenhou_no_kiriage_7700",
     .rules = "tenhou",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=riichi dora=1m",
     .han = 4,
     .fu = 30,
     .ron = 7700,
     .source = "RULES §8.3 table: 4 han 30 fu non-dealer ron 7700 (no kiriage in Tenhou)"},
    {.name = "mleague_kiriage_dealer_11600_to_12000",
     .rules = "mleague",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=E flags=riichi dora=1m",
     .han = 4,
     .fu = 30,
     .ron = 12000,
     .source = "M.League rules: kiriage mangan, dealer 4 han 30 fu ron 12000"},
    {.name = "mleague_no_kazoe_13_han_sanbaiman",
     .rules = "mleague",
     .vector = "closed=234m234m567m56m88m win=7m ron seat=S flags=riichi,ippatsu",
     .han = 13,
     .ron = 24000,
     .limit = Limit::kSanbaiman,
     .check_limit = true,
     .source = "M.League rules: no counted yakuman, 13+ han is sanbaiman 24000"},
    // M.League: a pair of the seat-and-round wind is 2 fu. Dealer East 1, riichi, ron on a
    // ryanmen: 20 + 10 (closed ron) + 8 (concealed 999s) + 2 = 40 fu -> 2000 (Tenhou: 4 fu,
    // 42 -> 50 fu, 2400).
    {.name = "mleague_double_wind_pair_2_fu",
     .rules = "mleague",
     .vector = "closed=234m567p999s23s11z win=4s ron seat=E round=E flags=riichi",
     .han = 1,
     .fu = 40,
     .fu_raw = 40,
     .ron = 2000,
     .source = "M.League rules: double-wind pair 2 fu; 1 han 40 fu dealer ron 2000"},
    {.name = "tenhou_double_wind_pair_4_fu",
     .rules = "tenhou",
     .vector = "closed=234m567p999s23s11z win=4s ron seat=E round=E flags=riichi",
     .han = 1,
     .fu = 50,
     .fu_raw = 42,
     .ron = 2400,
     .source = "RULES §7 double-wind pair 4 fu (Tenhou); 1 han 50 fu dealer ron 2400"},
    // WRC: mangan rounding up; non-East 5 han 2000/4000 tsumo, 8000 ron; no kazoe yakuman.
    {.name = "wrc_kiriage_7700_to_8000",
     .rules = "wrc",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=riichi dora=1m",
     .han = 4,
     .fu = 30,
     .ron = 8000,
     .source = "WRC rules: 4 han 30 fu rounded up to mangan, 8000"},
    {.name = "ema2016_no_kiriage_7700",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=riichi dora=1m",
     .han = 4,
     .fu = 30,
     .ron = 7700,
     .source = "RULES §8.3 EMA 2016 table: 4 han 30 fu non-dealer ron 7700"},
    {.name = "wrc_non_east_5_han_tsumo",
     .rules = "wrc",
     .vector = "closed=234m567p23s678s55m win=4s tsumo seat=S flags=riichi dora=1m",
     .han = 5,
     .non_dealer = 2000,
     .dealer = 4000,
     .source = "WRC rules points table: non-East 5 han tsumo 2000/4000"},
    {.name = "wrc_non_east_5_han_ron",
     .rules = "wrc",
     .vector = "closed=234m567p23s678s55m win=4s ron seat=S flags=riichi dora=1m,3m",
     .han = 5,
     .ron = 8000,
     .source = "WRC rules points table: non-East 5 han ron 8000"},
    {.name = "wrc_no_kazoe_13_han",
     .rules = "wrc",
     .vector = "closed=234m234m567m56m88m win=7m ron seat=S flags=riichi,ippatsu",
     .han = 13,
     .ron = 24000,
     .limit = Limit::kSanbaiman,
     .check_limit = true,
     .source = "WRC rules: kazoe yakuman not allowed, the sanbaiman line is 11+"},
    // Mahjong Soul: kokushi on a 13-sided wait, junsei chuuren, suuankou tanki and daisuushii
    // are double yakuman (Tenhou: single).
    {.name = "mahjongsoul_kokushi_13_wait_double",
     .rules = "mahjongsoul",
     .vector = "closed=19m19p19s1234567z win=1m ron seat=S",
     .ron = 64000,
     .yakuman = 2,
     .source = "Mahjong Soul rules: 13-wait kokushi double yakuman, non-dealer ron 64000"},
    {.name = "tenhou_kokushi_13_wait_single",
     .rules = "tenhou",
     .vector = "closed=19m19p19s1234567z win=1m ron seat=S",
     .ron = 32000,
     .yakuman = 1,
     .source = "RULES §9 Tenhou: no double yakuman, 32000"},
    {.name = "mahjongsoul_suuankou_tanki_double_dealer_tsumo",
     .rules = "mahjongsoul",
     .vector = "closed=111m333p555s777s9m win=9m tsumo seat=E",
     .each = 32000,
     .yakuman = 2,
     .source = "Mahjong Soul rules: suuankou tanki double yakuman, dealer tsumo 32000 all"},
    {.name = "mahjongsoul_daisuushii_double",
     .rules = "mahjongsoul",
     .vector = "closed=1m melds=[p111z p222z p333z p444z] win=1m ron seat=S",
     .ron = 64000,
     .yakuman = 2,
     .source = "Mahjong Soul rules: daisuushii double yakuman, 64000"},
};

std::string case_name(const ::testing::TestParamInfo<HandCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(FuVectors, ScoreVector, ::testing::ValuesIn(kFuVectors), case_name);
INSTANTIATE_TEST_SUITE_P(WholeHands, ScoreVector, ::testing::ValuesIn(kWholeHands), case_name);
INSTANTIATE_TEST_SUITE_P(Additional, ScoreVector, ::testing::ValuesIn(kAdditional), case_name);
INSTANTIATE_TEST_SUITE_P(PresetExamples, ScoreVector, ::testing::ValuesIn(kPresetExamples),
                         case_name);

// --- §8.3 payment tables, cell by cell through basic_points / round_up_100 -------------------

constexpr std::array<int, 11> kFu = {20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110};

// [fu row][han-1]; parenthesised (impossible) cells included as pure formula values.
constexpr int kNonDealerRon[11][4] = {
    {700, 1300, 2600, 5200},  {800, 1600, 3200, 6400},  {1000, 2000, 3900, 7700},
    {1300, 2600, 5200, 8000}, {1600, 3200, 6400, 8000}, {2000, 3900, 7700, 8000},
    {2300, 4500, 8000, 8000}, {2600, 5200, 8000, 8000}, {2900, 5800, 8000, 8000},
    {3200, 6400, 8000, 8000}, {3600, 7100, 8000, 8000}};
constexpr int kDealerRon[11][4] = {
    {1000, 2000, 3900, 7700},   {1200, 2400, 4800, 9600},   {1500, 2900, 5800, 11600},
    {2000, 3900, 7700, 12000},  {2400, 4800, 9600, 12000},  {2900, 5800, 11600, 12000},
    {3400, 6800, 12000, 12000}, {3900, 7700, 12000, 12000}, {4400, 8700, 12000, 12000},
    {4800, 9600, 12000, 12000}, {5300, 10600, 12000, 12000}};
// {non-dealer pays, dealer pays}
constexpr int kNonDealerTsumo[11][4][2] = {{{200, 400}, {400, 700}, {700, 1300}, {1300, 2600}},
                                           {{200, 400}, {400, 800}, {800, 1600}, {1600, 3200}},
                                           {{300, 500}, {500, 1000}, {1000, 2000}, {2000, 3900}},
                                           {{400, 700}, {700, 1300}, {1300, 2600}, {2000, 4000}},
                                           {{400, 800}, {800, 1600}, {1600, 3200}, {2000, 4000}},
                                           {{500, 1000}, {1000, 2000}, {2000, 3900}, {2000, 4000}},
                                           {{600, 1200}, {1200, 2300}, {2000, 4000}, {2000, 4000}},
                                           {{700, 1300}, {1300, 2600}, {2000, 4000}, {2000, 4000}},
                                           {{800, 1500}, {1500, 2900}, {2000, 4000}, {2000, 4000}},
                                           {{800, 1600}, {1600, 3200}, {2000, 4000}, {2000, 4000}},
                                           {{900, 1800}, {1800, 3600}, {2000, 4000}, {2000, 4000}}};
constexpr int kDealerTsumo[11][4] = {
    {400, 700, 1300, 2600},   {400, 800, 1600, 3200},   {500, 1000, 2000, 3900},
    {700, 1300, 2600, 4000},  {800, 1600, 3200, 4000},  {1000, 2000, 3900, 4000},
    {1200, 2300, 4000, 4000}, {1300, 2600, 4000, 4000}, {1500, 2900, 4000, 4000},
    {1600, 3200, 4000, 4000}, {1800, 3600, 4000, 4000}};

TEST(PaymentTables, Section83CellByCell) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou"}) {
    const Rules rules = Rules::parse(preset);
    for (std::size_t row = 0; row < kFu.size(); ++row) {
      for (int han = 1; han <= 4; ++han) {
        SCOPED_TRACE(std::string(preset) + " " + std::to_string(han) + " han " +
                     std::to_string(kFu[row]) + " fu");
        const int b = basic_points(han, kFu[row], rules);
        const std::size_t h = static_cast<std::size_t>(han - 1);
        EXPECT_EQ(round_up_100(4 * b), kNonDealerRon[row][h]) << "non-dealer ron";
        EXPECT_EQ(round_up_100(6 * b), kDealerRon[row][h]) << "dealer ron";
        EXPECT_EQ(round_up_100(b), kNonDealerTsumo[row][h][0]) << "non-dealer tsumo, non-dealer";
        EXPECT_EQ(round_up_100(2 * b), kNonDealerTsumo[row][h][1]) << "non-dealer tsumo, dealer";
        EXPECT_EQ(round_up_100(2 * b), kDealerTsumo[row][h]) << "dealer tsumo";
      }
    }
  }
}

TEST(PaymentTables, RoundUp100) {
  EXPECT_EQ(round_up_100(0), 0);
  EXPECT_EQ(round_up_100(1), 100);
  EXPECT_EQ(round_up_100(100), 100);
  EXPECT_EQ(round_up_100(3840), 3900);
  EXPECT_EQ(round_up_100(5760), 5800);  // dealer 3 han 30 fu, not 1.5 x 3900 (§8.3 trap)
}

TEST(PaymentTables, FourHan30FuIsNotKiriage) {
  Limit limit = Limit::kMangan;
  const int b = basic_points(4, 30, Rules::ema2016(), &limit);
  EXPECT_EQ(b, 1920);
  EXPECT_EQ(limit, Limit::kNone);
  EXPECT_EQ(round_up_100(4 * basic_points(3, 60, Rules::tenhou())), 7700);
}

// --- §8.2 limit hands -----------------------------------------------------------------------

struct LimitRow {
  const char* name;
  int non_dealer_ron, non_dealer_tsumo_nd, non_dealer_tsumo_d, dealer_ron, dealer_tsumo;
};

void expect_row(int basic, const LimitRow& row) {
  SCOPED_TRACE(row.name);
  EXPECT_EQ(round_up_100(4 * basic), row.non_dealer_ron);
  EXPECT_EQ(round_up_100(basic), row.non_dealer_tsumo_nd);
  EXPECT_EQ(round_up_100(2 * basic), row.non_dealer_tsumo_d);
  EXPECT_EQ(round_up_100(6 * basic), row.dealer_ron);
  EXPECT_EQ(round_up_100(2 * basic), row.dealer_tsumo);
}

constexpr LimitRow kMangan{"mangan", 8000, 2000, 4000, 12000, 4000};
constexpr LimitRow kHaneman{"haneman", 12000, 3000, 6000, 18000, 6000};
constexpr LimitRow kBaiman{"baiman", 16000, 4000, 8000, 24000, 8000};
constexpr LimitRow kSanbaiman{"sanbaiman", 24000, 6000, 12000, 36000, 12000};
constexpr LimitRow kYakuman1{"yakuman x1", 32000, 8000, 16000, 48000, 16000};
constexpr LimitRow kYakuman2{"yakuman x2", 64000, 16000, 32000, 96000, 32000};

TEST(LimitTable, Section82ByHan) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou"}) {
    const Rules rules = Rules::parse(preset);
    const bool kazoe = std::string(preset) != "ema2016";
    for (int han = 5; han <= 20; ++han) {
      for (int fu : {20, 30, 110}) {
        SCOPED_TRACE(std::string(preset) + " " + std::to_string(han) + " han " +
                     std::to_string(fu) + " fu");
        Limit limit = Limit::kNone;
        const int b = basic_points(han, fu, rules, &limit);
        if (han == 5) {
          EXPECT_EQ(limit, Limit::kMangan);
          expect_row(b, kMangan);
        } else if (han <= 7) {
          EXPECT_EQ(limit, Limit::kHaneman);
          expect_row(b, kHaneman);
        } else if (han <= 10) {
          EXPECT_EQ(limit, Limit::kBaiman);
          expect_row(b, kBaiman);
        } else if (han <= 12 || !kazoe) {
          EXPECT_EQ(limit, Limit::kSanbaiman);
          expect_row(b, kSanbaiman);
        } else {
          EXPECT_EQ(limit, Limit::kKazoeYakuman);
          expect_row(b, kYakuman1);
        }
      }
    }
  }
}

TEST(LimitTable, Section82Yakuman) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou"}) {
    SCOPED_TRACE(preset);
    const Rules rules = Rules::parse(preset);
    Limit limit = Limit::kNone;
    expect_row(basic_points(0, 0, rules, &limit, 1), kYakuman1);
    EXPECT_EQ(limit, Limit::kYakuman);
    limit = Limit::kNone;
    expect_row(basic_points(0, 0, rules, &limit, 2), kYakuman2);
    EXPECT_EQ(limit, Limit::kYakuman);
  }
}

TEST(LimitTable, FourHanCapIsMangan) {
  // 4 han 40 fu: 40 x 2^6 = 2560 -> capped at 2000 (§8.1 "never exceeding a mangan").
  expect_row(basic_points(4, 40, Rules::ema2016()), kMangan);
  expect_row(basic_points(3, 70, Rules::ema2016()), kMangan);
}

}  // namespace
}  // namespace riichi
