// Exact shanten with the tiles that move it: the search primitive of the hand-value model.
//
// Definition (the "deficiency" of a hand, as in tomohxx's algorithm): the distance of a hand h
// to a form is the fewest tiles to draw so that some complete hand W of that form (each kind at
// most 4 times) holds them: min over W of sum_k max(W[k] - h[k], 0). Shanten = distance - 1.
// Forms: standard (4 - melds sets and a pair), chiitoitsu and kokushi (closed 13/14 tiles).
// The standard distance differs from the block-count formula of riichi/shanten.hpp only when a
// kind's four copies are involved (a wait on a kind the hand holds four times is no wait):
// `123m456m789s9999p` is 1-shanten here, tenpai there.
//
// Besides the shanten the tables give, per hand:
//   necessary tiles (13-tile hands): kinds whose draw lowers the shanten (yuukouhai);
//   unnecessary tiles (14-tile hands): kinds held whose discard keeps the shanten.
// Both are the union over the forms reaching the minimum, as bit masks over the 34 kinds.
//
// Tables (built once, thread-safe): for each suit configuration (9 counts 0..4, at most 14
// tiles: 405,350 of them, indexed compactly) and honour configuration (7 counts, base-5 key),
// and each target (k sets, p pairs) with k = 0..4, p = 0..1, one 32-bit entry:
//   bits 0..3   tiles missing to the nearest target configuration
//   bits 4..12  necessary kinds of the suit (bit i = number i+1)
//   bits 13..21 unnecessary kinds of the suit
// A hand's value is the min-plus combination of its four parts, masks OR-ed over the optimal
// splits. About 19 MB; built in ~0.1 s on first use.
#pragma once

#include <cstdint>

#include "riichi/tile.hpp"

namespace riichi::eval {

// Base-5 keys of the four parts of a hand: man, pin, sou (9 digits), honours (7 digits).
struct PartKeys {
  std::uint32_t part[4] = {0, 0, 0, 0};
};
PartKeys part_keys(const Counts& counts);
inline constexpr std::uint32_t kPow5[10] = {1,    5,     25,    125,    625,
                                            3125, 15625, 78125, 390625, 1953125};

struct TileDistance {
  int shanten = 8;         // min over the forms; -1 = complete
  std::uint64_t mask = 0;  // necessary (13-tile query) or unnecessary (14-tile query) kinds
};

// `melds` = declared melds (0..4); chiitoitsu and kokushi count only without melds.
// `counts` must agree with `keys`. `skip_mask_below`: when 0 < shanten < skip_mask_below the
// mask is left 0 (the caller does not need it: the search reads every tile there), which saves
// the masks' table reads. Necessary tiles of a 3n+1 concealed part:
TileDistance necessary_tiles(const Counts& counts, const PartKeys& keys, int melds,
                             int skip_mask_below = 0);
// Unnecessary tiles of a 3n+2 concealed part (none when it is complete):
TileDistance unnecessary_tiles(const Counts& counts, const PartKeys& keys, int melds,
                               int skip_mask_below = 0);
// Shanten only (either size).
int exact_shanten(const Counts& counts, const PartKeys& keys, int melds);

// Forces the tables to be built now.
void init_tile_distance_tables();

}  // namespace riichi::eval
