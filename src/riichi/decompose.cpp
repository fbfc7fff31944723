#include "riichi/decompose.hpp"

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

constexpr std::uint64_t kHonourKinds = std::uint64_t{0x7F} << kEast;

// The number of tiles of suit `s` (9 kinds): eight counts summed in one word (16-bit lanes, no
// overflow whatever the counts), plus the ninth.
int suit_total(const Counts& c, int s) {
  std::uint64_t word;
  std::memcpy(&word, c.data() + 9 * s, sizeof word);
  constexpr std::uint64_t kLow = 0x00FF00FF00FF00FFull;
  const std::uint64_t lanes = (word & kLow) + (word >> 8 & kLow);
  return static_cast<int>((lanes * 0x0001000100010001ull) >> 48) + c[9 * s + 8];
}

// The tiles of the honours (kinds 27..33): the bytes of kinds 26..33 summed in one word as
// suit_total, less kind 26.
int honour_total(const Counts& c) {
  std::uint64_t word;
  std::memcpy(&word, c.data() + 26, sizeof word);
  constexpr std::uint64_t kLow = 0x00FF00FF00FF00FFull;
  const std::uint64_t lanes = (word & kLow) + (word >> 8 & kLow);
  return static_cast<int>((lanes * 0x0001000100010001ull) >> 48) - c[26];
}

// kinds_at_least(c, n) for n = 1..4, the counts loaded once.
struct AtLeast {
  std::uint64_t one = 0, two = 0, three = 0, four = 0;
};
AtLeast kinds_at_least_1to4(const Counts& c) {
  AtLeast m;
#if defined(__SSE2__)
  // Kinds 0..15, 16..31, and 18..33 of which lanes 14 and 15 (kinds 32, 33) are kept.
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data()));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16));
  const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 18));
  const auto above = [&](int below) {
    const __m128i v = _mm_set1_epi8(static_cast<char>(below));
    const auto bits = [&](__m128i x) {
      return std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(x, v))));
    };
    return bits(a) | bits(b) << 16 | (bits(t) >> 14) << 32;
  };
  m.one = above(0), m.two = above(1), m.three = above(2), m.four = above(3);
#else
  m.one = kinds_at_least(c, 1), m.two = kinds_at_least(c, 2);
  m.three = kinds_at_least(c, 3), m.four = kinds_at_least(c, 4);
#endif
  return m;
}

}  // namespace

int decompose(const Counts& concealed, DecompositionList& out) {
  out.count = 0;
  // Honours are pungs or the pair: no single, no four, at most one pair (with at most 14 tiles,
  // checked below before any block is stored, at most five blocks).
  const AtLeast at = kinds_at_least_1to4(concealed);
  const std::uint64_t present = at.one;
  const std::uint64_t honours = present & kHonourKinds;
  if ((honours & ~at.two) != 0 || (honours & at.four) != 0) return 0;
  const std::uint64_t honour_pairs = honours & ~at.three;
  if ((honour_pairs & (honour_pairs - 1)) != 0) return 0;
  int pairs = honour_pairs != 0 ? 1 : 0;
  int tiles = honour_total(concealed);  // (each honour held 2 or 3 times)
  // Each suit holds 3m or 3m+2 tiles; the pair goes to the one with 3m+2.
  std::uint32_t pair_kinds = 0;
  for (int s = 0; s < 3; ++s) {
    const int total = suit_total(concealed, s);
    const int rest = total % 3;
    if (rest == 1) return 0;
    const bool pair = rest == 2;
    pairs += pair;
    pair_kinds |= (pair ? 0x1FFu : 0u) << (9 * s);
    tiles += total;
  }
  if (tiles > 14 || pairs != (tiles % 3 == 2 ? 1 : 0)) return 0;
  Decomposition honour_blocks;
  for (std::uint64_t m = honours; m; m &= m - 1) {
    const int k = std::countr_zero(m);
    honour_blocks.blocks[honour_blocks.count++] = Block{
        concealed[k] == 3 ? BlockType::kPung : BlockType::kPair, static_cast<std::uint8_t>(k)};
  }
  Counts c = concealed;
  Decomposition cur;
  const auto mask = static_cast<std::uint32_t>(present & 0x7FFFFFF);
  for_each_suited_decomposition_pairing(c, mask, pair_kinds, cur, [&](const Decomposition& d) {
    if (out.count == kMaxDecompositions) return;
    Decomposition& full = out.items[out.count++];
    full = d;
    for (int i = 0; i < honour_blocks.count; ++i)
      full.blocks[full.count++] = honour_blocks.blocks[i];
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
