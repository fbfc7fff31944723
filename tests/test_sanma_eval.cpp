// Three-player mahjong (sanma, issue 20) in the judgement and play layers: the evaluation
// (effective tiles without 2m-8m, kita, tsumo-son payments, two opponents), the bots, the arena
// over three seats, the review of real sanma logs and the record's dora. Every expected value
// is derived by hand in the comments (tile counts, the score table, Tenhou's sanma rules), never
// taken from the code's output.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <string>

#include "bot_positions.hpp"
#include "bots/arena.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "bots/strong_bot.hpp"
#include "eval/danger.hpp"
#include "eval/ev_graph.hpp"
#include "eval/options.hpp"
#include "eval/options_plan.hpp"
#include "io/game_db.hpp"
#include "io/log_reader.hpp"
#include "io/record_json.hpp"
#include "review/review.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"

#ifndef RIICHI_SHARED_DATA_DIR
#define RIICHI_SHARED_DATA_DIR "../shared/data"
#endif

namespace riichi::testing {
namespace {

using eval::DecisionKind;
using eval::OptionsReport;
using eval::OptionValue;

OptionsReport sanma_judge(const Position& p, const Rules& rules) {
  Observation o = p.obs();
  o.legal_actions = p.legal();
  return eval::evaluate_options(o, rules);
}

const OptionValue& sanma_option(const OptionsReport& r, ActionType type,
                                const std::string& tile = "") {
  for (const OptionValue& o : r.options)
    if (o.action.type == type && (tile.empty() || o.action.tile / 4 == parse_tile(tile).kind))
      return o;
  throw std::invalid_argument("no option " + std::string(action_type_name(type)) + tile);
}

const OptionValue& sanma_best(const OptionsReport& r) {
  return r.options[static_cast<std::size_t>(r.best)];
}

// 1m 9m 123p 456p 789p 11s after the East is cut: one step from tenpai. The kinds that make it
// tenpai: 1m or 9m (a second pair: shanpon), 1s (a third copy: a set, then a tanki), and with four
// players 2m 3m (with the 1m) and 7m 8m (with the 9m). Unseen copies (nothing else seen but
// the 6z indicator): 1m 3, 9m 3, 1s 2 = 8; four players add 4 x 4 = 16: 24.
Position one_from_tenpai(const std::string& drawn) {
  Position p;
  p.hand("19m123p456p789p11s").drawn(drawn).dora_indicator("6z").live_tiles(40).allow_discards();
  return p;
}

TEST(SanmaEval, EffectiveTilesLeaveOut2mTo8m) {
  const Position p = one_from_tenpai("1z");
  EXPECT_EQ(sanma_option(sanma_judge(p, Rules::tenhou_sanma()), ActionType::kDiscard, "1z")
                .effective_tiles,
            8);
  EXPECT_EQ(
      sanma_option(sanma_judge(p, Rules::tenhou()), ActionType::kDiscard, "1z").effective_tiles,
      24);
}

// The same with a North drawn: kita sets it aside (one more dora) and draws a replacement, the
// 13 tiles left being those of the North's discard (8 effective tiles): kita is the better
// option, worth more when the hand wins.
TEST(SanmaEval, KitaOfALoneNorthIsTaken) {
  Position p = one_from_tenpai("4z");
  p.allow(ActionType::kKita, "4z");
  const OptionsReport r = sanma_judge(p, Rules::tenhou_sanma());
  const OptionValue& kita = sanma_option(r, ActionType::kKita);
  const OptionValue& cut = sanma_option(r, ActionType::kDiscard, "4z");
  EXPECT_EQ(kita.kind, DecisionKind::kKita);
  EXPECT_STREQ(eval::decision_kind_name(kita.kind), "kita");
  EXPECT_EQ(kita.effective_tiles, 8);
  EXPECT_GT(kita.win_points, cut.win_points);
  EXPECT_EQ(sanma_best(r).action.type, ActionType::kKita);
  EXPECT_NE(kita.reason.find("kita"), std::string::npos) << kita.reason;
  // The efficiency bot takes it too (the North's discard keeps the best shanten).
  bots::EfficiencyBot bot(1, Rules::tenhou_sanma());
  EXPECT_EQ(bot.choose(p.obs(), p.legal()).type, ActionType::kKita);
}

// 123p 456p 789p 11s 44z (North pair) 1m: cutting the 1m is tenpai (shanpon 1s / North, riichi
// possible); a kita breaks the pair and leaves 1-shanten: the North is kept.
TEST(SanmaEval, NorthPairOfATenpaiHandIsKept) {
  Position p;
  p.hand("123p456p789p11s44z").drawn("1m").dora_indicator("6z").live_tiles(40).allow_discards();
  p.allow(ActionType::kKita, "4z").allow_riichi("1m");
  const OptionsReport r = sanma_judge(p, Rules::tenhou_sanma());
  EXPECT_EQ(sanma_option(r, ActionType::kKita).shanten, 1);
  EXPECT_NE(sanma_best(r).action.type, ActionType::kKita);
  bots::EfficiencyBot bot(1, Rules::tenhou_sanma());
  EXPECT_NE(bot.choose(p.obs(), p.legal()).type, ActionType::kKita);
  bots::StrongBot strong(1, Rules::tenhou_sanma());
  Observation o = p.obs();
  o.legal_actions = p.legal();
  EXPECT_NE(strong.choose(o, p.legal()).type, ActionType::kKita);
}

// The hand-value model's payments (RULES.md §8.1 with Tenhou's sanma tsumo-son): a mangan
// (basic 2000) tsumo by a non-dealer is 4000 + 2000 from the two payers (6000, not 8000), by the
// dealer 4000 + 4000 (8000, not 12000). Without the tsumo loss the absent North's share is split:
// non-dealer 4000 + 1000 and 2000 + 1000 (8000), dealer 2 x (4000 + 2000) (12000). 1 han 30 fu
// (basic 240): 500 + 300 = 800; without the loss the North's 300 gives 200 each: 1200.
TEST(SanmaEval, TsumoPaymentsOfTheHandValueModel) {
  using eval::detail::payment;
  const Rules sanma = Rules::tenhou_sanma();
  const Rules split = Rules::parse("tenhou_sanma,tsumo_loss=false");
  EXPECT_EQ(payment(2000, false, true, sanma), 6000);
  EXPECT_EQ(payment(2000, true, true, sanma), 8000);
  EXPECT_EQ(payment(2000, false, true, split), 8000);
  EXPECT_EQ(payment(2000, true, true, split), 12000);
  EXPECT_EQ(payment(240, false, true, sanma), 800);
  EXPECT_EQ(payment(240, false, true, split), 1200);
  EXPECT_EQ(payment(2000, false, false, sanma), 8000);  // a ron is paid in full
  EXPECT_EQ(payment(2000, false, true, Rules::tenhou()), 8000);
}

// South (seat 1, dealer seat 0) tsumo 6s on 123p 789p 123s 78s 99s: menzen tsumo + pinfu, 2 han
// 20 fu, basic 20 x 2^4 = 320: the dealer pays 700, a non-dealer 400. Three players with the
// tsumo loss: 700 + 400 = 1100; four players 1500; three without the loss: the North's 400 split,
// 200 each: 900 + 600 = 1500.
TEST(SanmaEval, TsumoOptionIsPaidByTwoPlayers) {
  Position p;
  p.seat(1, 0, 0).hand("123p789p123s78s99s").drawn("6s").dora_indicator("6z").live_tiles(40);
  p.discards(0, "1z2z").discards(1, "3z1z").discards(2, "2z3z");  // not the first go-around
  p.allow(ActionType::kTsumo).allow_discards();
  EXPECT_DOUBLE_EQ(
      sanma_option(sanma_judge(p, Rules::tenhou_sanma()), ActionType::kTsumo).win_points, 1100);
  EXPECT_DOUBLE_EQ(sanma_option(sanma_judge(p, Rules::tenhou()), ActionType::kTsumo).win_points,
                   1500);
  EXPECT_DOUBLE_EQ(sanma_option(sanma_judge(p, Rules::parse("tenhou_sanma,tsumo_loss=false")),
                                ActionType::kTsumo)
                       .win_points,
                   1500);
}

// Two opponents: seat 1 in riichi, seat 2 quiet, seat 3 empty (no hand: no danger, no tenpai).
TEST(SanmaEval, DangerReadsTwoOpponents) {
  Position p;
  p.hand("19m123p456p789p11s").drawn("1z").dora_indicator("6z").live_tiles(40);
  p.discards(1, "1z2z3z5s", 3).discards(2, "7z6p");
  const eval::DangerReport r = eval::assess_danger(p.obs(), Rules::tenhou_sanma());
  EXPECT_EQ(r.opponents[0].seat, 1);
  EXPECT_EQ(r.opponents[1].seat, 2);
  EXPECT_EQ(r.opponents[2].seat, 3);
  EXPECT_FLOAT_EQ(r.opponents[0].tenpai, 1.0f);
  EXPECT_FLOAT_EQ(r.opponents[2].tenpai, 0.0f);
  for (int k = 0; k < kNumKinds; ++k)
    EXPECT_FLOAT_EQ(r.opponents[2].tiles[static_cast<std::size_t>(k)].deal_in, 0.0f);
}

// Draws left with three players: 10 live tiles, seat 1 just discarded: seat 2 draws tile 1,
// seat 0 tile 2, seat 1 tile 3; seat 0 then draws tiles 2, 5, 8 (3 draws) and seat 1 after seat
// 0's discard tiles 1, 4, 7, 10 (4). On its own turn with 9 live tiles: 9 / 3 = 3.
TEST(SanmaEval, DrawsLeftOverThreeSeats) {
  EXPECT_EQ(eval::detail::draws_left_after(0, 1, 10, 3), 3);
  EXPECT_EQ(eval::detail::draws_left_after(1, 0, 10, 3), 4);
  EXPECT_EQ(eval::detail::draws_left_own_turn(9, 3), 3);
}

// All-Last with three players: South 3 (dealer seat 2). The utility ranks over three seats: seat
// 0 (30000) wins 6000 by tsumo from seats 1 (37000) and 2 (35000), 3000 each: 36000, 34000,
// 32000: 1st, two places above 3rd: 6000 + 2 x kRankStep. Dealing 8000 into seat 1: 22000,
// 45000, 35000: 3rd: -8000.
TEST(SanmaEval, AllLastOverThreeSeats) {
  Observation o;
  o.round_wind = 1;
  o.dealer = 2;
  EXPECT_TRUE(bots::StrongBot::is_all_last(o, Rules::tenhou_sanma()));
  EXPECT_FALSE(bots::StrongBot::is_all_last(o, Rules::tenhou()));
  o.seat = 0;
  o.scores = {30000, 37000, 35000, 0};
  const double step = bots::StrongBot::kRankStep;
  EXPECT_DOUBLE_EQ(
      bots::StrongBot::placement_utility(o, eval::Outcome{eval::Outcome::kWin, 6000, -1}, 3),
      6000 + 2 * step);
  EXPECT_DOUBLE_EQ(
      bots::StrongBot::placement_utility(o, eval::Outcome{eval::Outcome::kDealIn, -8000, 1}, 3),
      -8000);
}

// --- arena ---------------------------------------------------------------------------------

TEST(SanmaArena, SeatRotationOverThreeSeats) {
  const std::array<std::string, 4> list = {"a", "b", "c", ""};
  EXPECT_EQ(bots::seat_bots(list, 0, 3), list);
  EXPECT_EQ(bots::seat_bots(list, 1, 3), (std::array<std::string, 4>{"b", "c", "a", ""}));
  EXPECT_EQ(bots::seat_bots(list, 2, 3), (std::array<std::string, 4>{"c", "a", "b", ""}));
  EXPECT_EQ(bots::repeated_rotations({"a", "a", "a", ""}, 2, 3), 2);
  EXPECT_EQ(bots::parse_bot_list("strong,greedy,defensive", 3),
            (std::array<std::string, 4>{"strong", "greedy", "defensive", ""}));
  EXPECT_THROW(bots::parse_bot_list("greedy,greedy,greedy,greedy", 3), std::invalid_argument);
  EXPECT_THROW(bots::parse_bot_list("greedy,greedy,greedy", 4), std::invalid_argument);
}

// One block of three games: each bot sits once in each seat, each game ranks its three seats
// 1, 2, 3, the points stay 3 x 35000 and the final scores sum to 0 (oka 3 x 5000 to 1st).
TEST(SanmaArena, ThreeGamesRankEveryBotOncePerGame) {
  bots::ArenaConfig config;
  config.bots = {"greedy", "random", "efficiency", ""};
  config.rules = Rules::tenhou_sanma();
  config.games = 3;
  config.seed = 7;
  const bots::ArenaRun run = bots::run_arena(config, {}, nullptr);
  ASSERT_EQ(run.games.size(), 3u);
  for (const bots::GameResult& g : run.games) {
    EXPECT_EQ(g.block, 0);
    std::array<int, 3> ranks{};
    int points = 0, finals = 0;
    for (int s = 0; s < 3; ++s) {
      const bots::SeatResult& r = g.seats[static_cast<std::size_t>(s)];
      EXPECT_EQ(r.bot, config.bots[static_cast<std::size_t>((s + g.rotation) % 3)]);
      ranks[static_cast<std::size_t>(s)] = r.rank;
      points += r.points;
      finals += r.final_score;
    }
    std::sort(ranks.begin(), ranks.end());
    EXPECT_EQ(ranks, (std::array<int, 3>{1, 2, 3}));
    EXPECT_EQ(points, 105000);
    EXPECT_EQ(finals, 0);
    EXPECT_TRUE(g.seats[3].bot.empty());
  }
  const bots::ArenaTable t = bots::summarize(run.games);
  EXPECT_EQ(t.players, 3);
  ASSERT_EQ(t.bots.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    double sum = 0;
    for (const bots::BotStats& b : t.bots) sum += b.rank_rates[static_cast<std::size_t>(k)].value;
    EXPECT_DOUBLE_EQ(sum, 1.0) << "place " << k + 1;  // one bot per place per game
  }
  for (const bots::BotStats& b : t.bots) {
    EXPECT_EQ(b.games, 3);
    EXPECT_DOUBLE_EQ(b.rank_rates[3].value, 0.0);
  }
  EXPECT_EQ(t.differences.size(), 3u);
}

// `riichi stats` over a three-player run: the database keeps the three seats (not the empty
// one) and gives back the same table.
TEST(SanmaArena, DatabaseRoundTripKeepsThreeSeats) {
  bots::ArenaConfig config;
  config.bots = {"greedy", "random", "efficiency", ""};
  config.rules = Rules::tenhou_sanma();
  config.games = 3;
  config.seed = 11;
  const bots::ArenaRun run = bots::run_arena(config, {}, nullptr);
  std::vector<io::StoredGame> stored;
  for (const bots::GameResult& g : run.games) stored.push_back({g, ""});
  const std::string path =
      (std::filesystem::temp_directory_path() / "riichi_sanma_eval_roundtrip.db").string();
  std::filesystem::remove(path);
  {
    io::GameDb db = io::GameDb::open(path, io::GameDb::Mode::kCreate);
    io::RunInfo info;
    info.bots = "greedy,random,efficiency";
    info.rules = "tenhou_sanma";
    const long long id = db.begin_run(info);
    db.add_games(id, stored);
    db.finish_run(id, 1.0, false);
  }
  const std::vector<bots::GameResult> loaded =
      io::GameDb::open(path, io::GameDb::Mode::kReadOnly).load_results();
  std::filesystem::remove(path);
  const bots::ArenaTable direct = bots::summarize(run.games), back = bots::summarize(loaded);
  EXPECT_EQ(back.players, 3);
  ASSERT_EQ(back.bots.size(), direct.bots.size());
  for (std::size_t i = 0; i < back.bots.size(); ++i) {
    EXPECT_EQ(back.bots[i].name, direct.bots[i].name);
    EXPECT_DOUBLE_EQ(back.bots[i].avg_rank.value, direct.bots[i].avg_rank.value);
  }
}

// Every bot of the registry plays whole sanma games (a few here; 200 each from the CLI).
TEST(SanmaArena, EveryBotPlaysSanma) {
  for (const bots::BotInfo& info : bots::bot_infos()) {
    bots::ArenaConfig config;
    config.bots = bots::parse_bot_list(info.name, 3);
    config.rules = Rules::tenhou_sanma();
    config.games = 1;
    config.seed = 3;
    const bots::ArenaRun run = bots::run_arena(config, {}, nullptr);
    ASSERT_EQ(run.games.size(), 1u) << info.name;
    int points = 0;
    for (const bots::SeatResult& r : run.games[0].seats) points += r.points;
    EXPECT_EQ(points, 105000) << info.name;
  }
}

// --- review and records --------------------------------------------------------------------

const std::filesystem::path kSanmaLogs =
    std::filesystem::path(RIICHI_SHARED_DATA_DIR) / "tenhou-sanma";

// Real sanma games reviewed: every decision of the three players judged, none refused.
TEST(SanmaReview, RealLogsAreReviewedWithoutAnError) {
  if (!std::filesystem::exists(kSanmaLogs)) GTEST_SKIP() << "no " << kSanmaLogs;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(kSanmaLogs)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 2u);
  int kita = 0;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::vector<io::LogGame> games = io::read_log(files[i]);
    ASSERT_EQ(games.size(), 1u);
    const io::LogGame& g = games[0];
    const std::vector<int> seats = review::resolve_player(g, "all");
    EXPECT_EQ(seats, (std::vector<int>{0, 1, 2}));
    eval::OptionsSettings fast = eval::OptionsSettings::fast();
    fast.reasons = true;
    const review::GameReview r = review::review_game(g, seats, review::ReviewSettings{fast});
    EXPECT_TRUE(r.notes.empty()) << files[i] << ": " << r.notes.front();
    EXPECT_GT(r.decisions.size(), 100u);
    for (const review::Decision& d : r.decisions) kita += d.kind == DecisionKind::kKita;
    std::array<int, 3> ranks{};
    for (const review::PlayerRecord& p : r.players) ranks[static_cast<std::size_t>(p.rank - 1)]++;
    EXPECT_EQ(ranks, (std::array<int, 3>{1, 1, 1}));
  }
  EXPECT_GT(kita, 0);  // a North is drawn in nearly every sanma hand
}

// The record's dora line: with 2m-8m out of the game a 1m indicator shows 9m (Tenhou's rule).
TEST(SanmaRecord, OneManIndicatorShowsNineMan) {
  int found = 0;
  for (std::uint64_t seed = 1; seed < 200 && found == 0; ++seed) {
    const auto players =
        bots::make_bots({"random", "random", "random", ""}, seed, Rules::tenhou_sanma());
    const GameRecorder rec =
        bots::play_recorded(Rules::tenhou_sanma(), seed, bots::seats_of(players));
    const std::string text = io::game_to_text(rec.record(), rec.log(), 0);
    for (std::size_t at = text.find("\"indicator\":\"1m\""); at != std::string::npos;
         at = text.find("\"indicator\":\"1m\"", at + 1)) {
      const std::size_t end = text.find('\n', at);
      EXPECT_NE(text.substr(at, end - at).find("\"dora\":\"9m\""), std::string::npos)
          << text.substr(at, end - at);
      ++found;
    }
  }
  EXPECT_GT(found, 0);
}

}  // namespace
}  // namespace riichi::testing
