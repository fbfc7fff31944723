// Helpers of the yaku tests (test_yaku.cpp, test_yaku_presets.cpp): win contexts, scoring a hand
// written in the tile notation, and reading the yaku of a result. In the anonymous namespace like
// the tests' own helpers (each test file that includes it gets its own copy).
#pragma once

#include <string>
#include <string_view>

#include "riichi/hand.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"

namespace riichi {
namespace {

constexpr int E = 0, S = 1, W = 2, N = 3;

inline WinContext ron(int seat = S, int round = E) {
  WinContext c;
  c.tsumo = false;
  c.seat = seat;
  c.round_wind = round;
  return c;
}

inline WinContext tsumo(int seat = S, int round = E) {
  WinContext c = ron(seat, round);
  c.tsumo = true;
  return c;
}

inline ScoreResult sc(std::string_view hand, std::string_view win, const WinContext& ctx,
                      const Rules& rules = Rules::ema2016()) {
  return score(parse_hand(hand), parse_tile(win), ctx, rules);
}

// Han of the named yaku item, -1 when absent.
inline int han_of(const ScoreResult& r, std::string_view name) {
  for (const YakuItem& y : r.yaku)
    if (y.name == name) return y.han;
  return -1;
}
inline bool has(const ScoreResult& r, std::string_view name) {
  for (const YakuItem& y : r.yaku)
    if (y.name == name) return true;
  return false;
}
inline int yakuman_of(const ScoreResult& r, std::string_view name) {
  for (const YakuItem& y : r.yaku)
    if (y.name == name) return y.yakuman;
  return 0;
}

inline std::string names(const ScoreResult& r) {
  std::string out;
  for (const YakuItem& y : r.yaku) out += y.name + " ";
  return out + "| " + r.error_message;
}

inline WinContext yaku_with_riichi(WinContext c) {
  c.riichi = true;
  return c;
}

}  // namespace
}  // namespace riichi
