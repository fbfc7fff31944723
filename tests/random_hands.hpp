// Test helpers: a small portable generator and random hands drawn from the 136 tiles.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "riichi/tile.hpp"

namespace riichi::testing {

// splitmix64: portable and fast; tests only.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// `n` tiles drawn without replacement from the kinds [first, first + kinds) (4 copies each).
inline Counts random_hand(SplitMix64& rng, int n, int first = 0, int kinds = kNumKinds) {
  std::array<int, 136> pool{};
  for (int i = 0; i < 4 * kinds; ++i) pool[i] = first + i / 4;
  Counts c{};
  for (int i = 0; i < n; ++i) {
    const int j = i + rng.below(4 * kinds - i);
    std::swap(pool[i], pool[j]);
    ++c[pool[i]];
  }
  return c;
}

// Iteration counts shrink under sanitizers (RIICHI_QUICK=1).
inline int iterations(int full) {
  const char* quick = std::getenv("RIICHI_QUICK");
  return quick && quick[0] == '1' ? full / 50 : full;
}

}  // namespace riichi::testing
