// The dora an indicator points to under a rule set (RULES.md §1.4; three players: Tenhou's sanma
// rules, docs/rules-presets.md). Defined in score.cpp, where the dora are counted.
#pragma once

#include "riichi/rules.hpp"

namespace riichi {

// The dora kind an indicator kind points to in play: dora_of() (tile.hpp), except that without
// 2m-8m (three players) a 1m indicator points to 9m.
int dora_in_play(int indicator, const Rules& rules);

}  // namespace riichi
