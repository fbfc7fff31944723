// The fixed feature encoding of an observation (docs/features.md) and the fixed discrete action
// space of riichi.Env. Plain C++ (no Python): a (kNumPlanes x 34) float32 array per observation.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "riichi/game.hpp"
#include "riichi/round.hpp"

namespace riichi::py {

// ---- observation planes (C x 34, float32, row-major), plane by plane in docs/features.md -----
inline constexpr int kDiscardSlots = 24;         // discards in order, per seat
inline constexpr int kPlaneHand = 0;             // 4: own concealed count >= 1..4
inline constexpr int kPlaneDrawn = 4;            // 1: the tile just drawn
inline constexpr int kPlaneRed = 5;              // 1: red fives held concealed (at 5m/5p/5s)
inline constexpr int kPlaneClaimTile = 6;        // 1: the tile in a claim window
inline constexpr int kPlaneMelds = 7;            // 4 seats x 4: meld tiles count >= 1..4
inline constexpr int kPlaneDiscardKinds = 23;    // 4: kinds the seat ever discarded
inline constexpr int kPlaneRiichiTile = 27;      // 4: the seat's riichi declaration tile
inline constexpr int kPlaneDiscardOrder = 31;    // 4 x 24: the n-th discard of the seat
inline constexpr int kPlaneRiichi = 127;         // 4: the seat is in riichi (whole plane)
inline constexpr int kPlaneDoraIndicator = 131;  // 5: the n-th dora indicator
inline constexpr int kPlaneScores = 136;         // 4: score / 100000 (whole plane)
inline constexpr int kPlaneRoundWind = 140;      // 4: prevalent wind one-hot (whole plane)
inline constexpr int kPlaneSeatWind = 144;       // 4: own seat wind one-hot (whole plane)
inline constexpr int kPlaneHonba = 148;          // 1: honba / 10
inline constexpr int kPlaneSticks = 149;         // 1: riichi sticks on the table / 10
inline constexpr int kPlaneLiveTiles = 150;      // 1: live tiles left / 70
inline constexpr int kPlaneHandNumber = 151;     // 4: hand number in the round one-hot
inline constexpr int kNumPlanes = 155;

// Writes the planes of `obs` into `out` (kNumPlanes * 34 floats, zeroed first). Seats are
// relative to the observer: 0 = self, 1 = shimocha (next), 2 = toimen, 3 = kamicha.
void encode_planes(const GameObservation& obs, bool red_fives, std::span<float> out);

// ---- discrete action space ----------------------------------------------------------------
// Tile classes: 0..33 kinds, 34/35/36 = red 5m/5p/5s (only with red fives).
inline constexpr int kTileClasses = 37;
inline constexpr int kActDiscard = 0;  // + tile class (37)
inline constexpr int kActRiichi = 37;  // + tile class (37): riichi declared with this discard
inline constexpr int kActTsumo = 74;
inline constexpr int kActRon = 75;
inline constexpr int kActChiLow = 76;  // the called tile is the lowest of the run
inline constexpr int kActChiMid = 77;
inline constexpr int kActChiHigh = 78;
inline constexpr int kActPon = 79;
inline constexpr int kActDaiminkan = 80;
inline constexpr int kActSelfKan = 81;  // + kind (34): ankan or kakan of that kind
inline constexpr int kActKyuushu = 115;
inline constexpr int kActPass = 116;
inline constexpr int kNumActions = 117;

// The index of an engine action in the discrete space.
int action_index(const Action& action, bool red_fives);
// For each index, the first legal action (engine order) with that index, or -1: `slots[i]` is a
// position in `legal`.
std::array<int, kNumActions> action_slots(std::span<const Action> legal, bool red_fives);

}  // namespace riichi::py
