// `riichi review --db FILE`: the reviewed games stored in SQLite, and the record of each player
// reviewed over every game the file holds (docs/review.md, "Stats across games").
#pragma once

#include <string>
#include <vector>

#include "review/review.hpp"

namespace riichi::cli {

// Stores `games` in `db` and prints, for each player reviewed (by name), the record over every
// game stored: text, or one JSON object per player. Throws io::ReviewDbError.
void store_and_report(const std::string& db, const std::vector<review::GameReview>& games,
                      bool json);

}  // namespace riichi::cli
