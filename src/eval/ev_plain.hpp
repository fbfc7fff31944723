// Internal to the hand-value model (ev.hpp): the reference's recursion over the turns (the S0 - t
// denominator, no ron, no end of the hand by others: EvOptions::reference()), over arrays laid
// out for it from the graph's raw edges (docs/eval.md, "Round 11").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "eval/ev_graph.hpp"

namespace riichi::eval::detail {

// The three values of a node (tenpai, win, score) and a spare lane: one AVX register.
using Values = double __attribute__((vector_size(32)));
struct alignas(32) Slot {  // what the arrays hold (std::vector aligns the struct)
  Values v;
};

// The arrays of the reference's recursion, kept by the thread's workspace between evaluations.
struct PlainRecursion {
  // Its own numbering of the draw nodes: in each depth layer grouped by their row's shape
  // (tenpai or not, the counts of plain and win edges: loops of a fixed count for the common
  // shapes). Per draw node its row's total weight; its edges in that order (per edge its
  // target's byte offset in the value array, and its weight in an array of its own: no masks in
  // the loops), the plain edges first, and the win edges' points as vectors.
  struct RowGroup {  // draw nodes (new numbering) [previous end, end) of one shape
    std::uint32_t end;
    std::uint16_t shape;  // kFixedShapes: the counts per node in row_counts
    std::uint16_t tenpai;
  };
  std::vector<RowGroup> row_groups;
  std::vector<std::uint32_t> rows_by_depth;    // [k]: the groups of the draw layers 0..k
  FillVector<double> totals;                   // the sum of the row's weights, by new number
  FillVector<std::uint32_t> row_counts;        // plain edges | win edges << 16, by new number
  FillVector<std::uint32_t> renumber, old_of;  // the new number of each draw node, back
  FillVector<std::uint8_t> row_shape;          // by graph draw node (scratch)
  FillVector<std::uint8_t> flags;              // draw_flags in the new order
  FillVector<std::uint32_t> edges;             // byte offsets of the targets' values
  FillVector<std::uint8_t> edge_weights;       // the edges' weights, in the same order
  // The same as doubles when `wide` (graphs of at most kWideEdges edges, 128 KB of doubles: the
  // recursion then broadcasts a weight from memory instead of converting a byte through a
  // table, one instruction less per edge; the larger graphs keep the bytes, a fifth of the
  // memory traffic: with 2^15 the 2-shanten set had 5 % more L2 misses, docs/eval.md).
  static constexpr std::size_t kWideEdges = std::size_t{1} << 14;
  bool wide = false;
  FillVector<double> wide_weights;
  FillVector<Slot> win_values;
  // The discard nodes, numbered anew after the draw nodes in the one value array: in each depth
  // layer grouped by their count of options (loops of a fixed count). Per discard node its
  // options as byte offsets into the value array, in the graph's order.
  struct OptionGroup {  // discard nodes [previous end, end) with `count` options each
    std::uint32_t end, count;
  };
  std::vector<OptionGroup> option_groups;
  std::vector<std::uint32_t> groups_by_depth;  // [k]: the groups of the layers 0..k
  // (Scratch of prepare_plain, by graph discard node and draw node.)
  struct Place {  // per discard node: its value's byte offset, where its next option goes
    std::uint32_t slot, next;
  };
  FillVector<Place> places;
  // Per draw node: where its next plain [0] and win [1] edge go, its next win value, and its
  // value's byte offset (what its options read).
  struct Cursor {
    std::uint32_t next[2];
    std::uint32_t value, reader;
  };
  FillVector<Cursor> cursors;
  FillVector<std::uint32_t> options;
  FillVector<std::uint32_t> option_counts;  // by new number, for the group of many
};

// The arrays of plain_turn_step, from the graph's counts and raw edges. False when the offsets
// would not fit (the general recursion is used then).
bool prepare_plain(const Graph& g, PlainRecursion& w);

// One turn before the last: the draw nodes of the first `groups` row groups (the depth layers
// of the turn) from the turn after, then the discard nodes of the first `options` option groups.
// `values`: the draw nodes' values (`draws` of them), then the discard nodes', updated in place.
void plain_turn_step(const PlainRecursion& w, std::size_t groups, std::size_t draws,
                     std::size_t options, double inv, Slot* values);

// The last turn (kLastTurn): a draw node is worth its tenpai (and `stick` when in riichi), then
// every discard node.
void plain_last_step(const PlainRecursion& w, std::size_t draws, double stick, Slot* values);

}  // namespace riichi::eval::detail
