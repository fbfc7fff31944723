// Effective tiles of every discard at once (ukeire.hpp): hand-derived examples and a brute force
// over shanten() on random hands; the bots' discard evaluation that uses it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "bots/bot_view.hpp"
#include "random_hands.hpp"
#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"
#include "riichi/ukeire.hpp"

namespace riichi {
namespace {

Counts ukeire_hand(const char* text) { return counts_of(parse_tiles(text)); }
constexpr std::uint64_t ukeire_bit(int kind) { return std::uint64_t{1} << kind; }

TEST(UkeireAfterDiscards, OneShantenHandByHand) {
  // 23m 45p 123s 456s 99s with 9m and 1z: cutting 9m or 1z leaves 1-shanten waiting on 1m 4m
  // (23m) and 3p 6p (45p), 4 copies each: 16. With two 1m seen, 14.
  const Counts hand = ukeire_hand("239m45p123s456s99s1z");
  const int k9m = 8, k1z = 27, k1m = 0;
  std::array<int, kNumKinds> out{};
  out.fill(-1);
  Counts visible{};
  ukeire_after_discards(hand, visible, ukeire_bit(k9m) | ukeire_bit(k1z), 1, out);
  EXPECT_EQ(out[k9m], 16);
  EXPECT_EQ(out[k1z], 16);
  EXPECT_EQ(out[1], -1);  // not asked: untouched
  visible[k1m] = 2;
  ukeire_after_discards(hand, visible, ukeire_bit(k9m), 1, out);
  EXPECT_EQ(out[k9m], 14);
}

TEST(UkeireAfterDiscards, SevenPairsCountByHand) {
  // 11m 22m 33p 44p 55s 1z 2z 3z 7z: cutting 7z leaves five pairs and three singles, seven
  // pairs 1-shanten (the standard form is 3-shanten: four partials and a pair). A sixth pair
  // (1z, 2z or 3z, 3 copies left each) makes it tenpai: 9 tiles.
  const Counts hand = ukeire_hand("1122m3344p55s1237z");
  std::array<int, kNumKinds> out{};
  ukeire_after_discards(hand, Counts{}, ukeire_bit(33), 1, out);
  EXPECT_EQ(out[33], 9);
}

TEST(UkeireAfterDiscards, WritesNothingForWhatIsNoDiscard) {
  const Counts hand = ukeire_hand("239m45p123s456s99s1z");
  std::array<int, kNumKinds> out{};
  out.fill(-1);
  ukeire_after_discards(hand, Counts{}, ukeire_bit(0), 1, out);  // 1m is not held
  EXPECT_EQ(out[0], -1);
  Counts thirteen = hand;
  --thirteen[8];  // 13 tiles: not a hand on its turn
  ukeire_after_discards(thirteen, Counts{}, ukeire_bit(27), 1, out);
  EXPECT_EQ(out[27], -1);
}

// Brute force: for each held d, the copies left of the kinds k with shanten(hand - d + k) below
// `threshold`.
int brute_ukeire(const Counts& hand, const Counts& visible, int d, int threshold) {
  Counts after = hand;
  --after[d];
  int total = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    const int left = 4 - hand[k] - visible[k];
    if (left <= 0) continue;
    Counts drawn = after;
    ++drawn[k];
    if (shanten(drawn) < threshold) total += left;
  }
  return total;
}

TEST(UkeireAfterDiscards, AgreesWithBruteForceOnRandomHands) {
  testing::SplitMix64 rng{2026};
  constexpr int kSizes[] = {14, 11, 8, 5, 2};
  for (int i = 0; i < testing::iterations(3000); ++i) {
    const int size = kSizes[i % 5];
    // Every fourth hand in one suit (a part may hold all 14 tiles), every eighth in one suit
    // and the honours.
    const Counts hand = i % 4 == 3   ? testing::random_hand(rng, size, 9 * (i % 3), 9)
                        : i % 8 == 1 ? testing::random_hand(rng, size, 18, 16)
                                     : testing::random_hand(rng, size);
    Counts visible{};
    for (int k = 0; k < kNumKinds; ++k)
      visible[k] = static_cast<std::uint8_t>(rng.below(5 - hand[k]) * (rng.below(3) == 0));
    // Discards grouped by the shanten they leave (the function's contract: `shanten` is the
    // shanten of hand - d for every d asked).
    std::array<std::uint64_t, 8> by_shanten{};
    for (int k = 0; k < kNumKinds; ++k) {
      if (hand[k] == 0) continue;
      Counts after = hand;
      --after[k];
      by_shanten[static_cast<std::size_t>(shanten(after))] |= ukeire_bit(k);
    }
    for (int threshold = 0; threshold < 8; ++threshold) {
      const std::uint64_t discards = by_shanten[static_cast<std::size_t>(threshold)];
      if (discards == 0) continue;
      std::array<int, kNumKinds> out{};
      ukeire_after_discards(hand, visible, discards, threshold, out);
      for (int d = 0; d < kNumKinds; ++d) {
        if (!(discards & ukeire_bit(d))) continue;
        ASSERT_EQ(out[d], brute_ukeire(hand, visible, d, threshold))
            << format_counts(hand) << " discard " << kind_to_string(d) << " below " << threshold;
      }
    }
  }
}

}  // namespace
}  // namespace riichi

// The bots' discard evaluation (bot_view.hpp) takes the effective tiles of every tied discard
// from ukeire_after_discards under the free plan, and the yaku plans' from plan_ukeire over the
// kinds touching the hand: both against a brute force over plan_shanten of each drawn hand.
namespace riichi::bots {
namespace {

// Every yaku plan bit: yakuhai, tanyao, toitoi and honitsu in each of the three suits.
constexpr std::uint16_t kEveryPlan = kPlanYakuhai | kPlanTanyao | kPlanToitoi | kPlanHonitsu |
                                     (kPlanHonitsu << 1) | (kPlanHonitsu << 2);

int brute_plan_ukeire(const Counts& after, std::uint16_t plans, const HandView& v, int discarded,
                      int shanten_now) {
  int total = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    const int left = 4 - after[k] - v.visible[k] - (k == discarded ? 1 : 0);
    if (left <= 0) continue;
    Counts drawn = after;
    ++drawn[k];
    if (plan_shanten(drawn, plans, !v.open, v) < shanten_now) total += left;
  }
  return total;
}

TEST(BotDiscardEval, TiedDiscardsAgreeWithABruteForce) {
  testing::SplitMix64 rng{2027};
  constexpr std::uint16_t kOpenPlans[] = {
      kPlanFree, kPlanYakuhai | kPlanTanyao, kPlanYakuhai | kPlanToitoi | kPlanHonitsu,
      kPlanYakuhai | kPlanTanyao | kPlanToitoi | (kPlanHonitsu << 1) | (kPlanHonitsu << 2)};
  for (int i = 0; i < testing::iterations(1500); ++i) {
    HandView v;
    v.open = i % 3 != 0;
    v.hand = testing::random_hand(rng, v.open ? 11 - 3 * (i % 2) : 14);
    for (int k = 0; k < kNumKinds; ++k)
      v.visible[k] = static_cast<std::uint8_t>(rng.below(5 - v.hand[k]) * (rng.below(3) == 0));
    v.seat_wind = 27 + rng.below(4);
    const std::uint16_t plans = v.open ? kOpenPlans[i % 4] : std::uint16_t{kPlanFree};
    std::array<DiscardEval, kNumKinds> evals;
    int best = -1;
    const int n = evaluate_discards(v, plans, (std::uint64_t{1} << kNumKinds) - 1, evals, best);
    int min_shanten = 99, tied = 0;
    for (int j = 0; j < n; ++j) {
      Counts after = v.hand;
      --after[evals[j].kind];
      ASSERT_EQ(evals[j].shanten, plan_shanten(after, plans, !v.open, v));
      min_shanten = std::min(min_shanten, evals[j].shanten);
    }
    for (int j = 0; j < n; ++j) tied += evals[j].shanten == min_shanten;
    if (tied == 1 && min_shanten > 0) continue;  // a lone candidate: no effective tiles needed
    for (int j = 0; j < n; ++j) {
      if (evals[j].shanten != min_shanten) continue;
      Counts after = v.hand;
      --after[evals[j].kind];
      ASSERT_EQ(evals[j].ukeire, brute_plan_ukeire(after, plans, v, evals[j].kind, min_shanten))
          << format_counts(v.hand) << " plans " << plans << " discard "
          << kind_to_string(evals[j].kind);
    }
  }
}

TEST(BotDiscardEval, EachPlanAloneAsItsOwnPlanShanten) {
  testing::SplitMix64 rng{2028};
  for (int i = 0; i < testing::iterations(1000); ++i) {
    HandView v;
    v.open = true;
    v.hand = testing::random_hand(rng, 11 - 3 * (i % 3));
    v.seat_wind = 27 + rng.below(4);
    const auto plans = static_cast<std::uint16_t>(kEveryPlan & (rng.next() | kPlanYakuhai));
    const PlanShanten together(v.hand, plans, false, v);
    for (int k = 0; k < kNumKinds; ++k) {
      if (v.hand[k] == 0) continue;
      std::array<int, kPlanBits> by_plan;
      by_plan.fill(99);
      together.lower_by_plan(k, -1, by_plan);
      for (int b = 0; b < kPlanBits; ++b) {
        const auto plan = static_cast<std::uint16_t>(1u << b);
        const int alone = plans & plan ? PlanShanten(v.hand, plan, false, v).with(k, -1) : 99;
        ASSERT_EQ(by_plan[b], alone) << format_counts(v.hand) << " plan " << plan;
      }
    }
  }
}

// discard_shanten under the free plan takes seven pairs and thirteen orphans from counts: against
// shanten() of each closed 13-tile hand left, on hands drawn from few kinds (many pairs) and from
// terminals and honours (kokushi close) as well as any kinds.
TEST(BotDiscardEval, DiscardShantenCountsEveryForm) {
  testing::SplitMix64 rng{2030};
  for (int i = 0; i < testing::iterations(1500); ++i) {
    HandView v;
    const int shape = i % 3;
    if (shape == 0) {  // 14 tiles of 8-9 kinds: seven pairs close
      v.hand = testing::random_hand(rng, 14, rng.below(kNumKinds - 9), 8 + rng.below(2));
    } else if (shape == 1) {  // mostly terminals and honours
      for (int t = 0; t < 14; ++t) {
        const bool yaochuu = rng.below(5) != 0;
        int k = yaochuu ? kYaochuuKinds[static_cast<std::size_t>(rng.below(13))] : rng.below(27);
        while (v.hand[k] == 4) k = (k + 1) % kNumKinds;
        ++v.hand[k];
      }
    } else {
      v.hand = testing::random_hand(rng, 14);
    }
    std::array<DiscardEval, kNumKinds> evals;
    const int n = discard_shanten(v, kPlanFree, (std::uint64_t{1} << kNumKinds) - 1, evals);
    for (int j = 0; j < n; ++j) {
      Counts after = v.hand;
      --after[evals[j].kind];
      ASSERT_EQ(evals[j].shanten, shanten(after))
          << format_counts(v.hand) << " discard " << kind_to_string(evals[j].kind);
    }
  }
}

// added_below_mask (each plan's improving kinds at once) against added_below kind by kind, for
// open hands under random plan sets, value honours held as singles, pairs and pungs included.
TEST(BotDiscardEval, AddedBelowMaskIsAddedBelowKindByKind) {
  testing::SplitMix64 rng{2029};
  for (int i = 0; i < testing::iterations(1000); ++i) {
    HandView v;
    v.open = true;
    v.hand = testing::random_hand(rng, 13 - 3 * (i % 4));
    for (int k = 0; k < kNumKinds; ++k)
      v.visible[k] = static_cast<std::uint8_t>(rng.below(5 - v.hand[k]) * (rng.below(4) == 0));
    v.seat_wind = 27 + rng.below(4);
    const auto plans = static_cast<std::uint16_t>(kEveryPlan & (rng.next() | kPlanYakuhai));
    const PlanShanten plan(v.hand, plans, false, v);
    std::uint64_t kinds = 0;
    for (int k = 0; k < kNumKinds; ++k)
      if (v.hand[k] < 4) kinds |= std::uint64_t{1} << k;
    for (int bound = 0; bound <= 6; ++bound) {
      std::uint64_t expected = 0;
      for (int k = 0; k < kNumKinds; ++k)
        if ((kinds >> k & 1) && plan.added_below(k, bound)) expected |= std::uint64_t{1} << k;
      ASSERT_EQ(plan.added_below_mask(kinds, bound), expected)
          << format_counts(v.hand) << " plans " << plans << " below " << bound;
    }
  }
}

}  // namespace
}  // namespace riichi::bots
