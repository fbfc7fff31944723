// Building random hands set by set under the four-copies limit (the drills' generators).
// Internal to src/drill/.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "drill/drill.hpp"
#include "riichi/hand.hpp"
#include "riichi/tile.hpp"

namespace riichi::drill {

// Suits a set may be drawn from: bit 0 man, 1 pin, 2 sou, 3 honours.
inline constexpr unsigned kMan = 1, kPin = 2, kSou = 4, kHonours = 8;
inline constexpr unsigned kAllSuits = kMan | kPin | kSou | kHonours;
inline constexpr unsigned suit_bit(int kind) { return 1u << (kind / 9); }

// A set of three kinds: a sequence (low, low+1, low+2) or a pung (kind x3).
struct Set3 {
  bool sequence = false;
  int kind = 0;  // the lowest kind
  int kind_at(int i) const { return sequence ? kind + i : kind; }
};

struct SetOptions {
  unsigned suits = kAllSuits;
  int sequence_percent = 60;        // of the sets in a number suit
  bool simples_only = false;        // 2..8 only, no honours (tanyao)
  bool terminal_or_honour = false;  // every set holds a 1, a 9 or an honour (chanta)
};

// Counts the tiles a hand has used so far (concealed, melds, indicators).
class TilePool {
 public:
  bool fits(int kind, int n) const { return used_[kind] + n <= 4; }
  bool fits(const Set3& s) const;
  void take(int kind, int n = 1) { used_[kind] = static_cast<std::uint8_t>(used_[kind] + n); }
  void take(const Set3& s);
  const Counts& used() const { return used_; }

 private:
  Counts used_{};
};

// A random set that fits the pool (taken from it), or nullopt after a few tries.
std::optional<Set3> random_set(Rng& rng, TilePool& pool, const SetOptions& opt);
// A random kind for a pair (two copies fit), taken; nullopt after a few tries.
std::optional<int> random_pair(Rng& rng, TilePool& pool, const SetOptions& opt);
// A random kind in the allowed suits (no copy limit checked).
int random_kind(Rng& rng, const SetOptions& opt);

void append(std::vector<Tile>& out, const Set3& s);
void append_kind(std::vector<Tile>& out, int kind, int n = 1);
// The set declared as a meld: a sequence becomes a chi (a random tile called), a pung a pon, or
// with `kans` three times in ten a kan (open, closed or added) when a fourth copy fits the pool.
Meld meld_from_set(Rng& rng, const Set3& s, TilePool& pool, bool kans);
// Removes one tile of `kind` from `tiles` (it must be there).
void remove_one(std::vector<Tile>& tiles, int kind);

}  // namespace riichi::drill
