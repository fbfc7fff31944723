// Bot benchmark: whole hanchan on one thread between four bots of one kind (random, efficiency,
// defensive), through Game without recording (bots::play_fast). Counters: hanchan/s, hands/s,
// decisions/s. Targets (issue 22): >= 1,500 hanchan/s for four efficiency bots and >= 1,000 for
// four defensive bots on one thread (earlier: >= 300 for efficiency; the arena's >= 500
// hanchan/s on two threads).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>

#include "bench_checksum.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/rules.hpp"

namespace {

using namespace riichi;

const char* const kBots[] = {"random", "efficiency", "defensive"};

void BM_BotHanchan(benchmark::State& state) {
  const std::string name = kBots[state.range(0)];
  const Rules rules = Rules::ema2016();
  std::uint64_t seed = 1;
  long games = 0, hands = 0, actions = 0;
  for (auto _ : state) {
    const auto players = bots::make_bots({name, name, name, name}, seed);
    const bots::FastStats stats = bots::play_fast(rules, seed, bots::seats_of(players));
    benchmark::DoNotOptimize(stats.final.final_scores);
    ++games;
    hands += stats.hands;
    actions += stats.actions;
    ++seed;
  }
  state.SetLabel(name + " " + games_checksum([&](std::uint64_t s) {
                   const auto players = bots::make_bots({name, name, name, name}, s);
                   return bots::play_fast(rules, s, bots::seats_of(players));
                 }));
  state.counters["hanchan/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  state.counters["hands/game"] = static_cast<double>(hands) / static_cast<double>(games);
}
BENCHMARK(BM_BotHanchan)->ArgName("bot")->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

}  // namespace
