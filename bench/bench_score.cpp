// Scoring benchmark: random complete hands built from four sets and a pair (closed and open,
// ron and tsumo, with kans, riichi and dora), generated before timing; each iteration scores
// the next one. Target (issue 22): <= 300 ns per hand on average (Release).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "riichi/hand.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"

namespace {

using namespace riichi;

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

struct Win {
  Hand hand;
  Tile win;
  WinContext ctx;
};

Tile tile(int kind) { return Tile{static_cast<std::uint8_t>(kind), false}; }

// One random complete hand, or false when the copy limits were broken (the caller retries).
bool random_win(Rng& rng, Win& out) {
  Counts used{};
  std::vector<Tile> concealed;
  Hand hand;
  const int open_sets = rng.below(3) == 0 ? 0 : rng.below(3);  // a third of hands fully closed
  for (int s = 0; s < 4; ++s) {
    const int kind = rng.below(34);
    const bool chow = kind < 27 && kind % 9 <= 6 && rng.below(3) != 0;
    const bool kan = !chow && rng.below(8) == 0;
    const int n = chow ? 3 : kan ? 4 : 3;
    for (int d = 0; d < n; ++d)
      if (++used[chow ? kind + d : kind] > 4) return false;
    if (s < open_sets || kan) {
      Meld m;
      m.type = chow  ? MeldType::kChi
               : kan ? (s < open_sets ? MeldType::kDaiminkan : MeldType::kAnkan)
                     : MeldType::kPon;
      for (int d = 0; d < n; ++d) m.tiles[d] = tile(chow ? kind + d : kind);
      hand.melds.push_back(m);
    } else {
      for (int d = 0; d < 3; ++d) concealed.push_back(tile(chow ? kind + d : kind));
    }
  }
  const int pair = rng.below(34);
  if ((used[pair] += 2) > 4) return false;
  concealed.push_back(tile(pair));
  concealed.push_back(tile(pair));
  const int w = rng.below(static_cast<int>(concealed.size()));
  out.win = concealed[w];
  concealed.erase(concealed.begin() + w);
  hand.concealed = concealed;
  bool open = false;
  for (const Meld& m : hand.melds) open |= m.is_open();
  WinContext ctx;
  ctx.tsumo = rng.below(2) == 0;
  ctx.seat = rng.below(4);
  ctx.round_wind = rng.below(2);
  ctx.riichi = !open && rng.below(2) == 0;
  ctx.dora_indicators = {tile(rng.below(34))};
  if (ctx.riichi) ctx.ura_indicators = {tile(rng.below(34))};
  ctx.honba = rng.below(3);
  out.hand = hand;
  out.ctx = ctx;
  return true;
}

std::vector<Win> random_wins(int count) {
  Rng rng{0x9E3779B97F4A7C15ull};
  std::vector<Win> wins;
  Win w;
  while (static_cast<int>(wins.size()) < count)
    if (random_win(rng, w)) wins.push_back(w);
  return wins;
}

// Check sum over the fixed set of wins: points received, han, fu and the error kind (no yaku,
// ...), the same before and after any speed-up.
long checksum(const std::vector<Win>& wins, const Rules& rules) {
  long sum = 0;
  for (const Win& w : wins) {
    const ScoreResult r = score(w.hand, w.win, w.ctx, rules);
    sum += r.payments.total + 100 * r.han + r.fu + 7 * static_cast<long>(r.error);
  }
  return sum;
}

void BM_ScoreRandomHands(benchmark::State& state) {
  const std::vector<Win> wins = random_wins(4096);
  const Rules rules = Rules::ema2016();
  std::size_t i = 0;
  for (auto _ : state) {
    const Win& w = wins[i++ & 4095];
    ScoreResult r = score(w.hand, w.win, w.ctx, rules);
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel("checksum=" + std::to_string(checksum(wins, rules)));
}
BENCHMARK(BM_ScoreRandomHands);

// The same wins through score_value(): the verdict and points without names or text (no
// allocation), as the table's ron/tsumo checks, the bots and evaluation use it. Its check sum
// is score()'s (the same fields), so both must agree.
void BM_ScoreValueRandomHands(benchmark::State& state) {
  const std::vector<Win> wins = random_wins(4096);
  const Rules rules = Rules::ema2016();
  std::size_t i = 0;
  for (auto _ : state) {
    const Win& w = wins[i++ & 4095];
    ScoreValue v = score_value(w.hand, w.win, w.ctx, rules);
    benchmark::DoNotOptimize(v);
  }
  long sum = 0;
  for (const Win& w : wins) {
    const ScoreValue v = score_value(w.hand, w.win, w.ctx, rules);
    sum += v.payments.total + 100 * v.han + v.fu + 7 * static_cast<long>(v.error);
  }
  state.SetLabel("checksum=" + std::to_string(sum));
}
BENCHMARK(BM_ScoreValueRandomHands);

// Closed hands only (the most readings), under the Tenhou preset.
void BM_ScoreClosedHandsTenhou(benchmark::State& state) {
  std::vector<Win> wins;
  for (const Win& w : random_wins(16384))
    if (w.hand.melds.empty() && wins.size() < 4096) wins.push_back(w);
  const Rules rules = Rules::tenhou();
  std::size_t i = 0;
  for (auto _ : state) {
    const Win& w = wins[i++ % wins.size()];
    ScoreResult r = score(w.hand, w.win, w.ctx, rules);
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel("checksum=" + std::to_string(checksum(wins, rules)));
}
BENCHMARK(BM_ScoreClosedHandsTenhou);

}  // namespace
