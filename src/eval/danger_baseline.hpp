// The plain rules the danger model is measured against (docs/eval.md, "Danger"): genbutsu, suji
// by number and visible honours, as in the classic deal-in tables. A tile falls in one of 14
// classes; each class has a deal-in rate against a riichi.
#pragma once

#include <array>

#include "eval/danger_reading.hpp"

namespace riichi::eval {

enum BaselineClass : int {
  kBaseGenbutsu,
  kBaseHonor0,  // an honour with no other copy visible (besides the one to discard) .. 3+
  kBaseHonor1,
  kBaseHonor2,
  kBaseHonor3,
  kBaseSuji19,
  kBaseNonSuji19,
  kBaseSuji28,
  kBaseNonSuji28,
  kBaseSuji37,
  kBaseNonSuji37,
  kBaseSuji456,      // both sides suji (nakasuji)
  kBaseHalfSuji456,  // one side
  kBaseNonSuji456,
  kNumBaselineClasses
};
const char* baseline_class_name(int c);  // "genbutsu", "honour, 0 visible", "suji 1-9", ...

// The class of `kind` against opponent `o` (genbutsu and suji as in eval/danger_reading.hpp).
int baseline_class(const TableReading& t, const OpponentReading& o, int kind);

// Published deal-in rates against a riichi per class (Tenhou houou 2019, 1.3 million riichi:
// blog.kobalab.net/entry/2021/01/16/130716; honours by copies visible on the table).
const std::array<double, kNumBaselineClasses>& published_baseline_rates();

// The same classes' rates refitted on the discards of the 300 houou games of 2021 (against a
// riichi, ronned by that riichi; `riichi danger-check --fit-on ... --emit-params`).
const std::array<double, kNumBaselineClasses>& fitted_baseline_rates();

}  // namespace riichi::eval
