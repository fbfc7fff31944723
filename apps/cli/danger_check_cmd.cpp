// `riichi danger-check PATH... [--fit-on PATH...] [--cv K] [--json]`: measures the danger model
// (eval/danger.hpp) on real Tenhou games (docs/eval.md, "Danger"), or on any game log
// (io/log_reader.hpp, found by content: tenhou.net/6 JSON, mjai, the engine's own records, such
// as the arena's games; docs/bots.md "Fourteenth round").
//
// Every discard of the replayed games is a sample. At every discard made while an opponent is in
// riichi, the predicted probability that the riichi player(s) ron it is scored against what
// happened (ROC AUC, Brier score, log loss, a calibration table), next to the plain rules
// (genbutsu, suji by number, visible honours) with published rates and with rates refitted on
// the same discards. The same figures are given for every discard against every opponent.
//
//   --fit-on PATH...   fit the parameters on those games, then measure on PATH... (held out)
//   --params bots      measure the parameters fitted on the arena's bot games (docs/bots.md)
//   --cv K             K-fold cross-validation by game over PATH... (fit on K-1, measure on 1)
//   --emit-params      with --fit-on: print the fitted parameters as C++ (eval/danger_params.cpp)
//   --samples-tsv F    every discard made against a riichi with the predictions and reason
//   --require-gain G   exit 1 unless the model's AUC beats the better rules' by G and its Brier
//                      score is lower, on the riichi discards (the ctest target check)
//
// Exit status: 0 done (and the targets met); 1 a target missed; 2 unreadable input (unless
// --keep-going: unreadable logs are then reported and skipped).
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_text.hpp"
#include "commands.hpp"
#include "danger_eval.hpp"
#include "danger_samples.hpp"
#include "io/json_text.hpp"
#include "io/log_reader.hpp"
#include "io/plain_mjlog.hpp"
#include "io/tenhou_mjlog.hpp"
#include "log_files.hpp"

namespace riichi::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

struct DangerCheckOptions {
  std::vector<std::string> paths;
  std::vector<std::string> fit_on;
  std::string params = "houou";
  int cv = 0;
  bool json = false;
  bool emit_params = false;
  bool keep_going = false;
  std::string samples_tsv;
  double require_gain = -1;
  double prior_strength = eval::FitOptions{}.prior_strength;
  double discard_prior = eval::FitOptions{}.discard_prior_strength;
};

// The samples of a log's game with tile ids: a Tenhou log's own, an engine record's replayed and
// turned into the Tenhou structs (io/plain_mjlog.hpp), as `riichi export` writes it.
void collect_game_samples(const io::LogGame& g, const Rules& rules,
                          std::unordered_set<std::string>& seen, SampleSet& set) {
  if (g.tenhou)
    collect_danger_samples(*g.tenhou, rules, seen, set);
  else
    collect_danger_samples(io::mjlog_from_plain(g.to_plain(), g.source), rules, seen, set);
}

// Replays the games, with a progress line on a terminal.
SampleSet load_samples(const std::vector<std::string>& paths, const Rules& rules, bool& bad) {
  const std::vector<fs::path> files =
      collect_files(paths, bad, looks_like_log, /*recursive=*/false);
  SampleSet set;
  std::unordered_set<std::string> seen;
  const bool tty = isatty(STDERR_FILENO) != 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (tty) fmt::print(stderr, "\r\033[Kreplaying {}/{} files", i + 1, files.size());
    try {
      for (const io::LogGame& g : io::read_log(files[i])) collect_game_samples(g, rules, seen, set);
    } catch (const io::MjlogError& e) {
      fmt::print(stderr, "{}error: {}\n", tty ? "\n" : "", e.what());
      bad = true;
    } catch (const std::exception& e) {
      fmt::print(stderr, "{}error: {}: {}\n", tty ? "\n" : "", files[i].string(), e.what());
      bad = true;
    }
  }
  if (tty) fmt::print(stderr, "\r\033[K");
  return set;
}

void print_scores(const std::string& title, const ScoredSet& s) {
  fmt::print("{}: {} discards, {} dealt in ({})\n", title, s.model.count, s.model.positives,
             pct(s.model.count ? static_cast<double>(s.model.positives) / s.model.count : 0));
  fmt::print("  {:<24} {:>16} {:>9} {:>9} {:>8}\n", "predictor", "AUC (s.e.)", "Brier", "log loss",
             "mean p");
  auto row = [](const char* name, const eval::ProbabilityScore& p) {
    fmt::print("  {:<24} {:>16} {:>9.6f} {:>9.5f} {:>8}\n", name,
               fmt::format("{:.4f} ({:.4f})", p.auc, p.auc_se), p.brier, p.log_loss,
               pct(p.mean_predicted));
  };
  row("model", s.model);
  row("rules, published rates", s.rules_published);
  row("rules, refitted rates", s.rules_refit);
  fmt::print("  calibration (model):  predicted   discards  dealt in  mean predicted  observed\n");
  for (const eval::CalibrationBin& b : s.model.bins) {
    if (!b.count) continue;
    fmt::print("  {:>30}  {:>9} {:>9} {:>15} {:>9}\n", fmt::format("{}-{}", pct(b.lo), pct(b.hi)),
               b.count, b.positives, pct(b.mean_predicted), pct(b.observed()));
  }
}

void print_classes(const std::vector<ClassRow>& rows) {
  fmt::print("By rule class (riichi discards, one row per riichi opponent):\n");
  fmt::print("  {:<20} {:>8} {:>8} {:>9} {:>10} {:>10}\n", "class", "pairs", "ronned", "observed",
             "published", "model");
  for (const ClassRow& r : rows) {
    if (!r.pairs) continue;
    fmt::print("  {:<20} {:>8} {:>8} {:>9} {:>10} {:>10}\n", r.name, r.pairs, r.ronned,
               pct(static_cast<double>(r.ronned) / r.pairs), pct(r.published),
               pct(r.model_sum / r.pairs));
  }
}

void print_values(const std::vector<ValueRow>& rows) {
  fmt::print("Ron value (the rons of these discards):\n");
  for (const ValueRow& r : rows) {
    if (!r.count) continue;
    fmt::print("  {:<8} {:>5} rons, paid {:>6.0f} on average, predicted {:>6.0f}\n", r.name,
               r.count, r.paid_sum / r.count, r.predicted_sum / r.count);
  }
}

void print_report(const Evaluation& e, const std::string& what) {
  fmt::print("{}\n", what);
  print_scores("Discards while an opponent is in riichi, ronned by anyone", e.riichi);
  print_scores("The same discards, ronned by a riichi opponent (riichi opponents only)",
               e.riichi_only);
  print_scores("Every discard, every opponent", e.all);
  print_scores("Every discard, ronned by an opponent not in riichi (the model: those opponents)",
               e.not_riichi);
  print_classes(e.classes);
  print_values(e.values);
}

ordered_json score_json(const eval::ProbabilityScore& p) {
  ordered_json j;
  j["count"] = p.count;
  j["positives"] = p.positives;
  j["auc"] = p.auc;
  j["auc_standard_error"] = p.auc_se;
  j["brier"] = p.brier;
  j["log_loss"] = p.log_loss;
  j["mean_predicted"] = p.mean_predicted;
  ordered_json bins = ordered_json::array();
  for (const eval::CalibrationBin& b : p.bins)
    bins.push_back({{"lo", b.lo},
                    {"hi", b.hi},
                    {"count", b.count},
                    {"positives", b.positives},
                    {"mean_predicted", b.mean_predicted}});
  j["calibration"] = bins;
  return j;
}

ordered_json scored_json(const ScoredSet& s) {
  return {{"model", score_json(s.model)},
          {"rules_published", score_json(s.rules_published)},
          {"rules_refit", score_json(s.rules_refit)}};
}

ordered_json evaluation_json(const Evaluation& e) {
  ordered_json j;
  j["riichi_discards"] = scored_json(e.riichi);
  j["riichi_discards_riichi_rons"] = scored_json(e.riichi_only);
  j["all_discards"] = scored_json(e.all);
  j["all_discards_not_riichi"] = scored_json(e.not_riichi);
  ordered_json classes = ordered_json::array();
  for (const ClassRow& r : e.classes)
    classes.push_back({{"class", r.name},
                       {"pairs", r.pairs},
                       {"ronned", r.ronned},
                       {"published", r.published},
                       {"model_mean", r.pairs ? r.model_sum / r.pairs : 0.0}});
  j["classes"] = classes;
  ordered_json values = ordered_json::array();
  for (const ValueRow& r : e.values)
    values.push_back({{"hand", r.name},
                      {"rons", r.count},
                      {"paid_mean", r.count ? r.paid_sum / r.count : 0.0},
                      {"predicted_mean", r.count ? r.predicted_sum / r.count : 0.0}});
  j["values"] = values;
  return j;
}

void print_params(const eval::DangerParams& fitted, const FitSummary& fit) {
  const eval::DangerParams& prior = eval::prior_danger_params();
  fmt::print("Fitted parameters (prior -> fitted):\n");
  fmt::print("  wait model: {} labels, log likelihood {:.5f} per label, {} iterations{}\n",
             fit.wait.labels, fit.wait.log_likelihood, fit.wait.iterations,
             fit.wait.converged ? "" : " (not converged)");
  for (int i = 0; i < eval::kNumWaitParams; ++i)
    fmt::print("    {:<22} {:>8.3f} -> {:>8.3f}\n", eval::wait_param_name(i), prior.wait[i],
               fitted.wait[i]);
  fmt::print("  tenpai model: {} labels, log likelihood {:.5f}, {} iterations{}\n",
             fit.tenpai.labels, fit.tenpai.log_likelihood, fit.tenpai.iterations,
             fit.tenpai.converged ? "" : " (not converged)");
  for (int i = 0; i < eval::kNumTenpaiParams; ++i)
    fmt::print("    {:<22} {:>8.3f} -> {:>8.3f}\n", eval::tenpai_param_name(i), prior.tenpai[i],
               fitted.tenpai[i]);
  fmt::print("  value model: {} rons\n", fit.value_examples);
  for (int i = 0; i < eval::kNumValueParams; ++i)
    fmt::print("    {:<22} {:>8.3f} -> {:>8.3f}\n", eval::value_param_name(i), prior.value[i],
               fitted.value[i]);
}

template <std::size_t N>
void emit_array(const char* name, const std::array<double, N>& a) {
  fmt::print("  p.{} = {{", name);
  for (std::size_t i = 0; i < N; ++i) fmt::print("{}{:.6g}", i ? ", " : "", a[i]);
  fmt::print("}};\n");
}

// The model against the better of the two rule variants on the riichi discards.
bool check_targets(const Evaluation& e, double gain) {
  const ScoredSet& s = e.riichi;
  const double rules_auc = std::max(s.rules_published.auc, s.rules_refit.auc);
  const double rules_brier = std::min(s.rules_published.brier, s.rules_refit.brier);
  const bool auc_ok = s.model.auc >= rules_auc + gain;
  const bool brier_ok = s.model.brier < rules_brier;
  fmt::print("target: AUC {:.4f} >= {:.4f} + {:.2f}: {}; Brier {:.6f} < {:.6f}: {}\n", s.model.auc,
             rules_auc, gain, auc_ok ? "met" : "MISSED", s.model.brier, rules_brier,
             brier_ok ? "met" : "MISSED");
  return auc_ok && brier_ok;
}

void run_danger_check(const DangerCheckOptions& opt) {
  const Rules rules = Rules::tenhou();
  bool bad = false;
  const auto start = std::chrono::steady_clock::now();
  SampleSet test = load_samples(opt.paths, rules, bad);
  eval::FitOptions fit_options;
  fit_options.prior_strength = opt.prior_strength;
  fit_options.discard_prior_strength = opt.discard_prior;
  const bool bots = opt.params == "bots";
  eval::DangerParams params = bots ? eval::bot_danger_params() : eval::default_danger_params();
  std::string what = fmt::format("Parameters: built in (fitted on {}, eval/danger_params.cpp)",
                                 bots ? "the arena's bot games" : "the houou 2021 games");
  FitSummary fit;
  bool fitted = false;
  // The rules' rates: refitted on the fit games (built in: on the houou 2021 games).
  RuleRates rates = eval::fitted_baseline_rates();
  if (!opt.fit_on.empty()) {
    const SampleSet train = load_samples(opt.fit_on, rules, bad);
    params = fit_danger_params(train, all_samples(train), rules, fit_options, &fit);
    rates = refit_rates(train, all_samples(train));
    fitted = true;
    what = fmt::format("Parameters and rule rates: fitted on {} games ({} hands, {} discards)",
                       train.games.size(), train.hands, train.samples.size());
  }
  Evaluation e = opt.cv > 1 ? cross_validate(test, rules, opt.cv, fit_options)
                            : evaluate_danger(test, all_samples(test), rules, params, rates);
  if (opt.cv > 1)
    what = fmt::format("{}-fold cross-validation by game (out-of-fold figures)", opt.cv);
  else if (!fitted)
    what += "; rule rates refitted there too";
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string header =
      fmt::format("danger-check: {} games, {} hands ({} duplicate, {} not replayed), {} discards",
                  test.games.size(), test.hands, test.duplicate_hands, test.mismatched_hands,
                  test.samples.size());
  if (opt.json) {
    ordered_json j;
    j["games"] = test.games.size();
    j["hands"] = test.hands;
    j["duplicate_hands"] = test.duplicate_hands;
    j["mismatched_hands"] = test.mismatched_hands;
    j["discards"] = test.samples.size();
    j["parameters"] = what;
    j["evaluation"] = evaluation_json(e);
    j["seconds"] = seconds;
    fmt::print("{}\n", io::dump_json(j, 2));
  } else {
    fmt::print("{}\n", header);
    print_report(e, what);
    if (fitted) print_params(params, fit);
    fmt::print("{:.1f} s\n", seconds);
  }
  if (!opt.samples_tsv.empty()) {
    std::ofstream tsv(opt.samples_tsv);
    if (tsv) write_samples_tsv(test, rules, params, tsv);
    if (!tsv) {
      fmt::print(stderr, "error: cannot write '{}'\n", opt.samples_tsv);
      bad = true;
    }
  }
  if (fitted && opt.emit_params) {
    fmt::print("// fitted by riichi danger-check --fit-on ... --emit-params\n");
    emit_array("wait", params.wait);
    emit_array("tenpai", params.tenpai);
    emit_array("value", params.value);
    emit_array("rules", rates);
  }
  if (bad && !opt.keep_going) throw CLI::RuntimeError(kExitBadInput);
  if (opt.require_gain >= 0 && !check_targets(e, opt.require_gain)) throw CLI::RuntimeError(1);
}

}  // namespace

void add_danger_check_command(CLI::App& app) {
  auto opt = std::make_shared<DangerCheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "danger-check",
      "Measure the tile-danger model on Tenhou mjlog games (or any game log: tenhou.net/6, mjai, "
      "engine records): ROC AUC, Brier score and a calibration table against the plain genbutsu "
      "/ suji / honour rules");
  cmd->add_option("paths", opt->paths, "game logs or directories of them (measured)")->required();
  CLI::Option* fit_on = cmd->add_option(
      "--fit-on", opt->fit_on, "fit the parameters on these games first (files or directories)");
  cmd->add_option("--params", opt->params,
                  "the built-in parameters measured: houou (the default, fitted on the houou 2021 "
                  "games) or bots (fitted on the arena's strong and defensive bots)")
      ->check(CLI::IsMember({"houou", "bots"}))
      ->excludes(fit_on);
  cmd->add_option("--cv", opt->cv, "K-fold cross-validation by game over PATH (K >= 2)")
      ->check(CLI::Range(2, 100))
      ->excludes(fit_on);
  cmd->add_option("--prior-strength", opt->prior_strength,
                  "strength of the prior on the fitted parameters (default 20)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--discard-prior", opt->discard_prior,
                  "strength of the first-stage fit as prior of the second stage, fitted on the "
                  "real discards against riichi (0: no second stage)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--emit-params", opt->emit_params,
                "with --fit-on: print the fitted parameters as C++ for eval/danger_params.cpp")
      ->needs(fit_on);
  cmd->add_option("--require-gain", opt->require_gain,
                  "exit 1 unless the model's AUC is at least this much above the rules' and its "
                  "Brier score lower (riichi discards)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", opt->json, "print the figures as JSON");
  cmd->add_option("--samples-tsv", opt->samples_tsv,
                  "write every discard made against a riichi, with its predictions, to this file");
  cmd->add_flag("--keep-going", opt->keep_going,
                "skip unreadable logs (still reported on stderr) instead of exiting with 2");
  cmd->callback([opt] { run_danger_check(*opt); });
}

}  // namespace riichi::cli
