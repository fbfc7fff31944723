// The discard model's features (bots/discard_features.hpp) on hand-made positions, each value
// derived by hand from the feature's definition (kDiscardFeatureNames), and the model's pick.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "bot_positions.hpp"
#include "bots/discard_features.hpp"
#include "bots/efficiency_bot.hpp"
#include "riichi/rules.hpp"

namespace riichi::testing {
namespace {

using bots::DiscardCandidate;
using bots::kDiscardFeatureNames;
using bots::kDiscardFeatures;

int feature(const std::string& name) {
  for (int i = 0; i < kDiscardFeatures; ++i)
    if (name == kDiscardFeatureNames[static_cast<std::size_t>(i)]) return i;
  ADD_FAILURE() << "no feature " << name;
  return 0;
}

struct Candidates {
  std::array<DiscardCandidate, kNumKinds> c;
  int n = 0;
  const DiscardCandidate& of(const std::string& tile) const {
    const int k = parse_tile(tile).kind;
    for (int i = 0; i < n; ++i)
      if (c[static_cast<std::size_t>(i)].kind == k) return c[static_cast<std::size_t>(i)];
    ADD_FAILURE() << "no candidate " << tile;
    return c[0];
  }
  float f(const std::string& tile, const std::string& name) const {
    return of(tile).f[static_cast<std::size_t>(feature(name))];
  }
};

Candidates candidates(const Position& p, const Rules& rules, int efficiency_kind = -1) {
  const Observation& obs = p.obs();
  const bots::HandView v = bots::read_view(obs, rules);
  Candidates out;
  out.n = bots::discard_candidates(obs, v, bots::kPlanFree, ~std::uint64_t{0} >> 30,
                                   efficiency_kind, out.c);
  return out;
}

// 1-shanten: 23m 456m 78p 234s 99s 1z + drawn 5z, seat 2 (West) in the East round, dealer
// seat 0. Seat 0 discarded 9m, seat 1 1p and 1z.
Position quiet_one_shanten() {
  Position p;
  p.seat(2, 0, 0).live_tiles(60).hand("23m456m78p234s99s1z").drawn("5z");
  p.discards(0, "9m").discards(1, "1p1z");
  return p;
}

TEST(DiscardFeatures, NamesEveryFeatureOnce) {
  for (int i = 0; i < kDiscardFeatures; ++i)
    for (int j = i + 1; j < kDiscardFeatures; ++j)
      EXPECT_STRNE(kDiscardFeatureNames[static_cast<std::size_t>(i)],
                   kDiscardFeatureNames[static_cast<std::size_t>(j)]);
}

TEST(DiscardFeatures, ShantenAndEffectiveTilesOfEachCandidate) {
  const Candidates c = candidates(quiet_one_shanten(), Rules::ema2016());
  EXPECT_EQ(c.n, 13);  // 2m 3m 4m 5m 6m 7p 8p 2s 3s 4s 9s 1z 5z: 13 kinds held
  // Cutting a lone honour keeps 1-shanten: 23m 456m 78p 234s 99s + an honour. Tenpai comes from
  // 1m, 4m (123m / 234m beside 456m), 7m (234m 567m), 6p, 9p: 4 + 3 + 4 + 4 + 4 = 19 copies
  // unseen (one 4m is held; 9m and 1p are the only suited tiles seen).
  EXPECT_EQ(c.of("1z").shanten, 1);
  EXPECT_EQ(c.of("1z").ukeire, 19);
  EXPECT_EQ(c.of("5z").ukeire, 19);
  EXPECT_FLOAT_EQ(c.f("1z", "shanten_up"), 0);
  EXPECT_FLOAT_EQ(c.f("1z", "log_ukeire_rel"), 0);
  EXPECT_FLOAT_EQ(c.f("1z", "ukeire_best"), 1);
  // Cutting a 9s leaves 2 sets, 2 partial sets and no pair: 2-shanten, one more.
  EXPECT_EQ(c.of("9s").shanten, 2);
  EXPECT_FLOAT_EQ(c.f("9s", "shanten_up"), 1);
  EXPECT_FLOAT_EQ(c.f("9s", "shanten_up2"), 0);
  EXPECT_FLOAT_EQ(c.f("9s", "wait_log"), 0);  // not tenpai
  // Every suited cut breaks a set, a partial set or the pair: 2-shanten (e.g. 2m: 456m 234s,
  // 78p, the 99s pair, 3m and the two honours left over).
  int most = 0;
  for (int i = 0; i < c.n; ++i)
    if (c.c[static_cast<std::size_t>(i)].shanten == 2)
      most = std::max(most, c.c[static_cast<std::size_t>(i)].ukeire);
  for (const std::string t : {"2m", "3m", "4m", "5m", "6m", "7p", "8p", "2s", "3s", "4s"}) {
    EXPECT_EQ(c.of(t).shanten, 2) << t;
    EXPECT_FLOAT_EQ(c.f(t, "shanten_up"), 1) << t;
    EXPECT_NEAR(c.f(t, "log_ukeire_rel"), std::log((1.0 + c.of(t).ukeire) / (1.0 + most)), 1e-5)
        << t;
    EXPECT_FLOAT_EQ(c.f(t, "ukeire_best"), c.of(t).ukeire == most ? 1 : 0) << t;
  }
}

TEST(DiscardFeatures, ShapeHonourAndSuitFeatures) {
  const Candidates c = candidates(quiet_one_shanten(), Rules::ema2016());
  EXPECT_FLOAT_EQ(c.f("9s", "pair_broken"), 1);
  EXPECT_FLOAT_EQ(c.f("9s", "set_broken"), 0);
  EXPECT_FLOAT_EQ(c.f("9s", "terminal"), 1);
  EXPECT_FLOAT_EQ(c.f("9s", "isolated"), 0);  // two copies
  EXPECT_FLOAT_EQ(c.f("2m", "two_eight"), 1);
  EXPECT_FLOAT_EQ(c.f("8p", "two_eight"), 1);
  EXPECT_FLOAT_EQ(c.f("5m", "two_eight"), 0);
  EXPECT_FLOAT_EQ(c.f("2m", "adjacent"), 1);  // 3m (no 1m)
  EXPECT_FLOAT_EQ(c.f("2m", "gap"), 1);       // 4m
  EXPECT_FLOAT_EQ(c.f("5m", "adjacent"), 2);  // 4m, 6m
  EXPECT_FLOAT_EQ(c.f("5m", "gap"), 1);       // 3m (no 7m)
  // 1z is East, the round wind; 5z a dragon: value honours, lone, isolated.
  EXPECT_FLOAT_EQ(c.f("1z", "value_honour"), 1);
  EXPECT_FLOAT_EQ(c.f("5z", "value_honour"), 1);
  EXPECT_FLOAT_EQ(c.f("1z", "value_pair"), 0);
  EXPECT_FLOAT_EQ(c.f("1z", "guest_wind"), 0);
  EXPECT_FLOAT_EQ(c.f("1z", "isolated"), 1);
  // Copies of 1z not seen: 4 - 1 held - 1 discarded = 2; of 5z: 3.
  EXPECT_NEAR(c.f("1z", "honour_unseen"), 2.0 / 3, 1e-6);
  EXPECT_NEAR(c.f("5z", "honour_unseen"), 1.0, 1e-6);
  EXPECT_NEAR(c.f("1z", "genbutsu"), 1.0 / 3, 1e-6);  // seat 1 discarded it
  EXPECT_NEAR(c.f("1z", "visible"), 0.25, 1e-6);
  EXPECT_FLOAT_EQ(c.f("5z", "genbutsu"), 0);
  EXPECT_FLOAT_EQ(c.f("5z", "tsumogiri"), 1);
  EXPECT_FLOAT_EQ(c.f("1z", "tsumogiri"), 0);
  // 14 tiles: 5 man, 2 pin, 5 sou, 2 honours. Pin is the thinnest suit.
  EXPECT_NEAR(c.f("2m", "suit_share"), 5.0 / 14, 1e-6);
  EXPECT_NEAR(c.f("7p", "suit_share"), 2.0 / 14, 1e-6);
  EXPECT_FLOAT_EQ(c.f("7p", "suit_thinnest"), 1);
  EXPECT_FLOAT_EQ(c.f("2m", "suit_thinnest"), 0);
  EXPECT_FLOAT_EQ(c.f("1z", "suit_share"), 0);
  // Terminal and honour tiles in the hand: 9s 9s 1z 5z = 4, too many for the tanyao features.
  EXPECT_FLOAT_EQ(c.f("5m", "simple_tanyao"), 0);
  EXPECT_FLOAT_EQ(c.f("1z", "yaochuu_few"), 0);
  // No own discard yet: the turn features are 0.
  EXPECT_FLOAT_EQ(c.f("1z", "turn_yaochuu"), 0);
  // No dora indicator: no dora.
  EXPECT_FLOAT_EQ(c.f("5m", "dora"), 0);
}

TEST(DiscardFeatures, DoraRedTanyaoTurnAndGuestWind) {
  // Seat 1 (South) in the East round: 4z (North) is a guest wind. Dora indicator 3p: 4p is dora.
  // Tenhou rules: the first 5m taken is the red one. Nine own discards: turn 0.5.
  Position p;
  p.seat(1, 0, 0).live_tiles(40).dora_indicator("3p");
  p.hand("5m24p6p234s678s22s4z").drawn("9m");
  p.discards(1, "1p1m9p1s9s2z3z7z6z");
  const Candidates c = candidates(p, Rules::tenhou());
  EXPECT_FLOAT_EQ(c.f("4p", "dora"), 1);
  EXPECT_FLOAT_EQ(c.f("2p", "dora_near"), 1);  // 4p two away
  EXPECT_FLOAT_EQ(c.f("6p", "dora_near"), 1);
  EXPECT_FLOAT_EQ(c.f("4p", "dora_near"), 0);  // itself
  EXPECT_FLOAT_EQ(c.f("2s", "dora_near"), 0);  // another suit
  EXPECT_FLOAT_EQ(c.f("5m", "red_only"), 1);
  EXPECT_FLOAT_EQ(c.f("5m", "isolated"), 1);
  EXPECT_FLOAT_EQ(c.f("4z", "guest_wind"), 1);
  EXPECT_FLOAT_EQ(c.f("4z", "value_honour"), 0);
  EXPECT_FLOAT_EQ(c.f("2s", "set_broken"), 1);  // 2s held three times
  // Terminal/honour tiles: 9m and 4z, 2 of them: a simple's cut keeps tanyao in reach, and
  // either of them is one of the last few.
  EXPECT_FLOAT_EQ(c.f("3s", "simple_tanyao"), 1);
  EXPECT_FLOAT_EQ(c.f("9m", "yaochuu_few"), 1);
  EXPECT_FLOAT_EQ(c.f("9m", "turn_yaochuu"), 0.5f);
  EXPECT_FLOAT_EQ(c.f("4z", "turn_isolated"), 0.5f);
  EXPECT_FLOAT_EQ(c.f("9m", "tsumogiri"), 1);
}

TEST(DiscardFeatures, TenpaiWaitAndTheEfficiencyFlag) {
  // 123m 456m 789p 2345s + drawn 9s: cutting 9s is tenpai on 2s and 5s.
  Position p;
  p.seat(0).live_tiles(60).hand("123m456m789p234s5s").drawn("9s");
  const Candidates c = candidates(p, Rules::ema2016(), parse_tile("9s").kind);
  EXPECT_EQ(c.of("9s").shanten, 0);
  // Waits after cutting 9s: 5s (tanki, 3 left) and 2s/5s via 2345s: 2s 3 left + 5s: 3 + 3 = 6.
  EXPECT_EQ(c.of("9s").ukeire, 6);
  EXPECT_NEAR(c.f("9s", "wait_log"), std::log(7.0), 1e-5);
  EXPECT_FLOAT_EQ(c.f("9s", "efficiency"), 1);
  EXPECT_FLOAT_EQ(c.f("5s", "efficiency"), 0);
}

TEST(DiscardFeatures, TheModelPicksTheBestScoreAmongTheAllowedCandidates) {
  std::array<DiscardCandidate, kNumKinds> c{};
  // The pick has the highest discard_score (the fitted weights times the features).
  const Candidates real = candidates(quiet_one_shanten(), Rules::ema2016());
  for (int i = 0; i < real.n; ++i)
    c[static_cast<std::size_t>(i)] = real.c[static_cast<std::size_t>(i)];
  const int pick = bots::discard_model_pick(c, real.n, false);
  ASSERT_GE(pick, 0);
  for (int i = 0; i < real.n; ++i)
    EXPECT_LE(bots::discard_score(c[static_cast<std::size_t>(i)].f),
              bots::discard_score(c[static_cast<std::size_t>(pick)].f));
  const int low = bots::discard_model_pick(c, real.n, true);
  ASSERT_GE(low, 0);
  EXPECT_EQ(c[static_cast<std::size_t>(low)].shanten, 1);  // the lowest over the candidates
  EXPECT_EQ(bots::discard_model_pick(c, 0, false), -1);
}

}  // namespace
}  // namespace riichi::testing
