// Hidden information at the web table (issue 21, docs/security.md): a whole game with two human
// clients, two bots and a spectator. Every message to each of them is checked against the game
// as its replay shows it once over: a seat sees its own tiles and the public ones, nothing else
// (no other hand, no wall, no seed); nobody but the passer learns of a pass (neither as `last`,
// nor by a version step, nor by `to_play` in a claim window).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "ws_client.hpp"

namespace riichi::testing {
namespace {

constexpr int kSpectator = 4;

// Every tile id in a message (tile objects {id, name}), the learner's analysis left out.
void collect_ids_but_analysis(const json& j, std::set<int>& out) {
  if (j.is_object()) {
    if (j.contains("id") && j.contains("name") && j["id"].is_number_integer())
      out.insert(j["id"].get<int>());
    for (const auto& [k, v] : j.items())
      if (k != "analysis") collect_ids_but_analysis(v, out);
  } else if (j.is_array()) {
    for (const json& v : j) collect_ids_but_analysis(v, out);
  }
}

std::vector<int> ids(const json& tiles) {
  std::vector<int> out;
  for (const json& t : tiles)
    if (t.is_object()) out.push_back(t["id"].get<int>());
  std::sort(out.begin(), out.end());
  return out;
}

// The tiles `viewer` may see in a replay frame: its own hand (none for a spectator), every
// discard and meld, the dora indicators.
std::set<int> visible_in(const json& frame, int viewer) {
  std::set<int> out;
  if (viewer < 4) {
    collect_ids_but_analysis(frame["hands"][viewer], out);
    collect_ids_but_analysis(frame["drawn"][viewer], out);
  }
  collect_ids_but_analysis(frame["discards"], out);
  collect_ids_but_analysis(frame["melds"], out);
  collect_ids_but_analysis(frame["dora_indicators"], out);
  return out;
}

// A state message agrees with a replay frame: the same own hand, the same public tiles, and no
// tile the viewer may not see.
bool state_matches(const json& state, const json& frame, int viewer) {
  const json& o = state["observation"];
  if (viewer < 4) {
    if (ids(o["concealed"]) != ids(frame["hands"][viewer])) return false;
    if (o["drawn"] != frame["drawn"][viewer]) return false;
  }
  if (o["discards"] != frame["discards"] || o["melds"] != frame["melds"]) return false;
  if (o["dora_indicators"] != frame["dora_indicators"]) return false;
  std::set<int> in_message;
  collect_ids_but_analysis(state, in_message);
  const std::set<int> allowed = visible_in(frame, viewer);
  for (int id : in_message)
    if (!allowed.count(id)) return false;
  return true;
}

struct Viewer {
  std::unique_ptr<WsClient> ws;
  int seat = -1;  // kSpectator for the spectator
  std::vector<json> messages;
  std::string acted_on;
  bool over = false;
};

TEST(ServerHidden, TwoPlayersAndASpectatorSeeNothingTheRulesHide) {
  server::Server srv(test_server_options());
  srv.start();
  const HttpResult created = http_request(
      srv.port(), http::verb::post, "/api/tables",
      R"({"rules":"ema2016,east_only=true","seats":["human","human","greedy","greedy"],"seed":77})");
  ASSERT_EQ(created.status, 201u) << created.body;
  EXPECT_EQ(created.body.find("seed"), std::string::npos);
  const std::string id = created.j()["id"];
  std::vector<Viewer> viewers(3);
  for (int v = 0; v < 3; ++v) {
    viewers[static_cast<size_t>(v)].ws = std::make_unique<WsClient>(srv.port());
    json join = {{"type", "join"}, {"table", id}, {"name", "P" + std::to_string(v)}};
    if (v == 2) join["watch"] = true;
    viewers[static_cast<size_t>(v)].ws->send(join);
    // The seat comes with `joined` (the two players' joins may race): the spectator's stays.
    viewers[static_cast<size_t>(v)].seat = kSpectator;
  }
  std::mt19937 rng(5);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (!(viewers[0].over && viewers[1].over && viewers[2].over)) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the game did not end in time";
    for (Viewer& v : viewers) {
      while (std::optional<json> m = v.ws->try_recv(std::chrono::milliseconds(2))) {
        v.messages.push_back(*m);
        if ((*m)["type"] == "game_end") v.over = true;
        if ((*m)["type"] == "joined" && (*m)["seat"] >= 0) v.seat = (*m)["seat"];
        if ((*m)["type"] != "state" || v.seat == kSpectator) continue;
        const json& legal = (*m)["legal"];
        const std::string key = (*m)["version"].dump() + legal.dump();
        if (legal.empty() || key == v.acted_on) continue;
        v.acted_on = key;
        // Calls now and then, so that claim windows and passes of both humans happen.
        std::size_t pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
        for (std::size_t i = 0; i < legal.size(); ++i)
          if (legal[i]["type"] == "tsumo" || legal[i]["type"] == "ron") pick = i;
        v.ws->send(json{{"type", "action"}, {"version", (*m)["version"]}, {"index", pick}});
      }
    }
  }
  // The truth: the replay of the finished game, every action with its seat (passes included).
  const HttpResult rep = http_request(srv.port(), http::verb::get, "/api/games/" + id + "/replay");
  ASSERT_EQ(rep.status, 200u) << rep.body.substr(0, 200);
  const json replay = rep.j();
  EXPECT_EQ(replay["seed"], "77");
  struct Point {
    const json* frame;
    int seat = -1;  // the actor (-1: a deal)
    bool pass = false;
  };
  std::vector<Point> timeline;
  for (const json& hand : replay["hands"])
    for (const json& f : hand["frames"]) {
      const bool deal = f["action"].is_null();
      const std::string label = deal ? "" : f["action"].get<std::string>();
      timeline.push_back(Point{&f, deal ? -1 : f["seat"].get<int>(),
                               label.size() > 5 && label.substr(label.size() - 5) == " pass"});
    }
  int passes_seen_by_others = 0;
  for (const Viewer& v : viewers) {
    // Positions in the timeline of the actions this viewer may know of.
    std::vector<std::size_t> visible;
    for (std::size_t i = 0; i < timeline.size(); ++i)
      if (timeline[i].seat >= 0 && (!timeline[i].pass || timeline[i].seat == v.seat))
        visible.push_back(i);
    std::uint64_t last_version = 0;
    int states = 0;
    for (const json& m : v.messages) {
      const std::string text = m.dump();
      if (m["type"] != "game_end") {
        EXPECT_EQ(text.find("\"seed\""), std::string::npos) << text.substr(0, 200);
        EXPECT_EQ(text.find("\"wall\""), std::string::npos);
      }
      if (m["type"] != "state") continue;
      ++states;
      const json& o = m["observation"];
      const std::uint64_t version = m["version"];
      EXPECT_GE(version, last_version);
      last_version = version;
      const json& last = m["last"];
      if (last.is_object() && last["action"] == "pass") {
        EXPECT_EQ(last["seat"], v.seat) << "a pass of another seat shown: " << text;
        ++passes_seen_by_others;
      }
      const std::string phase = o["phase"];
      if (phase == "claim" || phase == "chankan") {
        EXPECT_TRUE(o["to_play"] == -1 || o["to_play"] == v.seat) << o["to_play"];
      }
      if (v.seat == kSpectator) {
        EXPECT_TRUE(o["concealed"].empty());
        EXPECT_TRUE(o["drawn"].is_null());
        EXPECT_TRUE(m["legal"].empty());
      }
      if (!m["deadline_ms"].is_null()) {
        EXPECT_FALSE(m["legal"].empty());
      }
      // The frames this state may show: from the version-th visible action (a hand's last
      // action shows the next deal) up to the next visible action.
      ASSERT_LE(version, visible.size());
      std::size_t from = version == 0 ? 0 : visible[version - 1];
      const std::size_t to = version < visible.size() ? visible[version] : timeline.size();
      bool matched = false;
      for (std::size_t f = from; f < to && !matched; ++f)
        matched = state_matches(m, *timeline[f].frame, v.seat);
      EXPECT_TRUE(matched) << "viewer " << v.seat << " version " << version
                           << ": the state matches no moment of the game it could know of: "
                           << text.substr(0, 600);
    }
    EXPECT_EQ(last_version, visible.size()) << "viewer " << v.seat;
    EXPECT_GT(states, 10);
  }
  // Both humans had claim windows and passed in them (so the checks above were exercised).
  int human_passes = 0;
  for (const Point& p : timeline) human_passes += p.pass && (p.seat == 0 || p.seat == 1);
  EXPECT_GT(human_passes, 0);
  EXPECT_LE(passes_seen_by_others, human_passes);
  // Hand results are public: everyone got the same ones.
  std::vector<json> ends[3];
  for (int v = 0; v < 3; ++v)
    for (const json& m : viewers[static_cast<size_t>(v)].messages)
      if (m["type"] == "hand_end") ends[v].push_back(m);
  EXPECT_EQ(ends[0], ends[2]);
  EXPECT_EQ(ends[1], ends[2]);
  EXPECT_EQ(ends[2].size(), replay["hands"].size());
}

}  // namespace
}  // namespace riichi::testing
