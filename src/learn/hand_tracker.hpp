// Every seat's tiles, discards and melds of the current hand, kept up to date from the hand's
// events (Round::events()) without allocating: the observation planes of any seat are written
// from it in a few hundred nanoseconds, where Round::observation builds vectors. It holds what
// every seat holds (the oracle view); the plane encoder (planes.hpp) reads only what the
// observing seat may know unless the oracle planes are asked for.
//
//   HandTracker t;
//   t.sync(game.round(), game.setups().size());  // after any number of actions
//   t.seat(s).counts, t.seat(s).discards, ...     // equal to Round::observation(s)'s fields
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "riichi/round.hpp"

namespace riichi::learn {

inline constexpr int kMaxSeats = 4;

struct TrackedSeat {
  std::array<std::uint64_t, 3> ids{};  // concealed physical ids (bitset)
  Counts counts{};                     // concealed kinds
  int concealed = 0;                   // number of concealed tiles
  std::array<DiscardInfo, Round::kMaxDiscards> discards{};
  int num_discards = 0;
  std::array<MeldInfo, 4> melds{};  // as Round::melds: chi/pon/daiminkan called tile first
  int num_melds = 0;
  int drawn = -1;  // the tile just drawn, until this seat's next discard or call
  bool holds(int id) const { return ids[static_cast<std::size_t>(id >> 6)] >> (id & 63) & 1; }
};

class HandTracker {
 public:
  // Reads the events of `round` appended since the last call. `hand_key` names the hand (e.g.
  // the number of hands dealt in the game): a new key, or fewer events than already read,
  // starts over from the deal.
  void sync(const Round& round, std::size_t hand_key);
  void reset();

  const TrackedSeat& seat(int s) const { return seats_[static_cast<std::size_t>(s)]; }
  int num_dora_indicators() const { return num_dora_; }
  int dora_indicator(int k) const { return dora_[static_cast<std::size_t>(k)]; }
  // The tile of the last discard or declared kakan / ankan: the tile of a claim window.
  int claim_tile() const { return claim_tile_; }
  // Kans that stand and kita (three players): the replacement draws, the live wall shorter by
  // one each.
  int kans() const { return kans_; }

 private:
  void apply(const Event& e);
  void add(int seat, int id);
  void remove(int seat, int id);
  void complete_kan();

  std::array<TrackedSeat, kMaxSeats> seats_{};
  std::array<int, 5> dora_{};
  int num_dora_ = 0;
  int claim_tile_ = -1;
  int kans_ = 0;
  Event pending_kan_{};  // a declared kakan / ankan until it stands (or is robbed)
  bool kan_pending_ = false;
  std::size_t read_ = 0;
  std::size_t hand_key_ = ~std::size_t{0};
};

}  // namespace riichi::learn
