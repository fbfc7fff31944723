// `riichi mjai-server --port P [--host H] [--rules PRESET] [--games N] [--seed S] [--bots LIST]
// [--fill NAME] [--timeout-ms T] [--wait-ms W] [--out DIR] [--quiet]`: hosts games over TCP where
// any mjai bot can sit (docs/mjai-protocol.md). Bots that connect take the `mjai` seats of --bots
// in the order they connect (and keep them for the following games); seats still empty after
// --wait-ms, and the seat of a bot that disconnects, answers late, does not read, or sends
// garbage, are played by the --fill bot. Every answer is checked; a refused one is logged on
// stderr and replaced by a safe default. Each game's record goes to DIR/mjai-game-K.jsonl; a
// final table is printed. Bots never get the seed: each game's seed comes from the operating
// system's secure random source, or with --seed S (a reproducible run) game 1 plays S and
// game k the hash game_seed(S, k) (no sequence a bot could follow).
//
// Exit status: 0 when every game was played; 2 for a bad option; 1 when the port cannot be opened.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "commands.hpp"
#include "game_summary.hpp"
#include "input_error.hpp"
#include "io/mjai_session.hpp"
#include "io/record_json.hpp"
#include "net_line.hpp"
#include "request_guard.hpp"

namespace riichi::cli {

namespace {

struct MjaiServerOptions {
  int port = -1;
  std::string host = "127.0.0.1";
  std::string rules = "ema2016";
  int games = 1;
  std::uint64_t seed = 1;
  std::string bots = "mjai";
  std::string fill = "greedy";
  int timeout_ms = 5000;
  int wait_ms = 30000;
  std::string out;
  bool quiet = false;
  bool seed_given = false;
};

// The socket send buffer towards each remote bot (the kernel doubles it).
constexpr int kBotSendBuffer = 64 * 1024;

// The seed of game `g` (0-based) of a run started with --seed S: S, then a splitmix64 hash.
std::uint64_t game_seed(std::uint64_t s, int g) {
  if (g == 0) return s;
  std::uint64_t z = s + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(g);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// "mjai" or a registry name per seat ("" for seat 3 of a three-player game).
std::array<std::string, 4> seat_kinds(const std::string& list, int players) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    parts.push_back(list.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (parts.size() == 1) parts.assign(static_cast<std::size_t>(players), parts[0]);
  if (parts.size() != static_cast<std::size_t>(players))
    fail(kExitBadInput,
         fmt::format("--bots: expected one entry or {} separated by commas, got '{}'",
                     players == 3 ? "three" : "four", list));
  for (const std::string& p : parts)
    if (p != "mjai" && !bots::is_bot_name(p))
      fail(kExitBadInput,
           fmt::format("--bots: unknown seat '{}' (mjai, {})", p, bots::bot_names()));
  parts.resize(4);
  return {parts[0], parts[1], parts[2], parts[3]};
}

class Server {
 public:
  Server(const MjaiServerOptions& opt, const Rules& rules)
      : opt_(opt), rules_(rules), acceptor_(io_), kinds_(seat_kinds(opt.bots, rules.players)) {}

  void listen() {
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(opt_.host, ec);
    if (ec) fail(kExitBadInput, fmt::format("--host: bad address '{}'", opt_.host));
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(opt_.port));
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) fail(1, fmt::format("cannot listen on {}:{}: {}", opt_.host, opt_.port, ec.message()));
    fmt::print("mjai-server: listening on {}:{}\n", opt_.host, acceptor_.local_endpoint().port());
    std::fflush(stdout);
  }

  void run() {
    if (!opt_.out.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(opt_.out, ec);
      if (ec)
        fail(kExitBadInput, fmt::format("--out: cannot create '{}': {}", opt_.out, ec.message()));
    }
    for (int g = 0; g < opt_.games; ++g) play_one(g);
    for (auto& c : conns_) c.link->close();
  }

 private:
  struct Conn {
    std::unique_ptr<TcpLineLink> link;
    std::string name;
  };

  int remote_seats() const {
    int n = 0;
    for (const std::string& k : kinds_) n += k == "mjai";
    return n;
  }

  // Accepts connections until `wanted` bots are seated or the wait is over.
  void accept_until(std::size_t wanted) {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(opt_.wait_ms);
    while (conns_.size() < wanted) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      auto link = std::make_unique<TcpLineLink>(io_, std::chrono::milliseconds(opt_.timeout_ms));
      bool done = false;
      boost::system::error_code result;
      acceptor_.async_accept(link->socket(), [&](const boost::system::error_code& ec) {
        result = ec;
        done = true;
      });
      io_.restart();
      io_.run_for(left);
      if (!done) {
        acceptor_.cancel();
        io_.restart();
        io_.run();
        break;
      }
      if (result) continue;
      // A bot that reads keeps this buffer nearly empty; one that does not fills it within a game,
      // and the send timeout then drops it (without a limit the kernel would buffer megabytes).
      boost::system::error_code ignored;
      link->socket().set_option(asio::socket_base::send_buffer_size(kBotSendBuffer), ignored);
      std::string error;
      const std::string name =
          io::mjai_handshake(*link, std::chrono::milliseconds(opt_.timeout_ms), error);
      if (name.empty()) {
        fmt::print(stderr, "mjai-server: a connection failed the handshake: {}\n", error);
        link->close();
        continue;
      }
      if (!opt_.quiet) fmt::print("mjai-server: '{}' joined\n", name);
      conns_.push_back({std::move(link), name});
    }
  }

  void play_one(int g) {
    const std::uint64_t seed =
        opt_.seed_given ? game_seed(opt_.seed, g) : server::secure_random_u64();
    accept_until(static_cast<std::size_t>(remote_seats()));
    std::array<io::MjaiSeat, 4> seats;
    std::size_t next = 0;
    for (int s = 0; s < rules_.players; ++s) {
      io::MjaiSeat& seat = seats[static_cast<std::size_t>(s)];
      const std::string& kind = kinds_[static_cast<std::size_t>(s)];
      if (kind == "mjai" && next < conns_.size()) {
        seat.link = conns_[next].link.get();
        seat.name = conns_[next].name;
        ++next;
        continue;
      }
      const std::string bot = kind == "mjai" ? opt_.fill : kind;
      seat.bot = bots::make_bot(bot, bots::bot_seed(seed, s), rules_);
      seat.name = seat.bot->name();
      if (kind == "mjai")
        fmt::print(stderr, "mjai-server: game {}: seat {} empty, played by {}\n", g + 1, s, bot);
    }
    io::MjaiTableOptions options;
    options.timeout = std::chrono::milliseconds(opt_.timeout_ms);
    const std::string fill = opt_.fill;
    options.replacement = [fill, rules = rules_](std::uint64_t seed_of_game, int seat) {
      return bots::make_bot(fill, bots::bot_seed(seed_of_game, seat), rules);
    };
    options.log = [g](const std::string& line) {
      fmt::print(stderr, "mjai-server: game {}: {}\n", g + 1, line);
    };
    io::MjaiTableStats stats;
    GameRecorder rec = io::play_mjai_game(rules_, seed, seats, options, &stats);
    // Dropped connections leave the pool.
    std::vector<Conn> alive;
    for (std::size_t i = 0; i < conns_.size(); ++i) {
      bool keep = i >= next;  // not seated in this game
      for (const io::MjaiSeat& seat : seats) keep |= seat.link == conns_[i].link.get();
      if (keep) alive.push_back(std::move(conns_[i]));
    }
    conns_ = std::move(alive);
    report(g, seed, rec, stats);
  }

  void report(int g, std::uint64_t seed, const GameRecorder& rec, const io::MjaiTableStats& stats) {
    const GameRecord record = rec.record();
    if (!opt_.out.empty()) {
      const std::string path = fmt::format("{}/mjai-game-{}.jsonl", opt_.out, g + 1);
      std::ofstream out(path, std::ios::binary);
      io::write_game(out, record, rec.log(), 0);
      if (!out) fail(1, fmt::format("cannot write '{}'", path));
      if (!opt_.quiet) fmt::print("record: {}\n", path);
    }
    fmt::print("== Game {} of {}: seed {}, rules {}, {} hands, {} refused answers, {} dropped\n",
               g + 1, opt_.games, seed, rules_.name, rec.log().hands.size(), stats.refused_answers,
               stats.dropped_links);
    fmt::print("{}", final_table(rec.log(), record));
    std::fflush(stdout);
  }

  const MjaiServerOptions& opt_;
  Rules rules_;
  asio::io_context io_;
  tcp::acceptor acceptor_;
  std::array<std::string, 4> kinds_;
  std::vector<Conn> conns_;
};

}  // namespace

void add_mjai_server_command(CLI::App& app) {
  auto opt = std::make_shared<MjaiServerOptions>();
  CLI::App* cmd = app.add_subcommand(
      "mjai-server",
      "Host games over TCP where any mjai bot can sit (docs/mjai-protocol.md); empty seats\n"
      "take built-in bots; every answer is checked; each game's record is written.");
  cmd->add_option("--port", opt->port, "TCP port (0: any free port, printed)")
      ->required()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--host", opt->host, "address to listen on")->capture_default_str();
  cmd->add_option("--rules", opt->rules, rules_option_help())->capture_default_str();
  cmd->add_option("--games", opt->games, "games to play")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  CLI::Option* seed = cmd->add_option(
      "--seed", opt->seed,
      "seed of the first game, for a reproducible run (later games: a hash of it);\n"
      "default: a secret random seed per game");
  cmd->add_option("--bots", opt->bots,
                  "four seats (or one for all): 'mjai' for a connecting bot, else a built-in\n"
                  "bot (" +
                      bots::bot_names() + ")")
      ->capture_default_str();
  cmd->add_option("--fill", opt->fill, "built-in bot for empty or dropped mjai seats")
      ->capture_default_str();
  cmd->add_option("--timeout-ms", opt->timeout_ms, "time limit per answer")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600000));
  cmd->add_option("--wait-ms", opt->wait_ms, "how long to wait for bots before each game")
      ->capture_default_str()
      ->check(CLI::Range(0, 86400000));
  cmd->add_option("--out", opt->out, "directory for the records (mjai-game-K.jsonl)");
  cmd->add_flag("-q,--quiet", opt->quiet, "print only the final tables");
  cmd->callback([opt, seed]() {
    opt->seed_given = seed->count() > 0;
    std::string error;
    const std::optional<Rules> rules = Rules::try_parse(opt->rules, &error);
    if (!rules) fail(kExitBadInput, fmt::format("--rules: {}", error));
    if (!bots::is_bot_name(opt->fill))
      fail(kExitBadInput,
           fmt::format("--fill: unknown bot '{}' (known: {})", opt->fill, bots::bot_names()));
    Server server(*opt, *rules);
    server.listen();
    server.run();
  });
}

}  // namespace riichi::cli
