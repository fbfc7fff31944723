// Observation::visible, kept by the Round as tiles leave the hands and indicators turn, equals a
// recount from the observation's own fields (count_visible) at every decision of self-play
// games under every preset: with calls, kans of every kind and, in three-player games, kita.
// Round::observe_own writes the same as observe but the other seats' discards and melds and the
// legal list.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/safety.hpp"
#include "bots/selfplay.hpp"
#include "riichi/game.hpp"

namespace riichi {
namespace {

// What the games showed, to make sure every way a tile leaves a hand was met.
struct Seen {
  int decisions = 0;
  std::array<int, 5> melds{};  // observations showing a meld of each MeldType
  int kita = 0;                // observations showing a North set aside
};

// `own` (observe_own) is `full` (observe) without the other seats' discards and melds and the
// legal list.
void expect_own_part(const Observation& full, const Observation& own) {
  Observation expected = full;
  for (int s = 0; s < 4; ++s) {
    expected.discards[static_cast<std::size_t>(s)].clear();
    if (s != full.seat) expected.melds[static_cast<std::size_t>(s)].clear();
  }
  expected.legal_actions.clear();
  EXPECT_EQ(own.seat, expected.seat);
  EXPECT_EQ(own.dealer, expected.dealer);
  EXPECT_EQ(own.round_wind, expected.round_wind);
  EXPECT_EQ(own.honba, expected.honba);
  EXPECT_EQ(own.riichi_sticks, expected.riichi_sticks);
  EXPECT_EQ(own.scores, expected.scores);
  EXPECT_EQ(own.concealed, expected.concealed);
  EXPECT_EQ(own.drawn, expected.drawn);
  for (int s = 0; s < 4; ++s) {
    const auto i = static_cast<std::size_t>(s);
    EXPECT_TRUE(own.discards[i].empty());
    ASSERT_EQ(own.melds[i].size(), expected.melds[i].size());
    for (std::size_t m = 0; m < own.melds[i].size(); ++m) {
      EXPECT_EQ(own.melds[i][m].type, expected.melds[i][m].type);
      EXPECT_EQ(own.melds[i][m].ids, expected.melds[i][m].ids);
      EXPECT_EQ(own.melds[i][m].from, expected.melds[i][m].from);
    }
  }
  EXPECT_EQ(own.riichi, expected.riichi);
  EXPECT_EQ(own.concealed_count, expected.concealed_count);
  EXPECT_EQ(own.kita, expected.kita);
  EXPECT_EQ(own.dora_indicators, expected.dora_indicators);
  EXPECT_EQ(own.visible, expected.visible);
  EXPECT_EQ(own.live_tiles_left, expected.live_tiles_left);
  EXPECT_EQ(own.to_play, expected.to_play);
  EXPECT_EQ(own.phase, expected.phase);
  EXPECT_EQ(own.last_discard, expected.last_discard);
  EXPECT_TRUE(own.legal_actions.empty());
}

// Plays `games` games between the given bots, comparing the kept and the recounted counts for
// every seat (not only the one to play) before every action.
void check_games(const Rules& rules, int games, bool greedy_random, Seen& seen) {
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(g);
    std::array<std::unique_ptr<bots::Bot>, 4> players;
    for (int s = 0; s < 4; ++s)
      players[static_cast<std::size_t>(s)] =
          greedy_random ? std::unique_ptr<bots::Bot>(std::make_unique<bots::RandomBot>(
                              bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = true}))
                        : bots::make_bot(s % 2 ? "defensive" : "efficiency", seed, rules);
    Game game(rules, seed);
    Observation obs, own;
    while (!game.is_over()) {
      for (int s = 0; s < rules.players; ++s) {
        game.round().observe(s, obs);
        const Counts recount = count_visible(obs);
        ASSERT_EQ(obs.visible, recount) << rules.name << " game " << g << " seat " << s
                                        << " live tiles " << obs.live_tiles_left;
        game.round().observe_own(s, own);
        expect_own_part(obs, own);
        // The defensive bot's own view (DefensiveBot::own_view_suffices) rests on may_threaten
        // telling a seat with two melds or more from its concealed count.
        for (int p = 0; p < rules.players; ++p) {
          const auto pi = static_cast<std::size_t>(p);
          ASSERT_EQ(bots::may_threaten(own, p), obs.riichi[pi] || obs.melds[pi].size() >= 2)
              << rules.name << " game " << g << " seat " << p;
        }
        if (s == 0) {
          for (const auto& melds : obs.melds)
            for (const MeldInfo& m : melds) ++seen.melds[static_cast<std::size_t>(m.type)];
          seen.kita += obs.kita[0] + obs.kita[1] + obs.kita[2] > 0;
        }
      }
      const int seat = game.to_play();
      const Action a = bots::ask(game, *players[static_cast<std::size_t>(seat)], seat);
      ASSERT_TRUE(game.apply(a).ok);
      ++seen.decisions;
    }
  }
}

TEST(ObservationVisible, KeptCountsEqualARecountUnderEveryPreset) {
  for (const std::string& name : Rules::preset_names()) {
    const Rules rules = Rules::parse(name);
    Seen seen;
    check_games(rules, 4, true, seen);
    check_games(rules, 2, false, seen);
    EXPECT_GT(seen.decisions, 500) << name;
    EXPECT_GT(seen.melds[static_cast<std::size_t>(MeldType::kPon)], 0) << name;
    const bool kans = seen.melds[static_cast<std::size_t>(MeldType::kDaiminkan)] +
                          seen.melds[static_cast<std::size_t>(MeldType::kKakan)] +
                          seen.melds[static_cast<std::size_t>(MeldType::kAnkan)] >
                      0;
    EXPECT_TRUE(kans) << name;
    if (rules.players == 4) {
      EXPECT_GT(seen.melds[static_cast<std::size_t>(MeldType::kChi)], 0) << name;
    }
    if (rules.kita) {
      EXPECT_GT(seen.kita, 0) << name;
    }
  }
}

}  // namespace
}  // namespace riichi
