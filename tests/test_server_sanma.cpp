// Three-player tables at the web server (issue 20, docs/web-protocol.md): a sanma table seats
// three, plays a hand to its end over WebSocket with a kita, never offers chi nor a tile of
// 2m-8m, refuses a fourth seat and a chi request with a reason, and a real three-player Tenhou
// log is imported and replayed with the final results the log gives.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/game.hpp"
#include "ws_client.hpp"

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

bool holds_north(const std::vector<std::uint8_t>& ids) {
  return std::any_of(ids.begin(), ids.end(), [](int id) { return id / 4 == kNorth; });
}

// The first seed whose first East hand (seat 0 deals) holds a North: East may kita at once.
std::uint64_t seed_with_north_for_east() {
  const Rules rules = Rules::parse("tenhou_sanma");
  for (std::uint64_t seed = 1;; ++seed)
    if (holds_north(Game(rules, seed).round().concealed_ids(0))) return seed;
}

TEST(ServerSanma, AThreeSeatTablePlaysAHandWithAKitaToItsEnd) {
  server::Server srv(test_server_options());
  srv.start();
  const std::uint64_t seed = seed_with_north_for_east();
  const std::string id = create_table(
      srv.port(), fmt::format(R"({{"rules":"tenhou_sanma","seats":["human","greedy","greedy"],
                                 "seed":{}}})",
                              seed));
  const json summary = http_request(srv.port(), http::verb::get, "/api/tables/" + id).j();
  EXPECT_EQ(summary["seats"].size(), 3u);
  WsClient c(srv.port());
  ASSERT_EQ(join(c, id)["seat"], 0);
  c.send({{"type", "analysis"}, {"enabled", true}});
  json s = c.recv_type("state", [](const json& m) { return !m["analysis"].is_null(); });
  // The analysis counts no 2m-8m: no such effective tile, and each total is the sum of the
  // tiles it lists.
  ASSERT_FALSE(s["analysis"]["discards"].empty());
  for (const json& d : s["analysis"]["discards"]) {
    int sum = 0;
    for (const json& w : d["waits"]) {
      const int kind = w["tile"]["id"].get<int>() / 4;
      EXPECT_FALSE(kind >= 1 && kind <= 7) << w;
      sum += w["remaining"].get<int>();
    }
    EXPECT_EQ(d["ukeire"], sum) << d;
  }
  const json& game = s["game"];
  EXPECT_EQ(game["num_players"], 3);
  EXPECT_EQ(game["players"].size(), 3u);
  EXPECT_EQ(game["scores"], json({35000, 35000, 35000}));  // Tenhou sanma starts at 35,000
  EXPECT_EQ(game["seat_winds"], json({0, 1, 2}));
  // 108 tiles: 14 in the dead wall, 3 x 13 dealt, East's first draw.
  EXPECT_EQ(s["observation"]["tiles_left"], 108 - 14 - 39 - 1);
  EXPECT_EQ(s["observation"]["concealed_count"], json({14, 13, 13, 0}));
  // East holds a North: the kita is offered, and played over the protocol by its type.
  const int kita = legal_index(s, "kita");
  ASSERT_GE(kita, 0) << s["legal"];
  const auto version = s["version"].get<std::uint64_t>();
  c.send({{"type", "action"}, {"version", version}, {"index", kita}, {"action", "kita"}});
  s = c.recv_type("state", [&](const json& m) { return m["version"] > version; });
  EXPECT_EQ(s["observation"]["kita"][0], 1);
  EXPECT_EQ(s["last"]["action"].get<std::string>().rfind("kita 4z", 0), 0u) << s["last"];
  // The replacement draw: East holds 14 tiles again (13 + the drawn one), one live tile fewer.
  EXPECT_EQ(s["observation"]["concealed"].size() + 1, 14u);
  EXPECT_FALSE(s["observation"]["drawn"].is_null());
  EXPECT_EQ(s["observation"]["tiles_left"], 108 - 14 - 39 - 1 - 1);
  // Play on (kita again when offered, else tsumogiri; pass every call) to the hand's end.
  std::set<int> ids;
  json end;
  std::optional<json> next = s;  // the state after the kita: East discards first
  for (int guard = 0; guard < 2000 && end.is_null(); ++guard) {
    json m = next ? *next : c.recv(std::chrono::seconds(20));
    next.reset();
    if (m["type"] == "error") ADD_FAILURE() << m;
    if (m.contains("analysis") && m["analysis"].is_object()) m["analysis"].erase("helper");
    collect_ids(m, ids);
    if (m["type"] == "hand_end") end = m;
    if (m["type"] != "state" || m["legal"].empty()) continue;
    for (const json& a : m["legal"]) EXPECT_NE(a["type"], "chi") << "no chi in sanma";
    int pick = legal_index(m, "kita");
    if (pick < 0) pick = legal_index(m, "pass");
    if (pick < 0) {
      for (std::size_t i = 0; i < m["legal"].size(); ++i)
        if (m["legal"][i]["type"] == "discard" && m["legal"][i]["tsumogiri"] == true)
          pick = static_cast<int>(i);
    }
    if (pick < 0) pick = legal_index(m, "discard");
    if (pick < 0) pick = 0;
    c.send({{"type", "action"}, {"version", m["version"]}, {"index", pick}});
  }
  ASSERT_FALSE(end.is_null()) << "the hand did not end";
  // Results for three seats: every change adds to the scores, and riichi sticks aside, what
  // one seat wins the others pay.
  ASSERT_EQ(end["deltas"].size(), 3u);
  ASSERT_EQ(end["scores"].size(), 3u);
  for (int seat = 0; seat < 3; ++seat)
    EXPECT_EQ(end["scores"][seat].get<int>(), 35000 + end["deltas"][seat].get<int>());
  for (const json& w : end["wins"]) EXPECT_EQ(w["payments"]["deltas"].size(), 3u) << w;
  // No tile of 2m-8m (ids 4..31) anywhere: they are out of the game.
  for (int id : ids) EXPECT_FALSE(id >= 4 && id < 32) << "tile id " << id;
}

TEST(ServerSanma, RefusesAFourthSeatAndAChiRequestWithAReason) {
  server::Server srv(test_server_options());
  srv.start();
  const unsigned short port = srv.port();
  const HttpResult four =
      http_request(port, http::verb::post, "/api/tables",
                   R"({"rules":"tenhou_sanma","seats":["human","greedy","greedy","greedy"]})");
  EXPECT_EQ(four.status, 400u);
  EXPECT_NE(four.body.find("array of 3 entries"), std::string::npos) << four.body;
  const std::string id =
      create_table(port, R"({"rules":"tenhou_sanma","seats":["human","human","greedy"],"seed":3})");
  WsClient a(port), late(port);
  // Seat 3 is no seat of a three-player table.
  late.send({{"type", "join"}, {"table", id}, {"name", "late"}, {"seat", 3}});
  EXPECT_NE(late.recv_type("error")["reason"].get<std::string>().find("seats 3 (0..2)"),
            std::string::npos);
  ASSERT_EQ(join(a, id)["seat"], 0);
  const json s = a.recv_type("state");
  const auto version = s["version"].get<std::uint64_t>();
  // A chi asked for by its type: the rules have none.
  a.send({{"type", "action"}, {"version", version}, {"index", 0}, {"action", "chi"}});
  const std::string chi = a.recv_type("error")["reason"];
  EXPECT_NE(chi.find("chi is not played under rules 'tenhou_sanma'"), std::string::npos) << chi;
  // A named type that is not the action at the index, and an unknown one.
  const int discard = legal_index(s, "discard");
  ASSERT_GE(discard, 0);
  a.send({{"type", "action"}, {"version", version}, {"index", discard}, {"action", "pon"}});
  EXPECT_NE(a.recv_type("error")["reason"].get<std::string>().find("is a discard, not the pon"),
            std::string::npos);
  a.send({{"type", "action"}, {"version", version}, {"index", discard}, {"action", "dance"}});
  EXPECT_NE(a.recv_type("error")["reason"].get<std::string>().find("unknown action type"),
            std::string::npos);
  a.send({{"type", "action"}, {"version", version}, {"index", discard}, {"action", 7}});
  EXPECT_NE(a.recv_type("error")["reason"].get<std::string>().find("action type name"),
            std::string::npos);
  // Kita in a four-player game is named as such.
  const std::string id4 =
      create_table(port, R"({"rules":"tenhou","seats":["human","greedy","greedy","greedy"]})");
  WsClient b(port);
  ASSERT_EQ(join(b, id4)["seat"], 0);
  const json s4 = b.recv_type("state");
  b.send({{"type", "action"}, {"version", s4["version"]}, {"index", 0}, {"action", "kita"}});
  EXPECT_NE(b.recv_type("error")["reason"].get<std::string>().find("no kita"), std::string::npos);
}

TEST(ServerSanma, AGameOfThreeBotsEndsWithRanksOneToThreeAndItsReplay) {
  server::ServerOptions o = test_server_options();
  o.timing.bot_delay_ms = 1;
  server::Server srv(o);
  srv.start();
  const std::string id = create_table(
      srv.port(), R"({"rules":"tenhou_sanma,east_only=true","seats":["greedy","greedy","greedy"],
                      "seed":11})");
  WsClient c(srv.port());
  EXPECT_EQ(join(c, id, {{"watch", true}})["seat"], -1);
  const json end = c.recv_type("game_end", nullptr, std::chrono::seconds(120));
  ASSERT_TRUE(end.contains("final"));
  const json& f = end["final"];
  ASSERT_EQ(f["ranks"].size(), 3u);
  std::vector<int> ranks = f["ranks"].get<std::vector<int>>();
  std::sort(ranks.begin(), ranks.end());
  EXPECT_EQ(ranks, (std::vector<int>{1, 2, 3}));
  // Points: three times the 35,000 start (leftover sticks go to first); final scores add to 0
  // (uma 20/0/-20 and the oka of 3 x 5,000 to first).
  const auto points = f["points"].get<std::vector<int>>();
  EXPECT_EQ(std::accumulate(points.begin(), points.end(), 0), 105000);
  const auto finals = f["final_scores"].get<std::vector<int>>();
  EXPECT_EQ(std::accumulate(finals.begin(), finals.end(), 0), 0);
  for (int s = 0; s < 3; ++s) {
    const int r = f["ranks"][s];
    const int uma = f["uma"][s];
    EXPECT_EQ(uma, r == 1 ? 20000 + 15000 : r == 2 ? 0 : -20000) << "seat " << s;
  }
  // The replay of the finished game: three players, every hand with its frames.
  HttpResult r = http_request(srv.port(), http::verb::get, "/api/games/" + id + "/replay");
  for (int i = 0; i < 50 && r.status == 409; ++i) {  // the game is saved as finished
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    r = http_request(srv.port(), http::verb::get, "/api/games/" + id + "/replay");
  }
  ASSERT_EQ(r.status, 200u) << r.body;
  const json replay = r.j();
  EXPECT_EQ(replay["num_players"], 3);
  EXPECT_EQ(replay["players"].size(), 3u);
  ASSERT_FALSE(replay["hands"].empty());
  EXPECT_EQ(replay["hands"][0]["frames"][0]["tiles_left"], 108 - 14 - 39 - 1);
  ASSERT_TRUE(replay["final"].is_object()) << "the stored record ends before the game";
  EXPECT_EQ(replay["final"]["final_scores"], f["final_scores"]);
}

// A real Tenhou three-player game (houou, 2020): imported with its lobby's rules and replayed;
// the final results are those of the log's owari: 48,700 (+43.0), 27,600 (-32.0), 28,700
// (-11.0) for its seats 0..2, East first.
TEST(ServerSanma, ImportsAndReplaysARealTenhouSanmaLog) {
  const fs::path log =
      fs::path(RIICHI_SHARED_DATA_DIR) / "tenhou-sanma" / "2020010100gm-00b9-0000-18a1410f.txt.xml";
  if (!fs::is_regular_file(log)) GTEST_SKIP() << "missing " << log;
  std::ifstream in(log, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  server::Server srv(test_server_options());
  srv.start();
  const HttpResult imp = http_request(srv.port(), http::verb::post, "/api/import", ss.str());
  ASSERT_EQ(imp.status, 201u) << imp.body;
  EXPECT_EQ(imp.j()["hands"], 9);
  const std::string id = imp.j()["id"];
  const HttpResult r = http_request(srv.port(), http::verb::get, "/api/games/" + id + "/replay");
  ASSERT_EQ(r.status, 200u) << r.body;
  const json replay = r.j();
  EXPECT_EQ(replay["rules"], "tenhou_sanma");
  EXPECT_EQ(replay["num_players"], 3);
  EXPECT_EQ(replay["players"].size(), 3u);
  EXPECT_EQ(replay["final"]["points"], json({48700, 27600, 28700}));
  EXPECT_EQ(replay["final"]["final_scores"], json({43000, -32000, -11000}));
  EXPECT_EQ(replay["final"]["ranks"], json({1, 3, 2}));
  int kita = 0;
  for (const json& h : replay["hands"]) {
    ASSERT_EQ(h["result"]["deltas"].size(), 3u);
    for (const json& k : h["frames"].back()["kita"]) kita += k.get<int>();
  }
  EXPECT_GT(kita, 0) << "the log's North tiles set aside";
  const json games = http_request(srv.port(), http::verb::get, "/api/games").j();
  EXPECT_EQ(games["games"][0]["rules"], "tenhou_sanma");
}

}  // namespace
}  // namespace riichi::testing
