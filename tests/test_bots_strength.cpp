// The playing bots over whole games: legal play under every preset, and a strength sanity
// check (efficiency far ahead of random). RIICHI_BOT_GAMES=N runs the longer comparisons
// (efficiency vs random, defensive vs efficiency, N games each) and prints the average ranks;
// the >= 20,000-game measurement belongs to the arena.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bots/defensive_bot.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/rules.hpp"

namespace riichi::testing {
namespace {

struct Duel {
  double rank_sum[2] = {0, 0};
  double rank_sq[2] = {0, 0};
  int seats[2] = {0, 0};
  double mean(int i) const { return rank_sum[i] / seats[i]; }
  // Standard error of the difference of the means (seats treated as independent: rough).
  double stderr_diff() const {
    double var = 0;
    for (int i = 0; i < 2; ++i) {
      const double m = mean(i);
      var += (rank_sq[i] / seats[i] - m * m) / seats[i];
    }
    return std::sqrt(var);
  }
};

// `games` games of two `a` and two `b` bots; each seed is played twice with the seats swapped
// (a b a b, then b a b a), so each bot sees the same walls from every seat parity.
Duel duel(const std::string& a, const std::string& b, int games, const Rules& rules,
          std::uint64_t first_seed) {
  Duel d;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g / 2);
    const bool swap = g % 2 == 1;
    std::array<std::string, 4> names;
    for (int s = 0; s < 4; ++s) names[static_cast<std::size_t>(s)] = (s % 2 == 0) != swap ? a : b;
    const auto players = bots::make_bots(names, seed);
    const bots::FastStats stats = bots::play_fast(rules, seed, bots::seats_of(players));
    for (int s = 0; s < 4; ++s) {
      const int i = names[static_cast<std::size_t>(s)] == a ? 0 : 1;
      const double r = stats.final.ranks[static_cast<std::size_t>(s)];
      d.rank_sum[i] += r;
      d.rank_sq[i] += r * r;
      ++d.seats[i];
    }
  }
  return d;
}

TEST(BotsPlay, WholeGamesUnderEveryPreset) {
  // RIICHI_BOT_PRESET_GAMES=N plays N games per preset (default 2).
  const char* env = std::getenv("RIICHI_BOT_PRESET_GAMES");
  const std::uint64_t games = env != nullptr ? std::strtoull(env, nullptr, 10) : 2;
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    for (std::uint64_t seed = 1; seed <= games; ++seed) {
      const auto players =
          bots::make_bots({"efficiency", "defensive", "random", "defensive"}, seed, rules);
      // play_recorded throws on an illegal action.
      const GameRecorder rec = bots::play_recorded(rules, seed, bots::seats_of(players));
      EXPECT_TRUE(rec.game().is_over()) << rules.name << " seed " << seed;
    }
  }
}

TEST(BotsStrength, EfficiencyFarAheadOfRandom) {
  const Duel d = duel("efficiency", "random", 16, Rules::ema2016(), 100);
  // Two against two: a bot that always won its pair would average 1.5 against 3.5.
  EXPECT_LT(d.mean(0), 1.9) << "efficiency " << d.mean(0) << " random " << d.mean(1);
  EXPECT_GT(d.mean(1), 3.1);
}

TEST(BotsStrength, LongComparison) {
  const char* env = std::getenv("RIICHI_BOT_GAMES");
  if (env == nullptr) GTEST_SKIP() << "set RIICHI_BOT_GAMES=N for the long comparison";
  const int games = std::max(2, std::atoi(env));
  const std::uint64_t first = std::getenv("RIICHI_BOT_SEED") != nullptr
                                  ? std::strtoull(std::getenv("RIICHI_BOT_SEED"), nullptr, 10)
                                  : 1000;
  const struct {
    const char* a;
    const char* b;
  } pairs[] = {{"efficiency", "random"}, {"defensive", "efficiency"}};
  for (const auto& p : pairs) {
    const Duel d = duel(p.a, p.b, games, Rules::ema2016(), first);
    std::printf("%d games, two %s vs two %s: average rank %.3f vs %.3f (diff %.3f +- %.3f)\n",
                games, p.a, p.b, d.mean(0), d.mean(1), d.mean(1) - d.mean(0), d.stderr_diff());
    EXPECT_LT(d.mean(0), d.mean(1) + 2 * d.stderr_diff());
  }
}

// Tuning aid: RIICHI_DEFENSIVE_OPTIONS="good_wait,push_tenpai_han,safe_enough,
// push_one_shanten_han,push_one_shanten_tiles,fold_open_shanten" plays RIICHI_BOT_GAMES games
// of two defensive bots with these options against two efficiency bots.
TEST(BotsStrength, TuneDefensive) {
  const char* opts = std::getenv("RIICHI_DEFENSIVE_OPTIONS");
  const char* env = std::getenv("RIICHI_BOT_GAMES");
  if (opts == nullptr || env == nullptr)
    GTEST_SKIP() << "set RIICHI_DEFENSIVE_OPTIONS=a,b,c,d,e,f and RIICHI_BOT_GAMES=N";
  bots::DefensiveBot::Options o;
  int* fields[] = {&o.good_wait,
                   &o.push_tenpai_han,
                   &o.safe_enough,
                   &o.push_one_shanten_han,
                   &o.push_one_shanten_tiles,
                   &o.fold_open_shanten};
  std::string text = opts;
  for (int*& f : fields) {
    *f = std::atoi(text.c_str());
    const auto comma = text.find(',');
    if (comma == std::string::npos) break;
    text = text.substr(comma + 1);
  }
  const int games = std::max(2, std::atoi(env));
  Duel d;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = 5000 + static_cast<std::uint64_t>(g / 2);
    const bool swap = g % 2 == 1;
    std::array<std::unique_ptr<bots::Bot>, 4> players;
    for (int s = 0; s < 4; ++s) {
      const std::uint64_t bs = bots::bot_seed(seed, s);
      if ((s % 2 == 0) != swap)
        players[static_cast<std::size_t>(s)] =
            std::make_unique<bots::DefensiveBot>(bs, Rules::ema2016(), o);
      else
        players[static_cast<std::size_t>(s)] = std::make_unique<bots::EfficiencyBot>(bs);
    }
    const bots::FastStats stats = bots::play_fast(Rules::ema2016(), seed, bots::seats_of(players));
    for (int s = 0; s < 4; ++s) {
      const int i = (s % 2 == 0) != swap ? 0 : 1;
      const double r = stats.final.ranks[static_cast<std::size_t>(s)];
      d.rank_sum[i] += r;
      d.rank_sq[i] += r * r;
      ++d.seats[i];
    }
  }
  std::printf("options %s, %d games: defensive %.3f vs efficiency %.3f (diff %.3f +- %.3f)\n", opts,
              games, d.mean(0), d.mean(1), d.mean(1) - d.mean(0), d.stderr_diff());
}

}  // namespace
}  // namespace riichi::testing
