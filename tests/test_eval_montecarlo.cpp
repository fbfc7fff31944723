// The default hand-value model against an independent simulation (docs/eval.md): random closed
// tenpai hands declare riichi on a fixed wait, and a simulator plays the rest of the hand tile
// by tile: the unseen tiles are shuffled and drawn one by one, a win is scored by the engine's
// score() with a real ura indicator drawn from the tiles, and the table events the model
// states as rates (another player's win ending the hand, an opponent's discard dealing in) are
// drawn with those same stated rates. The model's win probability and expected score must lie
// within 4 standard errors of the simulated means.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "eval/ev.hpp"
#include "eval/tile_distance.hpp"
#include "random_hands.hpp"
#include "riichi/score.hpp"
#include "riichi/waits.hpp"

namespace riichi::eval {
namespace {

struct Sample {
  Hand hand;              // 14 tiles: the tenpai 13 and the tile to discard
  Tile discard;           // not a wait: no furiten
  std::vector<int> pool;  // physical ids not in the hand nor the dora indicator
  Tile indicator;
};

// A complete closed hand of four random sets and a pair drawn from the 136 physical tiles, less
// one tile (tenpai), plus a random tile that is not a wait of it.
bool random_tenpai(testing::SplitMix64& rng, Sample& out) {
  std::vector<int> free(136);
  for (int i = 0; i < 136; ++i) free[i] = i;
  std::vector<int> hand;
  auto take = [&](int kind) {  // a random copy of the kind still free
    std::vector<std::size_t> copies;
    for (std::size_t i = 0; i < free.size(); ++i)
      if (free[i] / 4 == kind) copies.push_back(i);
    if (copies.empty()) return false;
    const std::size_t i =
        copies[static_cast<std::size_t>(rng.below(static_cast<int>(copies.size())))];
    hand.push_back(free[i]);
    free.erase(free.begin() + static_cast<long>(i));
    return true;
  };
  for (int s = 0; s < 4; ++s) {
    const int kind = rng.below(kNumKinds);
    const bool chow = is_suited(kind) && number_of(kind) <= 7 && rng.below(2);
    for (int d = 0; d < 3; ++d)
      if (!take(chow ? kind + d : kind)) return false;
  }
  const int pair = rng.below(kNumKinds);
  if (!take(pair) || !take(pair)) return false;
  const auto out_tile = hand.begin() + rng.below(14);  // 13 tiles, tenpai; the tile is unseen
  free.push_back(*out_tile);
  hand.erase(out_tile);
  Counts c{};
  for (int id : hand) ++c[id / 4];
  const std::vector<Wait> waits = riichi::waits(c);
  if (waits.empty()) return false;
  // The extra tile (to be discarded) and the dora indicator, from the rest.
  const int extra = free[static_cast<std::size_t>(rng.below(static_cast<int>(free.size())))];
  for (const Wait& w : waits)
    if (w.kind == extra / 4) return false;
  free.erase(std::find(free.begin(), free.end(), extra));
  const std::size_t ind = static_cast<std::size_t>(rng.below(static_cast<int>(free.size())));
  out.indicator = tile_of_id(free[ind], true);
  free.erase(free.begin() + static_cast<long>(ind));
  out.hand = Hand{};
  for (int id : hand) out.hand.concealed.push_back(tile_of_id(id, true));
  out.discard = tile_of_id(extra, true);
  out.hand.concealed.push_back(out.discard);
  out.pool = free;
  return true;
}

struct SampleOutcome {
  double win = 0, points = 0;
};

// One hand played out from the riichi declaration at turn t0.
SampleOutcome play(const Sample& s, const std::vector<Tile>& tenpai13,
                   const std::vector<bool>& winning, int t0, const EvOptions& o, const Rules& rules,
                   testing::SplitMix64& rng) {
  std::vector<int> pool = s.pool;
  for (std::size_t i = 0; i + 1 < pool.size(); ++i)  // shuffle: the order of the draws
    std::swap(pool[i],
              pool[i + static_cast<std::size_t>(rng.below(static_cast<int>(pool.size() - i)))]);
  const int unseen = static_cast<int>(pool.size());
  int live = 0;
  for (int id : pool) live += winning[static_cast<std::size_t>(id / 4)];
  auto uniform = [&] { return static_cast<double>(rng.next() >> 11) / 9007199254740992.0; };
  auto score_win = [&](int win_id, bool tsumo) {
    // The ura indicator: a tile not seen at the declaration, other than the winning tile.
    int ura;
    do ura = s.pool[static_cast<std::size_t>(rng.below(unseen))];
    while (ura == win_id);
    Hand h;
    h.concealed = tenpai13;
    WinContext ctx;
    ctx.tsumo = tsumo;
    ctx.seat = 1;
    ctx.round_wind = 0;
    ctx.riichi = true;
    ctx.dora_indicators = {s.indicator};
    ctx.ura_indicators = {tile_of_id(ura, true)};
    const ScoreResult r = score(h, tile_of_id(win_id, true), ctx, rules);
    EXPECT_TRUE(r.ok()) << r.error_message;
    return static_cast<double>(r.payments.total);
  };
  for (int t = t0, drawn = 0; t < kLastTurn; ++t) {
    if (uniform() < o.end_rate) return {0, -double(o.riichi_stick)};
    const double per_discard = std::min(1.0, o.ron_factor * live / double(unseen - drawn));
    for (int i = 0; i < o.opponents; ++i) {
      if (uniform() >= per_discard) continue;
      // A discard among the live winning tiles (one not yet drawn by us: all of them).
      std::vector<int> wins;
      for (std::size_t j = static_cast<std::size_t>(drawn); j < pool.size(); ++j)
        if (winning[static_cast<std::size_t>(pool[j] / 4)]) wins.push_back(pool[j]);
      return {1, score_win(wins[static_cast<std::size_t>(rng.below(static_cast<int>(wins.size())))],
                           false)};
    }
    const int id = pool[static_cast<std::size_t>(drawn++)];
    if (winning[static_cast<std::size_t>(id / 4)]) return {1, score_win(id, true)};
  }
  return {0, -double(o.riichi_stick)};
}

TEST(EvMonteCarlo, RiichiOnRandomTenpaiHandsAgreesWithSimulation) {
  testing::SplitMix64 rng{77};
  const Rules rules = Rules::tenhou();  // red fives
  const EvOptions o = EvOptions::standard();
  const int hands = testing::iterations(8) + 1;
  const int runs = testing::iterations(20000) + 400;
  for (int done = 0; done < hands;) {
    Sample s;
    if (!random_tenpai(rng, s)) continue;
    ++done;
    EvPosition p;
    p.hand = s.hand;
    p.turn = 1 + rng.below(10);
    p.seat = 1;
    p.round_wind = 0;
    p.dora_indicators = {s.indicator};
    p.rules = rules;
    const HandEv ev = evaluate_discards(p, o);
    const DiscardEv* row = nullptr;
    for (const DiscardEv& d : ev.discards)
      if (d.tile == s.discard) row = &d;
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->riichi_value.has_value()) << format_hand(s.hand);
    std::vector<Tile> tenpai13 = s.hand.concealed;
    tenpai13.pop_back();
    Counts c{};
    for (Tile t : tenpai13) ++c[t.kind];
    std::vector<bool> winning(kNumKinds, false);
    for (const Wait& w : waits(c)) winning[static_cast<std::size_t>(w.kind)] = true;
    double wins = 0, sum = 0, sum2 = 0;
    for (int i = 0; i < runs; ++i) {
      const SampleOutcome r = play(s, tenpai13, winning, p.turn, o, rules, rng);
      wins += r.win, sum += r.points, sum2 += r.points * r.points;
    }
    const double win = wins / runs, mean = sum / runs;
    const double win_se = std::sqrt(std::max(win * (1 - win), 1e-4) / runs);
    const double score_se = std::sqrt(std::max(sum2 / runs - mean * mean, 1.0) / runs);
    const EvCurve& model = *row->riichi_value;
    EXPECT_NEAR(model.win[p.turn], win, 4 * win_se)
        << format_hand(s.hand) << " discard " << tile_to_string(s.discard) << " turn " << p.turn;
    EXPECT_NEAR(model.score[p.turn], mean, 4 * score_se)
        << format_hand(s.hand) << " discard " << tile_to_string(s.discard) << " turn " << p.turn;
  }
}

}  // namespace
}  // namespace riichi::eval
