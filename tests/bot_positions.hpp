// Test helper: hand-made positions for the playing bots: an Observation (seat 0 by default, the
// dealer in the East round) and its legal actions, built from mpsz strings.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "riichi/hand.hpp"
#include "riichi/round.hpp"

namespace riichi::testing {

class Position {
 public:
  Position() { obs_.seat = 0; }

  // Own concealed tiles (13, or 14 with the last one `drawn`).
  Position& hand(const std::string& tiles) {
    for (Tile t : parse_tiles(tiles)) obs_.concealed.push_back(take(t));
    std::sort(obs_.concealed.begin(), obs_.concealed.end());
    return *this;
  }
  Position& drawn(const std::string& tile) {
    const std::uint8_t id = take(parse_tile(tile));
    obs_.concealed.push_back(id);
    std::sort(obs_.concealed.begin(), obs_.concealed.end());
    obs_.drawn = id;
    return *this;
  }
  // Discards of `seat`, in order; `riichi_at` = index of the riichi declaration tile (-1: none).
  Position& discards(int seat, const std::string& tiles, int riichi_at = -1) {
    auto& list = obs_.discards[static_cast<std::size_t>(seat)];
    for (Tile t : parse_tiles(tiles)) {
      DiscardInfo d;
      d.id = take(t);
      d.riichi = static_cast<int>(list.size()) == riichi_at;
      list.push_back(d);
    }
    if (riichi_at >= 0) obs_.riichi[static_cast<std::size_t>(seat)] = true;
    return *this;
  }
  Position& meld(int seat, MeldType type, const std::string& tiles, int from) {
    MeldInfo m;
    m.type = type;
    m.from = static_cast<std::int8_t>(from);
    const std::vector<Tile> ts = parse_tiles(tiles);
    for (std::size_t i = 0; i < ts.size() && i < 4; ++i) m.ids[i] = take(ts[i]);
    obs_.melds[static_cast<std::size_t>(seat)].push_back(m);
    return *this;
  }
  Position& dora_indicator(const std::string& tile) {
    obs_.dora_indicators.push_back(take(parse_tile(tile)));
    return *this;
  }
  Position& seat(int seat, int dealer = 0, int round_wind = 0) {
    obs_.seat = seat;
    obs_.dealer = dealer;
    obs_.round_wind = round_wind;
    return *this;
  }
  Position& live_tiles(int n) {
    obs_.live_tiles_left = n;
    return *this;
  }

  // Legal actions: a discard of every distinct concealed kind (the drawn copy as tsumogiri).
  Position& allow_discards() {
    for (std::size_t i = 0; i < obs_.concealed.size(); ++i) {
      const int id = obs_.concealed[i];
      if (i > 0 && obs_.concealed[i - 1] / 4 == id / 4 && id != obs_.drawn) continue;
      add(ActionType::kDiscard, id, id == obs_.drawn);
    }
    return *this;
  }
  // A riichi declaration discarding `tile`.
  Position& allow_riichi(const std::string& tile) {
    add(ActionType::kRiichi, held(parse_tile(tile)), false);
    return *this;
  }
  // Any other action: ron takes the discard in the window, tsumo the drawn tile, kans and the
  // rest a held copy of `tile` (none when empty).
  Position& allow(ActionType type, const std::string& tile = "") {
    int id = -1;
    if (type == ActionType::kRon)
      id = claimed(parse_tile(tile));
    else if (type == ActionType::kTsumo)
      id = obs_.drawn;
    else if (!tile.empty())
      id = held(parse_tile(tile));
    add(type, id, false);
    return *this;
  }
  // A claim of the discard `tile` by seat 0's `type` with `uses` from the hand.
  Position& allow_call(ActionType type, const std::string& tile, const std::string& uses) {
    Action a;
    a.type = type;
    a.seat = static_cast<std::int8_t>(obs_.seat);
    a.tile = static_cast<std::int16_t>(claimed(parse_tile(tile)));
    const std::vector<Tile> us = parse_tiles(uses);
    std::vector<std::uint8_t> avoid;
    for (std::size_t i = 0; i < us.size() && i < 3; ++i) {
      const std::uint8_t id = held(us[i], avoid);
      avoid.push_back(id);
      a.uses[i] = id;
    }
    legal_.push_back(a);
    return *this;
  }
  // A claim window on `tile` (discarded by `from`): ron / calls added separately, plus pass.
  Position& claim_window(const std::string& tile, int from) {
    obs_.phase = Phase::kClaim;
    Tile t = parse_tile(tile);
    auto& list = obs_.discards[static_cast<std::size_t>(from)];
    DiscardInfo d;
    d.id = take(t);
    list.push_back(d);
    obs_.last_discard = d.id;
    add(ActionType::kPass, -1, false);
    return *this;
  }

  // The observation, its visible counts recounted from the fields set (as Round::observe keeps
  // them).
  const Observation& obs() const {
    obs_.visible = count_visible(obs_);
    return obs_;
  }
  const std::vector<Action>& legal() const { return legal_; }

 private:
  std::uint8_t take(Tile t) {
    int& n = used_[t.kind];
    if (n >= 4) throw std::invalid_argument("position: a fifth copy of " + kind_to_string(t.kind));
    return static_cast<std::uint8_t>(t.kind * 4 + n++);
  }
  std::uint8_t held(Tile t, const std::vector<std::uint8_t>& avoid = {}) const {
    for (std::uint8_t id : obs_.concealed)
      if (id / 4 == t.kind && std::find(avoid.begin(), avoid.end(), id) == avoid.end()) return id;
    throw std::invalid_argument("position: not held: " + kind_to_string(t.kind));
  }
  int claimed(Tile t) const {
    if (obs_.last_discard >= 0 && obs_.last_discard / 4 == t.kind) return obs_.last_discard;
    throw std::invalid_argument("position: not the discard in the window: " +
                                kind_to_string(t.kind));
  }
  void add(ActionType type, int id, bool tsumogiri) {
    Action a;
    a.type = type;
    a.seat = static_cast<std::int8_t>(obs_.seat);
    a.tile = static_cast<std::int16_t>(id);
    a.tsumogiri = tsumogiri;
    legal_.push_back(a);
  }

  mutable Observation obs_;
  std::vector<Action> legal_;
  std::array<int, kNumKinds> used_{};
};

inline std::string kind_name(const Action& a) {
  return a.tile < 0 ? std::string("-") : kind_to_string(a.tile / 4);
}

}  // namespace riichi::testing
