// The game review as text for the terminal (`riichi review`, docs/review.md).
#pragma once

#include <string>
#include <vector>

#include "review/review.hpp"

namespace riichi::cli {

// One game: a header, the decisions losing at least `min_loss` with their options, the summary
// (every decision) and the ten costliest decisions.
std::string review_text(const review::GameReview& game, double min_loss);

// The summary over several games.
std::string overall_text(const std::vector<review::GameReview>& games);

}  // namespace riichi::cli
