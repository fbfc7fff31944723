// The learning interface (src/learn, docs/features.md).
//
// BM_VectorEnvStep/envs:N/threads:T: riichi.VectorEnv's C++ step over N self-play games (every
// seat an agent seat) on T threads, a uniformly random legal action per game picked here from the
// mask (a few bit operations per game, on the calling thread, timed), the uint8 observation planes
// (179 x 34) and the masks written for every game at every step into 64-byte aligned arrays.
// items_per_second = agent steps per second (wall clock: the worker threads count; one item is
// one game's step); "steps/cpu_s" = agent steps per second of the process's CPU time (all threads,
// spinning included), the per-core rate even when other processes share the cores. Each run first
// plays 32 untimed steps (the games leave their synchronous start). Targets: >= 250,000 on one
// thread, >= 1.8x that on two (wall clock, on otherwise idle cores).
// BM_Planes: one observation written from the hand tracker (uint8, default groups).
// BM_LogDecisions: decisions/s of riichi.dataset over the shared 300 houou games (read, replayed,
// encoded; skipped without the data); "decisions/cpu_s" per second of CPU time. Target: >= 50,000
// on one core.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};
// count values, zeroed, on 64-byte aligned memory (as numpy's large arrays are page aligned).
template <typename T>
std::unique_ptr<T[], FreeDeleter> aligned_array(std::size_t count) {
  const std::size_t bytes = (count * sizeof(T) + 63) / 64 * 64;
  T* p = static_cast<T*>(std::aligned_alloc(64, bytes));
  std::fill_n(p, count, T{});
  return std::unique_ptr<T[], FreeDeleter>(p);
}

// A uniformly random legal action of one mask row: the row as bits, then the k-th set bit. With
// SSE2, 16 bools (bytes 0 or 1) a compare and a movemask; else eight at a time by a
// multiplication (it moves byte i's low bit to bit 56 + i).
int random_legal(const bool* row, Xoshiro256& rng) {
  std::uint64_t bits[2] = {0, 0};
#if defined(__SSE2__)
  alignas(16) std::uint8_t bytes[128] = {};
  std::memcpy(bytes, row, kNumActions);
  const __m128i zero = _mm_setzero_si128();
  for (int c = 0; c < 8; ++c) {
    const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(bytes + 16 * c));
    const auto m = static_cast<std::uint64_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, zero)));
    bits[c >> 2] |= m << (16 * (c & 3));
  }
#else
  constexpr int kWords = (kNumActions + 7) / 8;
  std::uint64_t bytes[kWords] = {};
  std::memcpy(bytes, row, kNumActions);
  for (int w = 0; w < kWords; ++w)
    bits[w >> 3] |= ((bytes[w] * 0x0102040810204080ULL) >> 56) << (8 * (w & 7));
#endif
  const int low = std::popcount(bits[0]);
  auto k = static_cast<int>(rng.bounded(static_cast<std::uint64_t>(low + std::popcount(bits[1]))));
  const int word = k < low ? 0 : 1;
  std::uint64_t w = bits[word];
  for (k -= word * low; k > 0; --k) w &= w - 1;
  return 64 * word + std::countr_zero(w);
}

void BM_VectorEnvStep(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  VectorEnvConfig c;
  c.table.rules = Rules::tenhou();
  c.table.bots = {"", "", "", ""};
  c.num_envs = static_cast<int>(n);
  c.seed = 1;
  c.threads = static_cast<int>(state.range(1));
  VectorEnv env(c);
  const std::size_t planes = static_cast<std::size_t>(env.layout().num_planes) * kPlaneWidth;
  auto obs = aligned_array<std::uint8_t>(planes * n);
  auto mask = aligned_array<bool>(n * kNumActions);
  auto rewards = aligned_array<float>(4 * n);
  auto terminated = aligned_array<bool>(n);
  auto seat = aligned_array<std::int8_t>(n);
  VectorOutputs out;
  out.obs_u8 = obs.get();
  out.mask = mask.get();
  out.rewards = rewards.get();
  out.terminated = terminated.get();
  out.seat = seat.get();
  env.reset(std::nullopt, out);
  std::vector<std::int64_t> actions(n);
  Xoshiro256 rng(7);
  const auto step = [&] {
    for (std::size_t i = 0; i < n; ++i)
      actions[i] = random_legal(mask.get() + i * kNumActions, rng);
    env.step(actions.data(), out);
  };
  for (int warm_up = 0; warm_up < 32; ++warm_up) step();
  long steps = 0, ended = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) {
    step();
    steps += static_cast<long>(n);
    for (std::size_t i = 0; i < n; ++i) ended += terminated[i];
  }
  const double cpu = process_cpu_seconds() - cpu_start;
  state.SetItemsProcessed(steps);
  state.counters["steps/cpu_s"] = cpu > 0 ? static_cast<double>(steps) / cpu : 0.0;
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(ended), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_VectorEnvStep)
    ->ArgNames({"envs", "threads"})
    ->Args({256, 1})
    ->Args({256, 2})
    ->Args({1024, 1})
    ->Args({1024, 2})
    ->Args({4096, 1})
    ->Args({4096, 2})
    ->MinTime(1.0)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

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
