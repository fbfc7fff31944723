// The mahjongsoul_sanma preset (issue 20): Mahjong Soul's three-player rooms. Expected values
// come from the rule texts docs/rules-presets.md cites ([MS] riichi.wiki "Majsoul", Ladder and
// 3P sections; [MP] the Japanese three-player rule summary), never from the engine's output.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "riichi/game.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"
#include "rules_fields.hpp"

namespace riichi {
namespace {

std::set<std::string> keys_differing_from_tenhou_sanma(const Rules& r) {
  return testing::differing_keys(r, Rules::tenhou_sanma());
}

TEST(MahjongSoulSanma, PresetAgainstTenhouSanma) {
  const Rules r = Rules::parse("mahjongsoul_sanma");
  EXPECT_EQ(r.name, "mahjongsoul_sanma");
  EXPECT_EQ(keys_differing_from_tenhou_sanma(r),
            (std::set<std::string>{"double_yakuman", "kokushi_robs_ankan", "return_points", "uma",
                                   "final_rounding"}));
  EXPECT_EQ(r.players, 3);
  EXPECT_TRUE(r.no_manzu_2_to_8 && r.kita && r.tsumo_loss && r.red_fives);
  EXPECT_FALSE(r.chi_allowed);
  EXPECT_EQ(r.starting_points, 35000);  // [MS] "Starting Points: ... 3P 35000"
  EXPECT_EQ(r.return_points, 35000);    // PtsGain = (RawScore - StartingPts) / 1000 + UmaPts
  EXPECT_EQ(r.target_points, 40000);    // [MP] 一位必要点数: 40000
  EXPECT_EQ(r.uma, (std::array<int, 4>{15000, 0, -15000, 0}));  // [MS] 3P: +15, ±0, -15
}

// [MP]: "a non-dealer mangan is 8,000 by ron, but by tsumo 2,000 from the non-dealer and 4,000
// from the dealer: 6,000 in all" (tsumo-son). Riichi, menzen tsumo, pinfu, closed ittsu: 5 han.
TEST(MahjongSoulSanma, ManganTsumoLosesTheAbsentShare) {
  const Rules rules = Rules::mahjongsoul_sanma();
  const WinVector tsumo =
      parse_win_vector("closed=123p456p789p11s23s win=4s tsumo seat=S round=E flags=riichi");
  const ScoreResult t = score(tsumo.hand, tsumo.win, tsumo.context, rules);
  ASSERT_TRUE(t.ok()) << t.error_message;
  EXPECT_EQ(t.han, 5);
  EXPECT_EQ(t.payments.dealer, 4000);
  EXPECT_EQ(t.payments.non_dealer, 2000);
  EXPECT_EQ(t.payments.total, 6000);
  EXPECT_EQ(t.payments.delta, (std::array<int, 4>{-4000, 6000, -2000, 0}));
  const WinVector ron = parse_win_vector(
      "closed=123p456p789p11s23s win=4s ron seat=S round=E from=W flags=riichi dora=3s");
  const ScoreResult r = score(ron.hand, ron.win, ron.context, rules);
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.payments.ron, 8000);  // riichi, pinfu, ittsu 2, dora 1: 5 han
}

// [MS] the yaku table of every Mahjong Soul room: a 13-sided kokushi is a double yakuman. A
// non-dealer's tsumo: 2 x 16000 from the dealer and 2 x 8000 from the other, nothing from the
// absent seat (48000); Tenhou's sanma pays it as one yakuman (24000).
TEST(MahjongSoulSanma, ThirteenSidedKokushiIsADoubleYakuman) {
  const WinVector v = parse_win_vector("closed=19m19p19s1234567z win=1m tsumo seat=S round=E");
  const ScoreResult ms = score(v.hand, v.win, v.context, Rules::mahjongsoul_sanma());
  ASSERT_TRUE(ms.ok()) << ms.error_message;
  EXPECT_EQ(ms.payments.delta, (std::array<int, 4>{-32000, 48000, -16000, 0}));
  const ScoreResult th = score(v.hand, v.win, v.context, Rules::tenhou_sanma());
  ASSERT_TRUE(th.ok()) << th.error_message;
  EXPECT_EQ(th.payments.delta, (std::array<int, 4>{-16000, 24000, -8000, 0}));
}

// [MS] Ladder: PtsGain = (RawScore - 35000) / 1000 + uma (+15 / 0 / -15), unrounded:
// 48700 / 27600 / 28700 -> +28.7 / -22.4 / -6.3 (in points: x 1000).
TEST(MahjongSoulSanma, FinalScoreCountsFromTheStart) {
  const Rules rules = Rules::mahjongsoul_sanma();
  GameState end;
  end.finished = true;
  end.scores = {48700, 27600, 28700, 0};
  const FinalResult f = final_result(end, rules);
  EXPECT_EQ(f.ranks, (std::array<int, 4>{1, 3, 2, 4}));
  EXPECT_EQ(f.final_scores, (std::array<int, 4>{28700, -22400, -6300, 0}));
}

}  // namespace
}  // namespace riichi
