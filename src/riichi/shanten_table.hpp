// Internal: the per-suit shanten tables (see shanten.hpp for the definition).
//
// A suit's tiles (9 counts 0..4) or the honours (7 counts) map to a BlockValues: for p = 0/1
// (may the pair be taken here) and b = 0..4 (how many blocks may be counted here), the best
// 2*sets + partial sets + pair. Values grow with b and p. Packed as 10 nibbles, index p*5+b.
//
// Suit tables hold only hands of at most 14 tiles, indexed compactly: the key splits into the
// counts of 1..5 (low) and 6..9 (high); low keys are ranked by tile count so that the low keys
// allowed beside a given high part form a prefix. The table is ~3 MB.
#pragma once

#include <array>
#include <cstdint>

#include "riichi/tile.hpp"

namespace riichi::detail {

using BlockValues = std::uint64_t;

constexpr int block_value(BlockValues v, int p, int b) { return (v >> (4 * (p * 5 + b))) & 15; }

struct ShantenTables {
  std::array<std::uint32_t, 625> high_offset{};  // by base-5 key of counts 6..9
  std::array<std::uint16_t, 3125> low_rank{};    // by base-5 key of counts 1..5
  std::array<BlockValues, 78125> honors{};       // by base-5 key of the 7 honour counts
  BlockValues* suits = nullptr;                  // compact suit table
  std::uint32_t suit_entries = 0;
  ShantenTables();
  ~ShantenTables();
  ShantenTables(const ShantenTables&) = delete;
  ShantenTables& operator=(const ShantenTables&) = delete;

  static int low_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])));
  }
  static int high_key(const std::uint8_t* c) { return c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])); }
  static int honor_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6])))));
  }
  BlockValues suit_at(int low, int high) const { return suits[high_offset[high] + low_rank[low]]; }
  BlockValues suit(const std::uint8_t* c) const { return suit_at(low_key(c), high_key(c)); }
  BlockValues honor(const std::uint8_t* c) const { return honors[honor_key(c)]; }
};

const ShantenTables& shanten_tables();

inline constexpr int kPow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

// Values unpacked to bytes: u[p * 5 + b].
struct Unpacked {
  std::int8_t u[10];
  Unpacked() = default;
  explicit Unpacked(BlockValues v) {
    for (int i = 0; i < 10; ++i) u[i] = static_cast<std::int8_t>((v >> (4 * i)) & 15);
  }
};
int combine_final(const Unpacked& a, const Unpacked& b, int blocks);
Unpacked combine(const Unpacked& a, const Unpacked& b);

// Tile count, distinct kinds, pairs, and the same over the 13 terminal/honour kinds: what the
// seven-pairs and thirteen-orphans shanten need. One vector pass over the 34 counts.
struct FormCounts {
  int tiles = 0;
  int kinds = 0;
  int pairs = 0;
  int yaochuu_kinds = 0;
  bool yaochuu_pair = false;
};
FormCounts form_counts(const Counts& c);

// Max-plus convolution of two BlockValues (at most one pair overall, blocks add up).
BlockValues combine(BlockValues a, BlockValues b);
// Best value of a with b given that `blocks` blocks may be counted in all.
int combine_final(BlockValues a, BlockValues b, int blocks);
// Best value of the four parts (man, pin, sou, honours) with `blocks` blocks counted.
int standard_value(BlockValues m, BlockValues p, BlockValues s, BlockValues z, int blocks);

}  // namespace riichi::detail
