// The test-vector notation of RULES.md §1.3, a full description of a win:
//   closed=<tiles> melds=[<meld> ...] win=<tile> ron|tsumo seat=<E|S|W|N> round=<E|S|W|N>
//   dora=<indicators> ura=<indicators> flags=riichi,ippatsu,... honba=<n> sticks=<n>
//   from=<E|S|W|N> pao=<E|S|W|N>
// Keys may come in any order; `closed` and `win` and one of ron/tsumo are required; seat and
// round default to S and E. Meld tokens are separated by spaces or commas inside [...].
// Flags: riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou.
#pragma once

#include <string>
#include <string_view>

#include "riichi/hand.hpp"
#include "riichi/score.hpp"

namespace riichi {

struct WinVector {
  Hand hand;  // concealed excludes the winning tile
  Tile win;
  WinContext context;
};

// Throws ParseError naming the character position and the reason.
WinVector parse_win_vector(std::string_view text);

// The vector in this notation, keys in the order of the grammar above; defaults are written
// out for seat and round, empty fields and zero counters are left out. parse_win_vector of the
// result gives back `vector` (melds and tiles in canonical order).
std::string format_win_vector(const WinVector& vector);

}  // namespace riichi
