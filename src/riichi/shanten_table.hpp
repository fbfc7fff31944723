// Internal: the shanten tables (see shanten.hpp for the definition).
//
// A suit's tiles (9 counts 0..4) or the honours (7 counts) map to a BlockValues: for p = 0/1
// (may the pair be taken here) and b = 0..4 (how many blocks may be counted here), the best
// 2*sets + partial sets + pair. Values grow with b and p. Packed as 10 nibbles, index p*5+b.
//
// Only 54 distinct vectors occur for a suit and 20 for the honours, so each part is stored as a
// one-byte class. The combinations are precomputed too: man+pin classes -> a class (63 occur),
// sou+honour classes -> a class (54 occur), and for those two and the number of sets needed,
// the final value. Standard shanten is thus 4 class lookups and 3 small-table lookups.
//
// Suit classes cover hands of at most 14 tiles, indexed compactly: the key splits into the
// counts of 1..5 (low) and 6..9 (high); low keys are ranked by tile count so that the low keys
// allowed beside a given high part form a prefix (405,350 entries, one byte each).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "riichi/tile.hpp"

namespace riichi::detail {

using BlockValues = std::uint64_t;

constexpr int block_value(BlockValues v, int p, int b) { return (v >> (4 * (p * 5 + b))) & 15; }

struct ShantenTables {
  std::array<std::uint32_t, 625> high_offset{};  // by base-5 key of counts 6..9
  std::array<std::uint16_t, 3125> low_rank{};    // by base-5 key of counts 1..5
  std::unique_ptr<std::uint8_t[]> suit_class;    // compact index -> suit class
  std::uint32_t suit_entries = 0;
  std::array<std::uint8_t, 78125> honor_class{};  // by base-5 key of the 7 honour counts
  std::vector<BlockValues> suit_values, honor_values, mp_values, sz_values;  // by class
  std::vector<std::uint8_t> mp_class;    // [man class * suits + pin class]
  std::vector<std::uint8_t> sz_class;    // [sou class * honours + honour class]
  std::vector<std::int8_t> final_value;  // [(mp * sz classes + sz) * 5 + sets needed]
  int suits = 0, honors = 0, sz_classes = 0;

  ShantenTables();
  ShantenTables(const ShantenTables&) = delete;
  ShantenTables& operator=(const ShantenTables&) = delete;

  static int low_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])));
  }
  static int high_key(const std::uint8_t* c) { return c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])); }
  static int honor_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6])))));
  }
  int suit_at(int low, int high) const { return suit_class[high_offset[high] + low_rank[low]]; }
  int suit(const std::uint8_t* c) const { return suit_at(low_key(c), high_key(c)); }
  int honor(const std::uint8_t* c) const { return honor_class[honor_key(c)]; }
  // Best 2*sets + partials + pair of the four parts, `blocks` sets needed (0..4).
  int value(int m, int p, int s, int z, int blocks) const {
    const int mp = mp_class[m * suits + p], sz = sz_class[s * honors + z];
    return final_value[(mp * sz_classes + sz) * 5 + blocks];
  }
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
  std::uint64_t present = 0;  // bit k: kind k is held
};
FormCounts form_counts(const Counts& c);

// Max-plus convolution of two BlockValues (at most one pair overall, blocks add up).
BlockValues combine(BlockValues a, BlockValues b);
// Best value of a with b given that `blocks` blocks may be counted in all.
int combine_final(BlockValues a, BlockValues b, int blocks);

}  // namespace riichi::detail
