#include "riichi/decompose.hpp"

#include <numeric>

namespace riichi {

bool Decomposition::has_pair() const {
  for (int i = 0; i < count; ++i)
    if (blocks[i].type == BlockType::kPair) return true;
  return false;
}

namespace {

// At the lowest kind still present, decide at once how its copies split between a pung, the
// pair and chows starting there; this yields every block multiset exactly once.
void search(Counts& c, int kind, bool need_pair, Decomposition& cur,
            std::vector<Decomposition>& out) {
  while (kind < kNumKinds && c[kind] == 0) ++kind;
  if (kind == kNumKinds) {
    if (!need_pair) out.push_back(cur);
    return;
  }
  const int n = c[kind];
  for (int pung = 0; pung <= 1; ++pung) {
    for (int pair = 0; pair <= (need_pair ? 1 : 0); ++pair) {
      const int chows = n - 3 * pung - 2 * pair;
      if (chows < 0) continue;
      if (chows > 0) {
        if (is_honor(kind) || number_of(kind) > 7) continue;
        if (c[kind + 1] < chows || c[kind + 2] < chows) continue;
      }
      const int saved = cur.count;
      const auto k = static_cast<std::uint8_t>(kind);
      if (pung) cur.blocks[cur.count++] = Block{BlockType::kPung, k};
      if (pair) cur.blocks[cur.count++] = Block{BlockType::kPair, k};
      for (int i = 0; i < chows; ++i) cur.blocks[cur.count++] = Block{BlockType::kChow, k};
      c[kind] = 0;
      if (chows) c[kind + 1] -= chows, c[kind + 2] -= chows;
      search(c, kind + 1, need_pair && !pair, cur, out);
      c[kind] = static_cast<std::uint8_t>(n);
      if (chows) c[kind + 1] += chows, c[kind + 2] += chows;
      cur.count = saved;
    }
  }
}

}  // namespace

std::vector<Decomposition> decompose(const Counts& concealed) {
  std::vector<Decomposition> out;
  const int n = std::accumulate(concealed.begin(), concealed.end(), 0);
  if (n % 3 == 1 || n > 14) return out;
  Counts c = concealed;
  Decomposition cur;
  search(c, 0, n % 3 == 2, cur, out);
  return out;
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
