// The web table's Review page API (docs/web-protocol.md, "Review"; docs/review.md):
//   POST /api/review[?player=SEAT|NAME]   body: a log (mjlog, tenhou.net/6 JSON, mjai, record)
//   GET  /api/games/ID/review[?player=SEAT|NAME]   a past game of the server's store
// Without `player`: {"players": [names in the log's seat order]} (to choose one). With it:
// {"games": [the review of each game, with the board of every decision]}. Bad input: 400 with
// {"error"} naming the fault (the readers' errors, a player not in the log with the names).
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "eval/danger.hpp"
#include "helper_json.hpp"
#include "io/json_text.hpp"
#include "io/log_reader.hpp"
#include "io/review_db.hpp"
#include "io/review_json.hpp"
#include "request_guard.hpp"
#include "review/review.hpp"
#include "riichi/record_text.hpp"
#include "server.hpp"
#include "stats_api.hpp"
#include "store.hpp"

namespace riichi::server {

namespace {

using nlohmann::json;

template <typename Json>
HttpAnswer answer(unsigned status, const Json& j) {
  return HttpAnswer{status, "application/json", io::dump_json(j)};
}

// The games of a stored row: its Tenhou log, or the engine record.
std::vector<io::LogGame> stored_games(const GameRow& row) {
  if (row.source == "tenhou") return io::parse_log(row.mjlog, row.id);
  std::vector<io::LogGame> games;
  io::LogGame g;
  g.source = row.id;
  g.format = io::LogFormat::kRecord;
  io::RecordedGame rec;
  rec.record = record_from_text(row.record);
  g.rules = rec.record.rules;
  g.record = std::move(rec);
  games.push_back(std::move(g));
  return games;
}

// The danger of each tile the player holds against each opponent at every decision (the Review
// page colours the hand and lists it per opponent): helper_json.hpp's danger section.
void add_danger(const review::GameReview& r, nlohmann::ordered_json& game) {
  auto& decisions = game["decisions"];
  for (std::size_t i = 0; i < r.decisions.size() && i < decisions.size(); ++i) {
    const Observation& o = r.decisions[i].position;
    std::uint64_t held = 0;
    for (std::uint8_t id : o.concealed) held |= std::uint64_t{1} << kind_of_id(id);
    decisions[i]["danger"] =
        nlohmann::ordered_json(danger_json(eval::assess_danger(o, r.rules), held));
  }
}

// The review of `games` for the player of `target`'s query (the names when none).
HttpAnswer review_games(const std::vector<io::LogGame>& games, const std::string& target) {
  if (games.empty()) return answer(400, json{{"error", "the log holds no game"}});
  const std::string player = query_value(target, "player");
  if (player.empty()) {
    json names = json::array();
    const std::array<std::string, 4> by_seat = review::player_names(games.front());
    const int fd = games.front().tenhou ? games.front().tenhou->first_dealer : 0;
    for (int s = 0; s < 4; ++s)
      names.push_back(by_seat[static_cast<std::size_t>((s - fd + 4) % 4)]);
    return answer(200, json{{"players", names}});
  }
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  try {
    for (const io::LogGame& g : games) {
      const std::vector<int> seats = review::resolve_player(g, player);
      review::ReviewSettings settings;
      const review::GameReview r = review::review_game(g, seats, settings);
      nlohmann::ordered_json j = io::review_to_json(r, true);
      add_danger(r, j);
      out.push_back(std::move(j));
    }
  } catch (const std::exception& e) {
    return answer(400, json{{"error", e.what()}});
  }
  nlohmann::ordered_json result;
  result["games"] = std::move(out);
  return answer(200, result);
}

}  // namespace

HttpAnswer Server::review_log(const std::string& target, const std::string& body) {
  if (body.empty()) return answer(400, json{{"error", "the body must be a game log"}});
  std::vector<io::LogGame> games;
  try {
    games = io::parse_log(body, "upload");
  } catch (const std::exception& e) {
    return answer(400, json{{"error", std::string("not a readable game log: ") + e.what()}});
  }
  return review_games(games, target);
}

HttpAnswer Server::review_stored(const std::string& id, const std::string& target) {
  const std::optional<GameRow> row = store_->get(id);
  if (!row) return answer(404, json{{"error", "no game '" + id + "'"}});
  // A game in progress keeps its concealed tiles and its wall hidden (docs/security.md).
  if (row->status != "finished")
    return answer(
        409, json{{"error", "game " + id + " is in progress: its review opens when it is over"}});
  std::vector<io::LogGame> games;
  try {
    games = stored_games(*row);
  } catch (const std::exception& e) {
    return answer(500, json{{"error", "game " + id + " cannot be read: " + e.what()}});
  }
  return review_games(games, target);
}

namespace {

// The review database of a server's database (one per file; per store for ":memory:").
io::ReviewDb& review_db(Store& store, const std::string& db_path) {
  static std::map<std::string, std::unique_ptr<io::ReviewDb>> dbs;
  const bool memory = db_path == ":memory:" || db_path.empty();
  const std::string key =
      memory ? fmt::format(":memory:{}", static_cast<const void*>(&store)) : db_path;
  auto& db = dbs[key];
  if (!db)
    db = std::make_unique<io::ReviewDb>(
        io::ReviewDb::open(memory ? ":memory:" : db_path + ".reviews"));
  return *db;
}

}  // namespace

HttpAnswer stats_answer(Store& store, const std::string& db_path, const std::string& target) {
  const std::string name = query_value(target, "player");
  if (name.empty())
    return answer(400, json{{"error", "name the player: GET /api/stats?player=NAME"}});
  if (name.size() > 100) return answer(400, json{{"error", "the player's name is too long"}});
  static std::mutex mu;  // one stats request at a time: io::ReviewDb is not thread-safe
  std::lock_guard lock(mu);
  try {
    io::ReviewDb& db = review_db(store, db_path);
    std::set<std::string> reviewed;
    for (const review::GameRow& r : db.rows(name)) reviewed.insert(r.game);
    int now = 0, pending = 0;
    for (const GameRow& row : store.finished(200)) {
      const bool plays = row.players.is_array() && std::find(row.players.begin(), row.players.end(),
                                                             json(name)) != row.players.end();
      if (!plays || reviewed.count(row.id) != 0) continue;
      if (now >= kStatsReviewsPerRequest) {
        ++pending;
        continue;
      }
      static std::set<std::string> refused;  // games that cannot be reviewed for a name
      const std::string key = row.id + '\n' + name;
      if (refused.count(key) != 0) continue;
      ++now;
      try {
        const std::optional<GameRow> full = store.get(row.id);
        if (!full) continue;
        for (const io::LogGame& g : stored_games(*full)) {
          review::GameReview r = review::review_game(g, review::resolve_player(g, name));
          r.game = row.id;  // the stored game's id: reviewed once
          db.store(r, review::game_rows(r));
        }
      } catch (const std::exception& e) {
        refused.insert(key);  // e.g. two seats of that name: left out of the record
        fmt::print(stderr, "warning: stats of {}: game {} left out: {}\n", name, row.id, e.what());
      }
    }
    nlohmann::ordered_json out = io::stats_to_json(review::player_stats(name, db.rows(name)));
    out["reviewed_now"] = now;
    out["pending"] = pending;
    return answer(200, out);
  } catch (const std::exception& e) {
    return answer(500, json{{"error", std::string("the stats cannot be computed: ") + e.what()}});
  }
}

}  // namespace riichi::server
