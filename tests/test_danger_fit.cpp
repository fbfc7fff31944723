// The danger model's measurement and fit (eval/danger_metrics.hpp, eval/danger_fit.hpp): ROC
// AUC and Brier score against brute force and hand values, the analytic gradient against finite
// differences, and a simulation: parameters drawn, labels sampled from the model, parameters
// recovered by the fit.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "bot_positions.hpp"
#include "eval/danger.hpp"
#include "eval/danger_fit.hpp"
#include "eval/danger_metrics.hpp"

namespace riichi::testing {
namespace {

TEST(DangerMetrics, AucEqualsPairCountingWithTies) {
  std::mt19937 rng(3);
  std::vector<double> p;
  std::vector<std::uint8_t> y;
  for (int i = 0; i < 300; ++i) {
    p.push_back(static_cast<double>(rng() % 20) / 20);  // many ties
    y.push_back(rng() % 3 == 0 ? 1 : 0);
  }
  double wins = 0, pairs = 0;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < p.size(); ++j)
      if (y[i] && !y[j]) {
        pairs += 1;
        wins += p[i] > p[j] ? 1 : p[i] == p[j] ? 0.5 : 0;
      }
  EXPECT_NEAR(eval::roc_auc(p, y), wins / pairs, 1e-12);
}

// Hanley & McNeil (1982), by hand: A = 0.9, 50 positives, 50 negatives: Q1 = 0.9 / 1.1 =
// 0.81818, Q2 = 1.62 / 1.9 = 0.85263, variance = (0.09 + 49 * 0.00818 + 49 * 0.04263) / 2500
// = 0.0010320, standard error 0.03212.
TEST(DangerMetrics, AucStandardErrorOfHanleyAndMcNeil) {
  EXPECT_NEAR(eval::auc_standard_error(0.9, 50, 50), 0.03212, 5e-5);
  EXPECT_EQ(eval::auc_standard_error(0.9, 0, 50), 0.0);
}

TEST(DangerMetrics, BrierAndCalibrationByHand) {
  const std::vector<double> p = {0.0, 0.5, 0.25, 1.0};
  const std::vector<std::uint8_t> y = {0, 1, 0, 1};
  const eval::ProbabilityScore s = eval::score_probabilities(p, y, {0, 0.3, 1.0});
  EXPECT_DOUBLE_EQ(s.brier, (0 + 0.25 + 0.0625 + 0) / 4);
  EXPECT_DOUBLE_EQ(s.auc, 1.0);
  ASSERT_EQ(s.bins.size(), 2u);
  EXPECT_EQ(s.bins[0].count, 2);  // 0 and 0.25
  EXPECT_EQ(s.bins[0].positives, 0);
  EXPECT_EQ(s.bins[1].count, 2);  // 0.5 and 1.0 (the last bin holds its upper edge)
  EXPECT_DOUBLE_EQ(s.bins[1].mean_predicted, 0.75);
  EXPECT_DOUBLE_EQ(s.bins[1].observed(), 1.0);
  EXPECT_EQ(s.positives, 2);
}

// Wait examples from hand-made riichi positions: a few rivers, with random true waits.
eval::WaitData sample_data(const eval::DangerParams& truth, int n, std::mt19937& rng) {
  eval::WaitData data;
  const char* const rivers[] = {"1z4m2z6p4z9s", "1s7s1z1p2z3z", "9m1z8s2p4z5p", "7z5z3m2s8p1m",
                                "4p1z2z3z9m6s"};
  const char* const hands[] = {"1m9p3s4s5s6s7p8p9p2z3z6z7z", "2m3m4m5p6p7p1s2s3s4z4z5z6z",
                               "7m8m9m1p2p3p5s6s7s1z1z7z7z"};
  for (int i = 0; i < n; ++i) {
    Position p;
    p.hand(hands[i % 3]).live_tiles(40);
    p.discards(1, rivers[i % 5], 5);
    eval::TableReading t;
    eval::read_table(p.obs(), Rules::tenhou(), t);
    eval::ShapeSet shapes;
    eval::live_shapes(t, t.opponents[0], shapes);
    std::array<float, kNumKinds> prob{};
    eval::wait_probabilities(shapes, truth.wait, prob);
    std::uint64_t waits = 0;
    std::uniform_real_distribution<double> u(0, 1);
    for (int k = 0; k < kNumKinds; ++k)
      if (u(rng) < prob[static_cast<std::size_t>(k)]) waits |= eval::kind_bit(k);
    data.add(shapes, waits, t.opponents[0].genbutsu);
  }
  return data;
}

TEST(DangerFit, GradientMatchesFiniteDifferences) {
  std::mt19937 rng(5);
  const eval::DangerParams& prior = eval::prior_danger_params();
  const eval::WaitData data = sample_data(prior, 25, rng);
  std::array<double, eval::kNumWaitParams> w = prior.wait;
  for (double& x : w) x += 0.1;
  std::array<double, eval::kNumWaitParams> g{};
  eval::wait_nll(data, w, &g);
  for (int i = 0; i < eval::kNumWaitParams; ++i) {
    auto wp = w, wm = w;
    const double h = 1e-5;
    wp[static_cast<std::size_t>(i)] += h;
    wm[static_cast<std::size_t>(i)] -= h;
    const double num =
        (eval::wait_nll(data, wp, nullptr) - eval::wait_nll(data, wm, nullptr)) / (2 * h);
    EXPECT_NEAR(g[static_cast<std::size_t>(i)], num, 1e-4 * (1 + std::abs(num)))
        << eval::wait_param_name(i);
  }
}

// Labels drawn from the model with known parameters: the fit (no prior) of the mass and the
// kanchan bias, started from other values, recovers them and raises the likelihood.
TEST(DangerFit, RecoversParametersFromSimulatedLabels) {
  std::mt19937 rng(11);
  eval::DangerParams truth = eval::prior_danger_params();
  truth.wait[eval::kLogMass] = std::log(1.6);
  truth.wait[eval::bias_param(eval::kShapeKanchan)] = -1.0;
  const eval::WaitData data = sample_data(truth, 3000, rng);
  eval::FitOptions opt;
  opt.prior_strength = 0;
  eval::FitReport report;
  std::array<bool, eval::kNumWaitParams> free{};
  free[eval::kLogMass] = free[eval::bias_param(eval::kShapeKanchan)] = true;
  auto start = truth.wait;
  start[eval::kLogMass] = 0;
  start[eval::bias_param(eval::kShapeKanchan)] = -2.5;
  const auto fitted = eval::fit_wait_params(data, start, opt, &report, &free);
  EXPECT_TRUE(report.converged);
  EXPECT_NEAR(fitted[eval::kLogMass], truth.wait[eval::kLogMass], 0.05);
  EXPECT_NEAR(fitted[eval::bias_param(eval::kShapeKanchan)], -1.0, 0.2);
  EXPECT_LT(eval::wait_nll(data, fitted, nullptr), eval::wait_nll(data, start, nullptr));
  for (int i = 0; i < eval::kNumWaitParams; ++i)
    if (!free[static_cast<std::size_t>(i)]) {
      EXPECT_EQ(fitted[i], truth.wait[i]);
    }
}

// The tabulated weights of wait_probabilities equal exp(log_weight) (the fit's form).
TEST(DangerFit, TabulatedWeightsEqualTheLogLinearForm) {
  std::mt19937 rng(17);
  const eval::DangerParams& params = eval::default_danger_params();
  const eval::WaitData data = sample_data(params, 10, rng);
  for (const eval::WaitExample& ex : data.examples) {
    eval::ShapeSet shapes;
    shapes.size = static_cast<int>(ex.num_terms);
    std::copy_n(data.terms.begin() + ex.first_term, ex.num_terms, shapes.terms.begin());
    std::array<double, kNumKinds> mass{};
    double total = 0;
    for (int i = 0; i < shapes.size; ++i) {
      const eval::ShapeTerm& s = shapes.terms[static_cast<std::size_t>(i)];
      const double w = std::exp(eval::log_weight(s, params.wait));
      total += w;
      const eval::ShapeDef& d = eval::shape_table()[s.shape];
      mass[d.waits[0]] += w;
      if (d.num_waits == 2) mass[d.waits[1]] += w;
    }
    std::array<float, kNumKinds> got{};
    eval::wait_probabilities(shapes, params.wait, got);
    for (int k = 0; k < kNumKinds; ++k) {
      const double want = 1 - std::exp(-std::exp(params.wait[eval::kLogMass]) * mass[k] / total);
      EXPECT_NEAR(got[static_cast<std::size_t>(k)], want, 1e-6) << kind_to_string(k);
    }
  }
}

TEST(DangerFit, TenpaiLogisticRecoversItsCoefficients) {
  std::mt19937 rng(13);
  std::array<double, eval::kNumTenpaiParams> truth{};
  truth[eval::kTenpaiBias] = -2;
  truth[eval::kTenpaiMelds2] = 1.5;
  truth[eval::kTenpaiTurn] = 0.8;
  std::vector<eval::TenpaiExample> data;
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < 20000; ++i) {
    eval::TenpaiExample ex;
    ex.x[eval::kTenpaiBias] = 1;
    ex.x[eval::kTenpaiMelds2] = rng() % 2;
    ex.x[eval::kTenpaiTurn] = u(rng) * 3;
    double z = 0;
    for (int j = 0; j < eval::kNumTenpaiParams; ++j) z += truth[j] * ex.x[j];
    ex.tenpai = u(rng) < 1 / (1 + std::exp(-z));
    data.push_back(ex);
  }
  eval::FitOptions opt;
  opt.prior_strength = 0;
  const auto fitted = eval::fit_tenpai_params(data, {}, opt);
  EXPECT_NEAR(fitted[eval::kTenpaiBias], -2, 0.15);
  EXPECT_NEAR(fitted[eval::kTenpaiMelds2], 1.5, 0.15);
  EXPECT_NEAR(fitted[eval::kTenpaiTurn], 0.8, 0.1);
}

}  // namespace
}  // namespace riichi::testing
