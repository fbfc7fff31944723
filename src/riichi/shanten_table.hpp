// Internal: the shanten tables (see shanten.hpp for the definition of shanten).
//
// A suit's tiles (9 counts 0..4) or the honours (7 counts) have a "block value" vector: for
// p = 0/1 (may the pair be taken here) and b = 0..4 (how many blocks may be counted here), the
// best 2*sets + partial sets + pair. Only 54 distinct vectors occur for a suit and 20 for the
// honours, so each part is a one-byte class. The combinations are tabled too: man+pin classes ->
// a class (63 occur), sou+honour classes -> a class (54 occur), and for those two and the number
// of sets needed, the final value. Standard shanten is thus 4 class lookups and 3 small-table
// lookups.
//
// Layout (every table is constant data, generated at build time by shanten_table_gen.cpp and
// compiled in: nothing is built when a process starts):
//   kSuitClass[high_offset[high] + low_rank[low]]   suit class of a suit of at most 14 tiles.
//       The base-5 key of the 9 counts splits into low = counts of 1..5 (c0 + 5 c1 + ... +
//       625 c4) and high = counts of 6..9. Low keys are ranked by tile count, so the low keys
//       allowed beside a given high part (at most 14 tiles in all) form a prefix of the ranks;
//       high_offset[high] is where that prefix starts (405,350 entries, one byte each).
//   kHonorClass[key]                                 honour class, key = c0 + 5 c1 + ... + 5^6 c6
//                                                    over East..Red (78,125 entries).
//   mp_class[man * kSuitClasses + pin]               class of the man+pin combination
//   sz_class[sou * kHonorClasses + honours]          class of the sou+honour combination
//   final_value[(mp * kSouHonorClasses + sz) * 5 + sets needed]   best 2*sets + partials + pair
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "riichi/hand.hpp"
#include "riichi/tile.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi::detail {

inline constexpr int kSuitClasses = 54;      // distinct block-value vectors of a suit
inline constexpr int kHonorClasses = 20;     // ... of the honours
inline constexpr int kManPinClasses = 63;    // ... of man + pin combined
inline constexpr int kSouHonorClasses = 54;  // ... of sou + honours combined
inline constexpr int kSuitEntries = 405350;  // suits of at most 14 tiles (the compact index)
inline constexpr int kHonorKeys = 78125;     // 5^7

// The small tables (the two large ones are byte strings, below).
struct ShantenTableData {
  std::uint32_t high_offset[625];  // by base-5 key of counts 6..9
  std::uint16_t low_rank[3125];    // by base-5 key of counts 1..5
  std::uint8_t mp_class[kSuitClasses * kSuitClasses];
  std::uint8_t sz_class[kSuitClasses * kHonorClasses];
  std::int8_t final_value[kManPinClasses * kSouHonorClasses * 5];
};

// Generated (build/generated/shanten_table_data.cpp). The byte strings carry a final '\0'.
extern const ShantenTableData kShantenTableData;
extern const unsigned char kSuitClass[kSuitEntries + 1];
extern const unsigned char kHonorClass[kHonorKeys + 1];

inline constexpr int kPow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

// Read access to the tables (a stateless view; shanten_tables() returns the one instance).
struct ShantenTables {
  static int low_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])));
  }
  static int high_key(const std::uint8_t* c) { return c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])); }
  static int honor_key(const std::uint8_t* c) {
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6])))));
  }
  // The seven keys of a hand: keys[0..2] the suits' low keys, keys[3] the honour key,
  // keys[4..6] the suits' high keys (the layout of PartClasses::keys_).
  static void keys(const Counts& c, int* keys) {
#if defined(__SSE2__)
    // With vector multiply-adds (pmaddwd) instead of a chain of 3 instructions a digit: a suit's
    // kinds 2..9 as eight 16-bit lanes give four pair sums, 5 d1 + 25 d2 and 125 d3 + 625 d4
    // (the low key less d0) and d5 + 5 d6 and 25 d7 + 125 d8 (the high key). The honours'
    // eight bytes start at kind 26 (a sou, weight 0): e0, 5 e1 + 25 e2, 125 e3 + 625 e4 and
    // e5 + 5 e6 (3125 times that in the key). Each pair sum fits 16 bits (counts <= 4), so two
    // saturating packs and a second multiply-add give the sums of the pairs of pair sums.
    const __m128i zero = _mm_setzero_si128();
    const auto lanes = [&](int at) {  // counts of kinds at..at+7 (eight bytes, within the 34)
      return _mm_unpacklo_epi8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(c.data() + at)),
                               zero);
    };
    const __m128i kSuit = _mm_setr_epi16(5, 25, 125, 625, 1, 5, 25, 125);
    const __m128i kHonour = _mm_setr_epi16(0, 1, 5, 25, 125, 625, 1, 5);
    const __m128i m = _mm_madd_epi16(lanes(1), kSuit), p = _mm_madd_epi16(lanes(10), kSuit);
    const __m128i s = _mm_madd_epi16(lanes(19), kSuit), z = _mm_madd_epi16(lanes(26), kHonour);
    alignas(16) std::int32_t q[8];  // low0 - d0, high0, low1 - d0, high1, low2 - d0, high2, ...
    _mm_store_si128(reinterpret_cast<__m128i*>(q),
                    _mm_madd_epi16(_mm_packs_epi32(m, p), _mm_set1_epi16(1)));
    _mm_store_si128(
        reinterpret_cast<__m128i*>(q + 4),
        _mm_madd_epi16(_mm_packs_epi32(s, z), _mm_setr_epi16(1, 1, 1, 1, 1, 1, 1, 3125)));
    keys[0] = q[0] + c[0], keys[1] = q[2] + c[9], keys[2] = q[4] + c[18];
    keys[3] = q[6] + q[7];
    keys[4] = q[1], keys[5] = q[3], keys[6] = q[5];
#else
    for (int part = 0; part < 3; ++part) {
      keys[part] = low_key(&c[9 * part]);
      keys[4 + part] = high_key(&c[9 * part]);
    }
    keys[3] = honor_key(&c[27]);
#endif
  }
  static int suit_at(int low, int high) {
    return kSuitClass[kShantenTableData.high_offset[high] + kShantenTableData.low_rank[low]];
  }
  static int honor_at(int key) { return kHonorClass[key]; }
  static int suit(const std::uint8_t* c) { return suit_at(low_key(c), high_key(c)); }
  static int honor(const std::uint8_t* c) { return honor_at(honor_key(c)); }
  // Best 2*sets + partials + pair of the four parts, `blocks` sets needed (0..4).
  static int value(int m, int p, int s, int z, int blocks) {
    const ShantenTableData& d = kShantenTableData;
    const int mp = d.mp_class[m * kSuitClasses + p], sz = d.sz_class[s * kHonorClasses + z];
    return d.final_value[(mp * kSouHonorClasses + sz) * 5 + blocks];
  }
};

// The table classes of a hand's four parts (man, pin, sou, honours), read once: a hand one tile
// away is then one class lookup away, since a tile changes one digit of one part's key. A part
// may hold at most 14 tiles (the compact suit index), so value_with(kind, +1, ...) needs at most
// 13 tiles in the part of `kind`.
class KeyedHandShanten;

class PartClasses {
 public:
  PartClasses() = default;
  explicit PartClasses(const Counts& c) {
    ShantenTables::keys(c, keys_);
    for (int part = 0; part < 3; ++part)
      class_[part] = ShantenTables::suit_at(keys_[part], keys_[4 + part]);
    class_[3] = ShantenTables::honor_at(keys_[3]);
    combine();
  }
  // One tile of `kind` in (delta = 1) or out (delta = -1): its part's key moves by one digit.
  // The key moves first and the class is read from it; only the combined class of the part's
  // side (man+pin or sou+honours) changes.
  void move(int kind, int delta) {
    const ShantenTableData& d = kShantenTableData;
    const KindKey k = kKeyOf[kind];  // one table: the part, the key and its step
    keys_[k.key] += delta * k.step;
    if (k.part == 3) {
      class_[3] = ShantenTables::honor_at(keys_[3]);
      sz_ = d.sz_class[class_[2] * kHonorClasses + class_[3]];
      return;
    }
    class_[k.part] = ShantenTables::suit_at(keys_[k.part], keys_[4 + k.part]);
    if (k.part < 2)
      mp_ = d.mp_class[class_[0] * kSuitClasses + class_[1]];
    else
      sz_ = d.sz_class[class_[2] * kHonorClasses + class_[3]];
  }
  // Best 2*sets + partials + pair when `blocks` sets are needed.
  int value(int blocks) const { return final_value(mp_, sz_, blocks); }
  // The same for the hand with one tile of `kind` more (delta = 1) or less (delta = -1): one
  // class lookup and two small-table lookups.
  int value_with(int kind, int delta, int blocks) const {
    const ShantenTableData& d = kShantenTableData;
    const int changed = moved_class(kind, delta);
    switch (kPartOf[kind]) {
      case 0:
        return final_value(d.mp_class[changed * kSuitClasses + class_[1]], sz_, blocks);
      case 1:
        return final_value(d.mp_class[class_[0] * kSuitClasses + changed], sz_, blocks);
      case 2:
        return final_value(mp_, d.sz_class[changed * kHonorClasses + class_[3]], blocks);
      default:
        return final_value(mp_, d.sz_class[class_[2] * kHonorClasses + changed], blocks);
    }
  }
  // value_with(kind, 1, blocks) for each kind of `kinds` (bit per kind, each held at most three
  // times), as f(kind, value) in ascending kind: the lookups that do not depend on the kind are
  // made once per part.
  template <typename F>
  void for_each_added(std::uint64_t kinds, int blocks, F&& f) const {
    for_each_moved(kinds, 1, blocks, f);
  }
  // value_with(kind, delta, blocks) for each kind of `kinds` the same way (delta = -1: each kind
  // held at least once; +1: at most three times).
  template <typename F>
  void for_each_moved(std::uint64_t kinds, int delta, int blocks, F&& f) const {
    const ShantenTableData& d = kShantenTableData;
    for (int part = 0; part < 4; ++part) {
      std::uint64_t m = kinds >> (9 * part) & (part == 3 ? 0x7F : 0x1FF);
      if (m == 0) continue;
      // The combined class is table[changed * mul + add]; the value final_value[that * fmul +
      // fadd] (man/pin combine with each other, sou/honours likewise).
      const bool mp_side = part < 2;
      const std::uint8_t* table = mp_side ? d.mp_class : d.sz_class;
      const int mul = part == 0 ? kSuitClasses : part == 2 ? kHonorClasses : 1;
      const int add = part == 0   ? class_[1]
                      : part == 1 ? class_[0] * kSuitClasses
                      : part == 2 ? class_[3]
                                  : class_[2] * kHonorClasses;
      const int fmul = mp_side ? kSouHonorClasses * 5 : 5;
      const int fadd = mp_side ? sz_ * 5 + blocks : mp_ * kSouHonorClasses * 5 + blocks;
      const auto emit = [&](int kind, int changed) {
        f(kind, static_cast<int>(d.final_value[table[changed * mul + add] * fmul + fadd]));
      };
      if (part == 3) {
        for (; m; m &= m - 1) {
          const int kind = 27 + std::countr_zero(m);
          emit(kind, ShantenTables::honor_at(keys_[3] + delta * kStepOf[kind]));
        }
        continue;
      }
      // A suit kind moves its low key (1..5) or its high key (6..9) only: the other key's
      // index in the compact suit table is read once for the part (the kinds stay ascending).
      if (std::uint64_t low = m & 0x1F) {
        const unsigned char* by_low = kSuitClass + d.high_offset[keys_[4 + part]];
        for (; low; low &= low - 1) {
          const int kind = 9 * part + std::countr_zero(low);
          emit(kind, by_low[d.low_rank[keys_[part] + delta * kStepOf[kind]]]);
        }
      }
      if (std::uint64_t high = m & 0x1E0) {
        const unsigned char* by_high = kSuitClass + d.low_rank[keys_[part]];
        for (; high; high &= high - 1) {
          const int kind = 9 * part + std::countr_zero(high);
          emit(kind, by_high[d.high_offset[keys_[4 + part] + delta * kStepOf[kind]]]);
        }
      }
    }
  }

 private:
  friend class SwapValues;        // ukeire.cpp: the effective tiles of every discard
  friend class KeyedHandShanten;  // moves its keys by the same kKeyOf
  // Part (0..3) of each kind (ukeire.cpp reads it too).
  static constexpr std::array<std::uint8_t, kNumKinds> kPartOf = [] {
    std::array<std::uint8_t, kNumKinds> t{};
    for (int k = 0; k < kNumKinds; ++k) t[k] = static_cast<std::uint8_t>(k / 9);
    return t;
  }();
  // Base-5 digit within the part's key (honours 0..6; suits 0..4 in the low key, 5..8 in the
  // high key) and the key step of each kind (moved_class).
  static constexpr std::array<std::uint8_t, kNumKinds> kDigitOf = [] {
    std::array<std::uint8_t, kNumKinds> t{};
    for (int k = 0; k < kNumKinds; ++k) t[k] = static_cast<std::uint8_t>(k % 9);
    return t;
  }();
  static constexpr std::array<int, kNumKinds> kStepOf = [] {
    std::array<int, kNumKinds> t{};
    for (int k = 0; k < kNumKinds; ++k) {
      const int digit = k % 9;
      t[k] = kPow5[k < 27 && digit >= 5 ? digit - 5 : digit];
    }
    return t;
  }();
  // move(): per kind, in one 8-byte entry: the step of its base-5 digit (honours: digits 0..6 of
  // the honour key; suits: digits 0..4 of the low key, 5..8 of the high key), its part, and the
  // index in keys_ of the key it moves (the part's low key, or 4 + part for a suit's high key).
  struct KindKey {
    std::int32_t step;
    std::uint8_t part;
    std::uint8_t key;
  };
  static constexpr std::array<KindKey, kNumKinds> kKeyOf = [] {  // (from the tables above)
    std::array<KindKey, kNumKinds> t{};
    for (int k = 0; k < kNumKinds; ++k) {
      const int part = kPartOf[k];
      const bool high = k < 27 && kDigitOf[k] >= 5;
      t[k] = KindKey{kStepOf[k], static_cast<std::uint8_t>(part),
                     static_cast<std::uint8_t>(high ? 4 + part : part)};
    }
    return t;
  }();

  static int final_value(int mp, int sz, int blocks) {
    return kShantenTableData.final_value[(mp * kSouHonorClasses + sz) * 5 + blocks];
  }
  // The class of the part of `kind` with one tile more or less.
  // (The part, digit and step tables here: read through kKeyOf, GCC's code for the bots'
  // value_with and for_each_moved took more instructions.)
  int moved_class(int kind, int delta) const {
    const int part = kPartOf[kind], step = delta * kStepOf[kind];
    if (part == 3) return ShantenTables::honor_at(keys_[3] + step);
    if (kDigitOf[kind] < 5) return ShantenTables::suit_at(keys_[part] + step, keys_[4 + part]);
    return ShantenTables::suit_at(keys_[part], keys_[4 + part] + step);
  }
  void combine() {
    mp_ = kShantenTableData.mp_class[class_[0] * kSuitClasses + class_[1]];
    sz_ = kShantenTableData.sz_class[class_[2] * kHonorClasses + class_[3]];
  }

  // 0..2: the suits' low keys, 3: the honour key, 4..6: the suits' high keys (one array, so
  // that move() adds a kind's step at one index read from kKeyOf).
  int keys_[7] = {0, 0, 0, 0, 0, 0, 0};
  int class_[4] = {0, 0, 0, 0};
  int mp_ = 0, sz_ = 0;  // classes of man+pin and sou+honours
};

// The counts the seven-pairs and thirteen-orphans forms need, kept one tile at a time: tiles,
// kinds held, kinds held twice or more, the same among terminals and honours (HandShanten,
// KeyedHandShanten).
class FormTally {
 public:
  FormTally() = default;
  // The counts as count() would leave them tile by tile.
  explicit FormTally(const Counts& c) {
    for (std::uint8_t n : c) tiles_ += n;
    const std::uint64_t held = kinds_at_least(c, 1), pairs = kinds_at_least(c, 2);
    kinds_ = mask_size(held);
    pairs_ = mask_size(pairs);
    yaochuu_kinds_ = mask_size(held & kYaochuuMask);
    yaochuu_pairs_ = mask_size(pairs & kYaochuuMask);
  }
  int tiles() const { return tiles_; }
  int kinds() const { return kinds_; }
  // A count of `kind` going between `low` and low + 1 (either way by `delta`).
  void count(int kind, int low, int delta) {
    tiles_ += delta;
    const int first = low == 0 ? delta : 0, second = low == 1 ? delta : 0;
    kinds_ += first;
    pairs_ += second;
    if (kYaochuuMask >> kind & 1) {  // is_yaochuu(kind) without the division by 9
      yaochuu_kinds_ += first;
      yaochuu_pairs_ += second;
    }
  }
  // The shanten of every form, given the standard form's.
  int shanten(int standard_form) const {
    if (tiles_ < 13) return standard_form;
    const int chiitoitsu = 6 - pairs_ + (kinds_ < 7 ? 7 - kinds_ : 0);
    const int kokushi = 13 - yaochuu_kinds_ - (yaochuu_pairs_ > 0 ? 1 : 0);
    return std::min({standard_form, chiitoitsu, kokushi});
  }
  // The same for the counts after count(kind, low, delta) (HandShanten::shanten_with).
  int shanten_with(int kind, int low, int delta, int standard_form) const {
    FormTally after = *this;
    after.count(kind, low, delta);
    return after.shanten(standard_form);
  }

 private:
  int tiles_ = 0, kinds_ = 0, pairs_ = 0, yaochuu_kinds_ = 0, yaochuu_pairs_ = 0;
};

// Shanten (every form, as shanten() in shanten.hpp) of a hand that changes one tile at a time,
// kept up to date in a few operations per tile: the table classes of its parts and the counts
// the seven-pairs and thirteen-orphans forms need. Starts empty (every count 0).
class HandShanten {
 public:
  HandShanten() : parts_(Counts{}) {}
  explicit HandShanten(const Counts& c) : parts_(c), forms_(c) {}
  // One tile of `kind` in; `before` is the count of `kind` before it.
  void add(int kind, int before) {
    parts_.move(kind, 1);
    forms_.count(kind, before, 1);
  }
  // One tile of `kind` out; `after` is the count of `kind` after it.
  void remove(int kind, int after) {
    parts_.move(kind, -1);
    forms_.count(kind, after, -1);
  }
  int tiles() const { return forms_.tiles(); }
  int kinds() const { return forms_.kinds(); }  // kinds held (at least one copy)
  int standard() const { return 2 * (tiles() / 3) - parts_.value(tiles() / 3); }
  int shanten() const { return forms_.shanten(standard()); }
  const PartClasses& parts() const { return parts_; }
  // The same as shanten() (all forms) or standard() of a copy after add(kind, n) (delta = 1) or
  // remove(kind, n - 1) (delta = -1), where n is the count of `kind` now: nothing is copied.
  int shanten_with(int kind, int delta, int n, bool all_forms) const {
    const int blocks = (tiles() + delta) / 3;
    const int standard_form = 2 * blocks - parts_.value_with(kind, delta, blocks);
    if (!all_forms) return standard_form;
    return forms_.shanten_with(kind, delta > 0 ? n : n - 1, delta, standard_form);
  }

 private:
  PartClasses parts_;
  FormTally forms_;
};

// The same shanten for a hand whose shanten is asked far less often than it changes (a Round
// seat's: a lower bound serves most discards, Round::Seat::shanten): a tile in or out moves
// only its part's key and the form counts, and shanten() reads the four parts' classes from the
// keys when asked (HandShanten reads one class per tile instead).
class KeyedHandShanten {
 public:
  KeyedHandShanten() = default;
  explicit KeyedHandShanten(const Counts& c) : forms_(c) { ShantenTables::keys(c, keys_); }
  // One tile of `kind` in; `before` is the count of `kind` before it.
  void add(int kind, int before) {
    keys_[PartClasses::kKeyOf[kind].key] += PartClasses::kKeyOf[kind].step;
    forms_.count(kind, before, 1);
  }
  // One tile of `kind` out; `after` is the count of `kind` after it.
  void remove(int kind, int after) {
    keys_[PartClasses::kKeyOf[kind].key] -= PartClasses::kKeyOf[kind].step;
    forms_.count(kind, after, -1);
  }
  int kinds() const { return forms_.kinds(); }  // kinds held (at least one copy)
  int shanten() const {
    const int blocks = forms_.tiles() / 3;
    const int value = ShantenTables::value(
        ShantenTables::suit_at(keys_[0], keys_[4]), ShantenTables::suit_at(keys_[1], keys_[5]),
        ShantenTables::suit_at(keys_[2], keys_[6]), ShantenTables::honor_at(keys_[3]), blocks);
    return forms_.shanten(2 * blocks - value);
  }

 private:
  int keys_[7] = {0, 0, 0, 0, 0, 0, 0};  // as PartClasses::keys_
  FormTally forms_;
};

inline const ShantenTables& shanten_tables() {
  static constexpr ShantenTables kTables{};
  return kTables;
}

// Tile count, distinct kinds, pairs, and the same over the 13 terminal/honour kinds: what the
// seven-pairs and thirteen-orphans shanten need. One vector pass over the 34 counts.
struct FormCounts {
  int tiles = 0;
  int kinds = 0;
  int pairs = 0;
  int yaochuu_kinds = 0;
  bool yaochuu_pair = false;
  std::uint64_t present = 0;  // bit k: kind k is held
};
FormCounts form_counts(const Counts& c);

}  // namespace riichi::detail
