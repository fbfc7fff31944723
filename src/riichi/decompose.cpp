#include "riichi/decompose.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "riichi/hand.hpp"

namespace riichi {

bool Decomposition::has_pair() const {
  for (int i = 0; i < count; ++i)
    if (blocks[i].type == BlockType::kPair) return true;
  return false;
}

namespace {

// Tile totals of the three suits and the honours.
struct Totals {
  int suit[3];
  int honours;
};
Totals totals_of(const Counts& c) {
  Totals t;
#if defined(__SSE2__)
  // Eight bytes summed by one SAD each, two sums per vector: kinds 0..7 and 9..16 (the ninth
  // kind of each suit added apart), kinds 18..25 and 26..33 (kind 26 moved from the honours'
  // sum to the third suit's).
  const auto eight = [&](int at) {
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(c.data() + at));
  };
  const __m128i zero = _mm_setzero_si128();
  const __m128i mp = _mm_sad_epu8(_mm_unpacklo_epi64(eight(0), eight(9)), zero);
  const __m128i sz = _mm_sad_epu8(_mm_unpacklo_epi64(eight(18), eight(26)), zero);
  t.suit[0] = _mm_cvtsi128_si32(mp) + c[8];
  t.suit[1] = _mm_extract_epi16(mp, 4) + c[17];
  t.suit[2] = _mm_cvtsi128_si32(sz) + c[26];
  t.honours = _mm_extract_epi16(sz, 4) - c[26];
#else
  for (int s = 0; s < 3; ++s) {
    t.suit[s] = 0;
    for (int k = 9 * s; k < 9 * s + 9; ++k) t.suit[s] += c[k];
  }
  t.honours = 0;
  for (int k = kEast; k < kNumKinds; ++k) t.honours += c[k];
#endif
  return t;
}

// The kinds held (bit per kind), and among the honours (bit k - 27) those held at least 2, 3
// and 4 times: the honour checks need no more.
struct Held {
  std::uint64_t present = 0;
  unsigned honour_two = 0, honour_three = 0, honour_four = 0;
};
Held kinds_held(const Counts& c) {
  Held m;
#if defined(__SSE2__)
  // Kinds 0..15, 16..31, and 18..33 of which lanes 9..15 (kinds 27..33) are the honours.
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data()));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16));
  const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 18));
  const auto bits = [](__m128i x, int below) {
    const __m128i v = _mm_set1_epi8(static_cast<char>(below));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(x, v)));
  };
  m.present = std::uint64_t{bits(a, 0)} | std::uint64_t{bits(b, 0)} << 16 |
              std::uint64_t{bits(t, 0) >> 14} << 32;
  m.honour_two = bits(t, 1) >> 9;
  m.honour_three = bits(t, 2) >> 9;
  m.honour_four = bits(t, 3) >> 9;
#else
  m.present = kinds_at_least(c, 1);
  m.honour_two = static_cast<unsigned>(kinds_at_least(c, 2) >> kEast);
  m.honour_three = static_cast<unsigned>(kinds_at_least(c, 3) >> kEast);
  m.honour_four = static_cast<unsigned>(kinds_at_least(c, 4) >> kEast);
#endif
  return m;
}

// n % 3 for the tile totals of a suit (at most 36: four copies of nine kinds).
constexpr auto kRest = [] {
  std::array<std::uint8_t, 40> t{};
  for (int n = 0; n < 40; ++n) t[n] = static_cast<std::uint8_t>(n % 3);
  return t;
}();

}  // namespace

int decompose(const Counts& concealed, DecompositionList& out) {
  out.count = 0;
  // Honours are pungs or the pair: no single, no four, at most one pair (with at most 14 tiles,
  // checked below before any block is stored, at most five blocks).
  const Held held = kinds_held(concealed);
  const std::uint64_t present = held.present;
  const auto honours = static_cast<unsigned>(present >> kEast);  // bit k - 27
  if ((honours & ~held.honour_two) != 0 || held.honour_four != 0) return 0;
  const unsigned honour_pairs = honours & ~held.honour_three;
  if ((honour_pairs & (honour_pairs - 1)) != 0) return 0;
  int pairs = honour_pairs != 0 ? 1 : 0;
  const Totals totals = totals_of(concealed);
  int tiles = totals.honours;  // (each honour held 2 or 3 times)
  // Each suit holds 3m or 3m+2 tiles; the pair goes to the one with 3m+2.
  std::uint32_t pair_kinds = 0;
  for (int s = 0; s < 3; ++s) {
    const int total = totals.suit[s];
    const int rest = kRest[static_cast<std::size_t>(std::min(total, 39))];
    if (rest == 1) return 0;
    const bool pair = rest == 2;
    pairs += pair;
    pair_kinds |= (pair ? 0x1FFu : 0u) << (9 * s);
    tiles += total;
  }
  if (tiles > 14 || pairs != (tiles % 3 == 2 ? 1 : 0)) return 0;
  // The honour blocks (at most five), written after the suited blocks of each decomposition:
  // Decomposition::blocks has room for five past any suited count, so that all five slots are
  // copied without a loop on their number.
  Block honour_blocks[5];
  int honour_count = 0;
  for (unsigned m = honours; m; m &= m - 1) {
    const int k = kEast + std::countr_zero(m);
    honour_blocks[honour_count++] = Block{concealed[k] == 3 ? BlockType::kPung : BlockType::kPair,
                                          static_cast<std::uint8_t>(k)};
  }
  Counts c = concealed;
  Decomposition cur;
  const auto mask = static_cast<std::uint32_t>(present & 0x7FFFFFF);
  for_each_suited_decomposition_pairing(c, mask, pair_kinds, cur, [&](const Decomposition& d) {
    if (out.count == kMaxDecompositions) return;
    out.items[out.count] = d;  // (the item's lifetime starts here, see DecompositionList)
    Decomposition& full = out.items[out.count++];
    std::memcpy(&full.blocks[full.count], honour_blocks, sizeof honour_blocks);
    full.count += honour_count;
  });
  return out.count;
}

std::vector<Decomposition> decompose(const Counts& concealed) {
  DecompositionList list;
  decompose(concealed, list);
  return std::vector<Decomposition>(list.items, list.items + list.count);
}

bool is_chiitoitsu(const Counts& counts) {
  int pairs = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] == 2)
      ++pairs;
    else if (counts[k] != 0)
      return false;
  }
  return pairs == 7;
}

bool is_kokushi(const Counts& counts) {
  int n = 0;
  bool pair = false;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] == 0) {
      if (is_yaochuu(k)) return false;
      continue;
    }
    if (!is_yaochuu(k) || counts[k] > 2) return false;
    pair |= counts[k] == 2;
    n += counts[k];
  }
  return pair && n == 14;
}

}  // namespace riichi
