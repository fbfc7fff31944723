#include "riichi/ukeire.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "riichi/hand.hpp"
#include "riichi/shanten_table.hpp"

namespace riichi {

namespace detail {

// Block values of a hand with one tile swapped (one of `out` less, one of `in` more) for many
// pairs (out, in): what the effective tiles of every discard need. The hand's classes, and for
// each `in` the classes of the hand with it added, are read once; a pair then costs one lookup
// when out and in lie on different sides (man+pin, sou+honours), two when in different parts
// of one side, and a part class, a side and a final lookup when in the same part.
//
// The answers for the `in` outside the part of `out` depend on that part's class less `out`
// alone (54 suit classes, 20 honour classes): two discards of one part that leave the same class
// share them (a memo per part).
class SwapValues {
 public:
  // `hand` holds `tiles` = 3n+2 tiles, `held` = its kinds; `ins`: the kinds that may be drawn
  // (bit per kind, each held at most 3 times); `need`: the block value asked of the swapped
  // hands. A kind whose tile does not bring even the whole hand to `need` cannot bring it less a
  // tile there (a value never grows when a tile is taken away): it is dropped from `ins` at once.
  SwapValues(const Counts& hand, int tiles, std::uint64_t held, std::uint64_t ins, int need)
      : ins_(ins), blocks_(tiles / 3), need_(need) {
    const PartClasses parts(hand);
    const ShantenTableData& t = kShantenTableData;
    for (int part = 0; part < 4; ++part) {
      Part& p = part_[static_cast<std::size_t>(part)];
      const int side = part / 2;
      p.by_other =
          t.final_value + blocks_ + (side == 0 ? parts.sz_ : parts.mp_) * kFinalMul[1 - side];
      p.side_table = side == 0 ? t.mp_class : t.sz_class;
      p.with_sibling = p.side_table + parts.class_[part ^ 1] * kFirstMul[part ^ 1];
      p.low = parts.keys_[part];
      p.high = part < 3 ? parts.keys_[4 + part] : 0;
      p.cls = parts.class_[part];
      p.first_mul = kFirstMul[part];
      p.this_mul = kFinalMul[side];
      // A part holding every tile has no class with one more: every `out` is in it.
      if ((held & ~kPartMask[part]) == 0) continue;
      const auto keep_if = [&](std::uint64_t m, int added) {
        const int k = std::countr_zero(m);
        added_part_[k] = static_cast<std::uint16_t>(added * p.first_mul);
        added_final_[k] = static_cast<std::uint16_t>(p.with_sibling[added_part_[k]] * p.this_mul);
        if (p.by_other[added_final_[k]] < need) ins_ &= ~(m & -m);
      };
      if (part == 3) {
        for (std::uint64_t m = ins & kPartMask[3]; m; m &= m - 1)
          keep_if(m, ShantenTables::honor_at(p.low + kLowStep[std::countr_zero(m)]));
      } else {
        for (std::uint64_t m = ins & kPartMask[part]; m; m &= m - 1) {
          const int k = std::countr_zero(m);
          keep_if(m, ShantenTables::suit_at(p.low + kLowStep[k], p.high + kHighStep[k]));
        }
      }
    }
  }

  // The kinds `in` of `ins` for which the hand less one `out` (a held kind) and plus one `in`
  // has a block value of at least `need`, as a bit per kind. Asked for the `out` in ascending
  // order (the memo of the outside answers is per part).
  [[gnu::always_inline]] std::uint64_t at_least(int out) {
    const int need = need_;
    const int part = PartClasses::kPartOf[out];
    const Part& p = part_[static_cast<std::size_t>(part)];
    const int low = p.low - kLowStep[out], high = p.high - kHighStep[out];
    const int removed =
        part == 3 ? ShantenTables::honor_at(low) : ShantenTables::suit_at(low, high);
    std::uint64_t result;
    if (part != memo_part_) memo_part_ = part, memo_valid_ = 0;
    if (removed == p.cls) {
      // `out` leaves its part's class as it was (an isolated tile, say): with any `in` outside
      // the part the hand has the classes of the whole hand plus `in`, which the constructor
      // kept in `ins_` only when its value is at least `need`.
      result = ins_ & ~kPartMask[part];
    } else if (memo_valid_ >> removed & 1) {
      result = memo_[static_cast<std::size_t>(removed)];
    } else {
      result = 0;
      // `in` on the other side: one lookup.
      const std::int8_t* by_removed = kShantenTableData.final_value + blocks_ +
                                      p.with_sibling[removed * p.first_mul] * p.this_mul;
      for (std::uint64_t m = ins_ & kSideMask[1 - part / 2]; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        result |= std::uint64_t{by_removed[added_final_[k]] >= need} << k;
      }
      // `in` in the sibling part: the side's class, then the value.
      const std::uint8_t* with_removed = p.side_table + removed * p.first_mul;
      for (std::uint64_t m = ins_ & kPartMask[part ^ 1]; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        result |= std::uint64_t{p.by_other[with_removed[added_part_[k]] * p.this_mul] >= need} << k;
      }
      memo_[static_cast<std::size_t>(removed)] = result;
      memo_valid_ |= std::uint64_t{1} << removed;
    }
    // `in` in the same part: the part's class, the side's class, the value.
    const auto add_if = [&](std::uint64_t m, int changed) {
      result |= (m & -m) * (p.by_other[p.with_sibling[changed * p.first_mul] * p.this_mul] >= need);
    };
    if (part == 3) {
      for (std::uint64_t m = ins_ & kPartMask[3]; m; m &= m - 1)
        add_if(m, ShantenTables::honor_at(low + kLowStep[std::countr_zero(m)]));
    } else {
      for (std::uint64_t m = ins_ & kPartMask[part]; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        add_if(m, ShantenTables::suit_at(low + kLowStep[k], high + kHighStep[k]));
      }
    }
    return result;
  }

 private:
  static constexpr std::uint64_t kPartMask[4] = {
      0x1FF, std::uint64_t{0x1FF} << 9, std::uint64_t{0x1FF} << 18, std::uint64_t{0x7F} << 27};
  static constexpr std::uint64_t kSideMask[2] = {std::uint64_t{0x3FFFF},
                                                 std::uint64_t{0xFFFF} << 18};
  // Index multiplier of a part's class in its side's table (man*54 + pin, sou*20 + honours) and
  // of a side's class in the final table ((mp * 54 + sz) * 5 + blocks).
  static constexpr int kFirstMul[4] = {kSuitClasses, 1, kHonorClasses, 1};
  static constexpr int kFinalMul[2] = {kSouHonorClasses * 5, 5};
  // A kind's step in its part's low key (honours: the whole key) and high key.
  static constexpr std::array<int, kNumKinds> kLowStep = [] {
    std::array<int, kNumKinds> t{};
    for (int k = 0; k < kNumKinds; ++k)
      t[k] = k >= 27 ? kPow5[k - 27] : k % 9 < 5 ? kPow5[k % 9] : 0;
    return t;
  }();
  static constexpr std::array<int, kNumKinds> kHighStep = [] {
    std::array<int, kNumKinds> t{};
    for (int k = 0; k < kNumKinds; ++k) t[k] = k < 27 && k % 9 >= 5 ? kPow5[k % 9 - 5] : 0;
    return t;
  }();

  // Per part: the lookups that do not depend on the kinds swapped. The final table from the
  // other side's class (+ blocks); the part's side table, and it from the sibling part's class;
  // the part's keys and class; its index multipliers in the side and final tables.
  struct Part {
    const std::int8_t* by_other;
    const std::uint8_t* side_table;
    const std::uint8_t* with_sibling;
    int low, high, cls, first_mul, this_mul;
  };
  std::array<Part, 4> part_;
  std::uint64_t ins_;
  int blocks_, need_;
  std::array<std::uint16_t, kNumKinds> added_part_;   // class with the kind added x kFirstMul
  std::array<std::uint16_t, kNumKinds> added_final_;  // side class with it added x kFinalMul
  // The answers for the `in` outside part `memo_part_` by the part's class less `out` (bit c of
  // `memo_valid_`: memo_[c] is set).
  int memo_part_ = -1;
  std::uint64_t memo_valid_ = 0;
  std::array<std::uint64_t, kSuitClasses> memo_;
};

}  // namespace detail

namespace {

constexpr std::uint64_t kAllKinds = (std::uint64_t{1} << kNumKinds) - 1;
constexpr std::uint64_t bit(int kind) { return std::uint64_t{1} << kind; }

// popcount(m0) + 2 popcount(m1) + 4 popcount(m2) in one pass of mask_size's arithmetic (no
// popcnt instruction on the baseline x86-64): the bits of each mask counted by pairs, then by
// nibbles (at most 4 a nibble), where m0's and twice m1's still fit one nibble (at most 12); by
// bytes (at most 24 + 4 * 8) and over the bytes (a total of at most 4 x 34 < 256).
constexpr int weighted_count(std::uint64_t m0, std::uint64_t m1, std::uint64_t m2) {
  constexpr std::uint64_t k1 = 0x5555555555555555ull, k2 = 0x3333333333333333ull,
                          k4 = 0x0F0F0F0F0F0F0F0Full;
  const auto nibbles = [](std::uint64_t m) {
    m -= (m >> 1) & k1;
    return (m & k2) + ((m >> 2) & k2);
  };
  const std::uint64_t low = nibbles(m0) + 2 * nibbles(m1), high = nibbles(m2);
  const std::uint64_t bytes = (low & k4) + ((low >> 4) & k4) + 4 * ((high + (high >> 4)) & k4);
  return static_cast<int>((bytes * 0x0101010101010101ull) >> 56);
}
static_assert(weighted_count(0x3FFFFFFFFull, 0, 0) == 34 &&
              weighted_count(0, 0x3FFFFFFFFull, 0) == 68 &&
              weighted_count(0, 0, 0x3FFFFFFFFull) == 136 &&
              weighted_count(0x3FFFFFFFFull, 0x3FFFFFFFFull, 0x3FFFFFFFFull) == 238 &&
              weighted_count(0x10F, 0x2F0, 0x8F00) == 5 + 2 * 5 + 4 * 5);

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
  // Copies left by bit planes (0..4 = plane0 + 2 plane1 + 4 plane2): four left where none is
  // seen, two or three where fewer than three, one or three where exactly one or three are.
  const std::uint64_t plane2 = below[0], plane1 = below[2] & ~below[0],
                      plane0 = (below[3] & ~below[2]) | (below[1] & ~below[0]);
  // Seven pairs and thirteen orphans only fall below `shanten` after some discard when they do
  // without one (a discard never lowers their count of kinds, pairs, terminal kinds).
  bool other_forms = f.tiles == 14;
  if (other_forms)
    other_forms = 6 - f.pairs + std::max(0, 7 - f.kinds) - 1 < shanten ||
                  13 - f.yaochuu_kinds - (f.yaochuu_pair ? 1 : 0) - 1 < shanten;
  const std::uint64_t paired = other_forms ? kinds_at_least(hand, 2) : 0;

  detail::SwapValues swaps(hand, f.tiles, f.present, draws, need);
  for (std::uint64_t dm = discards; dm; dm &= dm - 1) {
    const int d = std::countr_zero(dm);
    std::uint64_t improving = swaps.at_least(d);
    if (other_forms)
      improving |= other_forms_improving(f, paired, d, hand[static_cast<std::size_t>(d)], shanten) &
                   drawable;
    out[static_cast<std::size_t>(d)] =
        weighted_count(improving & plane0, improving & plane1, improving & plane2);
  }
}

}  // namespace riichi
