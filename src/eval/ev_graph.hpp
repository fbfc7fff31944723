// Internal to the hand-value model (ev.hpp): the state graph and what fixes it.
//
// Tile ids: 0..33 the kinds (a five without its red copy), 34..36 the red 5m 5p 5s.
//
// NodeKey (12 bytes), one state:
//   lo bits  0..20  man counts as a base-5 number (digit i = count of number i+1)
//   lo bits 21..41  pin      lo bits 42..62  sou
//   hi bits  0..16  honours (E S W N White Green Red)
//   hi bits 17..19  red 5m, 5p, 5s held (the fives above count them too)
//   hi bit  20      riichi declared
// Adding a tile adds a constant to (lo, hi): no carries cross the fields.
//
// Nodes: draw nodes (3n+1 tiles, before a draw) and discard nodes (3n+2, choosing a discard).
// Draw edges d -> D (draw x, weight = count of x) are averaged by d; option edges D -> d
// (discard) are maximised by D. With bidirectional_edges every edge is both (reference 7.1).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "eval/ev.hpp"
#include "riichi/decompose.hpp"
#include "riichi/score.hpp"
#include "riichi/yaku.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi::eval::detail {

inline constexpr int kIds = 37;
constexpr int kind_of_id(int id) { return id < kNumKinds ? id : 9 * (id - kNumKinds) + 4; }
constexpr int red_id_of(int kind) { return kNumKinds + kind / 9; }  // kind: a five

using IdCounts = std::array<std::uint8_t, kIds>;

// An allocator whose vectors leave the elements a resize adds uninitialised (default-initialised,
// not zeroed): for the arrays written in full right after their resize (no memset first).
template <class T>
struct NoZeroAllocator : std::allocator<T> {
  NoZeroAllocator() = default;
  template <class U>
  NoZeroAllocator(const NoZeroAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <class T>
using FillVector = std::vector<T, NoZeroAllocator<T>>;  // filled by its user after a resize

struct NodeKey {
  std::uint64_t lo = 0;
  std::uint32_t hi = 0;
  friend bool operator==(const NodeKey&, const NodeKey&) = default;
};
inline constexpr std::uint32_t kRiichiBit = 1u << 20;

// What stays fixed during one evaluation.
struct Setup {
  IdCounts total{};  // copies of each id outside what is seen (visible, indicators, melds)
  IdCounts start{};  // the starting concealed hand by id
  int start_shanten = 0;
  int start_tiles = 0;  // 3n+2 or 3n+1
  int melds = 0;
  bool closed = true;          // no open meld (ankan allowed): riichi possible
  int unseen = 0;              // S0: tiles not seen at the start (sum of total - start)
  int total_ids = 0;           // sum of total
  int start_turn = 0;          // the position's turn
  std::uint64_t own_pond = 0;  // kinds in the own discards (furiten)
  bool red_fives = false;
};

// Checks the position (std::invalid_argument naming the fault) and sets the search up; the
// starting shanten (which builds the distance tables on first use) only when `shanten`.
Setup make_setup(const EvPosition& position, const Rules& rules, bool shanten = true);
NodeKey key_of(const IdCounts& hand, bool riichi);
IdCounts hand_of(const NodeKey& key);  // by id
Counts kinds_of(const IdCounts& hand);

// Bit i set when counts[i] > 0 (a hand by id or by kind: at least 32 entries).
template <std::size_t N>
std::uint64_t held_mask(const std::array<std::uint8_t, N>& counts) {
  static_assert(N >= 32 && N < 64);
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  auto bits = [&](std::size_t from) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts.data() + from));
    return std::uint64_t(static_cast<std::uint16_t>(~_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero))));
  };
  // (The last 16 entries read again from N - 16: the bits they share with bits(16) agree.)
  return bits(0) | bits(16) << 16 | bits(N - 16) << (N - 16);
#else
  std::uint64_t m = 0;
  for (std::size_t i = 0; i < N; ++i) m |= std::uint64_t{counts[i] > 0} << i;
  return m;
#endif
}

// Open-addressing map from a node's key to its index (draw and discard nodes in one map: their
// tile counts differ).
class NodeMap {
 public:
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;
  NodeMap() { slots_.resize(1024); }
  // The value stored for `key`, or kAbsent.
  std::uint32_t find(const NodeKey& key) const;
  // The value stored for `key`; when absent, stores `value` and returns kAbsent.
  std::uint32_t find_or_insert(const NodeKey& key, std::uint32_t value) {
    if (size_ >= limit_) grow();
    std::size_t i = home(key);
    for (;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.value == kAbsent) break;
      if (s.lo == key.lo && s.hi == key.hi) return s.value;
    }
    slots_[i] = Slot{key.lo, key.hi, value};
    used_.push_back(static_cast<std::uint32_t>(i));
    ++size_;
    return kAbsent;
  }
  std::size_t size() const { return size_; }
  void clear();  // keeps the capacity (shrinks it when much larger than the last use)
  // Asks the cache for the slot of `key` ahead of a lookup.
  void prefetch(const NodeKey& key) const { __builtin_prefetch(&slots_[home(key)]); }
  // Whether prefetching pays: the slots (16 bytes each) are more than a core's L2 cache holds
  // (256 KB); a smaller table stays in the cache, and a prefetch only hashes the key twice.
  bool worth_prefetching() const { return prefetch_; }

 private:
  struct Slot {
    std::uint64_t lo = 0;
    std::uint32_t hi = 0;
    std::uint32_t value = kAbsent;
  };
  // The slot where the search for `k` starts: the top bits of a multiplicative hash (its low
  // bits ignore the high key bits: the sou and honours in a table of up to 2^13 slots).
  std::size_t home(const NodeKey& k) const {
    const std::uint64_t h =
        (k.lo ^ (std::uint64_t{k.hi} * 0xC2B2AE3D27D4EB4Full)) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> shift_);
  }
  void resize(std::size_t slots);  // empties the map; slots a power of 2
  void grow();
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> used_;  // the slots filled, so that a clear touches only them
  std::size_t size_ = 0;
  // (Kept with the slots: a lookup reads them instead of the vector's size.)
  std::size_t mask_ = 1023;  // slots - 1
  std::size_t limit_ = 512;  // an insertion at this size grows the map first (half full)
  int shift_ = 64 - 10;      // 64 - log2(slots)
  bool prefetch_ = false;    // worth_prefetching(): slots > 2^14
};

// What the winner receives for `basic` points (RULES.md §8.1, no honba nor sticks): the
// payments of score() for one reading, without building its result.
inline int payment(int basic, bool dealer, bool tsumo) {
  auto up = [](int x) { return (x + 99) / 100 * 100; };  // round_up_100, inlined
  if (!tsumo) return up(basic * (dealer ? 6 : 4));
  if (dealer) return 3 * up(2 * basic);
  return up(2 * basic) + 2 * up(basic);
}
// The same under `rules`: with three players a tsumo is paid by two players, the absent
// North's share lost (tsumo_loss) or split between them (score.cpp, make_payments).
inline int payment(int basic, bool dealer, bool tsumo, const Rules& rules) {
  if (!tsumo || rules.players == 4) return payment(basic, dealer, tsumo);
  auto up = [](int x) { return (x + 99) / 100 * 100; };
  const int absent = rules.tsumo_loss ? 0 : up(basic);
  if (dealer) return 2 * (up(2 * basic) + (absent > 0 ? up(basic) : 0));
  const int split = absent > 0 ? up(absent / 2) : 0;
  return up(2 * basic) + up(basic) + 2 * split;
}

// Points of wins (ev_score.cpp): the rules' own score(), plus the ura dora expectation.
class WinScorer {
 public:
  // A reading with a yaku: han counts the yaku and the dora, not the red fives (0 for yakuman).
  struct Candidate {
    int yakuman = 0, han = 0, fu = 0;
  };
  // A riichi win's expected value over the one ura indicator for a best reading (han, fu)
  // with tsumo or ron: the same for every winning tile of the hand's kinds.
  struct UraMemo {
    std::int16_t han = -1, fu = 0;
    bool tsumo = false;
    double value = 0;
  };
  // What a complete hand's kinds give, whatever its winning tile, red fives, riichi and tsumo.
  struct Shapes {
    DecompositionList list;
    bool chiitoitsu = false, kokushi = false;
    // The fields of a reading that the kinds give (counts with the melds', kinds, melds,
    // menzen) and the dora they hold (not the red fives): made on first use (dora < 0 until
    // then) by readings().
    Reading base;
    int dora = -1;
    // Its decompositions laid out as readings, then its seven pairs when chiitoitsu: from
    // Store::layouts[layouts], made with base.
    std::uint32_t layouts = 0;
    // With returned discards and one indicator, the indicator tiles by the ura they give
    // (compute_points): a function of the kinds, made on first use (ways[0] < 0 until then),
    // and the last expectations computed from them.
    std::array<int, 5> ways{-1, 0, 0, 0, 0};
    std::array<UraMemo, 4> memo{};
    int memo_next = 0;
  };
  // One reading of a complete hand's decomposition (or seven pairs) without its winning tile:
  // the sets in the order score() lays them out (the blocks but the pair, then the melds), the
  // sets of each block (-1 for the pair), and the yaku and fu the readings share (sets_yaku,
  // sets_fu).
  struct Layout {
    Reading reading;
    SetsYaku yaku;
    int fu = 0;  // sets_fu
    std::array<std::int8_t, 5> set_of_block{};
  };
  // The readings' entries of a complete hand: [first, first + count) of candidates, and its
  // entry of shapes.
  struct ReadingRow {
    std::uint32_t first, count, shapes;
  };
  // The caches of one evaluation; kept by the caller between evaluations so that a scorer
  // allocates nothing once they have grown (cleared by the constructor).
  struct Store {
    // key without the red fives, with the winning kind (bits 21..26) and tsumo (bit 27)
    NodeMap reading_index;
    std::vector<ReadingRow> reading_rows;
    std::vector<Candidate> candidates;
    NodeMap shape_index;  // key of the kinds only
    // [0, shapes_used) in use: the entries beyond are kept from earlier evaluations and made
    // anew when reused (no zeroing and default construction of a new entry each time).
    std::vector<Shapes> shapes;
    std::size_t shapes_used = 0;
    std::vector<Layout> layouts;
    void clear();
  };

  // `store`: the caches to use (cleared), or null for the scorer's own.
  WinScorer(const EvPosition& position, const EvOptions& options, const Rules& rules,
            const Setup& setup, Store* store = nullptr);
  // The complete concealed hand (its key, and its counts by kind and by id), the winning tile
  // (id) `win` included; `dist` its tiles beyond the starting hand. 0 = no win (no yaku).
  double points(const NodeKey& key, const Counts& kinds, const IdCounts& hand, int win, bool riichi,
                bool tsumo, int dist) const;

 private:
  struct Best {
    bool ok = false;
    int han = 0, fu = 0, yakuman = 0, value = 0;
  };
  Shapes& shapes_of(const NodeKey& key, const Counts& concealed, std::uint32_t& index) const;
  // The readings of a complete hand with a yaku, in the order score() offers them; shared by
  // the hands that differ in their red fives only (cached by the kinds, riichi, winning kind
  // and tsumo).
  ReadingRow readings(const NodeKey& key, const Counts& concealed, int win, bool riichi,
                      bool tsumo) const;
  static constexpr int kPayHan = 16, kPayFu = 28;  // han 0..15, fu 0..135 by 5
  int pay(int han, int fu, bool tsumo) const;
  static int pay_slot(int han, int fu, bool tsumo);  // index in pay_, -1 when not memoised
  int pay_slow(int han, int fu, bool tsumo) const;   // computes (and keeps) a payment
  Best best_reading(const ReadingRow& row, const IdCounts& hand, bool tsumo) const;
  double compute_points(const NodeKey& key, const Counts& kinds, const IdCounts& hand, int win,
                        bool riichi, bool tsumo, int dist) const;

  const EvPosition& position_;
  const EvOptions& options_;
  const Rules& rules_;
  const Setup& setup_;
  std::array<WinContext, 4> contexts_;           // by riichi * 2 + tsumo
  std::vector<std::pair<int, int>> dora_kinds_;  // (kind, dora per copy)
  Counts indicator_of_{};                        // the indicator kind pointing at each kind
  Counts kind_total_{};  // Setup::total by kind (red fives counted with their kinds)
  int kita_dora_ = 0;    // the dora of the nukidora set aside
  Counts meld_counts_{};
  std::uint64_t meld_kinds_ = 0;  // kinds in the melds, and North with kita set aside
  int meld_red_ = 0;
  std::array<HandSet, 4> meld_sets_{};
  int melds_ = 0;
  bool menzen_ = true;
  bool ura_ = false;       // the ura expectation: options.ura with an indicator
  int returned_wall_ = 0;  // the ura's wall with returned discards (a constant)
  mutable std::array<int, 2 * kPayHan * kPayFu> pay_;  // pay() by tsumo, han, fu / 5; -1 unset
  std::unique_ptr<Store> own_;                         // when no store is given
  Store& st_;
};

// A draw edge, 32 bits: bits 0..27 the discard node reached, bits 28..30 the weight (count of
// the id drawn, 1..4), bit 31 set when the draw completes the hand: its points are then the next
// entry of Graph::win_points (in edge order).
using DrawEdge = std::uint32_t;
inline constexpr DrawEdge kWinEdge = 1u << 31;
inline constexpr std::uint32_t kEdgeTarget = (1u << 28) - 1;
constexpr int edge_weight(DrawEdge e) { return static_cast<int>(e >> 28 & 7); }

// Ron on a tenpai draw node (standard model): the live winning tiles that give a ron (not
// furiten, a yaku), and the average points of such a ron. The chance per turn follows from the
// draw denominator of the turn (ev.cpp).
struct RonChance {
  std::uint32_t node = 0;
  int live = 0;
  double points = 0;
};

// Draw node flags.
inline constexpr std::uint8_t kTenpaiFlag = 1, kRiichiFlag = 2;

struct Graph {
  NodeMap index;  // draw node d -> d, discard node D -> D | kDiscardBit
  std::vector<NodeKey> draw_key, discard_key;
  // What the build keeps of a node besides its key, one record a node (one push instead of
  // three: docs/eval.md, "Round 19"): its hand by id (its parent's, one id more or less:
  // cheaper than decoding the key when the node is expanded), and for bidirectional edges the
  // edges made so far: of a draw node the draw edges to a discard node of the same riichi, of
  // a discard node one flag per (removed id, source riichi differs). (A draw node's distance
  // apart: the general recursion reads it.)
  struct DrawRecord {
    IdCounts hand;
    std::uint64_t drawn;
  };
  struct DiscardRecord {
    IdCounts hand;
    std::uint8_t dist;  // tiles beyond the starting hand
    std::array<std::uint64_t, 2> seen;
  };
  FillVector<DrawRecord> draw_record;  // (each record written in full when pushed)
  FillVector<DiscardRecord> discard_record;
  std::vector<std::uint8_t> draw_dist;  // tiles beyond the starting hand
  std::vector<std::uint8_t> draw_flags;
  // CSR: draw_edges[draw_first[d] .. draw_first[d + 1]), the win edges last in each row. The
  // counts (draw_first, win_first, draw_weight, option_first) are made by the build, the rows
  // (draw_edges, win_points, option_to) by fill_rows when needed (the reference's recursion
  // reads raw_edges instead).
  std::vector<std::uint32_t> draw_first;
  FillVector<DrawEdge> draw_edges;
  FillVector<double> win_points;            // one per win edge, in edge order
  std::vector<std::uint32_t> win_first;     // the row's first entry of win_points
  std::vector<std::uint16_t> draw_weight;   // the sum of the row's weights
  std::vector<std::uint32_t> option_first;  // CSR: option_to of discard node D
  FillVector<std::uint32_t> option_to;
  bool bidirectional = false;  // the options are the draw edges read backwards
  bool rows_filled = false;
  std::vector<RonChance> ron;  // sorted by node
  // The nodes are made breadth first, by depth (the fewest draws from the starting hand's
  // draw nodes): [k] the number of draw (discard) nodes of depth k or less. A node of depth k
  // matters for the values of the starting hand at turns k and later only.
  std::vector<std::uint32_t> draws_by_depth, discards_by_depth;
  std::size_t wins_scored = 0;
  bool capped = false;

  // Buffers of the build, kept with the graph so that a reused graph allocates nothing. The raw
  // edges in the order made (their points in raw_points), the source of the rows.
  struct RawEdge {
    std::uint32_t from;
    DrawEdge edge;
  };
  std::vector<RawEdge> raw_edges;
  std::vector<double> raw_points;  // the points of the win edges, in raw_edges order
  std::vector<std::pair<std::uint32_t, std::uint32_t>> raw_options;  // (discard, draw node)
  std::vector<std::uint32_t> at, scratch;

  void clear();
};

// Builds the graph from the starting hand (a discard node for 3n+2 tiles, a draw node for 3n+1:
// node 0 either way). Returns false when max_nodes was reached.
bool build_graph(const Setup& setup, const EvOptions& options, int extra, const WinScorer& scorer,
                 Graph& graph);
// The rows of a built graph (draw_edges, win_points, option_to) from its raw edges, once.
void fill_rows(Graph& graph);

inline constexpr std::uint32_t kDiscardBit = 1u << 31;

// The chain approximation (ev_approx.cpp) of the 3n+1 hand `hand`: climbing one shanten per
// draw of an effective tile (counted now), then waiting on kTypicalWait live tiles for a riichi
// (or one-yaku) hand with its dora at 30 fu.
inline constexpr int kTypicalWait = 6;
EvCurve chain_curve(const Setup& setup, const EvOptions& options, const EvPosition& position,
                    const Rules& rules, const IdCounts& hand);

}  // namespace riichi::eval::detail
