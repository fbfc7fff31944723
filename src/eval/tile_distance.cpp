#include "eval/tile_distance.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi::eval {

namespace {

constexpr int kMaxTiles = 14;
constexpr int kTargets = 10;  // index p * 5 + k: k sets (0..4), p pairs (0..1)
using Row = std::array<std::uint32_t, kTargets>;
// Tiles kept toward each target (the largest sub-multiset of the hand inside some target
// configuration), one byte per target; 16 bytes for vector max.
struct alignas(16) Kept {
  std::uint8_t v[16];
};

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

int digit_sum(std::uint32_t key, int digits) {
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

// Marks every target configuration: k sets (pungs, and chows when `runs`) and p pairs, each
// kind at most four times.
template <typename Mark>
void each_target(int digits, bool runs, Mark&& mark) {
  std::array<int, 9> c{};
  const int set_types = runs ? digits + digits - 2 : digits;  // pungs, then chows
  auto fits = [&] {
    for (int i = 0; i < digits; ++i)
      if (c[i] > 4) return false;
    return true;
  };
  auto key = [&] {
    std::uint32_t k = 0;
    for (int i = 0; i < digits; ++i) k += static_cast<std::uint32_t>(c[i]) * kPow5[i];
    return k;
  };
  auto add_set = [&](int type, int sign) {
    if (type < digits) {
      c[type] += 3 * sign;
    } else {
      for (int d = 0; d < 3; ++d) c[type - digits + d] += sign;
    }
  };
  // Sets in non-decreasing type order, then an optional pair.
  auto rec = [&](auto&& self, int first, int k) -> void {
    if (fits()) {
      mark(key(), k, 0);
      for (int pair = 0; pair < digits; ++pair) {
        c[pair] += 2;
        if (c[pair] <= 4) mark(key(), k, 1);
        c[pair] -= 2;
      }
    }
    if (k == 4) return;
    for (int type = first; type < set_types; ++type) {
      add_set(type, 1);
      if (fits()) self(self, type, k + 1);
      add_set(type, -1);
    }
  };
  rec(rec, 0, 0);
}

// Per target j, a 9-bit mask gathering bit i of "the kept count of target j differs with
// neighbour i" (a.v[j] > b.v[j] or a.v[j] == b.v[j]).
#if defined(__SSE2__)
using ByteMask = __m128i;  // 0xFF where true
inline ByteMask load(const Kept& k) {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(k.v));
}
ByteMask greater(const Kept& a, const Kept& b) { return _mm_cmpgt_epi8(load(a), load(b)); }
ByteMask equal(const Kept& a, const Kept& b) { return _mm_cmpeq_epi8(load(a), load(b)); }

struct TargetBits {
  __m128i low = _mm_setzero_si128(), high = _mm_setzero_si128();  // 16-bit lanes, j 0..7, 8..15
  void add(ByteMask m, int i) {
    const __m128i bit = _mm_set1_epi16(static_cast<short>(1 << i));
    low = _mm_or_si128(low, _mm_and_si128(_mm_unpacklo_epi8(m, m), bit));
    high = _mm_or_si128(high, _mm_and_si128(_mm_unpackhi_epi8(m, m), bit));
  }
  std::array<std::uint16_t, 16> bits() const {
    std::array<std::uint16_t, 16> out;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data()), low);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data() + 8), high);
    return out;
  }
};
#else
struct ByteMask {
  std::uint8_t v[16];
};
ByteMask greater(const Kept& a, const Kept& b) {
  ByteMask m;
  for (int j = 0; j < 16; ++j) m.v[j] = a.v[j] > b.v[j] ? 0xFF : 0;
  return m;
}
ByteMask equal(const Kept& a, const Kept& b) {
  ByteMask m;
  for (int j = 0; j < 16; ++j) m.v[j] = a.v[j] == b.v[j] ? 0xFF : 0;
  return m;
}
struct TargetBits {
  std::array<std::uint16_t, 16> b{};
  void add(const ByteMask& m, int i) {
    for (int j = 0; j < 16; ++j) b[j] = static_cast<std::uint16_t>(b[j] | ((m.v[j] & 1u) << i));
  }
  std::array<std::uint16_t, 16> bits() const { return b; }
};
#endif

void max_into(Kept& out, const Kept& a) {
#if defined(__SSE2__)
  auto* o = reinterpret_cast<__m128i*>(out.v);
  _mm_store_si128(
      o, _mm_max_epu8(_mm_load_si128(o), _mm_load_si128(reinterpret_cast<const __m128i*>(a.v))));
#else
  for (int j = 0; j < 16; ++j) out.v[j] = std::max(out.v[j], a.v[j]);
#endif
}

// Builds the rows of every part configuration with at most 14 tiles: `high_digits` = 4 for a
// suit, 2 for the honours. Configurations are visited block by block (one high part, then its
// low parts), so that the neighbours key +- 5^i sit in the current or a few earlier blocks.
std::vector<Row> build_rows(const PartIndex& index, int high_digits, bool runs) {
  const int digits = 5 + high_digits;
  const std::uint32_t highs = kPow5[high_digits];
  const std::uint32_t entries = index.high_offset[highs];
  std::array<std::array<std::uint8_t, 9>, 3125> low_digits{};
  for (std::uint32_t k = 0; k < 3125; ++k)
    for (int i = 0; i < 5; ++i) low_digits[k][i] = static_cast<std::uint8_t>(k / kPow5[i] % 5);
  // Visits every configuration: f(index, counts, tiles, neighbour index of key + sign * 5^i).
  auto each = [&](bool descending, auto&& f) {
    for (std::uint32_t h = 0; h < highs; ++h) {
      const std::uint32_t high = descending ? highs - 1 - h : h;
      if (index.high_tiles[high] > kMaxTiles) continue;
      std::array<std::uint8_t, 9> c{};
      for (int i = 0; i < high_digits; ++i)
        c[5 + i] = static_cast<std::uint8_t>(high / kPow5[i] % 5);
      for (std::uint32_t l = 0; l < 3125; ++l) {
        const std::uint32_t low = descending ? 3124 - l : l;
        const int n = index.high_tiles[high] + index.low_tiles[low];
        if (n > kMaxTiles) continue;
        std::copy(low_digits[low].begin(), low_digits[low].begin() + 5, c.begin());
        auto neighbour = [&](int i, int sign) {
          if (i < 5) return index.at(low + sign * static_cast<int>(kPow5[i]), high);
          return index.at(low, high + sign * static_cast<int>(kPow5[i - 5]));
        };
        f(index.at(low, high), c, n, neighbour);
      }
    }
  };
  // 1. Which targets contain the configuration (bit p * 5 + k): the targets, then downwards.
  std::vector<std::uint16_t> inside(entries, 0);
  each_target(digits, runs, [&](std::uint32_t key, int k, int p) {
    inside[index(key)] |= static_cast<std::uint16_t>(1u << (p * 5 + k));
  });
  each(true, [&](std::uint32_t at, const auto& c, int n, auto&& neighbour) {
    if (n == kMaxTiles) return;
    for (int i = 0; i < digits; ++i)
      if (c[i] < 4) inside[at] |= inside[neighbour(i, 1)];
  });
  // 2. Tiles kept toward each target: all of them when inside, else the best one-less subset.
  std::vector<Kept> kept(entries);
  each(false, [&](std::uint32_t at, const auto& c, int n, auto&& neighbour) {
    Kept& out = kept[at];
    for (int i = 0; i < digits; ++i)
      if (c[i]) max_into(out, kept[neighbour(i, -1)]);
    for (std::uint32_t in = inside[at]; in; in &= in - 1)
      out.v[__builtin_ctz(in)] = static_cast<std::uint8_t>(n);
  });
  // 3. Missing tiles and the two masks: for each neighbour i, the targets whose kept count
  // changes, gathered per target (bit i of its mask).
  std::vector<Row> rows(entries, Row{});
  static constexpr std::array<std::uint32_t, kTargets> kSize = {0, 3, 6, 9, 12, 2, 5, 8, 11, 14};
  each(false, [&](std::uint32_t at, const auto& c, int n, auto&& neighbour) {
    const Kept& here = kept[at];
    TargetBits necessary, spare;
    for (int i = 0; i < digits; ++i) {
      if (c[i] < 4 && n < kMaxTiles) necessary.add(greater(kept[neighbour(i, 1)], here), i);
      if (c[i] > 0)  // a one-less subset keeps as many tiles or one fewer
        spare.add(equal(here, kept[neighbour(i, -1)]), i);
    }
    Row& row = rows[at];
    const auto nec = necessary.bits(), spa = spare.bits();
    for (int j = 0; j < kTargets; ++j)
      row[j] = (kSize[j] - here.v[j]) | std::uint32_t{nec[j]} << 4 | std::uint32_t{spa[j]} << 13;
  });
  return rows;
}

// The missing counts of a part for its 10 targets, one nibble each: a part's "class". Only 126
// classes occur for a suit and 55 for the honours; man+pin give 180, sou+honours 165.
using Missing = std::uint64_t;

Missing missing_of(const Row& row) {
  Missing m = 0;
  for (int j = 0; j < kTargets; ++j) m |= Missing{row[j] & 15} << (4 * j);
  return m;
}

inline int missing_at(Missing m, int target) { return static_cast<int>(m >> (4 * target) & 15); }

// Gives each distinct value a dense id (an open-addressing table of 1024 slots).
class Classes {
 public:
  std::uint8_t id(Missing m) {
    std::size_t i = static_cast<std::size_t>((m * 0x9E3779B97F4A7C15ull) >> 54);
    for (;; i = (i + 1) & 1023) {
      if (slot_[i] == 0) break;
      if (values[slot_[i] - 1] == m) return static_cast<std::uint8_t>(slot_[i] - 1);
    }
    values.push_back(m);
    if (values.size() > 256) throw std::logic_error("tile distance tables: too many classes");
    slot_[i] = static_cast<std::uint16_t>(values.size());
    return static_cast<std::uint8_t>(values.size() - 1);
  }
  std::vector<Missing> values;

 private:
  std::array<std::uint16_t, 1024> slot_{};  // 1 + class, 0 = empty
};

// Two parts combined: the class of the result and, per target, the optimal splits (bit
// pa * 5 + ka: the first part takes target (pa, ka), the second the rest).
struct PairInfo {
  std::uint8_t cls = 0;
  std::uint16_t splits[kTargets] = {};
};

PairInfo combine_classes(Missing a, Missing b, Classes& out) {
  PairInfo info;
  Missing combined = 0;
  for (int p = 0; p < 2; ++p)
    for (int k = 0; k < 5; ++k) {
      int best = 99;
      std::uint16_t splits = 0;
      for (int ka = 0; ka <= k; ++ka)
        for (int pa = 0; pa <= p; ++pa) {
          const int v = missing_at(a, pa * 5 + ka) + missing_at(b, (p - pa) * 5 + k - ka);
          if (v < best) best = v, splits = 0;
          if (v == best) splits |= static_cast<std::uint16_t>(1u << (pa * 5 + ka));
        }
      combined |= Missing{static_cast<std::uint64_t>(std::min(best, 15))} << (4 * (p * 5 + k));
      info.splits[p * 5 + k] = splits;
    }
  info.cls = out.id(combined);
  return info;
}

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

  Tables() : suit(build_rows(index, 4, true)), honor(build_rows(index, 2, false)) {
    Classes suit_ids, honor_ids, mp_ids, sz_ids;
    for (const Row& r : suit) suit_class.push_back(suit_ids.id(missing_of(r)));
    for (const Row& r : honor) honor_class.push_back(honor_ids.id(missing_of(r)));
    suits = static_cast<int>(suit_ids.values.size());
    honors = static_cast<int>(honor_ids.values.size());
    for (Missing a : suit_ids.values)
      for (Missing b : suit_ids.values) mp.push_back(combine_classes(a, b, mp_ids));
    for (Missing a : suit_ids.values)
      for (Missing b : honor_ids.values) sz.push_back(combine_classes(a, b, sz_ids));
    sz_classes = static_cast<int>(sz_ids.values.size());
    for (Missing a : mp_ids.values)
      for (Missing b : sz_ids.values)
        for (int sets = 0; sets < 5; ++sets) final.push_back(final_info(a, b, sets));
    for (const PairInfo& p : mp) mp_class.push_back(p.cls);
    for (const PairInfo& p : sz) sz_class.push_back(p.cls);
    for (const FinalInfo& f : final) final_missing.push_back(f.missing);
  }

  static FinalInfo final_info(Missing a, Missing b, int sets) {
    FinalInfo f{99, 0};
    for (int ka = 0; ka <= sets; ++ka)
      for (int pa = 0; pa < 2; ++pa) {
        const int v = missing_at(a, pa * 5 + ka) + missing_at(b, (1 - pa) * 5 + sets - ka);
        if (v < f.missing) f.missing = static_cast<std::uint8_t>(v), f.splits = 0;
        if (v == f.missing) f.splits |= static_cast<std::uint16_t>(1u << (pa * 5 + ka));
      }
    return f;
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

struct Cell {
  int missing;
  std::uint64_t mask;
};

// The masks (at `shift` in the entries) of two parts over the optimal splits `splits` of
// target p * 5 + k, moved to the kinds of parts `first` and `first + 1`. A split pa * 5 + ka
// leaves the second part (p - pa) * 5 + (k - ka) = target - split: no division.
std::uint64_t pair_mask(const Row& a, const Row& b, std::uint16_t splits, int target, int first,
                        int shift) {
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
  const Tables& t;               // (read once: each call of tables() tests its guard)
  std::uint32_t im, ip, is, iz;  // compact indices of the four parts
  std::uint32_t mp, sz, f;       // entries of Tables::mp, sz and final
  int sets;

  Standard(const PartKeys& keys, int sets_) : t(tables()), sets(sets_) {
    im = t.index(keys.part[0]), ip = t.index(keys.part[1]);
    is = t.index(keys.part[2]), iz = t.index(keys.part[3]);
    mp = t.suit_class[im] * t.suits + t.suit_class[ip];
    sz = t.suit_class[is] * t.honors + t.honor_class[iz];
    f = (t.mp_class[mp] * t.sz_classes + t.sz_class[sz]) * 5 + sets;
  }
  int shanten() const { return t.final_missing[f] - 1; }
  std::uint64_t mask(int mask_shift) const {
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

CountMasks count_masks(const Counts& c) {
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
int popcount(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

// Chiitoitsu: 6 - pairs + max(0, 7 - kinds).
Cell chiitoitsu(const CountMasks& m, bool necessary) {
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
Cell kokushi(const CountMasks& m, bool necessary) {
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

FormCounts form_counts(const Tables& t, const PartKeys& keys) {
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
TileDistance query(const Counts& counts, const PartKeys& keys, int melds, bool necessary,
                   int skip_mask_below = 0) {
  const Standard standard(keys, 4 - melds);
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

}  // namespace

PartKeys part_keys(const Counts& counts) {
  PartKeys keys;
  for (int k = 0; k < kNumKinds; ++k) keys.part[k / 9] += counts[k] * kPow5[k % 9];
  return keys;
}

TileDistance necessary_tiles(const Counts& counts, const PartKeys& keys, int melds,
                             int skip_mask_below) {
  return query(counts, keys, melds, true, skip_mask_below);
}

TileDistance unnecessary_tiles(const Counts& counts, const PartKeys& keys, int melds,
                               int skip_mask_below) {
  return query(counts, keys, melds, false, skip_mask_below);
}

int exact_shanten(const Counts& counts, const PartKeys& keys, int melds) {
  return query(counts, keys, melds, true, 99).shanten;
}

void init_tile_distance_tables() { tables(); }

}  // namespace riichi::eval
