// The defensive bot and its tile-danger model on hand-made positions: genbutsu, suji, kabe,
// visible honours, push when tenpai, fold when far, and no change without a threat.
#include <gtest/gtest.h>

#include "bot_positions.hpp"
#include "bots/bot_view.hpp"
#include "bots/defensive_bot.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/registry.hpp"
#include "bots/safety.hpp"

namespace riichi::testing {
namespace {

using bots::DefensiveBot;

Action play(const Position& p) {
  DefensiveBot bot(1);
  return bot.choose(p.obs(), p.legal());
}

// Seat 1 (South) declared riichi on its 4th discard, 4s; it also threw 9s 1p 2z.
Position with_riichi() {
  Position p;
  p.discards(1, "9s1p2z4s", 3).live_tiles(50);
  return p;
}

TEST(BotsDefensive, DiscardsGenbutsuAgainstRiichiWhenFar) {
  // 3-shanten; the only tile the riichi player threw that we hold is 4s (from a 345s set).
  Position p = with_riichi();
  p.hand("345s13m58m26p8p7s16z").drawn("9m").allow_discards();
  const Action a = play(p);
  EXPECT_EQ(a.type, ActionType::kDiscard);
  EXPECT_EQ(kind_name(a), "4s");
  // The efficiency bot would keep the set.
  bots::EfficiencyBot eff(1);
  EXPECT_NE(kind_name(eff.choose(p.obs(), p.legal())), "4s");
}

TEST(BotsDefensive, PushesWhenTenpaiWithAGoodWait) {
  // Tenpai on 1s4s (8 tiles) only by cutting 5p, a live middle tile; 5s is genbutsu but breaks
  // the hand. It riichis on 5p.
  Position p;
  p.discards(1, "9s1p2z5s", 3).live_tiles(50);
  p.hand("123m456m789p23s55s").drawn("5p").allow_discards().allow_riichi("5p");
  const Action a = play(p);
  EXPECT_EQ(a.type, ActionType::kRiichi);
  EXPECT_EQ(kind_name(a), "5p");
}

TEST(BotsDefensive, PushesWithTheSaferOfTwoEqualTenpaiDiscards) {
  // 6789p: cutting 6p or 9p both wait on 1s4s. The efficiency bot cuts the terminal; against a
  // riichi that threw 6p, the genbutsu 6p goes.
  Position p;
  p.discards(1, "9s1p2z6p", 3).live_tiles(50);
  p.hand("123m456m789p23s55s").drawn("6p").allow_discards().allow_riichi("6p").allow_riichi("9p");
  const Action a = play(p);
  EXPECT_EQ(a.type, ActionType::kRiichi);
  EXPECT_EQ(kind_name(a), "6p");
  bots::EfficiencyBot eff(1);
  EXPECT_EQ(kind_name(eff.choose(p.obs(), p.legal())), "9p");
}

TEST(BotsDefensive, PrefersSujiOverNonSuji) {
  // No genbutsu in hand. 1s is suji of the genbutsu 4s (its only ryanmen, 23s, waits on 1s4s);
  // 7s is suji too but a 3-7; every other tile is live.
  Position p = with_riichi();
  p.hand("1m4m5m8m9m3p6p7p1s2s6s8s3z").drawn("2p").allow_discards();
  EXPECT_EQ(kind_name(play(p)), "1s");
}

TEST(BotsDefensive, PrefersAnHonourWithThreeVisibleOverLiveTiles) {
  // 2-shanten; a pair of Green with the third one thrown by West before the riichi: no
  // genbutsu, but only a fourth copy could be waited on.
  Position p = with_riichi();
  p.discards(3, "6z");
  p.hand("66z3m4m5m7m2p5p8p3s6s7s9p").drawn("4p").allow_discards();
  EXPECT_EQ(kind_name(play(p)), "6z");
}

TEST(BotsDefensive, PlaysLikeEfficiencyWithoutAThreat) {
  Position p;
  p.discards(1, "9s1p2z4s").live_tiles(50);
  p.hand("345s13m58m26p8p7s16z").drawn("9m").allow_discards();
  bots::EfficiencyBot eff(1);
  EXPECT_EQ(play(p), eff.choose(p.obs(), p.legal()));
}

TEST(BotsDefensive, FoldsInsteadOfCallingAgainstRiichi) {
  // The dragon pon would make a 2-shanten hand 1-shanten: the efficiency bot pons, the
  // defensive bot (cheap hand, riichi on the table) passes.
  Position p = with_riichi();
  p.hand("77z123m456p58s13p9m").claim_window("7z", 2).allow_call(ActionType::kPon, "7z", "7z7z");
  EXPECT_EQ(play(p).type, ActionType::kPass);
  bots::EfficiencyBot eff(1);
  EXPECT_EQ(eff.choose(p.obs(), p.legal()).type, ActionType::kPon);
}

TEST(BotsDefensive, TakesAWinEvenWhenFolding) {
  Position p = with_riichi();
  p.hand("123m456m789p23s55s").claim_window("1s", 2).allow(ActionType::kRon, "1s");
  EXPECT_EQ(play(p).type, ActionType::kRon);
}

TEST(BotsSafety, DangerFollowsGenbutsuSujiKabeAndHonours) {
  Position p = with_riichi();  // South: 9s 1p 2z 4s (riichi on 4s, its 4th discard)
  // West threw 5z and 7m after the riichi (its 4th and 5th discards come after South's 4th):
  // safe by riichi furiten. Its 8p, 3m, 1s came before: not safe. North threw three 6p.
  p.discards(2, "8p3m1s5z7m");
  p.discards(3, "6p6p6p");
  p.hand("6p123m456m789s1z");
  const bots::HandView v = bots::read_view(p.obs(), false);
  const bots::SafetyModel safety(p.obs(), v);
  ASSERT_EQ(safety.num_threats(), 1);
  EXPECT_TRUE(safety.riichi_threat());
  auto danger = [&](const std::string& t) { return safety.danger(0, parse_tile(t).kind); };
  EXPECT_EQ(danger("4s"), 0);  // its own discards
  EXPECT_EQ(danger("9s"), 0);
  EXPECT_EQ(danger("7m"), 0);  // thrown after the riichi, not ronned
  EXPECT_EQ(danger("5z"), 0);
  EXPECT_EQ(danger("1s"), 2);   // suji of 4s, a terminal: no ryanmen can wait on it
  EXPECT_EQ(danger("7s"), 4);   // suji of 4s, a 3-7: only 56s could have waited (4s7s)
  EXPECT_EQ(danger("6s"), 7);   // half suji: 9s kills 78s, 45s still waits on 3s6s
  EXPECT_EQ(danger("5s"), 10);  // live middle tile
  EXPECT_EQ(danger("8p"), 3);   // kabe: all four 6p visible, no 67p; a 2-8
  EXPECT_EQ(danger("7p"), 4);   // kabe: no 56p; a 3-7
  EXPECT_EQ(danger("3z"), 8);   // West: no copy seen
  EXPECT_EQ(danger("1z"), 7);   // East: one seen (ours), the round wind is a value honour: +1
  EXPECT_EQ(danger("6z"), 9);   // a dragon, none seen
  EXPECT_LT(danger("1s"), danger("1m"));  // suji terminal before a live terminal
}

TEST(BotsSafety, OpenHandsThreatenWithThreeMeldsOrAValuableOneSuitLook) {
  Position three;
  three.meld(2, MeldType::kChi, "345m", 1).meld(2, MeldType::kPon, "777p", 0);
  three.meld(2, MeldType::kChi, "678s", 1).hand("123m456m789p23s5s");
  {
    const bots::HandView v = bots::read_view(three.obs(), false);
    const bots::SafetyModel safety(three.obs(), v);
    ASSERT_EQ(safety.num_threats(), 1);
    EXPECT_EQ(safety.threat(0).seat, 2);
    EXPECT_FALSE(safety.riichi_threat());
    EXPECT_EQ(safety.threat(0).weight, bots::kOpenWeight);
  }
  Position two;  // two melds in pinzu with a dragon pung: a honitsu look
  two.meld(3, MeldType::kPon, "555z", 1).meld(3, MeldType::kChi, "345p", 2);
  two.hand("123m456m789p23s5s");
  {
    const bots::HandView v = bots::read_view(two.obs(), false);
    EXPECT_EQ(bots::SafetyModel(two.obs(), v).num_threats(), 1);
  }
  Position mixed;  // two cheap melds in two suits: no threat
  mixed.meld(3, MeldType::kChi, "345m", 2).meld(3, MeldType::kChi, "345p", 2);
  mixed.hand("123m456m789p23s5s");
  {
    const bots::HandView v = bots::read_view(mixed.obs(), false);
    EXPECT_EQ(bots::SafetyModel(mixed.obs(), v).num_threats(), 0);
  }
}

TEST(BotsDefensive, RegisteredByName) {
  auto bot = bots::make_bot("defensive", 3);
  EXPECT_EQ(bot->name(), "defensive");
  Position p = with_riichi();
  p.hand("345s13m58m26p8p7s16z").drawn("9m").allow_discards();
  EXPECT_EQ(kind_name(bot->choose(p.obs(), p.legal())), "4s");
}

}  // namespace
}  // namespace riichi::testing
