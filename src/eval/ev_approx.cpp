// The chain approximation of the hand-value model (docs/eval.md), used far from tenpai (above
// EvOptions::path_search_max_shanten) or when the search would pass max_nodes: the hand climbs
// its shanten one step at a time, each draw improving it with the chance of its effective tiles
// (yuukouhai) as counted now, then waits on a typical tenpai wait for a typical hand value.
// Constant cost per discard; its values rank discards by speed first, value second.
#include <algorithm>

#include "eval/ev_graph.hpp"
#include "eval/tile_distance.hpp"
#include "riichi/dora.hpp"

namespace riichi::eval::detail {

EvCurve chain_curve(const Setup& s, const EvOptions& o, const EvPosition& p, const Rules& rules,
                    const IdCounts& hand) {
  const Counts kinds = kinds_of(hand);
  const TileDistance td = necessary_tiles(kinds, part_keys(kinds), s.melds);
  const int shanten = std::max(td.shanten, 0);
  // Effective tiles now, counted as the model counts tiles (not seen, not kept).
  int useful = 0;
  for (int id = 0; id < kIds; ++id) {
    if (!(td.mask >> kind_of_id(id) & 1)) continue;
    const int held = o.discards_return ? hand[id] : std::max(hand[id], s.start[id]);
    useful += std::max(s.total[id] - held, 0);
  }
  // A typical hand: riichi (or one yaku when open), the dora and red fives held, 30 fu.
  int dora = 0;
  Counts all = kinds;
  for (const Meld& m : p.hand.melds)
    for (Tile t : m.view()) ++all[t.kind], dora += t.red;
  all[kNorth] = static_cast<std::uint8_t>(all[kNorth] + p.kita);  // nukidora (ev_score.cpp)
  dora += p.kita;
  for (Tile t : p.dora_indicators) dora += all[dora_in_play(t.kind, rules)];
  for (int id = kNumKinds; id < kIds; ++id) dora += hand[id];
  const int han = std::min(1 + dora, 13);  // riichi, or the open hand's one yaku
  const bool dealer = p.seat == 0;
  const double tsumo_points =
      payment(basic_points(han + (s.closed ? 1 : 0), 30, rules), dealer, true, rules);
  const double ron_points = payment(basic_points(han, 30, rules), dealer, false, rules);
  const double wait = kTypicalWait;
  const double factor = s.closed ? o.ron_factor : o.ron_factor_dama;
  // values[k] for k steps left to tenpai (0 = tenpai), at turn t + 1.
  std::vector<std::array<double, 3>> next(static_cast<std::size_t>(shanten) + 1), cur(next.size());
  EvCurve curve;
  for (int t = kLastTurn; t >= 0; --t) {
    for (int k = 0; k <= shanten; ++k) {
      std::array<double, 3>& v = cur[static_cast<std::size_t>(k)];
      if (t == kLastTurn) {
        v = {k == 0 ? 1.0 : 0.0, 0, 0};
        continue;
      }
      const double unseen = std::max(1, s.unseen - std::max(0, t - s.start_turn));
      const std::array<double, 3>& stay = next[static_cast<std::size_t>(k)];
      if (k == 0) {
        const double draw = std::min(1.0, wait / unseen);
        const double q = std::min(1.0, factor * wait / unseen);
        double miss = 1;  // no opponent's discard is the wait
        for (int i = 0; i < o.opponents; ++i) miss *= 1 - q;
        const double ron = 1 - miss;
        v[0] = 1;
        v[1] = ron + (1 - ron) * (draw + (1 - draw) * stay[1]);
        v[2] = ron * ron_points + (1 - ron) * (draw * tsumo_points + (1 - draw) * stay[2]);
      } else {
        const double up = std::min(1.0, useful / unseen);
        const std::array<double, 3>& better = next[static_cast<std::size_t>(k - 1)];
        for (int m = 0; m < 3; ++m) v[m] = up * better[m] + (1 - up) * stay[m];
      }
      for (double& x : v) x *= 1 - o.end_rate;
      if (k == 0) v[0] = 1;
    }
    curve.tenpai[t] = cur[static_cast<std::size_t>(shanten)][0];
    curve.win[t] = cur[static_cast<std::size_t>(shanten)][1];
    curve.score[t] = cur[static_cast<std::size_t>(shanten)][2];
    std::swap(cur, next);
  }
  return curve;
}

}  // namespace riichi::eval::detail
