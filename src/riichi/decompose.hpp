// Standard-form decomposition of concealed tiles into sets (chows, pungs) and one pair.
// The one search of the project: scoring, waits and the table all use it.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
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
// The search and the scoring read and write a block as one 16-bit word, type | kind << 8.
static_assert(sizeof(Block) == 2 && std::endian::native == std::endian::little);

// A full decomposition: blocks[0..count) (at most 4 sets + 1 pair). The other slots are spare:
// the search writes blocks there that it does not keep (no branch on the split), and
// decompose() copies the five honour slots whole past the suited blocks (at most five).
struct Decomposition {
  Block blocks[10];
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
namespace detail {
// The splits of the copies at the lowest kind still present, as a bit per (pung, pair) option in
// the search's order: bit 2 * pung + pair for pung, pair = 0..1, valid when the chows left
// (copies - 3 pung - 2 pair) are not negative and at most `room` (the chows the next two kinds
// allow), and the pair only where allowed. Indexed [copies][room][pair allowed] (copies and room
// 0..4: four copies of a kind; a larger count is read as 4): one lookup instead of a branch per
// option.
inline constexpr int kMaxSplitCount = 4;
inline constexpr auto kSplitOptions = [] {
  constexpr int kSize = kMaxSplitCount + 1;
  std::array<std::array<std::array<std::uint8_t, 2>, kSize>, kSize> t{};
  for (int n = 0; n < kSize; ++n)
    for (int room = 0; room < kSize; ++room)
      for (int can_pair = 0; can_pair <= 1; ++can_pair)
        for (int option = 0; option < 4; ++option) {
          const int pung = option >> 1, pair = option & 1;
          const int chows = n - 3 * pung - 2 * pair;
          if (chows >= 0 && chows <= room && (pair == 0 || can_pair == 1))
            t[n][room][can_pair] |= static_cast<std::uint8_t>(1 << option);
        }
  return t;
}();

// The blocks of one split (`option` as in kSplitOptions) of the n copies at `kind`: appended to
// `cur`, the chows' tiles taken from the next two kinds (cleared from `mask` when none is left).
inline void apply_split(Counts& c, std::uint32_t& mask, Decomposition& cur, int kind, int n,
                        int option) {
  const int pung = option >> 1, pair = option & 1;
  const int chows = n - 3 * pung - 2 * pair;
  const auto k = static_cast<std::uint8_t>(kind);
  // The pung's, the pair's and two chows' slots are written always and kept when taken (a split
  // adds at least one block, so the slots written past the last block are the spare ones).
  // (Each block stored as one 16-bit word, type | kind << 8: Block's layout.)
  const auto put = [&](int at, BlockType type) {
    const auto word = static_cast<std::uint16_t>(static_cast<unsigned>(type) | unsigned{k} << 8);
    std::memcpy(static_cast<void*>(&cur.blocks[at]), &word, sizeof word);
  };
  // (The count in a local: for the compiler a block's store might write cur.count.)
  int count = cur.count;
  put(count, BlockType::kPung);
  count += pung;
  put(count, BlockType::kPair);
  count += pair;
  put(count, BlockType::kChow);
  put(count + 1, BlockType::kChow);
  count += std::min(chows, 2);
  for (int i = 2; i < chows; ++i) put(count++, BlockType::kChow);
  cur.count = count;
  // The chows' tiles out of the next two kinds (nothing when there is no chow; kind + 2 <= 28
  // stays within the counts, and a kind with no copy left leaves the mask).
  const auto next = static_cast<std::uint8_t>(c[kind + 1] - chows);
  const auto after = static_cast<std::uint8_t>(c[kind + 2] - chows);
  c[kind + 1] = next;
  c[kind + 2] = after;
  const std::uint32_t emptied = (next == 0 ? 2u : 0u) | (after == 0 ? 4u : 0u);
  mask &= ~((1u | emptied) << kind);
}

}  // namespace detail

template <typename Leaf>
void for_each_suited_decomposition_pairing(Counts& c, std::uint32_t mask, std::uint32_t pair_kinds,
                                           Decomposition& cur, Leaf&& leaf) {
  // A kind with one split (the usual case) is applied here and the walk goes on in the same
  // call; only a kind with several splits recurses, once per split. The counts and blocks are
  // restored before returning (a copy of the counts: no undo walk).
  const int start = cur.count;
  const Counts counts = c;
  for (;;) {
    if (mask == 0) {
      if (pair_kinds == 0) leaf(cur);
      break;
    }
    const int kind = std::countr_zero(mask);
    const int n = std::min<int>(c[kind], detail::kMaxSplitCount);
    // Chows starting here: none from 8 and 9 (kinds 7 and 8 of a suit), else as many as the
    // next two kinds hold (c[kind + 2] stays within the counts: kind <= 26), at most n.
    constexpr std::uint32_t kNoChowStart = 3u << 7 | 3u << 16 | 3u << 25;
    const int room =
        (kNoChowStart >> kind & 1) != 0 ? 0 : std::min(n, std::min<int>(c[kind + 1], c[kind + 2]));
    unsigned options = detail::kSplitOptions[n][room][pair_kinds >> kind & 1];
    if (options == 0) break;
    if ((options & (options - 1)) == 0) {
      const int option = std::countr_zero(options);
      detail::apply_split(c, mask, cur, kind, n, option);
      if (option & 1) pair_kinds = 0;
      continue;
    }
    for (; options; options &= options - 1) {
      const int option = std::countr_zero(options);
      const int saved = cur.count;
      std::uint32_t next = mask;
      const Counts before = c;
      detail::apply_split(c, next, cur, kind, n, option);
      for_each_suited_decomposition_pairing(c, next, option & 1 ? 0u : pair_kinds, cur, leaf);
      c = before;
      cur.count = saved;
    }
    break;
  }
  c = counts;
  cur.count = start;
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
// The items are not initialised (only items[0..count) are ever written and read): a union
// member has no default construction, and assigning an item starts its lifetime.
struct DecompositionList {
  DecompositionList() {}
  union {
    Decomposition items[kMaxDecompositions];
  };
  int count = 0;
};

// Every distinct way to split `concealed` into sets plus exactly one pair (when the tile count
// is 3n+2) or into sets only (3n), without allocating. Fast rejects first: honours must be
// pungs or the pair, each suit must hold 3m or 3m+2 tiles. Returns the number found.
int decompose(const Counts& concealed, DecompositionList& out);
namespace detail {
// The same by the walk over the kinds (for_each_suited_decomposition_pairing), which decompose()
// uses only for counts above 4 (it reads the runs of held kinds from a table otherwise): the
// reference the tests compare decompose() with.
int decompose_by_walk(const Counts& concealed, DecompositionList& out);
}  // namespace detail
// The same as a vector. Other tile counts, or tiles that do not fit, give an empty list.
std::vector<Decomposition> decompose(const Counts& concealed);

// Seven distinct pairs (RULES.md §4.1: four identical tiles are not two pairs).
bool is_chiitoitsu(const Counts& counts);
// One of each of the 13 terminal/honour kinds plus one duplicate.
bool is_kokushi(const Counts& counts);

}  // namespace riichi
