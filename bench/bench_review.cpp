// Game review benchmark (issue 16, item 6): a whole real hanchan reviewed for one player
// (review::review_game: the replay and evaluate_options at each of the seat's decisions), target
// <= 5 s on one core. The game is a shared Tenhou log (skipped when the data is absent).
#include <benchmark/benchmark.h>

#include <filesystem>

#include "io/log_reader.hpp"
#include "review/review.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace {

using namespace riichi;

void BM_ReviewHanchanOneSeat(benchmark::State& state) {
  const std::filesystem::path log =
      std::filesystem::path(RIICHI_MJLOG_DIR) / "2020061922gm-00a9-0000-6183ff37.mjlog";
  if (!std::filesystem::exists(log)) {
    state.SkipWithError("no shared Tenhou logs");
    return;
  }
  const std::vector<io::LogGame> games = io::read_log(log);
  long decisions = 0;
  for (auto _ : state) {
    const review::GameReview r = review::review_game(games.front(), {0});
    decisions += r.summary.decisions;
    benchmark::DoNotOptimize(r.summary.total_loss);
  }
  state.counters["decisions"] =
      benchmark::Counter(static_cast<double>(decisions) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_ReviewHanchanOneSeat)->Unit(benchmark::kSecond)->Iterations(3);

}  // namespace
