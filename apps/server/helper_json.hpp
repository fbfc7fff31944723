// The web table's helper (issue 17, item 7; docs/web-protocol.md, "helper"): what a seat's own
// observation says about its decision, from the evaluation layer (eval::evaluate_options and
// eval::assess_danger), never from a hidden tile.
//
//   json h = helper_json(round.observation(seat), rules);   // obs.legal_actions: the seat's
//
// {"decision": "discard|call|...|null", "threat": bool,
//  "options": [{"action", "type", "tile", "then", "exp_score", "win_prob", "tenpai_prob",
//               "deal_in_prob", "shanten", "effective_tiles", "reason", "best"}],
//      the three best options of a turn, or every option of a claim window (call, pass, ron),
//      best first; empty without a legal action;
//  "waits": {"after": LABEL|null, "tiles": [{"tile", "remaining", "shapes": ["ryanmen", ...],
//            "yaku": bool, "furiten": bool}]} or null (not tenpai),
//  "warnings": [{"kind": "no_yaku|furiten", "text"}],
//  "danger": null, or against a riichi or a likely tenpai (danger model >= 35%):
//            {"opponents": [{"seat", "riichi", "tenpai"}],
//             "tiles": [{"tile", "deal_in", "loss", "by_opponent": [P, P, P], "reason"}]}}
//      one row per kind the seat holds; by_opponent in the order of "opponents".
#pragma once

#include <nlohmann/json.hpp>

#include "eval/danger.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"

namespace riichi::server {

// The helper of obs.seat. `table_furiten` is the table's own furiten state of the seat
// (Round::is_furiten): it also knows the winning tiles the seat let pass (temporary and riichi
// furiten, RULES.md §3.8), which a pond cannot show. Throws std::invalid_argument (from the
// evaluation) for an impossible observation.
nlohmann::json helper_json(const Observation& obs, const Rules& rules, bool table_furiten = false);

// The danger section alone for `report` and the kinds `held` (a bit per kind), with every
// opponent listed whether or not it threatens: the Review page shows it at each decision.
nlohmann::json danger_json(const eval::DangerReport& report, std::uint64_t held);

}  // namespace riichi::server
