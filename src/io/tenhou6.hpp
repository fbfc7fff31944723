// tenhou.net/6 JSON logs (docs/export-formats.md §2), the format of the Tenhou web viewer:
// {"title", "name", "rule", "log": [per hand: [round, honba, sticks], scores, dora, ura,
// then per seat its 13 dealt tiles, its takes (draws and calls) and its discards, then the
// result]}. Written from and read into the neutral PlainGame (io/plain_game.hpp); the reader
// rebuilds the order of play from the per-seat lists.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "io/plain_game.hpp"
#include "io/tenhou_mjlog.hpp"

namespace riichi::io {

// 11..19 man, 21..29 pin, 31..39 sou, 41..47 E S W N White Green Red, 51/52/53 red fives.
int tenhou6_tile(Tile tile);
// Throws std::invalid_argument for any other number.
Tile parse_tenhou6_tile(int code);

// The call strings: chi "c275226", pon "p424242" / "42p4242" / "4242p42", daiminkan
// "m39393939" / "39m393939" / "393939m39", kakan (needs the pon it extends) "k42424242" ...,
// ankan "252525a52".
std::string tenhou6_call(const PlainStep& step, const PlainStep* pon);
// "30符1飜1000点", "満貫2000-4000点", "500点∀" ... (the hand's value, no honba or sticks).
std::string tenhou6_points_text(const PlainWin& win, int dealer);

// The log. Throws FormatError when the game cannot be written (seat 0 must be the first dealer).
nlohmann::ordered_json to_tenhou6(const PlainGame& game);
std::string to_tenhou6_text(const PlainGame& game);  // one line, '\n' terminated

// Reads a log. Throws FormatError naming the place ("log[3]", "log[3][5][2]") and the fault:
// bad JSON, missing or bad fields, bad tiles or call strings, lists that do not replay (a
// discard not held, entries left over).
// The order of play is rebuilt with the engine (io/tenhou6_order.hpp) under the rules the log
// says (io/tenhou_rules.hpp: its "rule" label, "aka" fields and "ref" date); a lobby the engine
// does not play throws UnsupportedGame. `file` names the source.
PlainGame parse_tenhou6(std::string_view text, const std::string& file = "tenhou6");
PlainGame read_tenhou6(std::istream& in);
// The log as Tenhou structs with physical tile ids (io/plain_mjlog.hpp), ready for the replay.
MjlogGame parse_tenhou6_game(std::string_view text, const std::string& file);

}  // namespace riichi::io
