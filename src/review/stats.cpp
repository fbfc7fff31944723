#include "review/stats.hpp"

#include <cmath>
#include <map>

namespace riichi::review {

std::vector<GameRow> game_rows(const GameReview& r) {
  std::vector<GameRow> rows;
  for (const PlayerRecord& p : r.players) {
    GameRow row;
    row.game = r.game;
    row.date = r.date;
    row.name = p.name;
    row.seat = p.log_seat;
    row.hands = p.hands;
    row.wins = p.wins;
    row.deal_ins = p.deal_ins;
    row.riichi = p.riichi;
    row.called_hands = p.called_hands;
    row.win_points = p.win_points;
    row.deal_in_points = p.deal_in_points;
    row.final_score = p.final_score;
    row.rank = p.rank;
    for (const Decision& d : r.decisions) {
      if (d.seat != p.seat) continue;
      ++row.decisions;
      row.top1 += d.rank == 1;
      row.top3 += d.rank <= 3;
      row.total_loss += d.ev_loss;
    }
    rows.push_back(row);
  }
  return rows;
}

namespace {

double ratio(double a, double b) { return b > 0 ? a / b : 0; }

}  // namespace

PlayerStats player_stats(const std::string& name, const std::vector<GameRow>& rows) {
  PlayerStats s;
  s.name = name;
  s.games = static_cast<int>(rows.size());
  double rank_sum = 0, rank_sq = 0, loss = 0;
  long win_points = 0, deal_in_points = 0;
  int wins = 0, deal_ins = 0, riichi = 0, called = 0, top1 = 0, top3 = 0;
  std::array<int, 4> places{};
  std::map<std::string, MonthLoss> months;
  for (const GameRow& r : rows) {
    if (r.rank >= 1 && r.rank <= 4) {
      ++s.ranked_games;
      rank_sum += r.rank;
      rank_sq += r.rank * r.rank;
      ++places[static_cast<std::size_t>(r.rank - 1)];
    }
    s.hands += r.hands;
    wins += r.wins, deal_ins += r.deal_ins, riichi += r.riichi, called += r.called_hands;
    win_points += r.win_points, deal_in_points += r.deal_in_points;
    s.decisions += r.decisions, top1 += r.top1, top3 += r.top3, loss += r.total_loss;
    MonthLoss& m = months[r.date.empty() ? "unknown" : r.date];
    ++m.games;
    m.decisions += r.decisions;
    m.mean_loss += r.total_loss;  // summed here, divided below
  }
  const int n = s.ranked_games;
  s.mean_rank = ratio(rank_sum, n);
  if (n > 1) {
    const double var = (rank_sq - n * s.mean_rank * s.mean_rank) / (n - 1);
    s.rank_ci95 = 1.96 * std::sqrt(std::max(0.0, var) / n);
  }
  for (std::size_t i = 0; i < 4; ++i) s.rank_rates[i] = ratio(places[i], n);
  s.win_rate = ratio(wins, s.hands);
  s.deal_in_rate = ratio(deal_ins, s.hands);
  s.riichi_rate = ratio(riichi, s.hands);
  s.call_rate = ratio(called, s.hands);
  s.mean_win = ratio(static_cast<double>(win_points), wins);
  s.mean_deal_in = ratio(static_cast<double>(deal_in_points), deal_ins);
  s.top1_rate = ratio(top1, s.decisions);
  s.top3_rate = ratio(top3, s.decisions);
  s.mean_loss = ratio(loss, s.decisions);
  for (auto& [month, m] : months) {
    m.month = month;
    m.mean_loss = ratio(m.mean_loss, m.decisions);
    s.trend.push_back(m);
  }
  return s;
}

}  // namespace riichi::review
