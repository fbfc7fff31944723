// Self-play benchmark: whole hanchan between four random-legal bots on one thread, through
// Game (no recording). Counters: hanchan/s, hands/s and actions/s. Target (issue 22): <= 100 us
// a hanchan (>= 10,000 hanchan/s) under every preset.
// Also: the same with the greedy random bot (shanten-keeping discards, more wins), and with a
// full record (GameRecorder: every hand's events collected).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "bench_checksum.hpp"
#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"

namespace {

using namespace riichi;

// 0 ema2016, 1 ema2008, 2 tenhou, 3 tenhou_sanma (three players: issue 20 asks a random sanma
// hanchan to be at least as fast as a four-player one), then the other presets (issue 22 asks
// every preset): 4 mahjongsoul, 5 mleague, 6 wrc, 7 mahjongsoul_sanma. The first four keep
// their indices so their check sums and figures compare with every earlier round's.
Rules preset(int index) {
  static constexpr Rules (*kPresets[])() = {
      &Rules::ema2016,     &Rules::ema2008, &Rules::tenhou, &Rules::tenhou_sanma,
      &Rules::mahjongsoul, &Rules::mleague, &Rules::wrc,    &Rules::mahjongsoul_sanma};
  return kPresets[index]();
}

void report(benchmark::State& state, long games, long hands, long actions) {
  state.counters["hanchan/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  state.counters["actions/s"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  state.counters["hands/game"] = static_cast<double>(hands) / static_cast<double>(games);
}

bots::FastStats play_random(const Rules& rules, std::uint64_t seed, bool greedy) {
  std::array<std::unique_ptr<bots::Bot>, 4> players;
  for (int s = 0; s < 4; ++s)
    players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
        bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = greedy});
  return bots::play_fast(rules, seed, bots::seats_of(players));
}

void BM_RandomHanchan(benchmark::State& state) {
  const Rules rules = preset(static_cast<int>(state.range(0)));
  const bool greedy = state.range(1) != 0;
  std::uint64_t seed = 1;
  long games = 0, hands = 0, actions = 0;
  for (auto _ : state) {
    const bots::FastStats stats = play_random(rules, seed, greedy);
    benchmark::DoNotOptimize(stats.final.final_scores);
    ++games;
    hands += stats.hands;
    actions += stats.actions;
    ++seed;
  }
  report(state, games, hands, actions);
  state.SetLabel(games_checksum([&](std::uint64_t s) { return play_random(rules, s, greedy); }));
}
BENCHMARK(BM_RandomHanchan)
    ->ArgNames({"preset", "greedy"})
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({3, 0})
    ->Args({4, 0})
    ->Args({5, 0})
    ->Args({6, 0})
    ->Args({7, 0})
    ->Args({0, 1})
    ->Unit(benchmark::kMicrosecond);

void BM_RecordedHanchan(benchmark::State& state) {
  const Rules rules = Rules::ema2016();
  std::uint64_t seed = 1;
  long games = 0, hands = 0, actions = 0;
  for (auto _ : state) {
    const auto players = bots::make_random_bots(seed);
    const GameRecorder rec = bots::play_recorded(rules, seed, bots::seats_of(players));
    benchmark::DoNotOptimize(rec.log().final.final_scores);
    ++games;
    hands += static_cast<long>(rec.log().hands.size());
    actions += static_cast<long>(rec.actions().size());
    ++seed;
  }
  report(state, games, hands, actions);
}
BENCHMARK(BM_RecordedHanchan)->Unit(benchmark::kMicrosecond);

}  // namespace
