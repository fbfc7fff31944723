// Bot benchmark: whole hanchan on one thread between four bots of one kind (random, efficiency,
// defensive, strong), through Game without recording (bots::play_fast). Counters: hanchan/s,
// hands/s, decisions/s. Targets (issue 22): >= 1,500 hanchan/s for four efficiency bots and
// >= 1,000 for four defensive bots on one thread; (issue 15) >= 10 for four strong bots (20 on two
// threads). BM_StrongSlowestDecision: the slowest single decision of the strong bot in CPU time
// (target < 100 ms), over 20 Tenhou-rules hanchan.
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "bench_checksum.hpp"
#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/rules.hpp"

namespace {

using namespace riichi;

const char* const kBots[] = {"random", "efficiency", "defensive", "strong"};

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
BENCHMARK(BM_BotHanchan)->ArgName("bot")->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

// The calling thread's CPU time in ms (the wall clock of a shared machine measures its load).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// A bot that times every decision of the bot it wraps (the thread's CPU time).
class Timed final : public bots::Bot {
 public:
  explicit Timed(std::unique_ptr<bots::Bot> bot) : bot_(std::move(bot)) {}
  std::string name() const override { return bot_->name(); }
  Action choose(const Observation& obs, std::span<const Action> legal) override {
    const double start = thread_cpu_ms();
    const Action a = bot_->choose(obs, legal);
    slowest = std::max(slowest, thread_cpu_ms() - start);
    return a;
  }
  double slowest = 0;  // ms of CPU

 private:
  std::unique_ptr<bots::Bot> bot_;
};

void BM_StrongSlowestDecision(benchmark::State& state) {
  const Rules rules = Rules::tenhou();
  std::uint64_t seed = 1;
  double slowest = 0;
  for (auto _ : state) {
    std::array<std::unique_ptr<Timed>, 4> timed;
    bots::Seats seats{};
    for (int s = 0; s < 4; ++s) {
      const auto i = static_cast<std::size_t>(s);
      timed[i] = std::make_unique<Timed>(bots::make_bot("strong", bots::bot_seed(seed, s), rules));
      seats[i] = timed[i].get();
    }
    benchmark::DoNotOptimize(bots::play_fast(rules, seed, seats).final.final_scores);
    for (const auto& t : timed) slowest = std::max(slowest, t->slowest);
    ++seed;
  }
  state.counters["slowest_ms"] = slowest;
}
BENCHMARK(BM_StrongSlowestDecision)->Iterations(20)->Unit(benchmark::kMillisecond);

}  // namespace
