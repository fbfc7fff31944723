// Hand value (src/eval/ev.hpp, docs/eval.md): one call evaluates every discard and every turn
// of a closed 14-tile hand at turn 1. Fixed sets of 75 seeded random hands per shanten (red
// fives in the wall, one random dora indicator); each benchmark iteration evaluates the whole
// set and reports the per-hand median, 90th percentile and maximum (CPU time of the thread), and
// the process's peak resident memory so far.
//
//   build/riichi_bench --benchmark_filter=Ev
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "eval/ev.hpp"
#include "eval/tile_distance.hpp"

namespace {

using namespace riichi;

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// `count` positions whose 14 closed tiles (drawn from the 136, copy 0 of a five red) are at
// `shanten` (exact, tile_distance.hpp), with a dora indicator from the rest.
std::vector<eval::EvPosition> positions(int shanten, int count, const Rules& rules) {
  Rng rng{0xE7 + static_cast<std::uint64_t>(shanten)};
  std::vector<eval::EvPosition> out;
  while (static_cast<int>(out.size()) < count) {
    std::vector<int> pool(136);
    for (int i = 0; i < 136; ++i) pool[i] = i;
    for (int i = 0; i < 15; ++i) std::swap(pool[i], pool[i + rng.below(136 - i)]);
    Counts c{};
    eval::EvPosition p;
    for (int i = 0; i < 14; ++i) {
      p.hand.concealed.push_back(tile_of_id(pool[i], true));
      ++c[pool[i] / 4];
    }
    if (eval::exact_shanten(c, eval::part_keys(c), 0) != shanten) continue;
    p.dora_indicators = {tile_of_id(pool[14], true)};
    p.turn = 1;
    p.seat = 1;
    p.round_wind = 0;
    p.rules = rules;
    out.push_back(p);
  }
  return out;
}

// Check sums of the values (every discard, turn and measure): `values` their bits (any change
// in any bit shows), `score` the sum of the expected scores at the position's turn.
struct Check {
  std::uint64_t bits = 0;
  double score = 0;
  void add(const eval::HandEv& ev, int turn) {
    for (const eval::DiscardEv& d : ev.discards) {
      bits = bits * 31 + d.tile.kind * 2 + d.tile.red;
      for (const auto* a : {&d.value.tenpai, &d.value.win, &d.value.score})
        for (double x : *a) {
          std::uint64_t u;
          std::memcpy(&u, &x, sizeof u);
          bits = (bits ^ u) * 0x100000001B3ull;
        }
      score += d.value.score[turn];
    }
  }
};

// With RIICHI_EV_DUMP=DIR set, every value of the first pass (each hand, discard, turn and
// measure) is written to DIR/<model>_<shanten>.txt, one discard a line (%.17g): a change that may
// reorder sums is compared against the values before it (max relative difference).
struct Dump {
  std::FILE* f = nullptr;
  explicit Dump(const std::string& name) {
    const char* dir = std::getenv("RIICHI_EV_DUMP");
    if (dir == nullptr) return;
    std::string file = std::string(dir) + "/" + name + ".txt";
    f = std::fopen(file.c_str(), "w");
  }
  ~Dump() {
    if (f) std::fclose(f);
  }
  void add(int hand, const eval::HandEv& ev) {
    if (!f) return;
    for (const eval::DiscardEv& d : ev.discards) {
      std::fprintf(f, "%d %s", hand, tile_to_string(d.tile).c_str());
      for (const auto* a : {&d.value.tenpai, &d.value.win, &d.value.score})
        for (double x : *a) std::fprintf(f, " %.17g", x);
      std::fputc('\n', f);
    }
  }
};

double thread_ms() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void run(benchmark::State& state, const eval::EvOptions& options, const Rules& rules) {
  const int shanten = static_cast<int>(state.range(0));
  const std::vector<eval::EvPosition> hands = positions(shanten, 75, rules);
  eval::init_tile_distance_tables();
  std::vector<double> ms;
  std::size_t states = 0, edges = 0, wins = 0;
  double build_ms = 0, values_ms = 0;  // wall time of the two phases (EvStats)
  Check check;
  Dump dump(std::string(options.name) + "_" + std::to_string(shanten));
  for (auto _ : state) {
    for (const eval::EvPosition& p : hands) {
      const double start = thread_ms();
      const eval::HandEv ev = eval::evaluate_discards(p, options);
      ms.push_back(thread_ms() - start);
      states += ev.stats.draw_nodes + ev.stats.discard_nodes;
      edges += ev.stats.edges, wins += ev.stats.wins_scored;
      build_ms += ev.stats.build_ms, values_ms += ev.stats.values_ms;
      check.add(ev, p.turn);
      if (ms.size() <= hands.size()) dump.add(static_cast<int>(ms.size()), ev);
      benchmark::DoNotOptimize(ev.discards.data());
    }
  }
  std::sort(ms.begin(), ms.end());
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["p90_ms"] = ms[ms.size() * 9 / 10];
  state.counters["max_ms"] = ms.back();
  state.counters["states"] = static_cast<double>(states) / static_cast<double>(ms.size());
  state.counters["edges"] = static_cast<double>(edges) / static_cast<double>(ms.size());
  state.counters["wins"] = static_cast<double>(wins) / static_cast<double>(ms.size());
  // The share of the graph's build (expansion, lookups, scoring) in the two phases' time; the
  // rest is the recursion over the turns.
  state.counters["build_share"] = build_ms / std::max(build_ms + values_ms, 1e-9);
  state.counters["peak_rss_mb"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
  state.counters["check_bits"] = static_cast<double>(check.bits % 1000000);
  state.counters["check_score"] = check.score / static_cast<double>(ms.size());
  state.SetItemsProcessed(static_cast<std::int64_t>(ms.size()));
}

// The target: the reference model (median <= 50 / 2 / 0.2 ms at 3 / 2 / 1-shanten).
void BM_EvReference(benchmark::State& state) {
  run(state, eval::EvOptions::reference(), eval::reference_rules());
}
BENCHMARK(BM_EvReference)->Arg(1)->Arg(2)->Arg(3)->Iterations(1)->Unit(benchmark::kMillisecond);

// The default model as a bot calls it (Tenhou rules: red fives).
void BM_EvDefault(benchmark::State& state) {
  run(state, eval::EvOptions::standard(), Rules::tenhou());
}
BENCHMARK(BM_EvDefault)
    ->Arg(1)
    ->Arg(2)
    ->Arg(3)
    ->Arg(4)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// The bots' setting: search for tenpai and 1-shanten hands, the chain approximation above.
void BM_EvFast(benchmark::State& state) { run(state, eval::EvOptions::fast(), Rules::tenhou()); }
BENCHMARK(BM_EvFast)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
