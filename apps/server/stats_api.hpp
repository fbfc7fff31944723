// GET /api/stats?player=NAME (issue 16, the web Review page's stats): a player's record over the
// finished games of the server's own database (docs/review.md, "Stats across games"). Each game
// of the player is reviewed once (src/review) and its rows kept in a review database beside the
// server's (io::ReviewDb, `<db>.reviews`); a request reviews at most kStatsReviewsPerRequest new
// games (about 2 s of CPU each) and says how many are still pending.
#pragma once

#include <string>

#include "server.hpp"

namespace riichi::server {

class Store;

inline constexpr int kStatsReviewsPerRequest = 3;

// {"player", ..., io::stats_to_json fields, "reviewed_now", "pending"}; 400 without a name.
// `db_path`: the server's database file (":memory:" keeps the reviews in memory too).
HttpAnswer stats_answer(Store& store, const std::string& db_path, const std::string& target);

}  // namespace riichi::server
