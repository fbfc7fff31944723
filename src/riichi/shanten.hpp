// Shanten: how many tile exchanges a hand is from tenpai (0 = tenpai, -1 = complete).
//
// The concealed part has 3n+1 or 3n+2 tiles (n = 0..4); the 4-n declared melds make up the rest.
// Standard form uses the usual definition: the minimum over decompositions of
//   2 * (sets needed) - 2 * sets - partial sets - pair,
// with at most `sets needed` sets + partial sets counted (sets needed = 4 - declared melds).
// Chiitoitsu and kokushi apply only to a fully concealed 13/14-tile hand.
//
// Implementation: table-based. Each suit (9 counts, base-5 key) maps to a packed vector of the
// best "2*sets + partials" for 0..4 counted blocks, without and with the pair; the suit vectors
// are combined by a small max-plus convolution. The tables are built once on first use.
#pragma once

#include <array>
#include <cstdint>

#include "riichi/tile.hpp"

namespace riichi {

// Per-form shanten of concealed tiles. The standard form accepts any 3n+1/3n+2 count <= 14.
int shanten_standard(const Counts& concealed);
int shanten_chiitoitsu(const Counts& concealed);  // 13/14 tiles only
int shanten_kokushi(const Counts& concealed);     // 13/14 tiles only
// Minimum of the forms that apply to the tile count.
int shanten(const Counts& concealed);

// Which form gives the minimum (a bit per form), for explanations.
enum ShantenForm : std::uint8_t { kFormStandard = 1, kFormChiitoitsu = 2, kFormKokushi = 4 };
struct ShantenDetail {
  int shanten;
  int standard;
  int chiitoitsu;  // 99 when not applicable
  int kokushi;     // 99 when not applicable
};
ShantenDetail shanten_detail(const Counts& concealed);

// Forces the tables to be built now (otherwise done on first use, thread-safe).
void init_shanten_tables();

}  // namespace riichi
