// Fu (minipoints) of one reading (RULES.md §7).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/yaku.hpp"

namespace riichi {

struct FuResult {
  int raw = 0;      // before rounding
  int rounded = 0;  // up to the next 10; chiitoitsu 25 flat
};

// `pinfu`: the pinfu yaku is scored for this reading (no tsumo fu; closed pinfu tsumo = 20).
// Named items are appended to `items` when it is not null (only done for the chosen reading).
FuResult compute_fu(const Reading& reading, const WinContext& ctx, bool pinfu, const Rules& rules,
                    std::vector<FuItem>* items = nullptr);

// The same in two steps (without items), finish_fu(sets_fu(r), r) == compute_fu(r), as
// sets_yaku / finish_yaku (yaku.hpp): sets_fu() the fu of the sets and the pair, a pung completed
// by ron counted as concealed (it reads of the context the seat and round winds only);
// finish_fu() the rest: what the winning tile, its block, tsumo and menzen add.
int sets_fu(const Reading& reading, const WinContext& ctx, const Rules& rules);
FuResult finish_fu(int sets, const Reading& reading, bool pinfu);

// sets_fu()'s two parts, for sets_yaku_fu() (yaku.hpp), which adds them up in its own pass over
// the sets (one definition of the rule for both).
namespace fu_parts {

// §7, a set as sets_fu() counts it: 2 << (concealed + yaochuu + 2 kong) for a pung or kong whose
// open flag counts only when declared (a pung completed by ron as concealed), 0 for a chow;
// indexed by type (SetKind) | declared open << 2 | yaochuu << 3.
inline constexpr std::array<std::uint8_t, 16> kSetFu = [] {
  std::array<std::uint8_t, 16> t{};
  for (int i = 0; i < 16; ++i) {
    const int type = i & 3;
    if (type != static_cast<int>(SetKind::kPung) && type != static_cast<int>(SetKind::kKong))
      continue;
    const int open = i >> 2 & 1, yaochuu = i >> 3 & 1;
    t[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(
        2 << ((1 - open) + yaochuu + 2 * int{type == static_cast<int>(SetKind::kKong)}));
  }
  return t;
}();

// §7: pung 2/4 (simples open/concealed), doubled for terminals/honours, x4 for a kong:
// 2 << (concealed + yaochuu + 2 kong).
inline int set_fu(const HandSet& set) {
  const int shift = int{!set.open} + static_cast<int>(kYaochuuMask >> set.kind & 1) +
                    2 * int{set.type == SetKind::kKong};
  return 2 << shift;
}

// §7: 2 for a kanchan, penchan or tanki wait (none for ryanmen and shanpon): the item's name.
inline constexpr std::string_view kWaitFuNames[kNumWaitShapes] = {
    {}, "kanchan_wait", "penchan_wait", {}, "tanki_wait", {}, {}, {}};

// Where the fu go: NoItems only adds them up (the search over readings, without branches on the
// hand); fu.cpp's Items also names each (the chosen reading). One template, fu_of(), so that the
// rules are written once.
struct NoItems {
  int total = 0;
  void add_if(bool when, int fu, std::string_view) { total += fu & -int{when}; }
  void add_tile_if(bool when, int fu, std::string_view, int) { total += fu & -int{when}; }
};

// §7: the pair's fu: 2 for a dragon, 2 for the seat or the round wind, double_wind_pair_fu when
// it is both (a pair of `kind`).
template <typename Sink>
[[gnu::always_inline]] inline void add_pair_fu(int kind, const WinContext& ctx, const Rules& rules,
                                               Sink& out) {
  const bool seat = kind == kEast + ctx.seat;
  const bool round = kind == kEast + ctx.round_wind;
  out.add_tile_if(is_dragon(kind), 2, "pair_dragon", kind);
  out.add_tile_if(seat && round, rules.double_wind_pair_fu, "pair_double", kind);
  out.add_tile_if(seat && !round, 2, "pair_seat", kind);
  out.add_tile_if(round && !seat, 2, "pair_round", kind);
}
inline int pair_fu(int kind, const WinContext& ctx, const Rules& rules) {
  NoItems sum;
  add_pair_fu(kind, ctx, rules, sum);
  return sum.total;
}

// The fu of a reading but its sets and pair, which `add_sets(out)` adds.
// (Inlined where called: GCC otherwise calls it from the search's consider().)
template <typename Sink, typename SetsFu>
[[gnu::always_inline]] inline FuResult fu_of(const Reading& r, bool pinfu, Sink& out,
                                             SetsFu&& add_sets) {
  if (r.shape == Shape::kChiitoitsu) {  // §7: 25 flat, nothing added, no rounding
    out.add_if(true, 25, "chiitoitsu");
    return {25, 25};
  }
  out.add_if(true, 20, "base");
  out.add_if(r.menzen && !r.tsumo, 10, "menzen_ron");
  if (r.shape == Shape::kKokushi) {
    out.add_if(r.tsumo, 2, "tsumo");
    return {out.total, (out.total + 9) / 10 * 10};
  }
  // §7: tsumo +2 except with pinfu (closed pinfu tsumo = 20 fu).
  out.add_if(r.tsumo && !pinfu, 2, "tsumo");
  add_sets(out);
  const std::string_view wait = kWaitFuNames[static_cast<int>(r.wait)];
  out.add_if(!wait.empty(), 2, wait);
  // §7: an open hand with no other fu won by ron gets 2 (22 -> 30); 20-fu ron does not exist.
  out.add_if(!r.menzen && !r.tsumo && out.total == 20, 2, "open_pinfu");
  return {out.total, (out.total + 9) / 10 * 10};
}

// finish_fu() itself, inline for the search in score.cpp (finish_fu() is exported, and a
// library built with -fPIC does not inline it).
[[gnu::always_inline]] inline FuResult finish_fu_of(int sets, const Reading& r, bool pinfu) {
  NoItems sum;
  return fu_of(r, pinfu, sum, [&](NoItems& out) {
    out.total += sets;
    if (r.completed < 0) return;
    const HandSet& done = r.sets[r.completed];
    if (!done.is_triplet() || !done.open || done.melded) return;
    HandSet concealed = done;  // §7: a pung completed by ron scores as an open one, and
    concealed.open = false;    // sets_fu counted it as concealed
    out.total += set_fu(done) - set_fu(concealed);
  });
}

}  // namespace fu_parts

}  // namespace riichi
