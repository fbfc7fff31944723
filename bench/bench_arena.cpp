// Arena benchmark: hanchan/s of run_arena (seat rotation, per-seat statistics, results per game)
// between random bots on 1 and 2 worker threads, and the per-game cost against play_fast.
// Target: >= 4,000 hanchan/s on 2 threads with random bots (2 free cores). Each iteration plays
// a run of 200 games; the efficiency bot is measured by `make strength` once it is registered.
#include <benchmark/benchmark.h>

#include "bots/arena.hpp"
#include "bots/registry.hpp"
#include "riichi/rules.hpp"

namespace {

using namespace riichi;

constexpr int kGamesPerRun = 200;

void BM_ArenaRandom(benchmark::State& state) {
  bots::ArenaConfig config;
  config.bots = bots::parse_bot_list(state.range(1) != 0 ? "greedy" : "random");
  config.rules = Rules::ema2016();
  config.games = kGamesPerRun;
  config.threads = static_cast<int>(state.range(0));
  long games = 0, hands = 0;
  for (auto _ : state) {
    const bots::ArenaRun run = bots::run_arena(config, {}, nullptr);
    games += static_cast<long>(run.games.size());
    for (const bots::GameResult& g : run.games) hands += g.hands;
    ++config.seed;
  }
  state.counters["hanchan/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ArenaRandom)
    ->ArgNames({"threads", "greedy"})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
