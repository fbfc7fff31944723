// The mjai commands and the record reader against hostile input (issue 21, docs/security.md):
// nested JSON in an answer, an event, a record line; a bot that never reads; the seeds of the
// games (never sent, never a sequence).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <thread>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "cli_run.hpp"
#include "io/json_text.hpp"
#include "io/mjai_session.hpp"

namespace riichi {
namespace {

// A bot that answers every event with `reply`.
class ReplyLink final : public io::MjaiLink {
 public:
  explicit ReplyLink(std::string reply) : reply_(std::move(reply)) {}
  bool send(const std::string&) override { return true; }
  std::optional<std::string> receive(std::chrono::milliseconds, std::string&) override {
    return reply_;
  }

 private:
  std::string reply_;
};

std::string deep(int n) {
  return std::string(static_cast<std::size_t>(n), '[') +
         std::string(static_cast<std::size_t>(n), ']');
}

TEST(MjaiSecurity, ANestedAnswerIsRefusedAndTheGameGoesOn) {
  // 200 KB of nesting in `actor`: it killed mjai-server and every game on it.
  ReplyLink nested(R"({"type":"dahai","actor":)" + deep(100000) + R"(,"pai":"1m"})");
  std::array<io::MjaiSeat, 4> seats;
  seats[0].link = &nested;
  seats[0].name = "nested";
  for (int s = 1; s < 4; ++s) seats[static_cast<std::size_t>(s)].bot = bots::make_bot("greedy", 7);
  std::vector<std::string> log;
  io::MjaiTableOptions o;
  o.replacement = [](std::uint64_t seed, int seat) {
    return bots::make_bot("greedy", bots::bot_seed(seed, seat));
  };
  o.log = [&log](const std::string& line) { log.push_back(line); };
  io::MjaiTableStats stats;
  const GameRecorder rec = io::play_mjai_game(Rules::ema2016(), 3, seats, o, &stats);
  EXPECT_TRUE(rec.game().is_over());
  EXPECT_EQ(stats.dropped_links, 1);
  ASSERT_FALSE(log.empty());
  EXPECT_NE(log[0].find("nested deeper than 64 levels"), std::string::npos) << log[0];
  // The answer parser itself names the fault.
  const io::MjaiAnswer a =
      io::parse_mjai_answer(R"({"type":"none","x":)" + deep(70) + "}", io::AnswerContext{});
  EXPECT_NE(a.error.find("nested deeper"), std::string::npos) << a.error;
  // A seat number past 2^32 is not a seat (it used to wrap around).
  io::AnswerContext ctx;
  const io::MjaiAnswer wrap = io::parse_mjai_answer(R"({"type":"reach","actor":4294967296})", ctx);
  EXPECT_FALSE(wrap.ok());
}

TEST(MjaiSecurity, TheBotAndTheReplayRefuseNestedInputWithExit2) {
  const std::string dir = ::testing::TempDir();
  const std::string events = dir + "mjai_nested.jsonl";
  std::ofstream(events) << R"({"type":"hello","protocol":"mjsonp","protocol_version":3})"
                        << "\n{\"type\":\"start_game\",\"id\":" << deep(200000) << "}\n";
  const testing::CliRun bot = testing::run_cli("mjai-bot --bot greedy < '" + events + "'");
  EXPECT_EQ(bot.status, 2) << bot.out.substr(0, 300);
  EXPECT_NE(bot.out.find("error: line 2: malformed JSON: JSON nested deeper than 64 levels"),
            std::string::npos)
      << bot.out.substr(0, 300);
  const std::string record = dir + "nested_record.jsonl";
  std::ofstream(record) << "{\"type\":\"header\",\"x\":" << deep(200000) << "}\n";
  const testing::CliRun replay = testing::run_cli("replay '" + record + "'");
  EXPECT_EQ(replay.status, 2);
  EXPECT_NE(replay.out.find("line 1: JSON nested deeper than 64 levels"), std::string::npos)
      << replay.out.substr(0, 300);
}

// A join name longer than kMaxMjaiNameChars is cut on a character boundary: a Japanese or emoji
// name cut at byte 40 used to leave half a character, and the first dump of an event naming it
// threw on the server's thread.
TEST(MjaiSecurity, JoinNamesAreCutOnCharacterBoundaries) {
  const std::string kanji = "\xe9\xba\xbb";      // 麻, 3 bytes
  const std::string emoji = "\xf0\x9f\x80\x84";  // 🀄, 4 bytes
  for (const std::string& unit : {kanji, emoji}) {
    for (std::size_t n = 1; n <= 50; ++n) {
      std::string name = "a";  // shifts every multi-byte character off byte alignment
      for (std::size_t i = 1; i < n; ++i) name += unit;
      ReplyLink link(io::dump_json(nlohmann::json{{"type", "join"}, {"name", name}}));
      std::string error;
      const std::string got = io::mjai_handshake(link, std::chrono::milliseconds(100), error);
      ASSERT_TRUE(error.empty()) << error;
      const std::size_t kept = std::min<std::size_t>(n, io::kMaxMjaiNameChars);
      EXPECT_EQ(got.size(), 1 + (kept - 1) * unit.size()) << n << " characters";
      EXPECT_TRUE(io::is_valid_utf8(got)) << n << " characters";
      EXPECT_EQ(got, name.substr(0, got.size()));
      // The start_game event that names it dumps without throwing.
      const std::array<std::string, 4> names = {got, "b", "c", "d"};
      EXPECT_NO_THROW((void)io::dump_json(io::mjai_start_game(names, 0, Rules::ema2016())));
    }
  }
  // A join that is not JSON, or nested too deep, is refused naming what came.
  ReplyLink deep_join(R"({"type":"join","name":)" + deep(100) + "}");
  std::string error;
  EXPECT_EQ(io::mjai_handshake(deep_join, std::chrono::milliseconds(100), error), "");
  EXPECT_NE(error.find("expected {\"type\":\"join\""), std::string::npos) << error;
}

// The seeds of the games a run plays, from its output ("== Game K of N: seed S, ...").
std::vector<std::uint64_t> game_seeds(const std::string& out) {
  std::vector<std::uint64_t> seeds;
  const std::regex re(R"(== Game \d+ of \d+: seed (\d+),)");
  for (std::sregex_iterator it(out.begin(), out.end(), re), end; it != end; ++it)
    seeds.push_back(std::stoull((*it)[1].str()));
  return seeds;
}

TEST(MjaiSecurity, SeedsAreSecretAndNotASequence) {
  const testing::CliRun random_run =
      testing::run_cli("mjai-server --port 0 --games 3 --bots greedy --quiet");
  ASSERT_EQ(random_run.status, 0) << random_run.out;
  const std::vector<std::uint64_t> a = game_seeds(random_run.out);
  ASSERT_EQ(a.size(), 3u) << random_run.out;
  EXPECT_NE(a[1], a[0] + 1);
  EXPECT_NE(a[2], a[1] + 1);
  const std::vector<std::uint64_t> b =
      game_seeds(testing::run_cli("mjai-server --port 0 --games 3 --bots greedy --quiet").out);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_NE(a, b);  // a fresh secret per run
  // A chosen seed makes the run reproducible, and still no sequence.
  const std::vector<std::uint64_t> c = game_seeds(
      testing::run_cli("mjai-server --port 0 --games 3 --bots greedy --seed 5 --quiet").out);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0], 5u);
  EXPECT_NE(c[1], 6u);
  EXPECT_NE(c[2], 7u);
  EXPECT_EQ(
      c,
      game_seeds(
          testing::run_cli("mjai-server --port 0 --games 3 --bots greedy --seed 5 --quiet").out));
}

// A bot that sends answers without ever reading: the server's writes to it fill the socket, time
// out, and its seat goes to the fill bot; the game ends.
TEST(MjaiSecurity, ABotThatNeverReadsIsDroppedNotWaitedFor) {
  const std::string err = ::testing::TempDir() + "mjai_noread.err";
  std::string cmd = "'";
  cmd += RIICHI_CLI_PATH;
  // Enough games for the events to fill the socket buffers (the bot keeps its seat from game to
  // game; once it is dropped, each game waits --wait-ms for another).
  cmd +=
      "' mjai-server --port 0 --games 4 --bots mjai,greedy,greedy,greedy --timeout-ms 1000 "
      "--wait-ms 1500 --quiet 2>'" +
      err + "'";
  FILE* server = popen(cmd.c_str(), "r");
  ASSERT_NE(server, nullptr);
  char buf[4096];
  ASSERT_NE(std::fgets(buf, sizeof buf, server), nullptr);
  const std::string first = buf;
  const int port = std::atoi(first.substr(first.rfind(':') + 1).c_str());
  ASSERT_GT(port, 0) << first;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  const int small = 2048;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);  // fills quickly
  timeval tv{2, 0};
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const auto start = std::chrono::steady_clock::now();
  // Answers keep coming (join, then none to everything) until the server drops the connection.
  std::thread answering([fd] {
    const std::string join = "{\"type\":\"join\",\"name\":\"deaf\"}\n";
    if (send(fd, join.data(), join.size(), MSG_NOSIGNAL) < 0) return;
    std::string none;
    for (int i = 0; i < 64; ++i) none += "{\"type\":\"none\"}\n";
    while (send(fd, none.data(), none.size(), MSG_NOSIGNAL) > 0 || errno == EAGAIN ||
           errno == EWOULDBLOCK) {
    }
  });
  std::string out;
  while (std::fgets(buf, sizeof buf, server) != nullptr) out += buf;
  const int status = pclose(server);
  shutdown(fd, SHUT_RDWR);
  answering.join();
  close(fd);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(WEXITSTATUS(status), 0) << out;
  EXPECT_NE(out.find(", 1 dropped"), std::string::npos) << out;
  std::ifstream in(err);
  const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(log.find("cannot send"), std::string::npos) << log.substr(0, 500);
  EXPECT_LT(seconds, 30.0);
}

}  // namespace
}  // namespace riichi
