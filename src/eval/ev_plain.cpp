// The reference's recursion over the turns (ev_plain.hpp): rows grouped by shape, options by
// count, loops of fixed counts; every sum and maximum in the graph's order (the values bit for
// bit those of the general recursion's arithmetic).
#include "eval/ev_plain.hpp"

#include <algorithm>
#include <array>

namespace riichi::eval::detail {

namespace {

inline constexpr Values kOnes = {1, 1, 1, 1};
using LaneMask = long long __attribute__((vector_size(32)));
inline constexpr LaneMask kLane0 = {-1, 0, 0, 0};  // selects lane 0 (tenpai)

// The edge weights 0..31 (the low bits of a plain edge).
constexpr std::array<double, 32> kWeight = [] {
  std::array<double, 32> w{};
  for (int i = 0; i < 32; ++i) w[i] = i;
  return w;
}();

// An edge's weight as a double: from the byte layout (kWeight) or the wide one (as stored).
__attribute__((always_inline)) inline double weight_of(std::uint8_t w) { return kWeight[w]; }
__attribute__((always_inline)) inline double weight_of(double w) { return w; }

// `v` becomes the lane-wise maximum of the best so far `v` and an option `x`: v where v > x,
// else x. (The same values as x > v ? x : v: they differ only where v == x, a -0 against a +0,
// or a NaN, which no value is, see plain_row. In this order vmaxpd takes `x` from memory: one
// load instruction less per option.)
__attribute__((always_inline)) inline void keep_best(Values& v, const Values& x) {
  v = v > x ? v : x;
}

// The discard nodes with fewer options than this have a loop of their count each (K options,
// unrolled), the others one loop over their counts.
inline constexpr std::uint32_t kManyOptions = 16;
// The loops over the nodes of up to this count of options (edges) unrolled by 8, the others not
// (a larger body gains less, and the code grows: by 8 for all, reference 1-shanten 2.5 M
// instructions fewer but 687 KB of AVX2 code instead of 100 KB and 3 times the I1 misses;
// docs/eval.md, "Round 17").
inline constexpr int kUnrollOptions = 4, kUnrollEdges = 3;

// The best of `K` options (byte offsets `o`; the graph's order).
template <int K>
__attribute__((always_inline)) inline void best_of_options(const Slot* cur, const std::uint32_t* o,
                                                           Slot* out) {
  auto at = [](const Slot* base, std::uint32_t offset) {  // the Slot at a byte offset
    return reinterpret_cast<const Slot*>(reinterpret_cast<const char*>(base) + offset);
  };
  Values v = at(cur, o[0])->v;
  for (int j = 1; j < K; ++j) keep_best(v, at(cur, o[j])->v);
  out->v = v;
}

// The discard nodes [b, end) of `K` options each (`o` their options), the loop unrolled for
// the small counts (its own instructions, about 4 a node, shared by 8 nodes: the nodes are
// independent).
template <int K>
__attribute__((always_inline)) inline void options_of_count(const Slot* cur,
                                                            const std::uint32_t*& o, Slot*& b,
                                                            Slot* end) {
  if constexpr (K <= kUnrollOptions) {
#pragma GCC unroll 8
    for (; b < end; ++b, o += K) best_of_options<K>(cur, o, b);
  } else {
#pragma GCC unroll 1
    for (; b < end; ++b, o += K) best_of_options<K>(cur, o, b);
  }
}

// The discard nodes of the reference's recursion (the first `groups` option groups): the
// best of their options, read from the draw nodes' values `values`; written after them.
__attribute__((always_inline)) inline void plain_option_step(const PlainRecursion& w,
                                                             std::size_t draws, std::size_t groups,
                                                             Slot* __restrict values) {
  auto at = [](const Slot* base, std::uint32_t offset) {
    return reinterpret_cast<const Slot*>(reinterpret_cast<const char*>(base) + offset);
  };
  const Slot* const cur = values;
  Slot* const best = values + draws;
  Slot* b = best;
  const std::uint32_t* o = w.options.data();
  const std::uint32_t* count = w.option_counts.data();
  for (std::size_t i = 0; i < groups; ++i) {
    const PlainRecursion::OptionGroup group = w.option_groups[i];
    Slot* const end = best + group.end;
    switch (group.count) {
      case 0:
        for (; b < end; ++b) b->v = Values{0, 0, 0, 0};
        break;
      case 1:
#pragma GCC unroll 8
        for (; b < end; ++b, o += 1) b->v = at(cur, o[0])->v;
        break;
#define RIICHI_OPTIONS(K)                \
  case K:                                \
    options_of_count<K>(cur, o, b, end); \
    break;
        RIICHI_OPTIONS(2)
        RIICHI_OPTIONS(3)
        RIICHI_OPTIONS(4)
        RIICHI_OPTIONS(5)
        RIICHI_OPTIONS(6)
        RIICHI_OPTIONS(7)
        RIICHI_OPTIONS(8)
        RIICHI_OPTIONS(9)
        RIICHI_OPTIONS(10)
        RIICHI_OPTIONS(11)
        RIICHI_OPTIONS(12)
        RIICHI_OPTIONS(13)
        RIICHI_OPTIONS(14)
        RIICHI_OPTIONS(15)
#undef RIICHI_OPTIONS
      default:  // (any count of kManyOptions or more: per node)
        for (const std::uint32_t* c = count + (b - best); b < end; ++b, ++c) {
          const std::uint32_t* const last = o + *c;
          Values v = at(cur, *o)->v;
          for (const std::uint32_t* p = o + 1; p < last; ++p) keep_best(v, at(cur, *p)->v);
          b->v = v;
          o = last;
        }
    }
  }
}

// The shapes of the reference's rows: tenpai with 0..3 plain and 0..3 win edges (shape
// plain * 4 + wins), not tenpai with 0..37 plain edges (16 + plain: a draw node that may draw
// any tile has an edge per id left, up to 37), any other (kFixedShapes).
inline constexpr int kTenpaiShapes = 16, kPlainShapes = 38;
inline constexpr int kFixedShapes = kTenpaiShapes + kPlainShapes;

// One row of the reference's turn: its plain edges summed, its win edges as max(to, {1, 1,
// points}) on lanes 0, 1 (set) and 2 (max), then the node's value (`values[d]`, from the turn
// after) updated in place, lane 0 set to 1 when tenpai.
template <class W>
__attribute__((always_inline)) inline void plain_row(Slot* values, std::uint32_t d,
                                                     const std::uint32_t* e, const W* weight,
                                                     int plain, int wins, const Slot* win,
                                                     double total, const Values& inverse,
                                                     bool tenpai) {
  auto at = [](const Slot* base, std::uint32_t offset) {  // the Slot at a byte offset
    return reinterpret_cast<const Slot*>(reinterpret_cast<const char*>(base) + offset);
  };
  // The sum starts from the first term, not from 0 + it (the same but for a -0 term, which no
  // value is: the values are sums and maxima of +0, points, the riichi stick and their
  // products with positive weights).
  Values acc = {0, 0, 0, 0};
  int j = 0;
  if (plain > 0) acc = weight_of(weight[0]) * at(values, e[0])->v, j = 1;
  for (; j + 4 <= plain; j += 4) {  // (unrolled by hand for the rows of any count: same order)
    acc += weight_of(weight[j]) * at(values, e[j])->v;
    acc += weight_of(weight[j + 1]) * at(values, e[j + 1])->v;
    acc += weight_of(weight[j + 2]) * at(values, e[j + 2])->v;
    acc += weight_of(weight[j + 3]) * at(values, e[j + 3])->v;
  }
  for (; j < plain; ++j) acc += weight_of(weight[j]) * at(values, e[j])->v;
  for (int j = 0; j < wins; ++j) {
    const Values x = at(values, e[plain + j])->v;
    const Values most = x > win[j].v ? x : win[j].v;
    const Values term =
        weight_of(weight[plain + j]) * __builtin_shufflevector(win[j].v, most, 0, 1, 6, 7);
    if (plain == 0 && j == 0)
      acc = term;
    else
      acc += term;
  }
  const Values base = values[d].v;
  const Values v = base + (acc - total * base) * inverse;
  values[d].v = tenpai ? (kLane0 ? kOnes : v) : v;  // lane 0 set to 1 (one blend instruction)
}

// The rows of one group of a fixed shape: `plain` and `wins` edges each.
template <int plain, int wins, bool tenpai, class W>
__attribute__((always_inline)) inline void fixed_rows(Slot* values, std::uint32_t& d,
                                                      std::uint32_t end, const std::uint32_t*& e,
                                                      const W*& weight, const Slot*& win,
                                                      const double* totals, const Values& inverse) {
  // (Unrolled as the options' loops: the rows are independent, each updates its own value.)
  if constexpr (plain + wins <= kUnrollEdges) {
#pragma GCC unroll 8
    for (; d < end; ++d, e += plain + wins, weight += plain + wins, win += wins)
      plain_row(values, d, e, weight, plain, wins, win, totals[d], inverse, tenpai);
  } else {
#pragma GCC unroll 1
    for (; d < end; ++d, e += plain + wins, weight += plain + wins, win += wins)
      plain_row(values, d, e, weight, plain, wins, win, totals[d], inverse, tenpai);
  }
}

// The draw nodes of the first `groups` row groups, the edges' weights in `weight` (either
// layout: the same products).
template <class W>
__attribute__((always_inline)) inline void plain_rows(const PlainRecursion& w, std::size_t groups,
                                                      const W* weight, double inv, Slot* values) {
  const std::uint32_t* e = w.edges.data();
  const Slot* win = w.win_values.data();
  const double* const totals = w.totals.data();
  const std::uint32_t* const counts = w.row_counts.data();
  const Values inverse = {inv, inv, inv, inv};
  std::uint32_t d = 0;
  for (std::size_t i = 0; i < groups; ++i) {
    const PlainRecursion::RowGroup group = w.row_groups[i];
    const std::uint32_t end = group.end;
    switch (group.shape) {
      case 0:
        fixed_rows<0, 0, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 1:
        fixed_rows<0, 1, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 2:
        fixed_rows<0, 2, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 3:
        fixed_rows<0, 3, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 4:
        fixed_rows<1, 0, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 5:
        fixed_rows<1, 1, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 6:
        fixed_rows<1, 2, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 7:
        fixed_rows<1, 3, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 8:
        fixed_rows<2, 0, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 9:
        fixed_rows<2, 1, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 10:
        fixed_rows<2, 2, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 11:
        fixed_rows<2, 3, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 12:
        fixed_rows<3, 0, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 13:
        fixed_rows<3, 1, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 14:
        fixed_rows<3, 2, true>(values, d, end, e, weight, win, totals, inverse);
        break;
      case 15:
        fixed_rows<3, 3, true>(values, d, end, e, weight, win, totals, inverse);
        break;
#define RIICHI_PLAIN_ROWS(P)                                                  \
  case kTenpaiShapes + P:                                                     \
    fixed_rows<P, 0, false>(values, d, end, e, weight, win, totals, inverse); \
    break;
        RIICHI_PLAIN_ROWS(0)
        RIICHI_PLAIN_ROWS(1)
        RIICHI_PLAIN_ROWS(2)
        RIICHI_PLAIN_ROWS(3)
        RIICHI_PLAIN_ROWS(4)
        RIICHI_PLAIN_ROWS(5)
        RIICHI_PLAIN_ROWS(6)
        RIICHI_PLAIN_ROWS(7)
        RIICHI_PLAIN_ROWS(8)
        RIICHI_PLAIN_ROWS(9)
        RIICHI_PLAIN_ROWS(10)
        RIICHI_PLAIN_ROWS(11)
        RIICHI_PLAIN_ROWS(12)
        RIICHI_PLAIN_ROWS(13)
        RIICHI_PLAIN_ROWS(14)
        RIICHI_PLAIN_ROWS(15)
        RIICHI_PLAIN_ROWS(16)
        RIICHI_PLAIN_ROWS(17)
        RIICHI_PLAIN_ROWS(18)
        RIICHI_PLAIN_ROWS(19)
        RIICHI_PLAIN_ROWS(20)
        RIICHI_PLAIN_ROWS(21)
        RIICHI_PLAIN_ROWS(22)
        RIICHI_PLAIN_ROWS(23)
        RIICHI_PLAIN_ROWS(24)
        RIICHI_PLAIN_ROWS(25)
        RIICHI_PLAIN_ROWS(26)
        RIICHI_PLAIN_ROWS(27)
        RIICHI_PLAIN_ROWS(28)
        RIICHI_PLAIN_ROWS(29)
        RIICHI_PLAIN_ROWS(30)
        RIICHI_PLAIN_ROWS(31)
        RIICHI_PLAIN_ROWS(32)
        RIICHI_PLAIN_ROWS(33)
        RIICHI_PLAIN_ROWS(34)
        RIICHI_PLAIN_ROWS(35)
        RIICHI_PLAIN_ROWS(36)
        RIICHI_PLAIN_ROWS(37)
#undef RIICHI_PLAIN_ROWS
      default:  // any other shape: the counts per node
        for (; d < end; ++d) {
          const int plain = static_cast<int>(counts[d] & 0xFFFF);
          const int wins = static_cast<int>(counts[d] >> 16);
          plain_row(values, d, e, weight, plain, wins, win, totals[d], inverse, group.tenpai);
          e += plain + wins, weight += plain + wins, win += wins;
        }
    }
  }
}

}  // namespace

// The reference's turn (the S0 - t denominator, no ron, no end of the hand by others), from the
// arrays of `prepare_plain`, over the draw nodes of the first `groups` row groups (the depth
// layers of the turn), then the discard nodes of the first `options` option groups. `values`
// (the draw nodes', then the discard nodes') updated in place from the turn after.
// Turns before the last only (kLastTurn: plain_last_step).
__attribute__((target_clones("avx2", "default"))) void plain_turn_step(const PlainRecursion& w,
                                                                       std::size_t groups,
                                                                       std::size_t draws,
                                                                       std::size_t options,
                                                                       double inv, Slot* values) {
  if (w.wide)
    plain_rows(w, groups, w.wide_weights.data(), inv, values);
  else
    plain_rows(w, groups, w.edge_weights.data(), inv, values);
  plain_option_step(w, draws, options, values);
}

// The last turn (kLastTurn) of the reference's recursion: no draw left, a draw node is worth
// its tenpai (and the riichi stick lost), then the discard nodes as above.
__attribute__((target_clones("avx2", "default"))) void plain_last_step(const PlainRecursion& w,
                                                                       std::size_t draws,
                                                                       double stick,
                                                                       Slot* __restrict cur) {
  const std::uint8_t* flags = w.flags.data();
  for (std::uint32_t d = 0; d < draws; ++d) {
    Values v = {0, 0, flags[d] & detail::kRiichiFlag ? stick : 0, 0};
    if (flags[d] & detail::kTenpaiFlag) v[0] = 1;
    cur[d].v = v;
  }
  plain_option_step(w, draws, w.option_groups.size(), cur);
}

// The arrays of plain_turn_step, from the graph. False when the offsets would not fit.
bool prepare_plain(const Graph& g, PlainRecursion& w) {
  const std::size_t draws = g.draw_key.size();
  if (draws + g.discard_key.size() >= (std::size_t{1} << 27)) return false;
  const std::uint8_t* const flags = g.draw_flags.data();
  const std::uint32_t* const first = g.draw_first.data();
  const std::uint32_t* const win_first = g.win_first.data();
  const std::uint16_t* const weight = g.draw_weight.data();
  // The new numbering: layer by layer, grouped by the rows' shapes (a counting sort; shapes
  // kFixedShapes and kFixedShapes + 1 the other tenpai and not tenpai rows).
  w.renumber.resize(draws);
  w.old_of.resize(draws);
  w.row_shape.resize(draws);
  std::uint32_t* const renumber = w.renumber.data();
  std::uint32_t* const old_of = w.old_of.data();
  std::uint8_t* const row_shape = w.row_shape.data();
  w.row_groups.clear(), w.rows_by_depth.clear();
  std::uint32_t next = 0;
  for (std::size_t k = 0, from = 0; from < draws; ++k) {
    const std::size_t to = k < g.draws_by_depth.size() ? g.draws_by_depth[k] : draws;
    std::array<std::uint32_t, kFixedShapes + 3> start{};  // by shape: where its nodes go
#pragma GCC unroll 2
    for (std::size_t d = from; d < to; ++d) {
      const std::uint32_t wins = win_first[d + 1] - win_first[d];
      const std::uint32_t plain = first[d + 1] - first[d] - wins;
      int shape;
      if (flags[d] & detail::kTenpaiFlag)
        shape = plain < 4 && wins < 4 ? static_cast<int>(plain * 4 + wins) : kFixedShapes;
      else if (wins == 0)
        shape = plain < kPlainShapes ? kTenpaiShapes + static_cast<int>(plain) : kFixedShapes + 1;
      else
        return false;  // (never: the win edges are the tenpai draw nodes')
      row_shape[d] = static_cast<std::uint8_t>(shape);
      ++start[shape + 1];
    }
    for (int c = 0; c < kFixedShapes + 2; ++c) {
      if (start[c + 1] > 0) {
        const bool tenpai = c < kTenpaiShapes || c == kFixedShapes;
        w.row_groups.push_back({next + start[c] + start[c + 1],
                                static_cast<std::uint16_t>(std::min(c, kFixedShapes)),
                                static_cast<std::uint16_t>(tenpai)});
      }
      start[c + 1] += start[c];
    }
#pragma GCC unroll 2
    for (std::size_t d = from; d < to; ++d)
      old_of[next + start[row_shape[d]]++] = static_cast<std::uint32_t>(d);
    next += static_cast<std::uint32_t>(to - from);
    w.rows_by_depth.push_back(static_cast<std::uint32_t>(w.row_groups.size()));
    from = to;
  }
#pragma GCC unroll 4
  for (std::uint32_t n = 0; n < draws; ++n) renumber[old_of[n]] = n;
  // The discard nodes, layer by layer, numbered anew after the draw nodes, grouped by their
  // count of options (a counting sort: kManyOptions or more in one group). `places`: the byte
  // offset of each discard node's value and where its next option goes.
  const std::size_t discards = g.discard_key.size();
  const std::uint32_t* const option_first = g.option_first.data();
  constexpr std::uint32_t kMany = kManyOptions, kSlot = sizeof(Slot);
  const bool bidirectional = g.bidirectional;
  w.places.resize(discards);
  PlainRecursion::Place* const places = w.places.data();
  w.option_groups.clear(), w.groups_by_depth.clear();
  w.option_counts.resize(discards);
  std::uint32_t* const option_counts = w.option_counts.data();
  std::uint32_t numbered = 0, option_end = 0;
  for (std::size_t k = 0, from = 0; k <= g.discards_by_depth.size(); ++k) {
    const std::size_t to = k < g.discards_by_depth.size() ? g.discards_by_depth[k] : discards;
    std::array<std::uint32_t, kMany + 2> start{};  // by count: where its nodes go, from `numbered`
#pragma GCC unroll 4
    for (std::size_t big = from; big < to; ++big) {
      ++start[std::min(option_first[big + 1] - option_first[big], kMany) + 1];
    }
    // By count: where the options of its next node go. A group of fewer than kMany options
    // has its count per node, so its options start after those of the groups before it; the
    // group of many (the last) takes its nodes' own counts as they come. (The nodes of a group
    // come in the order of their new numbers: one pass, no list of the layer's nodes.)
    std::array<std::uint32_t, kMany + 1> next_option;
    for (std::uint32_t c = 0, options = option_end; c <= kMany; ++c) {
      const std::uint32_t nodes = start[c + 1];
      if (nodes > 0) w.option_groups.push_back({numbered + start[c] + nodes, c});
      start[c + 1] += start[c];
      next_option[c] = options;
      options += nodes * c;
    }
#pragma GCC unroll 2
    for (std::size_t big = from; big < to; ++big) {
      const std::uint32_t count = option_first[big + 1] - option_first[big];
      const std::uint32_t c = std::min(count, kMany);
      const std::uint32_t n = numbered + start[c]++;
      places[big] = {static_cast<std::uint32_t>(draws + n) * kSlot, next_option[c]};
      next_option[c] += count;
      option_counts[n] = count;
    }
    numbered += static_cast<std::uint32_t>(to - from);
    option_end = next_option[kMany];  // (the group of many last)
    w.groups_by_depth.push_back(static_cast<std::uint32_t>(w.option_groups.size()));
    from = to;
  }
  // The rows in the new order: total weights, counts, flags, and where their plain edges, win
  // edges and win values go.
  w.totals.resize(draws), w.row_counts.resize(draws), w.flags.resize(draws);
  w.cursors.resize(draws);
  double* const totals = w.totals.data();
  std::uint32_t* const row_counts = w.row_counts.data();
  std::uint8_t* const new_flags = w.flags.data();
  PlainRecursion::Cursor* const cursors = w.cursors.data();
#pragma GCC unroll 2
  for (std::uint32_t n = 0, at = 0, value = 0; n < draws; ++n) {
    const std::uint32_t d = old_of[n];
    new_flags[n] = flags[d];
    totals[n] = weight[d];
    const std::uint32_t wins = win_first[d + 1] - win_first[d];
    const std::uint32_t plain = first[d + 1] - first[d] - wins;
    row_counts[n] = plain | wins << 16;
    cursors[d] = {{at, at + plain}, value, n * kSlot};
    at += plain + wins, value += wins;
  }
  // The raw edges (in the order made, as the graph's rows have them) put in their places, and
  // (bidirectional) read backwards as the options of the discard nodes.
  const std::size_t edge_count = g.raw_edges.size();
  w.wide = edge_count <= PlainRecursion::kWideEdges;
  w.edges.resize(edge_count);
  if (w.wide)
    w.wide_weights.resize(edge_count);
  else
    w.edge_weights.resize(edge_count);
  w.win_values.resize(g.raw_points.size());
  w.options.resize(option_end);
  std::uint32_t* const edges = w.edges.data();
  std::uint8_t* const edge_weights = w.edge_weights.data();
  double* const wide_weights = w.wide_weights.data();
  const bool wide = w.wide;
  Slot* const win_values = w.win_values.data();
  std::uint32_t* const options = w.options.data();
  const double* points = g.raw_points.data();
#pragma GCC unroll 2
  for (const detail::Graph::RawEdge& raw : g.raw_edges) {
    const std::uint32_t from = raw.from;
    const detail::DrawEdge edge = raw.edge;
    const std::uint32_t big = edge & detail::kEdgeTarget;
    PlainRecursion::Place& place = places[big];
    PlainRecursion::Cursor& c = cursors[from];
    const std::uint32_t win = edge >> 31;
    const std::uint32_t at = c.next[win]++;
    if (win) win_values[c.value++].v = Values{1, 1, *points++, 0};
    edges[at] = place.slot;
    if (wide)
      wide_weights[at] = kWeight[detail::edge_weight(edge)];  // (a load, not a conversion)
    else
      edge_weights[at] = static_cast<std::uint8_t>(detail::edge_weight(edge));
    if (bidirectional) options[place.next++] = c.reader;
  }
  if (!bidirectional)
    for (const auto& [big, d] : g.raw_options) options[places[big].next++] = renumber[d] * kSlot;
  return true;
}

}  // namespace riichi::eval::detail
