// The scoring sheet a club player can check by hand (`riichi score`, `riichi drill score`): the
// hand and its situation, each yaku with its han, dora, each fu item with the raw and rounded
// total, the limit, and who pays what (honba, riichi sticks and pao included).
#pragma once

#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

namespace riichi::cli {

// Prints the sheet of a valid win (`result.ok()`) to stdout.
void print_score_sheet(const ScoreResult& result, const WinVector& vector, const Rules& rules);

}  // namespace riichi::cli
