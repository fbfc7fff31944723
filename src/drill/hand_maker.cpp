#include "drill/hand_maker.hpp"

#include <algorithm>

namespace riichi::drill {

namespace {

constexpr int kTries = 40;

bool allowed(int kind, const SetOptions& opt) {
  if ((suit_bit(kind) & opt.suits) == 0) return false;
  if (opt.simples_only && !is_simple(kind)) return false;
  return true;
}

bool set_allowed(const Set3& s, const SetOptions& opt) {
  bool yaochuu = false;
  for (int i = 0; i < 3; ++i) {
    if (!allowed(s.kind_at(i), opt)) return false;
    yaochuu = yaochuu || is_yaochuu(s.kind_at(i));
  }
  return !opt.terminal_or_honour || yaochuu;
}

}  // namespace

bool TilePool::fits(const Set3& s) const {
  if (!s.sequence) return fits(s.kind, 3);
  return fits(s.kind, 1) && fits(s.kind + 1, 1) && fits(s.kind + 2, 1);
}

void TilePool::take(const Set3& s) {
  for (int i = 0; i < 3; ++i) take(s.kind_at(i));
}

int random_kind(Rng& rng, const SetOptions& opt) {
  int allowed_kinds[kNumKinds];
  int n = 0;
  for (int k = 0; k < kNumKinds; ++k)
    if (allowed(k, opt)) allowed_kinds[n++] = k;
  return n == 0 ? 0 : allowed_kinds[rng.below(n)];
}

std::optional<Set3> random_set(Rng& rng, TilePool& pool, const SetOptions& opt) {
  for (int t = 0; t < kTries; ++t) {
    Set3 s;
    const int kind = random_kind(rng, opt);
    s.sequence = is_suited(kind) && rng.chance(opt.sequence_percent);
    s.kind = kind;
    if (s.sequence) s.kind = kind / 9 * 9 + std::min(kind % 9, 6);  // a run starts at 1..7
    if (set_allowed(s, opt) && pool.fits(s)) {
      pool.take(s);
      return s;
    }
  }
  return std::nullopt;
}

std::optional<int> random_pair(Rng& rng, TilePool& pool, const SetOptions& opt) {
  for (int t = 0; t < kTries; ++t) {
    const int kind = random_kind(rng, opt);
    if (!allowed(kind, opt) || !pool.fits(kind, 2)) continue;
    if (opt.terminal_or_honour && !is_yaochuu(kind)) continue;
    pool.take(kind, 2);
    return kind;
  }
  return std::nullopt;
}

void append_kind(std::vector<Tile>& out, int kind, int n) {
  for (int i = 0; i < n; ++i) out.push_back(Tile{static_cast<std::uint8_t>(kind), false});
}

void append(std::vector<Tile>& out, const Set3& s) {
  for (int i = 0; i < 3; ++i) append_kind(out, s.kind_at(i));
}

void remove_one(std::vector<Tile>& tiles, int kind) {
  const auto it =
      std::find_if(tiles.begin(), tiles.end(), [kind](Tile t) { return t.kind == kind; });
  if (it != tiles.end()) tiles.erase(it);
}

Meld meld_from_set(Rng& rng, const Set3& s, TilePool& pool, bool kans) {
  Meld m;
  if (s.sequence) {
    m.type = MeldType::kChi;
    const int called = rng.below(3);
    m.tiles[0] = Tile{static_cast<std::uint8_t>(s.kind + called), false};
    std::size_t j = 1;
    for (int i = 0; i < 3; ++i)
      if (i != called) m.tiles[j++] = Tile{static_cast<std::uint8_t>(s.kind + i), false};
    return m;
  }
  const int r = rng.below(100);
  m.type = MeldType::kPon;
  if (kans && r >= 70 && pool.fits(s.kind, 1)) {
    pool.take(s.kind);
    m.type = r < 80 ? MeldType::kDaiminkan : r < 90 ? MeldType::kAnkan : MeldType::kKakan;
  }
  for (std::size_t i = 0; i < static_cast<std::size_t>(m.size()); ++i)
    m.tiles[i] = Tile{static_cast<std::uint8_t>(s.kind), false};
  return m;
}

}  // namespace riichi::drill
