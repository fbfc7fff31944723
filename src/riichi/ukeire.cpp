#include "riichi/ukeire.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "riichi/hand.hpp"
#include "riichi/shanten_table.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    std::uint64_t kept = ins;  // ins_, in a register while the parts are set
    set_part<0>(parts, held, ins, kept);
    set_part<1>(parts, held, ins, kept);
    set_part<2>(parts, held, ins, kept);
    set_part<3>(parts, held, ins, kept);
    ins_ = kept;
  }

  // The kinds `in` of `ins` for which the hand less one `out` (a held kind) and plus one `in`
  // has a block value of at least `need`, as a bit per kind. Asked for the `out` in ascending
  // order (the memo of the outside answers is per part).
  [[gnu::always_inline]] std::uint64_t at_least(int out) {
    switch (PartClasses::kPartOf[out]) {
      case 0:
        return at_least_in<0>(out);
      case 1:
        return at_least_in<1>(out);
      case 2:
        return at_least_in<2>(out);
      default:
        return at_least_in<3>(out);
    }
  }

 private:
  static constexpr std::uint64_t kPartMask[4] = {
      0x1FF, std::uint64_t{0x1FF} << 9, std::uint64_t{0x1FF} << 18, std::uint64_t{0x7F} << 27};
  static constexpr std::uint64_t kSideMask[2] = {std::uint64_t{0x3FFFF},
                                                 std::uint64_t{0xFFFF} << 18};
  // A suit's kinds whose digit is in the low key (1..5) or in the high key (6..9).
  static constexpr std::uint64_t kLowDigits = 0x1F | 0x1F << 9 | std::uint64_t{0x1F} << 18;
  static constexpr std::uint64_t kHighDigits = 0x1E0 | 0x1E0 << 9 | std::uint64_t{0x1E0} << 18;
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

  // f(kind, its bit, class of part P with one tile of the kind more) for each kind of `kinds`
  // (all in part P), from its keys `low`, `high`: a suit kind moves one of the two keys only,
  // so the other key's index is read once (ShantenTables::suit_at's two lookups).
  template <int P, typename F>
  [[gnu::always_inline]] static void for_each_added(std::uint64_t kinds, int low, int high, F&& f) {
    if constexpr (P == 3) {
      for (std::uint64_t m = kinds; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        f(k, m & -m, ShantenTables::honor_at(low + kLowStep[k]));
      }
    } else {
      const ShantenTableData& t = kShantenTableData;
      if (std::uint64_t m = kinds & kLowDigits) {
        const unsigned char* by_low = kSuitClass + t.high_offset[high];
        for (; m; m &= m - 1) {
          const int k = std::countr_zero(m);
          f(k, m & -m, by_low[t.low_rank[low + kLowStep[k]]]);
        }
      }
      if (std::uint64_t m = kinds & kHighDigits) {
        const unsigned char* by_high = kSuitClass + t.low_rank[low];
        for (; m; m &= m - 1) {
          const int k = std::countr_zero(m);
          f(k, m & -m, by_high[t.high_offset[high + kHighStep[k]]]);
        }
      }
    }
  }

  // The constructor's work for part P: its lookups that do not depend on the kinds swapped,
  // and the classes with each `in` of the part added.
  template <int P>
  void set_part(const PartClasses& parts, std::uint64_t held, std::uint64_t ins,
                std::uint64_t& kept) {
    constexpr int side = P / 2;
    const ShantenTableData& t = kShantenTableData;
    Part& p = part_[P];
    p.by_other =
        t.final_value + blocks_ + (side == 0 ? parts.sz_ : parts.mp_) * kFinalMul[1 - side];
    p.side_table = side == 0 ? t.mp_class : t.sz_class;
    p.with_sibling = p.side_table + parts.class_[P ^ 1] * kFirstMul[P ^ 1];
    p.low = parts.keys_[P];
    p.high = P < 3 ? parts.keys_[4 + P] : 0;
    p.cls = parts.class_[P];
    // A part holding every tile has no class with one more: every `out` is in it.
    if ((held & ~kPartMask[P]) == 0) return;
    const int need = need_;
    for_each_added<P>(ins & kPartMask[P], p.low, p.high, [&](int k, std::uint64_t bit, int added) {
      const int part = added * kFirstMul[P], final = p.with_sibling[part] * kFinalMul[side];
      added_part_[static_cast<std::size_t>(k)] = part;
      added_final_[static_cast<std::size_t>(k)] = final;
      if (p.by_other[final] < need) kept &= ~bit;
    });
  }

  template <int P>
  [[gnu::always_inline]] std::uint64_t at_least_in(int out) {
    constexpr int side = P / 2;
    const int need = need_;
    const Part& p = part_[P];
    const int low = p.low - kLowStep[out], high = p.high - kHighStep[out];
    int removed;
    if constexpr (P == 3)
      removed = ShantenTables::honor_at(low);
    else
      removed = ShantenTables::suit_at(low, high);
    std::uint64_t result;
    if (P != memo_part_) memo_part_ = P, memo_valid_ = 0;
    if (removed == p.cls) {
      // `out` leaves its part's class as it was (an isolated tile, say): with any `in` outside
      // the part the hand has the classes of the whole hand plus `in`, which the constructor
      // kept in `ins_` only when its value is at least `need`.
      result = ins_ & ~kPartMask[P];
    } else if (memo_valid_ >> removed & 1) {
      result = memo_[static_cast<std::size_t>(removed)];
    } else {
      result = 0;
      // `in` on the other side: one lookup.
      const std::int8_t* by_removed = kShantenTableData.final_value + blocks_ +
                                      p.with_sibling[removed * kFirstMul[P]] * kFinalMul[side];
      for (std::uint64_t m = ins_ & kSideMask[1 - side]; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        result |= std::uint64_t{by_removed[added_final_[k]] >= need} << k;
      }
      // `in` in the sibling part: the side's class, then the value.
      const std::uint8_t* with_removed = p.side_table + removed * kFirstMul[P];
      for (std::uint64_t m = ins_ & kPartMask[P ^ 1]; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        result |= std::uint64_t{p.by_other[with_removed[added_part_[k]] * kFinalMul[side]] >= need}
                  << k;
      }
      memo_[static_cast<std::size_t>(removed)] = result;
      memo_valid_ |= std::uint64_t{1} << removed;
    }
    // `in` in the same part: the part's class, the side's class, the value.
    for_each_added<P>(ins_ & kPartMask[P], low, high, [&](int k, std::uint64_t, int changed) {
      result |=
          std::uint64_t{p.by_other[p.with_sibling[changed * kFirstMul[P]] * kFinalMul[side]] >=
                        need}
          << k;
    });
    return result;
  }

  // Per part: the lookups that do not depend on the kinds swapped. The final table from the
  // other side's class (+ blocks); the part's side table, and it from the sibling part's class;
  // the part's keys and class.
  struct Part {
    const std::int8_t* by_other;
    const std::uint8_t* side_table;
    const std::uint8_t* with_sibling;
    int low, high, cls;
  };
  std::array<Part, 4> part_;
  std::uint64_t ins_;
  int blocks_, need_;
  std::array<int, kNumKinds> added_part_;   // class with the kind added x kFirstMul
  std::array<int, kNumKinds> added_final_;  // side class with it added x kFinalMul
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

#if !defined(__SSE2__)
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
#endif

// The copies left of each kind, max(0, 4 - hand[k] - visible[k]), and their sum over a set of
// kinds.
class CopiesLeft {
 public:
  CopiesLeft(const Counts& hand, const Counts& visible) {
#if defined(__SSE2__)
    // Three loads of each: kinds 0..15, 16..31, and 18..33 shifted to kinds 32, 33 alone.
    const auto left = [&](int at) {
      const auto load = [at](const Counts& c) {
        return _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + at));
      };
      return _mm_subs_epu8(_mm_set1_epi8(4), _mm_add_epi8(load(hand), load(visible)));
    };
    low_ = left(0), high_ = left(16), tail_ = _mm_srli_si128(left(18), 14);
    const __m128i zero = _mm_setzero_si128();
    const auto none = [&](__m128i x) {
      return std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, zero)))};
    };
    drawable_ = ~(none(low_) | none(high_) << 16 | none(tail_) << 32) & kAllKinds;
#else
    // Copies left of k = the number of n in 1..4 with hand[k] + visible[k] < n; by bit planes
    // (0..4 = plane0 + 2 plane1 + 4 plane2): four left where none is seen, two or three where
    // fewer than three, one or three where exactly one or three are.
    Counts seen;
    for (int k = 0; k < kNumKinds; ++k)
      seen[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(
          hand[static_cast<std::size_t>(k)] + visible[static_cast<std::size_t>(k)]);
    std::array<std::uint64_t, 4> below{};
    for (int n = 1; n <= 4; ++n)
      below[static_cast<std::size_t>(n - 1)] = kAllKinds & ~kinds_at_least(seen, n);
    drawable_ = below[3];
    plane2_ = below[0], plane1_ = below[2] & ~below[0];
    plane0_ = (below[3] & ~below[2]) | (below[1] & ~below[0]);
#endif
  }
  // Kinds with a copy left (bit per kind).
  std::uint64_t drawable() const { return drawable_; }
  // The copies left of the kinds of `kinds`.
  int sum(std::uint64_t kinds) const {
#if defined(__SSE2__)
    // The mask's bits as bytes: byte j of each vector 0xFF when bit j of its 16 kinds is set
    // (each mask byte copied into eight lanes, one bit of it tested per lane), then the copies
    // left of those lanes summed by psadbw (at most 12 a lane, 136 in all).
    const __m128i b = _mm_unpacklo_epi8(_mm_cvtsi64_si128(static_cast<long long>(kinds)),
                                        _mm_cvtsi64_si128(static_cast<long long>(kinds)));
    const __m128i w = _mm_unpacklo_epi16(b, b), w2 = _mm_unpackhi_epi16(b, b);
    const __m128i sel = _mm_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
    const auto lanes = [&](__m128i x) { return _mm_cmpeq_epi8(_mm_and_si128(x, sel), sel); };
    const __m128i s =
        _mm_add_epi8(_mm_add_epi8(_mm_and_si128(lanes(_mm_unpacklo_epi32(w, w)), low_),
                                  _mm_and_si128(lanes(_mm_unpackhi_epi32(w, w)), high_)),
                     _mm_and_si128(lanes(_mm_unpacklo_epi32(w2, w2)), tail_));
    const __m128i sums = _mm_sad_epu8(s, _mm_setzero_si128());
    return _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
#else
    return weighted_count(kinds & plane0_, kinds & plane1_, kinds & plane2_);
#endif
  }

 private:
  std::uint64_t drawable_;
#if defined(__SSE2__)
  __m128i low_, high_, tail_;  // copies left of kinds 0..15, 16..31, 32..33 (bytes)
#else
  std::uint64_t plane0_, plane1_, plane2_;
#endif
};

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
  const CopiesLeft left(hand, visible);
  const std::uint64_t drawable = left.drawable();
  const std::uint64_t draws = touching_kinds(f.present) & drawable;
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
    out[static_cast<std::size_t>(d)] = left.sum(improving);
  }
}

}  // namespace riichi
