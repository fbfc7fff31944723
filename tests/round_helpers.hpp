// Helpers for scripted and random hands of play.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "random_hands.hpp"
#include "riichi/hand.hpp"
#include "riichi/round.hpp"

namespace riichi::testing {

inline RoundSetup default_setup(int dealer = 0, int honba = 0, int sticks = 0) {
  RoundSetup s;
  s.dealer = dealer;
  s.honba = honba;
  s.riichi_sticks = sticks;
  s.scores = {30000, 30000, 30000, 30000};
  return s;
}

// A round on a stacked wall: hands by seat wind (East first), then the draws in order.
inline Round stacked_round(const Rules& rules, const std::array<std::string, 4>& hands,
                           const std::string& draws, const std::string& dora = "",
                           const std::string& rinshan = "", const std::string& ura = "",
                           RoundSetup setup = default_setup()) {
  std::array<std::vector<Tile>, 4> h;
  for (int i = 0; i < 4; ++i) h[i] = parse_tiles(hands[i]);
  auto list = [](const std::string& s) { return s.empty() ? std::vector<Tile>{} : parse_tiles(s); };
  return Round(rules, setup, Wall::stacked(h, list(draws), list(dora), list(rinshan), list(ura)));
}

// The legal action of `seat` of `type` on tile `tile` (mpsz; empty = any), with `uses` (mpsz,
// empty = any). Fails the test when there is none.
inline Action find_action(const Round& r, int seat, ActionType type, const std::string& tile = "",
                          const std::string& uses = "", int tsumogiri = -1) {
  const bool red = r.rules().red_fives;
  for (const Action& a : r.legal_actions(seat)) {
    if (a.type != type) continue;
    if (!tile.empty() && tile_of_id(a.tile, red) != parse_tile(tile)) continue;
    if (tsumogiri >= 0 && a.tsumogiri != (tsumogiri == 1)) continue;
    if (!uses.empty()) {
      std::vector<Tile> want = parse_tiles(uses), got;
      for (std::int16_t u : a.uses)
        if (u >= 0) got.push_back(tile_of_id(u, red));
      if (format_tiles(want) != format_tiles(got)) continue;
    }
    return a;
  }
  ADD_FAILURE() << "no legal " << action_type_name(type) << " " << tile << " " << uses
                << " for seat " << seat;
  return Action{};
}

inline bool has_action(const Round& r, int seat, ActionType type, const std::string& tile = "") {
  const bool red = r.rules().red_fives;
  for (const Action& a : r.legal_actions(seat))
    if (a.type == type && (tile.empty() || tile_of_id(a.tile, red) == parse_tile(tile)))
      return true;
  return false;
}

inline void must_apply(Round& r, const Action& a) {
  const ApplyResult res = r.apply(a);
  ASSERT_TRUE(res.ok) << res.reason;
}

// Applies `type` on `tile` for seat, or fails.
inline void act(Round& r, int seat, ActionType type, const std::string& tile = "",
                const std::string& uses = "", int tsumogiri = -1) {
  must_apply(r, find_action(r, seat, type, tile, uses, tsumogiri));
}
inline void discard(Round& r, int seat, const std::string& tile) {
  act(r, seat, ActionType::kDiscard, tile);
}
// Every pending seat passes.
inline void pass_all(Round& r) {
  while (r.phase() == Phase::kClaim || r.phase() == Phase::kChankan) {
    const int s = r.to_play();
    ASSERT_GE(s, 0);
    act(r, s, ActionType::kPass);
  }
}

}  // namespace riichi::testing

namespace riichi::testing {

// The tile the player to play just drew is discarded (tsumogiri), then every window passes.
inline void tsumogiri(Round& r) {
  pass_all(r);
  const int s = r.to_play();
  ASSERT_GE(s, 0);
  act(r, s, ActionType::kDiscard, "", "", 1);
  pass_all(r);
}

// `n` draws from the tiles left after `hands` (and `reserved`): draw i goes to seat wind i % 4
// (no calls) and is the first kind, in kind order, with copies left that `ok(wind, kind)` accepts
// (or any kind left when none is accepted).
template <class Ok>
std::string pool_draws(const std::array<std::string, 4>& hands, int n, Ok ok,
                       const std::string& reserved = "") {
  std::array<int, kNumKinds> pool;
  pool.fill(4);
  for (const std::string& h : hands)
    for (Tile t : parse_tiles(h)) --pool[t.kind];
  if (!reserved.empty())
    for (Tile t : parse_tiles(reserved)) --pool[t.kind];
  std::string out;
  for (int i = 0; i < n; ++i) {
    int pick = -1;
    for (int k = 0; k < kNumKinds && pick < 0; ++k)
      if (pool[k] > 0 && ok(i % 4, k)) pick = k;
    for (int k = 0; k < kNumKinds && pick < 0; ++k)
      if (pool[k] > 0) pick = k;
    --pool[pick];
    out += kind_to_string(pick);
  }
  return out;
}

inline bool has_yaku(const ScoreResult& s, const std::string& name) {
  for (const YakuItem& y : s.yaku)
    if (y.name == name) return true;
  return false;
}

inline int count_events(const Round& r, EventType t) {
  int n = 0;
  for (const Event& e : r.events()) n += e.type == t;
  return n;
}

}  // namespace riichi::testing
