// Standard-form decomposition of concealed tiles into sets (chows, pungs) and one pair.
#pragma once

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

// Every distinct way to split `concealed` into sets plus exactly one pair (when the tile count
// is 3n+2) or into sets only (3n). Each multiset of blocks is produced once. Other tile counts,
// or tiles that do not fit, give an empty list.
std::vector<Decomposition> decompose(const Counts& concealed);

// Seven distinct pairs (RULES.md §4.1: four identical tiles are not two pairs).
bool is_chiitoitsu(const Counts& counts);
// One of each of the 13 terminal/honour kinds plus one duplicate.
bool is_kokushi(const Counts& counts);

}  // namespace riichi
