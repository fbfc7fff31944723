// The hand-value model's entry points: the two option sets, the checks on the position, the
// backward recursion over turns (MODEL.md §6) and the rows of the discard table.
#include "eval/ev.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "eval/ev_graph.hpp"
#include "eval/tile_distance.hpp"

namespace riichi::eval {

EvOptions EvOptions::reference() {
  EvOptions o;
  o.name = "reference";
  o.discards_return = true;
  o.shrinking_denominator = true;
  o.extra = 1;
  o.bidirectional_edges = true;
  o.full_search_max_shanten = 99;
  o.riichi = RiichiChoice::kAlways;
  o.riichi_stick = 0;
  o.ura = true;
  o.ron_factor = 0;
  o.rules_override = reference_rules();
  return o;
}

EvOptions EvOptions::standard() { return EvOptions{}; }

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

Setup make_setup(const EvPosition& position, const Rules& rules) {
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
  Setup s;
  s.red_fives = rules.red_fives;
  s.melds = melds;
  s.start_tiles = concealed;
  IdCounts copies{}, seen{};
  for (int k = 0; k < kNumKinds; ++k) copies[k] = is_five(k) && s.red_fives ? 3 : 4;
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
  }
  const Counts kinds = kinds_of(s.start);
  s.start_shanten = exact_shanten(kinds, part_keys(kinds), melds);
  for (Tile t : position.own_discards) s.own_pond |= std::uint64_t{1} << t.kind;
  return s;
}

namespace {

struct Values {
  double tenpai = 0, win = 0, score = 0;
};

// The backward recursion (MODEL.md §6): for t = 18 down to 0, the draw nodes from the discard
// nodes at t + 1, then the discard nodes as the best of their options at t. `roots` are draw
// nodes whose values are kept for every turn.
std::vector<EvCurve> compute(const detail::Graph& g, const detail::Setup& s, const EvOptions& o,
                             const std::vector<std::uint32_t>& roots) {
  const std::size_t draws = g.draw_key.size(), discards = g.discard_key.size();
  std::vector<Values> next(draws), cur(draws), best(discards);
  std::vector<EvCurve> curves(roots.size());
  for (int t = kLastTurn; t >= 0; --t) {
    std::size_t ron = 0;
    for (std::uint32_t d = 0; d < draws; ++d) {
      const bool riichi = g.draw_key[d].hi & detail::kRiichiBit;
      const bool tenpai = g.draw_tenpai[d];
      Values v;
      if (t == kLastTurn) {
        v = Values{tenpai ? 1.0 : 0.0, 0, riichi ? -double(o.riichi_stick) : 0};
      } else {
        const Values base = next[d];
        Values acc;
        for (std::uint32_t e = g.draw_first[d]; e < g.draw_first[d + 1]; ++e) {
          const detail::DrawEdge& edge = g.draw_edges[e];
          Values to = best[edge.to];
          if (edge.score > 0) to = Values{1, 1, std::max(edge.score, to.score)};
          acc.tenpai += edge.weight * (to.tenpai - base.tenpai);
          acc.win += edge.weight * (to.win - base.win);
          acc.score += edge.weight * (to.score - base.score);
        }
        const double denominator = o.shrinking_denominator ? s.unseen - t : g.draw_norm[d];
        v = Values{base.tenpai + acc.tenpai / denominator, base.win + acc.win / denominator,
                   base.score + acc.score / denominator};
        while (ron < g.ron.size() && g.ron[ron].node < d) ++ron;
        if (ron < g.ron.size() && g.ron[ron].node == d) {
          const double c = g.ron[ron].chance;
          v = Values{v.tenpai, (1 - c) * v.win + c, (1 - c) * v.score + c * g.ron[ron].points};
        }
      }
      if (tenpai) v.tenpai = 1;
      cur[d] = v;
    }
    for (std::uint32_t big = 0; big < discards; ++big) {
      Values v;
      bool any = false;
      for (std::uint32_t i = g.option_first[big]; i < g.option_first[big + 1]; ++i) {
        const Values& x = cur[g.option_to[i]];
        if (!any) {
          v = x, any = true;
          continue;
        }
        v.tenpai = std::max(v.tenpai, x.tenpai);
        v.win = std::max(v.win, x.win);
        v.score = std::max(v.score, x.score);
      }
      best[big] = v;
    }
    for (std::size_t r = 0; r < roots.size(); ++r) {
      if (roots[r] == detail::NodeMap::kAbsent) continue;
      const Values& x = cur[roots[r]];
      curves[r].tenpai[t] = x.tenpai, curves[r].win[t] = x.win, curves[r].score[t] = x.score;
    }
    std::swap(cur, next);
  }
  return curves;
}

}  // namespace
}  // namespace detail

namespace {

using detail::Graph;
using detail::IdCounts;
using detail::Setup;

double since_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Builds the graph under the bound of the options, tightened while max_nodes is reached.
void build(const EvPosition& p, const EvOptions& o, const Setup& s, const Rules& rules, Graph& g,
           EvStats& stats) {
  const auto start = std::chrono::steady_clock::now();
  const detail::WinScorer scorer(p, o, rules, s);
  int extra = s.start_shanten > o.full_search_max_shanten ? 0 : o.extra;
  while (!detail::build_graph(s, o, extra, scorer, g)) {
    if (extra == 0)
      throw std::invalid_argument("the hand is too far from tenpai for the search (more than " +
                                  std::to_string(o.max_nodes) + " states)");
    --extra;
    stats.capped = true;
  }
  stats.extra_used = extra;
  stats.draw_nodes = g.draw_key.size();
  stats.discard_nodes = g.discard_key.size();
  stats.edges = g.draw_edges.size() + g.option_to.size();
  stats.wins_scored = g.wins_scored;
  stats.build_ms = since_ms(start);
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

}  // namespace

HandEv evaluate_discards(const EvPosition& p, const EvOptions& o) {
  const Rules rules = o.rules_override.value_or(p.rules);
  const Setup s = detail::make_setup(p, rules);
  if (s.start_tiles % 3 != 2)
    throw std::invalid_argument("a discard needs 3n+2 concealed tiles (14 with the melds)");
  HandEv out;
  Graph g;
  build(p, o, s, rules, g, out.stats);
  const auto start = std::chrono::steady_clock::now();
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
  const std::vector<EvCurve> curves = detail::compute(g, s, o, roots);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    DiscardEv d;
    const int kind = detail::kind_of_id(row.id);
    d.tile = Tile{static_cast<std::uint8_t>(kind), row.id >= kNumKinds};
    IdCounts left = s.start;
    --left[row.id];
    const Counts lk = detail::kinds_of(left);
    d.shanten = exact_shanten(lk, part_keys(lk), s.melds);
    const bool has_riichi = row.riichi != detail::NodeMap::kAbsent;
    const bool has_dama = row.dama != detail::NodeMap::kAbsent;
    if (has_riichi) d.riichi_value = curves[2 * i];
    if (has_dama) d.dama_value = curves[2 * i + 1];
    if (has_riichi && has_dama) {
      d.value = best_of(*d.riichi_value, *d.dama_value);
      d.riichi = d.riichi_value->score[p.turn] > d.dama_value->score[p.turn];
    } else {
      d.value = has_riichi ? *d.riichi_value : *d.dama_value;
      d.riichi = has_riichi;
      d.riichi_value.reset();
      d.dama_value.reset();
    }
    out.discards.push_back(d);
  }
  std::stable_sort(out.discards.begin(), out.discards.end(),
                   [&](const DiscardEv& a, const DiscardEv& b) {
                     return a.value.score[p.turn] > b.value.score[p.turn];
                   });
  out.stats.values_ms = since_ms(start);
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
  Graph g;
  build(p, o, s, rules, g, st);
  const auto start = std::chrono::steady_clock::now();
  const EvCurve curve = detail::compute(g, s, o, {0})[0];
  st.values_ms = since_ms(start);
  return curve;
}

}  // namespace riichi::eval
