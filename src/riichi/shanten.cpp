#include "riichi/shanten.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "riichi/shanten_table.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi {
namespace detail {
namespace {

using Values = std::array<std::array<std::int8_t, 5>, 2>;

BlockValues pack(const Values& v) {
  BlockValues out = 0;
  for (int p = 0; p < 2; ++p)
    for (int b = 0; b < 5; ++b) out |= BlockValues(v[p][b]) << (4 * (p * 5 + b));
  return out;
}

// One block taken at the lowest tile: its value, whether it is the pair, the tiles it uses.
void relax(Values& best, BlockValues child, int value, bool pair) {
  for (int p = pair ? 1 : 0; p < 2; ++p) {
    const int child_p = pair ? 0 : p;
    for (int b = 0; b < 5; ++b) {
      const int child_b = pair ? b : b - 1;  // the pair is not a counted block
      if (child_b < 0) continue;
      const int v = block_value(child, child_p, child_b) + value;
      if (v > best[p][b]) best[p][b] = static_cast<std::int8_t>(v);
    }
  }
}

// Builds the values of every key in increasing order: a key's children (fewer tiles) have
// smaller keys. `runs` is false for honours. Keys whose tile count exceeds 14 are skipped.
std::vector<BlockValues> build_dense(int digits, bool runs) {
  const int size = kPow5[digits];
  std::vector<BlockValues> table(size, 0);
  std::array<int, 9> c{};
  for (int key = 1; key < size; ++key) {
    int rest = key, n = 0, lowest = -1;
    for (int i = 0; i < digits; ++i) {
      c[i] = rest % 5;
      rest /= 5;
      n += c[i];
      if (lowest < 0 && c[i]) lowest = i;
    }
    if (n > 14) continue;
    const int i = lowest;
    // The lowest tile stays isolated ...
    Values best{};
    const BlockValues isolated = table[key - kPow5[i]];
    for (int p = 0; p < 2; ++p)
      for (int b = 0; b < 5; ++b)
        best[p][b] = static_cast<std::int8_t>(block_value(isolated, p, b));
    // ... or starts a block.
    if (c[i] >= 3) relax(best, table[key - 3 * kPow5[i]], 2, false);  // pung
    if (c[i] >= 2) {
      relax(best, table[key - 2 * kPow5[i]], 1, true);   // the pair
      relax(best, table[key - 2 * kPow5[i]], 1, false);  // a partial pung
    }
    if (runs && i + 2 < digits && c[i + 1] && c[i + 2])  // chow
      relax(best, table[key - kPow5[i] - kPow5[i + 1] - kPow5[i + 2]], 2, false);
    if (runs && i + 1 < digits && c[i + 1])  // two-sided or edge partial
      relax(best, table[key - kPow5[i] - kPow5[i + 1]], 1, false);
    if (runs && i + 2 < digits && c[i + 2])  // closed partial
      relax(best, table[key - kPow5[i] - kPow5[i + 2]], 1, false);
    table[key] = pack(best);
  }
  return table;
}

int digit_sum(int key, int digits) {
  int n = 0;
  for (int i = 0; i < digits; ++i, key /= 5) n += key % 5;
  return n;
}

}  // namespace

// Gives each distinct vector a class id, in order of first appearance.
class Classifier {
 public:
  std::uint8_t id(BlockValues v) {
    auto [it, added] = ids_.try_emplace(v, static_cast<int>(values_.size()));
    if (added) values_.push_back(v);
    if (it->second > 255) throw std::logic_error("shanten tables: more than 256 classes");
    return static_cast<std::uint8_t>(it->second);
  }
  std::vector<BlockValues>& values() { return values_; }

 private:
  std::map<BlockValues, int> ids_;
  std::vector<BlockValues> values_;
};

ShantenTables::ShantenTables() {
  const std::vector<BlockValues> dense = build_dense(9, true);
  const std::vector<BlockValues> honor_dense = build_dense(7, false);
  Classifier suit_ids, honor_ids;
  for (int key = 0; key < 78125; ++key) honor_class[key] = honor_ids.id(honor_dense[key]);

  // Rank the low keys (counts of 1..5) by tile count; count how many have each sum or less.
  std::array<int, 3125> order{};
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [](int a, int b) { return digit_sum(a, 5) < digit_sum(b, 5); });
  std::array<int, 21> up_to_sum{};  // number of low keys with sum <= s
  for (int r = 0; r < 3125; ++r) {
    low_rank[order[r]] = static_cast<std::uint16_t>(r);
    ++up_to_sum[digit_sum(order[r], 5)];
  }
  for (int s = 1; s < 21; ++s) up_to_sum[s] += up_to_sum[s - 1];

  std::uint32_t offset = 0;
  for (int high = 0; high < 625; ++high) {
    high_offset[high] = offset;
    const int room = 14 - digit_sum(high, 4);
    if (room >= 0) offset += up_to_sum[std::min(room, 20)];
  }
  suit_entries = offset;
  suit_class = std::make_unique<std::uint8_t[]>(offset);
  for (int high = 0; high < 625; ++high) {
    const int room = 14 - digit_sum(high, 4);
    if (room < 0) continue;
    for (int r = 0; r < up_to_sum[std::min(room, 20)]; ++r)
      suit_class[high_offset[high] + r] = suit_ids.id(dense[order[r] + 3125 * high]);
  }
  suit_values = suit_ids.values();
  honor_values = honor_ids.values();
  suits = static_cast<int>(suit_values.size());
  honors = static_cast<int>(honor_values.size());

  // Pairwise combinations, then the final value for each pair of combinations.
  Classifier mp_ids, sz_ids;
  for (BlockValues m : suit_values)
    for (BlockValues p : suit_values) mp_class.push_back(mp_ids.id(combine(m, p)));
  for (BlockValues s : suit_values)
    for (BlockValues z : honor_values) sz_class.push_back(sz_ids.id(combine(s, z)));
  mp_values = mp_ids.values();
  sz_values = sz_ids.values();
  sz_classes = static_cast<int>(sz_values.size());
  for (BlockValues mp : mp_values)
    for (BlockValues sz : sz_values)
      for (int blocks = 0; blocks < 5; ++blocks)
        final_value.push_back(static_cast<std::int8_t>(combine_final(mp, sz, blocks)));
}

const ShantenTables& shanten_tables() {
  static const ShantenTables tables;
  return tables;
}

namespace {

inline int max2(int a, int b) { return a > b ? a : b; }

// Max-plus convolution: out[p][b] = max over ba + bb = b, pa + pb = p of a[pa][ba] + b[pb][bb].
inline void convolve(const Unpacked& a, const Unpacked& b, std::int8_t* out) {
  for (int total = 0; total < 5; ++total) {
    int v0 = 0, v1 = 0;
    for (int ba = 0; ba <= total; ++ba) {
      const int bb = total - ba;
      v0 = max2(v0, a.u[ba] + b.u[bb]);
      v1 = max2(v1, max2(a.u[5 + ba] + b.u[bb], a.u[ba] + b.u[5 + bb]));
    }
    out[total] = static_cast<std::int8_t>(v0);
    out[5 + total] = static_cast<std::int8_t>(v1);
  }
}

}  // namespace

Unpacked combine(const Unpacked& a, const Unpacked& b) {
  Unpacked out;
  convolve(a, b, out.u);
  return out;
}

BlockValues combine(BlockValues a, BlockValues b) {
  std::int8_t out[10];
  convolve(Unpacked(a), Unpacked(b), out);
  BlockValues packed = 0;
  for (int i = 0; i < 10; ++i) packed |= BlockValues(std::min<int>(out[i], 15)) << (4 * i);
  return packed;
}

int combine_final(BlockValues a, BlockValues b, int blocks) {
  return combine_final(Unpacked(a), Unpacked(b), blocks);
}

int combine_final(const Unpacked& ua, const Unpacked& ub, int blocks) {
  int best = 0;
  for (int ba = 0; ba <= blocks; ++ba) {
    const int bb = blocks - ba;
    best = max2(best, max2(ua.u[5 + ba] + ub.u[bb], ua.u[ba] + ub.u[5 + bb]));
  }
  return best;
}

constexpr std::uint64_t kYaochuuMask = [] {
  std::uint64_t m = 0;
  for (int k : kYaochuuKinds) m |= std::uint64_t{1} << k;
  return m;
}();

// Portable inline popcount (std::popcount becomes a libgcc call without -mpopcnt).
inline int bit_count(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

FormCounts form_counts(const Counts& c) {
  std::uint64_t present = 0, pairs = 0;
  int tiles = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
  for (int half = 0; half < 2; ++half) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16 * half));
    present |= std::uint64_t(_mm_movemask_epi8(_mm_cmpgt_epi8(v, zero))) << (16 * half);
    pairs |= std::uint64_t(_mm_movemask_epi8(_mm_cmpgt_epi8(v, one))) << (16 * half);
    const __m128i sums = _mm_sad_epu8(v, zero);
    tiles += _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
  }
  for (int k = 32; k < kNumKinds; ++k) {
#else
  for (int k = 0; k < kNumKinds; ++k) {
#endif
    present |= std::uint64_t(c[k] > 0) << k;
    pairs |= std::uint64_t(c[k] > 1) << k;
    tiles += c[k];
  }
  FormCounts f;
  f.tiles = tiles;
  f.kinds = bit_count(present);
  f.pairs = bit_count(pairs);
  f.yaochuu_kinds = bit_count(present & kYaochuuMask);
  f.yaochuu_pair = (pairs & kYaochuuMask) != 0;
  f.present = present;
  return f;
}

}  // namespace detail

namespace {
int tile_count(const Counts& c) { return std::accumulate(c.begin(), c.end(), 0); }

int standard_with(const Counts& c, int tiles) {
  const detail::ShantenTables& t = detail::shanten_tables();
  const int blocks = tiles / 3;  // sets still to make: 4 - declared melds
  return 2 * blocks -
         t.value(t.suit(&c[0]), t.suit(&c[9]), t.suit(&c[18]), t.honor(&c[27]), blocks);
}

int chiitoitsu_of(const detail::FormCounts& f) { return 6 - f.pairs + std::max(0, 7 - f.kinds); }
int kokushi_of(const detail::FormCounts& f) {
  return 13 - f.yaochuu_kinds - (f.yaochuu_pair ? 1 : 0);
}

}  // namespace

int shanten_standard(const Counts& c) { return standard_with(c, tile_count(c)); }

int shanten_chiitoitsu(const Counts& c) { return chiitoitsu_of(detail::form_counts(c)); }

int shanten_kokushi(const Counts& c) { return kokushi_of(detail::form_counts(c)); }

ShantenDetail shanten_detail(const Counts& c) {
  ShantenDetail d{};
  d.standard = shanten_standard(c);
  const int n = tile_count(c);
  d.chiitoitsu = n >= 13 ? shanten_chiitoitsu(c) : 99;
  d.kokushi = n >= 13 ? shanten_kokushi(c) : 99;
  d.shanten = std::min({d.standard, d.chiitoitsu, d.kokushi});
  return d;
}

int shanten(const Counts& c) {
  const detail::FormCounts f = detail::form_counts(c);
  const int standard = standard_with(c, f.tiles);
  if (f.tiles < 13) return standard;
  return std::min({standard, chiitoitsu_of(f), kokushi_of(f)});
}

void init_shanten_tables() { detail::shanten_tables(); }

}  // namespace riichi
