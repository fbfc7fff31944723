// The drills as JSON (`riichi drill --json`, the web page's /api/practice endpoints,
// docs/drills.md): one object per problem with the problem and its answer key, and the grade
// of an answer. Tiles are mpsz strings ("5p", "0p" red five, "7z").
//
//   {"drill": "waits", "level": 2, "seed": 42, "index": 0, "rules": "ema2016", "title": ...,
//    "question": "...", "problem": {...},
//    <the problem's key text>: waits "hand", discard "position", score "vector",
//    "answer": {...}}                                   (the answer only when asked for)
//
// answer: waits {"waits": [{"tile", "shapes": [...], "remaining"}], "total"};
//         discard {"best": TILE, "table": [{"tile", "shanten", "effective", "effective_tiles",
//                  "win_prob", "exp_score", "tenpai_prob", "riichi", "value", and with a table
//                  "deal_in", "loss", "safety", "danger_reason"}], "played"?, ...};
//         score the `riichi score --json` sheet ("han", "fu", "limit", "payments", "total",
//                  "yaku", "fu_items", ...) plus "payment" (the learner's form) and
//                  "payment_text".
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "drill/discard_drill.hpp"
#include "drill/drill.hpp"
#include "drill/score_drill.hpp"
#include "drill/waits_drill.hpp"

namespace riichi::drill {

// What a front-end needs to make and grade problems: the id, the rules, and where level-5
// discard positions find their logs.
struct DrillRequest {
  ProblemId id;
  Rules rules = Rules::ema2016();
  std::string logs_dir;  // "" = drill_logs_dir()
};

// The request of a front-end: {"drill": "waits", "level": 2, "seed": 42 | "42", "index": 0,
// "rules": "ema2016"} (level 1, seed 0, index 0 and ema2016 when left out). Throws DrillError
// naming the field that is missing or wrong.
DrillRequest request_from_json(const nlohmann::json& request);
// The drills and their levels: {"drills": [{"name", "levels": [{"level", "title"}]}],
// "presets": [...]}.
nlohmann::json catalogue_json();

nlohmann::json waits_json(const WaitsProblem& p, bool with_answer);
nlohmann::json discard_json(const DiscardPosition& p, const DiscardKey* key);
nlohmann::json score_json(const ScoreProblem& p, bool with_answer);

// The problem of `request` (with its answer key when asked). Throws DrillError.
nlohmann::json problem_json(const DrillRequest& request, bool with_answer);

// Grades `answer` for the problem of `request`: {"correct", "summary", "grade": {...},
// "problem": <problem_json with the answer>}. The answer is the text form the CLI reads
// ("1p4p7p", "5p", "3 30 3900") or an object: waits {"tiles": ["1p", ...]}, discard
// {"tile": "5p"}, score {"han", "fu", "limit", "yakuman", "payment": [n] | [a, b] | "a/b"}.
// Throws DrillError naming what cannot be read.
nlohmann::json grade_json(const DrillRequest& request, const nlohmann::json& answer);

}  // namespace riichi::drill
