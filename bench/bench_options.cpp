// Push or fold (src/eval/options.hpp, docs/eval.md "Options: push or fold"): every legal action of
// one decision valued, as a bot (OptionsSettings::fast()) or the review and the web helper
// (OptionsSettings::standard(), with the reasons) call it. The decisions are every decision of
// 40 seeded Tenhou-rules hands played by the defensive bots (own turns with 14 tiles, claim
// windows, riichi, calls, folds); each benchmark iteration values them all and reports the
// per-decision median, 90th percentile and maximum (CPU time of the thread, microseconds), and
// the same for the decisions taken while an opponent is in riichi (riichi_), in claim windows
// (claim_), and on own turns whose hand value was searched (searched_: tenpai and 1-shanten with
// fast()) or approximated (approx_).
//
//   build/riichi_bench --benchmark_filter=Options
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <vector>

#include "bots/registry.hpp"
#include "eval/options.hpp"
#include "eval/tile_distance.hpp"
#include "riichi/round.hpp"

namespace {

using namespace riichi;

std::vector<Observation> decisions(const Rules& rules, int hands) {
  std::vector<Observation> out;
  for (int h = 0; h < hands; ++h) {
    RoundSetup setup;
    setup.scores = {25000, 25000, 25000, 25000};
    setup.wall_seed = 5000 + static_cast<std::uint64_t>(h);
    setup.dealer = h % 4;
    Round round(rules, setup);
    auto bots = bots::make_bots({"defensive", "defensive", "defensive", "defensive"},
                                setup.wall_seed, rules);
    while (!round.is_over()) {
      const int seat = round.to_play();
      const Observation obs = round.observation(seat);
      out.push_back(obs);
      round.apply(bots[static_cast<std::size_t>(seat)]->choose(obs, obs.legal_actions));
    }
  }
  return out;
}

bool under_riichi(const Observation& o) {
  for (int s = 0; s < 4; ++s)
    if (s != o.seat && o.riichi[static_cast<std::size_t>(s)]) return true;
  return false;
}

double thread_us() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

void report(benchmark::State& state, std::vector<double>& us, const char* prefix) {
  if (us.empty()) return;
  std::sort(us.begin(), us.end());
  const std::string p(prefix);
  state.counters[p + "median_us"] = us[us.size() / 2];
  state.counters[p + "p90_us"] = us[us.size() * 9 / 10];
  state.counters[p + "max_us"] = us.back();
}

void run(benchmark::State& state, const eval::OptionsSettings& settings) {
  const Rules rules = Rules::tenhou();
  const std::vector<Observation> obs = decisions(rules, 40);
  eval::init_tile_distance_tables();
  std::vector<double> all, riichi, claim, low, high;
  double total = 0;
  for (auto _ : state) {
    for (const Observation& o : obs) {
      const double start = thread_us();
      const eval::OptionsReport r = eval::evaluate_options(o, rules, settings);
      const double t = thread_us() - start;
      total += t;
      all.push_back(t);
      if (under_riichi(o)) riichi.push_back(t);
      const bool call = o.phase == Phase::kClaim || o.phase == Phase::kChankan;
      if (call) claim.push_back(t);
      if (!call) (r.ev_stats.approximate ? high : low).push_back(t);
      benchmark::DoNotOptimize(r.best);
    }
  }
  state.counters["mean_us"] = total / static_cast<double>(all.size());
  state.counters["decisions"] = static_cast<double>(obs.size());
  report(state, all, "");
  report(state, riichi, "riichi_");
  report(state, claim, "claim_");
  report(state, low, "searched_");
  report(state, high, "approx_");
  state.SetItemsProcessed(static_cast<std::int64_t>(all.size()));
}

// The bots' setting (issue 15's strong bot calls this once per decision).
void BM_OptionsFast(benchmark::State& state) { run(state, eval::OptionsSettings::fast()); }
BENCHMARK(BM_OptionsFast)->Iterations(3)->Unit(benchmark::kMillisecond);

// The review's and the web helper's setting: the standard hand-value model and the reasons.
void BM_OptionsStandard(benchmark::State& state) { run(state, eval::OptionsSettings::standard()); }
BENCHMARK(BM_OptionsStandard)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
