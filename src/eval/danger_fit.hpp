// Fitting the danger model's parameters on real games (docs/eval.md, "Danger"). Pure math: the
// examples are built by the caller (`riichi danger-check`, which replays Tenhou logs and knows
// every hand) from eval/danger_model.hpp's features.
//
//   wait parameters    maximum likelihood of "kind k is a winning tile of this tenpai opponent"
//                      over every non-genbutsu kind, every discard decision and every tenpai
//                      opponent, with a Gaussian prior (strength `prior_strength`) centred on
//                      the published statistics (prior_danger_params()).
//   tenpai parameters  logistic regression of "tenpai and not furiten" for opponents not in
//                      riichi, with the same kind of prior.
//   value parameters   the base han of riichi / open / closed hands such that the mean expected
//                      payment equals the mean payment of the real rons of that kind.
// The minimiser is BFGS with a backtracking line search on the analytic gradient.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "eval/danger_model.hpp"

namespace riichi::eval {

struct WaitExample {
  std::uint32_t first_term = 0;  // index in WaitData::terms
  std::uint32_t num_terms = 0;
  std::uint64_t waits = 0;     // the kinds it can ron now (0 when furiten)
  std::uint64_t genbutsu = 0;  // kinds left out (the model gives them 0)
};

struct WaitData {
  std::vector<ShapeTerm> terms;
  std::vector<WaitExample> examples;
  void add(const ShapeSet& shapes, std::uint64_t waits, std::uint64_t genbutsu);
  long labels() const;  // kind labels in the likelihood
};

struct TenpaiExample {
  std::array<double, kNumTenpaiParams> x{};
  bool tenpai = false;  // tenpai and not furiten
};

struct ValueExample {
  const TableReading* table = nullptr;  // must outlive the fit
  int opponent = 0;                     // index in table->opponents
  int tile_dora = 0;                    // dora count of the winning tile itself
  double paid = 0;                      // what the discarder paid (honba included)
};

struct FitOptions {
  double prior_strength = 20;  // Gaussian prior: adds strength/2 * (theta - prior)^2
  // Second stage of the wait fit: the outcome of real discards against a riichi (ronned or
  // not), centred on the first stage with this strength (0: no second stage).
  double discard_prior_strength = 0;
  int max_iterations = 400;
  double tolerance = 1e-6;  // stop when the gradient's largest component (per label) is below
};

struct FitReport {
  double objective = 0;       // negative log likelihood + prior, per label
  double log_likelihood = 0;  // per label
  long labels = 0;
  int iterations = 0;
  bool converged = false;
};

// Negative log likelihood of the wait data (without prior) and its gradient.
double wait_nll(const WaitData& data, const std::array<double, kNumWaitParams>& w,
                std::array<double, kNumWaitParams>* gradient);

// Starts from the prior. `fit` (default: every parameter but the ryanmen bias, which the
// normalisation leaves undetermined) says which parameters move.
std::array<double, kNumWaitParams> fit_wait_params(
    const WaitData& data, const std::array<double, kNumWaitParams>& prior,
    const FitOptions& options, FitReport* report = nullptr,
    const std::array<bool, kNumWaitParams>* fit = nullptr);

std::array<double, kNumTenpaiParams> fit_tenpai_params(
    std::span<const TenpaiExample> data, const std::array<double, kNumTenpaiParams>& prior,
    const FitOptions& options, FitReport* report = nullptr);

// Fits kValueRiichiHan, kValueOpenHan and kValueDamaHan (a kind without examples keeps its
// prior); the other value parameters stay as given.
std::array<double, kNumValueParams> fit_value_params(
    std::span<const ValueExample> data, const Rules& rules,
    const std::array<double, kNumValueParams>& start);

// BFGS on f(x) (returns f, fills the gradient). Parameters with free[i] == false stay fixed.
struct MinimizeResult {
  double value = 0;
  int iterations = 0;
  bool converged = false;
};
MinimizeResult minimize_bfgs(
    const std::function<double(const std::vector<double>&, std::vector<double>&)>& f,
    std::vector<double>& x, const std::vector<bool>& free, int max_iterations, double tolerance);

}  // namespace riichi::eval
