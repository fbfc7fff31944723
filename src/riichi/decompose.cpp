#include "riichi/decompose.hpp"

#include <cstring>

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

}  // namespace

int decompose(const Counts& concealed, DecompositionList& out) {
  out.count = 0;
  // Honours are pungs or the pair: no single, no four, at most one pair (with at most 14 tiles,
  // checked below before any block is stored, at most five blocks).
  const std::uint64_t present = kinds_at_least(concealed, 1);
  const std::uint64_t two = kinds_at_least(concealed, 2), three = kinds_at_least(concealed, 3);
  const std::uint64_t honours = present & kHonourKinds;
  if ((honours & ~two) != 0 || (honours & kinds_at_least(concealed, 4)) != 0) return 0;
  const std::uint64_t honour_pairs = honours & ~three;
  if ((honour_pairs & (honour_pairs - 1)) != 0) return 0;
  int pairs = honour_pairs != 0 ? 1 : 0;
  int tiles = mask_size(honours) * 3 - pairs;
  // Each suit holds 3m or 3m+2 tiles; the pair goes to the one with 3m+2.
  std::uint32_t pair_kinds = 0;
  for (int s = 0; s < 3; ++s) {
    const int total = suit_total(concealed, s);
    if (total % 3 == 1) return 0;
    if (total % 3 == 2) ++pairs, pair_kinds |= 0x1FFu << (9 * s);
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
