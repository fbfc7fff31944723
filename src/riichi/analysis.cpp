#include "riichi/analysis.hpp"

#include <stdexcept>
#include <string>

namespace riichi {

namespace {

// A concealed part of 3n+1 or 3n+2 tiles (n = 0..4). Declared melds may be written out (then
// the whole hand has 13 or 14 tiles) or left implied (a 7-tile hand has two melds declared).
void check_size(const Hand& hand) {
  const int n = static_cast<int>(hand.concealed.size());
  const int melds = static_cast<int>(hand.melds.size());
  if (melds > 4) throw std::invalid_argument("a hand has at most 4 melds");
  if (n % 3 == 0 || n > 14)
    throw std::invalid_argument(
        "the concealed part needs 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, "
        "8, 10, 11, 13 or 14), this one has " +
        std::to_string(n));
  const int with_melds = n + 3 * melds;
  if (melds > 0 && with_melds != 13 && with_melds != 14)
    throw std::invalid_argument(
        "with its melds (3 tiles each) a hand has 13 or 14 tiles, this one "
        "has " +
        std::to_string(n) + " concealed tiles and " + std::to_string(melds) + " melds");
}

Counts visible_counts(const Hand& hand, const std::vector<Tile>& visible) {
  Counts seen = counts_of(visible);
  for (const Meld& m : hand.melds)
    for (Tile t : m.view()) ++seen[t.kind];
  const Counts own = hand.concealed_counts();
  for (int k = 0; k < kNumKinds; ++k)
    if (seen[k] + own[k] > 4)
      throw std::invalid_argument("more than four copies of " + kind_to_string(k) +
                                  " between the hand, its melds and the visible tiles");
  return seen;
}

}  // namespace

HandAnalysis analyze(const Hand& hand, const std::vector<Tile>& visible) {
  check_size(hand);
  HandAnalysis a;
  a.hand = hand;
  a.concealed_tiles = static_cast<int>(hand.concealed.size());
  const Counts seen = visible_counts(hand, visible);
  const Counts concealed = hand.concealed_counts();
  a.shanten = shanten_detail(concealed);
  if (a.concealed_tiles % 3 == 2) {
    a.complete = a.shanten.shanten == -1;
    a.discards = discard_table(concealed, &seen);
    return a;
  }
  a.waits = waits(concealed, &seen);
  for (const Wait& w : a.waits) a.waits_total += w.remaining;
  a.tenpai_for_payment = is_tenpai_for_payment(concealed, hand.all_counts());
  if (a.waits.empty()) a.ukeire = ukeire(concealed, &seen);
  return a;
}

}  // namespace riichi
