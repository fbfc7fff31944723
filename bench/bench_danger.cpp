// Danger benchmark (issue 14, item 5): the danger of every tile kind against the three opponents
// for one observation (eval::assess_danger), target <= 20 us on one thread. The positions are
// mid-hand observations of seeded random hands (calls, one or more riichi), seat 0 to discard.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "eval/danger.hpp"
#include "riichi/round.hpp"

namespace {

using namespace riichi;

// Plays seeded hands at random (riichi when offered, some calls) and keeps seat 0's observation
// once an opponent is in riichi and the hand is at least 8 turns old.
std::vector<Observation> positions(int count) {
  std::vector<Observation> out;
  const Rules rules = Rules::tenhou();
  for (std::uint64_t seed = 1; static_cast<int>(out.size()) < count && seed < 10000; ++seed) {
    RoundSetup setup;
    setup.scores = {25000, 25000, 25000, 25000};
    setup.wall_seed = seed;
    Round r(rules, setup);
    std::mt19937 rng(static_cast<unsigned>(seed));
    while (!r.is_over()) {
      const int seat = r.to_play();
      const std::vector<Action> acts = r.legal_actions(seat);
      if (seat == 0 && r.phase() == Phase::kSelf && r.live_tiles_left() < 50) {
        const Observation o = r.observation(0);
        if (o.riichi[1] || o.riichi[2] || o.riichi[3]) {
          out.push_back(o);
          break;
        }
      }
      std::vector<const Action*> keep;
      for (const Action& a : acts) {
        if (a.type == ActionType::kRiichi && seat != 0) keep = {&a};
        if (!keep.empty() && keep.front()->type == ActionType::kRiichi) break;
        const bool call = a.type == ActionType::kPon || a.type == ActionType::kChi;
        if (a.type == ActionType::kDiscard || a.type == ActionType::kPass ||
            (call && rng() % 4 == 0))
          keep.push_back(&a);
      }
      if (keep.empty())
        for (const Action& a : acts) keep.push_back(&a);
      r.apply(*keep[rng() % keep.size()]);
    }
  }
  return out;
}

void BM_DangerAllTiles(benchmark::State& state) {
  const std::vector<Observation> obs = positions(64);
  const Rules rules = Rules::tenhou();
  eval::DangerReport report;
  std::size_t i = 0;
  for (auto _ : state) {
    eval::assess_danger(obs[i], rules, report);
    benchmark::DoNotOptimize(report.deal_in.data());
    i = (i + 1) % obs.size();
  }
  state.counters["positions"] = static_cast<double>(obs.size());
}
BENCHMARK(BM_DangerAllTiles)->Unit(benchmark::kMicrosecond);

// The reading of the observation alone (tile counts, discard order, genbutsu).
void BM_DangerReadTable(benchmark::State& state) {
  const std::vector<Observation> obs = positions(64);
  const Rules rules = Rules::tenhou();
  eval::TableReading t;
  std::size_t i = 0;
  for (auto _ : state) {
    eval::read_table(obs[i], rules, t);
    benchmark::DoNotOptimize(t.unseen.data());
    i = (i + 1) % obs.size();
  }
}
BENCHMARK(BM_DangerReadTable)->Unit(benchmark::kMicrosecond);

}  // namespace
