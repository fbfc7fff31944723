// Effective tiles (ukeire) of every discard of a hand at once: the fast form for bots that
// compare discards (waits.hpp has the single-hand forms with their lists of kinds).
//
// For a 3n+2 concealed hand H, a discard d and a drawn kind k, the hand H - d + k differs from
// H in at most two parts (man, pin, sou, honours), so its shanten is a few table lookups from
// H's table classes (shanten_table.hpp): the classes of H with k added are read once per k,
// those with d removed once per d, and only k in the part of d needs a lookup per pair. Seven
// pairs and thirteen orphans change by at most one per tile, which bit masks give for all k
// at once.
#pragma once

#include <cstdint>
#include <span>

#include "riichi/tile.hpp"

namespace riichi {

// For a 3n+2 concealed hand `hand` and each kind d of `discards` (bit per kind, each held, all
// leaving the same shanten: `shanten` = shanten(hand - d), as the discards tied on the best
// shanten are), out[d] = the copies left of the kinds k with shanten(hand - d + k) < `shanten`
// (every form that applies to the tile count, as shanten() in shanten.hpp), where the copies
// left of k are max(0, 4 - hand[k] - visible[k]): ukeire_total(hand - d, visible + one copy of
// d) (waits.hpp). The other entries of `out` are left as they are, and all of them when `hand`
// does not hold 3n+2 tiles (at most 14); kinds of `discards` not held are skipped.
void ukeire_after_discards(const Counts& hand, const Counts& visible, std::uint64_t discards,
                           int shanten, std::span<int, kNumKinds> out);

}  // namespace riichi
