#include "eval/danger_baseline.hpp"

#include <algorithm>

namespace riichi::eval {

const char* baseline_class_name(int c) {
  static const char* const kNames[kNumBaselineClasses] = {
      "genbutsu",           "honour, 0 visible", "honour, 1 visible", "honour, 2 visible",
      "honour, 3+ visible", "suji 1-9",          "non-suji 1-9",      "suji 2-8",
      "non-suji 2-8",       "suji 3-7",          "non-suji 3-7",      "suji 4-6 (both)",
      "half-suji 4-6",      "non-suji 4-6"};
  return c >= 0 && c < kNumBaselineClasses ? kNames[c] : "?";
}

int baseline_class(const TableReading& t, const OpponentReading& o, int kind) {
  if (o.genbutsu & kind_bit(kind)) return kBaseGenbutsu;
  if (is_honor(kind)) {
    // Copies seen besides the one to discard (the seat's own copy when it holds one).
    const auto i = static_cast<std::size_t>(kind);
    const int seen = t.visible[i] - (t.own[i] > 0 ? 1 : 0);
    return kBaseHonor0 + std::min(seen, 3);
  }
  const int n = number_of(kind);
  const bool low = n >= 4 && (o.genbutsu & kind_bit(kind - 3));   // the n-3 side is suji
  const bool high = n <= 6 && (o.genbutsu & kind_bit(kind + 3));  // the n+3 side is suji
  const int edge = std::min(n, 10 - n);
  if (edge == 1) return low || high ? kBaseSuji19 : kBaseNonSuji19;
  if (edge == 2) return low || high ? kBaseSuji28 : kBaseNonSuji28;
  if (edge == 3) return low || high ? kBaseSuji37 : kBaseNonSuji37;
  if (low && high) return kBaseSuji456;
  return low || high ? kBaseHalfSuji456 : kBaseNonSuji456;
}

const std::array<double, kNumBaselineClasses>& published_baseline_rates() {
  // Honours: 4.29% none visible, 2.11% one, 0.28% two, 0.01% three; 1-9 suji 2.02% / non 6.65%;
  // 2-8 3.50% / 7.72%; 3-7 4.62% / 8.42%; 4-6 nakasuji 2.81%, half 7.10%, non-suji 11.56%.
  static const std::array<double, kNumBaselineClasses> rates = {
      0.0,    0.0429, 0.0211, 0.0028, 0.0001, 0.0202, 0.0665,
      0.0350, 0.0772, 0.0462, 0.0842, 0.0281, 0.0710, 0.1156};
  return rates;
}

const std::array<double, kNumBaselineClasses>& fitted_baseline_rates() {
  static const std::array<double, kNumBaselineClasses> rates = {
      0,         0.0416907, 0.0192477, 0.00366515, 1.80505e-06, 0.00907053, 0.0764708,
      0.0406902, 0.0749764, 0.0377513, 0.0963715,  0.0190967,   0.07428,    0.150012};
  return rates;
}

}  // namespace riichi::eval
