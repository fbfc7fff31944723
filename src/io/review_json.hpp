// The game review as JSON (docs/review.md, "JSON"): one object per game, every field documented
// there. Also the board of a decision (hand, ponds, melds, dora, scores) for the HTML page.
#pragma once

#include <nlohmann/json.hpp>

#include "review/review.hpp"
#include "review/stats.hpp"

namespace riichi::io {

// {"game", "source", "format", "rules", "players", "player", "decisions", "summary", "record",
// "notes"}. `with_boards`: each decision also carries "board" (the position, for the page).
nlohmann::ordered_json review_to_json(const review::GameReview& r, bool with_boards = false);

// A player's record over the games stored (docs/review.md, "Stats across games"): {"player",
// "games", "ranked_games", "mean_rank", "mean_rank_ci95", "rank_rates", "hands", "win_rate",
// "deal_in_rate", "riichi_rate", "call_rate", "mean_win", "mean_deal_in", "decisions",
// "top1_rate", "top3_rate", "mean_loss", "trend": [{"month", "games", "decisions", "mean_loss"}]}.
nlohmann::ordered_json stats_to_json(const review::PlayerStats& s);

// The summary alone (also of several games merged).
nlohmann::ordered_json summary_to_json(const review::Summary& s,
                                       const std::vector<review::Decision>& decisions);

// What the seat saw: {"seat", "dealer", "round_wind", "honba", "sticks", "scores", "hand",
// "drawn", "melds": [[...] x4], "ponds": [[{"tile","tsumogiri","riichi","called"}] x4],
// "riichi", "dora", "wall"}. Tiles in mpsz ("5p", "0p" red).
nlohmann::ordered_json board_to_json(const Observation& obs, bool red_fives);

}  // namespace riichi::io
