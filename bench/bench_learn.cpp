// The learning interface (src/learn, docs/features.md).
//
// BM_VectorEnvStep/threads: riichi.VectorEnv's C++ step, 256 self-play games (every seat an
// agent seat), a uniformly random legal action per game picked here from the mask, the uint8
// observation planes (179 x 34) and the masks written for every game at every step. Counter
// "steps/s" = agent steps per second (wall clock: the worker threads count); "steps/cpu_s" = agent
// steps per second of the process's CPU time (all threads), the per-core rate even when other
// processes share the cores. Targets: >= 250,000 on one thread, >= 1.8x that on two (wall clock,
// on otherwise idle cores).
// BM_Planes: one observation written from the hand tracker (uint8, default groups).
// BM_LogDecisions: decisions/s of riichi.dataset over the shared 300 houou games (read, replayed,
// encoded; skipped without the data); "decisions/cpu_s" per second of CPU time. Target: >= 50,000
// on one core.
#include <benchmark/benchmark.h>

#include <ctime>
#include <filesystem>
#include <memory>
#include <vector>

#include "learn/log_decisions.hpp"
#include "learn/vector_env.hpp"
#include "riichi/wall.hpp"

#ifndef RIICHI_SHARED_DATA_DIR
#define RIICHI_SHARED_DATA_DIR "../shared/data"
#endif

namespace {

using namespace riichi;

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
using namespace riichi::learn;

void BM_VectorEnvStep(benchmark::State& state) {
  const int n = 256;
  VectorEnvConfig c;
  c.table.rules = Rules::tenhou();
  c.table.bots = {"", "", "", ""};
  c.num_envs = n;
  c.seed = 1;
  c.threads = static_cast<int>(state.range(0));
  VectorEnv env(c);
  const std::size_t planes = static_cast<std::size_t>(env.layout().num_planes) * kPlaneWidth;
  std::vector<std::uint8_t> obs(planes * n);
  std::unique_ptr<bool[]> mask(new bool[static_cast<std::size_t>(n) * kNumActions]);
  std::vector<float> rewards(4 * n);
  std::unique_ptr<bool[]> terminated(new bool[n]);
  std::vector<std::int8_t> seat(n);
  VectorOutputs out;
  out.obs_u8 = obs.data();
  out.mask = mask.get();
  out.rewards = rewards.data();
  out.terminated = terminated.get();
  out.seat = seat.data();
  env.reset(std::nullopt, out);
  std::vector<std::int64_t> actions(n);
  Xoshiro256 rng(7);
  long steps = 0, ended = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) {
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
      const bool* m = mask.get() + i * kNumActions;
      int legal[kNumActions];
      int count = 0;
      for (int a = 0; a < kNumActions; ++a)
        if (m[a]) legal[count++] = a;
      actions[i] = legal[rng.bounded(static_cast<std::uint64_t>(count))];
    }
    env.step(actions.data(), out);
    steps += n;
    for (int i = 0; i < n; ++i) ended += terminated[i];
  }
  const double cpu = process_cpu_seconds() - cpu_start;
  state.counters["steps/s"] =
      benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
  state.counters["steps/cpu_s"] = cpu > 0 ? static_cast<double>(steps) / cpu : 0.0;
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(ended), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_VectorEnvStep)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_Planes(benchmark::State& state) {
  Game game(Rules::tenhou(), 3);
  for (int i = 0; i < 40; ++i) game.apply(game.legal_actions(game.to_play()).front());
  HandTracker t;
  t.sync(game.round(), game.setups().size());
  const PlaneLayout layout(kMaxSeats, PlaneOptions{});
  std::vector<std::uint8_t> out(static_cast<std::size_t>(layout.num_planes) * kPlaneWidth);
  int seat = 0;
  for (auto _ : state) {
    write_planes(layout, game.round(), t, seat, out.data());
    seat = (seat + 1) & 3;
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Planes);

void BM_LogDecisions(benchmark::State& state) {
  const std::filesystem::path dir =
      std::filesystem::path(RIICHI_SHARED_DATA_DIR) / "tenhou-mjlog-houou2021";
  if (!std::filesystem::is_directory(dir)) {
    state.SkipWithError("no logs in ../shared/data/tenhou-mjlog-houou2021");
    return;
  }
  const int capacity = 4096;
  long rows = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) {
    DecisionReader reader({dir}, DecisionOptions{});
    const std::size_t planes = static_cast<std::size_t>(reader.layout().num_planes) * kPlaneWidth;
    std::vector<std::uint8_t> obs(planes * capacity);
    std::unique_ptr<bool[]> mask(new bool[static_cast<std::size_t>(capacity) * kNumActions]);
    std::vector<std::int16_t> action(capacity);
    DecisionOutputs out;
    out.obs_u8 = obs.data();
    out.mask = mask.get();
    out.action = action.data();
    for (int got; (got = reader.next(capacity, out)) > 0;) rows += got;
  }
  const double cpu = process_cpu_seconds() - cpu_start;
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(rows), benchmark::Counter::kIsRate);
  state.counters["decisions/cpu_s"] = cpu > 0 ? static_cast<double>(rows) / cpu : 0.0;
}
BENCHMARK(BM_LogDecisions)->Iterations(1)->UseRealTime()->Unit(benchmark::kSecond);

}  // namespace
