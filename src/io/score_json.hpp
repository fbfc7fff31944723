// JSON form of a scored win (the `riichi score --json` output). JSON lives only in src/io/.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "riichi/hand.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

namespace riichi::io {

// Fields (see RULES.md §6-§8):
//   ok, hand, win, win_type ("ron"|"tsumo"), seat, round, dealer,
//   han, fu, fu_raw, yaku_han, yaku: [{name, han} | {name, han: 0, yakuman: n}],
//   fu_items: [{name, fu}], dora, ura, red, limit (string or null), yakuman (units),
//   basic_points, payments: ron {"ron": N} | non-dealer tsumo {"dealer": N, "non_dealer": N} |
//   dealer tsumo {"each": N}, plus "honba", "liable" (seat letter or null) and
//   "deltas": {"E": n, "S": n, "W": n, "N": n} (sticks excluded),
//   total (paid by the players, honba included), sticks, sticks_points,
//   reading, and error (string) + error_kind when the hand is not a valid win.
// `sticks` is the number of riichi sticks the winner collects, `sticks_points` their value.
nlohmann::json score_to_json(const ScoreResult& result, const WinVector& vector);

// {"ok": false, "error": "position C: reason", "position": N (0-based), "column": C (1-based),
//  "reason": "...", "input": "..."} for a malformed vector.
nlohmann::json parse_error_to_json(const ParseError& error, std::string_view input);

// "not_complete", "no_yaku", "ryanhan_shibari", "invalid_context" (or "none").
std::string_view score_error_name(ScoreError error);

}  // namespace riichi::io
