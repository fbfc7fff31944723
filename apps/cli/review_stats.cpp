#include "review_stats.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "io/review_db.hpp"
#include "review/stats.hpp"

namespace riichi::cli {

namespace {

using nlohmann::ordered_json;

std::string pct(double p) { return fmt::format("{:.1f}%", 100 * p); }

ordered_json stats_json(const review::PlayerStats& s, const std::string& db) {
  ordered_json j;
  j["player"] = s.name;
  j["db"] = db;
  j["games"] = s.games;
  j["ranked_games"] = s.ranked_games;
  j["mean_rank"] = s.mean_rank;
  j["mean_rank_ci95"] = s.rank_ci95;
  j["rank_rates"] = s.rank_rates;
  j["hands"] = s.hands;
  j["win_rate"] = s.win_rate;
  j["deal_in_rate"] = s.deal_in_rate;
  j["riichi_rate"] = s.riichi_rate;
  j["call_rate"] = s.call_rate;
  j["mean_win"] = s.mean_win;
  j["mean_deal_in"] = s.mean_deal_in;
  j["decisions"] = s.decisions;
  j["top1_rate"] = s.top1_rate;
  j["top3_rate"] = s.top3_rate;
  j["mean_loss"] = s.mean_loss;
  ordered_json trend = ordered_json::array();
  for (const review::MonthLoss& m : s.trend)
    trend.push_back({{"month", m.month},
                     {"games", m.games},
                     {"decisions", m.decisions},
                     {"mean_loss", m.mean_loss}});
  j["trend"] = trend;
  return j;
}

std::string stats_text(const review::PlayerStats& s, const std::string& db) {
  std::string out =
      fmt::format("== record of {} over {} game(s) stored in {}\n", s.name, s.games, db);
  out += fmt::format(
      "average rank {:.2f} +/- {:.2f} (95%, {} finished games); 1st {} 2nd {} "
      "3rd {} 4th {}\n",
      s.mean_rank, s.rank_ci95, s.ranked_games, pct(s.rank_rates[0]), pct(s.rank_rates[1]),
      pct(s.rank_rates[2]), pct(s.rank_rates[3]));
  out += fmt::format(
      "{} hands: win {}, deal-in {}, riichi {}, call {}; average win {:.0f}, "
      "average deal-in {:.0f}\n",
      s.hands, pct(s.win_rate), pct(s.deal_in_rate), pct(s.riichi_rate), pct(s.call_rate),
      s.mean_win, s.mean_deal_in);
  out += fmt::format(
      "{} decisions: agreement top-1 {}, top-3 {}; mean loss {:.1f} points per "
      "decision\n",
      s.decisions, pct(s.top1_rate), pct(s.top3_rate), s.mean_loss);
  out += "mean loss by month:";
  for (const review::MonthLoss& m : s.trend)
    out += fmt::format(" {} {:.1f} ({} games);", m.month, m.mean_loss, m.games);
  return out + "\n";
}

}  // namespace

void store_and_report(const std::string& path, const std::vector<review::GameReview>& games,
                      bool json) {
  io::ReviewDb db = io::ReviewDb::open(path);
  std::vector<std::string> names;
  for (const review::GameReview& g : games) {
    db.store(g, review::game_rows(g));
    for (const review::PlayerRecord& p : g.players)
      if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
  }
  fmt::print(stderr, "stored {} game(s) in {} ({} in all)\n", games.size(), path, db.count_games());
  for (const std::string& name : names) {
    const review::PlayerStats s = review::player_stats(name, db.rows(name));
    if (json)
      fmt::print("{}\n", stats_json(s, path).dump());
    else
      fmt::print("{}", stats_text(s, path));
  }
}

}  // namespace riichi::cli
