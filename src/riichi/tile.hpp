// Tiles: kinds, physical copies, red fives, and the 34-count array.
//
// Kind layout (RULES.md §1.1), one byte:
//   0..8   1m..9m (manzu)      9..17  1p..9p (pinzu)      18..26 1s..9s (souzu)
//   27..30 East South West North (1z..4z)                 31..33 White Green Red (5z..7z)
// Physical copy id (0..135) = kind * 4 + copy; with red fives, copy 0 of 5m/5p/5s is red.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace riichi {

inline constexpr int kNumKinds = 34;
inline constexpr int kNumTiles = 136;

enum class Suit : std::uint8_t { kMan = 0, kPin = 1, kSou = 2, kHonor = 3 };

// kind helpers ------------------------------------------------------------------------------
constexpr Suit suit_of(int kind) { return static_cast<Suit>(kind / 9); }
// 1..9 for suited kinds, 1..7 for honours (E S W N White Green Red).
constexpr int number_of(int kind) { return kind % 9 + 1; }
constexpr int make_kind(Suit suit, int number) { return static_cast<int>(suit) * 9 + number - 1; }
constexpr bool is_honor(int kind) { return kind >= 27; }
constexpr bool is_suited(int kind) { return kind < 27; }
constexpr bool is_terminal(int kind) { return kind < 27 && (kind % 9 == 0 || kind % 9 == 8); }
constexpr bool is_yaochuu(int kind) { return is_honor(kind) || is_terminal(kind); }
constexpr bool is_simple(int kind) { return !is_yaochuu(kind); }
constexpr bool is_wind(int kind) { return kind >= 27 && kind <= 30; }
constexpr bool is_dragon(int kind) { return kind >= 31; }
constexpr bool is_five(int kind) { return kind < 27 && kind % 9 == 4; }
// Ryuuiisou tiles: 2s 3s 4s 6s 8s and the green dragon.
constexpr bool is_green(int kind) {
  return kind == 19 || kind == 20 || kind == 21 || kind == 23 || kind == 25 || kind == 32;
}

inline constexpr int kEast = 27, kSouth = 28, kWest = 29, kNorth = 30;
inline constexpr int kWhite = 31, kGreen = 32, kRed = 33;
inline constexpr std::array<int, 13> kYaochuuKinds = {0,  8,  9,  17, 18, 26, 27,
                                                      28, 29, 30, 31, 32, 33};
// The same kinds as a bit per kind (bit k: kind k).
inline constexpr std::uint64_t kYaochuuMask = [] {
  std::uint64_t m = 0;
  for (int k : kYaochuuKinds) m |= std::uint64_t{1} << k;
  return m;
}();

// The dora pointed to by an indicator kind (RULES.md §1.4): 9 -> 1 in each suit,
// E -> S -> W -> N -> E, White -> Green -> Red -> White.
constexpr int dora_of(int indicator) {
  if (indicator < 27) return indicator / 9 * 9 + (indicator % 9 + 1) % 9;
  if (indicator < 31) return 27 + (indicator - 27 + 1) % 4;
  return 31 + (indicator - 31 + 1) % 3;
}

// A tile as players see it: its kind and whether it is a red five.
struct Tile {
  std::uint8_t kind = 0;
  bool red = false;
  friend constexpr bool operator==(const Tile&, const Tile&) = default;
};

// physical copies ----------------------------------------------------------------------------
constexpr int kind_of_id(int id) { return id / 4; }
constexpr bool is_red_id(int id) { return id % 4 == 0 && is_five(id / 4); }
constexpr Tile tile_of_id(int id, bool red_fives) {
  return Tile{static_cast<std::uint8_t>(id / 4), red_fives && is_red_id(id)};
}

// Number of tiles of each kind.
using Counts = std::array<std::uint8_t, kNumKinds>;

// Notation of one kind: "1m", "5p", "7z". A red five is "0m"/"0p"/"0s".
std::string kind_to_string(int kind);
std::string tile_to_string(Tile tile);

}  // namespace riichi
