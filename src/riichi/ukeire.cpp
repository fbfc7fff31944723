#include "riichi/ukeire.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "riichi/hand.hpp"
#include "riichi/shanten_table.hpp"

namespace riichi {

namespace {

constexpr std::uint64_t kAllKinds = (std::uint64_t{1} << kNumKinds) - 1;
constexpr std::uint64_t bit(int kind) { return std::uint64_t{1} << kind; }

// The kinds whose tile brings seven pairs or thirteen orphans of hand - d (13 tiles) below
// `shanten`. Each form falls by one or not at all with a tile: seven pairs with a new kind
// (while fewer than 7 are held) or the second copy of a kind; thirteen orphans with a new
// terminal/honour kind or, while no terminal/honour is paired, the second copy of one.
std::uint64_t other_forms_improving(const detail::FormCounts& f, std::uint64_t paired, int d,
                                    int count_of_d, int shanten) {
  std::uint64_t held = f.present, twice = paired;
  if (count_of_d == 1) held &= ~bit(d);
  if (count_of_d == 2) twice &= ~bit(d);
  const std::uint64_t once = held & ~twice, none = kAllKinds & ~held;
  const int kinds = f.kinds - (count_of_d == 1), pairs = f.pairs - (count_of_d == 2);
  const int yaochuu_kinds = f.yaochuu_kinds - (count_of_d == 1 && is_yaochuu(d));
  const bool yaochuu_pair = (twice & kYaochuuMask) != 0;
  const int chiitoitsu = 6 - pairs + std::max(0, 7 - kinds);
  const int kokushi = 13 - yaochuu_kinds - (yaochuu_pair ? 1 : 0);
  std::uint64_t improving = 0;
  if (chiitoitsu - 1 < shanten) improving |= once | (kinds < 7 ? none : 0);
  if (kokushi - 1 < shanten) improving |= kYaochuuMask & (none | (yaochuu_pair ? 0 : once));
  return improving;
}

}  // namespace

void ukeire_after_discards(const Counts& hand, const Counts& visible, std::uint64_t discards,
                           int shanten, std::span<int, kNumKinds> out) {
  const detail::FormCounts f = detail::form_counts(hand);
  if (f.tiles % 3 != 2 || f.tiles > 14) return;  // not a hand on its turn: nothing to compare
  discards &= f.present;                         // a kind not held is no discard
  const int blocks = f.tiles / 3;
  const int need = 2 * blocks - shanten + 1;  // block value of a hand below `shanten`
  // Copies left of k = the number of n in 1..4 with hand[k] + visible[k] < n.
  Counts seen;
  for (int k = 0; k < kNumKinds; ++k)
    seen[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(
        hand[static_cast<std::size_t>(k)] + visible[static_cast<std::size_t>(k)]);
  std::array<std::uint64_t, 4> below{};
  for (int n = 1; n <= 4; ++n)
    below[static_cast<std::size_t>(n - 1)] = kAllKinds & ~kinds_at_least(seen, n);
  const std::uint64_t drawable = below[3];
  const std::uint64_t draws = touching_kinds(f.present) & drawable;
  const bool other_forms = f.tiles == 14;
  const std::uint64_t paired = other_forms ? kinds_at_least(hand, 2) : 0;

  const detail::SwapValues swaps(hand, draws, need);
  for (std::uint64_t dm = discards; dm; dm &= dm - 1) {
    const int d = std::countr_zero(dm);
    std::uint64_t improving = swaps.at_least(d);
    if (other_forms)
      improving |= other_forms_improving(f, paired, d, hand[static_cast<std::size_t>(d)], shanten) &
                   drawable;
    int total = 0;
    for (const std::uint64_t b : below) total += mask_size(improving & b);
    out[static_cast<std::size_t>(d)] = total;
  }
}

}  // namespace riichi
