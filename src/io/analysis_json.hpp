// JSON view of a hand analysis (tiles in mpsz notation: "5p", red five "0p").
#pragma once

#include <nlohmann/json.hpp>

#include "riichi/analysis.hpp"

namespace riichi::io {

nlohmann::json analysis_to_json(const HandAnalysis& analysis);

}  // namespace riichi::io
