// The arena (src/bots/arena.*): seat rotation, determinism across thread counts, the statistics
// and their confidence intervals, the per-seat counts against the recorded events.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"

namespace riichi {
namespace {

using bots::ArenaConfig;
using bots::GameResult;

ArenaConfig small_config(const std::string& a, const std::string& b, int games) {
  ArenaConfig c;
  c.bots = {a, b, a, b};
  c.rules = Rules::parse("ema2016");
  c.games = games;
  c.threads = 1;
  c.seed = 42;
  return c;
}

TEST(ArenaRotation, SeatBotsFollowTheRotation) {
  const std::array<std::string, 4> list = {"A", "B", "C", "D"};
  // seat s plays list[(s + r) % 4]
  EXPECT_EQ(bots::seat_bots(list, 0), (std::array<std::string, 4>{"A", "B", "C", "D"}));
  EXPECT_EQ(bots::seat_bots(list, 1), (std::array<std::string, 4>{"B", "C", "D", "A"}));
  EXPECT_EQ(bots::seat_bots(list, 2), (std::array<std::string, 4>{"C", "D", "A", "B"}));
  EXPECT_EQ(bots::seat_bots(list, 3), (std::array<std::string, 4>{"D", "A", "B", "C"}));
}

TEST(ArenaRotation, RepeatedSeatingsAreCounted) {
  const std::array<std::string, 4> abcd = {"A", "B", "C", "D"};
  const std::array<std::string, 4> abab = {"A", "B", "A", "B"};
  const std::array<std::string, 4> aaaa = {"A", "A", "A", "A"};
  const std::array<std::string, 4> aabb = {"A", "A", "B", "B"};
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(bots::repeated_rotations(abcd, r), 0);
    EXPECT_EQ(bots::repeated_rotations(aabb, r), 0);      // AABB, ABBA, BBAA, BAAB
    EXPECT_EQ(bots::repeated_rotations(abab, r), r / 2);  // ABAB, BABA, ABAB, BABA
    EXPECT_EQ(bots::repeated_rotations(aaaa, r), r);
  }
}

// A,B,A,B: rotations 0 and 2 seat the same bots on the same walls; the bots' seeds differ, so the
// games are not copies of each other (random bots: their choices differ).
TEST(ArenaRotation, RepeatedSeatingsPlayDifferentGames) {
  ArenaConfig config = small_config("random", "greedy", 4);
  const bots::ArenaRun run = bots::run_arena(config, {}, nullptr);
  ASSERT_EQ(run.games.size(), 4u);
  for (std::size_t s = 0; s < 4; ++s)
    EXPECT_EQ(run.games[0].seats[s].bot, run.games[2].seats[s].bot);
  bool differ = false;
  for (std::size_t s = 0; s < 4; ++s)
    differ = differ || run.games[0].seats[s].points != run.games[2].seats[s].points;
  differ = differ || run.games[0].hands != run.games[2].hands;
  EXPECT_TRUE(differ);
}

// The kDeal events of a hand: seat -> its 13 dealt ids.
std::array<std::vector<int>, 4> deals(const HandLog& hand) {
  std::array<std::vector<int>, 4> out;
  for (const Event& e : hand.events)
    if (e.type == EventType::kDeal)
      out[static_cast<std::size_t>(e.seat)].assign(e.hand.begin(), e.hand.begin() + e.hand_size);
  return out;
}

TEST(ArenaRotation, GamesOfABlockShareTheSeedAndTheFirstDeal) {
  ArenaConfig config = small_config("greedy", "random", 8);
  config.bots = {"greedy", "random", "random", "greedy"};
  std::vector<GameResult> results;
  std::vector<std::array<std::vector<int>, 4>> first_deals;
  for (int g = 0; g < 8; ++g) {
    std::optional<GameRecorder> rec;
    results.push_back(bots::play_arena_game(config, g, &rec));
    ASSERT_TRUE(rec.has_value());
    ASSERT_FALSE(rec->log().hands.empty());
    first_deals.push_back(deals(rec->log().hands[0]));
    // The seats are permuted as specified, in the result and in the record.
    for (std::size_t s = 0; s < 4; ++s) {
      const std::string& expected = config.bots[(s + static_cast<std::size_t>(g % 4)) % 4];
      EXPECT_EQ(results.back().seats[s].bot, expected) << "game " << g << " seat " << s;
      EXPECT_EQ(rec->record().players[s], expected);
    }
    EXPECT_EQ(results.back().block, g / 4);
    EXPECT_EQ(results.back().rotation, g % 4);
    EXPECT_EQ(rec->record().seed, results.back().seed);
  }
  for (int g = 0; g < 8; ++g) {
    const int first = g / 4 * 4;
    EXPECT_EQ(results[static_cast<std::size_t>(g)].seed,
              results[static_cast<std::size_t>(first)].seed);
    for (std::size_t s = 0; s < 4; ++s) {
      EXPECT_EQ(first_deals[static_cast<std::size_t>(g)][s].size(), 13u);
      EXPECT_EQ(first_deals[static_cast<std::size_t>(g)][s],
                first_deals[static_cast<std::size_t>(first)][s])
          << "game " << g << " seat " << s;
    }
  }
  EXPECT_NE(results[0].seed, results[4].seed);
  EXPECT_NE(first_deals[0][0], first_deals[4][0]);
}

TEST(ArenaRotation, GameSeedIsAPortableMixOfRunSeedAndBlock) {
  // splitmix64(run ^ splitmix64(block + 0x61726E61)) (arena.hpp), computed by hand (Python big
  // integers masked to 64 bits). A change here changes the games of every stored run.
  EXPECT_EQ(bots::arena_game_seed(1, 0), 0x525dcb2ec2f1f0f7ull);
  EXPECT_EQ(bots::arena_game_seed(1, 1), 0xac417427f4882b9full);
  EXPECT_EQ(bots::arena_game_seed(7, 3), 0xdab84f7a0ff3cd81ull);
}

void expect_same_results(const std::vector<GameResult>& a, const std::vector<GameResult>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t g = 0; g < a.size(); ++g) {
    EXPECT_EQ(a[g].index, b[g].index);
    EXPECT_EQ(a[g].seed, b[g].seed);
    EXPECT_EQ(a[g].hands, b[g].hands);
    for (std::size_t s = 0; s < 4; ++s) {
      const bots::SeatResult& x = a[g].seats[s];
      const bots::SeatResult& y = b[g].seats[s];
      EXPECT_EQ(x.bot, y.bot);
      EXPECT_EQ(x.rank, y.rank);
      EXPECT_EQ(x.points, y.points);
      EXPECT_EQ(x.final_score, y.final_score);
      EXPECT_EQ(x.wins, y.wins);
      EXPECT_EQ(x.tsumo, y.tsumo);
      EXPECT_EQ(x.deal_ins, y.deal_ins);
      EXPECT_EQ(x.riichi, y.riichi);
      EXPECT_EQ(x.calls, y.calls);
      EXPECT_EQ(x.win_points, y.win_points);
    }
  }
}

void expect_same_table(const bots::ArenaTable& a, const bots::ArenaTable& b) {
  EXPECT_EQ(a.games, b.games);
  EXPECT_EQ(a.hands, b.hands);
  ASSERT_EQ(a.bots.size(), b.bots.size());
  for (std::size_t i = 0; i < a.bots.size(); ++i) {
    const bots::BotStats& x = a.bots[i];
    const bots::BotStats& y = b.bots[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.games, y.games);
    EXPECT_EQ(x.hands, y.hands);
    EXPECT_EQ(x.avg_rank.value, y.avg_rank.value);
    EXPECT_EQ(x.avg_rank.ci95, y.avg_rank.ci95);
    EXPECT_EQ(x.avg_score.value, y.avg_score.value);
    EXPECT_EQ(x.avg_score.ci95, y.avg_score.ci95);
    for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(x.rank_rates[k].value, y.rank_rates[k].value);
    EXPECT_EQ(x.win_rate.value, y.win_rate.value);
    EXPECT_EQ(x.deal_in_rate.value, y.deal_in_rate.value);
    EXPECT_EQ(x.riichi_rate.value, y.riichi_rate.value);
    EXPECT_EQ(x.call_rate.value, y.call_rate.value);
    EXPECT_EQ(x.avg_win, y.avg_win);
  }
}

TEST(ArenaRun, SameStatisticsWithOneOrTwoThreadsAndTwiceInARow) {
  ArenaConfig config = small_config("random", "greedy", 8);
  const bots::ArenaRun one = bots::run_arena(config, {}, nullptr);
  const bots::ArenaRun again = bots::run_arena(config, {}, nullptr);
  config.threads = 2;
  const bots::ArenaRun two = bots::run_arena(config, {}, nullptr);
  ASSERT_EQ(one.games.size(), 8u);
  EXPECT_FALSE(one.cancelled);
  expect_same_results(one.games, again.games);
  expect_same_results(one.games, two.games);
  expect_same_table(bots::summarize(one.games), bots::summarize(two.games));
  expect_same_table(bots::summarize(one.games), bots::summarize(again.games));
  for (std::size_t g = 0; g < 8; ++g) EXPECT_EQ(two.games[g].index, static_cast<int>(g));
}

TEST(ArenaRun, CancelFlagStopsBeforeTheNextGame) {
  ArenaConfig config = small_config("random", "random", 100);
  std::atomic<bool> cancel{false};
  bots::ArenaCallbacks cb;
  cb.on_progress = [&cancel](int done) {
    if (done >= 3) cancel = true;
  };
  const bots::ArenaRun run = bots::run_arena(config, cb, &cancel);
  EXPECT_TRUE(run.cancelled);
  ASSERT_EQ(run.games.size(), 3u);  // one thread: the flag is seen before game 3 starts
  for (std::size_t g = 0; g < 3; ++g) EXPECT_EQ(run.games[g].index, static_cast<int>(g));
}

TEST(ArenaRun, BadConfigIsRefused) {
  ArenaConfig config = small_config("random", "nobody", 4);
  EXPECT_THROW(bots::run_arena(config, {}, nullptr), std::invalid_argument);
  config = small_config("random", "random", 4);
  config.threads = 0;
  EXPECT_THROW(bots::run_arena(config, {}, nullptr), std::invalid_argument);
}

// Counts recomputed from a recorded game's events, independently of the arena's tracker.
TEST(ArenaStats, PerSeatCountsMatchTheRecordedEvents) {
  const ArenaConfig config = small_config("greedy", "greedy", 4);
  int riichi_total = 0, calls_total = 0, wins_total = 0;
  for (int g = 0; g < 4; ++g) {
    std::optional<GameRecorder> rec;
    const GameResult r = bots::play_arena_game(config, g, &rec);
    std::array<int, 4> riichi{}, calls{}, wins{}, tsumo{}, deal_ins{};
    std::array<long long, 4> points{};
    for (const HandLog& hand : rec->log().hands) {
      std::array<bool, 4> r_hand{}, c_hand{}, d_hand{};
      for (const Event& e : hand.events) {
        const auto s = static_cast<std::size_t>(e.seat);
        if (e.type == EventType::kRiichiDeclared) r_hand[s] = true;
        if (e.type == EventType::kCall && (e.meld == MeldType::kChi || e.meld == MeldType::kPon ||
                                           e.meld == MeldType::kDaiminkan))
          c_hand[s] = true;
      }
      for (const WinRecord& w : hand.result.wins) {
        ++wins[static_cast<std::size_t>(w.winner)];
        if (w.from < 0)
          ++tsumo[static_cast<std::size_t>(w.winner)];
        else
          d_hand[static_cast<std::size_t>(w.from)] = true;
        points[static_cast<std::size_t>(w.winner)] += w.score.payments.total;
      }
      for (std::size_t s = 0; s < 4; ++s) {
        riichi[s] += r_hand[s];
        calls[s] += c_hand[s];
        deal_ins[s] += d_hand[s];
      }
    }
    EXPECT_EQ(r.hands, static_cast<int>(rec->log().hands.size()));
    for (std::size_t s = 0; s < 4; ++s) {
      EXPECT_EQ(r.seats[s].riichi, riichi[s]) << "game " << g << " seat " << s;
      EXPECT_EQ(r.seats[s].calls, calls[s]) << "game " << g << " seat " << s;
      EXPECT_EQ(r.seats[s].wins, wins[s]);
      EXPECT_EQ(r.seats[s].tsumo, tsumo[s]);
      EXPECT_EQ(r.seats[s].deal_ins, deal_ins[s]);
      EXPECT_EQ(r.seats[s].win_points, points[s]);
      EXPECT_EQ(r.seats[s].final_score, rec->log().final.final_scores[s]);
      EXPECT_EQ(r.seats[s].rank, rec->log().final.ranks[s]);
      riichi_total += riichi[s];
      calls_total += calls[s];
      wins_total += wins[s];
    }
  }
  // The games exercise what is counted.
  EXPECT_GT(riichi_total, 0);
  EXPECT_GT(calls_total, 0);
  EXPECT_GT(wins_total, 0);
}

TEST(ArenaStats, ConfidenceIntervalsFromHandComputedValues) {
  // Ranks 1, 2, 3, 4: mean 2.5, sample variance (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3,
  // half-width 1.96 * sqrt(5/3) / sqrt(4) = 1.2651745...
  const std::vector<double> ranks = {1, 2, 3, 4};
  const bots::Estimate r = bots::mean_ci95(ranks);
  EXPECT_DOUBLE_EQ(r.value, 2.5);
  EXPECT_NEAR(r.ci95, 1.2651745, 1e-6);
  // Scores 10000, -10000: mean 0, sd sqrt(2e8) = 14142.1356, half-width 1.96 * 14142.1356 /
  // sqrt(2) = 19600.
  const std::vector<double> scores = {10000, -10000};
  EXPECT_NEAR(bots::mean_ci95(scores).ci95, 19600.0, 1e-6);
  // One value: no interval.
  const std::vector<double> one = {3};
  EXPECT_EQ(bots::mean_ci95(one).ci95, 0.0);
  // 25 of 100: p = 0.25, 1.96 * sqrt(0.25 * 0.75 / 100) = 0.0848705...
  const bots::Estimate p = bots::proportion_ci95(25, 100);
  EXPECT_DOUBLE_EQ(p.value, 0.25);
  EXPECT_NEAR(p.ci95, 0.0848705, 1e-6);
  EXPECT_EQ(bots::proportion_ci95(0, 0).value, 0.0);
  EXPECT_EQ(bots::proportion_ci95(0, 0).ci95, 0.0);
}

bots::SeatResult seat(const std::string& bot, int s, int rank, int score, int hands, int wins,
                      int deal_ins, int riichi, int calls, long long win_points) {
  bots::SeatResult r;
  r.bot = bot;
  r.seat = s;
  r.rank = rank;
  r.final_score = score;
  r.hands = hands;
  r.wins = wins;
  r.deal_ins = deal_ins;
  r.riichi = riichi;
  r.calls = calls;
  r.win_points = win_points;
  return r;
}

TEST(ArenaStats, SummarizeGroupsEntriesByBotName) {
  std::vector<GameResult> games(2);
  games[0].hands = 10;
  games[0].seats = {
      seat("a", 0, 1, 40000, 10, 3, 0, 2, 1, 12000), seat("b", 1, 2, 10000, 10, 1, 1, 0, 5, 1000),
      seat("a", 2, 3, -10000, 10, 0, 2, 1, 0, 0), seat("b", 3, 4, -40000, 10, 0, 1, 0, 3, 0)};
  games[1].hands = 8;
  games[1].seats = {
      seat("b", 0, 1, 30000, 8, 2, 0, 0, 4, 8000), seat("a", 1, 4, -30000, 8, 0, 2, 1, 0, 0),
      seat("b", 2, 2, 5000, 8, 1, 0, 0, 2, 2000), seat("a", 3, 3, -5000, 8, 1, 1, 2, 2, 4000)};
  const bots::ArenaTable t = bots::summarize(games);
  EXPECT_EQ(t.games, 2);
  EXPECT_EQ(t.hands, 18);
  ASSERT_EQ(t.bots.size(), 2u);
  const bots::BotStats& a = t.bots[0];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.games, 4);
  EXPECT_EQ(a.hands, 36);
  EXPECT_DOUBLE_EQ(a.avg_rank.value, (1 + 3 + 4 + 3) / 4.0);
  EXPECT_DOUBLE_EQ(a.rank_rates[0].value, 0.25);
  EXPECT_DOUBLE_EQ(a.rank_rates[1].value, 0.0);
  EXPECT_DOUBLE_EQ(a.rank_rates[2].value, 0.5);
  EXPECT_DOUBLE_EQ(a.rank_rates[3].value, 0.25);
  EXPECT_DOUBLE_EQ(a.avg_score.value, (40000 - 10000 - 30000 - 5000) / 4.0);
  EXPECT_DOUBLE_EQ(a.win_rate.value, 4.0 / 36);
  EXPECT_DOUBLE_EQ(a.deal_in_rate.value, 5.0 / 36);
  EXPECT_DOUBLE_EQ(a.riichi_rate.value, 6.0 / 36);
  EXPECT_DOUBLE_EQ(a.call_rate.value, 3.0 / 36);
  EXPECT_DOUBLE_EQ(a.avg_win, 16000.0 / 4);
  EXPECT_NEAR(a.win_rate.ci95, 1.96 * std::sqrt((4.0 / 36) * (32.0 / 36) / 36), 1e-12);
  const bots::BotStats& b = t.bots[1];
  EXPECT_EQ(b.name, "b");
  EXPECT_DOUBLE_EQ(b.avg_rank.value, (2 + 4 + 1 + 2) / 4.0);
  EXPECT_DOUBLE_EQ(b.avg_win, 11000.0 / 4);
  EXPECT_DOUBLE_EQ(b.call_rate.value, 14.0 / 36);
  // Paired by game: game 0 a (1+3)/2 - b (2+4)/2 = -1; game 1 a (4+3)/2 - b (1+2)/2 = 2. Mean
  // 0.5, sample sd sqrt(4.5), half-width 1.96 * sqrt(4.5) / sqrt(2) = 2.94.
  ASSERT_EQ(t.differences.size(), 1u);
  EXPECT_EQ(t.differences[0].a, "a");
  EXPECT_EQ(t.differences[0].b, "b");
  EXPECT_EQ(t.differences[0].games, 2);
  EXPECT_DOUBLE_EQ(t.differences[0].diff.value, 0.5);
  EXPECT_NEAR(t.differences[0].diff.ci95, 2.94, 1e-9);
}

TEST(ArenaStats, OneNameInFourSeatsIsOneRowWithFourEntriesPerGame) {
  ArenaConfig config = small_config("random", "random", 4);
  const bots::ArenaTable t = bots::summarize(bots::run_arena(config, {}, nullptr).games);
  ASSERT_EQ(t.bots.size(), 1u);
  EXPECT_EQ(t.bots[0].games, 16);
  double rates = 0;
  for (const bots::Estimate& e : t.bots[0].rank_rates) rates += e.value;
  EXPECT_NEAR(rates, 1.0, 1e-12);
}

}  // namespace
}  // namespace riichi
