// The observation planes of the learning interface (docs/features.md): one seat's view as a
// (C x 34) array of 0/1 values, written as uint8 or float32 straight from the hand tracker
// (hand_tracker.hpp) and the Round, without allocating.
//
// Columns are tile kinds (0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s, 27..33 = E S W N
// P F C), except where a plane says it is indexed by something else (the n-th discard, a
// thermometer of a number). Seats inside the planes are relative to the observer: rel 0 = self,
// 1 = the next player (shimocha), ... The layout depends on the number of seats and on the
// optional groups (PlaneOptions); PlaneLayout gives every offset and every plane's name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learn/hand_tracker.hpp"
#include "riichi/round.hpp"

namespace riichi::learn {

inline constexpr int kPlaneWidth = kNumKinds;  // 34 columns
inline constexpr int kDiscardSlots = 24;       // discards in order, per seat
inline constexpr int kOracleNextDraws = 4;     // the oracle's next live draws

struct PlaneOptions {
  bool tsumogiri = true;     // per seat: which discards were tsumogiri (column = discard number)
  bool call_sources = true;  // per seat: discards called away; the tiles called from each seat
  bool shanten = false;      // own shanten and effective tiles / shanten-keeping discards
  bool oracle = false;       // every hand and the wall: for training only, never for play
  friend bool operator==(const PlaneOptions&, const PlaneOptions&) = default;
};

// Offsets of every group (-1 when the group is off) for `seats` players.
struct PlaneLayout {
  PlaneLayout(int seats, PlaneOptions options);

  int seats;
  PlaneOptions options;
  int hand = 0;           // 4: own concealed count > c (thermometer), the drawn tile included
  int drawn = 0;          // 1: the tile just drawn
  int red = 0;            // 1: red fives held concealed (at 5m/5p/5s)
  int claim = 0;          // 1: the tile in the current claim window
  int melds = 0;          // seats x 4: tiles of the kind in seat rel's melds > c
  int discard_kinds = 0;  // seats: kinds seat rel ever discarded
  int riichi_tile = 0;    // seats: seat rel's riichi declaration tile
  int discard_order = 0;  // seats x 24: the n-th discard of seat rel
  int riichi = 0;         // seats: whole plane, seat rel is in riichi
  int dora = 0;           // 5: the n-th dora indicator
  int scores = 0;         // seats x 2: coarse and fine thermometers of seat rel's points
  int round_wind = 0;     // 4: whole plane, the prevalent wind one-hot (E S W N)
  int seat_wind = 0;      // seats: whole plane, own seat wind one-hot
  int hand_number = 0;    // seats: whole plane, the hand within the round one-hot
  int honba = 0;          // 1: column c is 1 when honba > c
  int sticks = 0;         // 1: column c is 1 when riichi sticks on the table > c
  int live = 0;           // 1: column c is 1 when live tiles left > 2c
  int tsumogiri = -1;     // seats: column n is 1 when seat rel's n-th discard was tsumogiri
  int called = -1;        // seats: column n is 1 when seat rel's n-th discard was called
  int call_source = -1;   // seats x (seats-1): kinds seat rel called from seat rel + 1 + k
  int shanten = -1;       // 1: column s + 1 is 1 for shanten s (-1 complete .. 7)
  int effective = -1;     // 1: 3n+1 tiles: kinds that lower the shanten; 3n+2: best discards
  int oracle_hands = -1;  // (seats-1) x 4: seat rel 1.. concealed count > c
  int oracle_wall = -1;   // 4: live wall count of the kind > c
  int oracle_next = -1;   // 4: the next live draws in order
  int oracle_ura = -1;    // 1: the ura indicators under the revealed dora indicators
  int num_planes = 0;

  // "hand>=1", "melds[rel2]>=3", "discard[rel0][5]", ... one per plane.
  std::vector<std::string> names() const;
};

// Writes the view of `seat` into `out` (layout.num_planes * 34 values, all set). The tracker
// must be synced with `round`.
void write_planes(const PlaneLayout& layout, const Round& round, const HandTracker& tracker,
                  int seat, std::uint8_t* out);
void write_planes(const PlaneLayout& layout, const Round& round, const HandTracker& tracker,
                  int seat, float* out);

}  // namespace riichi::learn
