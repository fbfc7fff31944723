// The table's flow (issue 17, docs/web-protocol.md "Table flow"): after a hand the table waits
// for every human's OK or the countdown (bots wait too), the seat options that play for a human
// (auto-win, auto-discard after riichi, no calls), the turn timer with its time bank, and the
// refusal of bad messages of these kinds.
#include <gtest/gtest.h>

#include "ws_client.hpp"

namespace riichi::testing {
namespace {

bool is_self_turn(const json& state) {
  const std::string phase = state["observation"]["phase"];
  return !state["legal"].empty() && (phase == "self" || phase == "discard_only");
}

// The index of the discard of the drawn tile (tsumogiri), else of the first discard.
int tsumogiri_index(const json& state) {
  const json& legal = state["legal"];
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (legal[i]["type"] == "discard" && legal[i]["tsumogiri"] == true) return static_cast<int>(i);
  return legal_index(state, "discard");
}

void act(WsClient& c, const json& state, int index) {
  c.send({{"type", "action"}, {"version", state["version"]}, {"index", index}});
}

std::string error_of(WsClient& c, const json& message) {
  c.send(message);
  return c.recv_type("error")["reason"];
}

// Plays seat 0 by tsumogiri (passing every call) until a hand ends; returns its hand_end.
json play_until_hand_end(WsClient& c) {
  for (int guard = 0; guard < 2000; ++guard) {
    const json m = c.recv(std::chrono::seconds(20));
    if (m["type"] == "hand_end") return m;
    if (m["type"] != "state" || m["legal"].empty()) continue;
    if (is_self_turn(m)) {
      act(c, m, tsumogiri_index(m));
    } else {
      const int pass = legal_index(m, "pass");
      act(c, m, pass >= 0 ? pass : 0);
    }
  }
  throw std::runtime_error("no hand_end");
}

TEST(TableFlow, TheTableWaitsForTheHumansOkAfterAHandThenPlaysOn) {
  server::ServerOptions o = test_server_options();
  o.timing.hand_over_ms = 60000;
  server::Server srv(o);
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","greedy","greedy","greedy"],"seed":11})");
  WsClient c(srv.port());
  join(c, id);
  const json end = play_until_hand_end(c);
  EXPECT_EQ(end["wait_ms"], 60000);
  EXPECT_EQ(end["waiting"], json({0}));
  // The next hand's deal comes, but nobody plays it: the state says whom the table waits for.
  const json dealt = c.recv_type("state");
  ASSERT_TRUE(dealt["hand_over"].is_object()) << dealt.dump();
  EXPECT_EQ(dealt["hand_over"]["waiting"], json({0}));
  EXPECT_GT(dealt["hand_over"]["left_ms"].get<long>(), 50000);
  EXPECT_LE(dealt["hand_over"]["left_ms"].get<long>(), 60000);
  const auto version = dealt["version"].get<std::uint64_t>();
  // Bots make no move (bot delay 0) while the table waits: no newer state comes.
  while (const std::optional<json> m = c.try_recv(std::chrono::milliseconds(400)))
    if ((*m)["type"] == "state") {
      EXPECT_EQ((*m)["version"].get<std::uint64_t>(), version);
    }
  // OK: the table plays on (a state without hand_over; the bots move if the dealer is a bot).
  c.send({{"type", "ready"}});
  const json on = c.recv_type("state", [](const json& m) { return m["hand_over"].is_null(); });
  EXPECT_GE(on["version"].get<std::uint64_t>(), version);
  const int dealer = on["game"]["dealer"];
  if (dealer != 0) {
    const json moved = c.recv_type(
        "state", [&](const json& m) { return m["version"].get<std::uint64_t>() > version; });
    EXPECT_NE(moved["last"]["seat"], 0);
  }
  // A late OK is no error (the countdown may have ended first): a ping is answered next.
  c.send({{"type", "ready"}});
  c.send({{"type", "ping"}});
  for (;;) {
    const json m = c.recv();
    ASSERT_NE(m["type"], "error") << m.dump();
    if (m["type"] == "pong") break;
  }
}

TEST(TableFlow, TheCountdownEndsTheWaitWithoutAnOk) {
  server::ServerOptions o = test_server_options();
  o.timing.hand_over_ms = 300;
  server::Server srv(o);
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","greedy","greedy","greedy"],"seed":11})");
  WsClient c(srv.port());
  join(c, id);
  const json end = play_until_hand_end(c);
  EXPECT_EQ(end["wait_ms"], 300);
  const auto t0 = std::chrono::steady_clock::now();
  const json waiting = c.recv_type("state");
  ASSERT_TRUE(waiting["hand_over"].is_object());
  const json on = c.recv_type("state", [](const json& m) { return m["hand_over"].is_null(); });
  EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(200));
  EXPECT_TRUE(on["hand_over"].is_null());
}

TEST(TableFlow, TwoHumansBothPressOkAndTheStateSaysWhomTheTableWaitsFor) {
  server::ServerOptions o = test_server_options();
  o.timing.hand_over_ms = 60000;
  server::Server srv(o);
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","human","greedy","greedy"],"seed":3})");
  WsClient a(srv.port()), b(srv.port());
  join(a, id);
  join(b, id, {{"seat", 1}});
  // Both play by tsumogiri until the hand ends (each sees it).
  bool a_end = false, b_end = false;
  for (int guard = 0; guard < 4000 && !(a_end && b_end); ++guard) {
    for (WsClient* c : {&a, &b}) {
      bool& ended = c == &a ? a_end : b_end;
      if (ended) continue;
      const std::optional<json> m = c->try_recv(std::chrono::milliseconds(5));
      if (!m) continue;
      if ((*m)["type"] == "hand_end") {
        ended = true;
        EXPECT_EQ((*m)["waiting"], json({0, 1}));
      } else if ((*m)["type"] == "state" && !(*m)["legal"].empty()) {
        const int pass = legal_index(*m, "pass");
        act(*c, *m, is_self_turn(*m) ? tsumogiri_index(*m) : pass >= 0 ? pass : 0);
      }
    }
  }
  ASSERT_TRUE(a_end && b_end);
  a.send({{"type", "ready"}});
  const json wait_b = b.recv_type("state", [](const json& m) {
    return m["hand_over"].is_object() && m["hand_over"]["waiting"] == json({1});
  });
  EXPECT_EQ(wait_b["hand_over"]["waiting"], json({1}));
  b.send({{"type", "ready"}});
  b.recv_type("state", [](const json& m) { return m["hand_over"].is_null(); });
  a.recv_type("state", [](const json& m) { return m["hand_over"].is_null(); });
}

// The seat's options play for it: no call is ever answered by the player, every riichi is
// followed by the server's tsumogiri, every win offered is taken.
TEST(TableFlow, SeatOptionsPassCallsDiscardAfterRiichiAndWin) {
  server::ServerOptions o = test_server_options();
  server::Server srv(o);
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","greedy","greedy","greedy"],"seed":21})");
  WsClient c(srv.port());
  join(c, id);
  c.send({{"type", "options"}, {"auto_win", true}, {"auto_discard", true}, {"no_calls", true}});
  c.send({{"type", "analysis"}, {"enabled", true}});
  int call_offers = 0, riichis = 0, auto_discards = 0, wins_offered = 0, wins = 0;
  std::optional<std::uint64_t> acted;  // the version last answered (states repeat versions)
  json m_now;
  bool in_riichi = false;
  const auto answer = [&](int index) {
    act(c, m_now, index);
    acted = m_now["version"].get<std::uint64_t>();
  };
  bool win_pending = false;
  std::size_t pond = 0;
  for (int guard = 0; guard < 20000; ++guard) {
    m_now = c.recv(std::chrono::seconds(20));
    const json& m = m_now;
    ASSERT_NE(m["type"], "error") << m.dump();
    if (m["type"] == "game_end") break;
    if (m["type"] == "hand_end") {
      bool we_won = false;
      for (const json& w : m["wins"]) we_won |= w["seat"] == 0;
      if (win_pending) {
        EXPECT_TRUE(we_won) << "a win was offered and not taken: " << m.dump();
      }
      wins += we_won;
      win_pending = false;
      in_riichi = false;
      pond = 0;
      continue;
    }
    if (m["type"] != "state") continue;
    ASSERT_TRUE(m["options"].is_object());
    if (m["options"]["no_calls"] != true) continue;  // before the options were set
    const json& obs = m["observation"];
    const json& own_pond = obs["discards"][0];
    // After the declaration tile (turned), every discard is the drawn tile.
    if (in_riichi && own_pond.size() > pond && own_pond.back()["riichi"] != true) {
      EXPECT_EQ(own_pond.back()["tsumogiri"], true) << "after riichi only the drawn tile goes";
      ++auto_discards;
    }
    pond = own_pond.size();
    if (m["legal"].empty() || acted == m["version"].get<std::uint64_t>()) continue;
    const bool win = legal_index(m, "tsumo") >= 0 || legal_index(m, "ron") >= 0;
    if (win) {
      ++wins_offered;
      win_pending = true;
      continue;  // auto_win plays it
    }
    if (!is_self_turn(m)) {
      // A chi / pon / kan offer: the server passes (no ron here, auto_win takes those).
      ++call_offers;
      continue;
    }
    if (in_riichi) {
      // After riichi the server discards unless a kan is possible (then the player chooses).
      if (legal_index(m, "ankan") >= 0 || legal_index(m, "kakan") >= 0) answer(tsumogiri_index(m));
      continue;
    }
    if (const int r = legal_index(m, "riichi"); r >= 0) {
      answer(r);
      in_riichi = true;
      ++riichis;
      continue;
    }
    // The analysis' best discard (best first), else the drawn tile.
    int index = tsumogiri_index(m);
    if (m["analysis"].is_object() && !m["analysis"]["discards"].empty()) {
      const std::string best = m["analysis"]["discards"][0]["tile"]["name"];
      for (std::size_t i = 0; i < m["legal"].size(); ++i)
        if (m["legal"][i]["type"] == "discard" && m["legal"][i]["tile"]["name"] == best)
          index = static_cast<int>(i);
    }
    answer(index);
  }
  std::printf("call offers passed %d, riichi %d, auto discards %d, wins offered %d, taken %d\n",
              call_offers, riichis, auto_discards, wins_offered, wins);
  EXPECT_GE(call_offers, 1);
  EXPECT_GE(riichis, 1);
  EXPECT_GE(auto_discards, 1);
  EXPECT_EQ(wins, wins_offered);
}

TEST(TableFlow, TheTurnTimerDiscardsTheDrawnTileAndSpendsTheBank) {
  server::ServerOptions o = test_server_options();
  o.timing.turn_ms = 300;
  o.timing.bank_ms = 400;
  o.timing.claim_timeout_ms = 200;  // a call offer to the idle player passes soon
  server::Server srv(o);
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","greedy","greedy","greedy"],"seed":42})");
  WsClient c(srv.port());
  join(c, id);
  const json first = c.recv_type("state");
  EXPECT_EQ(first["game"]["timer"], json({{"turn_ms", 300}, {"bank_ms", 400}}));
  EXPECT_EQ(first["bank_left_ms"], 400);
  ASSERT_TRUE(is_self_turn(first));  // seat 0 is East: it plays first
  EXPECT_GT(first["deadline_ms"].get<long>(), 500);
  const std::string drawn = first["observation"]["drawn"]["name"];
  const auto t0 = std::chrono::steady_clock::now();
  // Nothing sent: after 300 ms + the 400 ms bank the server discards the drawn tile.
  const json after = c.recv_type(
      "state", [](const json& m) { return m["last"].is_object() && m["last"]["seat"] == 0; });
  EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(600));
  EXPECT_EQ(after["last"]["action"], "discard " + drawn);
  EXPECT_EQ(after["observation"]["discards"][0][0]["tsumogiri"], true);
  EXPECT_EQ(after["bank_left_ms"], 0);
  // The next turn has only the turn's time.
  const json next = c.recv_type("state", is_self_turn);
  EXPECT_LE(next["deadline_ms"].get<long>(), 300);
}

TEST(TableFlow, FriendsPlayWithoutATimerAndOnlyTheHostSetsOne) {
  server::ServerOptions o = test_server_options();
  o.timing.turn_ms = 5000;
  o.timing.bank_ms = 10000;
  server::Server srv(o);
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","human","greedy","greedy"],"seed":5})");
  WsClient a(srv.port()), b(srv.port());
  join(a, id);
  join(b, id, {{"seat", 1}});
  const json s = a.recv_type("state");
  EXPECT_EQ(s["game"]["timer"]["turn_ms"], 0);
  EXPECT_EQ(s["game"]["host"], 0);
  EXPECT_TRUE(s["bank_left_ms"].is_null());
  EXPECT_NE(
      error_of(b, {{"type", "timer"}, {"turn_ms", 1000}, {"bank_ms", 0}}).find("only the host"),
      std::string::npos);
  a.send({{"type", "timer"}, {"turn_ms", 8000}, {"bank_ms", 20000}});
  const json timed =
      b.recv_type("state", [](const json& m) { return m["game"]["timer"]["turn_ms"] == 8000; });
  EXPECT_EQ(timed["bank_left_ms"], 20000);
  const json east = a.recv_type("state", [](const json& m) { return !m["deadline_ms"].is_null(); });
  EXPECT_GT(east["deadline_ms"].get<long>(), 20000);
  EXPECT_LE(east["deadline_ms"].get<long>(), 28000);
}

TEST(TableFlow, BadFlowMessagesAreRefusedWithAReason) {
  server::Server srv(test_server_options());
  srv.start();
  const std::string id =
      create_table(srv.port(), R"({"seats":["human","greedy","greedy","greedy"],"seed":5})");
  WsClient c(srv.port()), w(srv.port());
  EXPECT_NE(error_of(c, {{"type", "ready"}}).find("join a table first"), std::string::npos);
  EXPECT_NE(error_of(c, {{"type", "options"}, {"no_calls", true}}).find("join a table first"),
            std::string::npos);
  join(c, id);
  const auto has = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };
  EXPECT_TRUE(has(error_of(c, {{"type", "options"}, {"auto_win", "yes"}}), "\"auto_win\" must be"));
  EXPECT_TRUE(
      has(error_of(c, {{"type", "options"}, {"autowin", true}}), "unknown option 'autowin'"));
  EXPECT_TRUE(has(error_of(c, {{"type", "options"}}), "at least one"));
  EXPECT_TRUE(has(error_of(c, {{"type", "options"}, {"no_calls", nullptr}}), "\"no_calls\" must"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}, {"turn_ms", -1}}), "\"turn_ms\" must be"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}, {"turn_ms", 1e12}}), "\"turn_ms\" must be"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}, {"turn_ms", "5s"}}), "\"turn_ms\" must be"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}}), "\"turn_ms\" must be"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}, {"turn_ms", 5000}, {"bank_ms", 1.5}}),
                  "\"bank_ms\" must be"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}, {"turn_ms", 5000}, {"bank_ms", 99999999}}),
                  "\"bank_ms\" must be"));
  EXPECT_TRUE(has(error_of(c, {{"type", "timer"}, {"turn_ms", 5000}, {"extra", 1}}),
                  "unknown field 'extra'"));
  join(w, id, {{"watch", true}});
  EXPECT_TRUE(has(error_of(w, {{"type", "ready"}}), "spectator"));
  EXPECT_TRUE(has(error_of(w, {{"type", "options"}, {"no_calls", true}}), "spectator"));
  EXPECT_TRUE(has(error_of(w, {{"type", "timer"}, {"turn_ms", 1000}}), "only the host"));
  // The connection stays usable and the options were not changed by the refused messages.
  c.send({{"type", "options"}, {"no_calls", true}});
  const json s =
      c.recv_type("state", [](const json& m) { return m["options"]["no_calls"] == true; });
  EXPECT_EQ(s["options"], json({{"auto_win", false}, {"auto_discard", false}, {"no_calls", true}}));
}

}  // namespace
}  // namespace riichi::testing
