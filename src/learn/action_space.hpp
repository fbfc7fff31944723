// The fixed discrete action space of the learning interface (docs/features.md): every legal
// engine action of a seat maps to one index, so a policy names exactly what it does.
//
//   index     action
//   0..36     discard a held tile of class c (tedashi): kinds 0..33, then 34/35/36 = the red
//             5m/5p/5s (red-five rules only); never the tile just drawn
//   37        tsumogiri: discard the tile just drawn
//   38..74    riichi, declared with the tedashi discard of class index - 38
//   75        riichi, declared with tsumogiri
//   76        tsumo               77  ron (also chankan)
//   78/79/80  chi, the called tile the lowest / middle / highest of the run, no red five from the
//             hand;  81/82/83 the same using a red five from the hand
//   84        pon;   85 pon using a red five from the hand
//   86        daiminkan (open kan on a discard)
//   87..120   ankan or kakan of kind index - 87
//   121       kyuushu kyuuhai     122 pass (decline every call in a claim window)
//
// Legal engine actions that share an index are the same play (another physical copy of the same
// tile value), so the first in the engine's order stands for them.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "riichi/round.hpp"

namespace riichi::learn {

inline constexpr int kTileClasses = 37;  // 34 kinds + the three red fives
inline constexpr int kActDiscard = 0;    // + tile class (37)
inline constexpr int kActTsumogiri = 37;
inline constexpr int kActRiichi = 38;  // + tile class (37)
inline constexpr int kActRiichiTsumogiri = 75;
inline constexpr int kActTsumo = 76;
inline constexpr int kActRon = 77;
inline constexpr int kActChi = 78;     // + 0 low, 1 middle, 2 high
inline constexpr int kActChiRed = 81;  // + 0 low, 1 middle, 2 high; a red five from the hand
inline constexpr int kActPon = 84;
inline constexpr int kActPonRed = 85;
inline constexpr int kActDaiminkan = 86;
inline constexpr int kActSelfKan = 87;  // + kind (34): ankan or kakan
inline constexpr int kActKyuushu = 121;
inline constexpr int kActPass = 122;
inline constexpr int kActKita = 123;  // three players: a North set aside as nukidora
inline constexpr int kNumActions = 124;

// The tile class of a physical id: its kind, or 34/35/36 for a red five under red-five rules.
int tile_class(int id, bool red_fives);

// The index of an engine action.
int action_index(const Action& action, bool red_fives);

// For each index, the position in `legal` of the first action with that index, or -1.
using ActionSlots = std::array<std::int16_t, kNumActions>;
void action_slots(std::span<const Action> legal, bool red_fives, ActionSlots& out);

// A readable name: "discard 5p", "tsumogiri", "riichi 0s", "chi low red", "kan 7z".
std::string action_name(int index);

}  // namespace riichi::learn
