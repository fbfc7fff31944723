// The game review as one self-contained HTML page (docs/review.md, "HTML"): the summary, the
// costliest decisions, a timeline of the decisions and a board at each one (hand, ponds, melds,
// dora, scores) with its options. No network: the tile images (web/tiles.js) and the data are
// inlined.
#pragma once

#include <string>
#include <vector>

#include "review/review.hpp"

namespace riichi::io {

std::string review_html(const std::vector<review::GameReview>& games);

// Writes review_html to `path`. Throws std::runtime_error naming the file when it cannot.
void write_review_html(const std::string& path, const std::vector<review::GameReview>& games);

}  // namespace riichi::io
