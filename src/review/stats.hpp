// A player's record over many reviewed games (docs/review.md, "Stats across games"): what
// `riichi review --db` prints and the web Review page shows.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "review/review.hpp"

namespace riichi::review {

// One game of one player, as stored.
struct GameRow {
  std::string game;
  std::string date;  // "YYYY-MM", "" when unknown
  std::string name;
  int seat = 0;  // the log's seat
  int hands = 0, wins = 0, deal_ins = 0, riichi = 0, called_hands = 0;
  long win_points = 0, deal_in_points = 0;
  int final_score = 0;
  int rank = 0;  // 0: the game is unfinished (no rank)
  int decisions = 0, top1 = 0, top3 = 0;
  double total_loss = 0;
};

// The rows of a reviewed game, one per seat reviewed.
std::vector<GameRow> game_rows(const GameReview& review);

struct MonthLoss {
  std::string month;  // "YYYY-MM", or "unknown"
  int games = 0;
  int decisions = 0;
  double mean_loss = 0;  // per decision
};

struct PlayerStats {
  std::string name;
  int games = 0;
  int ranked_games = 0;                // finished games (with a rank)
  double mean_rank = 0;                // over ranked games
  double rank_ci95 = 0;                // half-width of the 95% interval (1.96 standard errors)
  std::array<double, 4> rank_rates{};  // 1st..4th
  int hands = 0;
  double win_rate = 0, deal_in_rate = 0, riichi_rate = 0, call_rate = 0;  // per hand
  double mean_win = 0;                                                    // points per win
  double mean_deal_in = 0;                                                // points per deal-in
  int decisions = 0;
  double top1_rate = 0, top3_rate = 0;
  double mean_loss = 0;          // per decision
  std::vector<MonthLoss> trend;  // by month, in order
};

// The record of the rows (all of one player).
PlayerStats player_stats(const std::string& name, const std::vector<GameRow>& rows);

}  // namespace riichi::review
