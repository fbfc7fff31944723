// The Practice section's API (docs/drills.md, docs/web-protocol.md "Practice"): the drills'
// catalogue, a problem without its key, the grade of an answer, and a named learner's history
// in the store.
//
//   GET  /api/practice                      {"drills": [{"name", "levels": [...]}], "presets"}
//   POST /api/practice/problem  {drill, level, seed, index, rules}      -> the problem (no key)
//   POST /api/practice/grade    {..., "answer": ..., "name"?}           -> the grade with the key
//   GET  /api/practice/history?name=NAME    {"name", "attempts": [...], "totals": {...}}
#include <fmt/core.h>

#include "drill/drill_json.hpp"
#include "io/json_text.hpp"
#include "request_guard.hpp"
#include "server.hpp"
#include "store.hpp"

namespace riichi::server {

using nlohmann::json;

namespace {

HttpAnswer answer(const json& j, unsigned status = 200) {
  return HttpAnswer{status, "application/json", io::dump_json(j)};
}

HttpAnswer refuse(unsigned status, const std::string& reason) {
  return answer(json{{"error", reason}}, status);
}

constexpr std::size_t kMaxName = 40;

// The learner's name: trimmed, at most 40 characters. Throws DrillError for a longer one.
std::string learner_name(const json& body) {
  if (!body.contains("name") || body["name"].is_null()) return "";
  if (!body["name"].is_string()) throw drill::DrillError("'name' must be text");
  std::string name = body["name"].get<std::string>();
  const std::size_t a = name.find_first_not_of(" \t\r\n");
  const std::size_t b = name.find_last_not_of(" \t\r\n");
  name = a == std::string::npos ? "" : name.substr(a, b - a + 1);
  if (name.size() > kMaxName)
    throw drill::DrillError(fmt::format("'name' is longer than {} characters", kMaxName));
  return name;
}

json attempt_json(const PracticeAttempt& a) {
  return json{{"drill", a.drill},
              {"level", a.level},
              {"seed", a.seed},
              {"index", a.index},
              {"rules", a.rules},
              {"correct", a.correct},
              {"answer", io::try_parse_json(a.answer).value_or(json())},
              {"summary", a.summary},
              {"at", a.at}};
}

}  // namespace

HttpAnswer Server::practice(const std::string& method, const std::string& raw_target,
                            const std::string& body) {
  const std::string target = raw_target.substr(0, raw_target.find('?'));
  try {
    if (target == "/api/practice" && method == "GET") return answer(drill::catalogue_json());
    if (target == "/api/practice/history" && method == "GET") {
      const std::string name = query_value(raw_target, "name");
      if (name.empty())
        return refuse(400, "give the learner's name: /api/practice/history?name=NAME");
      json attempts = json::array();
      json totals = json::object();
      for (const PracticeAttempt& a : store_->attempts(name)) {
        attempts.push_back(attempt_json(a));
        json& t = totals[a.drill];
        if (!t.is_object()) t = json{{"answered", 0}, {"correct", 0}};
        t["answered"] = t["answered"].get<int>() + 1;
        t["correct"] = t["correct"].get<int>() + (a.correct ? 1 : 0);
      }
      return answer(json{{"name", name}, {"attempts", attempts}, {"totals", totals}});
    }
    const bool problem = target == "/api/practice/problem";
    const bool grade = target == "/api/practice/grade";
    if (!problem && !grade) return refuse(404, "no API endpoint " + method + " " + target);
    if (method != "POST") return refuse(405, "use POST on " + target + " with a JSON body");
    const json in = io::try_parse_json(body).value_or(json());
    if (!in.is_object()) return refuse(400, target + ": the body is not a JSON object");
    const drill::DrillRequest request = drill::request_from_json(in);
    if (problem) return answer(drill::problem_json(request, false));
    if (!in.contains("answer")) return refuse(400, "'answer' is missing");
    const std::string name = learner_name(in);
    json graded = drill::grade_json(request, in["answer"]);
    if (!name.empty()) {
      PracticeAttempt a;
      a.name = name;
      a.drill = in["drill"].get<std::string>();
      a.level = request.id.level;
      a.seed = std::to_string(request.id.seed);
      a.index = request.id.index;
      a.rules = request.rules.name;
      a.correct = graded.value("correct", false);
      a.answer = io::dump_json(in["answer"]);
      a.summary = graded.value("summary", "");
      store_->add_attempt(a);
      graded["saved"] = true;
    }
    return answer(graded);
  } catch (const drill::DrillError& e) {
    return refuse(400, e.what());
  } catch (const StoreError& e) {
    return refuse(500, e.what());
  }
}

}  // namespace riichi::server
