#include "riichi/decompose.hpp"

#include <numeric>

namespace riichi {

bool Decomposition::has_pair() const {
  for (int i = 0; i < count; ++i)
    if (blocks[i].type == BlockType::kPair) return true;
  return false;
}

int decompose(const Counts& concealed, DecompositionList& out) {
  out.count = 0;
  Decomposition honours;
  int pairs = 0, tiles = 0;
  for (int k = kEast; k < kNumKinds; ++k) {
    const int n = concealed[k];
    tiles += n;
    if (n == 0) continue;
    if (n == 1 || n >= 4) return 0;
    if (n == 2 && ++pairs > 1) return 0;  // before storing: seven honour pairs must not overflow
    if (honours.count == 5) return 0;
    honours.blocks[honours.count++] =
        Block{n == 3 ? BlockType::kPung : BlockType::kPair, static_cast<std::uint8_t>(k)};
  }
  const bool honour_pair = pairs == 1;
  std::uint32_t mask = 0;
  for (int s = 0; s < 3; ++s) {
    int total = 0;
    for (int k = s * 9; k < s * 9 + 9; ++k) {
      total += concealed[k];
      mask |= std::uint32_t{concealed[k] != 0} << k;
    }
    if (total % 3 == 1) return 0;
    pairs += total % 3 == 2;
    tiles += total;
  }
  if (tiles > 14 || pairs != (tiles % 3 == 2 ? 1 : 0)) return 0;
  Counts c = concealed;
  Decomposition cur;
  for_each_suited_decomposition(c, mask, tiles % 3 == 2 && !honour_pair, cur,
                                [&](const Decomposition& d) {
                                  if (out.count == kMaxDecompositions) return;
                                  Decomposition& full = out.items[out.count++];
                                  full = d;
                                  for (int i = 0; i < honours.count; ++i)
                                    full.blocks[full.count++] = honours.blocks[i];
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
