// `riichi tenhou-check PATH...`: replays Tenhou mjlog games (files, or directories of .mjlog /
// .xml files) through the engine with the tenhou preset and compares every hand with the log
// (io/tenhou_replay.hpp). One line per game, then `N games, M hands, K mismatches`.
//
// Exit status: 0 every hand matches; 1 some mismatch; 2 an unreadable or malformed input.
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"
#include "riichi/rules.hpp"

namespace riichi::cli {

namespace {

namespace fs = std::filesystem;

struct CheckOptions {
  std::vector<std::string> paths;
  bool verbose = false;
  std::string rules = "tenhou";
};

bool is_log(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".mjlog" || ext == ".xml";
}

void run_check(const CheckOptions& opt) {
  Rules rules;
  try {
    rules = Rules::parse(opt.rules);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    throw CLI::RuntimeError(kExitBadInput);
  }
  std::vector<fs::path> files;
  bool unreadable = false;
  for (const std::string& p : opt.paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> in_dir;
      for (const auto& entry : fs::directory_iterator(p, ec))
        if (entry.is_regular_file(ec) && is_log(entry.path())) in_dir.push_back(entry.path());
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (fs::is_regular_file(p, ec)) {
      files.emplace_back(p);
    } else {
      fmt::print(stderr, "error: cannot read '{}'\n", p);
      unreadable = true;
    }
  }
  long games = 0, hands = 0, mismatches = 0;
  for (const fs::path& file : files) {
    io::MjlogGame game;
    try {
      game = io::read_mjlog(file);
    } catch (const io::MjlogError& e) {
      fmt::print(stderr, "error: {}\n", e.what());
      unreadable = true;
      continue;
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}: {}\n", file.string(), e.what());
      unreadable = true;
      continue;
    }
    const io::GameReplay rep = io::replay_mjlog(game, rules);
    ++games;
    hands += rep.hands_checked;
    mismatches += static_cast<long>(rep.mismatches.size());
    std::string line = file.filename().string();
    line += ": ";
    line += std::to_string(rep.hands_checked);
    line += " hands, ";
    if (rep.mismatches.empty()) {
      line += "all match";
    } else {
      line += std::to_string(rep.mismatches.size());
      line += rep.mismatches.size() == 1 ? " mismatch; first: " : " mismatches; first: ";
      line += rep.mismatches.front().message();
    }
    if (rep.truncated) {
      line += " (truncated: ";
      line += rep.truncation;
      line += ")";
    }
    fmt::print("{}\n", line);
    if (opt.verbose)
      for (std::size_t i = 1; i < rep.mismatches.size(); ++i)
        fmt::print("  {}\n", rep.mismatches[i].message());
  }
  fmt::print("{} games, {} hands, {} mismatches\n", games, hands, mismatches);
  if (unreadable) throw CLI::RuntimeError(kExitBadInput);
  if (mismatches > 0) throw CLI::RuntimeError(1);
}

}  // namespace

void add_tenhou_check_command(CLI::App& app) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "tenhou-check",
      "Replay Tenhou mjlog games through the engine (tenhou rules) and compare every hand");
  cmd->add_option("paths", opt->paths, "mjlog files or directories of them")->required();
  cmd->add_flag("--verbose,-v", opt->verbose, "list every mismatch, not only the first per game");
  cmd->add_option("--rules", opt->rules,
                  "rules to replay with (default tenhou; overrides show which logs settle a rule)");
  cmd->callback([opt] { run_check(*opt); });
}

}  // namespace riichi::cli
