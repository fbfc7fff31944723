// Internal to the tile distance (tile_distance.hpp): its tables and the query over them, inline
// so that the hand-value search (ev_graph.cpp) inlines the query into its node expansions (no
// call, no spilled part keys: docs/eval.md, "Round 16"). The tables are built by
// tile_distance.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "eval/tile_distance.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi::eval::distance {

constexpr int kMaxTiles = 14;
constexpr int kTargets = 10;  // index p * 5 + k: k sets (0..4), p pairs (0..1)
using Row = std::array<std::uint32_t, kTargets>;

// A part key's five low digits (key % 3125) and the rest (key / 3125): the quotient by a
// multiplication and a shift, exact for every key below 3,150,465,624 (checked for all 32-bit
// values; a part key is below 5^9 = 1,953,125), 4 instructions where the compiler's division
// for any 32-bit value takes 8.
struct Split5 {
  std::uint32_t low, high;
};
inline Split5 split5(std::uint32_t key) {
  const auto high = static_cast<std::uint32_t>(std::uint64_t{key} * 2814749768ull >> 43);
  return Split5{key - high * 3125, high};
}

inline int digit_sum(std::uint32_t key, int digits) {
  int n = 0;
  for (int i = 0; i < digits; ++i, key /= 5) n += static_cast<int>(key % 5);
  return n;
}

// Compact index of a part key (suit: 9 digits, honours: 7) with at most 14 tiles. The key
// splits into its five low digits and the rest (high); low keys are ranked by tile count, so
// those allowed beside a given high part form a prefix: index = high_offset[high] +
// low_rank[low]. Suits use 405,350 entries, honours 31,350.
struct PartIndex {
  std::array<std::uint32_t, 626> high_offset{};  // [625]: the suits' total
  std::array<std::uint16_t, 3125> low_rank{};
  std::array<std::uint8_t, 3125> low_tiles{};
  std::array<std::uint8_t, 625> high_tiles{};

  PartIndex() {
    std::array<int, 3125> order{};
    for (int i = 0; i < 3125; ++i) order[i] = i, low_tiles[i] = digit_sum(i, 5);
    for (int i = 0; i < 625; ++i) high_tiles[i] = digit_sum(i, 4);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return low_tiles[a] < low_tiles[b]; });
    std::array<std::uint32_t, 21> up_to{};  // low keys with a tile count <= s
    for (int r = 0; r < 3125; ++r) {
      low_rank[order[r]] = static_cast<std::uint16_t>(r);
      ++up_to[low_tiles[order[r]]];
    }
    for (int s = 1; s < 21; ++s) up_to[s] += up_to[s - 1];
    std::uint32_t entries = 0;
    for (int high = 0; high < 625; ++high) {
      high_offset[high] = entries;
      const int room = kMaxTiles - high_tiles[high];
      if (room >= 0) entries += up_to[std::min(room, 20)];
    }
    high_offset[625] = entries;
  }
  std::uint32_t at(std::uint32_t low, std::uint32_t high) const {
    return high_offset[high] + low_rank[low];
  }
  std::uint32_t operator()(std::uint32_t key) const {
    const Split5 k = split5(key);
    return at(k.low, k.high);
  }
};

// What the shanten of chiitoitsu and kokushi count over a part's digits, packed in 8-bit fields
// (sums over the parts cannot carry: at most 34): kinds held, kinds held twice or more, and the
// same among the terminals and honours (yaochuu). By the key's five low digits and by the rest,
// as PartIndex splits it: suits (terminals: low digit 0, high digit 3) and honours (all).
struct PartForms {
  std::array<std::uint32_t, 3125> suit_low{}, honor_low{};
  std::array<std::uint32_t, 625> suit_high{};
  std::array<std::uint32_t, 25> honor_high{};

  static std::uint32_t count(std::uint32_t key, int digits, std::uint32_t terminal_digits) {
    std::uint32_t packed = 0;
    for (int i = 0; i < digits; ++i, key /= 5) {
      const std::uint32_t c = key % 5;
      const std::uint32_t held = c > 0, pair = c > 1;
      packed += held | pair << 8;
      if (terminal_digits >> i & 1) packed += held << 16 | pair << 24;
    }
    return packed;
  }
  PartForms() {
    for (std::uint32_t k = 0; k < 3125; ++k)
      suit_low[k] = count(k, 5, 1), honor_low[k] = count(k, 5, 31);
    for (std::uint32_t k = 0; k < 625; ++k) suit_high[k] = count(k, 4, 8);
    for (std::uint32_t k = 0; k < 25; ++k) honor_high[k] = count(k, 2, 3);
  }
};

// Two parts combined: the class of the result and, per target, the optimal splits (bit
// pa * 5 + ka: the first part takes target (pa, ka), the second the rest).
struct PairInfo {
  std::uint8_t cls = 0;
  std::uint16_t splits[kTargets] = {};
};

// The whole hand: tiles missing and the optimal splits between man+pin and sou+honours.
struct FinalInfo {
  std::uint8_t missing = 0;
  std::uint16_t splits = 0;  // bit pa * 5 + ka: man+pin take target (pa, ka)
};

struct Tables {
  PartIndex index;
  PartForms forms;
  std::vector<Row> suit, honor;  // by compact index: missing counts and masks
  std::vector<std::uint8_t> suit_class, honor_class;
  int suits = 0, honors = 0, sz_classes = 0;
  std::vector<PairInfo> mp, sz;  // [man class * suits + pin class], [sou * honors + honour]
  std::vector<FinalInfo> final;  // [(mp class * sz classes + sz class) * 5 + sets]
  // What the shanten alone reads, apart (23 KB and 148 KB instead of 502 KB and 594 KB: they
  // stay in the cache): mp[i].cls, sz[i].cls, final[i].missing.
  std::vector<std::uint8_t> mp_class, sz_class, final_missing;
  Tables();  // (tile_distance.cpp)
};

// The tables, built on first use (thread-safe).
const Tables& tables();

struct Cell {
  int missing;
  std::uint64_t mask;
};

// The masks (at `shift` in the entries) of two parts over the optimal splits `splits` of
// target p * 5 + k, moved to the kinds of parts `first` and `first + 1`. A split pa * 5 + ka
// leaves the second part (p - pa) * 5 + (k - ka) = target - split: no division.
inline std::uint64_t pair_mask(const Row& a, const Row& b, std::uint16_t splits, int target,
                               int first, int shift) {
  std::uint64_t mask = 0;
  for (std::uint32_t bits = splits; bits; bits &= bits - 1) {
    const int split = __builtin_ctz(bits);
    mask |= std::uint64_t{a[split] >> shift & 511} << (9 * first) |
            std::uint64_t{b[target - split] >> shift & 511} << (9 * (first + 1));
  }
  return mask;
}

// The standard form for `sets` sets and a pair: its table lookups, the shanten first, the mask
// (of the optimal splits only) on demand.
struct Standard {
  const Tables& t;               // (read once by the caller: each call of tables() tests its guard)
  std::uint32_t im, ip, is, iz;  // compact indices of the four parts
  std::uint32_t mp, sz, f;       // entries of Tables::mp, sz and final
  int sets;

  Standard(const Tables& tables, const PartKeys& keys, int sets_) : t(tables), sets(sets_) {
    im = t.index(keys.part[0]), ip = t.index(keys.part[1]);
    is = t.index(keys.part[2]), iz = t.index(keys.part[3]);
    mp = t.suit_class[im] * t.suits + t.suit_class[ip];
    sz = t.suit_class[is] * t.honors + t.honor_class[iz];
    f = (t.mp_class[mp] * t.sz_classes + t.sz_class[sz]) * 5 + sets;
  }
  int shanten() const { return t.final_missing[f] - 1; }
  // (The mask and the count masks below are always inlined: ev_graph.cpp, which inlines the
  // query into its expansions, is at GCC's inline-unit-growth limit, where any code added to it
  // outlined one of them again, about 1 % of the reference's instructions: docs/eval.md,
  // "Round 19".)
  __attribute__((always_inline)) std::uint64_t mask(int mask_shift) const {
    const PairInfo& pair_mp = t.mp[mp];
    const PairInfo& pair_sz = t.sz[sz];
    std::uint64_t mask = 0;
    // Man+pin take target split = pa * 5 + ka, sou+honours (1 - pa) * 5 + sets - ka, that is
    // 5 + sets - split.
    for (std::uint32_t bits = t.final[f].splits; bits; bits &= bits - 1) {
      const int split = __builtin_ctz(bits), rest = 5 + sets - split;
      mask |= pair_mask(t.suit[im], t.suit[ip], pair_mp.splits[split], split, 0, mask_shift) |
              pair_mask(t.suit[is], t.honor[iz], pair_sz.splits[rest], rest, 2, mask_shift);
    }
    return mask;
  }
};

// Kinds held 0, 1, 2, and 3+ times.
struct CountMasks {
  std::uint64_t zero = 0, one = 0, two = 0, more = 0;
};

__attribute__((always_inline)) inline CountMasks count_masks(const Counts& c) {
  CountMasks m;
#if defined(__SSE2__)
  // The 34 counts as three vectors (no padded copy: a call to memcpy and a store-forwarding
  // stall); the bytes past 34 read as 0 and are masked off below.
  const __m128i parts[3] = {_mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data())),
                            _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16)),
                            _mm_cvtsi32_si128(c[32] | c[33] << 8)};
  for (int i = 0; i < 3; ++i) {
    const __m128i v = parts[i];
    auto bits = [&](int n) {
      return std::uint64_t(static_cast<std::uint16_t>(
                 _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(n))))))
             << (16 * i);
    };
    m.zero |= bits(0), m.one |= bits(1), m.two |= bits(2);
  }
  constexpr std::uint64_t kAll = (std::uint64_t{1} << kNumKinds) - 1;
  m.zero &= kAll;
  m.more = kAll & ~(m.zero | m.one | m.two);
#else
  for (int k = 0; k < kNumKinds; ++k) {
    const std::uint64_t bit = std::uint64_t{1} << k;
    if (c[k] == 0)
      m.zero |= bit;
    else if (c[k] == 1)
      m.one |= bit;
    else if (c[k] == 2)
      m.two |= bit;
    else
      m.more |= bit;
  }
#endif
  return m;
}

// Portable popcount (std::popcount is a libgcc call without -mpopcnt).
inline int popcount(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

// Chiitoitsu: 6 - pairs + max(0, 7 - kinds).
__attribute__((always_inline)) inline Cell chiitoitsu(const CountMasks& m, bool necessary) {
  const int pairs = popcount(m.two | m.more);
  const int kinds = popcount(m.one | m.two | m.more);
  const int shanten = 6 - pairs + std::max(0, 7 - kinds);
  std::uint64_t mask;
  if (necessary)
    mask = kinds < 7 ? (m.zero | m.one) : m.one;
  else
    mask = kinds > 7 ? (m.one | m.more) : m.more;
  return Cell{shanten, mask};
}

// Kokushi: 13 - terminal/honour kinds held - (one of them paired).
__attribute__((always_inline)) inline Cell kokushi(const CountMasks& m, bool necessary) {
  const std::uint64_t held = (m.one | m.two | m.more) & kYaochuuMask;
  const std::uint64_t paired = (m.two | m.more) & kYaochuuMask;
  const int shanten = 13 - popcount(held) - (paired ? 1 : 0);
  std::uint64_t mask;
  if (necessary) {
    mask = (m.zero & kYaochuuMask) | (paired ? 0 : m.one & kYaochuuMask);
  } else {
    mask = ((m.one | m.two | m.more) & ~kYaochuuMask) | (m.more & kYaochuuMask) |
           (popcount(paired) >= 2 ? m.two & kYaochuuMask : 0);
  }
  return Cell{shanten, mask};
}

// What the shanten of chiitoitsu and kokushi count: kinds held, kinds held twice or more, and
// the same among the terminals and honours (yaochuu), summed over the parts' tables.
struct FormCounts {
  int kinds = 0, pairs = 0, terminal_kinds = 0, terminal_pairs = 0;
};

inline FormCounts form_counts(const Tables& t, const PartKeys& keys) {
  const PartForms& f = t.forms;
  auto suit = [&](std::uint32_t key) {
    const Split5 k = split5(key);
    return f.suit_low[k.low] + f.suit_high[k.high];
  };
  const Split5 honours = split5(keys.part[3]);
  const std::uint32_t packed = suit(keys.part[0]) + suit(keys.part[1]) + suit(keys.part[2]) +
                               f.honor_low[honours.low] + f.honor_high[honours.high];
  return FormCounts{static_cast<int>(packed & 255), static_cast<int>(packed >> 8 & 255),
                    static_cast<int>(packed >> 16 & 255), static_cast<int>(packed >> 24)};
}

// The shanten over the forms and, unless 0 < shanten < `skip_mask_below`, the mask: the union of
// the masks of the forms reaching the minimum (chiitoitsu's and kokushi's built only then).
// `t`: tables(). Necessary tiles (`necessary`, a 3n+1 part) or unnecessary ones (3n+2).
__attribute__((always_inline)) inline TileDistance query(const Tables& t, const Counts& counts,
                                                         const PartKeys& keys, int melds,
                                                         bool necessary, int skip_mask_below) {
  const Standard standard(t, keys, 4 - melds);
  const int standard_shanten = standard.shanten();
  int best = standard_shanten;
  int pairs_shanten = 99, kokushi_shanten = 99;
  if (melds == 0) {
    const FormCounts n = form_counts(standard.t, keys);
    pairs_shanten = 6 - n.pairs + std::max(0, 7 - n.kinds);
    kokushi_shanten = 13 - n.terminal_kinds - (n.terminal_pairs > 0 ? 1 : 0);
    best = std::min({best, pairs_shanten, kokushi_shanten});
  }
  if (best > 0 && best < skip_mask_below) return TileDistance{best, 0};
  std::uint64_t mask = 0;
  if (standard_shanten == best) mask |= standard.mask(necessary ? 4 : 13);
  if (pairs_shanten == best || kokushi_shanten == best) {
    const CountMasks m = count_masks(counts);
    if (pairs_shanten == best) mask |= chiitoitsu(m, necessary).mask;
    if (kokushi_shanten == best) mask |= kokushi(m, necessary).mask;
  }
  return TileDistance{best, mask};
}

// The same, the tables looked up (the out-of-line entry points of tile_distance.cpp).
inline TileDistance query(const Counts& counts, const PartKeys& keys, int melds, bool necessary,
                          int skip_mask_below = 0) {
  return query(tables(), counts, keys, melds, necessary, skip_mask_below);
}

}  // namespace riichi::eval::distance
