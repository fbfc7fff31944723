// Preset differences that touch scoring (RULES.md §9), pao (§4.6), honba and sticks (§5.1), and
// the Rules presets and parser. Expected values come from RULES.md, computed by hand.
#include <gtest/gtest.h>

#include <string>

#include "riichi/hand.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "yaku_helpers.hpp"

namespace riichi {
namespace {

// ---------------------------------------------------------------- §9 preset differences

TEST(YakuPreset, OpenTanyao) {
  const auto ema16 = sc("234m567p23s55m c678s", "4s", ron());
  EXPECT_EQ(han_of(ema16, "tanyao"), 1);
  EXPECT_EQ(ema16.fu, 30);
  EXPECT_EQ(ema16.payments.ron, 1000);
  EXPECT_EQ(sc("234m567p23s55m c678s", "4s", ron(), Rules::tenhou()).payments.ron, 1000);
  EXPECT_EQ(sc("234m567p23s55m c678s", "4s", ron(), Rules::ema2008()).error, ScoreError::kNoYaku);
}

TEST(YakuPreset, RedFives) {
  const auto bad = sc("234m067p23s789s55m", "4s", ron());
  EXPECT_EQ(bad.error, ScoreError::kInvalidContext);
  EXPECT_NE(bad.error_message.find("red"), std::string::npos);
  const auto r = sc("234m067p23s789s55m", "4s", ron(), Rules::ema2008());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.red, 1);
  EXPECT_EQ(r.han, 2);  // pinfu + red five
  EXPECT_EQ(r.payments.ron, 2000);
  EXPECT_EQ(sc("234m567p23s789s55m", "0s", ron(), Rules::tenhou()).red, 0);
  EXPECT_EQ(sc("234m567p23s789s55m", "4s", ron(), Rules::tenhou()).red, 0);
}

TEST(YakuPreset, RyanhanShibari) {
  WinContext c = ron();
  c.honba = 5;
  c.dora_indicators = {parse_tile("1m")};  // one dora: does not count
  const auto r = sc("234m567p23s789s55m", "4s", c, Rules::ema2008());
  EXPECT_EQ(r.error, ScoreError::kRyanhanShibari);
  EXPECT_FALSE(r.error_message.empty());
  EXPECT_TRUE(sc("234m567p23s789s55m", "4s", yaku_with_riichi(c), Rules::ema2008()).ok());
  EXPECT_EQ(sc("234m567p23s789s55m", "4s", c, Rules::ema2016()).payments.ron, 2000 + 1500);
  c.honba = 4;
  EXPECT_EQ(sc("234m567p23s789s55m", "4s", c, Rules::ema2008()).payments.ron, 2000 + 1200);
  // A yakuman satisfies it.
  c.honba = 5;
  EXPECT_TRUE(sc("555z666z777z23m44p", "1m", c, Rules::ema2008()).ok());
}

TEST(YakuPreset, KazoeYakuman) {
  // riichi 1 + pinfu 1 + iipeikou 1 + ittsu 2 + chinitsu 6 = 11, + 3 dora = 14 han.
  WinContext c = yaku_with_riichi(ron());
  c.dora_indicators = {parse_tile("4m")};
  const auto ema16 = sc("1122334555678m", "9m", c);
  ASSERT_TRUE(ema16.ok()) << ema16.error_message;
  EXPECT_EQ(ema16.han, 14);
  EXPECT_EQ(ema16.limit, Limit::kSanbaiman);
  EXPECT_EQ(ema16.payments.ron, 24000);
  const auto ema08 = sc("1122334555678m", "9m", c, Rules::ema2008());
  EXPECT_EQ(ema08.limit, Limit::kKazoeYakuman);
  EXPECT_EQ(ema08.payments.ron, 32000);
  EXPECT_EQ(sc("1122334555678m", "9m", c, Rules::tenhou()).payments.ron, 32000);
}

TEST(YakuPreset, YakumanStacking) {
  // daisangen + tsuuiisou.
  const auto ema16 = sc("777z111z2z p555z p666z", "2z", ron());
  EXPECT_EQ(ema16.yakuman_units, 1);
  EXPECT_EQ(ema16.payments.ron, 32000);
  const auto tenhou = sc("777z111z2z p555z p666z", "2z", ron(), Rules::tenhou());
  EXPECT_EQ(tenhou.yakuman_units, 2);
  EXPECT_TRUE(has(tenhou, "daisangen"));
  EXPECT_TRUE(has(tenhou, "tsuuiisou"));
  EXPECT_EQ(tenhou.payments.ron, 64000);
  EXPECT_EQ(sc("777z111z2z p555z p666z", "2z", ron(), Rules::ema2008()).payments.ron, 64000);
}

TEST(YakuPreset, DoubleWindPairFu) {
  // §7: 30 + 8 (white pung) + 4 (double-East pair) = 42 -> 50: dealer 2400; 2-fu rule: 2000.
  const auto four = sc("11z555z234m567p78s", "9s", ron(E, E));
  EXPECT_EQ(four.fu, 50);
  EXPECT_EQ(four.payments.ron, 2400);
  const auto two = sc("11z555z234m567p78s", "9s", ron(E, E), Rules::parse("double_wind_pair_fu=2"));
  EXPECT_EQ(two.fu, 40);
  EXPECT_EQ(two.payments.ron, 2000);
}

// ---------------------------------------------------------------- §4.6 pao, §5.1 honba

TEST(YakuPayment, PaoRonByAThirdPlayerEma) {
  WinContext c = ron(S);
  c.discarder = W;
  c.liable = N;
  c.honba = 1;
  const auto r = sc("23m44p p555z p666z p777z", "1m", c);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.payments.ron, 32300);
  EXPECT_EQ(r.payments.delta[N], -16000);
  EXPECT_EQ(r.payments.delta[W], -16300);
  EXPECT_EQ(r.payments.delta[S], 32300);
  EXPECT_EQ(r.payments.delta[E], 0);
}

TEST(YakuPayment, PaoRonByAThirdPlayerTenhou) {
  WinContext c = ron(S);
  c.discarder = W;
  c.liable = N;
  c.honba = 1;
  const auto r = sc("23m44p p555z p666z p777z", "1m", c, Rules::tenhou());
  EXPECT_EQ(r.payments.delta[N], -16300);
  EXPECT_EQ(r.payments.delta[W], -16000);
  EXPECT_EQ(r.payments.delta[S], 32300);
}

TEST(YakuPayment, PaoTsumoLiablePaysAll) {
  WinContext c = tsumo(E);
  c.liable = S;
  const auto r = sc("5m p111z p222z p333z p444z", "5m", c);
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.payments.delta[S], -48000);
  EXPECT_EQ(r.payments.delta[W], 0);
  EXPECT_EQ(r.payments.delta[N], 0);
  EXPECT_EQ(r.payments.delta[E], 48000);
  c.honba = 2;  // OQ-7: counters follow the liable payer
  EXPECT_EQ(sc("5m p111z p222z p333z p444z", "5m", c).payments.delta[S], -48600);
}

TEST(YakuPayment, PaoRonByTheLiablePlayerAndNoPaoYakuman) {
  WinContext c = ron(S);
  c.discarder = N;
  c.liable = N;
  EXPECT_EQ(sc("23m44p p555z p666z p777z", "1m", c).payments.delta[N], -32000);
  // Liability only covers daisangen / daisuushii.
  c.discarder = W;
  const auto r = sc("234m567p23s55m p555z", "4s", c);
  EXPECT_EQ(r.payments.delta[W], -1000);
  EXPECT_EQ(r.payments.delta[N], 0);
}

TEST(YakuPayment, HonbaAndSticks) {
  // §5.1: h=2, non-dealer 2 han 30 fu: ron 2600; tsumo 700 / 1200.
  WinContext c = yaku_with_riichi(ron());
  c.honba = 2;
  c.riichi_sticks = 3;
  const auto r = sc("234m567p23s789s55m", "4s", c);
  EXPECT_EQ(r.payments.ron, 2600);
  EXPECT_EQ(r.payments.sticks, 3000);
  EXPECT_EQ(r.payments.delta[E], -2600);  // default discarder: the player before South
  EXPECT_EQ(r.payments.delta[S], 2600);
  WinContext t = tsumo();
  t.honba = 2;
  const auto ts = sc("234m567p23s789s55m", "4s", t);  // pinfu + tsumo: 20 fu 2 han
  EXPECT_EQ(ts.payments.non_dealer, 600);
  EXPECT_EQ(ts.payments.dealer, 900);
  EXPECT_EQ(ts.payments.total, 2100);
}

TEST(YakuPayment, NotCompleteAndNoYakuMessages) {
  const auto nc = sc("234m567p23s789s56m", "4s", ron());
  EXPECT_EQ(nc.error, ScoreError::kNotComplete);
  EXPECT_FALSE(nc.error_message.empty());
  const auto ny = sc("234m567p23s55m c789s", "4s", ron());
  EXPECT_EQ(ny.error, ScoreError::kNoYaku);
  EXPECT_NE(ny.error_message.find("yaku"), std::string::npos);
}

TEST(YakuPayment, ReadingNamesTheWait) {
  const auto r = sc("234m567p24s789s55m", "3s", yaku_with_riichi(ron()));
  EXPECT_NE(r.reading.find("kanchan"), std::string::npos) << r.reading;
  EXPECT_NE(r.reading.find("234s"), std::string::npos) << r.reading;
}

// ---------------------------------------------------------------- Rules

TEST(Rules, PresetValues) {
  const Rules a = Rules::ema2016();
  EXPECT_FALSE(a.red_fives);
  EXPECT_TRUE(a.open_tanyao);
  EXPECT_EQ(a.renhou, RenhouValue::kMangan);
  EXPECT_FALSE(a.kazoe_yakuman);
  EXPECT_FALSE(a.double_yakuman);
  EXPECT_FALSE(a.yakuman_stacking);
  EXPECT_EQ(a.ryanhan_shibari_honba, 0);
  EXPECT_EQ(a.nagashi_mangan, NagashiMangan::kNone);
  const Rules b = Rules::ema2008();
  EXPECT_TRUE(b.red_fives);
  EXPECT_FALSE(b.open_tanyao);
  EXPECT_EQ(b.renhou, RenhouValue::kYakuman);
  EXPECT_TRUE(b.kazoe_yakuman);
  EXPECT_TRUE(b.double_yakuman);
  EXPECT_TRUE(b.yakuman_stacking);
  EXPECT_EQ(b.ryanhan_shibari_honba, 5);
  EXPECT_EQ(b.nagashi_mangan, NagashiMangan::kWin);
  EXPECT_EQ(b.double_riichi, DoubleRiichiStyle::kPlusOne);
  const Rules c = Rules::tenhou();
  EXPECT_TRUE(c.red_fives);
  EXPECT_TRUE(c.open_tanyao);
  EXPECT_EQ(c.renhou, RenhouValue::kNone);
  EXPECT_EQ(c.double_riichi, DoubleRiichiStyle::kTwoHan);
  EXPECT_TRUE(c.kazoe_yakuman);
  EXPECT_FALSE(c.double_yakuman);
  EXPECT_TRUE(c.yakuman_stacking);
  EXPECT_FALSE(c.kokushi_robs_ankan);
  EXPECT_EQ(c.pao_honba, PaoHonba::kLiable);
  EXPECT_EQ(c.nagashi_mangan, NagashiMangan::kDraw);
}

TEST(Rules, ParseOverrides) {
  const Rules r = Rules::parse("ema2016,open_tanyao=false");
  EXPECT_EQ(r.name, "ema2016");
  EXPECT_FALSE(r.open_tanyao);
  const Rules t = Rules::parse("tenhou, renhou=mangan ,double_wind_pair_fu=2");
  EXPECT_EQ(t.name, "tenhou");
  EXPECT_EQ(t.renhou, RenhouValue::kMangan);
  EXPECT_EQ(t.double_wind_pair_fu, 2);
  EXPECT_TRUE(t.red_fives);
  const Rules k = Rules::parse("kazoe_yakuman=true,ryanhan_shibari_honba=3");
  EXPECT_EQ(k.name, "ema2016");
  EXPECT_TRUE(k.kazoe_yakuman);
  EXPECT_EQ(k.ryanhan_shibari_honba, 3);
  EXPECT_EQ(Rules::parse("").name, "ema2016");
  EXPECT_EQ(Rules::parse("ema2008").fields(), Rules::ema2008().fields());
}

TEST(Rules, FieldsRoundTrip) {
  for (const Rules& preset : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    std::string spec = "ema2016";
    for (const auto& [key, value] : preset.fields()) spec += "," + key + "=" + value;
    EXPECT_EQ(Rules::parse(spec).fields(), preset.fields()) << spec;
  }
}

TEST(Rules, ErrorsListWhatIsAccepted) {
  auto message = [](const char* spec) {
    std::string error;
    EXPECT_FALSE(Rules::try_parse(spec, &error).has_value()) << spec;
    EXPECT_THROW(Rules::parse(spec), std::invalid_argument) << spec;
    return error;
  };
  const std::string preset = message("ema2020");
  EXPECT_NE(preset.find("ema2016, ema2008, tenhou"), std::string::npos) << preset;
  const std::string key = message("ema2016,kuitan=true");
  EXPECT_NE(key.find("open_tanyao"), std::string::npos) << key;
  EXPECT_NE(key.find("pao_honba"), std::string::npos) << key;
  const std::string boolean = message("open_tanyao=maybe");
  EXPECT_NE(boolean.find("true | false"), std::string::npos) << boolean;
  const std::string enumeration = message("renhou=double");
  EXPECT_NE(enumeration.find("none | mangan | yakuman"), std::string::npos) << enumeration;
  const std::string number = message("ryanhan_shibari_honba=-1");
  EXPECT_NE(number.find("integer"), std::string::npos) << number;
  message("ema2016,tenhou");
  EXPECT_TRUE(Rules::try_parse("tenhou").has_value());
}

}  // namespace
}  // namespace riichi
