// Hands, melds and the mpsz notation (RULES.md §1.3).
//
//   hand  := (group | meld)+          separators ' ' and ',' are allowed between groups
//   group := digit+ suit              digit '0' = red five (m/p/s only); z allows 1..7
//   meld  := ('c'|'p'|'m'|'k'|'a') digit{3,4} suit
//            c = chi (first tile = the called tile), p = pon, m = daiminkan (open kan),
//            k = kakan (added kan), a = ankan (closed kan)
//
// Example: "123m456p c789s p777z" = concealed 123m456p, a chi of 7s with 8s9s, a pon of Red.
// A meld letter is recognised only at the start of a group (so "5m" is a tile, "m1111z" a kan).
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "riichi/tile.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi {

// A malformed hand or tile string. `position` is the 0-based character index of the fault.
class ParseError : public std::invalid_argument {
 public:
  ParseError(std::size_t position, const std::string& reason);
  std::size_t position() const { return position_; }
  const std::string& reason() const { return reason_; }

 private:
  std::size_t position_;
  std::string reason_;
};

enum class MeldType : std::uint8_t { kChi, kPon, kDaiminkan, kKakan, kAnkan };
// "chi", "pon", "daiminkan", "kakan", "ankan" (records, JSON, the web table).
const char* meld_type_name(MeldType type);

struct Meld {
  MeldType type = MeldType::kPon;
  std::array<Tile, 4> tiles{};  // tiles[0] is the called tile of a chi
  int size() const { return is_kan() ? 4 : 3; }
  bool is_kan() const { return type >= MeldType::kDaiminkan; }
  bool is_open() const { return type != MeldType::kAnkan; }
  bool is_chi() const { return type == MeldType::kChi; }
  // The lowest kind of the meld (the kind of a pon/kan, the first tile of a run).
  int base_kind() const;
  std::span<const Tile> view() const { return {tiles.data(), static_cast<std::size_t>(size())}; }
};

// Concealed tiles plus declared melds.
struct Hand {
  std::vector<Tile> concealed;
  std::vector<Meld> melds;
  Counts concealed_counts() const;
  // Counts of every tile the hand owns: concealed and melded (kans count 4).
  Counts all_counts() const;
  int red_fives() const;
};

// Parses concealed tiles only (no meld tokens). Throws ParseError.
std::vector<Tile> parse_tiles(std::string_view text);
// Parses one tile such as "5p" or "0s". Throws ParseError.
Tile parse_tile(std::string_view text);
// Parses a hand with optional meld tokens. Checks at most 4 copies of a kind (a red five counts
// as a five) and at most one red five per suit over the whole hand. Throws ParseError.
Hand parse_hand(std::string_view text);
// Parses meld tokens only ("c456s p777p", commas or spaces between). Throws ParseError.
std::vector<Meld> parse_melds(std::string_view text);

// Canonical notation: suits in order m p s z, ascending, a red five printed '0' before plain 5s.
std::string format_tiles(std::span<const Tile> tiles);
std::string format_meld(const Meld& meld);
std::string format_hand(const Hand& hand);
std::string format_counts(const Counts& counts);

// Checks copy and red-five limits over a set of tiles. Throws ParseError at `position` when a
// limit is broken. (The parsers check tile by tile and name the offending digit.)
void check_tile_limits(std::span<const Tile> tiles, std::size_t position);

Counts counts_of(std::span<const Tile> tiles);
int total(const Counts& counts);

// The number of bits set in a kind mask. Inline arithmetic: std::popcount is a library call on
// the baseline x86-64 (no popcnt instruction).
constexpr int mask_size(std::uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((m * 0x0101010101010101ull) >> 56);
}

// Bit k set when counts[k] >= n (n = 1..4): one vector pass over the 34 counts.
inline std::uint64_t kinds_at_least(const Counts& counts, int n) {
  std::uint64_t mask = 0;
#if defined(__SSE2__)
  // Counts are at most 4: a signed byte compare with n - 1 is exact.
  const __m128i below = _mm_set1_epi8(static_cast<char>(n - 1));
  for (int half = 0; half < 2; ++half) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts.data() + 16 * half));
    mask |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, below))))
            << (16 * half);
  }
  for (int k = 32; k < kNumKinds; ++k) mask |= std::uint64_t{counts[k] >= n} << k;
#else
  for (int k = 0; k < kNumKinds; ++k) mask |= std::uint64_t{counts[k] >= n} << k;
#endif
  return mask;
}

// Kinds within two steps of a held kind (bit per kind in `present`) in its suit, and the held
// honours: the only kinds whose tile can improve the standard form (a tile that touches nothing
// forms no block).
constexpr std::uint64_t touching_kinds(std::uint64_t present) {
  constexpr std::uint64_t kSuit = 0x1FF;
  std::uint64_t touch = present & (std::uint64_t{0x7F} << 27);
  for (int s = 0; s < 3; ++s) {
    const std::uint64_t p = present >> (9 * s) & kSuit;
    const std::uint64_t near = (p | p << 1 | p << 2 | p >> 1 | p >> 2) & kSuit;
    touch |= near << (9 * s);
  }
  return touch;
}

}  // namespace riichi
