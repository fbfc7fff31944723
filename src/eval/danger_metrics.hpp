// How well predicted probabilities match what happened (docs/eval.md, "Danger"): ROC AUC,
// Brier score, log loss and a calibration table. Pure functions over (prediction, outcome).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace riichi::eval {

struct CalibrationBin {
  double lo = 0, hi = 0;  // predicted probability in [lo, hi)
  long count = 0;
  long positives = 0;
  double mean_predicted = 0;
  double observed() const { return count ? static_cast<double>(positives) / count : 0.0; }
};

struct ProbabilityScore {
  long count = 0;
  long positives = 0;
  double auc = 0.5;     // ROC AUC (ties count one half); 0.5 without both outcomes
  double auc_se = 0;    // its standard error (Hanley & McNeil 1982)
  double brier = 0;     // mean squared error
  double log_loss = 0;  // mean -log likelihood (predictions clamped to [1e-6, 1 - 1e-6])
  double mean_predicted = 0;
  std::vector<CalibrationBin> bins;
};

// The default calibration bin edges: 0, 0.5%, 1%, 2%, 3%, 5%, 7.5%, 10%, 15%, 20%, 30%, 100%.
const std::vector<double>& default_calibration_edges();

// Scores predictions `p` (in [0, 1]) against outcomes `y` (0 or 1), of equal length.
ProbabilityScore score_probabilities(
    std::span<const double> p, std::span<const std::uint8_t> y,
    const std::vector<double>& edges = default_calibration_edges());

// ROC AUC alone (Mann-Whitney statistic with mid-ranks for ties).
double roc_auc(std::span<const double> p, std::span<const std::uint8_t> y);
// Standard error of an AUC over `positives` and `negatives` (Hanley & McNeil 1982).
double auc_standard_error(double auc, long positives, long negatives);

}  // namespace riichi::eval
