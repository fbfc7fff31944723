// mjai JSON lines (docs/export-formats.md §3): one event object per line, start_game ..
// end_game, tiles as "5m", "5mr" (red), "E" "S" "W" "N" "P" "F" "C". Written from and read into
// the neutral PlainGame (io/plain_game.hpp).
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "io/plain_game.hpp"

namespace riichi::io {

// "5m", "5mr", "E", "P" ...
std::string mjai_tile(Tile tile);
// Throws std::invalid_argument for anything else.
Tile parse_mjai_tile(std::string_view text);

// The yaku name mjai tools use (gimite/mjai: "reach", "tanyaochu", "sangenpai" for each of the
// three dragon yakuhai, "uradora") for an engine yaku name (riichi/yaku.cpp; "dora", "ura",
// "aka"), and back (a dragon yakuhai is split back by the reader, which sees the hand; a name
// without counterpart is kept as it is).
std::string mjai_yaku_name(const std::string& engine);
std::string engine_yaku_name(const std::string& mjai);

// Every event of the game in order.
std::vector<nlohmann::ordered_json> to_mjai(const PlainGame& game);
// The events, one compact JSON object per line ('\n' terminated).
std::string to_mjai_text(const PlainGame& game);

// Reads an mjai log (one game): this engine's export, the original mjai's and the logs of
// Mortal, mjai-reviewer and mjai.app (docs/export-formats.md §3): a hora without yakus, fu and
// fan is an unscored win (the replay scores it and checks its deltas), a ryukyoku without
// reason or tenpais a draw whose kind the replay finds, missing deltas come from the next
// hand's scores, "none" events are skipped, unknown fields ignored. Throws
// FormatError("line N", reason) on bad JSON, an unknown type, a missing or bad field, a bad
// tile or an event out of place. Empty lines are skipped.
PlainGame read_mjai(std::istream& in);
PlainGame parse_mjai(std::string_view text);

}  // namespace riichi::io
