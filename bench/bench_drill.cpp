// Drill generation (issue 18: "generation of 1,000 problems of each kind takes under a
// second"): each iteration makes 1,000 problems of one drill and level (a fresh session index
// range every time). Waits and score problems carry their answer keys (the key is the analysis
// or the scoring sheet); discard problems are the positions only (the key is the evaluation
// layer's, bench_ev.cpp). Target: < 1 s per 1,000 of each kind.
#include <benchmark/benchmark.h>

#include "drill/discard_drill.hpp"
#include "drill/score_drill.hpp"
#include "drill/waits_drill.hpp"

namespace {

using namespace riichi;
using namespace riichi::drill;

constexpr int kProblems = 1000;

void BM_WaitsDrill(benchmark::State& state) {
  const int level = static_cast<int>(state.range(0));
  std::uint64_t seed = 1;
  for (auto _ : state) {
    for (int i = 0; i < kProblems; ++i)
      benchmark::DoNotOptimize(make_waits_problem({DrillKind::kWaits, level, seed, i}));
    ++seed;
  }
  state.SetItemsProcessed(state.iterations() * kProblems);
}
BENCHMARK(BM_WaitsDrill)->DenseRange(1, 5)->Unit(benchmark::kMillisecond);

void BM_ScoreDrill(benchmark::State& state) {
  const int level = static_cast<int>(state.range(0));
  const Rules rules = Rules::ema2016();
  std::uint64_t seed = 1;
  for (auto _ : state) {
    for (int i = 0; i < kProblems; ++i)
      benchmark::DoNotOptimize(make_score_problem({DrillKind::kScore, level, seed, i}, rules));
    ++seed;
  }
  state.SetItemsProcessed(state.iterations() * kProblems);
}
BENCHMARK(BM_ScoreDrill)->DenseRange(1, 4)->Unit(benchmark::kMillisecond);

void BM_DiscardPositions(benchmark::State& state) {
  const int level = static_cast<int>(state.range(0));
  const Rules rules = Rules::ema2016();
  std::uint64_t seed = 1;
  for (auto _ : state) {
    for (int i = 0; i < kProblems; ++i)
      benchmark::DoNotOptimize(make_discard_position({DrillKind::kDiscard, level, seed, i}, rules));
    ++seed;
  }
  state.SetItemsProcessed(state.iterations() * kProblems);
}
BENCHMARK(BM_DiscardPositions)->DenseRange(1, 5)->Unit(benchmark::kMillisecond);

}  // namespace
