// The HTTP side of the web table server: the JSON API of docs/web-protocol.md and the page's
// static files.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "bots/registry.hpp"
#include "io/log_reader.hpp"
#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"
#include "riichi/game.hpp"
#include "riichi/record_text.hpp"
#include "server.hpp"
#include "store.hpp"
#include "table_json.hpp"

namespace riichi::server {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

HttpAnswer ok(const json& j, unsigned status = 200) {
  return HttpAnswer{status, "application/json", j.dump()};
}

HttpAnswer fail(unsigned status, const std::string& reason) {
  return HttpAnswer{status, "application/json", json{{"error", reason}}.dump()};
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
  return "application/octet-stream";
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

std::string default_bot() { return "strong"; }

// Replays a finished engine game (or one in progress: its finished hands) from its record.
json engine_replay(const GameRow& row) {
  const GameRecord record = record_from_text(row.record);
  GameRecorder rec(record.rules, record.seed, record.players);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const ApplyResult r = rec.apply(record.actions[i], record.mode(i));
    if (!r.ok)
      throw std::runtime_error(
          fmt::format("stored record of {}: action {} refused: {}", row.id, i, r.reason));
  }
  std::array<std::string, 4> players;
  for (int s = 0; s < 4 && s < static_cast<int>(row.players.size()); ++s)
    players[static_cast<size_t>(s)] = row.players[static_cast<size_t>(s)].get<std::string>();
  return json{{"id", row.id},
              {"source", "engine"},
              {"rules", row.rules},
              {"players", players},
              {"hands", replay_hands_json(rec.record(), rec.log())},
              {"final", final_json(rec.log(), players)}};
}

struct TenhouImport {
  json replay;
  json players;
  json final;
  int hands = 0;
};

// Replays a Tenhou log through the engine hand by hand. Throws std::runtime_error naming the
// hand when the engine refuses one of the log's moves.
TenhouImport tenhou_replay(const std::string& id, const std::string& xml) {
  // Any Tenhou log by content (mjlog XML, gzipped, tenhou.net/6 JSON) with the rules it says;
  // a lobby the engine does not play throws io::UnsupportedGame naming it.
  std::vector<io::LogGame> logs = io::parse_log(xml, "import");
  if (logs.size() != 1 || !logs.front().tenhou)
    throw std::invalid_argument("not a Tenhou log (mjlog XML or tenhou.net/6 JSON)");
  const io::MjlogGame game = std::move(*logs.front().tenhou);
  if (game.rounds.empty()) throw std::invalid_argument("the log has no hand (no INIT element)");
  const Rules rules = logs.front().rules;
  const io::GameReplay replayed = io::replay_mjlog(game, rules);
  const int fd = game.first_dealer;
  TenhouImport out;
  out.players = json::array();
  std::array<std::string, 4> names;
  for (int s = 0; s < 4; ++s) {
    names[static_cast<size_t>(s)] = game.names[static_cast<size_t>((s + fd) % 4)];
    out.players.push_back(names[static_cast<size_t>(s)]);
  }
  json hands = json::array();
  for (std::size_t k = 0; k < replayed.hands.size() && k < game.rounds.size(); ++k) {
    const io::HandReplay& h = replayed.hands[k];
    const io::ConvertedRound conv = io::convert_round(game.rounds[k], fd);
    ReplayedHand r = replay_hand(rules, conv.setup, conv.wall, h.actions);
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
    hands.push_back(json{{"name", h.name},
                         {"honba", conv.setup.honba},
                         {"dealer", conv.setup.dealer},
                         {"frames", std::move(r.frames)},
                         {"result", std::move(result)}});
  }
  out.hands = static_cast<int>(hands.size());
  if (game.has_owari) {
    std::array<int, 4> points{}, results{};
    for (int s = 0; s < 4; ++s) {
      const auto log_seat = static_cast<size_t>((s + fd) % 4);
      points[static_cast<size_t>(s)] = game.final_scores[log_seat];
      const double v = game.final_results[log_seat] * 1000;
      results[static_cast<size_t>(s)] = static_cast<int>(v + (v < 0 ? -0.5 : 0.5));
    }
    out.final = json{{"reason", "owari"},
                     {"points", points},
                     {"ranks", ranks(points, false)},
                     {"uma", nullptr},
                     {"penalties", nullptr},
                     {"final_scores", results},
                     {"leftover_sticks", nullptr},
                     {"players", names},
                     {"hands", out.hands}};
  }
  out.replay = json{{"id", id},         {"source", "tenhou"},        {"rules", "tenhou"},
                    {"players", names}, {"hands", std::move(hands)}, {"final", out.final}};
  return out;
}

}  // namespace

std::string Server::new_id() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
  for (;;) {
    std::string id;
    for (int i = 0; i < 10; ++i) id += kAlphabet[rng() % (sizeof kAlphabet - 1)];
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
      for (int s = 0; s < 4; ++s) {
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
      ++resumed_;
    } catch (const std::exception& e) {
      fmt::print(stderr, "warning: stored game {} not resumed: {}\n", row.id, e.what());
    }
  }
}

HttpAnswer Server::handle_http(const std::string& method, const std::string& raw_target,
                               const std::string& body) {
  const std::string target = raw_target.substr(0, raw_target.find('?'));
  if (starts_with(target, "/api/")) {
    if (target == "/api/bots" && method == "GET") {
      json list = json::array();
      for (const bots::BotInfo& b : bots::bot_infos())
        list.push_back(json{{"name", b.name}, {"description", b.description}});
      return ok(json{{"bots", list},
                     {"presets", {"ema2016", "ema2008", "tenhou"}},
                     {"default_bot", default_bot()}});
    }
    if (target == "/api/tables") {
      if (method == "POST") return create_table(body);
      if (method == "GET") return list_tables();
      return fail(405, "use GET or POST on /api/tables");
    }
    if (starts_with(target, "/api/tables/") && method == "GET") {
      std::shared_ptr<Table> t = table(target.substr(12));
      if (!t) return fail(404, "no table '" + target.substr(12) + "'");
      return ok(t->summary());
    }
    if (target == "/api/games" && method == "GET") return list_games();
    if (starts_with(target, "/api/games/") && target.size() > 18 &&
        target.compare(target.size() - 7, 7, "/replay") == 0 && method == "GET")
      return replay(target.substr(11, target.size() - 18));
    if (target == "/api/import") {
      if (method != "POST") return fail(405, "use POST on /api/import with an mjlog XML body");
      return import_mjlog(body);
    }
    return fail(404, "no API endpoint " + method + " " + target);
  }
  if (method != "GET" && method != "HEAD") return fail(405, "use GET for " + target);
  return static_file(target);
}

HttpAnswer Server::static_file(const std::string& target) {
  if (target.find("..") != std::string::npos) return fail(400, "'..' is not allowed in a path");
  fs::path rel;
  if (target == "/" || target == "/index.html" || target == "/replays" ||
      starts_with(target, "/table/") || starts_with(target, "/replay/")) {
    rel = "index.html";
  } else if (starts_with(target, "/assets/") && target.size() > 8) {
    rel = target.substr(8);
  } else if (target == "/favicon.ico") {
    rel = "favicon.ico";
  } else {
    return fail(404, "no page at " + target);
  }
  const fs::path web = options_.web_dir;
  std::string content;
  for (const fs::path& p : {web / "dist" / rel, web / rel})
    if (read_file(p, content)) return HttpAnswer{200, content_type(p), std::move(content)};
  return HttpAnswer{404, "text/plain; charset=utf-8",
                    fmt::format("not found: {} (looked in {}/dist and {}; build the page with "
                                "`make build` or pass --web-dir)",
                                rel.string(), web.string(), web.string())};
}

HttpAnswer Server::create_table(const std::string& body) {
  const json in = body.empty() ? json::object() : json::parse(body, nullptr, false);
  if (in.is_discarded() || !in.is_object())
    return fail(400, "the body must be a JSON object like {\"rules\":\"ema2016\",\"seats\":[...]}");
  TableSpec spec;
  const json rules = in.value("rules", json("ema2016"));
  if (!rules.is_string()) return fail(400, "\"rules\" must be a preset name string");
  spec.rules_spec = rules.get<std::string>();
  std::string error;
  if (!Rules::try_parse(spec.rules_spec, &error))
    return fail(400, "rules '" + spec.rules_spec + "': " + error);
  const std::string bot = default_bot();
  json seats = in.value("seats", json::array({"human", bot, bot, bot}));
  if (!seats.is_array() || seats.size() != 4)
    return fail(400, "\"seats\" must be an array of 4 entries (\"human\" or a bot name)");
  const json names = in.value("names", json());
  for (int s = 0; s < 4; ++s) {
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
      c.name = v;
      if (names.is_array() && names.size() == 4 && names[static_cast<size_t>(s)].is_string())
        c.name = names[static_cast<size_t>(s)].get<std::string>().substr(0, 40);
    }
  }
  const json seed = in.value("seed", json());
  if (seed.is_null()) {
    spec.seed = std::random_device{}() * 0x100000000ull + std::random_device{}();
  } else if (seed.is_number_unsigned()) {
    spec.seed = seed.get<std::uint64_t>();
  } else {
    return fail(400, "\"seed\" must be an unsigned integer");
  }
  spec.id = new_id();
  auto t = std::make_shared<Table>(impl_ioc(), store_.get(), options_.timing, spec);
  GameRow row;
  row.id = spec.id;
  row.source = "engine";
  row.rules = spec.rules_spec;
  row.seed = std::to_string(spec.seed);
  row.status = "playing";
  store_->insert(row);
  {
    std::lock_guard lock(tables_mu_);
    tables_[spec.id] = t;
  }
  t->start();
  return ok(json{{"id", spec.id}, {"link", "/table/" + spec.id}, {"seed", spec.seed}}, 201);
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
  try {
    if (row->source == "tenhou") return ok(tenhou_replay(row->id, row->mjlog).replay);
    return ok(engine_replay(*row));
  } catch (const std::exception& e) {
    return fail(500, fmt::format("game {} cannot be replayed: {}", id, e.what()));
  }
}

HttpAnswer Server::import_mjlog(const std::string& body) {
  if (body.empty()) return fail(400, "the body must be a Tenhou mjlog XML document");
  const std::string id = new_id();
  TenhouImport imp;
  try {
    imp = tenhou_replay(id, body);
  } catch (const std::exception& e) {
    return fail(400, std::string("not an importable Tenhou log: ") + e.what());
  }
  GameRow row;
  row.id = id;
  row.source = "tenhou";
  row.rules = "tenhou";
  row.players = imp.players;
  row.seats = json::array();
  row.mjlog = body;
  row.status = "finished";
  row.final = imp.final;
  row.hands = imp.hands;
  row.finished_at = Store::now_iso();
  store_->insert(row);
  return ok(json{{"id", id}, {"hands", imp.hands}}, 201);
}

}  // namespace riichi::server
