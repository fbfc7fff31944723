#include "eval/tile_distance.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "eval/tile_distance_query.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi::eval {

namespace {

using namespace distance;  // the tables and the query (tile_distance_query.hpp)

// Tiles kept toward each target (the largest sub-multiset of the hand inside some target
// configuration), one byte per target; 16 bytes for vector max.
struct alignas(16) Kept {
  std::uint8_t v[16];
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

FinalInfo final_info(Missing a, Missing b, int sets) {
  FinalInfo f{99, 0};
  for (int ka = 0; ka <= sets; ++ka)
    for (int pa = 0; pa < 2; ++pa) {
      const int v = missing_at(a, pa * 5 + ka) + missing_at(b, (1 - pa) * 5 + sets - ka);
      if (v < f.missing) f.missing = static_cast<std::uint8_t>(v), f.splits = 0;
      if (v == f.missing) f.splits |= static_cast<std::uint16_t>(1u << (pa * 5 + ka));
    }
  return f;
}

}  // namespace

distance::Tables::Tables() : suit(build_rows(index, 4, true)), honor(build_rows(index, 2, false)) {
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

const distance::Tables& distance::tables() {
  static const Tables t;
  return t;
}

PartKeys part_keys(const Counts& counts) {
  PartKeys keys;
  for (int k = 0; k < kNumKinds; ++k) keys.part[k / 9] += counts[k] * kPow5[k % 9];
  return keys;
}

TileDistance necessary_tiles(const Counts& counts, const PartKeys& keys, int melds,
                             int skip_mask_below) {
  return distance::query(counts, keys, melds, true, skip_mask_below);
}

TileDistance unnecessary_tiles(const Counts& counts, const PartKeys& keys, int melds,
                               int skip_mask_below) {
  return distance::query(counts, keys, melds, false, skip_mask_below);
}

int exact_shanten(const Counts& counts, const PartKeys& keys, int melds) {
  return distance::query(counts, keys, melds, true, 99).shanten;
}

void init_tile_distance_tables() { distance::tables(); }

}  // namespace riichi::eval
