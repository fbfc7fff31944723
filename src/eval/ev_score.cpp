// Points of a win in the hand-value model: the rules' own score(), and for a riichi win the
// expectation over the ura indicators (MODEL.md §3: drawn from the wall of the state, the han
// of each count added to the same reading, fu kept, limits applied).
#include <algorithm>

#include "eval/ev_graph.hpp"

namespace riichi::eval::detail {

namespace {

// What the winner receives for `basic` points (RULES.md §8.1, no honba).
int win_points(int basic, bool dealer, bool tsumo) {
  if (!tsumo) return round_up_100(basic * (dealer ? 6 : 4));
  if (dealer) return 3 * round_up_100(2 * basic);
  return round_up_100(2 * basic) + 2 * round_up_100(basic);
}

double choose(int n, int r) {
  if (r < 0 || r > n) return 0;
  double v = 1;
  for (int i = 1; i <= r; ++i) v = v * (n - r + i) / i;
  return v;
}

inline constexpr int kMaxUra = 12;

// Probability of each ura count 0..12 when `indicators` tiles are drawn from `wall` (by kind),
// each indicator adding the copies of its dora held (`held`, melds included).
std::array<double, kMaxUra + 1> ura_distribution(const Counts& wall, const Counts& held,
                                                 int indicators) {
  // ways[n][u]: ways to pick n indicators giving u ura (u capped at 12).
  std::array<std::array<double, kMaxUra + 1>, 6> ways{};
  ways[0][0] = 1;
  int tiles = 0;
  for (int ind = 0; ind < kNumKinds; ++ind) {
    const int count = wall[ind];
    tiles += count;
    if (count == 0) continue;
    const int gain = held[dora_of(ind)];
    auto next = ways;
    for (int n = 0; n < indicators; ++n)
      for (int u = 0; u <= kMaxUra; ++u) {
        if (ways[n][u] == 0) continue;
        for (int take = 1; take <= std::min(count, indicators - n); ++take)
          next[n + take][std::min(kMaxUra, u + gain * take)] += ways[n][u] * choose(count, take);
      }
    ways = next;
  }
  std::array<double, kMaxUra + 1> p{};
  const double all = choose(tiles, indicators);
  for (int u = 0; u <= kMaxUra; ++u) p[u] = all > 0 ? ways[indicators][u] / all : 0;
  return p;
}

}  // namespace

WinScorer::WinScorer(const EvPosition& position, const EvOptions& options, const Rules& rules,
                     const Setup& setup)
    : position_(position), options_(options), rules_(rules), setup_(setup) {
  context_.seat = position.seat;
  context_.round_wind = position.round_wind;
  context_.dora_indicators = position.dora_indicators;
}

double WinScorer::points(const IdCounts& hand, int win, bool riichi, bool tsumo) const {
  Hand h;
  h.melds = position_.hand.melds;
  h.concealed.reserve(14);
  for (int id = 0; id < kIds; ++id) {
    const int n = hand[id] - (id == win ? 1 : 0);
    const Tile t{static_cast<std::uint8_t>(kind_of_id(id)), id >= kNumKinds};
    for (int i = 0; i < n; ++i) h.concealed.push_back(t);
  }
  WinContext ctx = context_;
  ctx.tsumo = tsumo;
  ctx.riichi = riichi;
  const ScoreResult r =
      score(h, Tile{static_cast<std::uint8_t>(kind_of_id(win)), win >= kNumKinds}, ctx, rules_);
  if (!r.ok()) return 0;
  const int indicators = static_cast<int>(position_.dora_indicators.size());
  if (!riichi || !options_.ura || indicators == 0 || r.limit >= Limit::kKazoeYakuman)
    return r.payments.total;
  // The wall the ura indicators come from, and every tile of the hand (melds included).
  Counts wall{}, held = kinds_of(hand);
  for (int id = 0; id < kIds; ++id) {
    const int in_hand = options_.discards_return ? hand[id] : std::max(hand[id], setup_.start[id]);
    wall[kind_of_id(id)] += std::max(setup_.total[id] - in_hand, 0);
  }
  for (const Meld& m : position_.hand.melds)
    for (Tile t : m.view()) ++held[t.kind];
  const auto p = ura_distribution(wall, held, std::min(indicators, 5));
  const bool dealer = position_.seat == 0;
  double expected = 0;
  for (int u = 0; u <= kMaxUra; ++u)
    if (p[u] > 0)
      expected += p[u] * win_points(basic_points(r.han + u, r.fu, rules_), dealer, tsumo);
  return expected;
}

}  // namespace riichi::eval::detail
