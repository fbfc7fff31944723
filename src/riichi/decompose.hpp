// Standard-form decomposition of concealed tiles into sets (chows, pungs) and one pair.
// The one search of the project: scoring, waits and the table all use it.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "riichi/tile.hpp"

namespace riichi {

enum class BlockType : std::uint8_t { kChow, kPung, kPair };

// One concealed block. For a chow, `kind` is its lowest tile.
struct Block {
  BlockType type = BlockType::kPung;
  std::uint8_t kind = 0;
  friend constexpr bool operator==(const Block&, const Block&) = default;
};

// A full decomposition: blocks[0..count) (at most 4 sets + 1 pair).
struct Decomposition {
  Block blocks[5];
  int count = 0;
  bool has_pair() const;
};

// Visits every decomposition of the suited kinds marked in `mask` (bit k: kind k < 27 has
// copies in `c`) into chows and pungs, plus one pair on one of the kinds of `pair_kinds` (none
// when 0); `leaf(cur)` is called with the blocks appended to `cur`. At the lowest kind still
// present its copies split at once between a pung, the pair and chows starting there, so each
// multiset of blocks is visited exactly once. `c` and `cur` are restored before returning. No
// allocation. Leaving out of `pair_kinds` the kinds whose pair cannot complete (a suit without
// 3m+2 tiles) prunes the search without changing the leaves or their order.
template <typename Leaf>
void for_each_suited_decomposition_pairing(Counts& c, std::uint32_t mask, std::uint32_t pair_kinds,
                                           Decomposition& cur, Leaf&& leaf) {
  if (mask == 0) {
    if (pair_kinds == 0) leaf(cur);
    return;
  }
  const int kind = std::countr_zero(mask);
  const int n = c[kind];
  const int max_pair = (pair_kinds >> kind & 1) && n >= 2 ? 1 : 0;
  for (int pung = 0; pung <= (n >= 3 ? 1 : 0); ++pung) {
    for (int pair = 0; pair <= max_pair; ++pair) {
      const int chows = n - 3 * pung - 2 * pair;
      if (chows < 0) continue;
      if (chows > 0 && (number_of(kind) > 7 || c[kind + 1] < chows || c[kind + 2] < chows))
        continue;
      const int saved = cur.count;
      const auto k = static_cast<std::uint8_t>(kind);
      if (pung) cur.blocks[cur.count++] = Block{BlockType::kPung, k};
      if (pair) cur.blocks[cur.count++] = Block{BlockType::kPair, k};
      for (int i = 0; i < chows; ++i) cur.blocks[cur.count++] = Block{BlockType::kChow, k};
      std::uint32_t next = mask & ~(1u << kind);
      if (chows) {
        if ((c[kind + 1] -= chows) == 0) next &= ~(2u << kind);
        if ((c[kind + 2] -= chows) == 0) next &= ~(4u << kind);
      }
      for_each_suited_decomposition_pairing(c, next, pair ? 0u : pair_kinds, cur, leaf);
      if (chows) c[kind + 1] += chows, c[kind + 2] += chows;
      cur.count = saved;
    }
  }
}

// The same with the pair allowed on any kind when `need_pair`.
template <typename Leaf>
void for_each_suited_decomposition(Counts& c, std::uint32_t mask, bool need_pair,
                                   Decomposition& cur, Leaf&& leaf) {
  for_each_suited_decomposition_pairing(c, mask, need_pair ? ~0u : 0u, cur, leaf);
}

// Enough room for every standard decomposition of at most 14 tiles: the test
// Decompose.MaximumCountFitsTheList proves the bound over every hand.
inline constexpr int kMaxDecompositions = 8;
struct DecompositionList {
  Decomposition items[kMaxDecompositions];
  int count = 0;
};

// Every distinct way to split `concealed` into sets plus exactly one pair (when the tile count
// is 3n+2) or into sets only (3n), without allocating. Fast rejects first: honours must be
// pungs or the pair, each suit must hold 3m or 3m+2 tiles. Returns the number found.
int decompose(const Counts& concealed, DecompositionList& out);
// The same as a vector. Other tile counts, or tiles that do not fit, give an empty list.
std::vector<Decomposition> decompose(const Counts& concealed);

// Seven distinct pairs (RULES.md §4.1: four identical tiles are not two pairs).
bool is_chiitoitsu(const Counts& counts);
// One of each of the 13 terminal/honour kinds plus one duplicate.
bool is_kokushi(const Counts& counts);

}  // namespace riichi
