// Analysis benchmarks: shanten of random 13/14-tile hands, waits of random tenpai hands, the
// 14-tile discard table. Hands are generated before timing; each iteration takes the next one.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "riichi/shanten.hpp"
#include "riichi/waits.hpp"

namespace {

using riichi::Counts;

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
};

Counts random_hand(Rng& rng, int n) {
  std::array<int, 136> pool{};
  for (int i = 0; i < 136; ++i) pool[i] = i / 4;
  Counts c{};
  for (int i = 0; i < n; ++i) {
    const int j = i + static_cast<int>(rng.next() % static_cast<std::uint64_t>(136 - i));
    std::swap(pool[i], pool[j]);
    ++c[pool[i]];
  }
  return c;
}

std::vector<Counts> random_hands(int n, int count) {
  Rng rng{0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(n)};
  std::vector<Counts> hands;
  for (int i = 0; i < count; ++i) hands.push_back(random_hand(rng, n));
  return hands;
}

// Tenpai hands: four random sets and a pair, minus one random tile.
std::vector<Counts> tenpai_hands(int count) {
  Rng rng{12345};
  std::vector<Counts> hands;
  while (static_cast<int>(hands.size()) < count) {
    Counts c{};
    bool ok = true;
    for (int s = 0; s < 4 && ok; ++s) {
      const int kind = static_cast<int>(rng.next() % 34);
      if (kind < 27 && kind % 9 <= 6 && rng.next() % 2) {
        for (int d = 0; d < 3; ++d) ok &= ++c[kind + d] <= 4;
      } else {
        ok &= (c[kind] += 3) <= 4;
      }
    }
    const int pair = static_cast<int>(rng.next() % 34);
    ok &= (c[pair] += 2) <= 4;
    if (!ok) continue;
    int drop = static_cast<int>(rng.next() % 14);
    for (int k = 0; k < 34; ++k) {
      if (drop < c[k]) {
        --c[k];
        break;
      }
      drop -= c[k];
    }
    hands.push_back(c);
  }
  return hands;
}

// Check sums: totals over the fixed set of hands, shown as the label ("checksum=..."); they must
// stay the same before and after any speed-up.
template <class F>
void label_checksum(benchmark::State& state, const std::vector<Counts>& hands, F f) {
  long sum = 0;
  for (const Counts& c : hands) sum += f(c);
  state.SetLabel("checksum=" + std::to_string(sum));
}

void BM_Shanten(benchmark::State& state) {
  riichi::init_shanten_tables();
  const auto hands = random_hands(static_cast<int>(state.range(0)), 1 << 16);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(riichi::shanten(hands[i++ & 0xFFFF]));
  }
  label_checksum(state, hands, [](const Counts& c) { return riichi::shanten(c); });
}
BENCHMARK(BM_Shanten)->Arg(13)->Arg(14);

void BM_ShantenStandard(benchmark::State& state) {
  riichi::init_shanten_tables();
  const auto hands = random_hands(static_cast<int>(state.range(0)), 1 << 16);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(riichi::shanten_standard(hands[i++ & 0xFFFF]));
  }
  label_checksum(state, hands, [](const Counts& c) { return riichi::shanten_standard(c); });
}
BENCHMARK(BM_ShantenStandard)->Arg(13)->Arg(14);

// Check sum: every wait's kind, shapes and remaining count.
long waits_sum(const Counts& c) {
  long sum = 0;
  for (const riichi::Wait& w : riichi::waits(c)) sum += w.kind + 37 * w.shapes + w.remaining;
  return sum;
}

void BM_WaitsOfTenpaiHands(benchmark::State& state) {
  riichi::init_shanten_tables();
  const auto hands = tenpai_hands(1 << 14);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(riichi::waits(hands[i++ & 0x3FFF]));
  }
  label_checksum(state, hands, waits_sum);
}
BENCHMARK(BM_WaitsOfTenpaiHands);

// Check sum: every row's kind, shanten and effective tiles, weighted by its rank.
long discard_table_sum(const Counts& c) {
  long sum = 0, rank = 1;
  for (const riichi::DiscardOption& o : riichi::discard_table(c))
    sum += rank++ * (o.kind + 37 * o.shanten + 1000 * o.total);
  return sum;
}

void BM_DiscardTable14(benchmark::State& state) {
  riichi::init_shanten_tables();
  const auto hands = random_hands(14, 1 << 12);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(riichi::discard_table(hands[i++ & 0xFFF]));
  }
  label_checksum(state, hands, discard_table_sum);
}
BENCHMARK(BM_DiscardTable14);

}  // namespace
