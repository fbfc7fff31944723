// The efficiency bot on hand-made positions whose right move is unambiguous (the book's ch. III
// shapes, wins, riichi, yaku calls, kans, kyuushu).
#include <gtest/gtest.h>

#include "bot_positions.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/registry.hpp"

namespace riichi::testing {
namespace {

using bots::EfficiencyBot;

Action efficiency_play(const Position& p, const Rules& rules = Rules::ema2016()) {
  EfficiencyBot bot(1, rules);
  return bot.choose(p.obs(), p.legal());
}

TEST(BotsEfficiency, CutsTheEdgeWaitNotTheTwoSided) {
  // 12m 45m 34p 99p 234s 567s: 1-shanten with one partial too many. Cutting from 12m keeps
  // 3m6m 2p5p (16 tiles); cutting from 45m keeps only 3m 2p5p (12). Terminals go first.
  Position p;
  p.hand("12m45m4p99p234s567s").drawn("3p").allow_discards();
  const Action a = efficiency_play(p);
  EXPECT_EQ(a.type, ActionType::kDiscard);
  EXPECT_EQ(kind_name(a), "1m");
}

TEST(BotsEfficiency, CutsTheIsolatedGuestWindFirst) {
  // Two isolated honours, equal in effective tiles: the guest wind (North for East) goes before
  // the dragon (a possible yakuhai pung).
  Position p;
  p.hand("123m456m789p23s5s4z").drawn("7z").allow_discards();
  EXPECT_EQ(kind_name(efficiency_play(p)), "4z");
}

TEST(BotsEfficiency, CutsAnIsolatedHonourBeforeConnectedTiles) {
  Position p;
  p.hand("13m46m2p57p89s33s2z9m").drawn("6s").allow_discards();
  EXPECT_EQ(kind_name(efficiency_play(p)), "2z");
}

TEST(BotsEfficiency, KeepsTheDoraAmongEqualTiles) {
  // Isolated South and North are worth the same (guest winds, 3 copies each); the dora stays.
  Position p;
  p.hand("2z4z456p789p234s66s").drawn("5s").dora_indicator("3z").allow_discards();  // dora 4z
  EXPECT_EQ(kind_name(efficiency_play(p)), "2z");
  Position q;
  q.hand("2z4z456p789p234s66s").drawn("5s").dora_indicator("1z").allow_discards();  // dora 2z
  EXPECT_EQ(kind_name(efficiency_play(q)), "4z");
}

TEST(BotsEfficiency, TakesTsumoAndRon) {
  Position t;
  t.hand("123m456m789p23s55s").drawn("1s").allow_discards().allow(ActionType::kTsumo);
  EXPECT_EQ(efficiency_play(t).type, ActionType::kTsumo);
  Position r;
  r.hand("123m456m789p23s55s").claim_window("4s", 2).allow(ActionType::kRon, "4s");
  EXPECT_EQ(efficiency_play(r).type, ActionType::kRon);
}

TEST(BotsEfficiency, DeclaresRiichiWhenTenpaiClosed) {
  Position p;
  p.hand("123m456m789p23s55s").drawn("1z").allow_discards().allow_riichi("1z");
  const Action a = efficiency_play(p);
  EXPECT_EQ(a.type, ActionType::kRiichi);
  EXPECT_EQ(kind_name(a), "1z");
}

TEST(BotsEfficiency, PonsAPairedDragon) {
  // 2-shanten; the pon of Red makes a yakuhai set and 1-shanten.
  Position p;
  p.hand("77z123m456p58s13p9m").claim_window("7z", 2).allow_call(ActionType::kPon, "7z", "7z7z");
  EXPECT_EQ(efficiency_play(p).type, ActionType::kPon);
}

TEST(BotsEfficiency, PassesOnAGuestWindPonWithoutYaku) {
  // South is no value honour for the East seat in the East round; no tanyao, no honitsu close.
  Position p;
  p.hand("22z123m456p58s13p9m").claim_window("2z", 2).allow_call(ActionType::kPon, "2z", "2z2z");
  EXPECT_EQ(efficiency_play(p).type, ActionType::kPass);
}

TEST(BotsEfficiency, PassesOnAChiThatLeavesNoYaku) {
  Position p;
  p.hand("123m789m19p22z46s5p").claim_window("5s", 3).allow_call(ActionType::kChi, "5s", "4s6s");
  EXPECT_EQ(efficiency_play(p).type, ActionType::kPass);
}

TEST(BotsEfficiency, ChisForTanyaoOnlyWhenKuitanIsAllowed) {
  // All simples, 1-shanten; chi 7m (68m) makes tenpai on 3p6p with tanyao.
  Position p;
  p.hand("234m567p33s68m45p7s").claim_window("7m", 3).allow_call(ActionType::kChi, "7m", "6m8m");
  EXPECT_EQ(efficiency_play(p, Rules::ema2016()).type, ActionType::kChi);
  Rules no_kuitan = Rules::ema2016();
  no_kuitan.open_tanyao = false;
  EXPECT_EQ(efficiency_play(p, no_kuitan).type, ActionType::kPass);
}

TEST(BotsEfficiency, DoesNotCallWhenTheShantenStaysTheSame) {
  // 1-shanten (234m 345p 678s 66s 7s 9m). Chi 6p with 45p only moves the 345p set to 456p and
  // leaves 3p: still 1-shanten after the best discard, so no call.
  Position p;
  p.hand("234m345p678s66s7s9m").claim_window("6p", 3).allow_call(ActionType::kChi, "6p", "4p5p");
  EXPECT_EQ(efficiency_play(p).type, ActionType::kPass);
}

TEST(BotsEfficiency, DiscardsYaochuuFirstAfterAnOpenTanyaoCall) {
  // Open with chi 678m: only tanyao gives a yaku. Cutting 4m would be tenpai on 2p (13p), but
  // 123p is no tanyao: the 1p goes (1-shanten for tanyao, the most tiles).
  Position p;
  p.meld(0, MeldType::kChi, "768m", 3).hand("234p55s67s13p4m").drawn("8s").allow_discards();
  EXPECT_EQ(kind_name(efficiency_play(p)), "1p");
}

TEST(BotsEfficiency, AnkanWhenTheWaitStays) {
  // 2222m 345p 678p 45s 77z: cutting 2m waits on 3s6s; the ankan keeps the same wait.
  Position p;
  p.hand("222m345p678p45s77z").drawn("2m").allow_discards().allow(ActionType::kAnkan, "2m");
  EXPECT_EQ(efficiency_play(p).type, ActionType::kAnkan);
}

TEST(BotsEfficiency, KyuushuUnlessKokushiIsClose) {
  Position nine;
  nine.hand("19m19p19s123z2345m").drawn("6m").allow_discards().allow(ActionType::kKyuushu);
  EXPECT_EQ(efficiency_play(nine).type, ActionType::kKyuushu);
  Position eleven;
  eleven.hand("19m19p19s12345z23m").drawn("4m").allow_discards().allow(ActionType::kKyuushu);
  const Action a = efficiency_play(eleven);
  EXPECT_EQ(a.type, ActionType::kDiscard);
  EXPECT_FALSE(is_yaochuu(a.tile / 4)) << kind_name(a);
}

TEST(BotsEfficiency, TheRegistryPassesTheRules) {
  // EMA 2008 has no kuitan: the tanyao chi above is passed.
  Position p;
  p.hand("234m567p33s68m45p7s").claim_window("7m", 3).allow_call(ActionType::kChi, "7m", "6m8m");
  EXPECT_EQ(bots::make_bot("efficiency", 1, Rules::ema2016())->choose(p.obs(), p.legal()).type,
            ActionType::kChi);
  EXPECT_EQ(bots::make_bot("efficiency", 1, Rules::ema2008())->choose(p.obs(), p.legal()).type,
            ActionType::kPass);
  EXPECT_EQ(bots::make_bot("defensive", 1, Rules::ema2008())->choose(p.obs(), p.legal()).type,
            ActionType::kPass);
}

TEST(BotsEfficiency, RegisteredByName) {
  auto bot = bots::make_bot("efficiency", 7);
  EXPECT_EQ(bot->name(), "efficiency");
  Position p;
  p.hand("123m456m789p23s5s4z").drawn("7z").allow_discards();
  EXPECT_EQ(kind_name(bot->choose(p.obs(), p.legal())), "4z");
}

}  // namespace
}  // namespace riichi::testing
