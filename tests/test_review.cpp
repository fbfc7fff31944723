// Game review (review/review.hpp): a player who always takes the engine's best loses nothing;
// hand-made mistakes (a declined tsumo, a discard into a riichi wait) are found, with the loss
// the options give and the win's value from the scoring rules; the CLI on a real log (JSON
// fields as docs/review.md says) and bad input (corrupt log, unknown player).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "cli_run.hpp"
#include "eval/options.hpp"
#include "io/log_reader.hpp"
#include "review/review.hpp"
#include "review/stats.hpp"
#include "riichi/game.hpp"
#include "riichi/record.hpp"
#include "riichi/waits.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;
using Policy = std::function<Action(const Game&, const Observation&)>;

const eval::OptionsSettings& standard() {
  static const eval::OptionsSettings s = eval::OptionsSettings::standard();
  return s;
}

Action engine_best(const Observation& obs, const Rules& rules, const eval::OptionsSettings& s) {
  const eval::OptionsReport r = eval::evaluate_options(obs, rules, s);
  return r.options[static_cast<std::size_t>(r.best)].action;
}

Action fast_best(const Game& g, const Observation& obs) {
  static const eval::OptionsSettings fast = eval::OptionsSettings::fast();
  return engine_best(obs, g.rules(), fast);
}

// Plays the first hand of the game `seed` (each decision of a seat with one legal action is
// that action) and returns it as a log of the engine's record format.
io::LogGame play_first_hand(std::uint64_t seed, const Policy& policy) {
  GameRecorder rec(Rules::tenhou(), seed, {"A", "B", "C", "D"});
  while (rec.log().hands.empty() && !rec.game().is_over()) {
    const Game& g = rec.game();
    const int seat = g.to_play();
    const Observation obs = g.round().observation(seat);
    const Action a = obs.legal_actions.size() == 1 ? obs.legal_actions[0] : policy(g, obs);
    const ApplyResult r = rec.apply(a);
    if (!r.ok) throw std::runtime_error("policy played an illegal action: " + r.reason);
  }
  io::LogGame game;
  game.source = "seed " + std::to_string(seed);
  game.format = io::LogFormat::kRecord;
  game.rules = Rules::tenhou();
  io::RecordedGame recorded;
  recorded.record = rec.record();
  game.record = recorded;
  return game;
}

TEST(Review, EngineBestEverywhereLosesNothing) {
  // Seat 0 takes the option the evaluation ranks first at every decision: by definition of the
  // loss (best value - value of the action taken) each of its decisions loses 0 and agrees.
  const io::LogGame game = play_first_hand(7, [](const Game& g, const Observation& obs) {
    return obs.seat == 0 ? engine_best(obs, g.rules(), standard()) : fast_best(g, obs);
  });
  const review::GameReview r = review::review_game(game, {0});
  ASSERT_GE(r.summary.decisions, 5);
  EXPECT_EQ(r.summary.total_loss, 0.0);
  EXPECT_EQ(r.summary.top1, r.summary.decisions);
  EXPECT_TRUE(r.summary.costliest.empty());
  for (const review::Decision& d : r.decisions) EXPECT_EQ(d.actual, d.best) << d.hand;
}

// The seat that declined a win by tsumo, the drawn tile, and the win's points.
struct Declined {
  int seat = -1;
  int tile = -1;
  int points = 0;
};

TEST(Review, DeclinedTsumoIsAMissedWin) {
  // The first seat able to win by tsumo discards the winning tile instead. The review must
  // find that decision, name the tsumo as best with the points the scoring rules give that win
  // (payments, honba and sticks), and a loss of at least the win's value less what the hand
  // can still expect after throwing its winning tile.
  for (std::uint64_t seed = 1; seed < 40; ++seed) {
    Declined declined;
    const io::LogGame game = play_first_hand(seed, [&](const Game& g, const Observation& obs) {
      for (const Action& a : obs.legal_actions)
        if (a.type == ActionType::kTsumo && declined.seat < 0) {
          declined.seat = obs.seat;
          declined.tile = obs.drawn;
          // The win settled by the rules (RULES.md §8): what the seat receives, its own
          // riichi stake (paid before the win, back with the sticks) not counted as a loss.
          Round copy = g.round().clone();
          if (!copy.apply(a).ok) throw std::runtime_error("tsumo refused");
          declined.points = copy.result().deltas[static_cast<std::size_t>(obs.seat)] +
                            (g.round().in_riichi(obs.seat) ? 1000 : 0);
          for (const Action& d : obs.legal_actions)
            if (d.type == ActionType::kDiscard && d.tile == obs.drawn) return d;
        }
      return fast_best(g, obs);
    });
    if (declined.seat < 0) continue;
    const review::GameReview r = review::review_game(game, {declined.seat});
    const review::Decision* found = nullptr;
    for (const review::Decision& d : r.decisions)
      if (d.best_row().kind == eval::DecisionKind::kWin &&
          d.actual_row().action.find("discard") == 0) {
        found = &d;
        break;
      }
    ASSERT_NE(found, nullptr) << "seed " << seed;
    EXPECT_EQ(found->loss_kind, eval::ReasonKind::kWin);
    EXPECT_EQ(found->best_row().action, "tsumo");
    // The tsumo's value is the points the hand receives (payments of the three others, honba
    // and the sticks on the table).
    EXPECT_NEAR(found->best_row().exp_score, declined.points, 0.5);
    EXPECT_GT(found->ev_loss, 0.0);
    EXPECT_NEAR(found->ev_loss, found->best_row().exp_score - found->actual_row().exp_score, 1e-9);
    EXPECT_EQ(r.summary.costliest.front(),
              static_cast<int>(found - r.decisions.data()));  // the costliest decision
    return;
  }
  GTEST_SKIP() << "no tsumo in the first hands of seeds 1..39";
}

// The kinds `seat` could ron now (its waits, not furiten).
std::uint64_t ron_kinds(const Round& round, int seat) {
  if (round.is_furiten(seat) || !round.in_riichi(seat)) return 0;
  Counts c{};
  for (std::uint8_t id : round.concealed_ids(seat)) ++c[id / 4];
  std::uint64_t m = 0;
  for (const Wait& w : waits(c)) m |= std::uint64_t{1} << w.kind;
  return m;
}

TEST(Review, DiscardIntoARiichiWaitIsAPushFoldMistake) {
  // A seat with a riichi against it discards a tile the riichi hand waits on (when it holds one
  // and also holds a tile of the riichi player's pond, genbutsu, which cannot deal in); the
  // riichi hand rons. The review finds the decision: the genbutsu was better, the mistake is
  // push/fold, the tile thrown had a higher deal-in probability than the best option's.
  for (std::uint64_t seed = 1; seed < 60; ++seed) {
    int pusher = -1, pushed = -1;
    const io::LogGame game = play_first_hand(seed, [&](const Game& g, const Observation& obs) {
      for (const Action& a : obs.legal_actions)
        if (a.type == ActionType::kRon) return a;
      if (pusher < 0 && obs.phase == Phase::kSelf)
        for (int o = 0; o < 4; ++o) {
          const std::uint64_t wait = o == obs.seat ? 0 : ron_kinds(g.round(), o);
          bool genbutsu = false;
          for (const Action& a : obs.legal_actions)
            for (const DiscardInfo& d : obs.discards[static_cast<std::size_t>(o)])
              genbutsu |= a.type == ActionType::kDiscard && a.tile / 4 == d.id / 4;
          if (!wait || !genbutsu) continue;
          for (const Action& a : obs.legal_actions)
            if (a.type == ActionType::kDiscard && (wait >> (a.tile / 4) & 1)) {
              pusher = obs.seat, pushed = a.tile;
              return a;
            }
        }
      return fast_best(g, obs);
    });
    if (pusher < 0) continue;
    const review::GameReview r = review::review_game(game, {pusher});
    const review::Decision& d = r.decisions.back();  // the hand ended on that ron
    const std::string tile = tile_to_string(tile_of_id(pushed, true));
    ASSERT_EQ(d.actual_row().action.find("discard " + tile), 0u) << d.actual_row().action;
    EXPECT_GT(d.ev_loss, 0.0) << d.actual_row().reason;
    EXPECT_EQ(d.loss_kind, eval::ReasonKind::kPushFold) << d.actual_row().reason;
    EXPECT_GT(d.actual_row().deal_in_prob, d.best_row().deal_in_prob);
    EXPECT_NEAR(d.ev_loss, d.best_row().exp_score - d.actual_row().exp_score, 1e-9);
    return;
  }
  GTEST_SKIP() << "no discard into a riichi wait in the first hands of seeds 1..59";
}

TEST(Review, UnknownPlayerListsTheNames) {
  const io::LogGame game = play_first_hand(3, fast_best);
  EXPECT_EQ(review::resolve_player(game, "C"), std::vector<int>{2});
  EXPECT_EQ(review::resolve_player(game, "c"), std::vector<int>{2});
  EXPECT_EQ(review::resolve_player(game, "1"), std::vector<int>{1});
  EXPECT_EQ(review::resolve_player(game, "").size(), 4u);
  try {
    review::resolve_player(game, "Zed");
    FAIL() << "no error";
  } catch (const review::PlayerError& e) {
    EXPECT_NE(std::string(e.what()).find("0 'A', 1 'B', 2 'C', 3 'D'"), std::string::npos)
        << e.what();
  }
}

TEST(ReviewStats, RecordOverGamesByHand) {
  // Four finished games ranked 1, 2, 3, 4: mean 2.5; sample variance
  // (1.5^2 + 0.5^2 + 0.5^2 + 1.5^2) / 3 = 5/3, standard error sqrt(5/3 / 4) = 0.6455, 95% half
  // width 1.96 x 0.6455 = 1.2652. A fifth game without a rank (unfinished) counts for the rates
  // per hand but not for the ranks.
  std::vector<review::GameRow> rows(5);
  const int ranks[] = {1, 2, 3, 4, 0};
  const char* months[] = {"2021-07", "2021-07", "2021-08", "2021-08", ""};
  for (int i = 0; i < 5; ++i) {
    rows[i].rank = ranks[i];
    rows[i].date = months[i];
    rows[i].hands = 10;
    rows[i].decisions = 100;
    rows[i].total_loss = 1000.0 * (i + 1);  // 10, 20, 30, 40, 50 points per decision
  }
  rows[0].wins = 3, rows[0].win_points = 24000;  // 3 wins worth 8000 on average
  rows[1].deal_ins = 2, rows[1].deal_in_points = 7700;
  rows[2].riichi = 5, rows[3].called_hands = 4;
  const review::PlayerStats s = review::player_stats("A", rows);
  EXPECT_EQ(s.games, 5);
  EXPECT_EQ(s.ranked_games, 4);
  EXPECT_DOUBLE_EQ(s.mean_rank, 2.5);
  EXPECT_NEAR(s.rank_ci95, 1.96 * std::sqrt(5.0 / 3.0 / 4.0), 1e-12);
  for (double r : s.rank_rates) EXPECT_DOUBLE_EQ(r, 0.25);
  EXPECT_EQ(s.hands, 50);
  EXPECT_DOUBLE_EQ(s.win_rate, 3.0 / 50);
  EXPECT_DOUBLE_EQ(s.deal_in_rate, 2.0 / 50);
  EXPECT_DOUBLE_EQ(s.riichi_rate, 5.0 / 50);
  EXPECT_DOUBLE_EQ(s.call_rate, 4.0 / 50);
  EXPECT_DOUBLE_EQ(s.mean_win, 8000);
  EXPECT_DOUBLE_EQ(s.mean_deal_in, 3850);
  EXPECT_DOUBLE_EQ(s.mean_loss, 15000.0 / 500);
  ASSERT_EQ(s.trend.size(), 3u);  // 2021-07, 2021-08, unknown
  EXPECT_EQ(s.trend[0].month, "2021-07");
  EXPECT_DOUBLE_EQ(s.trend[0].mean_loss, 15);
  EXPECT_DOUBLE_EQ(s.trend[1].mean_loss, 35);
  EXPECT_EQ(s.trend[2].month, "unknown");
}

const fs::path kLog = fs::path(RIICHI_MJLOG_DIR) / "2020061922gm-00a9-0000-6183ff37.mjlog";

TEST(ReviewCli, JsonOnARealGame) {
  if (!fs::exists(kLog)) GTEST_SKIP() << "no Tenhou logs in " << RIICHI_MJLOG_DIR;
  const CliRun run = run_cli("review '" + kLog.string() + "' --player 2 --json", false);
  ASSERT_EQ(run.status, 0) << run.out;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["game"], "2020061922gm-00a9-0000-6183ff37");
  EXPECT_EQ(j["player"], 2);
  EXPECT_EQ(j["rules"]["preset"], "tenhou");
  ASSERT_GT(j["decisions"].size(), 50u);
  int decisions = 0;
  for (const auto& d : j["decisions"]) {
    ++decisions;
    EXPECT_GE(d["ev_loss"].get<double>(), 0.0);
    bool actual = false, best = false;
    double best_value = -1e18;
    for (const auto& o : d["options"]) {
      actual |= o["action"] == d["actual"];
      best |= o["action"] == d["best"];
      best_value = std::max(best_value, o["exp_score"].get<double>());
      EXPECT_GE(o["win_prob"].get<double>(), 0.0);
      EXPECT_LE(o["deal_in_prob"].get<double>(), 1.0);
    }
    EXPECT_TRUE(actual && best) << d.dump();
    const std::string kind = d["kind"];
    EXPECT_TRUE(kind == "discard" || kind == "riichi" || kind == "call" || kind == "pass" ||
                kind == "kan" || kind == "win" || kind == "kyuushu")
        << kind;
  }
  EXPECT_EQ(j["summary"]["decisions"], decisions);
  EXPECT_LE(j["summary"]["top1"].get<int>(), j["summary"]["top3"].get<int>());
  EXPECT_LE(j["summary"]["costliest"].size(), 10u);
}

TEST(ReviewCli, TextHasTheSummary) {
  if (!fs::exists(kLog)) GTEST_SKIP() << "no Tenhou logs in " << RIICHI_MJLOG_DIR;
  const CliRun run = run_cli("review '" + kLog.string() + "' --player 0 --min-loss 500");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(contains(run.out, "agreement top-1")) << run.out;
  EXPECT_TRUE(contains(run.out, "loss by kind: efficiency")) << run.out;
}

TEST(ReviewCli, BadInput) {
  const fs::path dir = fs::temp_directory_path() / "riichi_review_bad";
  fs::create_directories(dir);
  const fs::path bad = dir / "broken.mjlog";
  std::ofstream(bad) << "<mjloggm ver=\"2.3\"><INIT seed=\"garbage\"/>";
  CliRun run = run_cli("review '" + bad.string() + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "broken.mjlog")) << run.out;
  EXPECT_TRUE(contains(run.out, "INIT")) << run.out;  // the element at fault
  const fs::path empty = dir / "empty.mjlog";
  std::ofstream(empty) << "<mjloggm ver=\"2.3\"><GO type=\"169\"/><UN n0=\"a\"/>";
  run = run_cli("review '" + empty.string() + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "empty.mjlog")) << run.out;
  run = run_cli("review /nonexistent/riichi-log");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "cannot read '/nonexistent/riichi-log'")) << run.out;
  fs::remove_all(dir);
  if (!fs::exists(kLog)) return;
  run = run_cli("review '" + kLog.string() + "' --player Nobody");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "no player 'Nobody'")) << run.out;
  EXPECT_TRUE(contains(run.out, "players: 0 '")) << run.out;
}

TEST(ReviewCli, DatabaseAccumulatesWithoutDoubleCounting) {
  if (!fs::exists(kLog)) GTEST_SKIP() << "no Tenhou logs in " << RIICHI_MJLOG_DIR;
  const fs::path db = fs::temp_directory_path() / "riichi_review_test.db";
  fs::remove(db);
  const std::string args =
      "review '" + kLog.string() + "' --player 0 --fast --json --db '" + db.string() + "'";
  CliRun run = run_cli(args, false);
  ASSERT_EQ(run.status, 0) << run.out;
  run = run_cli(args, false);  // the same game again: replaced, not added
  ASSERT_EQ(run.status, 0) << run.out;
  const std::string last = run.out.substr(run.out.rfind("{\"player\""));
  const auto j = nlohmann::json::parse(last);
  EXPECT_EQ(j["games"], 1);
  EXPECT_EQ(j["ranked_games"], 1);
  EXPECT_GE(j["mean_rank"].get<double>(), 1.0);
  EXPECT_GT(j["hands"].get<int>(), 0);
  EXPECT_EQ(j["trend"][0]["month"], "2020-06");  // from the log id 2020061922gm-...
  std::ofstream(db, std::ios::trunc) << "not a database";
  run = run_cli(args);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, db.string())) << run.out;
  fs::remove(db);
}

}  // namespace
}  // namespace riichi::testing
