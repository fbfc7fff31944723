// Yaku (RULES.md §6.2, §6.3) and exclusions (§6.4); the preset differences, pao and the Rules
// parser are in test_yaku_presets.cpp. Expected values come from RULES.md, computed by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "random_hands.hpp"
#include "riichi/decompose.hpp"
#include "riichi/hand.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "yaku_helpers.hpp"

namespace riichi {
namespace {

// ---------------------------------------------------------------- §6.2 regular yaku

TEST(Yaku, Riichi) {
  const auto r = sc("234m567p23s789s55m", "4s", yaku_with_riichi(ron()));
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(han_of(r, "riichi"), 1);
  EXPECT_EQ(r.han, 2);  // + pinfu
  EXPECT_EQ(r.payments.ron, 2000);
  const auto n = sc("234m567p23s789s55m", "4s", ron());
  EXPECT_FALSE(has(n, "riichi"));
  EXPECT_EQ(n.payments.ron, 1000);
}

TEST(Yaku, DoubleRiichiEmaAddsToRiichi) {
  WinContext c = ron();
  c.double_riichi = true;
  const auto r = sc("234m567p23s789s55m", "4s", c);
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(han_of(r, "riichi"), 1);
  EXPECT_EQ(han_of(r, "double_riichi"), 1);
  EXPECT_EQ(r.yaku_han, 3);
  EXPECT_FALSE(has(sc("234m567p23s789s55m", "4s", yaku_with_riichi(ron())), "double_riichi"));
}

TEST(Yaku, Ippatsu) {
  WinContext c = yaku_with_riichi(ron());
  c.ippatsu = true;
  const auto r = sc("234m567p23s789s55m", "4s", c);
  EXPECT_EQ(han_of(r, "ippatsu"), 1);
  EXPECT_FALSE(has(sc("234m567p23s789s55m", "4s", yaku_with_riichi(ron())), "ippatsu"));
}

TEST(Yaku, MenzenTsumo) {
  const auto r = sc("234m567p23s789s55m", "4s", tsumo());
  EXPECT_EQ(han_of(r, "menzen_tsumo"), 1);
  const auto open = sc("234m567p23s55m c678s", "4s", tsumo());
  ASSERT_TRUE(open.ok()) << open.error_message;
  EXPECT_FALSE(has(open, "menzen_tsumo"));
  EXPECT_TRUE(has(open, "tanyao"));
}

TEST(Yaku, PinfuRonAndTsumo) {
  const auto r = sc("234m567p23s789s55m", "4s", ron());
  EXPECT_EQ(han_of(r, "pinfu"), 1);
  EXPECT_EQ(r.fu, 30);
  EXPECT_EQ(r.payments.ron, 1000);
  // §6.4: pinfu + menzen tsumo = 20 fu 2 han, 400/700.
  const auto t = sc("234m567p23s789s55m", "4s", tsumo());
  EXPECT_TRUE(has(t, "pinfu"));
  EXPECT_TRUE(has(t, "menzen_tsumo"));
  EXPECT_EQ(t.fu, 20);
  EXPECT_EQ(t.payments.non_dealer, 400);
  EXPECT_EQ(t.payments.dealer, 700);
}

TEST(Yaku, PinfuNeedsTwoSidedWait) {
  const auto r = sc("234m567p24s789s55m", "3s", yaku_with_riichi(ron()));
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(has(r, "pinfu"));
  EXPECT_EQ(r.fu, 40);  // 30 + 2 kanchan
  EXPECT_EQ(r.payments.ron, 1300);
}

TEST(Yaku, PinfuNeedsNonYakuhaiPair) {
  // East pair in the East round: no pinfu, +2 fu.
  const auto r = sc("234m567p23s789s11z", "4s", yaku_with_riichi(ron(S, E)));
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(has(r, "pinfu"));
  EXPECT_EQ(r.fu_raw, 32);
}

TEST(Yaku, RyanmenWithImpossibleSideGivesNoWaitFu) {
  // §7: 111p 123p 234p — the 4p completes 23p two-sided: 30 + 8 = 38.
  const auto r = sc("11112233p456m55s", "4p", yaku_with_riichi(ron()));
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.fu_raw, 38);
  EXPECT_EQ(r.fu, 40);
}

TEST(Yaku, Iipeikou) {
  const auto r = sc("112233m456p55s78s", "9s", ron());
  EXPECT_EQ(han_of(r, "iipeikou"), 1);
  EXPECT_TRUE(has(r, "pinfu"));
  // Open: no iipeikou, and nothing else.
  EXPECT_EQ(sc("123m456p55s78s c123m", "9s", ron()).error, ScoreError::kNoYaku);
}

TEST(Yaku, Tanyao) {
  const auto r = sc("234m567p23s678s55m", "4s", ron());
  EXPECT_EQ(han_of(r, "tanyao"), 1);
  EXPECT_FALSE(has(sc("234m567p23s789s55m", "4s", ron()), "tanyao"));
}

TEST(Yaku, DragonYakuhai) {
  const char* dragons[] = {"p555z", "p666z", "p777z"};
  const char* yaku[] = {"yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun"};
  for (int i = 0; i < 3; ++i) {
    const auto r = sc(std::string("234m567p23s55m ") + dragons[i], "4s", ron());
    ASSERT_TRUE(r.ok()) << r.error_message;
    EXPECT_EQ(han_of(r, yaku[i]), 1);
    EXPECT_EQ(r.fu, 30);  // 20 + 4 open honour pung = 24
    EXPECT_EQ(r.payments.ron, 1000);
  }
  // A dragon pair is no yakuhai.
  const auto pair = sc("234m567p23s789s55z", "4s", yaku_with_riichi(ron()));
  EXPECT_FALSE(has(pair, "yakuhai_haku"));
  EXPECT_EQ(pair.fu_raw, 32);
}

TEST(Yaku, WindYakuhai) {
  const auto seat = sc("234m567p23s55m p222z", "4s", ron(S, E));
  EXPECT_EQ(han_of(seat, "yakuhai_seat_wind"), 1);
  EXPECT_FALSE(has(seat, "yakuhai_round_wind"));
  const auto round = sc("234m567p23s55m p111z", "4s", ron(S, E));
  EXPECT_EQ(han_of(round, "yakuhai_round_wind"), 1);
  EXPECT_FALSE(has(round, "yakuhai_seat_wind"));
  // §6.2: a double-wind pung is worth both.
  const auto both = sc("234m567p23s55m p111z", "4s", ron(E, E));
  EXPECT_EQ(han_of(both, "yakuhai_seat_wind"), 1);
  EXPECT_EQ(han_of(both, "yakuhai_round_wind"), 1);
  EXPECT_EQ(both.han, 2);
  EXPECT_EQ(sc("234m567p23s55m p333z", "4s", ron(S, E)).error, ScoreError::kNoYaku);
}

TEST(Yaku, RinshanKaihou) {
  WinContext c = tsumo();
  c.rinshan = true;
  const auto r = sc("234m567p23s55m a8888s", "4s", c);
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(han_of(r, "rinshan_kaihou"), 1);
  EXPECT_FALSE(has(sc("234m567p23s55m a8888s", "4s", tsumo()), "rinshan_kaihou"));
  c.tsumo = false;
  EXPECT_EQ(sc("234m567p23s55m a8888s", "4s", c).error, ScoreError::kInvalidContext);
}

TEST(Yaku, Chankan) {
  WinContext c = ron();
  c.chankan = true;
  EXPECT_EQ(han_of(sc("234m567p23s789s55m", "4s", c), "chankan"), 1);
  EXPECT_FALSE(has(sc("234m567p23s789s55m", "4s", ron()), "chankan"));
}

TEST(Yaku, HaiteiAndHoutei) {
  WinContext t = tsumo();
  t.haitei = true;
  EXPECT_EQ(han_of(sc("234m567p23s789s55m", "4s", t), "haitei"), 1);
  WinContext r = ron();
  r.houtei = true;
  EXPECT_EQ(han_of(sc("234m567p23s789s55m", "4s", r), "houtei"), 1);
  EXPECT_FALSE(has(sc("234m567p23s789s55m", "4s", tsumo()), "haitei"));
  EXPECT_FALSE(has(sc("234m567p23s789s55m", "4s", ron()), "houtei"));
  r.houtei = false;
  r.haitei = true;  // haitei is a tsumo
  EXPECT_EQ(sc("234m567p23s789s55m", "4s", r).error, ScoreError::kInvalidContext);
}

TEST(Yaku, SanshokuDoujun) {
  const auto closed = sc("123m123p12s456m99s", "3s", ron());
  EXPECT_EQ(han_of(closed, "sanshoku_doujun"), 2);
  const auto open = sc("123p12s456m99s c123m", "3s", ron());
  EXPECT_EQ(han_of(open, "sanshoku_doujun"), 1);
  const auto no = sc("123m123p23s456m99s", "4s", ron());
  EXPECT_FALSE(has(no, "sanshoku_doujun"));
  EXPECT_TRUE(has(no, "pinfu"));
}

TEST(Yaku, Ittsu) {
  const auto closed = sc("123456789m234p5s", "5s", ron());
  EXPECT_EQ(han_of(closed, "ittsu"), 2);
  EXPECT_EQ(sc("123456m789p234s5s", "5s", ron()).error, ScoreError::kNoYaku);
  // §8.4 #3: open ittsu 1 + dora 1, 30 fu (open pinfu): 2000.
  WinContext c = ron();
  c.dora_indicators = {parse_tile("6s")};
  const auto open = sc("33m123s123s78s c456s", "9s", c);
  EXPECT_EQ(han_of(open, "ittsu"), 1);
  EXPECT_EQ(open.dora, 1);
  EXPECT_EQ(open.fu, 30);
  EXPECT_EQ(open.payments.ron, 2000);
}

TEST(Yaku, Chanta) {
  const auto r = sc("123m789p99m444z12s", "3s", ron(S, E));
  EXPECT_EQ(han_of(r, "chanta"), 2);
  EXPECT_FALSE(has(r, "junchan"));
  EXPECT_EQ(sc("123m789p99m444z23s", "4s", ron(S, E)).error, ScoreError::kNoYaku);
}

TEST(Yaku, Junchan) {
  const auto r = sc("123m789m123p789s1s", "1s", ron());
  EXPECT_EQ(han_of(r, "junchan"), 3);
  // With an honour it is chanta, not junchan.
  const auto c = sc("123m789m123p789s4z", "4z", ron());
  EXPECT_EQ(han_of(c, "chanta"), 2);
  EXPECT_FALSE(has(c, "junchan"));
}

TEST(Yaku, Chiitoitsu) {
  const auto r = sc("22m33m55m22p66p33s4s", "4s", ron());
  EXPECT_EQ(han_of(r, "chiitoitsu"), 2);
  EXPECT_TRUE(has(r, "tanyao"));
  EXPECT_EQ(r.fu, 25);
  EXPECT_EQ(r.payments.ron, 3200);  // 3 han 25 fu
  // §4.1: four identical tiles are not two pairs.
  EXPECT_EQ(sc("1111m22p33p44p55p6s", "6s", ron()).error, ScoreError::kNotComplete);
}

TEST(Yaku, SanshokuDoukou) {
  const auto r = sc("222m222p222s345m6p", "6p", ron());
  EXPECT_EQ(han_of(r, "sanshoku_doukou"), 2);
  EXPECT_TRUE(has(r, "san_ankou"));
  EXPECT_FALSE(has(sc("222m222p333s345m6p", "6p", ron()), "sanshoku_doukou"));
}

TEST(Yaku, SanAnkou) {
  EXPECT_EQ(han_of(sc("111m333p555s23m77p", "4m", ron()), "san_ankou"), 2);
  // §7: the ronned pung is open, so only two concealed pungs remain.
  const auto ronned = sc("111m333p55s234m77p", "5s", yaku_with_riichi(ron()));
  ASSERT_TRUE(ronned.ok());
  EXPECT_FALSE(has(ronned, "san_ankou"));
  EXPECT_TRUE(has(sc("111m333p55s234m77p", "5s", tsumo()), "san_ankou"));
}

TEST(Yaku, SanKantsu) {
  EXPECT_EQ(han_of(sc("456m7p m1111p k2222s a3333m", "7p", ron()), "san_kantsu"), 2);
  const auto two = sc("456m7p m1111p k2222s p555z", "7p", ron());
  ASSERT_TRUE(two.ok());
  EXPECT_FALSE(has(two, "san_kantsu"));
}

TEST(Yaku, Toitoi) {
  EXPECT_EQ(han_of(sc("444s55m66s p222m p333p", "6s", ron()), "toitoi"), 2);
  const auto chow = sc("444s55m66s p222m c345p", "6s", ron());
  ASSERT_TRUE(chow.ok());
  EXPECT_FALSE(has(chow, "toitoi"));
}

TEST(Yaku, Shousangen) {
  const auto r = sc("555z666z77z234m45p", "6p", ron());
  EXPECT_EQ(han_of(r, "shousangen"), 2);
  EXPECT_TRUE(has(r, "yakuhai_haku"));
  EXPECT_TRUE(has(r, "yakuhai_hatsu"));
  EXPECT_EQ(r.yaku_han, 4);  // §6.4: shousangen + its dragon yakuhai
  EXPECT_FALSE(has(sc("555z666z22z234m45p", "6p", ron()), "shousangen"));
}

TEST(Yaku, Honroutou) {
  const auto r = sc("99s22z p111m p999p p111z", "2z", ron(S, E));
  EXPECT_EQ(han_of(r, "honroutou"), 2);
  EXPECT_TRUE(has(r, "toitoi"));  // §6.4: cumulative
  EXPECT_FALSE(has(r, "chanta"));
  EXPECT_EQ(r.yaku_han, 6);  // + round wind East + seat wind South
  EXPECT_FALSE(has(sc("123m789p99m444z12s", "3s", ron()), "honroutou"));
}

TEST(Yaku, Honitsu) {
  const auto r = sc("123m345m66m99m p444z", "6m", ron(S, E));
  EXPECT_EQ(han_of(r, "honitsu"), 2);
  EXPECT_EQ(han_of(sc("123m345m66m99m111z", "6m", ron(S, E)), "honitsu"), 3);
  EXPECT_EQ(sc("123m345m66m99m p444s", "6m", ron(S, E)).error, ScoreError::kNoYaku);
}

TEST(Yaku, Chinitsu) {
  const auto r = sc("1223345667799m", "8m", ron());
  EXPECT_EQ(han_of(r, "chinitsu"), 6);
  EXPECT_FALSE(has(r, "honitsu"));
  EXPECT_EQ(han_of(sc("1223345679m c789m", "9m", ron()), "chinitsu"), 5);
  EXPECT_FALSE(has(sc("123m345m66m99m111z", "6m", ron()), "chinitsu"));
}

TEST(Yaku, Ryanpeikou) {
  // §8.4 #8: ryanpeikou 3 + tsumo 1; 20 + 2 tanki + 2 tsumo + 2 dragon pair = 26 -> 30.
  const auto r = sc("334455m112233p7z", "7z", tsumo());
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(han_of(r, "ryanpeikou"), 3);
  EXPECT_FALSE(has(r, "iipeikou"));
  EXPECT_FALSE(has(r, "chiitoitsu"));
  EXPECT_EQ(r.fu, 30);
  EXPECT_EQ(r.payments.non_dealer, 2000);
  EXPECT_EQ(r.payments.dealer, 3900);
  EXPECT_FALSE(has(sc("112233m456p55s78s", "9s", ron()), "ryanpeikou"));
}

// ---------------------------------------------------------------- renhou (§6.2, OQ-8)

TEST(YakuPreset, RenhouEma2016IsAManganAlone) {
  WinContext c = ron();
  c.renhou = true;
  c.dora_indicators = {parse_tile("1m")};
  const auto r = sc("234m567p23s678s55m", "4s", c);
  ASSERT_TRUE(r.ok()) << r.error_message;
  ASSERT_EQ(r.yaku.size(), 1u) << names(r);
  EXPECT_EQ(han_of(r, "renhou"), 5);
  EXPECT_EQ(r.dora, 0);
  EXPECT_EQ(r.limit, Limit::kMangan);
  EXPECT_EQ(r.payments.ron, 8000);
}

TEST(YakuPreset, RenhouEma2016LosesToABetterNormalHand) {
  WinContext c = ron();
  c.renhou = true;
  const auto r = sc("1223345667799m", "8m", c);  // closed chinitsu + pinfu = 7 han
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(has(r, "renhou")) << names(r);
  EXPECT_EQ(r.han, 7);
  EXPECT_EQ(r.payments.ron, 12000);
}

TEST(YakuPreset, RenhouPerPreset) {
  WinContext c = ron();
  c.renhou = true;
  const auto y = sc("234m567p23s678s55m", "4s", c, Rules::ema2008());
  EXPECT_EQ(yakuman_of(y, "renhou"), 1);
  EXPECT_EQ(y.payments.ron, 32000);
  const auto t = sc("234m567p23s678s55m", "4s", c, Rules::tenhou());
  EXPECT_FALSE(has(t, "renhou"));
  EXPECT_EQ(t.payments.ron, 2000);  // pinfu + tanyao
}

// ---------------------------------------------------------------- §6.3 yakuman

TEST(Yakuman, KokushiThirteenSided) {
  const auto a = sc("19m19p19s1234567z", "1m", ron());
  EXPECT_EQ(yakuman_of(a, "kokushi_musou"), 1);
  EXPECT_EQ(a.payments.ron, 32000);
  const auto b = sc("19m19p19s1234567z", "1m", ron(), Rules::ema2008());
  EXPECT_EQ(yakuman_of(b, "kokushi_musou_13_sided"), 2);
  EXPECT_EQ(b.payments.ron, 64000);
  EXPECT_EQ(sc("19m19p19s1234567z", "1m", ron(), Rules::tenhou()).payments.ron, 32000);
}

TEST(Yakuman, KokushiSingleWait) {
  const auto r = sc("119m19p19s123456z", "7z", ron(), Rules::ema2008());
  EXPECT_EQ(yakuman_of(r, "kokushi_musou"), 1);
  EXPECT_EQ(r.payments.ron, 32000);
  EXPECT_EQ(sc("129m19p19s123456z", "7z", ron()).error, ScoreError::kNotComplete);
}

TEST(Yakuman, ChuurenPoutou) {
  const auto a = sc("1112345678999m", "5m", ron());
  EXPECT_EQ(yakuman_of(a, "chuuren_poutou"), 1);
  EXPECT_EQ(a.payments.ron, 32000);
  const auto b = sc("1112345678999m", "5m", ron(), Rules::ema2008());
  EXPECT_EQ(yakuman_of(b, "junsei_chuuren_poutou"), 2);
  EXPECT_EQ(b.payments.ron, 64000);
  // The final 14 tiles form chuuren but the wait was not nine-sided: single yakuman.
  const auto c = sc("1112346789999m", "5m", ron(), Rules::ema2008());
  EXPECT_EQ(yakuman_of(c, "chuuren_poutou"), 1);
  EXPECT_EQ(c.payments.ron, 32000);
  const auto no = sc("1122334567899m", "9m", ron());
  EXPECT_FALSE(has(no, "chuuren_poutou"));
  EXPECT_TRUE(has(no, "chinitsu"));
}

TEST(Yakuman, SuuAnkou) {
  // §8.4 #4 and #5.
  const auto t = sc("333m222p444p33s88s", "8s", tsumo());
  EXPECT_EQ(yakuman_of(t, "suu_ankou"), 1);
  EXPECT_EQ(t.payments.non_dealer, 8000);
  EXPECT_EQ(t.payments.dealer, 16000);
  WinContext c = ron();
  c.dora_indicators = {parse_tile("3p")};
  const auto r = sc("333m222p444p33s88s", "8s", c);
  EXPECT_FALSE(has(r, "suu_ankou"));
  EXPECT_TRUE(has(r, "san_ankou"));
  EXPECT_TRUE(has(r, "toitoi"));
  EXPECT_EQ(r.han, 8);
  EXPECT_EQ(r.payments.ron, 16000);
}

TEST(Yakuman, SuuAnkouTanki) {
  const auto a = sc("333m222p444p888s3s", "3s", ron());
  EXPECT_EQ(yakuman_of(a, "suu_ankou"), 1);
  EXPECT_EQ(a.payments.ron, 32000);
  const auto b = sc("333m222p444p888s3s", "3s", ron(), Rules::ema2008());
  EXPECT_EQ(yakuman_of(b, "suu_ankou_tanki"), 2);
  EXPECT_EQ(b.payments.ron, 64000);
}

TEST(Yakuman, Daisangen) {
  const auto r = sc("555z666z777z23m44p", "1m", ron());
  EXPECT_EQ(yakuman_of(r, "daisangen"), 1);
  EXPECT_EQ(r.payments.ron, 32000);
  EXPECT_FALSE(has(sc("555z666z77z234m45p", "6p", ron()), "daisangen"));
}

TEST(Yakuman, Shousuushii) {
  const auto r = sc("222z333z44z23m p111z", "4m", ron());
  EXPECT_EQ(yakuman_of(r, "shousuushii"), 1);
  const auto no = sc("222z333z44m23m p111z", "4m", ron());
  ASSERT_TRUE(no.ok());
  EXPECT_FALSE(has(no, "shousuushii"));
}

TEST(Yakuman, Daisuushii) {
  const auto a = sc("333z444z5m p111z p222z", "5m", ron());
  EXPECT_EQ(yakuman_of(a, "daisuushii"), 1);
  EXPECT_EQ(a.payments.ron, 32000);
  const auto b = sc("333z444z5m p111z p222z", "5m", ron(), Rules::ema2008());
  EXPECT_EQ(yakuman_of(b, "daisuushii"), 2);
  EXPECT_EQ(b.payments.ron, 64000);
  EXPECT_EQ(sc("333z444z5m p111z p222z", "5m", ron(), Rules::tenhou()).payments.ron, 32000);
}

TEST(Yakuman, Tsuuiisou) {
  const auto r = sc("222z666z7z p111z p555z", "7z", ron());
  EXPECT_EQ(yakuman_of(r, "tsuuiisou"), 1);
  EXPECT_FALSE(has(sc("222z666z7m p111z p555z", "7m", ron()), "tsuuiisou"));
}

TEST(Yakuman, TsuuiisouSevenPairsOption) {
  // OQ-9 / SA-3: allowed by default; off, it is chiitoitsu + honroutou = 4 han 25 fu.
  EXPECT_EQ(yakuman_of(sc("1122334455667z", "7z", ron()), "tsuuiisou"), 1);
  const auto off =
      sc("1122334455667z", "7z", ron(), Rules::parse("ema2016,tsuuiisou_seven_pairs=false"));
  EXPECT_FALSE(has(off, "tsuuiisou"));
  EXPECT_TRUE(has(off, "chiitoitsu"));
  EXPECT_TRUE(has(off, "honroutou"));
  EXPECT_EQ(off.payments.ron, 6400);
}

TEST(Yakuman, Chinroutou) {
  const auto r = sc("111p999p1s p111m p999m", "1s", ron());
  EXPECT_EQ(yakuman_of(r, "chinroutou"), 1);
  EXPECT_FALSE(has(sc("111p999p1z p111m p999m", "1z", ron()), "chinroutou"));
}

TEST(Yakuman, Ryuuiisou) {
  EXPECT_EQ(yakuman_of(sc("234s234s666s88s66z", "8s", ron()), "ryuuiisou"), 1);
  // §6.3: the green dragon is not required ...
  EXPECT_EQ(yakuman_of(sc("234s234s666s888s2s", "2s", ron()), "ryuuiisou"), 1);
  // ... unless ryuuiisou_needs_hatsu (SA-8).
  const auto need =
      sc("234s234s666s888s2s", "2s", ron(), Rules::parse("ryuuiisou_needs_hatsu=true"));
  ASSERT_TRUE(need.ok());
  EXPECT_FALSE(has(need, "ryuuiisou"));
  EXPECT_TRUE(has(need, "chinitsu"));
  EXPECT_FALSE(has(sc("234s234s666s99s66z", "9s", ron()), "ryuuiisou"));
}

TEST(Yakuman, SuuKantsu) {
  const auto r = sc("5z m1111m k2222p m3333s m4444z", "5z", ron());
  EXPECT_EQ(yakuman_of(r, "suu_kantsu"), 1);
  EXPECT_EQ(r.payments.ron, 32000);
}

TEST(Yakuman, TenhouAndChiihou) {
  WinContext d = tsumo(E);
  d.tenhou = true;
  d.dora_indicators = {parse_tile("1m")};
  const auto t = sc("234m567p23s678s55m", "4s", d);
  ASSERT_EQ(t.yaku.size(), 1u) << names(t);  // §6.4: no other yaku, no dora
  EXPECT_EQ(yakuman_of(t, "tenhou"), 1);
  EXPECT_EQ(t.dora, 0);
  EXPECT_EQ(t.payments.each, 16000);
  WinContext n = tsumo(S);
  n.chiihou = true;
  const auto c = sc("234m567p23s678s55m", "4s", n);
  EXPECT_EQ(yakuman_of(c, "chiihou"), 1);
  EXPECT_EQ(c.payments.non_dealer, 8000);
  EXPECT_EQ(c.payments.dealer, 16000);
  // Tenhou is the dealer's, chiihou a non-dealer's.
  WinContext bad = tsumo(S);
  bad.tenhou = true;
  EXPECT_EQ(sc("234m567p23s678s55m", "4s", bad).error, ScoreError::kInvalidContext);
  EXPECT_FALSE(has(sc("234m567p23s678s55m", "4s", tsumo(E)), "tenhou"));
}

// ---------------------------------------------------------------- §6.4 exclusions

TEST(YakuExclusion, YakumanIgnoresOtherYakuAndDora) {
  WinContext c = tsumo();
  c.dora_indicators = {parse_tile("3p")};
  const auto r = sc("333m222p444p33s88s", "8s", c);
  ASSERT_EQ(r.yaku.size(), 1u) << names(r);
  EXPECT_EQ(r.dora, 0);
  EXPECT_EQ(r.han, 0);
  EXPECT_EQ(r.limit, Limit::kYakuman);
}

TEST(YakuExclusion, HaiteiDoesNotCombineWithRinshan) {
  WinContext c = tsumo();
  c.rinshan = true;
  c.haitei = true;
  const auto r = sc("234m567p23s55m a8888s", "4s", c);
  EXPECT_TRUE(has(r, "rinshan_kaihou"));
  EXPECT_FALSE(has(r, "haitei"));
}

TEST(YakuExclusion, HouteiDoesNotCombineWithChankan) {
  WinContext c = ron();
  c.chankan = true;
  c.houtei = true;
  const auto r = sc("234m567p23s789s55m", "4s", c);
  EXPECT_TRUE(has(r, "chankan"));
  EXPECT_FALSE(has(r, "houtei"));
}

TEST(YakuExclusion, IppatsuNeedsRiichiAndNeverWithRinshan) {
  WinContext c = yaku_with_riichi(tsumo());
  c.ippatsu = true;
  c.rinshan = true;
  const auto r = sc("234m567p23s55m a8888s", "4s", c);
  EXPECT_TRUE(has(r, "rinshan_kaihou"));
  EXPECT_FALSE(has(r, "ippatsu"));
  WinContext no_riichi = ron();
  no_riichi.ippatsu = true;
  EXPECT_EQ(sc("234m567p23s789s55m", "4s", no_riichi).error, ScoreError::kInvalidContext);
}

TEST(YakuExclusion, JunchanExcludesChantaAndHonroutouExcludesBoth) {
  const auto j = sc("123m789m123p789s1s", "1s", ron());
  EXPECT_TRUE(has(j, "junchan"));
  EXPECT_FALSE(has(j, "chanta"));
  const auto h = sc("99s22z p111m p999p p111z", "2z", ron());
  EXPECT_FALSE(has(h, "chanta"));
  EXPECT_FALSE(has(h, "junchan"));
}

TEST(YakuExclusion, ChinitsuExcludesHonitsu) {
  const auto r = sc("1223345667799m", "8m", ron());
  EXPECT_TRUE(has(r, "chinitsu"));
  EXPECT_FALSE(has(r, "honitsu"));
}

TEST(YakuExclusion, RyanpeikouExcludesIipeikouAndBeatsChiitoitsu) {
  const auto r = sc("334455m112233p7z", "7z", tsumo());
  EXPECT_TRUE(has(r, "ryanpeikou"));
  EXPECT_FALSE(has(r, "iipeikou"));
  EXPECT_FALSE(has(r, "chiitoitsu"));
}

TEST(YakuExclusion, DoubleRiichiStyle) {
  WinContext c = ron();
  c.double_riichi = true;
  const auto ema = sc("234m567p23s789s55m", "4s", c, Rules::ema2016());
  EXPECT_EQ(han_of(ema, "riichi"), 1);
  EXPECT_EQ(han_of(ema, "double_riichi"), 1);
  const auto tenhou = sc("234m567p23s789s55m", "4s", c, Rules::tenhou());
  EXPECT_FALSE(has(tenhou, "riichi"));
  EXPECT_EQ(han_of(tenhou, "double_riichi"), 2);
  EXPECT_EQ(ema.han, tenhou.han);
}

TEST(YakuExclusion, CumulativeCombinations) {
  // san ankou + toitoi; 50 fu: 30 + 8 + 4 + 4 + 2 (ronned 777s) + 2 (South pair, seat S).
  const auto r = sc("111m333p555s77s22z", "7s", ron(S, E));
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_TRUE(has(r, "san_ankou"));
  EXPECT_TRUE(has(r, "toitoi"));
  EXPECT_EQ(r.han, 4);
  EXPECT_EQ(r.fu, 50);
  EXPECT_EQ(r.payments.ron, 8000);
}

TEST(YakuExclusion, PungsOrChowsNeverBoth) {
  // §6.1: 111222333m is three pungs or three chows. Pungs: san ankou 2 + tsumo 1, 20 + 2 tsumo
  // + 8 + 4 + 4 + 2 tanki = 40 fu -> 1300/2600; chows (iipeikou + tsumo, 30 fu) pay less.
  const auto r = sc("111222333m456p5s", "5s", tsumo());
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_TRUE(has(r, "san_ankou")) << names(r);
  EXPECT_FALSE(has(r, "iipeikou")) << names(r);
  EXPECT_EQ(r.fu, 40);
  EXPECT_EQ(r.payments.non_dealer, 1300);
  EXPECT_EQ(r.payments.dealer, 2600);
}

TEST(YakuExclusion, ChiitoitsuHasNoSetYaku) {
  const auto r = sc("22m33m55m22p66p33s4s", "4s", tsumo());
  for (const char* y : {"pinfu", "iipeikou", "san_ankou", "toitoi"}) EXPECT_FALSE(has(r, y)) << y;
}

}  // namespace
}  // namespace riichi

// ---------------------------------------------------------------- completeness cross-check

namespace riichi {
namespace {

// Completeness must match decompose() / is_chiitoitsu() / is_kokushi() exactly (§4.1).
TEST(YakuCrossCheck, CompleteExactlyWhenDecomposable) {
  testing::SplitMix64 rng{42};
  Rules rules = Rules::ema2016();
  int complete = 0;
  const int n = testing::iterations(20000);
  for (int i = 0; i < n; ++i) {
    // Half the hands drawn from one suit and honours so that complete ones are common.
    const Counts c =
        i % 2 ? testing::random_hand(rng, 14) : testing::random_hand(rng, 14, 9 * rng.below(3), 9);
    Hand hand;
    for (int k = 0; k < kNumKinds; ++k)
      for (int j = 0; j < c[k]; ++j) hand.concealed.push_back(Tile{static_cast<std::uint8_t>(k)});
    const Tile win = hand.concealed[rng.below(14)];
    hand.concealed.erase(std::find(hand.concealed.begin(), hand.concealed.end(), win));
    WinContext ctx = yaku_with_riichi(ron());
    const ScoreResult r = score(hand, win, ctx, rules);
    const bool expected = !decompose(c).empty() || is_chiitoitsu(c) || is_kokushi(c);
    ASSERT_EQ(r.error != ScoreError::kNotComplete, expected) << format_counts(c);
    if (expected) {
      ASSERT_TRUE(r.ok()) << format_counts(c) << " " << r.error_message;
      ++complete;
    }
  }
  EXPECT_GT(complete, 10);
}

}  // namespace
}  // namespace riichi
