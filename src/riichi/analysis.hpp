// Hand analysis as players use it: shanten by form, waits, effective tiles, the discard table.
#pragma once

#include <vector>

#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"
#include "riichi/waits.hpp"

namespace riichi {

struct HandAnalysis {
  Hand hand;
  int concealed_tiles = 0;  // 3n+1 or 3n+2
  ShantenDetail shanten{};
  // 3n+2 hands
  bool complete = false;
  std::vector<DiscardOption> discards;
  // 3n+1 hands
  std::vector<Wait> waits;  // non-empty when tenpai
  int waits_total = 0;
  bool tenpai_for_payment = false;
  Ukeire ukeire;  // when not tenpai
};

// `visible`: tiles seen outside the hand (discards, other players' melds, dora indicators).
// The hand's own melds are added to it. The concealed part has 3n+1 or 3n+2 tiles; melds may
// be written out (the hand then has 13 or 14 tiles) or left implied. Throws
// std::invalid_argument otherwise, or when a kind is seen more than 4 times.
HandAnalysis analyze(const Hand& hand, const std::vector<Tile>& visible = {});

}  // namespace riichi
