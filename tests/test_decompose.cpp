// Standard decompositions (RULES.md §6.1) and the bound on how many a hand can have.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>

#include "riichi/decompose.hpp"
#include "riichi/hand.hpp"
#include "riichi/run_table.hpp"

namespace riichi {
namespace {

Counts hand(const char* text) { return counts_of(parse_tiles(text)); }

TEST(Decompose, PungsOrChowsNeverBoth) {
  // RULES.md §6.1: 111222333 is three pungs or three chows.
  EXPECT_EQ(decompose(hand("111222333m456p55s")).size(), 2u);
  // 112233m: two chows 123m (iipeikou) is the only reading of the suit.
  EXPECT_EQ(decompose(hand("112233m456p789s55z")).size(), 1u);
  EXPECT_EQ(decompose(hand("11223344556677z")).size(), 0u);  // seven pairs is not standard
  EXPECT_EQ(decompose(hand("19m19p19s12345677z")).size(), 0u);
  EXPECT_EQ(decompose(hand("123m456p789s111z2z")).size(), 0u);  // incomplete
}

TEST(Decompose, ThreeNTilesHaveNoPair) {
  EXPECT_EQ(decompose(hand("123m")).size(), 1u);
  EXPECT_EQ(decompose(hand("11m")).size(), 1u);
  EXPECT_EQ(decompose(hand("1m")).size(), 0u);
}

TEST(Decompose, BlocksOfTheChosenReadings) {
  // 1112345678999m + 5m reads only as 111 234 55 678 999 (11 123 456 789 + 599 fails).
  const auto ds = decompose(hand("11123455678999m"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_TRUE(ds[0].has_pair());
}

// Counts the decompositions of one suit's count vector, with and without the pair.
int count_suit(const std::array<int, 9>& digits, bool pair) {
  Counts c{};
  std::uint32_t mask = 0;
  for (int i = 0; i < 9; ++i) {
    c[i] = static_cast<std::uint8_t>(digits[i]);
    mask |= std::uint32_t{digits[i] != 0} << i;
  }
  int n = 0;
  Decomposition cur;
  for_each_suited_decomposition(c, mask, pair, cur, [&](const Decomposition&) { ++n; });
  return n;
}

TEST(Decompose, MaximumCountFitsTheList) {
  // For every suit of 0..14 tiles, the most decompositions with and without the pair; then the
  // most a 14-tile hand can have over every split of its tiles between three suits (honours
  // have at most one reading). It must fit DecompositionList.
  std::array<int, 15> with_pair{}, without_pair{};
  std::array<int, 9> d{};
  for (int key = 0; key < 1953125; ++key) {
    int rest = key, sum = 0;
    for (int i = 0; i < 9; ++i) sum += d[i] = rest % 5, rest /= 5;
    if (sum > 14) continue;
    if (sum % 3 == 2) with_pair[sum] = std::max(with_pair[sum], count_suit(d, true));
    if (sum % 3 == 0) without_pair[sum] = std::max(without_pair[sum], count_suit(d, false));
  }
  without_pair[0] = 1;
  int most = 0;
  for (int a = 0; a <= 14; ++a)
    for (int b = 0; a + b <= 14; ++b)
      for (int c = 0; a + b + c <= 14; ++c) {
        // The pair in suit a (or in the honours: all three suits without it).
        most = std::max(most, with_pair[a] * without_pair[b] * without_pair[c]);
        most = std::max(most, without_pair[a] * without_pair[b] * without_pair[c]);
      }
  EXPECT_LE(most, kMaxDecompositions);
  RecordProperty("most_decompositions", most);
  EXPECT_GE(most, 2);  // 111222333 alone has two
}

// decompose() (runs read from a table) against the walk over the kinds: the same
// decompositions, in the same order, block for block.
void expect_same_as_walk(const Counts& c) {
  DecompositionList table, walk;
  const int n = decompose(c, table);
  ASSERT_EQ(n, detail::decompose_by_walk(c, walk)) << format_counts(c);
  ASSERT_EQ(table.count, walk.count);
  for (int i = 0; i < n; ++i) {
    const Decomposition& a = table.items[i];
    const Decomposition& b = walk.items[i];
    ASSERT_EQ(a.count, b.count) << format_counts(c);
    for (int j = 0; j < a.count; ++j) ASSERT_EQ(a.blocks[j], b.blocks[j]) << format_counts(c);
  }
}

TEST(Decompose, CompiledTableIsTheBuiltOne) {
  // The table compiled in (generated at build time) is the one build_run_table() builds now,
  // slot for slot and block for block; the tests below compare decompose() reading it with the
  // walk.
  const auto built = std::make_unique<detail::RunTable>(detail::build_run_table());
  const detail::RunTable& compiled = detail::kRunTable;
  int runs = 0;
  for (std::size_t i = 0; i < built->slots.size(); ++i) {
    const detail::RunSlot &a = compiled.slots[i], &b = built->slots[i];
    ASSERT_EQ(a.key, b.key) << "slot " << i;
    ASSERT_EQ(a.first, b.first) << "slot " << i;
    ASSERT_EQ(a.readings, b.readings) << "slot " << i;
    ASSERT_EQ(a.shape, b.shape) << "slot " << i;
    runs += b.key != 0;
  }
  for (std::size_t i = 0; i < built->blocks.size(); ++i)
    ASSERT_EQ(compiled.blocks[i], built->blocks[i]) << "decomposition " << i;
  // Its runs are the complete ones, as the walk finds them: every count vector of 1..9 kinds
  // held 1..4 times (at most 14 tiles) that splits into sets and at most one pair, with as many
  // decompositions.
  int complete = 0, readings = 0;
  for (int length = 1; length <= 9; ++length) {
    std::array<int, 9> d{};
    std::fill(d.begin(), d.begin() + length, 1);
    for (;;) {
      int sum = 0;
      for (int n : d) sum += n;
      const int found = sum <= 14 && sum % 3 != 1 ? count_suit(d, sum % 3 == 2) : 0;
      complete += found > 0;
      readings += found;
      int i = 0;  // the next vector: counts 1..4 counting like digits
      while (i < length && d[i] == 4) d[i++] = 1;
      if (i == length) break;
      ++d[i];
    }
  }
  EXPECT_EQ(runs, complete);
  EXPECT_EQ(readings, detail::kRunReadings);
  EXPECT_EQ(complete, 2272);
}

TEST(Decompose, TableMatchesTheWalkOnEverySuit) {
  // Every count vector of one suit (at most 14 tiles; a count of 5 or more in some), in the
  // three suits in turn, with and without an honour pair or pung beside it.
  std::array<int, 9> d{};
  for (int key = 0; key < 1953125; ++key) {
    int rest = key, sum = 0;
    for (int i = 0; i < 9; ++i) sum += d[i] = rest % 5, rest /= 5;
    if (sum > 14) continue;
    Counts c{};
    const int suit = key % 3;
    for (int i = 0; i < 9; ++i) c[9 * suit + i] = static_cast<std::uint8_t>(d[i]);
    expect_same_as_walk(c);
    if (sum <= 12 && key % 7 == 0) {
      c[kEast + (key / 7) % 7] = static_cast<std::uint8_t>(2 + key % 2);
      expect_same_as_walk(c);
    }
  }
}

TEST(Decompose, TableMatchesTheWalkOnRandomHands) {
  // Hands of random blocks over all kinds (most complete, many with several readings), some
  // with a tile changed, and counts above 4 (the walk's answer there too).
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  const auto next = [&](int n) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return static_cast<int>(state % static_cast<std::uint64_t>(n));
  };
  for (int round = 0; round < 200000; ++round) {
    Counts c{};
    const int sets = next(5);
    for (int i = 0; i < sets; ++i) {
      const int kind = next(kNumKinds);
      if (kind < kEast && kind % 9 < 7 && next(2) == 0)
        ++c[kind], ++c[kind + 1], ++c[kind + 2];
      else
        c[kind] = static_cast<std::uint8_t>(c[kind] + 3);
    }
    if (next(4) != 0) c[next(kNumKinds)] += 2;
    if (next(4) == 0) ++c[next(kNumKinds)];
    if (next(4) == 0 && c[0] > 0) --c[0];
    expect_same_as_walk(c);
  }
}

}  // namespace
}  // namespace riichi
