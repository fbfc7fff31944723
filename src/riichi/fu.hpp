// Fu (minipoints) of one reading (RULES.md §7).
#pragma once

#include <array>
#include <cstdint>
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

// §7: the pair's fu: 2 for a dragon, 2 for the seat or the round wind, double_wind_pair_fu when
// it is both.
inline int pair_fu(int kind, const WinContext& ctx, const Rules& rules) {
  const bool seat = kind == kEast + ctx.seat;
  const bool round = kind == kEast + ctx.round_wind;
  return (2 & -int{is_dragon(kind)}) + (rules.double_wind_pair_fu & -int{seat && round}) +
         (2 & -int{seat != round});
}

}  // namespace fu_parts

}  // namespace riichi
