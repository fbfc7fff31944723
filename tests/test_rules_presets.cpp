// The presets mahjongsoul, mleague and wrc (issue 20): every value in which each differs from
// the preset it is built on, as docs/rules-presets.md quotes it from the preset's rulebook.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "riichi/rules.hpp"
#include "rules_fields.hpp"

namespace riichi {
namespace {

using testing::differing_keys;

TEST(RulesPresets, NamesAndDescriptions) {
  EXPECT_EQ(Rules::preset_names(),
            (std::vector<std::string>{"ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague",
                                      "wrc", "tenhou_sanma", "mahjongsoul_sanma"}));
  for (const Rules::PresetInfo& p : Rules::preset_infos()) {
    EXPECT_FALSE(p.description.empty()) << p.name;
    EXPECT_EQ(Rules::parse(p.name).name, p.name);
  }
  std::string error;
  EXPECT_FALSE(Rules::try_parse("nosuchpreset", &error));
  EXPECT_NE(error.find("mleague"), std::string::npos) << error;  // the list names every preset
}

// Mahjong Soul differs from Tenhou in exactly these fields.
TEST(RulesPresets, MahjongSoulAgainstTenhou) {
  const Rules r = Rules::mahjongsoul();
  EXPECT_EQ(differing_keys(r, Rules::tenhou()),
            (std::set<std::string>{"double_yakuman", "kokushi_robs_ankan", "sanchahou",
                                   "return_points", "uma", "final_rounding"}));
  EXPECT_TRUE(r.double_yakuman);
  EXPECT_TRUE(r.kokushi_robs_ankan);
  EXPECT_FALSE(r.sanchahou);
  EXPECT_EQ(r.starting_points, 25000);
  EXPECT_EQ(r.return_points, 25000);  // (score - 25000) / 1000 + uma
  EXPECT_EQ(r.target_points, 30000);  // sudden death until someone has 30000
  EXPECT_EQ(r.uma, (std::array<int, 4>{15000, 5000, -5000, -15000}));
  EXPECT_EQ(r.final_rounding, 0);
  EXPECT_TRUE(r.red_fives && r.bankruptcy && r.west_sudden_death && r.agari_yame);
  EXPECT_FALSE(r.split_ties);  // ties by seat order
}

TEST(RulesPresets, MLeagueAgainstTenhou) {
  const Rules r = Rules::mleague();
  EXPECT_EQ(differing_keys(r, Rules::tenhou()),
            (std::set<std::string>{
                "kazoe_yakuman", "kiriage_mangan", "double_wind_pair_fu", "open_kan_dora_delayed",
                "riichi_min_points", "riichi_min_live_tiles", "sanchahou", "head_bump",
                "kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "chombo", "uma",
                "split_ties", "bankruptcy", "west_sudden_death", "agari_yame", "final_rounding"}));
  EXPECT_FALSE(r.kazoe_yakuman);
  EXPECT_TRUE(r.kiriage_mangan);
  EXPECT_EQ(r.double_wind_pair_fu, 2);
  EXPECT_FALSE(r.open_kan_dora_delayed);
  EXPECT_EQ(r.riichi_min_points, 0);
  EXPECT_EQ(r.riichi_min_live_tiles, 0);
  EXPECT_TRUE(r.head_bump);
  EXPECT_FALSE(r.kyuushu_kyuuhai || r.suufon_renda || r.suukaikan || r.suucha_riichi);
  EXPECT_EQ(r.chombo, ChomboPenalty::kAfterUma);
  EXPECT_EQ(r.starting_points, 25000);
  EXPECT_EQ(r.return_points, 30000);
  EXPECT_EQ(r.uma, (std::array<int, 4>{30000, 10000, -10000, -30000}));
  EXPECT_TRUE(r.split_ties);
  EXPECT_FALSE(r.bankruptcy || r.west_sudden_death || r.agari_yame || r.tenpai_yame);
  EXPECT_EQ(r.final_rounding, 0);
  EXPECT_TRUE(r.red_fives && r.open_tanyao && r.kuikae_forbidden && r.yakuman_stacking);
  EXPECT_FALSE(r.double_yakuman || r.kokushi_robs_ankan);
}

TEST(RulesPresets, WrcAgainstEma2016) {
  const Rules r = Rules::wrc();
  EXPECT_EQ(differing_keys(r, Rules::ema2016()),
            (std::set<std::string>{"kiriage_mangan", "head_bump", "riichi_min_live_tiles",
                                   "bankruptcy"}));
  EXPECT_TRUE(r.kiriage_mangan);
  EXPECT_TRUE(r.head_bump);
  EXPECT_EQ(r.riichi_min_live_tiles, 0);
  EXPECT_TRUE(r.bankruptcy);
  EXPECT_FALSE(r.red_fives || r.kazoe_yakuman || r.double_yakuman || r.agari_yame);
  EXPECT_FALSE(r.kyuushu_kyuuhai || r.suufon_renda || r.suukaikan || r.suucha_riichi);
  EXPECT_EQ(r.starting_points, 30000);
  EXPECT_EQ(r.return_points, 30000);
  EXPECT_EQ(r.uma, (std::array<int, 4>{15000, 5000, -5000, -15000}));
  EXPECT_TRUE(r.split_ties);
}

// The new fields are ordinary overrides, on any preset.
TEST(RulesPresets, NewFieldsOverride) {
  const Rules r = Rules::parse("tenhou,kiriage_mangan=true,head_bump=true,target_points=35000");
  EXPECT_TRUE(r.kiriage_mangan);
  EXPECT_TRUE(r.head_bump);
  EXPECT_EQ(r.target_points, 35000);
  EXPECT_FALSE(Rules::parse("mleague,head_bump=false").head_bump);
  EXPECT_FALSE(Rules::try_parse("wrc,head_bump=maybe"));
  EXPECT_FALSE(Rules::try_parse("wrc,target_points=-1"));
  for (const std::string& name : Rules::preset_names()) {
    const Rules p = Rules::parse(name);
    std::string spec = name;
    for (const auto& [key, value] : p.fields()) spec += "," + key + "=" + value;
    EXPECT_EQ(Rules::parse(spec).fields(), p.fields()) << name;
  }
}

}  // namespace
}  // namespace riichi
