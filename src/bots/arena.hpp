// The self-play arena: N games (hanchan under the default presets) between four named bots with
// seat rotation, on worker threads, and the statistics per bot (docs/arena.md).
//
//   ArenaConfig config{.bots = parse_bot_list("efficiency,random,efficiency,random"),
//                      .rules = Rules::parse("ema2016"), .games = 1000, .threads = 2,
//                      .seed = 1};
//   ArenaRun run = run_arena(config, {}, nullptr);
//   ArenaTable table = summarize(run.games);
//
// Seat rotation: games come in blocks of 4 that share one game seed. Game g belongs to block
// b = g / 4 with rotation r = g % 4; seat s of game g plays bot config.bots[(s + r) % 4]. The
// block's game seed is arena_game_seed(config.seed, b) and seat s's bot is seeded
// bot_seed(game_seed, s) (random_bot.hpp), except in a rotation whose seating repeats an earlier
// rotation of the block (lists like A,B,A,B or one name four times), which would replay the same
// game exactly: there seat s's bot is seeded bot_seed(game_seed, s + 4 k), k =
// repeated_rotations(). Since a hand's wall is hand_seed(game_seed,
// hands_dealt) (game.hpp), the four games of a block deal the same first hand to the same
// seats, each time held by a different bot; later hands keep the same walls only as long as the
// games have dealt the same number of hands before them.
//
// Three players (rules.players = 3, config.bots[0..2]; bots[3] unused): blocks of 3 games,
// rotation r = g % 3, seat s (0..2) plays config.bots[(s + r) % 3]; seat 3 is empty (its
// SeatResult has an empty bot name and is left out of the statistics). Ranks are 1..3.
//
// The per-game results are stored by game index, so the statistics do not depend on the number
// of threads or their timing. No I/O here: the SQLite store is src/io/game_db.*, the text and
// JSON forms of the table src/io/arena_report.*.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "riichi/game.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"

namespace riichi::bots {

// What one seat did in one game. Counts of hands are per hand dealt (every seat plays every
// hand): `riichi` = hands in which the seat declared riichi, `calls` = hands in which it made at
// least one chi, pon or daiminkan (kakan and ankan are not calls here), `deal_ins` = hands in
// which a ron was won on its discard (or on its kakan: chankan), `wins` = hands it won (tsumo or
// ron; `tsumo` of them by tsumo), `win_points` = the points received from the other players for
// those wins (honba included, riichi sticks excluded).
struct SeatResult {
  std::string bot;      // the registry name ("random", "efficiency")
  int seat = 0;         // 0 = the initial East
  int rank = 0;         // 1..4 (FinalResult::ranks)
  int points = 0;       // FinalResult::points
  int final_score = 0;  // FinalResult::final_scores (points - return + uma - penalties)
  int hands = 0;
  int wins = 0;
  int tsumo = 0;
  int deal_ins = 0;
  int riichi = 0;
  int calls = 0;
  long long win_points = 0;
};

struct GameResult {
  int index = 0;           // game index in its run (0-based)
  int block = 0;           // index / players
  int rotation = 0;        // index % players
  std::uint64_t seed = 0;  // the game seed (shared by the block)
  int hands = 0;           // hands dealt (results().size())
  std::array<SeatResult, 4> seats{};
};

struct ArenaConfig {
  std::array<std::string, 4> bots;  // registry names, in rotation order (see above)
  Rules rules;
  int games = 0;
  int threads = 1;
  std::uint64_t seed = 1;
  bool record = false;  // keep a GameRecorder per game for on_game (slower)
};

// The block's game seed: splitmix64(run_seed ^ splitmix64(block + 0x61726E61)), portable.
std::uint64_t arena_game_seed(std::uint64_t run_seed, int block);
// The bots of the seats for a rotation: result[s] = list[(s + rotation) % players] for the
// seats s < players (the others empty).
std::array<std::string, 4> seat_bots(const std::array<std::string, 4>& list, int rotation,
                                     int players = 4);
// How many earlier rotations of a block seat the same bots as `rotation` (0 for a list of four
// different names; A,B,A,B: 0, 0, 1, 1; A,A,A,A: 0, 1, 2, 3).
int repeated_rotations(const std::array<std::string, 4>& list, int rotation, int players = 4);

// Plays game `index` of a run. With `recorder` non-null the game is played through a
// GameRecorder stored there (player names = the registry names).
GameResult play_arena_game(const ArenaConfig& config, int index,
                           std::optional<GameRecorder>* recorder = nullptr);

struct ArenaCallbacks {
  // Called on the worker thread as each game finishes, concurrently from several workers (must
  // be thread-safe); `recorder` is non-null when config.record is set.
  std::function<void(const GameResult&, const GameRecorder*)> on_game;
  // Called after each finished game with the number of games finished so far (concurrently).
  std::function<void(int done)> on_progress;
};

struct ArenaRun {
  std::vector<GameResult> games;  // the finished games, by index
  double seconds = 0;             // wall time of the run
  bool cancelled = false;         // stopped by the cancel flag before every game was played
};

// Plays config.games games on config.threads workers (each pulls the next game index). `cancel`
// (may be null) is checked before each game: once set, no new game starts and the games being
// played finish, so the finished games are always the indices 0..k-1. A bot error (illegal
// action, exception) stops the run and is rethrown here. Throws std::invalid_argument for a bad
// config (unknown bot name, games < 0, threads < 1).
ArenaRun run_arena(const ArenaConfig& config, const ArenaCallbacks& callbacks,
                   std::atomic<bool>* cancel);

// A mean or a proportion with the half-width of its 95% confidence interval (normal
// approximation: 1.96 * sd / sqrt(n) with the sample sd; for a proportion
// 1.96 * sqrt(p (1 - p) / n)). ci95 is 0 when n < 2 (mean) or n == 0 (proportion).
struct Estimate {
  double value = 0;
  double ci95 = 0;
};
Estimate mean_ci95(std::span<const double> values);
Estimate proportion_ci95(long long hits, long long n);

struct BotStats {
  std::string name;
  int games = 0;        // seat entries (a bot in two seats of a game counts two)
  long long hands = 0;  // hands played over those entries
  Estimate avg_rank;
  std::array<Estimate, 4> rank_rates{};  // 1st..4th, per game
  Estimate avg_score;                    // final score (points)
  Estimate avg_points;                   // points at the end of the game
  Estimate win_rate;                     // per hand
  Estimate deal_in_rate;                 // per hand
  Estimate riichi_rate;                  // per hand
  Estimate call_rate;                    // per hand
  long long wins = 0;
  long long tsumo = 0;
  double avg_win = 0;  // win_points / wins (0 without wins)
};

// The paired comparison of two bots that sat at the same games: per game, the mean rank of a's
// seats minus the mean rank of b's seats; its mean over the games with both, and the CI95 of
// that mean (pairing by game accounts for the two ranks of one game being dependent).
struct RankDifference {
  std::string a;
  std::string b;
  int games = 0;
  Estimate diff;  // negative: a ranks better
};

struct ArenaTable {
  std::vector<BotStats> bots;  // in order of first appearance (game order, then seat order)
  std::vector<RankDifference> differences;  // every pair of bots (table order), a before b
  int games = 0;
  long long hands = 0;
  int players = 4;  // 3 when the games were three-player (no 4th place)
};

// The one aggregation of per-game results into the table (CLI, `stats`, Python front-end).
// Entries are grouped by bot name; the games should be given in index order for bit-identical
// floating-point sums.
ArenaTable summarize(std::span<const GameResult> games);

}  // namespace riichi::bots
