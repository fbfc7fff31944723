// Waits (machi), effective tiles (ukeire) and the discard table.
//
// "Remaining" counts are copies not yet seen: 4 minus the copies in the concealed hand being
// analysed minus the copies in `visible` (discards, every meld on the table including the
// player's own, dora indicators). A count never goes below zero.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "riichi/tile.hpp"

namespace riichi {

enum class WaitShape : std::uint8_t {
  kRyanmen,     // two-sided: 23 waiting on 1/4
  kKanchan,     // closed: 24 waiting on 3
  kPenchan,     // edge: 12 waiting on 3, 89 waiting on 7
  kShanpon,     // dual pung: two pairs, one becomes a pung
  kTanki,       // single: the pair wait
  kChiitoitsu,  // the seventh pair
  kKokushi,     // thirteen orphans (single wait on the missing kind)
  kKokushi13,   // thirteen orphans, 13-sided wait
};
inline constexpr int kNumWaitShapes = 8;
std::string_view wait_shape_name(WaitShape shape);  // "ryanmen", "kanchan", ...

struct Wait {
  int kind = 0;
  std::uint8_t shapes = 0;  // bit (1 << WaitShape)
  int remaining = 0;
  bool has(WaitShape s) const { return shapes >> static_cast<int>(s) & 1; }
};

// Every kind that completes the 3n+1 concealed part (with or without yaku), ascending, with the
// shapes through which it wins. Empty when the hand is not tenpai. A kind the concealed part
// holds four times is not a wait (there is no fifth copy): `9999p123m456m789s` has shanten 0
// by the usual count but no wait at all.
std::vector<Wait> waits(const Counts& concealed, const Counts* visible = nullptr);

// The kinds of waits(concealed) as a bit mask (bit k = kind k), without shapes or counts: the
// fast form for the table (furiten, ron windows).
std::uint64_t waiting_kinds(const Counts& concealed);

// Tenpai for noten payments and riichi (RULES.md §4.2): waits exist and at least one waiting
// kind is not held four times by the player, counting his melds (a pon of 5z and a 5z tanki is
// noten). `own` = concealed + the player's melds (kans as 4).
bool is_tenpai_for_payment(const Counts& concealed, const Counts& own);

struct KindCount {
  int kind = 0;
  int remaining = 0;
};

// Effective tiles of a 3n+1 concealed part: the kinds that lower its shanten.
struct Ukeire {
  int shanten = 0;
  std::vector<KindCount> tiles;  // ascending kind
  int total = 0;                 // sum of remaining
};
Ukeire ukeire(const Counts& concealed, const Counts* visible = nullptr);
// ukeire(concealed, visible).total without building the list (no allocation).
int ukeire_total(const Counts& concealed, const Counts* visible = nullptr);

// One row of the discard table of a 3n+2 concealed part. Remaining counts are taken against
// the full 3n+2 hand (the discarded copy is gone from the wall too).
struct DiscardOption {
  int kind = 0;
  int shanten = 0;  // shanten after the discard
  std::vector<KindCount> ukeire;
  int total = 0;
};
// Every distinct discard, best first: lower shanten, then more tiles, then kind order.
std::vector<DiscardOption> discard_table(const Counts& concealed, const Counts* visible = nullptr);

}  // namespace riichi
