#include "riichi/decompose.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "riichi/hand.hpp"
#include "riichi/run_table.hpp"

namespace riichi {

bool Decomposition::has_pair() const {
  for (int i = 0; i < count; ++i)
    if (blocks[i].type == BlockType::kPair) return true;
  return false;
}

namespace {

// Tile totals of the three suits and the honours.
struct Totals {
  int suit[3];
  int honours;
};
Totals totals_of(const Counts& c) {
  Totals t;
#if defined(__SSE2__)
  // Eight bytes summed by one SAD each, two sums per vector: kinds 0..7 and 9..16 (the ninth
  // kind of each suit added apart), kinds 18..25 and 26..33 (kind 26 moved from the honours'
  // sum to the third suit's).
  const auto eight = [&](int at) {
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(c.data() + at));
  };
  const __m128i zero = _mm_setzero_si128();
  const __m128i mp = _mm_sad_epu8(_mm_unpacklo_epi64(eight(0), eight(9)), zero);
  const __m128i sz = _mm_sad_epu8(_mm_unpacklo_epi64(eight(18), eight(26)), zero);
  t.suit[0] = _mm_cvtsi128_si32(mp) + c[8];
  t.suit[1] = _mm_extract_epi16(mp, 4) + c[17];
  t.suit[2] = _mm_cvtsi128_si32(sz) + c[26];
  t.honours = _mm_extract_epi16(sz, 4) - c[26];
#else
  for (int s = 0; s < 3; ++s) {
    t.suit[s] = 0;
    for (int k = 9 * s; k < 9 * s + 9; ++k) t.suit[s] += c[k];
  }
  t.honours = 0;
  for (int k = kEast; k < kNumKinds; ++k) t.honours += c[k];
#endif
  return t;
}

// The kinds held (bit per kind), and among the honours (bit k - 27) those held at least 2, 3
// and 4 times: the honour checks need no more.
struct Held {
  std::uint64_t present = 0;
  unsigned honour_two = 0, honour_three = 0, honour_four = 0;
  bool over_four = false;  // some kind held more than 4 times (not a hand)
};
inline Held kinds_held(const Counts& c) {
  Held m;
#if defined(__SSE2__)
  // Kinds 0..15, 16..31, and 18..33 of which lanes 9..15 (kinds 27..33) are the honours.
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data()));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16));
  const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 18));
  const auto bits = [](__m128i x, int below) {
    const __m128i v = _mm_set1_epi8(static_cast<char>(below));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(x, v)));
  };
  m.present = std::uint64_t{bits(a, 0)} | std::uint64_t{bits(b, 0)} << 16 |
              std::uint64_t{bits(t, 0) >> 14} << 32;
  m.honour_two = bits(t, 1) >> 9;
  m.honour_three = bits(t, 2) >> 9;
  m.honour_four = bits(t, 3) >> 9;
  // (Unsigned: any count above 4, from the largest of each kind's three lanes.)
  const __m128i most = _mm_max_epu8(_mm_max_epu8(a, b), t);
  const __m128i above = _mm_subs_epu8(most, _mm_set1_epi8(4));
  m.over_four = _mm_movemask_epi8(_mm_cmpeq_epi8(above, _mm_setzero_si128())) != 0xFFFF;
#else
  m.present = kinds_at_least(c, 1);
  m.honour_two = static_cast<unsigned>(kinds_at_least(c, 2) >> kEast);
  m.honour_three = static_cast<unsigned>(kinds_at_least(c, 3) >> kEast);
  m.honour_four = static_cast<unsigned>(kinds_at_least(c, 4) >> kEast);
  m.over_four = kinds_at_least(c, 5) != 0;
#endif
  return m;
}

// n % 3 for the tile totals of a suit (at most 36: four copies of nine kinds).
constexpr auto kRest = [] {
  std::array<std::uint8_t, 40> t{};
  for (int n = 0; n < 40; ++n) t[n] = static_cast<std::uint8_t>(n % 3);
  return t;
}();

// The table of runs (run_table.hpp): constant data, compiled in.
using detail::kRunPair;
using detail::kRunSlotMask;
using detail::kRunTable;
using detail::run_digit;
using detail::run_slot;
using detail::RunBlocks;
using detail::RunSlot;
using detail::RunTable;

// The suits' held kinds 10 bits apart, bit 10 s + k (a run of them ends at a suit's ninth kind).
inline std::uint32_t spaced_suits(std::uint64_t present) {
  const auto suited = static_cast<std::uint32_t>(present);
  return (suited & 0x1FFu) | (suited & 0x1FFu << 9) << 1 | (suited & 0x1FFu << 18) << 2;
}

// The lowest run of `held` (spaced_suits() bits), cleared from it: its slot in the table, or
// nullptr when it is not a complete run; its lowest kind in `first`.
[[gnu::always_inline]] inline const RunSlot* next_run(const RunTable& table, const Counts& c,
                                                      std::uint32_t& held, int& first) {
  const int low = std::countr_zero(held);
  const int length = std::countr_zero(~(held >> low));
  held &= held + (1u << low);  // (the run cleared)
  // Its lowest kind, 9 s + k (at most 26: the 8 bytes read from there end within Counts).
  first = low - static_cast<int>(static_cast<unsigned>(low) / 10);
  std::uint64_t key;
  std::memcpy(&key, c.data() + first, sizeof key);
  key &= ~std::uint64_t{0} >> (64 - 8 * std::min(length, 8));
  if (length == 9) key |= run_digit(8, c[static_cast<std::size_t>(first + 8)]);
  std::uint32_t at = run_slot(key);
  while (table.slots[at].key != key) {
    if (table.slots[at].key == 0) return nullptr;
    at = (at + 1) & kRunSlotMask;
  }
  return &table.slots[at];
}

// What put_run() adds to a run's block words: its lowest kind, in each word's kind byte.
inline std::uint64_t run_offset(int kind) {
  return static_cast<std::uint64_t>(kind) * 0x0100010001000100ull;
}

// Appends the blocks of `b` moved by `add` at `out` (16 bytes written; the size is the caller's).
inline void put_run(unsigned char* out, const RunBlocks& b, std::uint64_t add) {
  std::uint64_t lo, hi;
  std::memcpy(&lo, b.data(), sizeof lo);
  std::memcpy(&hi, b.data() + 4, sizeof hi);
  lo += add, hi += add;  // (no carry: a kind stays below 256)
  std::memcpy(out, &lo, sizeof lo);
  std::memcpy(out + 8, &hi, sizeof hi);
}

// The kinds among 7 (the honours held), as a table.
constexpr auto kBitsOf7 = [] {
  std::array<std::uint8_t, 128> t{};
  for (int m = 0; m < 128; ++m)
    t[static_cast<std::size_t>(m)] = static_cast<std::uint8_t>(std::popcount(unsigned(m)));
  return t;
}();

// The honour block of the lowest honour of `honours` (bit k - 27), a pung or the pair, at `out`.
inline void put_honour(unsigned char* out, const Counts& c, unsigned honours) {
  const int k = kEast + std::countr_zero(honours);
  const Block b{c[static_cast<std::size_t>(k)] == 3 ? BlockType::kPung : BlockType::kPair,
                static_cast<std::uint8_t>(k)};
  std::memcpy(out, &b, sizeof b);
}

// The decompositions of a hand some of whose runs have several: every choice of one per run,
// the runs' choices counting like digits, the last run's fastest (the walk's order). The list
// keeps the first kMaxDecompositions (the walk's cap; no hand has more,
// Decompose.MaximumCountFitsTheList).
[[gnu::noinline]] int lay_out_products(const Counts& concealed, std::uint64_t present,
                                       unsigned honours, const RunTable& table,
                                       DecompositionList& out) {
  // The runs again (decompose() found each of them in the table).
  struct HandRun {
    const RunSlot* slot;
    int kind;
  };
  HandRun runs[15];  // (at most five a suit)
  int run_count = 0, readings = 1;
  for (std::uint32_t held = spaced_suits(present); held != 0; ++run_count) {
    HandRun& run = runs[run_count];
    run.slot = next_run(table, concealed, held, run.kind);
    readings *= run.slot->readings;
  }
  const int count = std::min(readings, kMaxDecompositions);
  int choice[15] = {};
  for (int i = 0;;) {
    // Laid out in `laid` (a run's 8 slots written whole), then copied to the list.
    alignas(8) unsigned char laid[2 * 16] = {};
    int at = 0;
    for (int r = 0; r < run_count; ++r) {
      const RunSlot& slot = *runs[r].slot;
      put_run(laid + 2 * at, table.blocks[slot.first + choice[r]], run_offset(runs[r].kind));
      at += slot.shape & 7;
    }
    for (unsigned m = honours; m; m &= m - 1, ++at) put_honour(laid + 2 * at, concealed, m);
    Decomposition d;
    std::memcpy(static_cast<void*>(d.blocks), laid, sizeof d.blocks);
    d.count = at;
    out.items[i] = d;  // (the item's lifetime starts here, see DecompositionList)
    if (++i == count) break;
    for (int r = run_count - 1; r >= 0 && ++choice[r] == runs[r].slot->readings; --r) choice[r] = 0;
  }
  out.count = count;
  return count;
}

}  // namespace

namespace detail {

int decompose_by_walk(const Counts& concealed, DecompositionList& out) {
  out.count = 0;
  const Held held = kinds_held(concealed);
  const std::uint64_t present = held.present;
  const auto honours = static_cast<unsigned>(present >> kEast);  // bit k - 27
  if ((honours & ~held.honour_two) != 0 || held.honour_four != 0) return 0;
  const unsigned honour_pairs = honours & ~held.honour_three;
  if ((honour_pairs & (honour_pairs - 1)) != 0) return 0;
  int pairs = honour_pairs != 0 ? 1 : 0;
  const Totals totals = totals_of(concealed);
  int tiles = totals.honours;
  std::uint32_t pair_kinds = 0;
  for (int s = 0; s < 3; ++s) {
    const int total = totals.suit[s];
    const int rest = kRest[static_cast<std::size_t>(std::min(total, 39))];
    if (rest == 1) return 0;
    const bool pair = rest == 2;
    pairs += pair;
    pair_kinds |= (pair ? 0x1FFu : 0u) << (9 * s);
    tiles += total;
  }
  if (tiles > 14 || pairs != (tiles % 3 == 2 ? 1 : 0)) return 0;
  Block honour_blocks[5];
  int honour_count = 0;
  for (unsigned m = honours; m; m &= m - 1) {
    const int k = kEast + std::countr_zero(m);
    honour_blocks[honour_count++] = Block{concealed[k] == 3 ? BlockType::kPung : BlockType::kPair,
                                          static_cast<std::uint8_t>(k)};
  }
  Counts c = concealed;
  Decomposition cur;
  const auto mask = static_cast<std::uint32_t>(present & 0x7FFFFFF);
  for_each_suited_decomposition_pairing(c, mask, pair_kinds, cur, [&](const Decomposition& d) {
    if (out.count == kMaxDecompositions) return;
    out.items[out.count] = d;  // (the item's lifetime starts here, see DecompositionList)
    Decomposition& full = out.items[out.count++];
    std::memcpy(&full.blocks[full.count], honour_blocks, sizeof honour_blocks);
    full.count += honour_count;
  });
  return out.count;
}

}  // namespace detail

int decompose(const Counts& concealed, DecompositionList& out) {
  out.count = 0;
  const Held held = kinds_held(concealed);
  if (held.over_four) return detail::decompose_by_walk(concealed, out);
  // Honours are pungs or the pair: no single, no four, at most one pair.
  const std::uint64_t present = held.present;
  const auto honours = static_cast<unsigned>(present >> kEast);  // bit k - 27
  if ((honours & ~held.honour_two) != 0 || held.honour_four != 0) return 0;
  const unsigned honour_pairs = honours & ~held.honour_three;
  if ((honour_pairs & (honour_pairs - 1)) != 0) return 0;
  // The runs of the three suits in kind order, each found in the table: a run not there has no
  // decomposition, nor has the hand. The runs' blocks are laid out at once as the one
  // decomposition, in place (a run's 8 slots written whole: within the list's items, however
  // many blocks the runs of any counts add), laid out again by lay_out_products() when a run
  // has several.
  const RunTable& table = kRunTable;
  auto* const item = reinterpret_cast<unsigned char*>(&out.items[0]);
  int at = 0;
  unsigned shapes = 0;    // the runs' shapes added up: blocks | kRunPair times the pairs
  unsigned readings = 0;  // the runs' readings or-ed: above 1 when a run has several
  for (std::uint32_t left = spaced_suits(present); left != 0;) {
    int first;
    const RunSlot* slot = next_run(table, concealed, left, first);
    if (slot == nullptr) return 0;
    put_run(item + 2 * at, table.blocks[slot->first], run_offset(first));
    at += slot->shape & 7;
    shapes += slot->shape;
    readings |= slot->readings;
  }
  // At most one pair, and 14 tiles: 3 a block less one a pair (so at most five blocks). (A suit
  // of 3m+1 tiles has a run of 3m+1 tiles, not in the table; one of 3m+2 has the pair.)
  const int pairs = static_cast<int>(shapes / kRunPair) + (honour_pairs != 0 ? 1 : 0);
  const int blocks = static_cast<int>(shapes % kRunPair) + kBitsOf7[honours];
  if (pairs > 1 || 3 * blocks - pairs > 14) return 0;
  if (readings > 1) return lay_out_products(concealed, present, honours, table, out);
  // The one decomposition: the honours' blocks after the runs'.
  for (unsigned m = honours; m; m &= m - 1, ++at) put_honour(item + 2 * at, concealed, m);
  out.items[0].count = at;
  out.count = 1;
  return 1;
}

std::vector<Decomposition> decompose(const Counts& concealed) {
  DecompositionList list;
  decompose(concealed, list);
  return std::vector<Decomposition>(list.items, list.items + list.count);
}

bool is_chiitoitsu(const Counts& counts) {
  int pairs = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] == 2)
      ++pairs;
    else if (counts[k] != 0)
      return false;
  }
  return pairs == 7;
}

bool is_kokushi(const Counts& counts) {
  int n = 0;
  bool pair = false;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] == 0) {
      if (is_yaochuu(k)) return false;
      continue;
    }
    if (!is_yaochuu(k) || counts[k] > 2) return false;
    pair |= counts[k] == 2;
    n += counts[k];
  }
  return pair && n == 14;
}

}  // namespace riichi
