// The HTTP side of the web table server: the JSON API of docs/web-protocol.md and the page's
// static files.
#include <fmt/core.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bots/registry.hpp"
#include "io/json_text.hpp"
#include "io/log_reader.hpp"
#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"
#include "io/tenhou_rules.hpp"
#include "riichi/game.hpp"
#include "riichi/record_text.hpp"
#include "server.hpp"
#include "stats_api.hpp"
#include "store.hpp"
#include "table_json.hpp"

namespace riichi::server {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

HttpAnswer ok(const json& j, unsigned status = 200) {
  return HttpAnswer{status, "application/json", io::dump_json(j)};
}

HttpAnswer fail(unsigned status, const std::string& reason) {
  return HttpAnswer{status, "application/json", io::dump_json(json{{"error", reason}})};
}

std::string content_type(const fs::path& p) {
  const std::string ext = p.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  return "";  // not served
}

bool read_file(const fs::path& p, std::string& out) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::string default_bot() { return "strong"; }  // the strongest bot (docs/bots.md)

// The replay text of a finished engine game, from its record.
std::string engine_replay(const GameRow& row) {
  const GameRecord record = record_from_text(row.record);
  GameRecorder rec(record.rules, record.seed, record.players);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const ApplyResult r = rec.apply(record.actions[i], record.mode(i));
    if (!r.ok)
      throw std::runtime_error(
          fmt::format("stored record of {}: action {} refused: {}", row.id, i, r.reason));
  }
  std::array<std::string, 4> players;
  json names = json::array();  // one per seat of the game
  for (int s = 0; s < record.rules.players && s < static_cast<int>(row.players.size()); ++s) {
    players[static_cast<size_t>(s)] = row.players[static_cast<size_t>(s)].get<std::string>();
    names.push_back(players[static_cast<size_t>(s)]);
  }
  ReplayText text;
  add_replay_hands(rec.record(), rec.log(), text);
  return text.finish(json{{"id", row.id},
                          {"source", "engine"},
                          {"rules", row.rules},
                          {"num_players", record.rules.players},
                          {"seed", row.seed},  // the game is over: its walls may be known
                          {"players", names},
                          {"final", final_json(rec.log(), players, record.rules.players)}});
}

struct TenhouImport {
  std::string replay;  // the replay's JSON text
  std::string rules;   // the preset the log's lobby plays ("tenhou", "tenhou_sanma")
  json players;
  json final;
  int hands = 0;
};

// An import over the server's limits (413).
class ImportTooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Replays a Tenhou log through the engine hand by hand (`frames`: with the replay's frames; a
// check of the log without them). Throws std::runtime_error naming the hand when the engine
// refuses one of the log's moves, ImportTooLarge beyond `max_hands` hands.
TenhouImport tenhou_replay(const std::string& id, const std::string& xml, int max_hands,
                           bool frames = true) {
  // Any Tenhou log by content (mjlog XML, gzipped, tenhou.net/6 JSON) with the rules it says;
  // a lobby the engine does not play throws io::UnsupportedGame naming it.
  std::vector<io::LogGame> logs = io::parse_log(xml, "import");
  if (logs.size() != 1 || !logs.front().tenhou)
    throw std::invalid_argument("not a Tenhou log (mjlog XML or tenhou.net/6 JSON)");
  const io::MjlogGame game = std::move(*logs.front().tenhou);
  if (game.rounds.empty()) throw std::invalid_argument("the log has no hand (no INIT element)");
  if (static_cast<int>(game.rounds.size()) > max_hands)
    throw ImportTooLarge(fmt::format("the log has {} hands; an import has at most {}",
                                     game.rounds.size(), max_hands));
  const Rules rules = logs.front().rules;
  const int n = rules.players;  // four, or three (sanma: the log's fourth seat is empty)
  const io::GameReplay replayed = io::replay_mjlog(game, rules);
  const int fd = game.first_dealer;
  TenhouImport out;
  out.rules = rules.name;
  out.players = json::array();
  std::array<std::string, 4> names;
  for (int s = 0; s < n; ++s) {
    names[static_cast<size_t>(s)] = game.names[static_cast<size_t>((s + fd) % n)];
    out.players.push_back(names[static_cast<size_t>(s)]);
  }
  ReplayText hands;
  for (std::size_t k = 0; k < replayed.hands.size() && k < game.rounds.size(); ++k) {
    const io::HandReplay& h = replayed.hands[k];
    const io::ConvertedRound conv = io::convert_round(game.rounds[k], fd, rules);
    ReplayedHand r = replay_hand(rules, conv.setup, conv.wall, h.actions, frames);
    json result = nullptr;
    if (h.result) {
      GameRecord record;
      record.rules = rules;
      record.players = names;
      record.actions = h.actions;
      r.log.first_action = 0;
      r.log.result = *h.result;
      result = hand_result_json(record, r.log);
    }
    hands.add_hand(json{{"name", h.name},
                        {"honba", conv.setup.honba},
                        {"dealer", conv.setup.dealer},
                        {"frames", std::move(r.frames)},
                        {"result", std::move(result)}});
  }
  out.hands = hands.hands();
  if (game.has_owari) {
    std::array<int, 4> points{}, results{}, uma{};
    for (int s = 0; s < n; ++s) {
      const auto log_seat = static_cast<size_t>((s + fd) % n);
      points[static_cast<size_t>(s)] = game.final_scores[log_seat];
      const double v = game.final_results[log_seat] * 1000;
      results[static_cast<size_t>(s)] = static_cast<int>(v + (v < 0 ? -0.5 : 0.5));
      // The log gives the final results only: the uma (and oka) is what they add to the points
      // above the return, rounded as the log's rules round them (as an engine game shows it).
      const int unit = rules.final_rounding;
      const int p = points[static_cast<size_t>(s)];
      const int rounded =
          unit > 0 ? (p < 0 ? -1 : 1) * ((std::abs(p) + unit / 2) / unit * unit) : p;
      uma[static_cast<size_t>(s)] =
          results[static_cast<size_t>(s)] - (rounded - rules.return_points);
    }
    out.final = json{{"reason", "owari"},
                     {"points", seat_values(points, n)},
                     {"ranks", seat_values(ranks(points, false, n), n)},
                     {"uma", seat_values(uma, n)},
                     {"penalties", nullptr},
                     {"final_scores", seat_values(results, n)},
                     {"leftover_sticks", nullptr},
                     {"players", out.players},
                     {"hands", out.hands}};
  }
  out.replay = hands.finish(json{{"id", id},
                                 {"source", "tenhou"},
                                 {"rules", out.rules},
                                 {"num_players", n},
                                 {"players", out.players},
                                 {"final", out.final}});
  return out;
}

// The level of a bot, 1 (weakest) .. the number of bots: its place in the registry, which lists
// them from the random player to the strongest.
int bot_level(const std::string& name) {
  const auto& infos = bots::bot_infos();
  for (std::size_t i = 0; i < infos.size(); ++i)
    if (infos[i].name == name) return static_cast<int>(i) + 1;
  return 0;
}

// A bot seat's name at the table: a distinct given name per seat with the bot and its level,
// "Botan (efficiency, level 3)", so that three bots of one kind are told apart.
std::string bot_display_name(const std::string& bot, int seat) {
  static constexpr std::array<const char*, 4> kNames = {"Akane", "Botan", "Chidori", "Daichi"};
  return fmt::format("{} ({}, level {})", kNames[static_cast<std::size_t>(seat & 3)], bot,
                     bot_level(bot));
}

}  // namespace

std::string Server::new_id() {
  static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";  // 32 letters
  for (;;) {
    unsigned char raw[10];
    secure_random_bytes(raw, sizeof raw);
    std::string id;
    for (unsigned char c : raw) id += kAlphabet[c % 32];
    if (!table(id) && !store_->get(id)) return id;
  }
}

void Server::resume_tables() {
  for (const GameRow& row : store_->unfinished()) {
    if (row.source != "engine") continue;
    try {
      TableSpec spec;
      spec.id = row.id;
      spec.rules_spec = row.rules;
      spec.seed = std::stoull(row.seed);
      // Seats of the players that take part (three in a three-player game).
      for (int s = 0; s < 4 && s < static_cast<int>(row.seats.size()); ++s) {
        const json& j = row.seats.at(static_cast<size_t>(s));
        SeatConfig& c = spec.seats[static_cast<size_t>(s)];
        c.human = j.at("human").get<bool>();
        c.bot = j.at("bot").get<std::string>();
        c.name = j.at("name").get<std::string>();
        c.token = j.at("token").get<std::string>();
      }
      auto t = std::make_shared<Table>(impl_ioc(), store_.get(), options_.timing, spec, row.record);
      std::lock_guard lock(tables_mu_);
      tables_[row.id] = std::move(t);
      table_order_.push_back(row.id);
      ++resumed_;
    } catch (const std::exception& e) {
      fmt::print(stderr, "warning: stored game {} not resumed: {}\n", row.id, e.what());
    }
  }
}

// A review (a query with a player) costs about 2 s of CPU per player: counted per client address.
bool Server::review_allowed(const HttpRequest& request) {
  return request.target.find("player=") == std::string::npos ||
         review_limiter_.allow(request.client);
}

HttpAnswer Server::review_refused() const {
  return fail(429, fmt::format("at most {} reviews per minute from one address: try later",
                               options_.limits.reviews_per_minute));
}

HttpAnswer Server::handle_http(const HttpRequest& request) {
  const std::string& method = request.method;
  std::string error;
  const std::optional<std::string> path = decode_target_path(request.target, &error);
  if (!path) return fail(400, error);
  const std::string& target = *path;
  if (starts_with(target, "/api/")) {
    if (target == "/api/bots" && method == "GET") {
      json list = json::array();
      for (const bots::BotInfo& b : bots::bot_infos())
        list.push_back(
            json{{"name", b.name}, {"description", b.description}, {"level", bot_level(b.name)}});
      json presets = json::array();
      json preset_info = json::array();
      for (const Rules::PresetInfo& p : Rules::preset_infos()) {
        presets.push_back(p.name);
        preset_info.push_back(json{{"name", p.name},
                                   {"description", p.description},
                                   {"players", Rules::parse(p.name).players}});
      }
      return ok(json{{"bots", list},
                     {"presets", presets},
                     {"preset_info", preset_info},
                     {"default_bot", default_bot()},
                     {"chosen_seed", options_.allow_chosen_seed}});
    }
    if (target == "/api/tables") {
      if (method == "POST") return create_table(request);
      if (method == "GET") return list_tables();
      return fail(405, "use GET or POST on /api/tables");
    }
    if (starts_with(target, "/api/tables/") && method == "GET") {
      std::shared_ptr<Table> t = table(target.substr(12));
      if (!t) return fail(404, "no table '" + target.substr(12) + "'");
      return ok(t->summary());
    }
    if (target == "/api/practice" || starts_with(target, "/api/practice/"))
      return practice(method, request.target, request.body);
    if (target == "/api/games" && method == "GET") return list_games();
    if (target == "/api/stats") {
      if (method != "GET") return fail(405, "use GET on /api/stats?player=NAME");
      if (!review_allowed(request)) return review_refused();
      return stats_answer(*store_, options_.db, request.target);
    }
    if (target == "/api/review") {
      if (method != "POST") return fail(405, "use POST on /api/review with a game log body");
      if (!review_allowed(request)) return review_refused();
      return review_log(request.target, request.body);
    }
    if (starts_with(target, "/api/games/") && target.size() > 18 &&
        target.compare(target.size() - 7, 7, "/review") == 0 && method == "GET")
      return review_allowed(request)
                 ? review_stored(target.substr(11, target.size() - 18), request.target)
                 : review_refused();
    if (starts_with(target, "/api/games/") && target.size() > 18 &&
        target.compare(target.size() - 7, 7, "/replay") == 0 && method == "GET")
      return replay(target.substr(11, target.size() - 18));
    if (target == "/api/import") {
      if (method != "POST") return fail(405, "use POST on /api/import with an mjlog XML body");
      return import_mjlog(request);
    }
    return fail(404, "no API endpoint " + method + " " + target);
  }
  if (method != "GET" && method != "HEAD") return fail(405, "use GET for " + target);
  return static_file(target);
}

// A file of the web folder. Only plain relative paths of known file types, and only files whose
// real path (symbolic links resolved) is inside the web folder; never the database.
HttpAnswer Server::static_file(const std::string& target) {
  std::string rel;
  if (target == "/" || target == "/index.html" || target == "/replays" || target == "/practice" ||
      target == "/review" || starts_with(target, "/table/") || starts_with(target, "/replay/")) {
    rel = "index.html";
  } else if (starts_with(target, "/assets/") && target.size() > 8) {
    rel = target.substr(8);
  } else if (target == "/favicon.ico") {
    rel = "favicon.ico";
  } else {
    return fail(404, "no page at " + target);
  }
  std::string error;
  if (!safe_relative_path(rel, &error)) return fail(400, error);
  const fs::path relative(rel);
  if (content_type(relative).empty()) return fail(404, "no page at " + target);
  std::string content;
  for (const fs::path& p : {web_root_ / "dist" / relative, web_root_ / relative}) {
    std::error_code ec;
    const fs::path real = fs::canonical(p, ec);
    if (ec) continue;
    const auto [root_end, real_it] =
        std::mismatch(web_root_.begin(), web_root_.end(), real.begin(), real.end());
    (void)real_it;
    if (root_end != web_root_.end()) continue;  // a symbolic link out of the web folder
    if (std::find(db_files_.begin(), db_files_.end(), real) != db_files_.end()) continue;
    const std::string type = content_type(real);
    if (!type.empty() && read_file(real, content)) return HttpAnswer{200, type, std::move(content)};
  }
  return HttpAnswer{404, "text/plain; charset=utf-8",
                    fmt::format("not found: {} (looked in {}/dist and {}; build the page with "
                                "`make build` or pass --web-dir)",
                                rel, web_root_.string(), web_root_.string())};
}

HttpAnswer Server::create_table(const HttpRequest& request) {
  const std::string& body = request.body;
  const ServerLimits& limits = options_.limits;
  if (body.size() > limits.max_json_body)
    return fail(413, fmt::format("the body is {} bytes; a table request has at most {}",
                                 body.size(), limits.max_json_body));
  std::string error;
  const std::optional<json> parsed =
      body.empty() ? std::optional<json>(json::object()) : io::try_parse_json(body, &error);
  if (!parsed)
    return fail(400,
                "the body must be a JSON object like {\"rules\":\"ema2016\","
                "\"seats\":[...]}: " +
                    error);
  const json& in = *parsed;
  if (!in.is_object())
    return fail(400, "the body must be a JSON object like {\"rules\":\"ema2016\",\"seats\":[...]}");
  TableSpec spec;
  const json rules = in.value("rules", json("ema2016"));
  if (!rules.is_string()) return fail(400, "\"rules\" must be a preset name string");
  spec.rules_spec = rules.get<std::string>();
  const std::optional<Rules> table_rules = Rules::try_parse(spec.rules_spec, &error);
  if (!table_rules) return fail(400, "rules '" + spec.rules_spec + "': " + error);
  const int players = table_rules->players;  // four, or three (sanma)
  const std::string bot = default_bot();
  json seats = in.value("seats", players == 3 ? json::array({"human", bot, bot})
                                              : json::array({"human", bot, bot, bot}));
  if (!seats.is_array() || seats.size() != static_cast<std::size_t>(players))
    return fail(400, fmt::format("\"seats\" must be an array of {} entries (\"human\" or a bot "
                                 "name): rules '{}' seat {} players",
                                 players, spec.rules_spec, players));
  const json names = in.value("names", json());
  for (int s = 0; s < players; ++s) {
    const json& j = seats[static_cast<size_t>(s)];
    if (!j.is_string()) return fail(400, fmt::format("seats[{}] must be a string", s));
    const std::string v = j.get<std::string>();
    SeatConfig& c = spec.seats[static_cast<size_t>(s)];
    c.human = v == "human";
    if (!c.human) {
      if (!bots::is_bot_name(v))
        return fail(400, fmt::format("seats[{}]: unknown bot '{}' (known: human, {})", s, v,
                                     bots::bot_names()));
      c.bot = v;
      c.name = bot_display_name(v, s);
      if (names.is_array() && names.size() == seats.size() &&
          names[static_cast<size_t>(s)].is_string()) {
        const std::string name = display_name(names[static_cast<size_t>(s)].get<std::string>());
        if (!name.empty()) c.name = name;
      }
    }
  }
  const json seed = in.value("seed", json());
  if (seed.is_null()) {
    spec.seed = secure_random_u64();
  } else if (!options_.allow_chosen_seed) {
    return fail(403,
                "this server does not take a chosen seed (every wall of the game follows "
                "from it); its operator can allow it with --allow-chosen-seed");
  } else if (seed.is_number_unsigned()) {
    spec.seed = seed.get<std::uint64_t>();
  } else {
    return fail(400, "\"seed\" must be an unsigned integer");
  }
  {
    std::lock_guard lock(tables_mu_);
    int live = 0;
    for (const auto& [id, t] : tables_) live += !t->finished();
    if (live >= limits.max_live_tables)
      return fail(503,
                  fmt::format("the server has {} games in progress, its limit: try later", live));
  }
  if (!table_limiter_.allow(request.client))
    return fail(429, fmt::format("at most {} tables per minute from one address: try later",
                                 limits.tables_per_minute));
  spec.id = new_id();
  auto t = std::make_shared<Table>(impl_ioc(), store_.get(), options_.timing, spec);
  GameRow row;
  row.id = spec.id;
  row.source = "engine";
  row.rules = spec.rules_spec;
  row.seed = std::to_string(spec.seed);
  row.status = "playing";
  try {
    store_->insert(row);
  } catch (const StoreError& e) {
    return fail(503, std::string("the server cannot save a new game: ") + e.what());
  }
  {
    std::lock_guard lock(tables_mu_);
    tables_[spec.id] = t;
    table_order_.push_back(spec.id);
  }
  forget_finished_tables();
  t->start();
  // The seed stays secret until the game is over (its record, in the replay, holds it).
  return ok(json{{"id", spec.id}, {"link", "/table/" + spec.id}}, 201);
}

// Finished tables stay listed for a while; beyond kKeepFinished the oldest leave memory (their
// games stay in the database).
void Server::forget_finished_tables() {
  constexpr int kKeepFinished = 100;
  std::lock_guard lock(tables_mu_);
  int finished = 0;
  for (auto it = table_order_.rbegin(); it != table_order_.rend(); ++it) {
    const auto t = tables_.find(*it);
    if (t != tables_.end() && t->second->finished() && ++finished > kKeepFinished) tables_.erase(t);
  }
  std::erase_if(table_order_, [&](const std::string& id) { return !tables_.count(id); });
}

HttpAnswer Server::list_tables() {
  std::vector<std::shared_ptr<Table>> all;
  {
    std::lock_guard lock(tables_mu_);
    for (auto& [id, t] : tables_) all.push_back(t);
  }
  json list = json::array();
  for (auto& t : all) list.push_back(t->summary());
  return ok(json{{"tables", list}});
}

HttpAnswer Server::list_games() {
  json list = json::array();
  for (const GameRow& r : store_->finished()) {
    const json& f = r.final;
    list.push_back(json{{"id", r.id},
                        {"source", r.source},
                        {"rules", r.rules},
                        {"players", r.players},
                        {"final_scores", f.is_object() ? f.value("final_scores", json()) : json()},
                        {"ranks", f.is_object() ? f.value("ranks", json()) : json()},
                        {"points", f.is_object() ? f.value("points", json()) : json()},
                        {"hands", r.hands},
                        {"finished_at", r.finished_at}});
  }
  return ok(json{{"games", list}});
}

HttpAnswer Server::replay(const std::string& id) {
  const std::optional<GameRow> row = store_->get(id);
  if (!row) return fail(404, "no game '" + id + "'");
  // A game in progress keeps its concealed tiles, its wall and its seed hidden.
  if (row->status != "finished")
    return fail(409, "game " + id + " is in progress: its replay opens when it is over");
  try {
    std::string text =
        row->source == "tenhou"
            ? tenhou_replay(row->id, row->mjlog, options_.limits.max_import_hands).replay
            : engine_replay(*row);
    return HttpAnswer{200, "application/json", std::move(text)};
  } catch (const std::exception& e) {
    return fail(500, fmt::format("game {} cannot be replayed: {}", id, e.what()));
  }
}

HttpAnswer Server::import_mjlog(const HttpRequest& request) {
  const std::string& body = request.body;
  if (body.empty()) return fail(400, "the body must be a Tenhou mjlog XML document");
  if (!import_limiter_.allow(request.client))
    return fail(429, fmt::format("at most {} imports per minute from one address: try later",
                                 options_.limits.imports_per_minute));
  // The same log imported again opens the stored game (200, "existing": true).
  try {
    if (const std::optional<std::string> known = store_->find_import(body)) {
      const std::optional<GameRow> row = store_->get(*known);
      return ok(json{{"id", *known}, {"hands", row ? row->hands : 0}, {"existing", true}});
    }
  } catch (const StoreError& e) {
    return fail(503, std::string("the server cannot read its games: ") + e.what());
  }
  const std::string id = new_id();
  TenhouImport imp;
  try {
    imp = tenhou_replay(id, body, options_.limits.max_import_hands, false);
  } catch (const ImportTooLarge& e) {
    return fail(413, e.what());
  } catch (const std::exception& e) {
    return fail(400, std::string("not an importable Tenhou log: ") + e.what());
  }
  GameRow row;
  row.id = id;
  row.source = "tenhou";
  row.rules = imp.rules;
  row.players = imp.players;
  row.seats = json::array();
  row.mjlog = body;
  row.status = "finished";
  row.final = imp.final;
  row.hands = imp.hands;
  row.finished_at = Store::now_iso();
  try {
    store_->insert(row);
  } catch (const StoreError& e) {
    return fail(503, std::string("the server cannot save the log: ") + e.what());
  }
  return ok(json{{"id", id}, {"hands", imp.hands}, {"existing", false}}, 201);
}

}  // namespace riichi::server
