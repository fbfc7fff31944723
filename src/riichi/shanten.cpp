#include "riichi/shanten.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "riichi/shanten_table.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi {
namespace detail {

#if defined(__SSE2__)
namespace {

__m128i load16(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// The sum of the 16 bytes of v (SAD against zero adds each half's 8 bytes).
int byte_sum(__m128i v) {
  const __m128i halves = _mm_sad_epu8(v, _mm_setzero_si128());
  return _mm_cvtsi128_si32(halves) + _mm_extract_epi16(halves, 4);
}

}  // namespace

// Three loads cover the 34 counts: kinds 0..15, 16..31 and 18..33 (of the last only lanes 14
// and 15, kinds 32 and 33, are kept). Each count is compared with 0 and 1 (held, a pair); the
// bit masks come from movemask, the numbers from byte sums (no popcount instruction needed:
// the baseline x86-64 has none).
FormCounts form_counts(const Counts& c) {
  // Lanes of kinds 32, 33 in the third load; terminal/honour lanes (1 each) of each load:
  // 1m 9m 1p (kinds 0, 8, 9), 9p 1s 9s E S W N White (17, 18, 26..31), Green Red (32, 33).
  const __m128i kTail = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1);
  const __m128i kYaochuuA = _mm_setr_epi8(1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0);
  const __m128i kYaochuuB = _mm_setr_epi8(0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1);
  const __m128i kYaochuuT = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1);
  const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
  const __m128i a = load16(c.data()), b = load16(c.data() + 16);
  const __m128i t = _mm_and_si128(load16(c.data() + 18), kTail);
  const __m128i ha = _mm_cmpgt_epi8(a, zero), hb = _mm_cmpgt_epi8(b, zero),
                ht = _mm_cmpgt_epi8(t, zero);  // 0xFF where held
  const __m128i pa = _mm_cmpgt_epi8(a, one), pb = _mm_cmpgt_epi8(b, one),
                pt = _mm_cmpgt_epi8(t, one);  // 0xFF where a pair or more
  const auto bits = [](__m128i x, __m128i y, __m128i z) {
    return std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(x))) |
           std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(y))) << 16 |
           std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(z)) >> 14) << 32;
  };
  FormCounts f;
  f.present = bits(ha, hb, ht);
  const std::uint64_t pairs = bits(pa, pb, pt);
  f.tiles = byte_sum(_mm_add_epi8(_mm_add_epi8(a, b), t));
  // Held kinds + 64 * pairs in one sum (at most 34 kinds: the fields do not overlap).
  const __m128i held = _mm_add_epi8(_mm_add_epi8(_mm_and_si128(ha, one), _mm_and_si128(hb, one)),
                                    _mm_and_si128(ht, one));
  const __m128i paired = _mm_add_epi8(_mm_add_epi8(_mm_and_si128(pa, one), _mm_and_si128(pb, one)),
                                      _mm_and_si128(pt, one));
  const int both = byte_sum(_mm_add_epi8(held, _mm_slli_epi16(paired, 6)));
  f.kinds = both & 63;
  f.pairs = both >> 6;
  f.yaochuu_kinds = byte_sum(
      _mm_add_epi8(_mm_add_epi8(_mm_and_si128(ha, kYaochuuA), _mm_and_si128(hb, kYaochuuB)),
                   _mm_and_si128(ht, kYaochuuT)));
  f.yaochuu_pair = (pairs & kYaochuuMask) != 0;
  return f;
}
#else
FormCounts form_counts(const Counts& c) {
  std::uint64_t present = 0, pairs = 0;
  FormCounts f;
  for (int k = 0; k < kNumKinds; ++k) {
    present |= std::uint64_t(c[k] > 0) << k;
    pairs |= std::uint64_t(c[k] > 1) << k;
    f.tiles += c[k];
  }
  f.kinds = std::popcount(present);
  f.pairs = std::popcount(pairs);
  f.yaochuu_kinds = std::popcount(present & kYaochuuMask);
  f.yaochuu_pair = (pairs & kYaochuuMask) != 0;
  f.present = present;
  return f;
}
#endif

}  // namespace detail

namespace {
int tile_count(const Counts& c) { return std::accumulate(c.begin(), c.end(), 0); }

int standard_with(const Counts& c, int tiles) {
  const detail::ShantenTables& t = detail::shanten_tables();
  const int blocks = tiles / 3;  // sets still to make: 4 - declared melds
  int k[7];
  t.keys(c, k);
  return 2 * blocks - t.value(t.suit_at(k[0], k[4]), t.suit_at(k[1], k[5]), t.suit_at(k[2], k[6]),
                              t.honor_at(k[3]), blocks);
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

namespace {

// What shanten() needs besides the standard form: the tile count and the seven-pairs and
// thirteen-orphans shanten (valid with 13 or 14 tiles).
struct OtherForms {
  int tiles = 0;
  int chiitoitsu = 0;
  int kokushi = 0;
};

#if defined(__SSE2__)
// form_counts() reduced to these three numbers, with saturating byte arithmetic instead of
// compares and movemasks: held = min(count, 1), paired = min(count - 1 saturated, 1); each lane
// holds held + 64 * paired, so that one byte sum gives kinds + 64 * pairs, and the same over
// the terminal/honour lanes gives yaochuu kinds + 64 * yaochuu pairs.
OtherForms other_forms(const Counts& c) {
  using detail::load16;
  const __m128i kTail = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1);
  // Terminal/honour lanes of each load (as in form_counts), all bits set.
  const __m128i kYaochuuA = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0);
  const __m128i kYaochuuB = _mm_setr_epi8(0, -1, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1);
  const __m128i one = _mm_set1_epi8(1);
  const __m128i a = load16(c.data()), b = load16(c.data() + 16);
  const __m128i t = _mm_and_si128(load16(c.data() + 18), kTail);  // kinds 32, 33 only
  const auto lane = [&](__m128i x) {
    const __m128i held = _mm_min_epu8(x, one);
    const __m128i paired = _mm_min_epu8(_mm_subs_epu8(x, one), one);
    return _mm_add_epi8(held, _mm_slli_epi16(paired, 6));  // (no carry between bytes)
  };
  const __m128i la = lane(a), lb = lane(b), lt = lane(t);
  const int all = detail::byte_sum(_mm_add_epi8(_mm_add_epi8(la, lb), lt));
  const int yaochuu = detail::byte_sum(
      _mm_add_epi8(_mm_add_epi8(_mm_and_si128(la, kYaochuuA), _mm_and_si128(lb, kYaochuuB)), lt));
  OtherForms f;
  f.tiles = detail::byte_sum(_mm_add_epi8(_mm_add_epi8(a, b), t));
  const int kinds = all & 63, pairs = all >> 6;
  f.chiitoitsu = 6 - pairs + std::max(0, 7 - kinds);
  f.kokushi = 13 - (yaochuu & 63) - (yaochuu >> 6 > 0 ? 1 : 0);
  return f;
}
#else
OtherForms other_forms(const Counts& c) {
  const detail::FormCounts counts = detail::form_counts(c);
  return {counts.tiles, chiitoitsu_of(counts), kokushi_of(counts)};
}
#endif

}  // namespace

int shanten(const Counts& c) {
  const OtherForms f = other_forms(c);
  const int standard = standard_with(c, f.tiles);
  if (f.tiles < 13) return standard;
  return std::min({standard, f.chiitoitsu, f.kokushi});
}

void init_shanten_tables() {}

}  // namespace riichi
