#include "eval/danger_fit.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace riichi::eval {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool sequence_type(ShapeType t) { return t <= kShapePenchan; }
bool single_type(ShapeType t) { return t >= kShapeTankiSimple; }
bool honor_type(ShapeType t) {
  return t == kShapeShanponGuest || t == kShapeShanponValue || t == kShapeTankiGuest ||
         t == kShapeTankiValue;
}

// Adds c * features(S) to the gradient.
void add_features(const ShapeTerm& s, double c, std::array<double, kNumWaitParams>& g) {
  g[at(bias_param(s.type))] += c;
  const double lc = c * s.log_combos;
  if (sequence_type(s.type))
    g[kGammaSequence] += lc;
  else
    g[single_type(s.type) ? kGammaSingle : kGammaPair] += lc;
  if (honor_type(s.type)) g[kGammaHonor] += lc;
  g[kSuitDiscards] += c * s.suit_discards;
  g[kTsumoMisses] += c * s.tsumo_misses;
  for (std::uint32_t f = s.flags; f; f &= f - 1) g[at(kFlagFirst + std::countr_zero(f))] += c;
}

// One example's log likelihood; adds its gradient (of the log likelihood) when asked.
double example_ll(const WaitData& data, const WaitExample& ex,
                  const std::array<double, kNumWaitParams>& w,
                  std::array<double, kNumWaitParams>* grad, std::vector<double>& weights) {
  const auto& table = shape_table();
  const ShapeTerm* terms = data.terms.data() + ex.first_term;
  const int n = static_cast<int>(ex.num_terms);
  weights.resize(static_cast<std::size_t>(n));
  double top = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) {
    weights[at(i)] = log_weight(terms[i], w);
    top = std::max(top, weights[at(i)]);
  }
  std::array<double, kNumKinds> mass{};
  double total = 0;
  for (int i = 0; i < n; ++i) {
    const double v = std::exp(weights[at(i)] - top);
    weights[at(i)] = v;
    total += v;
    const ShapeDef& d = table[terms[i].shape];
    mass[d.waits[0]] += v;
    if (d.num_waits == 2) mass[d.waits[1]] += v;
  }
  const double m = std::exp(w[kLogMass]);
  double ll = 0, big_h = 0;
  std::array<double, kNumKinds> h{};
  for (int k = 0; k < kNumKinds; ++k) {
    if (ex.genbutsu & kind_bit(k)) continue;
    const bool y = (ex.waits >> k) & 1;
    const double x = total > 0 ? m * mass[at(k)] / total : 0.0;
    if (y) {
      const double p = std::max(-std::expm1(-x), 1e-9);
      ll += std::log(p);
      if (x > 0) {
        const double gx = x * std::exp(-x) / p;  // x * dLL/dx
        h[at(k)] = gx / mass[at(k)];
        big_h += gx;
      }
    } else {
      ll -= x;
      if (x > 0) {
        h[at(k)] = -x / mass[at(k)];
        big_h -= x;
      }
    }
  }
  if (grad && total > 0) {
    for (int i = 0; i < n; ++i) {
      const ShapeDef& d = table[terms[i].shape];
      double sum_h = h[d.waits[0]];
      if (d.num_waits == 2) sum_h += h[d.waits[1]];
      add_features(terms[i], weights[at(i)] * (sum_h - big_h / total), *grad);
    }
    (*grad)[kLogMass] += big_h;
  }
  return ll;
}

template <std::size_t N>
std::vector<double> to_vector(const std::array<double, N>& a) {
  return std::vector<double>(a.begin(), a.end());
}

template <std::size_t N>
std::array<double, N> to_array(const std::vector<double>& v) {
  std::array<double, N> a{};
  std::copy_n(v.begin(), N, a.begin());
  return a;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

}  // namespace

void WaitData::add(const ShapeSet& shapes, std::uint64_t waits, std::uint64_t genbutsu) {
  WaitExample ex;
  ex.first_term = static_cast<std::uint32_t>(terms.size());
  ex.num_terms = static_cast<std::uint32_t>(shapes.size);
  ex.waits = waits;
  ex.genbutsu = genbutsu;
  terms.insert(terms.end(), shapes.terms.begin(), shapes.terms.begin() + shapes.size);
  examples.push_back(ex);
}

long WaitData::labels() const {
  long n = 0;
  for (const WaitExample& ex : examples)
    n += kNumKinds - std::popcount(ex.genbutsu & ((std::uint64_t{1} << kNumKinds) - 1));
  return n;
}

double wait_nll(const WaitData& data, const std::array<double, kNumWaitParams>& w,
                std::array<double, kNumWaitParams>* gradient) {
  std::array<double, kNumWaitParams> g{};
  std::vector<double> scratch;
  double ll = 0;
  for (const WaitExample& ex : data.examples)
    ll += example_ll(data, ex, w, gradient ? &g : nullptr, scratch);
  if (gradient)
    for (int i = 0; i < kNumWaitParams; ++i) (*gradient)[at(i)] = -g[at(i)];
  return -ll;
}

MinimizeResult minimize_bfgs(
    const std::function<double(const std::vector<double>&, std::vector<double>&)>& f,
    std::vector<double>& x, const std::vector<bool>& free, int max_iterations, double tolerance) {
  const std::size_t n = x.size();
  auto project = [&](std::vector<double>& g) {
    for (std::size_t i = 0; i < n; ++i)
      if (!free[i]) g[i] = 0;
  };
  std::vector<double> g(n), g_new(n), x_new(n), d(n), s(n), yv(n);
  double fx = f(x, g);
  project(g);
  std::vector<double> hinv(n * n, 0.0);  // inverse Hessian approximation
  for (std::size_t i = 0; i < n; ++i) hinv[i * n + i] = free[i] ? 1.0 : 0.0;
  MinimizeResult res;
  for (int it = 0; it < max_iterations; ++it) {
    res.iterations = it + 1;
    double gmax = 0;
    for (double v : g) gmax = std::max(gmax, std::abs(v));
    if (gmax < tolerance) {
      res.converged = true;
      break;
    }
    for (std::size_t i = 0; i < n; ++i) {
      d[i] = 0;
      for (std::size_t j = 0; j < n; ++j) d[i] -= hinv[i * n + j] * g[j];
    }
    double slope = dot(d, g);
    if (slope >= 0) {  // not a descent direction: restart from the gradient
      for (std::size_t i = 0; i < n; ++i) {
        std::fill(hinv.begin() + static_cast<long>(i * n),
                  hinv.begin() + static_cast<long>(i * n + n), 0.0);
        hinv[i * n + i] = free[i] ? 1.0 : 0.0;
        d[i] = -g[i];
      }
      slope = dot(d, g);
    }
    double step = 1, f_new = fx;
    bool moved = false;
    for (int k = 0; k < 40; ++k, step *= 0.5) {
      for (std::size_t i = 0; i < n; ++i) x_new[i] = x[i] + step * d[i];
      f_new = f(x_new, g_new);
      if (std::isfinite(f_new) && f_new <= fx + 1e-4 * step * slope) {
        moved = true;
        break;
      }
    }
    if (!moved) break;
    project(g_new);
    for (std::size_t i = 0; i < n; ++i) {
      s[i] = x_new[i] - x[i];
      yv[i] = g_new[i] - g[i];
    }
    const double sy = dot(s, yv);
    const double improvement = fx - f_new;
    x.swap(x_new);
    g.swap(g_new);
    fx = f_new;
    if (sy > 1e-12) {
      if (it == 0) {  // scale the initial guess to the curvature seen (Nocedal & Wright 6.20)
        const double scale = sy / dot(yv, yv);
        for (double& h : hinv) h *= scale;
      }
      // H = (I - rho s y^T) H (I - rho y s^T) + rho s s^T
      const double rho = 1 / sy;
      std::vector<double> hy(n, 0.0);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) hy[i] += hinv[i * n + j] * yv[j];
      const double yhy = dot(yv, hy);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
          hinv[i * n + j] +=
              -rho * (hy[i] * s[j] + s[i] * hy[j]) + (rho * rho * yhy + rho) * s[i] * s[j];
    }
    if (improvement < tolerance * 1e-3 * (1 + std::abs(fx))) {
      res.converged = true;
      break;
    }
  }
  res.value = fx;
  return res;
}

std::array<double, kNumWaitParams> fit_wait_params(const WaitData& data,
                                                   const std::array<double, kNumWaitParams>& prior,
                                                   const FitOptions& options, FitReport* report,
                                                   const std::array<bool, kNumWaitParams>* fit) {
  const double labels = std::max<double>(1, static_cast<double>(data.labels()));
  auto objective = [&](const std::vector<double>& x, std::vector<double>& g) {
    const auto w = to_array<kNumWaitParams>(x);
    std::array<double, kNumWaitParams> grad{};
    double v = wait_nll(data, w, &grad);
    for (int i = 0; i < kNumWaitParams; ++i) {
      const double d = w[at(i)] - prior[at(i)];
      v += options.prior_strength / 2 * d * d;
      grad[at(i)] += options.prior_strength * d;
    }
    for (int i = 0; i < kNumWaitParams; ++i) g[at(i)] = grad[at(i)] / labels;
    return v / labels;
  };
  std::vector<double> x = to_vector(prior);
  std::vector<bool> free(kNumWaitParams, true);
  free[bias_param(kShapeRyanmen)] = false;  // the weights are relative: one bias is fixed
  if (fit) free.assign(fit->begin(), fit->end());
  const MinimizeResult r =
      minimize_bfgs(objective, x, free, options.max_iterations, options.tolerance);
  const auto w = to_array<kNumWaitParams>(x);
  if (report) {
    report->objective = r.value;
    report->labels = static_cast<long>(labels);
    report->log_likelihood = -wait_nll(data, w, nullptr) / labels;
    report->iterations = r.iterations;
    report->converged = r.converged;
  }
  return w;
}

std::array<double, kNumTenpaiParams> fit_tenpai_params(
    std::span<const TenpaiExample> data, const std::array<double, kNumTenpaiParams>& prior,
    const FitOptions& options, FitReport* report) {
  const double count = std::max<double>(1, static_cast<double>(data.size()));
  auto nll = [&](const std::vector<double>& b, std::vector<double>* g) {
    double v = 0;
    for (const TenpaiExample& ex : data) {
      double z = 0;
      for (int i = 0; i < kNumTenpaiParams; ++i) z += b[at(i)] * ex.x[at(i)];
      const double p = 1 / (1 + std::exp(-z));
      // -log p = log(1 + e^-z); -log(1 - p) = log(1 + e^z)
      v += ex.tenpai ? std::log1p(std::exp(-z)) : std::log1p(std::exp(z));
      if (g)
        for (int i = 0; i < kNumTenpaiParams; ++i) (*g)[at(i)] += (p - ex.tenpai) * ex.x[at(i)];
    }
    return v;
  };
  auto objective = [&](const std::vector<double>& b, std::vector<double>& g) {
    std::fill(g.begin(), g.end(), 0.0);
    double v = nll(b, &g);
    for (int i = 0; i < kNumTenpaiParams; ++i) {
      const double d = b[at(i)] - prior[at(i)];
      v += options.prior_strength / 2 * d * d;
      g[at(i)] += options.prior_strength * d;
    }
    for (double& gi : g) gi /= count;
    return v / count;
  };
  std::vector<double> x = to_vector(prior);
  const MinimizeResult r = minimize_bfgs(objective, x, std::vector<bool>(kNumTenpaiParams, true),
                                         options.max_iterations, options.tolerance);
  if (report) {
    report->objective = r.value;
    report->labels = static_cast<long>(data.size());
    report->log_likelihood = -nll(x, nullptr) / count;
    report->iterations = r.iterations;
    report->converged = r.converged;
  }
  return to_array<kNumTenpaiParams>(x);
}

std::array<double, kNumValueParams> fit_value_params(
    std::span<const ValueExample> data, const Rules& rules,
    const std::array<double, kNumValueParams>& start) {
  std::array<double, kNumValueParams> v = start;
  for (int group : {kValueRiichiHan, kValueOpenHan, kValueDamaHan}) {
    std::vector<const ValueExample*> mine;
    double paid = 0;
    for (const ValueExample& ex : data) {
      const OpponentReading& o = ex.table->opponents[at(ex.opponent)];
      const int g = o.riichi ? kValueRiichiHan : o.open ? kValueOpenHan : kValueDamaHan;
      if (g != group) continue;
      mine.push_back(&ex);
      paid += ex.paid;
    }
    if (mine.empty()) continue;
    paid /= static_cast<double>(mine.size());
    auto mean = [&](double han) {
      std::array<double, kNumValueParams> trial = v;
      trial[at(group)] = han;
      double s = 0;
      for (const ValueExample* ex : mine)
        s += ron_value(*ex->table, ex->table->opponents[at(ex->opponent)], ex->tile_dora, rules,
                       trial);
      return s / static_cast<double>(mine.size());
    };
    double lo = 0.0, hi = 10.0;
    for (int it = 0; it < 40; ++it) {
      const double mid = (lo + hi) / 2;
      (mean(mid) < paid ? lo : hi) = mid;
    }
    v[at(group)] = (lo + hi) / 2;
  }
  return v;
}

}  // namespace riichi::eval
