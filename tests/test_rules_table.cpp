// The table fields of Rules: preset values from RULES.md §9, and their overrides.
#include <gtest/gtest.h>

#include "riichi/rules.hpp"

namespace riichi {
namespace {

TEST(RulesTable, Ema2016) {
  const Rules r = Rules::ema2016();
  EXPECT_TRUE(r.kuikae_forbidden);
  EXPECT_EQ(r.temporary_furiten_end, TemporaryFuritenEnd::kOwnDrawOrClaim);
  EXPECT_FALSE(r.open_kan_dora_delayed);
  EXPECT_EQ(r.riichi_min_points, 0);
  EXPECT_EQ(r.riichi_min_live_tiles, 4);
  EXPECT_EQ(r.kan_after_riichi, KanAfterRiichi::kWaitsAndPungOnly);
  EXPECT_FALSE(r.sanchahou);
  EXPECT_TRUE(r.honba_to_every_winner);
  EXPECT_EQ(r.multi_ron_sticks, MultiRonSticks::kAfterDiscarder);
  EXPECT_FALSE(r.kyuushu_kyuuhai || r.suufon_renda || r.suukaikan || r.suucha_riichi);
  EXPECT_EQ(r.chombo, ChomboPenalty::kAfterUma);
  EXPECT_EQ(r.starting_points, 30000);
  EXPECT_EQ(r.return_points, 30000);
  EXPECT_EQ(r.uma, (std::array<int, 4>{15000, 5000, -5000, -15000}));
  EXPECT_TRUE(r.split_ties);
  EXPECT_FALSE(r.bankruptcy || r.west_sudden_death || r.agari_yame || r.east_only);
}

TEST(RulesTable, Ema2008) {
  const Rules r = Rules::ema2008();
  EXPECT_FALSE(r.kuikae_forbidden);
  EXPECT_EQ(r.temporary_furiten_end, TemporaryFuritenEnd::kOwnDrawOrAnyCall);
  EXPECT_FALSE(r.open_kan_dora_delayed);
  EXPECT_TRUE(r.kyuushu_kyuuhai && r.suufon_renda && r.suukaikan && r.suucha_riichi);
  EXPECT_FALSE(r.sanchahou);
  EXPECT_TRUE(r.abortive_draw_dealer_repeats);  // SA-2 default
  EXPECT_EQ(r.chombo, ChomboPenalty::kReverseMangan);
  EXPECT_EQ(r.starting_points, 30000);                                 // OQ-1
  EXPECT_EQ(r.uma, (std::array<int, 4>{15000, 5000, -5000, -15000}));  // OQ-1
  EXPECT_TRUE(r.split_ties);
}

TEST(RulesTable, Tenhou) {
  const Rules r = Rules::tenhou();
  EXPECT_TRUE(r.kuikae_forbidden);
  EXPECT_EQ(r.temporary_furiten_end, TemporaryFuritenEnd::kOwnDiscard);
  EXPECT_TRUE(r.open_kan_dora_delayed);
  EXPECT_EQ(r.riichi_min_points, 1000);
  EXPECT_EQ(r.kan_after_riichi, KanAfterRiichi::kWaitsUnchanged);
  EXPECT_TRUE(r.sanchahou);
  EXPECT_FALSE(r.honba_to_every_winner);
  EXPECT_EQ(r.multi_ron_sticks, MultiRonSticks::kAllToClosest);
  EXPECT_TRUE(r.kyuushu_kyuuhai && r.suufon_renda && r.suukaikan && r.suucha_riichi);
  EXPECT_EQ(r.starting_points, 25000);
  EXPECT_EQ(r.return_points, 30000);
  EXPECT_EQ(r.uma, (std::array<int, 4>{20000, 10000, -10000, -20000}));
  EXPECT_FALSE(r.split_ties);
  EXPECT_TRUE(r.bankruptcy && r.west_sudden_death && r.agari_yame);
}

TEST(RulesTable, Overrides) {
  const Rules r = Rules::parse(
      "ema2016,uma=20000/10000/-10000/-20000,multi_ron_sticks=after_riichi_player,"
      "temporary_furiten_end=own_discard,starting_points=25000,abortive_draw_dealer_repeats=false");
  EXPECT_EQ(r.uma, (std::array<int, 4>{20000, 10000, -10000, -20000}));
  EXPECT_EQ(r.multi_ron_sticks, MultiRonSticks::kAfterRiichiPlayer);
  EXPECT_EQ(r.temporary_furiten_end, TemporaryFuritenEnd::kOwnDiscard);
  EXPECT_EQ(r.starting_points, 25000);
  EXPECT_FALSE(r.abortive_draw_dealer_repeats);
}

TEST(RulesTable, BadValuesListWhatIsAccepted) {
  std::string error;
  EXPECT_FALSE(Rules::try_parse("uma=1/2/3", &error));
  EXPECT_NE(error.find("four integers"), std::string::npos) << error;
  EXPECT_FALSE(Rules::try_parse("multi_ron_sticks=nearest", &error));
  EXPECT_NE(error.find("after_discarder | after_riichi_player | all_to_closest"), std::string::npos)
      << error;
  EXPECT_FALSE(Rules::try_parse("chombo=yes", &error));
  EXPECT_NE(error.find("after_uma"), std::string::npos) << error;
}

TEST(RulesTable, FieldsRoundTrip) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou"}) {
    const Rules r = Rules::parse(preset);
    std::string spec = preset;
    for (const auto& [key, value] : r.fields()) spec += "," + key + "=" + value;
    const Rules again = Rules::parse(spec);
    EXPECT_EQ(again.fields(), r.fields()) << preset;
  }
}

}  // namespace
}  // namespace riichi
