#include "danger_eval.hpp"

#include <fmt/ostream.h>

#include <numeric>

#include "cli_text.hpp"
#include "eval/danger.hpp"

namespace riichi::cli {

namespace {

// Raw predictions, pooled before scoring (cross-validation pools its folds).
struct Predictions {
  std::vector<double> model_r, published_r, refit_r;
  std::vector<std::uint8_t> y_r;
  std::vector<double> model_ro;  // against the riichi opponents only
  std::vector<std::uint8_t> y_ro;
  std::vector<double> model_a, published_a, refit_a;
  std::vector<std::uint8_t> y_a;
  std::vector<double> model_n;  // against the opponents not in riichi
  std::vector<std::uint8_t> y_n;
  std::vector<ClassRow> classes;
  std::vector<ValueRow> values;

  Predictions() {
    for (int c = 0; c < eval::kNumBaselineClasses; ++c)
      classes.push_back(
          {eval::baseline_class_name(c), 0, 0, eval::published_baseline_rates()[at(c)], 0});
    values = {{"riichi"}, {"open"}, {"closed"}};
  }
};

int value_group(const eval::OpponentReading& o) { return o.riichi ? 0 : o.open ? 1 : 2; }

void predict_one(const DangerSample& s, const Rules& rules, const eval::DangerParams& params,
                 const RuleRates& refit, eval::DangerReport& report, Predictions& out) {
  eval::assess_danger(s.table, rules, report, params);
  double safe_model = 1, safe_pub = 1, safe_refit = 1, safe_other = 1;
  bool riichi = false, other_ron = false;
  for (int i = 0; i < 3; ++i) {
    const eval::OpponentReading& o = s.table.opponents[at(i)];
    const eval::TileDanger& td = report.opponents[at(i)].tiles[s.kind];
    if ((s.ronned >> i & 1) && s.paid[at(i)] > 0) {
      ValueRow& v = out.values[at(value_group(o))];
      ++v.count;
      v.paid_sum += s.paid[at(i)];
      v.predicted_sum += td.value;
    }
    if (!o.riichi) {
      safe_other *= 1 - td.deal_in;
      other_ron = other_ron || (s.ronned >> i & 1);
      continue;
    }
    riichi = true;
    const int c = eval::baseline_class(s.table, o, s.kind);
    ClassRow& row = out.classes[at(c)];
    ++row.pairs;
    row.ronned += s.ronned >> i & 1;
    row.model_sum += td.deal_in;
    safe_model *= 1 - td.deal_in;
    safe_pub *= 1 - eval::published_baseline_rates()[at(c)];
    safe_refit *= 1 - refit[at(c)];
  }
  if (riichi) {
    out.model_r.push_back(report.deal_in[s.kind]);
    out.published_r.push_back(1 - safe_pub);
    out.refit_r.push_back(1 - safe_refit);
    out.y_r.push_back(s.ronned ? 1 : 0);
    out.model_ro.push_back(1 - safe_model);
    out.y_ro.push_back(s.ronned_by_riichi() ? 1 : 0);
  }
  out.model_a.push_back(report.deal_in[s.kind]);
  out.published_a.push_back(1 - safe_pub);
  out.refit_a.push_back(1 - safe_refit);
  out.y_a.push_back(s.ronned ? 1 : 0);
  out.model_n.push_back(1 - safe_other);
  out.y_n.push_back(other_ron ? 1 : 0);
}

void predict(const SampleSet& set, const std::vector<std::size_t>& idx, const Rules& rules,
             const eval::DangerParams& params, const RuleRates& refit, Predictions& out) {
  eval::DangerReport report;
  for (std::size_t i : idx) predict_one(set.samples[i], rules, params, refit, report, out);
}

ScoredSet score_set(const std::vector<double>& model, const std::vector<double>& pub,
                    const std::vector<double>& refit, const std::vector<std::uint8_t>& y) {
  return {eval::score_probabilities(model, y), eval::score_probabilities(pub, y),
          eval::score_probabilities(refit, y)};
}

Evaluation score(const Predictions& p) {
  Evaluation e;
  e.riichi = score_set(p.model_r, p.published_r, p.refit_r, p.y_r);
  e.riichi_only = score_set(p.model_ro, p.published_r, p.refit_r, p.y_ro);
  e.all = score_set(p.model_a, p.published_a, p.refit_a, p.y_a);
  e.not_riichi = score_set(p.model_n, p.published_a, p.refit_a, p.y_n);
  e.classes = p.classes;
  e.values = p.values;
  return e;
}

}  // namespace

std::vector<std::size_t> all_samples(const SampleSet& set) {
  std::vector<std::size_t> idx(set.samples.size());
  std::iota(idx.begin(), idx.end(), std::size_t{0});
  return idx;
}

RuleRates refit_rates(const SampleSet& set, const std::vector<std::size_t>& idx) {
  constexpr double kPriorWeight = 10;
  std::array<double, eval::kNumBaselineClasses> hits{}, pairs{};
  for (std::size_t i : idx) {
    const DangerSample& s = set.samples[i];
    for (int o = 0; o < 3; ++o) {
      if (!s.table.opponents[at(o)].riichi) continue;
      const int c = eval::baseline_class(s.table, s.table.opponents[at(o)], s.kind);
      pairs[at(c)] += 1;
      hits[at(c)] += s.ronned >> o & 1;
    }
  }
  RuleRates r{};
  for (int c = 0; c < eval::kNumBaselineClasses; ++c)
    r[at(c)] = (hits[at(c)] + kPriorWeight * eval::published_baseline_rates()[at(c)]) /
               (pairs[at(c)] + kPriorWeight);
  return r;
}

eval::DangerParams fit_danger_params(const SampleSet& set, const std::vector<std::size_t>& idx,
                                     const Rules& rules, const eval::FitOptions& options,
                                     FitSummary* summary) {
  eval::WaitData waits, discards;
  std::vector<eval::TenpaiExample> tenpai;
  std::vector<eval::ValueExample> values;
  eval::ShapeSet shapes;
  for (std::size_t i : idx) {
    const DangerSample& s = set.samples[i];
    for (int o = 0; o < 3; ++o) {
      const eval::OpponentReading& opp = s.table.opponents[at(o)];
      const std::uint64_t w = s.waits[at(o)];
      if (opp.riichi || w) {
        eval::live_shapes(s.table, opp, shapes);
        waits.add(shapes, w, opp.genbutsu);
      }
      const std::uint64_t tile = eval::kind_bit(s.kind);
      if (opp.riichi && !(opp.genbutsu & tile))
        discards.add(shapes, (s.ronned >> o & 1) ? tile : 0, ~tile);
      if (!opp.riichi) tenpai.push_back({eval::tenpai_features(s.table, opp), w != 0});
      if ((s.ronned >> o & 1) && s.paid[at(o)] > 0)
        values.push_back({&s.table, o, s.table.dora[s.kind] + (s.red ? 1 : 0),
                          static_cast<double>(s.paid[at(o)])});
    }
  }
  const eval::DangerParams& prior = eval::prior_danger_params();
  eval::DangerParams p = prior;
  FitSummary local;
  FitSummary& sum = summary ? *summary : local;
  p.wait = eval::fit_wait_params(waits, prior.wait, options, &sum.wait);
  if (options.discard_prior_strength > 0) {
    eval::FitOptions second = options;
    second.prior_strength = options.discard_prior_strength;
    p.wait = eval::fit_wait_params(discards, p.wait, second, &sum.discards);
  }
  p.tenpai = eval::fit_tenpai_params(tenpai, prior.tenpai, options, &sum.tenpai);
  p.value = eval::fit_value_params(values, rules, prior.value);
  sum.value_examples = static_cast<long>(values.size());
  return p;
}

Evaluation evaluate_danger(const SampleSet& set, const std::vector<std::size_t>& idx,
                           const Rules& rules, const eval::DangerParams& params,
                           const RuleRates& refit) {
  Predictions p;
  predict(set, idx, rules, params, refit, p);
  return score(p);
}

void write_samples_tsv(const SampleSet& set, const Rules& rules, const eval::DangerParams& params,
                       std::ostream& out) {
  out << "game\tseat\ttile\tmodel\tmodel_riichi\trule_class\trule_rate\tronned\t"
         "ronned_by_riichi\treason\n";
  eval::DangerReport report;
  for (const DangerSample& s : set.samples) {
    if (!s.riichi_context()) continue;
    eval::assess_danger(s.table, rules, report, params);
    double safe = 1;
    int first = -1;
    for (int i = 0; i < 3; ++i)
      if (s.table.opponents[at(i)].riichi) {
        safe *= 1 - report.opponents[at(i)].tiles[s.kind].deal_in;
        if (first < 0) first = i;
      }
    const int c = eval::baseline_class(s.table, s.table.opponents[at(first)], s.kind);
    fmt::print(out, "{}\t{}\t{}\t{:.6f}\t{:.6f}\t{}\t{:.4f}\t{}\t{}\t{}\n",
               set.games[static_cast<std::size_t>(s.game)], s.table.seat, kind_to_string(s.kind),
               report.deal_in[s.kind], 1 - safe, eval::baseline_class_name(c),
               eval::published_baseline_rates()[at(c)], s.ronned ? 1 : 0,
               s.ronned_by_riichi() ? 1 : 0, eval::danger_reason(report, s.kind));
  }
}

Evaluation cross_validate(const SampleSet& set, const Rules& rules, int folds,
                          const eval::FitOptions& options) {
  Predictions p;
  for (int f = 0; f < folds; ++f) {
    std::vector<std::size_t> train, test;
    for (std::size_t i = 0; i < set.samples.size(); ++i)
      (set.samples[i].game % folds == f ? test : train).push_back(i);
    const eval::DangerParams params = fit_danger_params(set, train, rules, options);
    predict(set, test, rules, params, refit_rates(set, train), p);
  }
  return score(p);
}

}  // namespace riichi::cli
