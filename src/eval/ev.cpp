// The hand-value model's entry points: the two option sets, the checks on the position, the
// backward recursion over turns (MODEL.md §6) and the rows of the discard table.
#include "eval/ev.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "eval/ev_graph.hpp"
#include "eval/ev_plain.hpp"
#include "eval/tile_distance.hpp"
#include "riichi/round.hpp"

namespace riichi::eval {

EvOptions EvOptions::reference() {
  EvOptions o;
  o.name = "reference";
  o.discards_return = true;
  o.shrinking_denominator = true;
  o.extra = 1;
  o.bidirectional_edges = true;
  o.full_search_max_shanten = 99;
  o.path_search_max_shanten = 99;
  o.approximate_on_overflow = false;
  o.riichi = RiichiChoice::kAlways;
  o.riichi_stick = 0;
  o.ura = true;
  o.ron_factor = 0;
  o.ron_factor_dama = 0;
  o.end_rate = 0;
  o.rules_override = reference_rules();
  return o;
}

EvOptions EvOptions::standard() { return EvOptions{}; }

EvOptions EvOptions::fast() {
  EvOptions o;
  o.name = "fast";
  o.full_search_max_shanten = 0;
  o.path_search_max_shanten = 1;
  o.max_nodes = 20'000;
  return o;
}

Rules reference_rules() {
  Rules r = Rules::tenhou();
  r.name = "reference";
  r.double_yakuman = true;
  return r;
}

namespace detail {

namespace {

std::string tile_name(int id) {
  return tile_to_string(Tile{static_cast<std::uint8_t>(kind_of_id(id)), id >= kNumKinds});
}

int id_of(Tile t) { return t.red ? red_id_of(t.kind) : t.kind; }

}  // namespace

Setup make_setup(const EvPosition& position, const Rules& rules, bool shanten) {
  const Hand& hand = position.hand;
  const int melds = static_cast<int>(hand.melds.size());
  const int concealed = static_cast<int>(hand.concealed.size());
  if (melds > 4 || (concealed + 3 * melds != 14 && concealed + 3 * melds != 13))
    throw std::invalid_argument(
        "expected a hand of 14 tiles (or 13 before a draw), melds as 3, got " +
        std::to_string(concealed + 3 * melds));
  if (position.turn < 0 || position.turn > kLastTurn)
    throw std::invalid_argument("turn " + std::to_string(position.turn) + " is outside 0.." +
                                std::to_string(kLastTurn));
  if (position.seat < 0 || position.seat > 3 || position.round_wind < 0 || position.round_wind > 3)
    throw std::invalid_argument("seat and round wind must be 0..3 (E S W N)");
  if (position.dora_indicators.size() > 5) throw std::invalid_argument("at most 5 dora indicators");
  if (position.kita < 0 || position.kita > 4 || (position.kita > 0 && !rules.kita))
    throw std::invalid_argument("kita " + std::to_string(position.kita) + ": 0..4 North tiles" +
                                " set aside, and only under rules with kita (" + rules.name + ")");
  Setup s;
  s.red_fives = rules.red_fives;
  s.melds = melds;
  s.start_tiles = concealed;
  IdCounts copies{}, seen{};
  const WallShape shape = wall_shape(rules);  // three players: no 2m-8m
  for (int k = 0; k < kNumKinds; ++k)
    copies[k] = !shape.in_play(4 * k) ? 0 : is_five(k) && s.red_fives ? 3 : 4;
  if (s.red_fives)
    for (int id = kNumKinds; id < kIds; ++id) copies[id] = 1;
  auto see = [&](Tile t, const char* where) {
    if (t.red && !s.red_fives)
      throw std::invalid_argument(std::string("red five in the ") + where + " but the rules (" +
                                  rules.name + ") have no red fives");
    ++seen[id_of(t)];
  };
  for (Tile t : position.visible) see(t, "visible tiles");
  for (Tile t : position.dora_indicators) see(t, "dora indicators");
  for (const Meld& m : hand.melds) {
    for (Tile t : m.view()) see(t, "melds");
    s.closed &= !m.is_open();
  }
  for (Tile t : hand.concealed) {
    see(t, "hand");
    ++s.start[id_of(t)];
  }
  for (int id = 0; id < kIds; ++id) {
    if (seen[id] > copies[id])
      throw std::invalid_argument("more than " + std::to_string(copies[id]) + " " + tile_name(id) +
                                  " between the hand, its melds, the visible tiles and the "
                                  "dora indicators");
    s.total[id] = static_cast<std::uint8_t>(copies[id] - seen[id] + s.start[id]);
    s.unseen += s.total[id] - s.start[id];
    s.total_ids += s.total[id];
  }
  s.start_turn = position.turn;
  const Counts kinds = kinds_of(s.start);
  if (shanten) s.start_shanten = exact_shanten(kinds, part_keys(kinds), melds);
  for (Tile t : position.own_discards) s.own_pond |= std::uint64_t{1} << t.kind;
  return s;
}

namespace {

// Memory reused by the evaluations of one thread (the graph and the values), released when a
// search was very large.
struct Workspace {
  detail::Graph graph;
  detail::WinScorer::Store scores;  // the scorer's caches
  // (The arrays below are written in full after each resize: FillVector, no zeroing.)
  detail::FillVector<Slot> next, cur, best;
  detail::PlainRecursion plain;  // the reference's recursion (ev_plain.cpp)
  std::vector<EvCurve> curves;   // the roots' values (compute)
};

Workspace& workspace() {
  thread_local Workspace w;
  return w;
}

void release_if_large(Workspace& w) {
  if (w.graph.draw_key.capacity() + w.graph.discard_key.capacity() > (std::size_t{1} << 20))
    w = Workspace{};
}

// The edge weights 0..7 broadcast to the four lanes (the same products as a conversion).
alignas(32) constexpr Values kWeights[8] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3},
                                            {4, 4, 4, 4}, {5, 5, 5, 5}, {6, 6, 6, 6}, {7, 7, 7, 7}};

// The discard nodes at t as the best of their options (draw nodes at t, `cur`).
__attribute__((always_inline)) inline void option_step(std::size_t discards, const detail::Graph& g,
                                                       const Slot* __restrict cur,
                                                       Slot* __restrict best) {
  const std::uint32_t* option_first = g.option_first.data();
  const std::uint32_t* option_to = g.option_to.data();
  std::uint32_t i = option_first[0];
  for (std::uint32_t big = 0; big < discards; ++big) {
    const std::uint32_t last = option_first[big + 1];
    Values v = {0, 0, 0, 0};
    if (i < last) {  // (i set to last after the loop: see plain_option_step)
      v = cur[option_to[i]].v;
      for (std::uint32_t j = i + 1; j < last; ++j) {
        const Values x = cur[option_to[j]].v;
        v = x > v ? x : v;
      }
      i = last;
    }
    best[big].v = v;
  }
}

// One turn of the backward recursion (MODEL.md §6): the draw nodes at t from the discard nodes
// at t + 1 (`best`), then the discard nodes at t as the best of their options.
// `draws` and `discards`: the nodes computed (a prefix: those of depth t or less, or all).
__attribute__((always_inline)) inline void turn_step(const detail::Graph& g, const detail::Setup& s,
                                                     const EvOptions& o, int t, std::size_t draws,
                                                     std::size_t discards,
                                                     const Slot* __restrict next,
                                                     Slot* __restrict cur, Slot* __restrict best) {
  const std::uint32_t* first = g.draw_first.data();
  const std::uint32_t* win_first = g.win_first.data();
  const std::uint16_t* weight = g.draw_weight.data();
  const detail::DrawEdge* edges = g.draw_edges.data();
  const double* wins = g.win_points.data();
  const std::uint8_t* flags = g.draw_flags.data();
  const std::uint8_t* dist = g.draw_dist.data();
  const detail::RonChance* ron = g.ron.data();
  const detail::RonChance* ron_end = ron + g.ron.size();
  const double stick = -double(o.riichi_stick);
  // The denominator of a draw: MODEL.md §2 (S0 - t), or the tiles not seen minus the draws
  // made since the position (`since`; thrown away unless kept: `dist`), taken from the tiles
  // the node has no edge for (docs/eval.md): max(edge weights, S0 - max(dist, since)).
  const int since = t - s.start_turn;
  std::array<double, 16> inverse{};  // 1 / (S0 - max(dist, since)) by dist
  for (int k = 0; k < 16; ++k)
    inverse[k] = 1.0 / (o.shrinking_denominator ? s.unseen - t : s.unseen - std::max(k, since));
  std::uint32_t e = first[0];
  for (std::uint32_t d = 0; d < draws; ++d) {
    const std::uint32_t end = first[d + 1], plain_end = end - (win_first[d + 1] - win_first[d]);
    const bool riichi = flags[d] & detail::kRiichiFlag;
    Values v = {0, 0, 0, 0};
    if (t == kLastTurn) {
      v[2] = riichi ? stick : 0;
      e = end;
    } else {
      const Values base = next[d].v;
      Values acc = {0, 0, 0, 0};
      for (; e < plain_end; ++e) {
        const detail::DrawEdge edge = edges[e];
        acc += kWeights[edge >> 28 & 7] * best[edge & detail::kEdgeTarget].v;
      }
      for (; e < end; ++e) {  // wins: tenpai and win 1, the better of the points and playing on
        const detail::DrawEdge edge = edges[e];
        Values to = best[edge & detail::kEdgeTarget].v;
        to[0] = 1, to[1] = 1, to[2] = std::max(*wins++, to[2]);
        acc += kWeights[edge >> 28 & 7] * to;
      }
      const int total = weight[d];
      const int k = std::min<int>(dist[d], 15);
      int denominator = o.shrinking_denominator ? s.unseen - t : s.unseen - std::max(k, since);
      double inv = inverse[k];
      if (!o.shrinking_denominator && total > denominator) denominator = total, inv = 1.0 / total;
      v = base + (acc - static_cast<double>(total) * base) * inv;
      while (ron != ron_end && ron->node < d) ++ron;
      if (ron != ron_end && ron->node == d) {
        const double factor = riichi ? o.ron_factor : o.ron_factor_dama;
        const double per_discard =
            std::min(1.0, factor * ron->live / static_cast<double>(denominator));
        double miss = 1;
        for (int i = 0; i < o.opponents; ++i) miss *= 1 - per_discard;
        const double c = 1 - miss;
        v[1] = (1 - c) * v[1] + c;
        v[2] = (1 - c) * v[2] + c * ron->points;
      }
      if (o.end_rate > 0) {  // the hand ends by another player's win before the next draw
        v[0] = (1 - o.end_rate) * v[0];
        v[1] = (1 - o.end_rate) * v[1];
        v[2] = (1 - o.end_rate) * v[2] + o.end_rate * (riichi ? stick : 0);
      }
    }
    if (flags[d] & detail::kTenpaiFlag) v[0] = 1;
    cur[d].v = v;
  }
  option_step(discards, g, cur, best);
}

// turn_step compiled for AVX2 and for the baseline, chosen at run time.
__attribute__((target_clones("avx2", "default"))) void full_turn_step(
    const detail::Graph& g, const detail::Setup& s, const EvOptions& o, int t, std::size_t draws,
    std::size_t discards, const Slot* __restrict next, Slot* __restrict cur,
    Slot* __restrict best) {
  turn_step(g, s, o, t, draws, discards, next, cur, best);
}

// The number of nodes of depth `depth` or less (all of them past the deepest).
std::size_t upto(const std::vector<std::uint32_t>& by_depth, int depth, std::size_t all) {
  return static_cast<std::size_t>(depth) < by_depth.size() ? by_depth[depth] : all;
}

// The backward recursion for t = 18 down to `first`; `roots` are draw nodes whose values are
// kept for every turn (in the workspace's `curves`, by root; zero for an absent root and before
// `first`). A node of depth k matters for the roots at turn first + k and later only, so the
// turn t computes the nodes of depth t - first or less: the roots' values from `first` on are
// those of a recursion down to 0 (EvOptions::turns_before_position).
const std::vector<EvCurve>& compute(detail::Graph& g, const detail::Setup& s, const EvOptions& o,
                                    const std::vector<std::uint32_t>& roots, Workspace& w,
                                    int first) {
  const std::size_t draws = g.draw_key.size(), discards = g.discard_key.size();
  const bool plain =
      o.shrinking_denominator && g.ron.empty() && o.end_rate <= 0 && prepare_plain(g, w.plain);
  if (!plain) detail::fill_rows(g);  // (the general recursion reads the graph's rows)
  // No clearing: the last turn writes every node before any is read. The reference's recursion
  // updates the draw nodes' values in place (a row reads its own value of the turn after and
  // the discard nodes' values only): one array, `cur`.
  // (The reference's recursion: the discard nodes' values after the draw nodes'.)
  if (!plain) w.next.resize(draws), w.best.resize(discards);
  w.cur.resize(plain ? draws + discards : draws);
  // (Kept between calls: a present root's curves are written in full below, so they are not
  // zeroed first: 456 bytes a root, two roots a discard.)
  std::vector<EvCurve>& curves = w.curves;
  curves.resize(roots.size());
  for (std::size_t r = 0; r < roots.size(); ++r) {
    if (roots[r] == detail::NodeMap::kAbsent) {
      curves[r] = EvCurve{};
      continue;
    }
    for (int t = 0; t < first; ++t)
      curves[r].tenpai[t] = 0, curves[r].win[t] = 0, curves[r].score[t] = 0;
  }
  for (int t = kLastTurn; t >= first; --t) {
    const int depth = t - first;  // the nodes of depth `depth` or less are read below t
    if (plain && t < kLastTurn)
      plain_turn_step(w.plain, upto(w.plain.rows_by_depth, depth, w.plain.row_groups.size()), draws,
                      upto(w.plain.groups_by_depth, depth, w.plain.option_groups.size()),
                      1.0 / (s.unseen - t), w.cur.data());
    else if (plain)
      plain_last_step(w.plain, draws, -double(o.riichi_stick), w.cur.data());
    else
      full_turn_step(g, s, o, t, upto(g.draws_by_depth, depth, draws),
                     upto(g.discards_by_depth, depth, discards), w.next.data(), w.cur.data(),
                     w.best.data());
    for (std::size_t r = 0; r < roots.size(); ++r) {
      if (roots[r] == detail::NodeMap::kAbsent) continue;
      const Values& x = w.cur[plain ? w.plain.renumber[roots[r]] : roots[r]].v;
      curves[r].tenpai[t] = x[0], curves[r].win[t] = x[1], curves[r].score[t] = x[2];
    }
    if (!plain) std::swap(w.cur, w.next);
  }
  return curves;
}

}  // namespace
}  // namespace detail

namespace {

using detail::Graph;
using detail::IdCounts;
using detail::Setup;
using detail::Workspace;

double since_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Builds the graph under the bound of the options, tightened while max_nodes is reached.
// Returns false when the chain approximation is to be used instead.
bool build(const EvPosition& p, const EvOptions& o, const Setup& s, const Rules& rules, Graph& g,
           detail::WinScorer::Store& scores, EvStats& stats) {
  const auto start = std::chrono::steady_clock::now();
  if (s.start_shanten > o.path_search_max_shanten) {
    stats.approximate = true;
    return false;
  }
  const detail::WinScorer scorer(p, o, rules, s, &scores);
  int extra = s.start_shanten > o.full_search_max_shanten ? 0 : o.extra;
  while (!detail::build_graph(s, o, extra, scorer, g)) {
    stats.capped = true;
    if (extra == 0) {
      if (o.approximate_on_overflow) {
        stats.approximate = true;
        return false;
      }
      throw std::invalid_argument("the hand is too far from tenpai for the search (more than " +
                                  std::to_string(o.max_nodes) + " states)");
    }
    --extra;
  }
  stats.extra_used = extra;
  stats.draw_nodes = g.draw_key.size();
  stats.discard_nodes = g.discard_key.size();
  stats.edges = g.draw_first.back() + g.option_first.back();
  stats.wins_scored = g.wins_scored;
  stats.build_ms = since_ms(start);
  return true;
}

EvCurve best_of(const EvCurve& a, const EvCurve& b) {
  EvCurve c;
  for (int t = 0; t < kTurns; ++t) {
    c.tenpai[t] = std::max(a.tenpai[t], b.tenpai[t]);
    c.win[t] = std::max(a.win[t], b.win[t]);
    c.score[t] = std::max(a.score[t], b.score[t]);
  }
  return c;
}

void sort_rows(HandEv& out, int turn) {
  std::stable_sort(out.discards.begin(), out.discards.end(),
                   [&](const DiscardEv& a, const DiscardEv& b) {
                     return a.value.score[turn] > b.value.score[turn];
                   });
}

IdCounts without(IdCounts hand, int id) {
  --hand[id];
  return hand;
}

int shanten_of(const IdCounts& hand, int melds) {
  const Counts k = detail::kinds_of(hand);
  return exact_shanten(k, part_keys(k), melds);
}

// Every discard valued by the chain approximation (no search).
void approximate_rows(const EvPosition& p, const EvOptions& o, const Setup& s, const Rules& rules,
                      HandEv& out) {
  for (int id = 0; id < detail::kIds; ++id) {
    if (s.start[id] == 0) continue;
    DiscardEv d;
    d.tile = Tile{static_cast<std::uint8_t>(detail::kind_of_id(id)), id >= kNumKinds};
    const IdCounts left = without(s.start, id);
    d.shanten = shanten_of(left, s.melds);
    d.value = detail::chain_curve(s, o, p, rules, left);
    out.discards.push_back(d);
  }
  sort_rows(out, p.turn);
}

}  // namespace

void check_position(const EvPosition& p, const EvOptions& o) {
  detail::make_setup(p, o.rules_override.value_or(p.rules), false);
}

HandEv evaluate_discards(const EvPosition& p, const EvOptions& o) {
  const Rules rules = o.rules_override.value_or(p.rules);
  const Setup s = detail::make_setup(p, rules);
  if (s.start_tiles % 3 != 2)
    throw std::invalid_argument("a discard needs 3n+2 concealed tiles (14 with the melds)");
  HandEv out;
  Workspace& w = detail::workspace();
  Graph& g = w.graph;
  const bool searched = build(p, o, s, rules, g, w.scores, out.stats);
  const auto start = std::chrono::steady_clock::now();
  if (!searched) {
    approximate_rows(p, o, s, rules, out);
    out.stats.values_ms = since_ms(start);
    return out;
  }
  const Counts kinds = detail::kinds_of(s.start);
  const TileDistance spare = unnecessary_tiles(kinds, part_keys(kinds), s.melds);
  // Per discard: the draw node(s) it leads to (riichi first).
  struct Row {
    int id;
    std::uint32_t riichi = detail::NodeMap::kAbsent, dama = detail::NodeMap::kAbsent;
  };
  std::vector<Row> rows;
  std::vector<std::uint32_t> roots;
  for (int id = 0; id < detail::kIds; ++id) {
    if (s.start[id] == 0) continue;
    IdCounts left = s.start;
    --left[id];
    const bool declare =
        s.closed && spare.shanten == 0 && (spare.mask >> detail::kind_of_id(id) & 1);
    Row row{id};
    if (declare && o.riichi != RiichiChoice::kNever)
      row.riichi = g.index.find(detail::key_of(left, true));
    if (!declare || o.riichi != RiichiChoice::kAlways)
      row.dama = g.index.find(detail::key_of(left, false));
    roots.push_back(row.riichi);
    roots.push_back(row.dama);
    rows.push_back(row);
  }
  const std::vector<EvCurve>& curves =
      detail::compute(g, s, o, roots, w, o.turns_before_position ? 0 : p.turn);
  // The rows best first by expected score at the position's turn (a stable order), made in that
  // order: a row is about 1.4 KB, so sorting the indices and writing each row once saves the
  // sort's moves of the rows (sort_rows).
  std::vector<double> score(rows.size());
  std::vector<std::uint32_t> order(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const bool has_riichi = rows[i].riichi != detail::NodeMap::kAbsent;
    const bool has_dama = rows[i].dama != detail::NodeMap::kAbsent;
    const double r = curves[2 * i].score[p.turn], m = curves[2 * i + 1].score[p.turn];
    score[i] = has_riichi && has_dama ? std::max(r, m) : has_riichi ? r : m;  // (best_of's)
    order[i] = static_cast<std::uint32_t>(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return score[a] > score[b]; });
  out.discards.reserve(rows.size());
  for (const std::uint32_t i : order) {
    const Row& row = rows[i];
    DiscardEv& d = out.discards.emplace_back();
    const int kind = detail::kind_of_id(row.id);
    d.tile = Tile{static_cast<std::uint8_t>(kind), row.id >= kNumKinds};
    // The hand left keeps the shanten of the 14 tiles when the kind is unnecessary, and any
    // other discard raises it by one (a tile less is at most one tile further).
    d.shanten = spare.shanten + (spare.mask >> kind & 1 ? 0 : 1);
    const bool has_riichi = row.riichi != detail::NodeMap::kAbsent;
    const bool has_dama = row.dama != detail::NodeMap::kAbsent;
    if (has_riichi && has_dama) {
      d.riichi_value = curves[2 * i];
      d.dama_value = curves[2 * i + 1];
      d.value = best_of(*d.riichi_value, *d.dama_value);
      d.riichi = d.riichi_value->score[p.turn] > d.dama_value->score[p.turn];
    } else {
      d.value = has_riichi ? curves[2 * i] : curves[2 * i + 1];
      d.riichi = has_riichi;
    }
  }
  out.stats.values_ms = since_ms(start);
  detail::release_if_large(w);
  return out;
}

EvCurve evaluate_hand(const EvPosition& p, const EvOptions& o, EvStats* stats) {
  const Rules rules = o.rules_override.value_or(p.rules);
  const Setup s = detail::make_setup(p, rules);
  if (s.start_tiles % 3 != 1)
    throw std::invalid_argument(
        "a hand before its draw needs 3n+1 concealed tiles (13 with the melds)");
  EvStats local;
  EvStats& st = stats ? *stats : local;
  Workspace& w = detail::workspace();
  const auto start = std::chrono::steady_clock::now();
  if (!build(p, o, s, rules, w.graph, w.scores, st))
    return detail::chain_curve(s, o, p, rules, s.start);
  const EvCurve curve =
      detail::compute(w.graph, s, o, {0}, w, o.turns_before_position ? 0 : p.turn)[0];
  st.values_ms = since_ms(start);
  detail::release_if_large(w);
  return curve;
}

}  // namespace riichi::eval
