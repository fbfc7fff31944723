#include "eval/danger_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace riichi::eval {

const std::vector<double>& default_calibration_edges() {
  static const std::vector<double> edges = {0,     0.005, 0.01, 0.02, 0.03, 0.05,
                                            0.075, 0.10,  0.15, 0.20, 0.30, 1.0};
  return edges;
}

double roc_auc(std::span<const double> p, std::span<const std::uint8_t> y) {
  if (p.size() != y.size()) throw std::invalid_argument("roc_auc: sizes differ");
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  double rank_sum = 0;  // sum of the positives' mid-ranks (1-based)
  long pos = 0;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    long tied_pos = 0;
    while (j < order.size() && p[order[j]] == p[order[i]]) tied_pos += y[order[j++]] ? 1 : 0;
    const double mid = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    rank_sum += mid * static_cast<double>(tied_pos);
    pos += tied_pos;
    i = j;
  }
  const long neg = static_cast<long>(p.size()) - pos;
  if (pos == 0 || neg == 0) return 0.5;
  const double u = rank_sum - static_cast<double>(pos) * static_cast<double>(pos + 1) / 2;
  return u / (static_cast<double>(pos) * static_cast<double>(neg));
}

double auc_standard_error(double a, long positives, long negatives) {
  if (positives <= 0 || negatives <= 0) return 0;
  const double p = static_cast<double>(positives), n = static_cast<double>(negatives);
  const double q1 = a / (2 - a), q2 = 2 * a * a / (1 + a);
  const double v = (a * (1 - a) + (p - 1) * (q1 - a * a) + (n - 1) * (q2 - a * a)) / (p * n);
  return std::sqrt(std::max(0.0, v));
}

ProbabilityScore score_probabilities(std::span<const double> p, std::span<const std::uint8_t> y,
                                     const std::vector<double>& edges) {
  if (p.size() != y.size()) throw std::invalid_argument("score_probabilities: sizes differ");
  ProbabilityScore s;
  s.count = static_cast<long>(p.size());
  for (std::size_t i = 0; i + 1 < edges.size(); ++i) s.bins.push_back({edges[i], edges[i + 1]});
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double q = std::clamp(p[i], 0.0, 1.0);
    const bool hit = y[i] != 0;
    s.positives += hit;
    s.brier += (q - hit) * (q - hit);
    const double c = std::clamp(q, 1e-6, 1 - 1e-6);
    s.log_loss -= hit ? std::log(c) : std::log1p(-c);
    s.mean_predicted += q;
    for (std::size_t b = 0; b < s.bins.size(); ++b) {
      CalibrationBin& bin = s.bins[b];
      if (q < bin.hi || b + 1 == s.bins.size()) {
        ++bin.count;
        bin.positives += hit;
        bin.mean_predicted += q;
        break;
      }
    }
  }
  if (s.count > 0) {
    s.brier /= static_cast<double>(s.count);
    s.log_loss /= static_cast<double>(s.count);
    s.mean_predicted /= static_cast<double>(s.count);
  }
  for (CalibrationBin& bin : s.bins)
    if (bin.count) bin.mean_predicted /= static_cast<double>(bin.count);
  s.auc = roc_auc(p, y);
  s.auc_se = auc_standard_error(s.auc, s.positives, s.count - s.positives);
  return s;
}

}  // namespace riichi::eval
