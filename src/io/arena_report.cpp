#include "io/arena_report.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace riichi::io {

namespace {

std::string percent(double p) { return fmt::format("{:5.1f}%", 100.0 * p); }

}  // namespace

std::string arena_table_text(const bots::ArenaTable& table) {
  std::size_t width = 4;
  for (const bots::BotStats& b : table.bots) width = std::max(width, b.name.size());
  std::string out = fmt::format(
      "{:<{}}  {:>7}  {:>14}  {:>6} {:>6} {:>6} {:>6}  {:>16}  {:>6} {:>8} {:>7} {:>6}  {:>7}\n",
      "bot", width, "games", "avg rank", "1st", "2nd", "3rd", "4th", "avg final score", "win",
      "deal-in", "riichi", "call", "avg win");
  for (const bots::BotStats& b : table.bots) {
    out += fmt::format("{:<{}}  {:>7}  {:>6.3f} ± {:<5.3f}  {} {} {} {}  {:>+7.0f} ± {:<6.0f}  ",
                       b.name, width, b.games, b.avg_rank.value, b.avg_rank.ci95,
                       percent(b.rank_rates[0].value), percent(b.rank_rates[1].value),
                       percent(b.rank_rates[2].value),
                       table.players == 3 ? "     -" : percent(b.rank_rates[3].value),
                       b.avg_score.value, b.avg_score.ci95);
    out += fmt::format("{} {:>8} {:>7} {}  {:>7.0f}\n", percent(b.win_rate.value),
                       percent(b.deal_in_rate.value), percent(b.riichi_rate.value),
                       percent(b.call_rate.value), b.avg_win);
  }
  for (const bots::RankDifference& d : table.differences)
    out += fmt::format("avg rank {} - {}: {:+.3f} ± {:.3f} (paired by game, {} games)\n", d.a, d.b,
                       d.diff.value, d.diff.ci95, d.games);
  out += fmt::format(
      "{} games, {} hands. ± is the 95% confidence half-width; rates are per hand played "
      "(docs/arena.md).\n",
      table.games, table.hands);
  return out;
}

nlohmann::ordered_json arena_table_json(const bots::ArenaTable& table) {
  nlohmann::ordered_json bots = nlohmann::ordered_json::array();
  for (const bots::BotStats& b : table.bots) {
    nlohmann::ordered_json j;
    j["name"] = b.name;
    j["games"] = b.games;
    j["hands"] = b.hands;
    j["avg_rank"] = b.avg_rank.value;
    j["avg_rank_ci95"] = b.avg_rank.ci95;
    j["rank_rates"] = nlohmann::ordered_json::array();
    j["rank_rates_ci95"] = nlohmann::ordered_json::array();
    for (const bots::Estimate& e : b.rank_rates) {
      j["rank_rates"].push_back(e.value);
      j["rank_rates_ci95"].push_back(e.ci95);
    }
    j["avg_score"] = b.avg_score.value;
    j["avg_score_ci95"] = b.avg_score.ci95;
    j["avg_points"] = b.avg_points.value;
    j["avg_points_ci95"] = b.avg_points.ci95;
    const std::pair<const char*, const bots::Estimate*> rates[] = {
        {"win_rate", &b.win_rate},
        {"deal_in_rate", &b.deal_in_rate},
        {"riichi_rate", &b.riichi_rate},
        {"call_rate", &b.call_rate}};
    for (const auto& [key, e] : rates) {
      j[key] = e->value;
      std::string ci_key = key;
      ci_key += "_ci95";
      j[ci_key] = e->ci95;
    }
    j["wins"] = b.wins;
    j["tsumo"] = b.tsumo;
    j["avg_win"] = b.avg_win;
    bots.push_back(std::move(j));
  }
  nlohmann::ordered_json out;
  out["bots"] = std::move(bots);
  out["rank_differences"] = nlohmann::ordered_json::array();
  for (const bots::RankDifference& d : table.differences)
    out["rank_differences"].push_back({{"a", d.a},
                                       {"b", d.b},
                                       {"games", d.games},
                                       {"avg_rank_diff", d.diff.value},
                                       {"avg_rank_diff_ci95", d.diff.ci95}});
  out["games"] = table.games;
  out["hands"] = table.hands;
  return out;
}

}  // namespace riichi::io
