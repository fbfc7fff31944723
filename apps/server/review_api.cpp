// The web table's Review page API (docs/web-protocol.md, "Review"; docs/review.md):
//   POST /api/review[?player=SEAT|NAME]   body: a log (mjlog, tenhou.net/6 JSON, mjai, record)
//   GET  /api/games/ID/review[?player=SEAT|NAME]   a past game of the server's store
// Without `player`: {"players": [names in the log's seat order]} (to choose one). With it:
// {"games": [the review of each game, with the board of every decision]}. Bad input: 400 with
// {"error"} naming the fault (the readers' errors, a player not in the log with the names).
#include "io/json_text.hpp"
#include "io/log_reader.hpp"
#include "io/review_json.hpp"
#include "request_guard.hpp"
#include "review/review.hpp"
#include "riichi/record_text.hpp"
#include "server.hpp"
#include "store.hpp"

namespace riichi::server {

namespace {

using nlohmann::json;

template <typename Json>
HttpAnswer answer(unsigned status, const Json& j) {
  return HttpAnswer{status, "application/json", io::dump_json(j)};
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
      out.push_back(io::review_to_json(review::review_game(g, seats, settings), true));
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
    if (row->source == "tenhou") {
      games = io::parse_log(row->mjlog, id);
    } else {
      io::LogGame g;
      g.source = id;
      g.format = io::LogFormat::kRecord;
      io::RecordedGame rec;
      rec.record = record_from_text(row->record);
      g.rules = rec.record.rules;
      g.record = std::move(rec);
      games.push_back(std::move(g));
    }
  } catch (const std::exception& e) {
    return answer(500, json{{"error", "game " + id + " cannot be read: " + e.what()}});
  }
  return review_games(games, target);
}

}  // namespace riichi::server
