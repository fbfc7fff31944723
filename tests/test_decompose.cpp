// Standard decompositions (RULES.md §6.1) and the bound on how many a hand can have.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "riichi/decompose.hpp"
#include "riichi/hand.hpp"

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

}  // namespace
}  // namespace riichi
