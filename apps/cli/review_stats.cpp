#include "review_stats.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli_text.hpp"
#include "io/review_db.hpp"
#include "io/review_json.hpp"
#include "review/stats.hpp"

namespace riichi::cli {

namespace {

using nlohmann::ordered_json;

// The CLI's --json record: the io form with the database file after the player's name.
ordered_json stats_json(const review::PlayerStats& s, const std::string& db) {
  ordered_json j;
  j["player"] = s.name;
  j["db"] = db;
  const ordered_json record = io::stats_to_json(s);
  for (const auto& item : record.items()) j[item.key()] = item.value();
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
