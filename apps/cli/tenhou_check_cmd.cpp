// `riichi tenhou-check PATH...`: replays Tenhou games (files, or directories of them: mjlog XML,
// gzipped mjlog, tenhou.net/6 JSON, mjai; found by content, io/log_reader.hpp) through the
// engine with the rules each log says (io/tenhou_rules.hpp; --rules overrides) and compares
// every hand with the log (io/tenhou_replay.hpp). One line per game in input order, then
// `N games, M hands, K mismatches` and the mismatches by kind. `-j N` checks N files at once; a
// progress bar shows on a terminal.
//
// Exit status: 0 every hand matches; 1 some mismatch; 2 an unreadable, malformed or refused
// input (a lobby the engine does not play), the other files still checked and counted.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/log_reader.hpp"
#include "io/tenhou_replay.hpp"
#include "io/tenhou_rules.hpp"
#include "log_files.hpp"
#include "riichi/rules.hpp"

namespace riichi::cli {

namespace {

namespace fs = std::filesystem;

struct CheckOptions {
  std::vector<std::string> paths;
  bool verbose = false;
  std::string rules;  // empty: each log's own rules
  int jobs = 1;
  bool progress = true;
};

// What checking one file gives.
struct FileResult {
  std::string out;  // the lines for standard output
  std::string err;  // the lines for standard error
  long games = 0, hands = 0, mismatches = 0;
  bool unreadable = false;
  std::optional<std::string> refused;  // the lobby refused
  std::map<std::string, long> kinds;   // mismatches by kind
};

// "P2's win: yaku" -> "yaku": the kind of a mismatch, without the seat.
std::string mismatch_kind(const std::string& what) {
  const auto at = what.find("'s win: ");
  return at == std::string::npos ? what : "win: " + what.substr(at + 8);
}

void check_game(const io::LogGame& g, const CheckOptions& opt, FileResult& r) {
  if (!g.tenhou) {
    r.err += fmt::format("error: {}: an engine record, not a Tenhou log (use `riichi replay`)\n",
                         g.source);
    r.unreadable = true;
    return;
  }
  const io::GameReplay rep = io::replay_mjlog(*g.tenhou, g.rules);
  ++r.games;
  r.hands += rep.hands_checked;
  r.mismatches += static_cast<long>(rep.mismatches.size());
  for (const io::ReplayMismatch& m : rep.mismatches) ++r.kinds[mismatch_kind(m.what)];
  std::string line = fs::path(g.source).filename().string();
  line += fmt::format(": {} hands, ", rep.hands_checked);
  if (rep.mismatches.empty()) {
    line += "all match";
  } else {
    line += fmt::format("{} mismatch{}; first: {}", rep.mismatches.size(),
                        rep.mismatches.size() == 1 ? "" : "es", rep.mismatches.front().message());
  }
  if (rep.truncated) line += fmt::format(" (truncated: {})", rep.truncation);
  r.out += line + '\n';
  if (opt.verbose)
    for (std::size_t i = 1; i < rep.mismatches.size(); ++i)
      r.out += fmt::format("  {}\n", rep.mismatches[i].message());
}

FileResult check_file(const fs::path& file, const CheckOptions& opt,
                      const std::optional<Rules>& rules) {
  FileResult r;
  try {
    for (const io::LogGame& g : io::read_log(file, rules)) check_game(g, opt, r);
  } catch (const io::UnsupportedGame& e) {
    r.err += fmt::format("refused: {}: {}\n", file.string(), e.what());
    r.refused = e.lobby();
  } catch (const io::MjlogError& e) {
    r.err += fmt::format("error: {}\n", e.what());
    r.unreadable = true;
  } catch (const std::exception& e) {
    r.err += fmt::format("error: {}: {}\n", file.string(), e.what());
    r.unreadable = true;
  }
  return r;
}

void run_check(const CheckOptions& opt) {
  std::optional<Rules> rules;
  if (!opt.rules.empty()) {
    try {
      rules = Rules::parse(opt.rules);
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}\n", e.what());
      throw CLI::RuntimeError(kExitBadInput);
    }
  }
  bool unreadable = false;
  const std::vector<fs::path> files = collect_log_files(opt.paths, unreadable);
  const int jobs = std::clamp(opt.jobs, 1, 256);
  const auto start = std::chrono::steady_clock::now();
  long games = 0, hands = 0, mismatches = 0, refused = 0;
  std::map<std::string, long> kinds, lobbies;
  read_logs_in_order(
      files, jobs, opt.progress, [&](const fs::path& f) { return check_file(f, opt, rules); },
      [&](FileResult& r) {
        fmt::print("{}", r.out);
        std::fflush(stdout);
        fmt::print(stderr, "{}", r.err);
        games += r.games;
        hands += r.hands;
        mismatches += r.mismatches;
        unreadable = unreadable || r.unreadable;
        if (r.refused) ++refused, ++lobbies[*r.refused];
        for (const auto& [k, c] : r.kinds) kinds[k] += c;
        return static_cast<long>(r.games);
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{} games, {} hands, {} mismatches\n", games, hands, mismatches);
  std::vector<std::pair<long, std::string>> by_kind;
  for (const auto& [k, c] : kinds) by_kind.emplace_back(-c, k);
  std::sort(by_kind.begin(), by_kind.end());
  for (const auto& [c, k] : by_kind) fmt::print("  {:6}  {}\n", -c, k);
  if (refused > 0) {
    std::string list;
    for (const auto& [l, c] : lobbies)
      list += fmt::format("{}{} {}", list.empty() ? "" : ", ", c, l);
    fmt::print("{} refused (lobbies the engine does not play: {})\n", refused, list);
  }
  std::fflush(stdout);
  fmt::print(stderr, "{} files in {:.2f} s ({:.0f} games/s, -j {})\n", files.size(), seconds,
             seconds > 0 ? games / seconds : 0.0, jobs);
  if (unreadable || refused > 0) throw CLI::RuntimeError(kExitBadInput);
  if (mismatches > 0) throw CLI::RuntimeError(1);
}

}  // namespace

void add_tenhou_check_command(CLI::App& app) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "tenhou-check",
      "Replay Tenhou games (mjlog, gzipped mjlog, tenhou.net/6 JSON) through the engine with the "
      "rules each log says and compare every hand");
  cmd->add_option("paths", opt->paths, "log files or directories of them (searched recursively)")
      ->required();
  cmd->add_flag("--verbose,-v", opt->verbose, "list every mismatch, not only the first per game");
  cmd->add_option("--rules", opt->rules,
                  "replay every game with these rules instead of the log's own (e.g. "
                  "tenhou,tenpai_yame=false: shows which logs settle a rule)");
  cmd->add_option("-j,--jobs", opt->jobs, "files checked at once (threads)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("!--no-progress", opt->progress, "no progress bar (it shows on a terminal only)");
  cmd->callback([opt] { run_check(*opt); });
}

}  // namespace riichi::cli
