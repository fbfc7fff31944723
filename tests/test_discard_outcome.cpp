// The quiet-table discard fitted to self-play outcomes (bots/discard_features.hpp,
// discard_outcome_pick and discard_kind_action; docs/bots.md, "Ninth round"): the pick among
// the lowest-shanten candidates and its margin over the efficiency move, whatever the fitted
// weights; the action playing a kind like the efficiency move (riichi kept, the non-red copy).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "bot_positions.hpp"
#include "bots/discard_features.hpp"
#include "bots/efficiency_bot.hpp"
#include "riichi/rules.hpp"

namespace riichi::testing {
namespace {

using bots::DiscardCandidate;

double outcome_score(const DiscardCandidate& c) {
  double s = 0;
  for (int j = 0; j < bots::kDiscardFeatures; ++j)
    s += bots::kDiscardOutcomeWeights[static_cast<std::size_t>(j)] *
         c.f[static_cast<std::size_t>(j)];
  return s;
}

TEST(DiscardOutcome, PicksTheBestLowestShantenCandidateBeyondTheMargin) {
  // 1-shanten: 23m 456m 78p 234s 99s 1z + drawn 5z.
  Position p;
  p.seat(2, 0, 0).live_tiles(60).hand("23m456m78p234s99s1z").drawn("5z");
  const Observation& obs = p.obs();
  const Rules rules = Rules::ema2016();
  const bots::HandView v = bots::read_view(obs, rules);
  const int eff = parse_tile("5z").kind;
  std::array<DiscardCandidate, kNumKinds> c{};
  const int n = bots::discard_candidates(obs, v, bots::kPlanFree, ~std::uint64_t{0} >> 30, eff, c);
  int lowest = 99, eff_index = -1;
  for (int i = 0; i < n; ++i) {
    lowest = std::min(lowest, c[static_cast<std::size_t>(i)].shanten);
    if (c[static_cast<std::size_t>(i)].kind == eff) eff_index = i;
  }
  ASSERT_GE(eff_index, 0);
  ASSERT_EQ(c[static_cast<std::size_t>(eff_index)].shanten, lowest);
  // An infinite margin keeps the efficiency move.
  EXPECT_EQ(bots::discard_outcome_pick(c, n, eff, std::numeric_limits<double>::infinity()),
            eff_index);
  // A margin below every difference: the best score among the lowest shanten.
  const int pick = bots::discard_outcome_pick(c, n, eff, -1e18);
  ASSERT_GE(pick, 0);
  EXPECT_EQ(c[static_cast<std::size_t>(pick)].shanten, lowest);
  for (int i = 0; i < n; ++i) {
    if (c[static_cast<std::size_t>(i)].shanten == lowest) {
      EXPECT_LE(outcome_score(c[static_cast<std::size_t>(i)]),
                outcome_score(c[static_cast<std::size_t>(pick)]));
    }
  }
  // Margin 0: a switch only for a strictly better score.
  const int at_zero = bots::discard_outcome_pick(c, n, eff, 0);
  EXPECT_TRUE(at_zero == eff_index || outcome_score(c[static_cast<std::size_t>(at_zero)]) >
                                          outcome_score(c[static_cast<std::size_t>(eff_index)]));
  // No candidate of the efficiency move's kind: -1.
  EXPECT_EQ(bots::discard_outcome_pick(c, n, parse_tile("9p").kind, 0), -1);
}

Action act(ActionType type, const char* tile, int copy) {
  Action a;
  a.type = type;
  a.seat = 1;
  a.tile = static_cast<std::int16_t>(parse_tile(tile).kind * 4 + copy);
  return a;
}

TEST(DiscardOutcome, KindActionFollowsTheMove) {
  const Action d5m = act(ActionType::kDiscard, "5m", 1);
  const Action d5m_red = act(ActionType::kDiscard, "5m", 0);
  const Action r5m = act(ActionType::kRiichi, "5m", 1);
  const Action d1z = act(ActionType::kDiscard, "1z", 2);
  const Action r1z = act(ActionType::kRiichi, "1z", 2);
  const Action d9p = act(ActionType::kDiscard, "9p", 0);
  // The move's own kind: the move itself.
  const std::vector<Action> legal = {d5m_red, d5m, d1z, r5m, r1z, d9p};
  EXPECT_EQ(bots::discard_kind_action(legal, r1z, parse_tile("1z").kind), r1z);
  // A riichi move: riichi on the other kind when legal, else its plain discard.
  EXPECT_EQ(bots::discard_kind_action(legal, r1z, parse_tile("5m").kind), r5m);
  EXPECT_EQ(bots::discard_kind_action(legal, r1z, parse_tile("9p").kind), d9p);
  // A plain discard: the non-red copy first.
  EXPECT_EQ(bots::discard_kind_action(legal, d1z, parse_tile("5m").kind), d5m);
  const std::vector<Action> red_only = {d5m_red, d1z};
  EXPECT_EQ(bots::discard_kind_action(red_only, d1z, parse_tile("5m").kind), d5m_red);
  // No discard of the kind: the move.
  EXPECT_EQ(bots::discard_kind_action(red_only, d1z, parse_tile("7s").kind), d1z);
}

}  // namespace
}  // namespace riichi::testing
