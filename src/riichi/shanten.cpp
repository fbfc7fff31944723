#include "riichi/shanten.hpp"

#include <algorithm>
#include <numeric>

#include "riichi/shanten_table.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi {
namespace detail {

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

void init_shanten_tables() {}

}  // namespace riichi
