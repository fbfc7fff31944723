// Shanten: hand-checked examples, and the table against a slow recursive reference.
#include <gtest/gtest.h>

#include <algorithm>

#include "random_hands.hpp"
#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"
#include "riichi/shanten_table.hpp"

namespace riichi {
namespace {

Counts shanten_hand(const char* text) { return counts_of(parse_tiles(text)); }

// The usual definition, searched exhaustively: every way to take blocks at the lowest tile
// (isolated, pung, chow, the pair, partial pung, two-sided/edge partial, closed partial), then
// 8 - 2*sets - partials - pair with sets + partials capped at the number of sets needed.
struct Reference {
  Counts c;
  int needed;
  int best = 0;
  void search(int k, int sets, int partials, int pair) {
    while (k < kNumKinds && c[k] == 0) ++k;
    if (k == kNumKinds) {
      best = std::max(best, 2 * sets + std::min(partials, needed - sets) + pair);
      return;
    }
    const bool run1 = is_suited(k) && number_of(k) <= 8 && c[k + 1] > 0;
    const bool run2 = is_suited(k) && number_of(k) <= 7 && c[k + 2] > 0;
    --c[k];
    search(k, sets, partials, pair);  // k isolated
    if (c[k] >= 2) c[k] -= 2, search(k, sets + 1, partials, pair), c[k] += 2;
    if (c[k] >= 1) {
      --c[k];
      if (!pair) search(k, sets, partials, 1);
      search(k, sets, partials + 1, pair);
      ++c[k];
    }
    if (run1 && run2 && c[k + 1] > 0) {
      --c[k + 1], --c[k + 2];
      search(k, sets + 1, partials, pair);
      ++c[k + 1], ++c[k + 2];
    }
    if (run1) --c[k + 1], search(k, sets, partials + 1, pair), ++c[k + 1];
    if (run2) --c[k + 2], search(k, sets, partials + 1, pair), ++c[k + 2];
    ++c[k];
  }
};

int reference_standard(const Counts& counts) {
  int n = 0;
  for (int x : counts) n += x;
  Reference r{counts, n / 3};
  r.search(0, 0, 0, 0);
  return 2 * (n / 3) - r.best;
}

TEST(Shanten, CompleteHandsAreMinusOne) {
  EXPECT_EQ(shanten(shanten_hand("123m456p789s11122z")), -1);
  EXPECT_EQ(shanten(shanten_hand("11223344556677z")), -1);     // seven pairs
  EXPECT_EQ(shanten(shanten_hand("19m19p19s12345677z")), -1);  // thirteen orphans
  EXPECT_EQ(shanten(shanten_hand("11m")), -1);                 // four melds declared
  EXPECT_EQ(shanten(shanten_hand("22234m")), -1);
}

TEST(Shanten, TenpaiHandsAreZero) {
  EXPECT_EQ(shanten(shanten_hand("23456p99s123m456s")), 0);
  EXPECT_EQ(shanten(shanten_hand("1112345678999m")), 0);
  EXPECT_EQ(shanten(shanten_hand("19m19p19s1234567z")), 0);  // 13-sided kokushi
  EXPECT_EQ(shanten(shanten_hand("1122334455667z")), 0);     // seven pairs, tanki
  EXPECT_EQ(shanten(shanten_hand("5z")), 0);                 // four melds declared, tanki
}

TEST(Shanten, ByForm) {
  // Seven pairs: 6 - pairs + missing kinds.
  EXPECT_EQ(shanten_chiitoitsu(shanten_hand("1122m3344p5566s7z")), 0);
  EXPECT_EQ(shanten_chiitoitsu(shanten_hand("1111m2233p4455s6z")), 2);  // 1111 is one pair, not two
  EXPECT_EQ(shanten_chiitoitsu(shanten_hand("123456789m12345p")), 6);
  // Thirteen orphans: 13 - yaochuu kinds - (a yaochuu pair).
  EXPECT_EQ(shanten_kokushi(shanten_hand("19m19p19s1234566z")), 0);
  EXPECT_EQ(shanten_kokushi(shanten_hand("123456789m12345p")), 10);
  // The minimum over forms.
  EXPECT_EQ(shanten(shanten_hand("1122m3344p5566s17z")), 0);  // six pairs: discard 1z or 7z
  EXPECT_EQ(shanten_standard(shanten_hand("1122m3344p5566s17z")), 3);
}

TEST(Shanten, CappedPartials) {
  // Five partials and no set: only four count, 8 - 4 = 4; with a pair as well, 8 - 4 - 1 = 3.
  EXPECT_EQ(shanten_standard(shanten_hand("13m57m13p57p13s9s15z")), 4);
  EXPECT_EQ(shanten_standard(shanten_hand("11m35m79m13p57p13s9s")), 3);
  // Isolated tiles only.
  EXPECT_EQ(shanten_standard(shanten_hand("147m258p369s1234z")), 8);
  EXPECT_EQ(shanten(shanten_hand("147m258p369s1234z")), 6);  // chiitoitsu 6, kokushi 7
}

TEST(Shanten, DeclaredMeldsScaleTheTarget) {
  // 10 tiles (one meld declared): 3 sets + pair needed.
  EXPECT_EQ(shanten_standard(shanten_hand("123m456p789s1z")), 0);
  EXPECT_EQ(shanten_standard(shanten_hand("123m456p78s11z")), 0);
  EXPECT_EQ(shanten_standard(shanten_hand("13m46p79s1234z")), 3);
  // 4 tiles (three melds): 1 set + pair.
  EXPECT_EQ(shanten_standard(shanten_hand("1234z")), 2);
  EXPECT_EQ(shanten_standard(shanten_hand("1122z")), 0);
  // Chiitoitsu and kokushi do not apply with melds: the minimum is the standard form.
  EXPECT_EQ(shanten(shanten_hand("1133557799m")), shanten_standard(shanten_hand("1133557799m")));
}

TEST(Shanten, OwnFourCopiesStillCountsAsTenpai) {
  // The usual definition: 1111m + three sets is tenpai on 1m (tanki on a fifth copy). The payment
  // rule (waits only on own four copies = noten) is a separate predicate (waits.hpp).
  EXPECT_EQ(shanten_standard(shanten_hand("1111m123p456p789p")), 0);
}

void cross_check(int size, int hands, int first, int kinds, std::uint64_t seed) {
  testing::SplitMix64 rng{seed};
  for (int i = 0; i < hands; ++i) {
    const Counts c = testing::random_hand(rng, size, first, kinds);
    const int expected = reference_standard(c);
    const int got = shanten_standard(c);
    if (got != expected) {
      FAIL() << "hand " << format_counts(c) << ": table " << got << ", reference " << expected;
    }
  }
}

// Random walks of draws and discards (up to 14 tiles) applied to a `Hand` one tile at a time
// (`add(kind, copies before)`, `remove(kind, copies after)`), `check(counts, hand)` after each
// step; a walk stops at the first fatal failure.
template <class Hand, class Check>
void WalkHands(std::uint64_t seed, Check check) {
  testing::SplitMix64 rng{seed};
  for (int walk = 0; walk < testing::iterations(2'000); ++walk) {
    Counts c{};
    Hand h;
    for (int step = 0; step < 40; ++step) {
      int n = 0;
      for (int x : c) n += x;
      const bool add = n == 0 || (n < 14 && rng.below(3) != 0);
      const int kind = rng.below(kNumKinds);
      if (add && c[kind] < 4) {
        h.add(kind, c[kind]++);
      } else if (!add && c[kind] > 0) {
        h.remove(kind, --c[kind]);
      } else {
        continue;
      }
      check(c, h);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// HandShanten (shanten_table.hpp), kept up to date one tile at a time as the bots keep a hand:
// its standard form must equal the recursive reference and its all-forms value shanten()
// recomputed from scratch.
TEST(Shanten, IncrementalHandShantenFollowsEveryTile) {
  WalkHands<detail::HandShanten>(2222, [](const Counts& c, const detail::HandShanten& h) {
    ASSERT_EQ(h.standard(), reference_standard(c)) << format_counts(c);
    ASSERT_EQ(h.shanten(), shanten(c)) << format_counts(c);
  });
}

// KeyedHandShanten (a Round seat's: keys per tile, classes when asked) along the same walks:
// shanten() and kinds() as recomputed from scratch, also for one built from the counts (the deal).
TEST(Shanten, KeyedHandShantenFollowsEveryTile) {
  WalkHands<detail::KeyedHandShanten>(2223, [](const Counts& c, const detail::KeyedHandShanten& h) {
    ASSERT_EQ(h.shanten(), shanten(c)) << format_counts(c);
    ASSERT_EQ(h.kinds(), mask_size(kinds_at_least(c, 1))) << format_counts(c);
    ASSERT_EQ(detail::KeyedHandShanten(c).shanten(), shanten(c)) << format_counts(c);
  });
}

// Seven pairs and thirteen orphans counted kind by kind (the vector pass must agree on every
// hand size, honours and terminals included).
TEST(Shanten, OtherFormsAgreeWithAKindByKindCount) {
  testing::SplitMix64 rng{77};
  for (int i = 0; i < testing::iterations(200'000); ++i) {
    const int size = 13 + i % 2;
    const int first = i % 3 == 0 ? 0 : i % 3 == 1 ? 18 : 27;  // all kinds, sou+honours, honours
    const Counts c = testing::random_hand(rng, size, first, kNumKinds - first);
    int pairs = 0, kinds = 0, orphans = 0;
    bool orphan_pair = false;
    for (int k = 0; k < kNumKinds; ++k) {
      pairs += c[k] >= 2;
      kinds += c[k] >= 1;
      if (!is_yaochuu(k)) continue;
      orphans += c[k] >= 1;
      orphan_pair = orphan_pair || c[k] >= 2;
    }
    ASSERT_EQ(shanten_chiitoitsu(c), 6 - pairs + std::max(0, 7 - kinds)) << format_counts(c);
    ASSERT_EQ(shanten_kokushi(c), 13 - orphans - (orphan_pair ? 1 : 0)) << format_counts(c);
    ASSERT_EQ(shanten(c),
              std::min({reference_standard(c), shanten_chiitoitsu(c), shanten_kokushi(c)}))
        << format_counts(c);
  }
}

class ShantenCrossCheck : public ::testing::TestWithParam<int> {};

// 250,000 random hands of each size, and 8,000 of one suit and of honours (the recursive
// reference takes about 9 us a random 14-tile hand and 0.3 ms a one-suit one: a million and
// 20,000 of them cost make test 37 s of CPU for the same check; docs/build.md, round 18).
TEST_P(ShantenCrossCheck, TableAgreesWithReferenceOnRandomHands) {
  const int size = GetParam();
  cross_check(size, testing::iterations(250'000), 0, kNumKinds, 1000 + size);
}

TEST_P(ShantenCrossCheck, TableAgreesWithReferenceOnOneSuitHands) {
  const int size = GetParam();
  // Single-suit hands have the richest decompositions (chinitsu-like shapes).
  cross_check(size, testing::iterations(8'000), 9, 9, 2000 + size);
  cross_check(size, testing::iterations(8'000), 27, 7, 3000 + size);
}

INSTANTIATE_TEST_SUITE_P(AllSizes, ShantenCrossCheck,
                         ::testing::Values(1, 2, 4, 5, 7, 8, 10, 11, 13, 14),
                         [](const auto& info) { return "Tiles" + std::to_string(info.param); });

}  // namespace
}  // namespace riichi
