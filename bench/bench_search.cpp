// Search benchmarks (issue 15): BM_Determinise, one determinisation (riichi/round_resample.hpp)
// of positions taken at every 7th decision of two Tenhou-rules hanchan between greedy random bots
// (label: a check sum of the walls drawn, seed = position index); BM_RolloutDecision, one
// rollout decision (eval/rollout.hpp: two candidates, N = 32, the defensive mix) at the first 8
// of those positions where another seat is in riichi and the seat to play holds 14 tiles (CPU
// ms per decision; the strong bot's bar is 100 ms for its slowest decision).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bots/random_bot.hpp"
#include "bots/rollout_players.hpp"
#include "eval/rollout.hpp"
#include "riichi/game.hpp"
#include "riichi/round_resample.hpp"

namespace {

using namespace riichi;

const std::vector<std::pair<Round, int>>& positions() {
  static const std::vector<std::pair<Round, int>> list = [] {
    std::vector<std::pair<Round, int>> out;
    for (std::uint64_t g = 1; g <= 2; ++g) {
      Game game(Rules::tenhou(), g);
      std::array<std::unique_ptr<bots::Bot>, 4> players;
      for (int s = 0; s < 4; ++s)
        players[s] =
            std::make_unique<bots::RandomBot>(g * 4 + s, bots::RandomBot::Options{.greedy = true});
      for (int decision = 1; !game.is_over(); ++decision) {
        const int s = game.to_play();
        if (decision % 7 == 0) out.emplace_back(game.round(), s);
        game.apply(players[s]->choose(game.round().observation(s), game.legal_actions(s)));
      }
    }
    return out;
  }();
  return list;
}

void BM_Determinise(benchmark::State& state) {
  const auto& list = positions();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [round, seat] = list[i % list.size()];
    benchmark::DoNotOptimize(determinise(round, seat, i));
    ++i;
  }
  long sum = 0;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const Wall w = determinise(list[k].first, list[k].second, k).wall();
    for (int t = 0; t < kNumTiles; ++t) sum = (sum * 31 + w.tiles[t]) % 1000000007;
  }
  state.SetLabel(std::to_string(list.size()) + " positions checksum=" + std::to_string(sum));
  state.counters["determinisations/s"] =
      benchmark::Counter(static_cast<double>(i), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Determinise)->Unit(benchmark::kMicrosecond);

void BM_RolloutDecision(benchmark::State& state) {
  std::vector<std::pair<Round, int>> threats;
  for (const auto& [round, seat] : positions()) {
    bool riichi = false;
    for (int s = 0; s < 4; ++s) riichi = riichi || (s != seat && round.in_riichi(s));
    if (riichi && round.phase() == Phase::kSelf && !round.in_riichi(seat) && threats.size() < 8)
      threats.emplace_back(round, seat);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [round, seat] = threats[i % threats.size()];
    const auto& legal = round.legal_actions(seat);
    const std::vector<Action> two = {legal[legal.size() / 2], legal.back()};
    benchmark::DoNotOptimize(eval::rollout_values(
        round, seat, two, bots::rollout_players(round.rules(), seat, bots::RolloutMix::kDefensive),
        {.determinisations = 32, .seed = i}));
    ++i;
  }
  state.SetLabel(std::to_string(threats.size()) + " positions");
}
BENCHMARK(BM_RolloutDecision)->Unit(benchmark::kMillisecond);

}  // namespace
