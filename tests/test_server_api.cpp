// The web table server's HTTP side (docs/web-protocol.md): tables, bad input, static files,
// finished games and their replays, Tenhou imports.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "io/log_reader.hpp"
#include "io/tenhou_mjlog.hpp"
#include "ws_client.hpp"

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

class ServerApi : public ::testing::Test {
 protected:
  void SetUp() override {
    web_ = fs::temp_directory_path() / ("riichi-web-test-" + std::to_string(::getpid()));
    fs::create_directories(web_ / "tiles");
    std::ofstream(web_ / "index.html") << "<!doctype html><title>riichi test page</title>";
    std::ofstream(web_ / "app.js") << "console.log('app');";
    std::ofstream(web_ / "tiles" / "5p.svg") << "<svg/>";
    server::ServerOptions o = test_server_options();
    o.web_dir = web_.string();
    server_ = std::make_unique<server::Server>(o);
    server_->start();
    port_ = server_->port();
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(web_);
  }
  HttpResult get(const std::string& target) { return http_request(port_, http::verb::get, target); }
  HttpResult post(const std::string& target, const std::string& body) {
    return http_request(port_, http::verb::post, target, body);
  }
  // Waits until the game `id` is finished (bots at delay 0).
  json wait_game(const std::string& id) {
    for (int i = 0; i < 600; ++i) {
      const json games = get("/api/games").j()["games"];
      for (const json& g : games)
        if (g["id"] == id) return g;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "game " << id << " did not finish";
    return {};
  }

  fs::path web_;
  std::unique_ptr<server::Server> server_;
  unsigned short port_ = 0;
};

TEST_F(ServerApi, CreatesAndListsTables) {
  const HttpResult r = post(
      "/api/tables", R"({"rules":"tenhou","seats":["human","greedy","random","human"],"seed":12})");
  ASSERT_EQ(r.status, 201u) << r.body;
  const std::string id = r.j()["id"];
  EXPECT_EQ(r.j()["link"], "/table/" + id);
  EXPECT_FALSE(r.j().contains("seed"));  // secret until the game is over
  const json tables = get("/api/tables").j()["tables"];
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0]["id"], id);
  EXPECT_EQ(tables[0]["rules"], "tenhou");
  EXPECT_EQ(tables[0]["status"], "waiting");  // two human seats are free
  EXPECT_EQ(tables[0]["seats"][0]["kind"], "human");
  EXPECT_EQ(tables[0]["seats"][1]["kind"], "bot");
  // A bot seat without a given name: the seat's name, the bot and its level (issue 17: three bots
  // of one kind are told apart); random is the first, weakest bot of the registry.
  EXPECT_EQ(tables[0]["seats"][2]["name"], "Chidori (random, level 1)");
  EXPECT_EQ(get("/api/tables/" + id).j()["id"], id);
  EXPECT_EQ(get("/api/tables/nosuchtable").status, 404u);
  const json bots = get("/api/bots").j();
  // Every preset, three-player ones included (issue 20), each with its seat count.
  json names = json::array();
  for (const Rules::PresetInfo& p : Rules::preset_infos()) names.push_back(p.name);
  EXPECT_EQ(bots["presets"], names);
  ASSERT_EQ(bots["preset_info"].size(), names.size());
  bool sanma = false;
  for (const json& p : bots["preset_info"]) {
    const std::optional<Rules> rules = Rules::try_parse(p["name"].get<std::string>());
    ASSERT_TRUE(rules) << p;
    EXPECT_FALSE(p["description"].get<std::string>().empty()) << p;
    EXPECT_EQ(p["players"], rules->players) << p;
    sanma = sanma || (p["name"] == "tenhou_sanma" && p["players"] == 3);
  }
  EXPECT_TRUE(sanma) << bots["preset_info"];
  EXPECT_EQ(bots["bots"].size(), bots::bot_infos().size());
}

TEST_F(ServerApi, RefusesBadTableRequestsWithAReason) {
  struct Case {
    const char* body;
    const char* reason;
  };
  const Case cases[] = {
      {"{bad json", "JSON object"},
      {"[1,2]", "JSON object"},
      {R"({"seats":["human","greedy","greedy"]})", "4 entries"},
      {R"({"seats":["human","nobot","greedy","greedy"]})", "unknown bot 'nobot'"},
      {R"({"seats":["human",3,"greedy","greedy"]})", "seats[1]"},
      {R"({"rules":"ema2099"})", "rules 'ema2099'"},
      {R"({"seed":-5})", "seed"},
      {R"({"seed":"x"})", "seed"},
  };
  for (const Case& c : cases) {
    const HttpResult r = post("/api/tables", c.body);
    EXPECT_EQ(r.status, 400u) << c.body;
    const json j = r.j();
    ASSERT_TRUE(j.contains("error")) << r.body;
    EXPECT_NE(j["error"].get<std::string>().find(c.reason), std::string::npos)
        << c.body << " -> " << j["error"];
  }
  EXPECT_EQ(get("/api/tables").j()["tables"].size(), 0u);
  EXPECT_EQ(get("/api/nothing").status, 404u);
  EXPECT_EQ(http_request(port_, http::verb::delete_, "/api/tables").status, 405u);
}

TEST_F(ServerApi, ServesThePageAndItsAssets) {
  for (const char* path : {"/", "/table/abc", "/replay/xyz", "/replays"}) {
    const HttpResult r = get(path);
    EXPECT_EQ(r.status, 200u) << path;
    EXPECT_NE(r.body.find("riichi test page"), std::string::npos) << path;
    EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
  }
  HttpResult js = get("/assets/app.js");
  EXPECT_EQ(js.status, 200u);
  EXPECT_EQ(js.content_type, "text/javascript; charset=utf-8");
  HttpResult svg = get("/assets/tiles/5p.svg");
  EXPECT_EQ(svg.status, 200u);
  EXPECT_EQ(svg.content_type, "image/svg+xml");
  EXPECT_EQ(get("/assets/missing.js").status, 404u);
  EXPECT_EQ(get("/assets/../secret").status, 400u);
  EXPECT_EQ(get("/nowhere").status, 404u);
}

TEST_F(ServerApi, FinishedBotGameIsListedAndReplaysFrameByFrame) {
  const std::uint64_t seed = 7;
  const HttpResult r =
      post("/api/tables", R"({"seats":["greedy","greedy","greedy","greedy"],"seed":7})");
  ASSERT_EQ(r.status, 201u) << r.body;
  const std::string id = r.j()["id"];
  const json game = wait_game(id);
  ASSERT_FALSE(game.is_null());
  // The same game played by the engine directly (bots seeded per seat from the game seed).
  auto bots = bots::make_bots({"greedy", "greedy", "greedy", "greedy"}, seed);
  const GameRecorder rec = bots::play_recorded(Rules::ema2016(), seed, bots::seats_of(bots));
  const FinalResult& f = rec.log().final;
  EXPECT_EQ(game["source"], "engine");
  EXPECT_EQ(game["final_scores"], json(f.final_scores));
  EXPECT_EQ(game["ranks"], json(f.ranks));
  EXPECT_EQ(game["hands"], rec.log().hands.size());
  const HttpResult rep = get("/api/games/" + id + "/replay");
  ASSERT_EQ(rep.status, 200u) << rep.body.substr(0, 300);
  const json replay = rep.j();
  ASSERT_EQ(replay["hands"].size(), rec.log().hands.size());
  for (std::size_t h = 0; h < rec.log().hands.size(); ++h) {
    const HandLog& hand = rec.log().hands[h];
    const json& rh = replay["hands"][h];
    EXPECT_EQ(rh["name"], hand.name);
    // The deal, then one frame per action.
    ASSERT_EQ(rh["frames"].size(), static_cast<std::size_t>(hand.num_actions() + 1)) << hand.name;
    EXPECT_TRUE(rh["frames"][0]["action"].is_null());
    EXPECT_EQ(rh["frames"][0]["hands"][static_cast<std::size_t>(hand.setup.dealer)].size(), 13u);
    const json& last = rh["frames"].back();
    EXPECT_EQ(last["phase"], "over");
    EXPECT_EQ(rh["result"]["deltas"], json(hand.result.deltas));
    EXPECT_EQ(rh["result"]["wins"].size(), hand.result.wins.size());
  }
  EXPECT_EQ(replay["final"]["final_scores"], json(f.final_scores));
  EXPECT_EQ(replay["seed"], "7");  // revealed with the finished game
  EXPECT_EQ(get("/api/games/nosuchgame/replay").status, 404u);
}

TEST_F(ServerApi, ImportsATenhouLogAndReplaysIt) {
  const fs::path dir = RIICHI_MJLOG_DIR;
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no Tenhou logs in " << dir;
  const fs::path file = dir / "2010081709gm-00a9-0000-fe3371ad.mjlog";
  if (!fs::is_regular_file(file)) GTEST_SKIP() << "missing " << file;
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const io::MjlogGame log = io::parse_mjlog(ss.str());
  const HttpResult r = post("/api/import", ss.str());
  ASSERT_EQ(r.status, 201u) << r.body;
  const std::string id = r.j()["id"];
  EXPECT_EQ(r.j()["hands"], log.rounds.size());
  const json games = get("/api/games").j()["games"];
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["source"], "tenhou");
  EXPECT_EQ(games[0]["hands"], log.rounds.size());
  // The log's final points, its first dealer as engine seat 0.
  json points = json::array();
  for (int s = 0; s < 4; ++s)
    points.push_back(log.final_scores[static_cast<std::size_t>((s + log.first_dealer) % 4)]);
  EXPECT_EQ(games[0]["points"], points);
  const json replay = get("/api/games/" + id + "/replay").j();
  ASSERT_EQ(replay["hands"].size(), log.rounds.size());
  for (const json& h : replay["hands"]) {
    EXPECT_GE(h["frames"].size(), 2u);
    EXPECT_EQ(h["frames"].back()["phase"], "over");
    EXPECT_FALSE(h["result"].is_null());
  }
  // Garbage is refused with a reason.
  const HttpResult bad = post("/api/import", "<mjloggm ver=\"2.3\"><INIT broken");
  EXPECT_EQ(bad.status, 400u);
  EXPECT_NE(bad.j()["error"].get<std::string>().find("not an importable Tenhou log"),
            std::string::npos);
  EXPECT_EQ(post("/api/import", "").status, 400u);
  // The same log again opens the stored game: no second past game (issue 17).
  const HttpResult again = post("/api/import", ss.str());
  ASSERT_EQ(again.status, 200u) << again.body;
  EXPECT_EQ(again.j()["id"], id);
  EXPECT_TRUE(again.j()["existing"].get<bool>());
  EXPECT_EQ(get("/api/games").j()["games"].size(), 1u);
  // One byte more is another log: no match, a new game.
  const HttpResult other = post("/api/import", ss.str() + "\n");
  EXPECT_EQ(other.status, 201u) << other.body;
  EXPECT_NE(other.j()["id"], id);
  // The replay goes gzipped to a client that takes it: the same JSON, well under 1 MB.
  const HttpResult plain = get("/api/games/" + id + "/replay");
  const HttpResult zipped = http_request(port_, http::verb::get, "/api/games/" + id + "/replay", {},
                                         {{"Accept-Encoding", "gzip, deflate"}});
  ASSERT_EQ(zipped.status, 200u);
  ASSERT_TRUE(io::is_gzip(zipped.body));
  EXPECT_EQ(io::gunzip(zipped.body, "replay"), plain.body);
  EXPECT_LT(zipped.body.size(), 1000000u) << "plain " << plain.body.size();
  EXPECT_LT(zipped.body.size() * 5, plain.body.size());
  const HttpResult refused_gz = http_request(port_, http::verb::get, "/api/games/" + id + "/replay",
                                             {}, {{"Accept-Encoding", "gzip;q=0, br"}});
  EXPECT_EQ(refused_gz.body, plain.body);
}

// The import reads any Tenhou log by content with the rules it says (io/log_reader.hpp): a
// tenhou.net/6 JSON log is imported (three-player logs: test_server_sanma.cpp).
TEST_F(ServerApi, ImportsTenhou6Json) {
  const fs::path data = fs::path(RIICHI_MJLOG_DIR).parent_path();
  const fs::path t6 = data / "tenhou6" / "ranked_game.json";
  if (!fs::is_regular_file(t6)) GTEST_SKIP() << "missing " << t6;
  auto slurp = [](const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  const HttpResult r = post("/api/import", slurp(t6));
  ASSERT_EQ(r.status, 201u) << r.body;
  EXPECT_EQ(r.j()["hands"], 3);
}

}  // namespace
}  // namespace riichi::testing
