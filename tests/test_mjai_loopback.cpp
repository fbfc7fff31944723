// The mjai bot protocol end to end: games through play_mjai_game with in-process mjai clients,
// bad bots (garbage, illegal answers, silence), and the CLI over loopback TCP and stdin/stdout.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "cli_run.hpp"
#include "io/mjai_session.hpp"
#include "io/record_json.hpp"

namespace riichi {
namespace {

// An mjai client in the same process: every line sent is answered at once. The server never
// tells the game seed: the client seeds its bot from `bot_seed` (as `mjai-bot --seed`).
class ClientLink final : public io::MjaiLink {
 public:
  ClientLink(const std::string& bot, std::uint64_t bot_seed)
      : client_([bot](std::uint64_t seed,
                      int seat) { return bots::make_bot(bot, bots::bot_seed(seed, seat)); },
                Rules::ema2016(), "client", bot_seed) {}
  bool send(const std::string& line) override {
    sent_.push_back(line);
    replies_.push_back(client_.answer(line));
    if (!client_.last_warning().empty()) warnings_.push_back(client_.last_warning());
    return true;
  }
  std::optional<std::string> receive(std::chrono::milliseconds, std::string& error) override {
    if (replies_.empty()) {
      error = "nothing to read";
      return std::nullopt;
    }
    std::string r = replies_.front();
    replies_.pop_front();
    return r;
  }
  std::vector<std::string> warnings_;
  std::vector<std::string> sent_;  // every line the server sent

 private:
  io::MjaiBotClient client_;
  std::deque<std::string> replies_;
};

// A bad bot: answers every line with `reply` (or nothing at all when `silent`).
class BadLink final : public io::MjaiLink {
 public:
  BadLink(std::string reply, bool silent = false) : reply_(std::move(reply)), silent_(silent) {}
  bool send(const std::string&) override { return true; }
  std::optional<std::string> receive(std::chrono::milliseconds timeout,
                                     std::string& error) override {
    if (silent_) {
      error = "no answer within " + std::to_string(timeout.count()) + " ms";
      return std::nullopt;
    }
    return reply_;
  }

 private:
  std::string reply_;
  bool silent_;
};

io::MjaiTableOptions table_options(std::vector<std::string>* log) {
  io::MjaiTableOptions o;
  o.timeout = std::chrono::milliseconds(50);
  o.replacement = [](std::uint64_t seed, int seat) {
    return bots::make_bot("greedy", bots::bot_seed(seed, seat));
  };
  o.log = [log](const std::string& line) { log->push_back(line); };
  return o;
}

// The game as mjai carries it: each action's seat, type, tiles (kind, red) and tsumogiri flag.
// (The physical copy of a plain tile is not compared: mjai names tiles, not copies.)
std::string game_key(const GameRecorder& rec) {
  std::ostringstream out;
  const bool red = rec.game().rules().red_fives;
  const auto tile = [red](int id) { return id < 0 ? -1 : id / 4 * 2 + (red && is_red_id(id)); };
  for (const Action& a : rec.actions()) {
    out << int(a.seat) << action_type_name(a.type) << tile(a.tile) << (a.tsumogiri ? "t" : "");
    for (int u : a.uses) out << ',' << tile(u);
    out << ' ';
  }
  for (const HandLog& h : rec.log().hands) {
    out << '\n' << h.name;
    for (int s = 0; s < 4; ++s) out << ' ' << h.scores_after[static_cast<std::size_t>(s)];
  }
  for (int p : rec.log().final.final_scores) out << ' ' << p;
  return out.str();
}

GameRecorder in_process(const std::string& bot, std::uint64_t seed,
                        const Rules& rules = Rules::ema2016()) {
  // The arena's game for rotation 0 of `seed` (seat s plays bot_seed(seed, s)).
  const auto players = bots::make_bots({bot, bot, bot, bot}, seed);
  return bots::play_recorded(rules, seed, bots::seats_of(players));
}

GameRecorder through_mjai(const std::string& bot, std::uint64_t seed,
                          std::array<std::unique_ptr<ClientLink>, 4>& links,
                          io::MjaiTableStats* stats, const Rules& rules = Rules::ema2016()) {
  std::array<io::MjaiSeat, 4> seats;
  for (int s = 0; s < rules.players; ++s) {  // three players: seat 3 is nobody
    // Each client is told the game's seed out of band, as `mjai-bot --seed` would be.
    links[static_cast<std::size_t>(s)] = std::make_unique<ClientLink>(bot, seed);
    seats[static_cast<std::size_t>(s)].link = links[static_cast<std::size_t>(s)].get();
    seats[static_cast<std::size_t>(s)].name = bots::make_bot(bot, 0)->name();
  }
  std::vector<std::string> log;
  GameRecorder rec = io::play_mjai_game(rules, seed, seats, table_options(&log), stats);
  for (const std::string& line : log) ADD_FAILURE() << line;
  return rec;
}

TEST(MjaiLoopback, FourMjaiClientsPlayTheInProcessGame) {
  for (const std::string bot : {"greedy", "random"}) {
    for (std::uint64_t seed : {3u, 11u}) {
      std::array<std::unique_ptr<ClientLink>, 4> links;
      io::MjaiTableStats stats;
      const GameRecorder remote = through_mjai(bot, seed, links, &stats);
      const GameRecorder local = in_process(bot, seed);
      EXPECT_TRUE(remote.game().is_over());
      EXPECT_EQ(stats.refused_answers, 0);
      EXPECT_EQ(stats.dropped_links, 0);
      for (const auto& l : links)
        for (const std::string& w : l->warnings_) ADD_FAILURE() << w;
      EXPECT_EQ(game_key(remote), game_key(local)) << bot << " seed " << seed;
      EXPECT_EQ(remote.record().players, local.record().players);
      // The server never sends the seed: every wall follows from it.
      for (const auto& l : links)
        for (const std::string& line : l->sent_)
          EXPECT_EQ(line.find("seed"), std::string::npos) << line;
    }
  }
}

// Tenhou rules: red fives, kan dora shown after the discard, nagashi, tobi.
TEST(MjaiLoopback, FourMjaiClientsPlayTheInProcessGameTenhouRules) {
  int exact = 0;
  for (std::uint64_t seed : {1u, 2u, 5u}) {
    std::array<std::unique_ptr<ClientLink>, 4> links;
    io::MjaiTableStats stats;
    const GameRecorder remote = through_mjai("random", seed, links, &stats, Rules::tenhou());
    const GameRecorder local = in_process("random", seed, Rules::tenhou());
    EXPECT_EQ(stats.refused_answers, 0);
    for (const auto& l : links)
      for (const std::string& w : l->warnings_) ADD_FAILURE() << w;
    EXPECT_EQ(game_key(remote), game_key(local)) << "seed " << seed;
    exact += remote.actions() == local.actions();
  }
  std::printf("tenhou games identical action for action: %d of 3\n", exact);
}

// Three players (docs/mjai-protocol.md, "Three players"): three mjai clients under
// tenhou_sanma are sent 13 "?" for seat 3 and a nukidora for every kita, answer their own kita
// with nukidora, and play the in-process game action for action.
void three_mjai_clients_play_the_in_process_sanma_game(const std::string& bot) {
  int kita_sent = 0, kita_answered = 0;
  {
    for (std::uint64_t seed : {4u, 9u}) {
      std::array<std::unique_ptr<ClientLink>, 4> links;
      io::MjaiTableStats stats;
      const GameRecorder remote = through_mjai(bot, seed, links, &stats, Rules::tenhou_sanma());
      const GameRecorder local = in_process(bot, seed, Rules::tenhou_sanma());
      EXPECT_TRUE(remote.game().is_over());
      EXPECT_EQ(stats.refused_answers, 0);
      EXPECT_EQ(stats.dropped_links, 0);
      EXPECT_EQ(links[3], nullptr);
      for (int s = 0; s < 3; ++s)
        for (const std::string& w : links[static_cast<std::size_t>(s)]->warnings_)
          ADD_FAILURE() << w;
      EXPECT_EQ(game_key(remote), game_key(local)) << bot << " seed " << seed;
      for (const std::string& line : links[0]->sent_) {
        kita_sent += line.find("\"type\":\"nukidora\"") != std::string::npos;
        if (line.find("\"type\":\"start_kyoku\"") != std::string::npos) {
          EXPECT_NE(line.find("[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\","
                              "\"?\",\"?\"]]"),
                    std::string::npos)
              << line;
        }
      }
      for (const Action& a : remote.actions()) kita_answered += a.type == ActionType::kKita;
    }
  }
  EXPECT_GT(kita_sent, 0);
  EXPECT_GT(kita_answered, 0);
}

TEST(MjaiLoopback, ThreeMjaiClientsPlayTheInProcessSanmaGame) {
  three_mjai_clients_play_the_in_process_sanma_game("random");
}

// The greedy bot sets a North aside whenever it can, also in riichi: a watching client must take
// such a North for the tile just drawn (the only one a seat in riichi may set aside).
TEST(MjaiLoopback, ThreeMjaiGreedyClientsFollowKitaInRiichi) {
  three_mjai_clients_play_the_in_process_sanma_game("greedy");
}

TEST(MjaiLoopback, BadBotsArePlayedByTheDefaultAndTheGameCompletes) {
  std::vector<std::string> log;
  std::array<io::MjaiSeat, 4> seats;
  BadLink garbage("this is not json");
  BadLink illegal(R"({"type":"dahai","actor":1,"pai":"C","tsumogiri":false})");
  BadLink silent("", true);
  seats[0].link = &garbage;
  seats[1].link = &illegal;
  seats[2].link = &silent;
  seats[3].bot = bots::make_bot("greedy", 9);
  for (auto& s : seats) s.name = "x";
  io::MjaiTableStats stats;
  const GameRecorder rec =
      io::play_mjai_game(Rules::ema2016(), 5, seats, table_options(&log), &stats);
  EXPECT_TRUE(rec.game().is_over());
  EXPECT_EQ(stats.dropped_links, 2);    // garbage and silence
  EXPECT_GT(stats.refused_answers, 0);  // the illegal answers, each replaced
  const auto logged = [&](const std::string& part) {
    for (const std::string& l : log)
      if (l.find(part) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(logged("seat 0 (x): answer to start_game (event 0) is not a JSON object"));
  EXPECT_TRUE(logged("seat 2 (x): no answer to start_game (event 0): no answer within 50 ms"));
  EXPECT_TRUE(logged("seat 1 (x): answer to event"));
  EXPECT_TRUE(logged("replaced by"));
  EXPECT_EQ(seats[0].link, nullptr);
  EXPECT_NE(seats[1].link, nullptr);  // well-formed answers keep the connection
}

// ---------------------------------------------------------------------------------------------
// The CLI

std::string read_loopback_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(MjaiLoopback, ServerAndFourBotProcessesOverTcp) {
  const std::string dir = ::testing::TempDir() + "mjai_loopback";
  std::filesystem::remove_all(dir);
  std::string cmd = "'";
  cmd += RIICHI_CLI_PATH;
  cmd += "' mjai-server --port 0 --games 1 --seed 21 --wait-ms 60000 --timeout-ms 20000 --out '";
  cmd += dir;
  cmd += "' 2>'";
  cmd += dir;
  cmd += ".err'";
  FILE* server = popen(cmd.c_str(), "r");
  ASSERT_NE(server, nullptr);
  char buf[4096];
  ASSERT_NE(std::fgets(buf, sizeof buf, server), nullptr) << read_loopback_file(dir + ".err");
  const std::string first = buf;
  const auto colon = first.rfind(':');
  ASSERT_TRUE(first.rfind("mjai-server: listening on 127.0.0.1:", 0) == 0) << first;
  const std::string port = first.substr(colon + 1, first.find_first_of("\r\n") - colon - 1);
  for (int i = 0; i < 4; ++i) {
    std::string bot = "'";
    bot += RIICHI_CLI_PATH;
    bot += "' mjai-bot --bot greedy --seed 21 --connect 127.0.0.1:";
    bot += port;
    bot += " >/dev/null 2>&1 &";
    ASSERT_EQ(std::system(bot.c_str()), 0);
  }
  std::string out;
  while (std::fgets(buf, sizeof buf, server) != nullptr) out += buf;
  const int status = pclose(server);
  ASSERT_EQ(WEXITSTATUS(status), 0) << out << read_loopback_file(dir + ".err");
  EXPECT_NE(out.find("0 refused answers, 0 dropped"), std::string::npos) << out;
  EXPECT_NE(out.find("Final table"), std::string::npos) << out;
  // The record replays, and is the in-process game of seed 21.
  std::ifstream in(dir + "/mjai-game-1.jsonl");
  const std::vector<io::RecordedGame> games = io::read_records(in);
  ASSERT_EQ(games.size(), 1u);
  const ReplayResult replayed = replay(games[0].record);
  ASSERT_TRUE(replayed.ok()) << replayed.divergence->message();
  GameRecorder again(games[0].record.rules, games[0].record.seed, games[0].record.players);
  for (std::size_t i = 0; i < games[0].record.actions.size(); ++i)
    ASSERT_TRUE(again.apply(games[0].record.actions[i]).ok);
  EXPECT_EQ(game_key(again), game_key(in_process("greedy", 21)));
}

TEST(MjaiLoopback, StdioBotAnswersAScriptedHand) {
  const std::string dir = ::testing::TempDir();
  const std::string script = dir + "mjai_script.jsonl";
  std::ofstream(script)
      << R"({"type":"hello","protocol":"mjsonp","protocol_version":3})"
         "\n"
      << R"({"type":"start_game","id":0,"names":["a","b","c","d"]})"
         "\n"
      << R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,)"
         R"("dora_marker":"1p","scores":[30000,30000,30000,30000],"tehais":[)"
         R"(["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"],)"
         R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
         R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
         R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"]]})"
         "\n"
      << R"({"type":"tsumo","actor":0,"pai":"5p"})"
         "\n"
      << R"({"type":"dahai","actor":0,"pai":"5q"})"
         "\n"
      << R"({"type":"dahai","actor":0,)"
         "\n";
  const testing::CliRun run = testing::run_cli("mjai-bot --bot greedy < '" + script + "'");
  std::vector<std::string> lines;
  std::istringstream ss(run.out);
  for (std::string l; std::getline(ss, l);) lines.push_back(l);
  ASSERT_GE(lines.size(), 6u) << run.out;
  EXPECT_EQ(lines[0], R"({"type":"join","name":"greedy","room":"default"})");
  EXPECT_EQ(lines[1], R"({"type":"none"})");
  EXPECT_EQ(lines[2], R"({"type":"none"})");
  // A complete hand on the dealer's first draw: the greedy bot always takes the win.
  EXPECT_EQ(lines[3], R"({"type":"hora","actor":0,"target":0,"pai":"5p"})");
  EXPECT_NE(run.out.find("error: line 5: field 'pai': bad mjai tile '5q'"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("error: line 6: malformed JSON"), std::string::npos) << run.out;
  EXPECT_EQ(run.status, 2);
}

std::vector<std::string> output_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream ss(out);
  for (std::string l; std::getline(ss, l);) lines.push_back(l);
  return lines;
}

// A real game exported to mjai as other tools write it: start_game without "id", with "seed" as
// [nonce, key] and fields this engine does not know; hora with "ura_markers".
std::string mjai_log_of_other_tools(const std::string& dir) {
  const std::string mjlog =
      std::string(RIICHI_SHARED_DATA_DIR) + "/tenhou-mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog";
  if (!std::filesystem::exists(mjlog)) return "";
  const std::string exported = dir + "mjai_export.jsonl";
  const testing::CliRun run =
      testing::run_cli("export --to mjai -o '" + exported + "' '" + mjlog + "'");
  EXPECT_EQ(run.status, 0) << run.out;
  std::ifstream in(exported);
  std::string text, line;
  while (std::getline(in, line)) {
    const std::string start = R"({"type":"start_game",)";
    if (line.rfind(start, 0) == 0)
      line = start + R"("seed":[123,456],"rules_version":"x",)" + line.substr(start.size());
    text += line + "\n";
  }
  return text;
}

TEST(MjaiLoopback, BotReadsTheMjaiLogsOfOtherTools) {
  const std::string dir = ::testing::TempDir();
  const std::string log = mjai_log_of_other_tools(dir);
  if (log.empty()) GTEST_SKIP() << "no shared mjlog";
  EXPECT_NE(log.find(R"("ura_markers":[)"), std::string::npos);  // the export's name
  EXPECT_EQ(log.find("uradora_markers"), std::string::npos);
  EXPECT_EQ(log.find(R"("id":)"), std::string::npos);
  const std::string path = dir + "mjai_other_tool.jsonl";
  std::ofstream(path) << log;
  const std::size_t events = output_lines(log).size();
  for (int seat = 0; seat < 4; ++seat) {
    const testing::CliRun run = testing::run_cli(
        "mjai-bot --bot greedy --rules tenhou --seat " + std::to_string(seat) + " < '" + path + "'",
        false);
    EXPECT_EQ(run.status, 0) << "seat " << seat;
    const std::vector<std::string> lines = output_lines(run.out);
    EXPECT_EQ(lines.size(), events);  // every event answered
    int own = 0;
    for (const std::string& l : lines)
      own += l.find("\"actor\":" + std::to_string(seat)) != std::string::npos;
    EXPECT_GT(own, 100) << "seat " << seat << " played its turns";
  }
  // Without --seat the missing id is named.
  const testing::CliRun run = testing::run_cli("mjai-bot --bot greedy < '" + path + "'");
  EXPECT_NE(run.out.find("error: line 1: start_game has no field 'id' (the seat played): give the "
                         "seat (--seat)"),
            std::string::npos)
      << run.out.substr(0, 300);
  EXPECT_EQ(run.status, 2);
}

TEST(MjaiLoopback, BatchFramingAnswersTheLastEventOfEachArray) {
  const std::string dir = ::testing::TempDir();
  const std::string script = dir + "mjai_batch.jsonl";
  std::ofstream(script)
      << R"([{"type":"start_game","names":["a","b","c","d"],"id":0}])"
         "\n"
      << R"([{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,)"
         R"("dora_marker":"1p","scores":[30000,30000,30000,30000],"tehais":[)"
         R"(["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"],)"
         R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
         R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
         R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"]]},)"
         R"({"type":"tsumo","actor":0,"pai":"5p"}])"
         "\n"
      << "[]\n"
      << R"({"type":"tsumo","actor":0,"pai":"5p"})"
         "\n"
      << R"([{"type":"tsumo","actor":9}])"
         "\n";
  const testing::CliRun run =
      testing::run_cli("mjai-bot --bot greedy --framing batch < '" + script + "'");
  const std::vector<std::string> lines = output_lines(run.out);
  ASSERT_GE(lines.size(), 5u) << run.out;
  EXPECT_EQ(lines[0], R"({"type":"none"})");
  // Two events in one line, one answer: the win on the dealer's first draw.
  EXPECT_EQ(lines[1], R"({"type":"hora","actor":0,"target":0,"pai":"5p"})");
  EXPECT_EQ(lines[2], R"({"type":"none"})");  // an empty array
  EXPECT_NE(run.out.find("error: line 4: not a JSON array of events (--framing batch)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("error: line 5, event 1: field 'actor' is not an integer 0..3"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(testing::run_cli("mjai-bot --framing lines < /dev/null").status, 2);
  EXPECT_EQ(testing::run_cli("mjai-bot --seat 4 < /dev/null").status, 2);
}

TEST(MjaiLoopback, CliRejectsBadOptions) {
  EXPECT_EQ(testing::run_cli("mjai-bot --bot nosuch < /dev/null").status, 2);
  EXPECT_EQ(testing::run_cli("mjai-bot --connect nohostport < /dev/null").status, 2);
  const testing::CliRun run = testing::run_cli("mjai-server --port 0 --bots mjai,foo,mjai,mjai");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("--bots: unknown seat 'foo'"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace riichi
