// The arena's statistics table (bots::summarize) as text and as JSON: one form for `riichi arena`,
// `riichi stats` and the Python front-end (docs/arena.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "bots/arena.hpp"

namespace riichi::io {

// A fixed-width table, one row per bot: games, avg rank ± CI95, 1st..4th %, avg final score ±
// CI95 (points), win %, deal-in %, riichi %, call % (per hand), avg win (points); then a line
// with the games and hands. Ends with '\n'.
std::string arena_table_text(const bots::ArenaTable& table);

// {"bots": [{"name", "games", "hands", "avg_rank", "avg_rank_ci95", "rank_rates": [4],
//  "rank_rates_ci95": [4], "avg_score", "avg_score_ci95", "avg_points", "avg_points_ci95",
//  "win_rate", "win_rate_ci95", "deal_in_rate", "deal_in_rate_ci95", "riichi_rate",
//  "riichi_rate_ci95", "call_rate", "call_rate_ci95", "wins", "tsumo", "avg_win"}], "games",
//  "hands"}; callers add "games_per_second", "seed", "rules".
nlohmann::ordered_json arena_table_json(const bots::ArenaTable& table);

}  // namespace riichi::io
