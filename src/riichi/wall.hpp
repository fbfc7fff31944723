// The wall: 136 physical tiles in draw order (RULES.md §2.3), filled from a 64-bit seed by a
// portable shuffle, or stacked by tests.
//
// Layout (RULES.md §2.3):
//   tiles[0..121]    live wall, drawn from index 0 upward, up to `live_end` (122, -1 per kan)
//   tiles[122..135]  dead wall
//   rinshan (replacement) tiles in order R1..R4 = tiles[134], tiles[135], tiles[132], tiles[133]
//   dora indicator tiles[130] (ura tiles[131]); kan-dora indicators 1..4 = tiles[128], [126],
//   [124], [122] (ura = slot + 1)
//
// The deal (RULES.md §2.4): seat winds East, South, West, North take 4 tiles each three times
// (tiles[0..47]: East 0-3, South 4-7, West 8-11, North 12-15, East 16-19, ...), then one each
// (East 48, South 49, West 50, North 51); East's first draw is tiles[52].
//
// Shuffle algorithm (portable; any implementation reproduces it bit for bit):
//   1. splitmix64 seeded with `seed` produces four 64-bit words s[0..3], in order:
//        z = (x += 0x9E3779B97F4A7C15); z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
//        z = (z ^ (z >> 27)) * 0x94D049BB133111EB; return z ^ (z >> 31);
//      (x starts at `seed`). If all four are 0 (impossible in practice) s[0] = 1.
//   2. xoshiro256** generates 64-bit words:
//        result = rotl(s[1] * 5, 7) * 9; t = s[1] << 17; s[2] ^= s[0]; s[3] ^= s[1];
//        s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
//   3. bounded(n) for n >= 1 is unbiased by rejection: limit = 2^64 - (2^64 mod n);
//      draw words until one is < limit; return word mod n.
//   4. tiles[i] = i for i = 0..135; then Fisher-Yates from the top:
//        for i = 135 down to 1: j = bounded(i + 1); swap(tiles[i], tiles[j]).
//
// Three-player mahjong (WallShape, Rules::players / no_manzu_2_to_8): the 28 ids 4..31 (2m-8m)
// are out of the game and lie, ascending, in slots [94, 122), never drawn; the live wall is
// tiles[0..93] and the dead wall tiles[122..135] as above. The 108 ids in play (ascending) are
// shuffled as in step 4 over 108 places (i = 107 down to 1), then laid out in order into slots
// 0..93 and 122..135. The deal gives 4 tiles each three times to East, South, West (tiles[0..35]),
// then one each (36, 37, 38); East's first draw is tiles[39]. A kita (nukidora) draws a rinshan
// tile like a kan: replacements 1-4 from the rinshan slots above, 5-8 from tiles[93], [92], [91],
// [90] (the live tiles that joined the dead wall at the first four replacements).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "riichi/tile.hpp"

namespace riichi {

// The portable generator described above (also usable by bots that must be reproducible).
class Xoshiro256 {
 public:
  explicit Xoshiro256(std::uint64_t seed);
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Unbiased integer in [0, n), n >= 1 (rejection sampling, step 3 above).
  std::uint64_t bounded(std::uint64_t n) {
    if (n < 1 || n > kSmallBounds) return bounded_large(n);
    // Small bounds (the shuffle, the bots' picks) without a division: 2^64 mod n is tabled, and
    // w mod n takes two 64-bit steps (small_remainder).
    return bounded_small(kDivisors[n]);
  }
  // Fisher-Yates from the top over tiles[0, n) (step 4 above), 2 <= n <= 256: bounded(i + 1)
  // for i = n - 1 down to 1, the same words drawn and the same swaps.
  void shuffle(std::uint8_t* tiles, int n) {
    for (std::uint32_t i = static_cast<std::uint32_t>(n) - 1; i >= 1; --i) {
      const std::uint64_t j = bounded_small(kDivisors[i + 1]);  // no 128-bit counter
      const std::uint8_t t = tiles[i];
      tiles[i] = tiles[j];
      tiles[j] = t;
    }
  }
  // w mod n for 1 <= n <= 256 as bounded() computes it (tests compare it with %).
  static std::uint64_t small_remainder(std::uint64_t w, std::uint64_t n) {
    return remainder(w, static_cast<std::uint32_t>(n), kDivisors[n]);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  struct SmallDivisor {
    std::uint64_t max_ok = 0;  // 2^64 - 1 - (2^64 mod n): the largest word accepted
    std::uint64_t magic = 0;   // floor((2^64 - 1) / n) + 1, mod 2^64 (0 for n = 1)
    std::uint64_t r32 = 0;     // 2^32 mod n
    std::uint32_t n = 0;
  };
  // bounded(n) for n <= kSmallBounds, from n's divisor: the words above max_ok rejected, n read
  // from the table (GCC multiplies an int's n as 128 x 128).
  [[gnu::always_inline]] std::uint64_t bounded_small(const SmallDivisor& d) {
    std::uint64_t w;
    do w = next();
    while (w > d.max_ok);
    return remainder(w, d.n, d);
  }
  // w mod n in two steps. First a = (w >> 32) * (2^32 mod n) + (w mod 2^32), congruent to w and
  // below 257 * 2^32. Then Lemire's "faster remainder by direct computation" (Lemire, Kaser, Kurz
  // 2019) with F = 64: c = magic = (2^64 + e) / n for some 0 <= e <= n, a = q n + r; then
  // c a mod 2^64 = (2^64 r + e a) / n (below 2^64 as e a < 2^64), and its product with n over
  // 2^64 is r + e a / 2^64, whose floor is r. (n as 32 bits: one 64 x 64 -> 128 multiply.)
  static std::uint64_t remainder(std::uint64_t w, std::uint32_t n, const SmallDivisor& d) {
    const std::uint64_t a = (w >> 32) * d.r32 + (w & 0xFFFFFFFFull);
    const std::uint64_t low = d.magic * a;
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(low) * n >> 64);
  }
  static constexpr std::uint64_t kSmallBounds = 256;
  static const std::array<SmallDivisor, kSmallBounds + 1> kDivisors;
  std::uint64_t bounded_large(std::uint64_t n);

  std::array<std::uint64_t, 4> s_{};
};

// The shape of the wall under a rule set: who is dealt, which tiles are out of the game.
struct WallShape {
  int players = 4;
  int out_of_game = 0;  // 28 when 2m-8m are removed (ids 4..31), in slots [live_end(), 122)
  constexpr int live_end() const { return 122 - out_of_game; }
  constexpr int deal_tiles() const { return 13 * players; }
  constexpr bool in_play(int id) const { return out_of_game == 0 || id < 4 || id >= 32; }
  friend constexpr bool operator==(const WallShape&, const WallShape&) = default;
};

struct Wall {
  static constexpr int kLiveTiles = 122;  // initial live_end
  static constexpr int kDealTiles = 52;   // 13 x 4; East's first draw is tiles[52]
  static constexpr int kDoraSlot = 130;
  static constexpr std::array<int, 4> kRinshanSlots = {134, 135, 132, 133};
  // Indicator k (0 = initial dora, 1..4 = kan dora); the ura indicator is the slot + 1.
  static constexpr std::array<int, 5> kIndicatorSlots = {130, 128, 126, 124, 122};

  std::array<std::uint8_t, kNumTiles> tiles{};  // physical ids 0..135

  static Wall from_seed(std::uint64_t seed);
  static Wall from_seed(std::uint64_t seed, const WallShape& shape);
  // The slot of the k-th (0-based) replacement draw (kan or kita), k < 8.
  static constexpr int rinshan_slot(int k, const WallShape& shape) {
    return k < 4 ? kRinshanSlots[static_cast<std::size_t>(k)] : shape.live_end() - 1 - (k - 4);
  }

  // Test helper: the wall that deals `hands[w]` to seat wind w (East first; 13 tiles each, the
  // deal order of §2.4), then gives `draws` in order from tiles[52] (East's first draw, then
  // the following live draws), with the optional dora indicators (initial first, then kan
  // dora; ura indicators likewise) and rinshan tiles R1.. in order. Tiles are kinds with a red
  // flag: a red tile takes copy 0 of its five; a plain tile takes the highest free copy, so a
  // plain five becomes copy 0 (red under red_fives rules) only when the other three are used.
  // Every other slot is filled with the remaining ids in ascending order. Throws
  // std::invalid_argument when a hand is not 13 tiles, a list is too long, or a tile is
  // asked for more than its copies allow.
  static Wall stacked(const std::array<std::vector<Tile>, 4>& hands, const std::vector<Tile>& draws,
                      const std::vector<Tile>& dora_indicators = {},
                      const std::vector<Tile>& rinshan = {},
                      const std::vector<Tile>& ura_indicators = {});
  // The same for another shape (three players: hands[3] empty; the out-of-game ids in their
  // slots; a tile 2m-8m asked for is refused).
  static Wall stacked(const WallShape& shape, const std::array<std::vector<Tile>, 4>& hands,
                      const std::vector<Tile>& draws, const std::vector<Tile>& dora_indicators = {},
                      const std::vector<Tile>& rinshan = {},
                      const std::vector<Tile>& ura_indicators = {});

  // Each id 0..135 exactly once.
  bool is_permutation() const;
};

// Slot of the i-th (0..12) tile dealt to seat wind w (§2.4).
constexpr int deal_slot(int seat_wind, int i, int players = 4) {
  return i < 12 ? (i / 4) * 4 * players + seat_wind * 4 + i % 4 : 12 * players + seat_wind;
}

}  // namespace riichi
