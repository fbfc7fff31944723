// What the table tells one seat about each opponent's hand (docs/eval.md, "Danger"): the public
// facts the danger model reads, computed once per observation. Pure, no allocation.
//
// Discard order. An Observation lists each seat's discards apart; their order in time is rebuilt
// from the turn rotation (the dealer first, then the next seat, except that a called discard
// passes the turn to the caller, found through the meld that holds the called id). Genbutsu
// after a riichi and temporary furiten need it. Hand-made observations that break the rotation
// (a seat with fewer discards than its turns) fall back to the order (index, seat from dealer).
//
// Genbutsu (furiten-safe kinds) of an opponent: its own discards; every tile discarded after its
// latest discard (temporary furiten: it let the tile pass, RULES.md §3.8); and, once it is in
// riichi, every tile discarded after its declaration tile.
#pragma once

#include <array>
#include <cstdint>

#include "riichi/round.hpp"
#include "riichi/rules.hpp"
#include "riichi/tile.hpp"

namespace riichi::eval {

constexpr std::uint64_t kind_bit(int kind) { return std::uint64_t{1} << kind; }

// Discards in time order: seat and index in that seat's list.
struct DiscardRef {
  std::uint8_t seat = 0;
  std::uint8_t index = 0;
};
inline constexpr int kMaxOrderedDiscards = 4 * Round::kMaxDiscards;
struct DiscardOrder {
  std::array<DiscardRef, kMaxOrderedDiscards> refs{};
  int size = 0;
  bool rebuilt = true;  // false when the fallback order was used
};
// `players`: 3 for a three-player table (turns go 0 1 2).
void order_discards(const Observation& obs, DiscardOrder& out, int players = 4);

// Public facts about one opponent.
struct OpponentReading {
  bool present = true;  // false: the empty seat of a three-player table (nothing to read)
  int seat = -1;
  int seat_wind = 0;  // 0 = East (dealer) .. 3 = North
  bool riichi = false;
  int riichi_index = -1;             // index of the declaration tile in its discards
  bool riichi_tsumogiri = false;     // the declaration tile was the tile just drawn
  int riichi_kind = -1;              // kind of the declaration tile
  bool chasing_riichi = false;       // another seat was already in riichi at the declaration
  int discards = 0;                  // its discards so far (its turn count)
  int concealed = 13;                // its concealed tiles
  int tsumogiri_streak = 0;          // consecutive tsumogiri at the end of its discards
  bool last_tedashi_middle = false;  // its latest discard came from the hand and was a 3-7
  bool recent_value_cut = false;     // one of its last 3 discards, from the hand, a dora or yakuhai
  // Its discards that were not genbutsu against another seat's riichi (the first declared):
  // from the hand, and as drawn (tsumogiri: a tenpai hand pushing shows this way).
  bool facing_riichi = false;  // another seat (this one included) has declared riichi
  int pushes = 0;
  int pushes_drawn = 0;
  int discards_since_call = -1;        // its discards since its latest call (-1: no call)
  std::uint64_t genbutsu = 0;          // furiten-safe kinds (see the header)
  std::uint64_t own_discards = 0;      // kinds it discarded (its own furiten)
  std::uint64_t early_tedashi = 0;     // kinds discarded from the hand in its first 6 discards
  std::uint64_t late_tedashi = 0;      // other kinds discarded from the hand before riichi
  std::uint64_t tsumogiri_pre = 0;     // kinds discarded as drawn before riichi
  std::uint64_t suji_of_discards = 0;  // kinds 3 away from a kind it discarded before riichi
  std::uint64_t riichi_suji = 0;       // kinds 3 away from a tedashi declaration tile
  std::uint8_t red_discarded = 0;      // bit per suit: it discarded the red five before riichi
  std::array<std::uint8_t, 3> suit_tedashi{};  // its tedashi discards before riichi per suit
  // Melds (open hands).
  int melds = 0;
  bool open = false;               // a chi, pon, daiminkan or kakan
  bool all_pungs = true;           // every meld a pon or kan (false without melds)
  bool all_simples = true;         // every meld of 2-8 tiles (false without melds)
  std::uint8_t meld_suits = 0;     // bit per suit (m p s) among its melds
  int value_pungs = 0;             // pons / kans of its value honours (one han each)
  int meld_dora = 0;               // dora in its melds (indicators, and red fives when used)
  std::uint64_t value_honors = 0;  // its value honours: dragons, its seat wind, the round wind
};

// The table as one seat reads it.
struct TableReading {
  int seat = 0;
  int round_wind = 0;
  int live_tiles_left = 0;
  int honba = 0;
  int indicators = 0;  // dora indicators revealed
  Counts unseen{};     // copies not seen by this seat: 4 - own concealed - visible
  Counts visible{};    // copies seen by this seat, own concealed tiles included
  Counts own{};        // this seat's concealed tiles
  std::array<std::uint8_t, kNumKinds> dora{};  // dora count per kind (indicators)
  std::uint64_t dora_kinds = 0;
  int unseen_red = 0;                 // red fives not seen (0 without red fives)
  std::uint8_t red_unseen_suits = 0;  // bit per suit: its red five is not seen
  int unseen_total = 0;
  std::array<OpponentReading, 3> opponents{};  // the next seats in turn order
};

// Reads `obs` (the seat to judge for is obs.seat). `rules` says whether red fives exist.
void read_table(const Observation& obs, const Rules& rules, TableReading& out);

}  // namespace riichi::eval
