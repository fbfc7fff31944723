// The web table server against a hostile client (issue 21, docs/security.md): files out of the
// web folder, the database, invalid UTF-8 and malformed HTTP, Host and Origin (DNS rebinding),
// deep JSON, oversized and repeated requests, names cut inside a character, out-of-range seats,
// reconnection tokens.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "io/json_text.hpp"
#include "ws_client.hpp"

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

// A raw request on a fresh connection; the whole answer (the server closes or 2 s pass).
std::string raw_http(unsigned short port, const std::string& request) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(stream.socket(), net::buffer(request));
  std::string out;
  stream.expires_after(std::chrono::seconds(2));
  char buf[4096];
  beast::error_code ec;
  for (;;) {
    const std::size_t n = stream.read_some(net::buffer(buf), ec);
    out.append(buf, n);
    if (ec) break;
  }
  return out;
}

std::string read_security_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class ServerSecurity : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("riichi-sec-test-" + std::to_string(::getpid()));
    web_ = root_ / "web";
    fs::create_directories(web_ / "js");
    std::ofstream(web_ / "index.html") << "<!doctype html><title>riichi test page</title>";
    std::ofstream(web_ / "js" / "app.js") << "console.log('app');";
    std::ofstream(root_ / "secret.js") << "SECRET-OUTSIDE-THE-WEB-FOLDER";
    fs::create_symlink(root_ / "secret.js", web_ / "leak.js");       // out of the folder
    fs::create_symlink("/etc/passwd", web_ / "passwd.txt");          // out of the folder
    fs::create_symlink(web_ / "js" / "app.js", web_ / "inside.js");  // inside: served
    fs::create_symlink(web_ / "games.json", web_ / "alias.txt");     // the database again
    options_ = test_server_options((web_ / "games.json").string());  // a database in the folder
    options_.web_dir = web_.string();
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(root_);
  }
  void start() {
    server_ = std::make_unique<server::Server>(options_);
    server_->start();
    port_ = server_->port();
  }
  HttpResult get(const std::string& target,
                 const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    return http_request(port_, http::verb::get, target, {}, headers);
  }
  HttpResult post(const std::string& target, const std::string& body,
                  const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    return http_request(port_, http::verb::post, target, body, headers);
  }
  std::string create_table(
      const std::string& body = R"({"seats":["human","human","greedy","greedy"]})") {
    const HttpResult r = post("/api/tables", body);
    EXPECT_EQ(r.status, 201u) << r.body;
    return r.j().value("id", "");
  }

  fs::path root_, web_;
  server::ServerOptions options_;
  std::unique_ptr<server::Server> server_;
  unsigned short port_ = 0;
};

TEST_F(ServerSecurity, NoFileOutsideTheWebFolderAndNeverTheDatabase) {
  start();
  const std::string passwd = read_security_file("/etc/passwd").substr(0, 8);
  const std::string db =
      read_security_file(web_ / "games.json").substr(0, 15);  // "SQLite format 3"
  ASSERT_EQ(db, "SQLite format 3");
  for (const char* target :
       {"/assets//etc/passwd", "/assets/%2Fetc%2Fpasswd", "/assets/%2fetc/passwd",
        "/assets/../../etc/passwd", "/assets/%2e%2e/%2e%2e/etc/passwd",
        "/assets/js/..%2F..%2F..%2Fetc%2Fpasswd", "/assets/.%2e/secret.js", "/assets/./js/app.js",
        "/assets/..%5c..%5csecret.js", "/assets/js%5c..%5c..%5csecret.js", "/assets/%00.js",
        "/assets/leak.js", "/assets/passwd.txt", "/assets/games.json", "/assets/games.json-wal",
        "/assets/alias.txt", "/assets/%67ames.json", "/assets/js/app.js/../../../secret.js"}) {
    const HttpResult r = get(target);
    EXPECT_TRUE(r.status == 400 || r.status == 404) << target << " -> " << r.status;
    EXPECT_EQ(r.body.find("SECRET-OUTSIDE"), std::string::npos) << target;
    EXPECT_EQ(r.body.find(passwd), std::string::npos) << target;
    EXPECT_EQ(r.body.find("SQLite format"), std::string::npos) << target;
  }
  EXPECT_EQ(get("/assets/js/app.js").status, 200u);
  EXPECT_EQ(get("/assets/inside.js").status, 200u);  // a link that stays in the folder
  EXPECT_EQ(get("/assets/js/app.js?v=2").status, 200u);
  EXPECT_EQ(get("/assets/%6As/app.js").status, 200u);  // an encoded letter is a letter
  EXPECT_EQ(get("/").status, 200u);
}

TEST_F(ServerSecurity, InvalidUtf8InAUrlIs400NotA500) {
  start();
  for (const char* target : {"/assets/%FF%FE.js", "/api/tables/%C3", "/api/games/%ED%A0%80/replay",
                             "/table/\xff", "/assets/%G1", "/assets/%4"}) {
    const HttpResult r = get(target);
    EXPECT_EQ(r.status, 400u) << target << " " << r.body;
    EXPECT_TRUE(io::is_valid_utf8(r.body)) << target;
    EXPECT_TRUE(r.j().contains("error")) << r.body;
  }
}

TEST_F(ServerSecurity, MalformedHttpGetsA400) {
  start();
  for (const std::string& request :
       {std::string("GARBAGE\r\n\r\n"), std::string("GET / HTTP/9.9\r\nHost: x\r\n\r\n"),
        std::string("POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: zz\r\n\r\n"),
        std::string("GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n"),
        std::string("POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: "
                    "chunked\r\n\r\nzz\r\n")}) {
    const std::string answer = raw_http(port_, request);
    EXPECT_EQ(answer.rfind("HTTP/1.1 400", 0), 0u) << request << " -> " << answer.substr(0, 80);
  }
  // Too large a body, too large a header.
  const std::string big(options_.limits.max_request_body + 1, 'x');
  EXPECT_EQ(post("/api/import", big).status, 413u);
  const std::string header =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n";
  EXPECT_EQ(raw_http(port_, header).rfind("HTTP/1.1 431", 0), 0u);
}

TEST_F(ServerSecurity, HostAndOriginAreCheckedAgainstDnsRebinding) {
  options_.allow_hosts = {"Mahjong.LAN"};
  start();
  const auto host = [&](const std::string& h) { return get("/", {{"Host", h}}).status; };
  EXPECT_EQ(host("evil.example"), 403u);
  EXPECT_EQ(host("evil.example:8080"), 403u);
  EXPECT_EQ(host("127.0.0.1.nip.io"), 403u);  // a name that resolves to us is still a name
  EXPECT_EQ(host("localhost:8080"), 200u);
  EXPECT_EQ(host("127.0.0.1:8080"), 200u);
  EXPECT_EQ(host("[::1]:8080"), 200u);        // another loopback address of this machine
  EXPECT_EQ(host("192.168.1.20"), 403u);      // not the address the server listens on
  EXPECT_EQ(host("mahjong.lan:8080"), 200u);  // --allow-host, case-insensitive
  EXPECT_NE(
      get("/", {{"Host", "evil.example"}}).j()["error"].get<std::string>().find("--allow-host"),
      std::string::npos);
  // A page of another site may not create tables or open a WebSocket.
  EXPECT_EQ(post("/api/tables", "{}", {{"Origin", "http://evil.example"}}).status, 403u);
  EXPECT_EQ(post("/api/tables", "{}", {{"Origin", "null"}}).status, 403u);
  EXPECT_EQ(post("/api/tables", "{}", {{"Origin", "http://127.0.0.1:8080"}}).status, 201u);
  EXPECT_THROW(WsClient(port_, "http://evil.example"), std::exception);
  WsClient ok(port_, "http://mahjong.lan:8080");
  ok.send(json{{"type", "ping"}});
  EXPECT_EQ(ok.recv()["type"], "pong");
}

TEST(HostGuard, TheListenAddressLocalhostAndAllowedNames) {
  const server::HostGuard all("0.0.0.0", {"mahjong.lan"});  // --host 0.0.0.0 (the LAN)
  EXPECT_TRUE(all.host_ok("192.168.1.20:8080"));
  EXPECT_TRUE(all.host_ok("[fe80::1]:8080"));
  EXPECT_TRUE(all.host_ok("localhost"));
  EXPECT_TRUE(all.host_ok("MAHJONG.lan."));
  EXPECT_FALSE(all.host_ok("attacker.example"));
  EXPECT_FALSE(all.host_ok("192.168.1.20.attacker.example"));
  EXPECT_FALSE(all.host_ok(":8080"));
  const server::HostGuard one("192.168.1.20");
  EXPECT_TRUE(one.host_ok("192.168.1.20:8080"));
  EXPECT_FALSE(one.host_ok("10.0.0.1"));
  EXPECT_FALSE(one.host_ok("127.0.0.1"));
  EXPECT_TRUE(one.origin_ok("http://192.168.1.20:8080"));
  EXPECT_TRUE(one.origin_ok("https://localhost"));
  EXPECT_FALSE(one.origin_ok("http://attacker.example"));
  EXPECT_FALSE(one.origin_ok("file://"));
  EXPECT_FALSE(one.origin_ok("null"));
}

TEST_F(ServerSecurity, DeepOrLargeJsonIsRefusedWithAClearError) {
  start();
  // The 2 MB body of the security pass: too large for a table request.
  const std::string deep =
      "{\"seats\":" + std::string(1'000'000, '[') + std::string(1'000'000, ']') + "}";
  const HttpResult big = post("/api/tables", deep);
  EXPECT_EQ(big.status, 413u) << big.body;
  // Within the size limit, too deep.
  const std::string nested =
      "{\"seats\":" + std::string(30000, '[') + std::string(30000, ']') + "}";
  const HttpResult r = post("/api/tables", nested);
  EXPECT_EQ(r.status, 400u);
  EXPECT_NE(r.body.find("nested deeper than 64 levels"), std::string::npos) << r.body;
  // The same over the WebSocket; the connection stays usable.
  WsClient ws(port_);
  ws.send_text("{\"type\":\"join\",\"table\":" + std::string(20000, '[') + std::string(20000, ']') +
               "}");
  const json e = ws.recv();
  EXPECT_EQ(e["type"], "error");
  EXPECT_NE(e["reason"].get<std::string>().find("nested deeper"), std::string::npos) << e;
  ws.send(json{{"type", "ping"}});
  EXPECT_EQ(ws.recv()["type"], "pong");
  EXPECT_EQ(get("/api/tables").status, 200u);
}

TEST_F(ServerSecurity, SeatsOutOfRangeNeverWrapAround) {
  start();
  const std::string id = create_table();
  for (const std::string seat_text :
       {"4294967298", "18446744073709551615", "4", "-2", "1.0", "\"1\""}) {
    WsClient ws(port_);
    ws.send_text(R"({"type":"join","table":")" + id + R"(","name":"x","seat":)" + seat_text + "}");
    const json m = ws.recv();
    EXPECT_EQ(m["type"], "error") << seat_text << " -> " << m;
  }
  WsClient ws(port_);
  ws.send(json{{"type", "join"}, {"table", id}, {"seat", 1}});
  const json joined = ws.recv_type("joined");
  EXPECT_EQ(joined["seat"], 1);
  ws.send_text(R"({"type":"action","version":0,"index":4294967296})");
  EXPECT_EQ(ws.recv_type("error")["type"], "error");
}

TEST_F(ServerSecurity, NamesAreCutOnCharacterBoundaries) {
  start();
  // Names around the old 40-byte cut: Japanese (3 bytes a character) and emoji (4 bytes).
  std::vector<std::string> names;
  for (const char* ch : {"\xe9\xba\xbb", "\xf0\x9f\x80\x84", "a\xcc\x81"})
    for (int n = 10; n <= 50; n += 3) {
      std::string s;
      for (int i = 0; i < n; ++i) s += ch;
      names.push_back(s);
    }
  for (const std::string& name : names) {
    const HttpResult r =
        post("/api/tables", io::dump_json(json{{"seats", {"human", "greedy", "greedy", "greedy"}},
                                               {"names", {"", name, name, name}}}));
    ASSERT_EQ(r.status, 201u) << r.body;
  }
  const HttpResult list = get("/api/tables");
  ASSERT_EQ(list.status, 200u) << list.body.substr(0, 200);
  for (const json& t : list.j()["tables"]) {
    const std::string n = t["seats"][1]["name"];
    EXPECT_TRUE(io::is_valid_utf8(n));
    EXPECT_LE(io::utf8_length(n), server::kMaxNameChars);
  }
  // A 14-character Japanese name joins whole (42 bytes: cut at byte 40 it killed the server).
  const std::string id = create_table();
  std::string fourteen;
  for (int i = 0; i < 14; ++i) fourteen += "\xe9\xba\xbb";
  WsClient ws(port_);
  ws.send(json{{"type", "join"}, {"table", id}, {"name", fourteen}});
  EXPECT_EQ(ws.recv_type("joined")["name"], fourteen);
  EXPECT_EQ(ws.recv_type("state")["game"]["players"][0]["name"], fourteen);
}

TEST_F(ServerSecurity, TokensAre128RandomBitsAndTheSeedStaysSecret) {
  options_.allow_chosen_seed = false;
  start();
  const HttpResult chosen = post("/api/tables", R"({"seed":5})");
  EXPECT_EQ(chosen.status, 403u);
  EXPECT_NE(chosen.body.find("--allow-chosen-seed"), std::string::npos) << chosen.body;
  EXPECT_FALSE(get("/api/bots").j()["chosen_seed"].get<bool>());
  std::set<std::string> tokens;
  for (int t = 0; t < 4; ++t) {
    const HttpResult r = post("/api/tables", R"({"seats":["human","human","greedy","greedy"]})");
    ASSERT_EQ(r.status, 201u);
    EXPECT_EQ(r.body.find("seed"), std::string::npos) << r.body;
    const std::string id = r.j()["id"];
    EXPECT_TRUE(std::regex_match(id, std::regex("[a-z2-9]{10}"))) << id;
    for (int k = 0; k < 2; ++k) {
      WsClient ws(port_);
      ws.send(json{{"type", "join"}, {"table", id}});
      const std::string token = ws.recv_type("joined")["token"];
      EXPECT_TRUE(std::regex_match(token, std::regex("[0-9a-f]{32}"))) << token;
      tokens.insert(token);
    }
    // A game in progress has no replay: it would show the finished hands' concealed tiles.
    const HttpResult replay = get("/api/games/" + id + "/replay");
    EXPECT_EQ(replay.status, 409u) << replay.body;
  }
  EXPECT_EQ(tokens.size(), 8u);
}

// The peak memory of this process (the server runs in it), in MB.
long peak_rss_mb() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6)) / 1024;
  return -1;
}

// A log of `rounds` hands: the first hand of a real log played again and again (the amplifying
// upload of the security pass).
std::string repeated_log(const std::string& xml, int rounds) {
  const std::size_t first = xml.find("<INIT");
  const std::size_t second = xml.find("<INIT", first + 1);
  std::string out = xml.substr(0, first);
  for (int i = 0; i < rounds; ++i) out += xml.substr(first, second - first);
  return out + "</mjloggm>";
}

TEST_F(ServerSecurity, ImportsAreBoundedInSizeHandsRateAndMemory) {
  const fs::path file = fs::path(RIICHI_MJLOG_DIR) / "2010081709gm-00a9-0000-fe3371ad.mjlog";
  if (!fs::is_regular_file(file)) GTEST_SKIP() << "missing " << file;
  options_.limits.imports_per_minute = 3;
  start();
  const std::string xml = read_security_file(file);
  const int max_hands = options_.limits.max_import_hands;
  // Too large a body is refused before it is read.
  EXPECT_EQ(post("/api/import", std::string(options_.limits.max_request_body + 1, ' ')).status,
            413u);
  // The most hands an import may have: stored, and its replay stays within memory.
  const HttpResult ok = post("/api/import", repeated_log(xml, max_hands));
  ASSERT_EQ(ok.status, 201u) << ok.body;
  EXPECT_EQ(ok.j()["hands"], max_hands);
  const HttpResult replay = get("/api/games/" + ok.j()["id"].get<std::string>() + "/replay");
  ASSERT_EQ(replay.status, 200u);
  // (Counted in the text: parsing it here would add the test's own copy to the peak.)
  std::size_t hands = 0;
  for (std::size_t at = 0; (at = replay.body.find("\"frames\":", at)) != std::string::npos; ++at)
    ++hands;
  EXPECT_EQ(hands, static_cast<std::size_t>(max_hands));
  std::printf("replay of %d hands: %zu bytes\n", max_hands, replay.body.size());
  // One more hand is refused (and nothing is stored).
  const HttpResult too_many = post("/api/import", repeated_log(xml, max_hands + 1));
  EXPECT_EQ(too_many.status, 413u) << too_many.body;
  EXPECT_NE(too_many.body.find("at most 48"), std::string::npos) << too_many.body;
  EXPECT_EQ(get("/api/games").j()["games"].size(), 1u);
  // The rate limit per client: 3 imports a minute here.
  EXPECT_EQ(post("/api/import", xml).status, 201u);
  const HttpResult limited = post("/api/import", xml);
  EXPECT_EQ(limited.status, 429u) << limited.body;
  const long peak = peak_rss_mb();
  std::printf("peak memory of the test process: %ld MB\n", peak);
  EXPECT_LT(peak, 500);
}

TEST_F(ServerSecurity, TableCreationIsRateLimitedPerClient) {
  options_.limits.tables_per_minute = 3;
  start();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(post("/api/tables", "{}").status, 201u);
  const HttpResult r = post("/api/tables", "{}");
  EXPECT_EQ(r.status, 429u);
  EXPECT_NE(r.body.find("at most 3 tables per minute"), std::string::npos) << r.body;
  server::RateLimiter limiter(2);
  const auto t0 = server::RateLimiter::Clock::now();
  EXPECT_TRUE(limiter.allow("a", t0));
  EXPECT_TRUE(limiter.allow("a", t0));
  EXPECT_FALSE(limiter.allow("a", t0 + std::chrono::seconds(59)));
  EXPECT_TRUE(limiter.allow("b", t0));  // per client
  EXPECT_TRUE(limiter.allow("a", t0 + std::chrono::seconds(61)));
}

}  // namespace
}  // namespace riichi::testing
