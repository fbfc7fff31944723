// Fu (minipoints) of one reading (RULES.md §7).
#pragma once

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

}  // namespace riichi
