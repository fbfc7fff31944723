// The Practice API of the web server (docs/web-protocol.md "Practice"): the catalogue, a
// problem without its key, a graded answer (the sanmenchan of book IV.1.1 and a scoring hand
// worked out by hand are checked in test_drill.cpp; here the key and the grade travel), the
// named history in the store, and bad input refused with 400 naming it.
#include <gtest/gtest.h>

#include "server.hpp"
#include "ws_client.hpp"

namespace riichi::testing {
namespace {

class ServerPractice : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<server::Server>(test_server_options());
    server_->start();
  }
  server::HttpAnswer call(const std::string& method, const std::string& target,
                          const std::string& body = "") {
    return server_->handle_http(method, target, body);
  }
  static json body(const server::HttpAnswer& a) { return json::parse(a.body); }

  std::unique_ptr<server::Server> server_;
};

TEST_F(ServerPractice, CatalogueProblemGradeAndHistory) {
  const json cat = body(call("GET", "/api/practice"));
  ASSERT_EQ(cat["drills"].size(), 3u);
  EXPECT_EQ(cat["drills"][0]["name"], "waits");
  EXPECT_EQ(cat["drills"][0]["levels"].size(), 5u);
  EXPECT_EQ(cat["drills"][2]["levels"].size(), 4u);

  const std::string id = R"("drill":"waits","level":2,"seed":"21","index":4)";
  const server::HttpAnswer p = call("POST", "/api/practice/problem", "{" + id + "}");
  ASSERT_EQ(p.status, 200u) << p.body;
  EXPECT_FALSE(body(p).contains("answer"));  // the key is not sent with the problem

  const json wrong =
      body(call("POST", "/api/practice/grade", "{" + id + R"(,"answer":"",  "name":" Ann "})"));
  EXPECT_TRUE(wrong.contains("error")) << wrong;  // nothing picked
  const json graded = body(call("POST", "/api/practice/grade",
                                "{" + id + R"(,"answer":{"tiles":["1z"]},"name":" Ann "})"));
  ASSERT_TRUE(graded.contains("correct")) << graded;
  EXPECT_TRUE(graded["saved"].get<bool>());
  std::string right;
  for (const json& w : graded["problem"]["answer"]["waits"]) right += w["tile"].get<std::string>();
  const json ok = body(call("POST", "/api/practice/grade",
                            "{" + id + R"(,"answer":")" + right + R"(","name":"Ann"})"));
  EXPECT_TRUE(ok["correct"].get<bool>()) << ok;

  const json h = body(call("GET", "/api/practice/history?name=Ann"));
  ASSERT_EQ(h["attempts"].size(), 2u) << h;
  EXPECT_TRUE(h["attempts"][0]["correct"].get<bool>());  // newest first
  EXPECT_EQ(h["totals"]["waits"]["answered"], 2);
  EXPECT_EQ(h["totals"]["waits"]["correct"], 1);
  EXPECT_EQ(body(call("GET", "/api/practice/history?name=Nobody"))["attempts"].size(), 0u);
}

TEST_F(ServerPractice, BadInputIsRefusedNamingIt) {
  auto refused = [&](const std::string& method, const std::string& target, const std::string& b,
                     const std::string& word) {
    const server::HttpAnswer a = call(method, target, b);
    EXPECT_GE(a.status, 400u) << target << " " << b;
    EXPECT_NE(a.body.find(word), std::string::npos) << a.body;
  };
  refused("POST", "/api/practice/problem", "not json", "JSON object");
  refused("POST", "/api/practice/problem", R"({"drill":"nanikiru"})", "nanikiru");
  refused("POST", "/api/practice/problem", R"({"drill":"score","level":5})", "level 5");
  refused("POST", "/api/practice/problem", R"({"drill":"waits","seed":-3})", "seed");
  refused("POST", "/api/practice/problem", R"({"drill":"score","rules":"nosuch"})", "nosuch");
  refused("POST", "/api/practice/grade", R"({"drill":"waits"})", "answer");
  refused("POST", "/api/practice/grade", R"({"drill":"score","answer":"3 thirty 3900"})", "thirty");
  refused("POST", "/api/practice/grade",
          R"({"drill":"waits","answer":"1p","name":")" + std::string(41, 'x') + "\"}", "name");
  refused("GET", "/api/practice/history", "", "name");
  refused("GET", "/api/practice/problem", "", "POST");
  refused("GET", "/api/practice/nothing", "", "no API endpoint");
}

}  // namespace
}  // namespace riichi::testing
