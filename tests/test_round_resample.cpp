// determinise (src/riichi/round_resample.*): a Round drawn for one seat's view. Positions come from
// self-play (greedy random bots, which call and declare riichi often, beside efficiency bots)
// under a four-player preset without and with red fives and a three-player preset with kita.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/efficiency_bot.hpp"
#include "bots/random_bot.hpp"
#include "riichi/game.hpp"
#include "riichi/round_resample.hpp"
#include "riichi/waits.hpp"

namespace riichi {
namespace {

// Calls f(round, seat to play) at every `every`-th decision of `games` games.
template <typename F>
void for_positions(const Rules& rules, std::uint64_t seed, int games, int every, F&& f) {
  for (int g = 0; g < games; ++g) {
    std::array<std::unique_ptr<bots::Bot>, 4> bots;
    for (int s = 0; s < 4; ++s) {
      const std::uint64_t bot_seed = seed * 1000 + static_cast<std::uint64_t>(g * 4 + s);
      if (s % 2 == 0)
        bots[s] =
            std::make_unique<bots::RandomBot>(bot_seed, bots::RandomBot::Options{.greedy = true});
      else
        bots[s] = std::make_unique<bots::EfficiencyBot>(bot_seed, rules);
    }
    Game game(rules, seed + static_cast<std::uint64_t>(g));
    int decision = 0;
    while (!game.is_over()) {
      const int s = game.to_play();
      if (++decision % every == 0) f(game.round(), s);
      const Observation obs = game.round().observation(s);
      const Action a = bots[s]->choose(obs, game.legal_actions(s));
      ASSERT_TRUE(game.apply(a).ok);
    }
  }
}

// The seat's view, field by field (written apart from same_observation, which it also checks).
void expect_same_view(const Observation& a, const Observation& b) {
  EXPECT_EQ(a.concealed, b.concealed);
  EXPECT_EQ(a.drawn, b.drawn);
  EXPECT_EQ(a.scores, b.scores);
  EXPECT_EQ(a.riichi_sticks, b.riichi_sticks);
  EXPECT_EQ(a.honba, b.honba);
  EXPECT_EQ(a.dealer, b.dealer);
  EXPECT_EQ(a.dora_indicators, b.dora_indicators);
  EXPECT_EQ(a.live_tiles_left, b.live_tiles_left);
  EXPECT_EQ(a.phase, b.phase);
  EXPECT_EQ(a.to_play, b.to_play);
  EXPECT_EQ(a.last_discard, b.last_discard);
  EXPECT_EQ(a.riichi, b.riichi);
  EXPECT_EQ(a.kita, b.kita);
  EXPECT_EQ(a.concealed_count, b.concealed_count);
  EXPECT_EQ(a.visible, b.visible);
  EXPECT_EQ(a.legal_actions, b.legal_actions);
  for (int s = 0; s < 4; ++s) {
    ASSERT_EQ(a.discards[s].size(), b.discards[s].size()) << "seat " << s;
    for (std::size_t i = 0; i < a.discards[s].size(); ++i) {
      const DiscardInfo &x = a.discards[s][i], &y = b.discards[s][i];
      EXPECT_EQ(x.id, y.id);
      EXPECT_EQ(x.tsumogiri, y.tsumogiri);
      EXPECT_EQ(x.riichi, y.riichi);
      EXPECT_EQ(x.called, y.called);
    }
    ASSERT_EQ(a.melds[s].size(), b.melds[s].size()) << "seat " << s;
    for (std::size_t i = 0; i < a.melds[s].size(); ++i) {
      EXPECT_EQ(a.melds[s][i].type, b.melds[s][i].type);
      EXPECT_EQ(a.melds[s][i].ids, b.melds[s][i].ids);
      EXPECT_EQ(a.melds[s][i].from, b.melds[s][i].from);
    }
  }
  EXPECT_TRUE(same_observation(a, b));
}

// The concealed tiles of `s` without the tile it has just drawn (a riichi hand's 3n+1 part).
Counts waiting_part(const Round& r, int s) {
  Counts c{};
  const int drawn = r.observation(s).drawn;
  for (int id : r.concealed_ids(s))
    if (id != drawn) ++c[id / 4];
  return c;
}

// Plays the round to its end with seeded random legal actions; false if one is refused.
bool plays_out(Round r, std::uint64_t seed) {
  Xoshiro256 rng(seed);
  for (int step = 0; step < 2000 && !r.is_over(); ++step) {
    const int s = r.to_play();
    const std::vector<Action> legal = r.legal_actions(s);
    if (legal.empty() || !r.apply(legal[rng.bounded(legal.size())]).ok) return false;
  }
  return r.is_over();
}

struct Tally {
  int positions = 0;
  int riichi_hands = 0;
  int calls = 0;
  int windows = 0;         // positions in a claim window (the seat answering a discard)
  int hidden_differs = 0;  // two seeds give different hidden hands
  int differs_from_real = 0;
};

void check_preset(const Rules& rules, std::uint64_t seed, int games, Tally& t) {
  for_positions(rules, seed, games, 7, [&](const Round& real, int seat) {
    const std::uint64_t k = static_cast<std::uint64_t>(t.positions++);
    const Round a = determinise(real, seat, 2 * k + 1);
    const Round b = determinise(real, seat, 2 * k + 2);
    SCOPED_TRACE(rules.name + " position " + std::to_string(k));
    expect_same_view(a.observation(seat), real.observation(seat));
    expect_same_view(b.observation(seat), real.observation(seat));
    EXPECT_EQ(a.concealed_ids(seat), real.concealed_ids(seat));
    EXPECT_TRUE(a.wall().is_permutation());
    EXPECT_EQ(a.audit(), "");
    EXPECT_TRUE(plays_out(a, k));
    bool differs = false, from_real = false;
    for (int s = 0; s < real.players(); ++s) {
      if (s == seat) continue;
      differs = differs || a.concealed_ids(s) != b.concealed_ids(s);
      from_real = from_real || a.concealed_ids(s) != real.concealed_ids(s);
      t.calls += static_cast<int>(real.melds(s).size());
      if (!real.in_riichi(s)) continue;
      ++t.riichi_hands;
      EXPECT_TRUE(a.in_riichi(s));
      EXPECT_NE(waiting_kinds(waiting_part(a, s)), 0u) << "seat " << s << " not tenpai";
    }
    t.windows += real.phase() == Phase::kClaim || real.phase() == Phase::kChankan;
    t.hidden_differs += differs;
    t.differs_from_real += from_real;
  });
}

TEST(Determinise, KeepsTheViewAndDrawsTheRestTenhou) {
  Tally t;
  check_preset(Rules::tenhou(), 11, 8, t);
  EXPECT_GT(t.positions, 500);
  EXPECT_GT(t.riichi_hands, 80);
  EXPECT_GT(t.calls, 300);
  EXPECT_GT(t.windows, 10);
  EXPECT_GE(t.hidden_differs, t.positions * 95 / 100);
  EXPECT_GE(t.differs_from_real, t.positions * 95 / 100);
}

TEST(Determinise, KeepsTheViewAndDrawsTheRestEma2016) {
  Tally t;
  check_preset(Rules::ema2016(), 21, 8, t);
  EXPECT_GT(t.positions, 300);
  EXPECT_GT(t.riichi_hands, 40);
  EXPECT_GE(t.hidden_differs, t.positions * 95 / 100);
}

TEST(Determinise, KeepsTheViewAndDrawsTheRestSanmaWithKita) {
  Tally t;
  check_preset(Rules::tenhou_sanma(), 31, 8, t);
  EXPECT_GT(t.positions, 200);
  EXPECT_GT(t.riichi_hands, 25);
  EXPECT_GE(t.hidden_differs, t.positions * 95 / 100);
}

TEST(Determinise, SameSeedSameRound) {
  const Game game(Rules::tenhou(), 5);
  const Round a = determinise(game.round(), 1, 77);
  const Round b = determinise(game.round(), 1, 77);
  const Round c = determinise(game.round(), 1, 78);
  EXPECT_EQ(a.wall().tiles, b.wall().tiles);
  EXPECT_NE(a.wall().tiles, c.wall().tiles);
}

// At the dealer's first turn the other hands are a uniform draw from the unseen tiles: each
// unseen id is in seat 1's hand with probability 13 / (136 - 14 - 1).
TEST(Determinise, OtherHandsAreUniformAtTheDeal) {
  const Game game(Rules::tenhou(), 9);
  const Round& real = game.round();
  const int seat = real.to_play();
  const int other = (seat + 1) % 4;
  std::array<int, kNumTiles> held{};
  const int n = 1500;
  for (int i = 0; i < n; ++i)
    for (int id : determinise(real, seat, static_cast<std::uint64_t>(i)).concealed_ids(other))
      ++held[id];
  const double p = 13.0 / 121.0, mean = n * p, sd = std::sqrt(n * p * (1 - p));
  int unseen = 0;
  for (int id = 0; id < kNumTiles; ++id) {
    const auto& own = real.concealed_ids(seat);
    const bool seen = std::find(own.begin(), own.end(), id) != own.end() ||
                      id == real.observation(seat).dora_indicators[0];
    if (seen) {
      EXPECT_EQ(held[id], 0) << id;
      continue;
    }
    ++unseen;
    EXPECT_NEAR(held[id], mean, 5 * sd) << id;
  }
  EXPECT_EQ(unseen, 121);
}

// A riichi hand that is not furiten never waits on a tile another seat discarded after its
// declaration (it would have won), nor on a tile it drew and let go.
TEST(Determinise, RiichiHandsDidNotSkipAWin) {
  int checked = 0;
  for_positions(Rules::tenhou(), 41, 6, 5, [&](const Round& real, int seat) {
    for (int s = 0; s < 4; ++s) {
      if (s == seat || !real.in_riichi(s)) continue;
      const Round a = determinise(real, seat, static_cast<std::uint64_t>(checked));
      const std::uint64_t waits = waiting_kinds(waiting_part(a, s));
      std::uint64_t own = 0, after = 0, drawn = 0;
      bool declared = false;
      for (const Event& e : real.events()) {
        if (e.type != EventType::kDiscard) continue;
        const std::uint64_t bit = std::uint64_t{1} << (e.tile / 4);
        if (e.seat == s) {
          own |= bit;
          if (declared && e.tsumogiri) drawn |= bit;
          declared = declared || e.riichi;
        } else if (declared) {
          after |= bit;
        }
      }
      EXPECT_EQ(waits & drawn, 0u);
      if (!(waits & own)) {
        EXPECT_EQ(waits & after, 0u);
      }
      ++checked;
    }
  });
  EXPECT_GT(checked, 60);
}

TEST(Determinise, RefusesABadSeatOrAnEndedRound) {
  Game game(Rules::tenhou(), 3);
  try {
    (void)determinise(game.round(), 4, 1);
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("seat 4"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)determinise(game.round(), -1, 1), std::invalid_argument);
  Round r = game.round();
  while (!r.is_over()) r.apply(r.legal_actions(r.to_play()).front());
  try {
    (void)determinise(r, 0, 1);
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("over"), std::string::npos) << e.what();
  }
  const Game sanma(Rules::tenhou_sanma(), 3);
  EXPECT_THROW((void)determinise(sanma.round(), 3, 1), std::invalid_argument);
}

}  // namespace
}  // namespace riichi
