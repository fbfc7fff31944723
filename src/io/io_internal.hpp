// Small helpers shared by the format files of src/io (not part of the API: nothing outside
// src/io includes this header). Each was written once per file before; one definition here keeps
// them the same and lets the files be compiled together in unity batches (docs/build.md).
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/plain_game.hpp"
#include "riichi/round.hpp"
#include "riichi/tile.hpp"
#include "riichi/waits.hpp"

namespace riichi::io {

// The wind letters of the mjai protocol and of the text formats, by wind (0 = East).
inline constexpr const char* kWinds[] = {"E", "S", "W", "N"};

// A tile of the record, by physical id, in the notation ("5m", "0p" for a red five).
inline std::string tile_text(int id, bool red) { return tile_to_string(tile_of_id(id, red)); }

// A claim window: the table waits for answers to a discard (kClaim) or to a kan (kChankan).
inline bool is_claim_window(Phase p) { return p == Phase::kClaim || p == Phase::kChankan; }

// Four seats' integers as a JSON array (scores, deltas), key order kept.
inline nlohmann::ordered_json four_json(const std::array<int, 4>& a) {
  return nlohmann::ordered_json::array({a[0], a[1], a[2], a[3]});
}

// Tile kinds with their unseen counts, as the analysis and evaluation JSON print them:
// [{"tile": "5m", "remaining": 3}, ...].
inline nlohmann::json kind_counts_json(const std::vector<KindCount>& tiles) {
  nlohmann::json out = nlohmann::json::array();
  for (const KindCount& t : tiles)
    out.push_back({{"tile", kind_to_string(t.kind)}, {"remaining", t.remaining}});
  return out;
}

// A tenhou.net/6 reader's refusal: `where` names the field (a JSON path), `reason` the fault.
[[noreturn]] inline void format_fail(const std::string& where, const std::string& reason) {
  throw FormatError(where, reason);
}

}  // namespace riichi::io
