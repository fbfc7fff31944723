// Arena benchmark: hanchan/s of run_arena (seat rotation, per-seat statistics, results per game)
// between four bots of one kind on 1 and 2 worker threads. Targets on 2 threads (2 free cores):
// >= 4,000 hanchan/s with random bots, >= 500 with efficiency bots. Each iteration plays a run of
// 200 games (real time: the threads run in parallel).
#include <benchmark/benchmark.h>

#include "bots/arena.hpp"
#include "bots/registry.hpp"
#include "riichi/rules.hpp"

namespace {

using namespace riichi;

constexpr int kGamesPerRun = 200;

constexpr const char* kBotKinds[] = {"random", "greedy", "efficiency", "defensive"};

void BM_Arena(benchmark::State& state) {
  bots::ArenaConfig config;
  config.bots = bots::parse_bot_list(kBotKinds[state.range(1)]);
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
// bot: 0 random, 1 greedy, 2 efficiency, 3 defensive.
BENCHMARK(BM_Arena)
    ->ArgNames({"threads", "bot"})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Args({1, 2})
    ->Args({2, 2})
    ->Args({2, 3})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
