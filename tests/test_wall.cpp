// The wall: portable seeded shuffle (values pinned from an independent Python transcription of
// the algorithm documented in wall.hpp) and stacked walls (RULES.md §2.3, §2.4).
#include <gtest/gtest.h>

#include <vector>

#include "riichi/hand.hpp"
#include "riichi/wall.hpp"

namespace riichi {
namespace {

TEST(Wall, SeedIsReproducibleAndPinned) {
  const Wall a = Wall::from_seed(0);
  const Wall b = Wall::from_seed(0);
  EXPECT_EQ(a.tiles, b.tiles);
  const std::array<int, 8> first0 = {15, 43, 83, 103, 53, 88, 45, 12};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(a.tiles[i], first0[i]) << i;
  EXPECT_EQ(a.tiles[130], 61);
  EXPECT_EQ(a.tiles[135], 124);
  const Wall c = Wall::from_seed(1);
  const std::array<int, 8> first1 = {82, 83, 80, 46, 122, 5, 70, 92};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(c.tiles[i], first1[i]) << i;
  EXPECT_EQ(c.tiles[130], 16);
  const Wall d = Wall::from_seed(2024);
  EXPECT_EQ(d.tiles[0], 134);
  EXPECT_EQ(d.tiles[135], 110);
}

TEST(Wall, EveryIdOnce) {
  for (std::uint64_t seed = 0; seed < 2000; ++seed)
    ASSERT_TRUE(Wall::from_seed(seed).is_permutation());
  EXPECT_NE(Wall::from_seed(5).tiles, Wall::from_seed(6).tiles);
}

TEST(Wall, BoundedIsInRange) {
  Xoshiro256 rng(42);
  std::array<int, 7> hist{};
  for (int i = 0; i < 70000; ++i) ++hist[rng.bounded(7)];
  for (int h : hist) EXPECT_NEAR(h, 10000, 500);
}

// bounded(n) is step 3 of wall.hpp word for word: rejection above 2^64 - (2^64 mod n), then the
// remainder (small bounds take a division-free path that must give the same numbers).
TEST(Wall, BoundedIsTheDocumentedRejectionAndRemainder) {
  for (std::uint64_t n = 1; n <= 300; ++n) {
    Xoshiro256 fast(n * 7919), words(n * 7919);
    for (int i = 0; i < 200; ++i) {
      const std::uint64_t rem = (0 - n) % n;
      std::uint64_t w = words.next();
      while (rem != 0 && w >= 0 - rem) w = words.next();
      ASSERT_EQ(fast.bounded(n), w % n) << "n = " << n << ", draw " << i;
    }
  }
  // The small bounds' remainder on the words the generator rarely gives: 0, 2^64 - 1, around
  // 2^32 and its multiples, and around multiples of n near the top.
  for (std::uint64_t n = 1; n <= 256; ++n) {
    std::vector<std::uint64_t> words = {0, 1, ~std::uint64_t{0}, ~std::uint64_t{0} - 1};
    for (std::uint64_t hi : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xFFFFFFFF}})
      for (std::uint64_t lo : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xFFFFFFFF}})
        words.push_back(hi << 32 | lo);
    const std::uint64_t top = ~std::uint64_t{0} / n * n;
    for (std::uint64_t k = 0; k < 3; ++k)
      for (std::uint64_t j : {std::uint64_t{0}, std::uint64_t{1}, n - 1})
        words.push_back(top - k * n + j);
    Xoshiro256 rng(n);
    for (int i = 0; i < 2000; ++i) words.push_back(rng.next());
    for (std::uint64_t w : words)
      ASSERT_EQ(Xoshiro256::small_remainder(w, n), w % n) << "n = " << n << ", w = " << w;
  }
  // Bounds whose rejection zone is large enough to be hit: 2^63 + 1 rejects almost half.
  const std::uint64_t big = (std::uint64_t{1} << 63) + 1;
  Xoshiro256 fast(3), words(3);
  for (int i = 0; i < 100; ++i) {
    std::uint64_t w = words.next();
    while (w >= 0 - (0 - big) % big) w = words.next();
    ASSERT_EQ(fast.bounded(big), w % big);
  }
}

TEST(Wall, DealSlotsFollowSection24) {
  // East: 0-3, 16-19, 32-35, 48; South 4-7, ..., 49; North 12-15, 28-31, 44-47, 51.
  EXPECT_EQ(deal_slot(0, 0), 0);
  EXPECT_EQ(deal_slot(0, 4), 16);
  EXPECT_EQ(deal_slot(0, 12), 48);
  EXPECT_EQ(deal_slot(1, 0), 4);
  EXPECT_EQ(deal_slot(1, 12), 49);
  EXPECT_EQ(deal_slot(3, 11), 47);
  EXPECT_EQ(deal_slot(3, 12), 51);
  std::array<bool, 52> used{};
  for (int w = 0; w < 4; ++w)
    for (int i = 0; i < 13; ++i) used[deal_slot(w, i)] = true;
  for (bool u : used) EXPECT_TRUE(u);
}

TEST(Wall, Stacked) {
  const std::array<std::vector<Tile>, 4> hands = {
      parse_tiles("123456789m1234p"), parse_tiles("0p55p6789p123456s"),
      parse_tiles("6789s1234567z11m"), parse_tiles("222m333m444m555m6m")};
  const Wall w = Wall::stacked(hands, parse_tiles("7z7z"), parse_tiles("1z9m"), parse_tiles("8s"),
                               parse_tiles("2z"));
  ASSERT_TRUE(w.is_permutation());
  EXPECT_EQ(kind_of_id(w.tiles[deal_slot(0, 0)]), 0);    // 1m
  EXPECT_EQ(kind_of_id(w.tiles[deal_slot(0, 12)]), 12);  // 4p
  EXPECT_EQ(w.tiles[deal_slot(1, 0)], 13 * 4);           // 0p = copy 0 of 5p
  EXPECT_TRUE(is_red_id(w.tiles[deal_slot(1, 0)]));
  EXPECT_FALSE(is_red_id(w.tiles[deal_slot(1, 1)]));  // plain 5p never copy 0 while others free
  EXPECT_EQ(kind_of_id(w.tiles[52]), kRed);
  EXPECT_EQ(kind_of_id(w.tiles[53]), kRed);
  EXPECT_EQ(kind_of_id(w.tiles[Wall::kDoraSlot]), kEast);
  EXPECT_EQ(kind_of_id(w.tiles[Wall::kIndicatorSlots[1]]), 8);
  EXPECT_EQ(kind_of_id(w.tiles[Wall::kDoraSlot + 1]), kSouth);
  EXPECT_EQ(kind_of_id(w.tiles[Wall::kRinshanSlots[0]]), 25);
  EXPECT_THROW(Wall::stacked(hands, parse_tiles("2m2m"), {}), std::invalid_argument);  // 5th 2m
}

}  // namespace
}  // namespace riichi
