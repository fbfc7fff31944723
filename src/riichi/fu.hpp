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

}  // namespace riichi
