// Waits, effective tiles and the discard table on hand-checked examples (RULES.md §4.2, §8.4).
#include <gtest/gtest.h>

#include <string>

#include "random_hands.hpp"
#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"
#include "riichi/waits.hpp"

namespace riichi {
namespace {

Counts waits_hand(const char* text) { return counts_of(parse_tiles(text)); }

std::string wait_kinds(const std::vector<Wait>& waits) {
  std::string out;
  for (const Wait& w : waits) {
    if (!out.empty()) out += ' ';
    out += kind_to_string(w.kind);
  }
  return out;
}

TEST(Waits, IssueExample) {
  const auto w = waits(waits_hand("23456p99s123m456s"));
  EXPECT_EQ(wait_kinds(w), "1p 4p 7p");
  for (const Wait& x : w) EXPECT_TRUE(x.has(WaitShape::kRyanmen)) << kind_to_string(x.kind);
  // 4p: 1p 4p 7p have 4 - held copies left: 1p 4, 4p 3, 7p 4.
  EXPECT_EQ(w[0].remaining, 4);
  EXPECT_EQ(w[1].remaining, 3);
  EXPECT_EQ(w[2].remaining, 4);
}

TEST(Waits, BasicShapes) {
  auto shapes_of = [](const char* text, const char* tile) {
    for (const Wait& w : waits(waits_hand(text)))
      if (w.kind == parse_tile(tile).kind) return w.shapes;
    return std::uint8_t{0};
  };
  auto bit = [](WaitShape s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); };
  EXPECT_EQ(shapes_of("24m123p456p789p11s", "3m"), bit(WaitShape::kKanchan));
  EXPECT_EQ(shapes_of("12m123p456p789p11s", "3m"), bit(WaitShape::kPenchan));
  EXPECT_EQ(shapes_of("89m123p456p789p11s", "7m"), bit(WaitShape::kPenchan));
  EXPECT_EQ(shapes_of("11m55z123p456p789p", "5z"), bit(WaitShape::kShanpon));
  EXPECT_EQ(shapes_of("1m123p456p789p111s", "1m"), bit(WaitShape::kTanki));
  EXPECT_EQ(shapes_of("1122m3344p5566s7z", "7z"), bit(WaitShape::kChiitoitsu));
  EXPECT_EQ(shapes_of("19m19p19s1234566z", "7z"), bit(WaitShape::kKokushi));
  EXPECT_EQ(shapes_of("19m19p19s1234567z", "1m"), bit(WaitShape::kKokushi13));
}

TEST(Waits, VisibleTilesReduceRemaining) {
  const Counts visible = waits_hand("1p1p1p4p");
  const auto w = waits(waits_hand("23456p99s123m456s"), &visible);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[0].remaining, 1);  // 1p: 4 - 3 seen
  EXPECT_EQ(w[1].remaining, 2);  // 4p: 4 - 1 held - 1 seen
  EXPECT_EQ(w[2].remaining, 4);
}

TEST(Waits, NotTenpaiHasNoWaits) {
  EXPECT_TRUE(waits(waits_hand("147m258p369s1234z")).empty());
  EXPECT_TRUE(waits(waits_hand("23456p99s123m456s1z")).empty());  // 14 tiles: not a 3n+1 hand
}

TEST(Waits, OwnFourCopiesIsNotTenpaiForPayments) {
  // RULES.md §4.2, [B fig. II.1.f]: holding 9999p and waiting only on 9p as the pair = noten.
  // The usual shanten count calls it tenpai, but no tile can complete it: no wait at all.
  const Counts h = waits_hand("9999p123m456m789s");
  EXPECT_EQ(shanten(h), 0);
  EXPECT_TRUE(waits(h).empty());
  EXPECT_FALSE(is_tenpai_for_payment(h, h));
  // Karaten against other players is still tenpai: all four 4m visible elsewhere.
  const Counts h3 = waits_hand("23m456p789s99s123p");
  EXPECT_TRUE(is_tenpai_for_payment(h3, h3));
  // A kan of the waiting kind held in a meld counts as own copies too.
  const Counts concealed = waits_hand("5z123m456m789s");
  Counts own = concealed;
  own[31] = 4;  // a pon of 5z declared, the fourth 5z in hand: waiting on 5z alone is noten
  EXPECT_FALSE(is_tenpai_for_payment(concealed, own));
}

TEST(Ukeire, OneShantenHand) {
  // 1-shanten: 23m 45p 78s 99s + 123p 456m? Use 23m45p123s456s99s + 1z (13 tiles).
  const Ukeire u = ukeire(waits_hand("23m45p123s456s99s1z"));
  EXPECT_EQ(u.shanten, 1);
  // Effective: 1m 4m (23m), 3p 6p (45p). Each 4 left except none held: 16 tiles.
  std::string kinds;
  for (const KindCount& k : u.tiles) {
    if (!kinds.empty()) kinds += ' ';
    kinds += kind_to_string(k.kind);
  }
  EXPECT_EQ(kinds, "1m 4m 3p 6p");
  EXPECT_EQ(u.total, 16);
}

TEST(DiscardTable, IsolatedHonourGoesFirst) {
  // 14 tiles: 23m 45p 123s 456s 99s 1z 9m: discarding 1z or 9m leaves a 1-shanten hand with
  // 16 effective tiles; ties are broken by kind order, so 9m comes before 1z.
  const auto table = discard_table(waits_hand("239m45p123s456s99s1z"));
  ASSERT_GE(table.size(), 2u);
  EXPECT_EQ(kind_to_string(table[0].kind), "9m");
  EXPECT_EQ(table[0].shanten, 1);
  EXPECT_EQ(table[0].total, 16);
  EXPECT_EQ(kind_to_string(table[1].kind), "1z");
  EXPECT_EQ(table[1].total, 16);
  // Breaking a two-sided partial is worse.
  for (std::size_t i = 2; i < table.size(); ++i)
    EXPECT_TRUE(table[i].shanten > 1 || table[i].total < 16) << kind_to_string(table[i].kind);
}

}  // namespace
}  // namespace riichi

namespace riichi {
namespace {

// Brute force: the kinds whose addition lowers the shanten, by full recomputation.
std::vector<int> brute_effective(const Counts& c) {
  std::vector<int> out;
  const int now = shanten(c);
  for (int k = 0; k < kNumKinds; ++k) {
    if (c[k] >= 4) continue;
    Counts d = c;
    ++d[k];
    if (shanten(d) < now) out.push_back(k);
  }
  return out;
}

TEST(DiscardTable, AgreesWithBruteForceOnRandomHands) {
  testing::SplitMix64 rng{77};
  for (int i = 0; i < testing::iterations(5000); ++i) {
    const int size = i % 2 ? 14 : 11;
    const Counts c = testing::random_hand(rng, size);
    for (const DiscardOption& d : discard_table(c)) {
      Counts after = c;
      --after[d.kind];
      ASSERT_EQ(d.shanten, shanten(after)) << format_counts(c) << " discard " << d.kind;
      std::vector<int> kinds;
      int total = 0;
      for (const KindCount& k : d.ukeire) kinds.push_back(k.kind), total += k.remaining;
      ASSERT_EQ(kinds, brute_effective(after)) << format_counts(c) << " discard " << d.kind;
      ASSERT_EQ(total, d.total);
    }
  }
}

TEST(Waits, AgreeWithBruteForceOnRandomTenpaiHands) {
  testing::SplitMix64 rng{78};
  int tenpai = 0;
  for (int i = 0; tenpai < testing::iterations(2000) && i < 10'000'000; ++i) {
    const Counts c = testing::random_hand(rng, 13, 9 * (i % 3), 9);  // one suit: often tenpai
    if (shanten(c) != 0) continue;
    ++tenpai;
    std::vector<int> expected;
    for (int k = 0; k < kNumKinds; ++k) {
      Counts d = c;
      ++d[k];
      if (c[k] < 4 && shanten(d) == -1) expected.push_back(k);
    }
    std::vector<int> got;
    for (const Wait& w : waits(c))
      if (c[w.kind] < 4) got.push_back(w.kind);
    ASSERT_EQ(got, expected) << format_counts(c);
  }
}

}  // namespace
}  // namespace riichi
