// The measurement behind `riichi danger-check` (docs/eval.md, "Danger"): predictions of the
// danger model and of the plain rules on sampled discards, their scores, the fit of the model's
// parameters on a set of games, and cross-validation by game.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "danger_samples.hpp"
#include "eval/danger_baseline.hpp"
#include "eval/danger_fit.hpp"
#include "eval/danger_metrics.hpp"
#include "eval/danger_model.hpp"

namespace riichi::cli {

struct ScoredSet {
  eval::ProbabilityScore model;
  eval::ProbabilityScore rules_published;  // the classic table's published rates
  eval::ProbabilityScore rules_refit;      // the same classes, rates refitted on the fit games
};

struct ClassRow {  // riichi discards by rule class, one row per (discard, riichi opponent)
  std::string name;
  long pairs = 0;
  long ronned = 0;
  double published = 0;
  double model_sum = 0;
};

struct ValueRow {  // rons of the sampled discards by the winner's kind of hand
  std::string name;
  long count = 0;
  double paid_sum = 0;
  double predicted_sum = 0;
};

struct Evaluation {
  // Discards while an opponent is in riichi, ronned by anyone: the model against every
  // opponent, the rules against the riichi opponents (what they see).
  ScoredSet riichi;
  ScoredSet riichi_only;  // the same discards, ronned by a riichi opponent, riichi opponents only
  ScoredSet all;          // every discard, ronned by anyone
  // Every discard, ronned by an opponent not in riichi: the model against those opponents (the
  // rules see nothing there: their figures are those of the riichi rules).
  ScoredSet not_riichi;
  std::vector<ClassRow> classes;
  std::vector<ValueRow> values;
};

struct FitSummary {
  eval::FitReport wait;
  eval::FitReport discards;
  eval::FitReport tenpai;
  long value_examples = 0;
};

using RuleRates = std::array<double, eval::kNumBaselineClasses>;

std::vector<std::size_t> all_samples(const SampleSet& set);

// Deal-in rate of each rule class against riichi opponents on `idx`, smoothed towards the
// published rate with the weight of 10 discards.
RuleRates refit_rates(const SampleSet& set, const std::vector<std::size_t>& idx);

eval::DangerParams fit_danger_params(const SampleSet& set, const std::vector<std::size_t>& idx,
                                     const Rules& rules, const eval::FitOptions& options,
                                     FitSummary* summary = nullptr);

Evaluation evaluate_danger(const SampleSet& set, const std::vector<std::size_t>& idx,
                           const Rules& rules, const eval::DangerParams& params,
                           const RuleRates& refit);

// One line per discard made while an opponent is in riichi (tab-separated, with a header):
// game, seat, kind, model P(ronned), model P against the riichi opponents, the rule class and
// its published rate against the first riichi opponent, ronned, ronned by a riichi opponent,
// the reason for the most costly opponent.
void write_samples_tsv(const SampleSet& set, const Rules& rules, const eval::DangerParams& params,
                       std::ostream& out);

// K folds by game (game index mod K): each fold measured with parameters and rule rates
// fitted on the other folds; the figures pool the out-of-fold predictions.
Evaluation cross_validate(const SampleSet& set, const Rules& rules, int folds,
                          const eval::FitOptions& options);

}  // namespace riichi::cli
