// `riichi mjai-bot --bot NAME [--seed S] [--rules PRESET] [--name N] [--seat N]
// [--framing line|batch] [--connect HOST:PORT]`: plays a registry bot over the mjai protocol
// (docs/mjai-protocol.md): one event per line in, one answer per line out (--framing batch: a
// JSON array of events per line, one answer for the last), on stdin/stdout or as a TCP client.
//
// Exit status: 0 when the input ends (or the server closes the connection); 2 for a bad option or
// when some line could not be understood (each reported on stderr with its line number, answered
// {"type":"none"}); 1 when the connection cannot be made.
#include <fmt/core.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "commands.hpp"
#include "input_error.hpp"
#include "io/mjai_session.hpp"
#include "net_line.hpp"

namespace riichi::cli {

namespace {

struct MjaiBotOptions {
  std::string bot = "strong";
  std::uint64_t seed = 0;
  std::string rules = "ema2016";
  std::string name;
  std::string connect;
  int seat = -1;
  std::string framing = "line";
  bool verbose = false;
};

class Session {
 public:
  Session(io::MjaiBotClient& client, bool verbose, bool batch)
      : client_(client), verbose_(verbose), batch_(batch) {}

  // The answer to one line ("" for an empty line: nothing to answer).
  std::string on_line(const std::string& raw) {
    ++line_no_;
    std::string line = raw;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) return "";
    if (verbose_) fmt::print(stderr, "<- {}\n", line);
    std::string out = batch_ ? answer_batch(line) : answer_event(line, "");
    if (verbose_) fmt::print(stderr, "-> {}\n", out);
    return out;
  }
  int errors() const { return errors_; }

 private:
  std::string answer_event(const std::string& event, const std::string& where) {
    std::string out = R"({"type":"none"})";
    try {
      out = client_.answer(event);
    } catch (const io::MjaiError& e) {
      ++errors_;
      fmt::print(stderr, "error: line {}{}: {}\n", line_no_, where, e.what());
    }
    if (!client_.last_warning().empty())
      fmt::print(stderr, "warning: line {}{}: {}\n", line_no_, where, client_.last_warning());
    return out;
  }

  // The competition servers' framing: a JSON array of the events since the last answer; the
  // answer is the one to the last event ({"type":"none"} for an empty array).
  std::string answer_batch(const std::string& line) {
    nlohmann::json events;
    try {
      events = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& e) {
      ++errors_;
      fmt::print(stderr, "error: line {}: malformed JSON: {}\n", line_no_, e.what());
      return R"({"type":"none"})";
    }
    if (!events.is_array()) {
      ++errors_;
      fmt::print(stderr, "error: line {}: not a JSON array of events (--framing batch)\n",
                 line_no_);
      return R"({"type":"none"})";
    }
    std::string out = R"({"type":"none"})";
    for (std::size_t i = 0; i < events.size(); ++i)
      out = answer_event(events[i].dump(), fmt::format(", event {}", i + 1));
    return out;
  }

  io::MjaiBotClient& client_;
  bool verbose_;
  bool batch_;
  int line_no_ = 0;
  int errors_ = 0;
};

int run_stdio(Session& session) {
  std::string line;
  bool truncated = false;
  while (std::getline(std::cin, line)) {
    truncated = std::cin.eof();  // the last line had no newline
    const std::string out = session.on_line(line);
    if (out.empty()) continue;
    std::cout << out << '\n' << std::flush;
  }
  if (truncated) fmt::print(stderr, "warning: the last line had no newline (truncated input?)\n");
  return session.errors() > 0 ? kExitBadInput : 0;
}

int run_tcp(Session& session, const std::string& target) {
  std::string host;
  unsigned short port = 0;
  if (!split_host_port(target, host, port))
    fail(kExitBadInput, fmt::format("--connect: expected HOST:PORT, got '{}'", target));
  asio::io_context io;
  TcpLineLink link(io);
  boost::system::error_code ec;
  tcp::resolver resolver(io);
  const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
  if (!ec) asio::connect(link.socket(), endpoints, ec);
  if (ec) fail(1, fmt::format("cannot connect to {}: {}", target, ec.message()));
  while (true) {
    std::string error;
    const std::optional<std::string> line = link.receive_blocking(error);
    if (!line) {
      if (error != "connection closed") fmt::print(stderr, "warning: {}\n", error);
      break;
    }
    const std::string out = session.on_line(*line);
    if (out.empty()) continue;
    if (!link.send(out)) {
      fmt::print(stderr, "warning: cannot send the answer: connection lost\n");
      break;
    }
  }
  return session.errors() > 0 ? kExitBadInput : 0;
}

}  // namespace

void add_mjai_bot_command(CLI::App& app) {
  auto opt = std::make_shared<MjaiBotOptions>();
  CLI::App* cmd = app.add_subcommand(
      "mjai-bot",
      "Play a built-in bot over the mjai protocol (docs/mjai-protocol.md): one JSON event per\n"
      "line in, one answer per line out; stdin/stdout, or a TCP client with --connect.");
  cmd->add_option("--bot", opt->bot, "the bot: " + bots::bot_names())->capture_default_str();
  cmd->add_option("--seed", opt->seed,
                  "game seed when the server does not announce one (the bot is seeded\n"
                  "bot_seed(game seed, seat) at each start_game)")
      ->capture_default_str();
  cmd->add_option("--rules", opt->rules,
                  "rules when start_game does not name them. " + rules_option_help())
      ->capture_default_str();
  cmd->add_option("--name", opt->name, "the name sent in join (default: the bot's name)");
  cmd->add_option("--connect", opt->connect, "HOST:PORT of an mjai server (default: stdin/stdout)");
  cmd->add_option("--seat", opt->seat,
                  "the seat played (0..3) when start_game has no integer 'id' (mjai logs of\n"
                  "other tools; servers that start the bot knowing its seat)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--framing", opt->framing,
                  "line: one event per line, each answered; batch: a JSON array of events per\n"
                  "line (the mjai competition servers), one answer for the last event")
      ->check(CLI::IsMember({"line", "batch"}))
      ->capture_default_str();
  cmd->add_flag("-v,--verbose", opt->verbose, "echo every line received and sent on stderr");
  cmd->callback([opt]() {
    std::string error;
    const std::optional<Rules> rules = Rules::try_parse(opt->rules, &error);
    if (!rules) fail(kExitBadInput, fmt::format("--rules: {}", error));
    if (!bots::is_bot_name(opt->bot))
      fail(kExitBadInput,
           fmt::format("--bot: unknown bot '{}' (known: {})", opt->bot, bots::bot_names()));
    const std::string bot = opt->bot;
    const std::string name = opt->name.empty() ? bots::make_bot(bot, 0)->name() : opt->name;
    io::MjaiBotClient client(
        [bot, rules = *rules](std::uint64_t seed, int seat) {
          return bots::make_bot(bot, bots::bot_seed(seed, seat), rules);
        },
        *rules, name, opt->seed);
    client.set_default_seat(opt->seat);
    Session session(client, opt->verbose, opt->framing == "batch");
    const int code = opt->connect.empty() ? run_stdio(session) : run_tcp(session, opt->connect);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace riichi::cli
