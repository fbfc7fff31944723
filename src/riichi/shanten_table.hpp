// Internal: the shanten tables (see shanten.hpp for the definition of shanten).
//
// A suit's tiles (9 counts 0..4) or the honours (7 counts) have a "block value" vector: for
// p = 0/1 (may the pair be taken here) and b = 0..4 (how many blocks may be counted here), the
// best 2*sets + partial sets + pair. Only 54 distinct vectors occur for a suit and 20 for the
// honours, so each part is a one-byte class. The combinations are tabled too: man+pin classes ->
// a class (63 occur), sou+honour classes -> a class (54 occur), and for those two and the number
// of sets needed, the final value. Standard shanten is thus 4 class lookups and 3 small-table
// lookups.
//
// Layout (every table is constant data, generated at build time by shanten_table_gen.cpp and
// compiled in: nothing is built when a process starts):
//   kSuitClass[high_offset[high] + low_rank[low]]   suit class of a suit of at most 14 tiles.
//       The base-5 key of the 9 counts splits into low = counts of 1..5 (c0 + 5 c1 + ... +
//       625 c4) and high = counts of 6..9. Low keys are ranked by tile count, so the low keys
//       allowed beside a given high part (at most 14 tiles in all) form a prefix of the ranks;
//       high_offset[high] is where that prefix starts (405,350 entries, one byte each).
//   kHonorClass[key]                                 honour class, key = c0 + 5 c1 + ... + 5^6 c6
//                                                    over East..Red (78,125 entries).
//   mp_class[man * kSuitClasses + pin]               class of the man+pin combination
//   sz_class[sou * kHonorClasses + honours]          class of the sou+honour combination
//   final_value[(mp * kSouHonorClasses + sz) * 5 + sets needed]   best 2*sets + partials + pair
#pragma once

#include <cstdint>

#include "riichi/tile.hpp"

namespace riichi::detail {

inline constexpr int kSuitClasses = 54;      // distinct block-value vectors of a suit
inline constexpr int kHonorClasses = 20;     // ... of the honours
inline constexpr int kManPinClasses = 63;    // ... of man + pin combined
inline constexpr int kSouHonorClasses = 54;  // ... of sou + honours combined
inline constexpr int kSuitEntries = 405350;  // suits of at most 14 tiles (the compact index)
inline constexpr int kHonorKeys = 78125;     // 5^7

// The small tables (the two large ones are byte strings, below).
struct ShantenTableData {
  std::uint32_t high_offset[625];  // by base-5 key of counts 6..9
  std::uint16_t low_rank[3125];    // by base-5 key of counts 1..5
  std::uint8_t mp_class[kSuitClasses * kSuitClasses];
  std::uint8_t sz_class[kSuitClasses * kHonorClasses];
  std::int8_t final_value[kManPinClasses * kSouHonorClasses * 5];
};

// Generated (build/generated/shanten_table_data.cpp). The byte strings carry a final '\0'.
extern const ShantenTableData kShantenTableData;
extern const unsigned char kSuitClass[kSuitEntries + 1];
extern const unsigned char kHonorClass[kHonorKeys + 1];

inline constexpr int kPow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

// Read access to the tables (a stateless view; shanten_tables() returns the one instance).
struct ShantenTables {
  static int low_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])));
  }
  static int high_key(const std::uint8_t* c) { return c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])); }
  static int honor_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6])))));
  }
  static int suit_at(int low, int high) {
    return kSuitClass[kShantenTableData.high_offset[high] + kShantenTableData.low_rank[low]];
  }
  static int honor_at(int key) { return kHonorClass[key]; }
  static int suit(const std::uint8_t* c) { return suit_at(low_key(c), high_key(c)); }
  static int honor(const std::uint8_t* c) { return honor_at(honor_key(c)); }
  // Best 2*sets + partials + pair of the four parts, `blocks` sets needed (0..4).
  static int value(int m, int p, int s, int z, int blocks) {
    const ShantenTableData& d = kShantenTableData;
    const int mp = d.mp_class[m * kSuitClasses + p], sz = d.sz_class[s * kHonorClasses + z];
    return d.final_value[(mp * kSouHonorClasses + sz) * 5 + blocks];
  }
};

inline const ShantenTables& shanten_tables() {
  static constexpr ShantenTables kTables{};
  return kTables;
}

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

}  // namespace riichi::detail
