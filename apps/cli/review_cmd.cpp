// `riichi review LOG... [--player SEAT|NAME] [--json] [--html OUT] [--min-loss P] [-j N]
// [--db FILE]`: every decision of a real game judged by the evaluation layer (docs/review.md).
//
// Logs are files or directories of them (mjlog XML or gzip, tenhou.net/6 JSON, mjai JSON lines,
// engine records; found by content). For each game, in input order: the decisions (those with
// a loss of at least --min-loss), each with its options, then the summary; --json prints one
// JSON object per game instead (one per line). `-j N` reviews N files at once.
//
// Exit status: 0 done (with --strict: and every hand reviewed); 1 with --strict, a hand or a
// decision that could not be reviewed (each one is a warning on standard error); 2 an unreadable or
// malformed log (the reader's error: file, element, position), a player not in the log (the names
// present listed), a bad option.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/log_reader.hpp"
#include "io/review_html.hpp"
#include "io/review_json.hpp"
#include "log_files.hpp"
#include "review/review.hpp"
#include "review_output.hpp"
#include "review_stats.hpp"

namespace riichi::cli {

namespace {

namespace fs = std::filesystem;

struct ReviewOptions {
  std::vector<std::string> paths;
  std::string player;
  bool json = false;
  std::string html;
  std::string db;
  double min_loss = 0;
  int jobs = 0;  // 0: every core
  bool progress = true;
  bool fast = false;
  bool strict = false;
};

// What reviewing one file gives.
struct FileResult {
  std::vector<review::GameReview> games;
  std::string err;                   // errors for standard error
  bool bad = false;                  // unreadable, or the player missing from a file named alone
  std::vector<std::string> missing;  // games without the player (the names present)
};

FileResult review_file(const fs::path& file, const ReviewOptions& opt, bool alone) {
  FileResult r;
  review::ReviewSettings settings;
  if (opt.fast) settings.options = eval::OptionsSettings::fast(), settings.options.reasons = true;
  try {
    for (const io::LogGame& g : io::read_log(file)) {
      if (g.tenhou && g.tenhou->rounds.empty()) {
        r.err += fmt::format("error: {}: the log has no hand (no INIT element)\n", g.source);
        r.bad = true;
        continue;
      }
      std::vector<int> seats;
      try {
        seats = review::resolve_player(g, opt.player);
      } catch (const review::PlayerError& e) {
        r.missing.push_back(e.what());
        if (alone) r.err += fmt::format("error: {}\n", e.what()), r.bad = true;
        continue;
      }
      r.games.push_back(review::review_game(g, seats, settings));
    }
  } catch (const std::exception& e) {
    const std::string what = e.what();
    // The readers' errors name the file already; the others get it here.
    if (what.find(file.string()) == std::string::npos)
      r.err += fmt::format("error: {}: {}\n", file.string(), what);
    else
      r.err += fmt::format("error: {}\n", what);
    r.bad = true;
  }
  return r;
}

void print_game(const review::GameReview& g, const ReviewOptions& opt) {
  if (opt.json) {
    fmt::print("{}\n", io::review_to_json(g).dump());
  } else {
    fmt::print("{}", review_text(g, opt.min_loss));
  }
  std::fflush(stdout);
}

void run_review(const ReviewOptions& opt) {
  bool bad = false;
  const std::vector<fs::path> files = collect_log_files(opt.paths, bad);
  const bool alone = files.size() == 1;
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  const int jobs = std::clamp(opt.jobs > 0 ? opt.jobs : cores, 1, 256);
  const auto start = std::chrono::steady_clock::now();
  std::vector<review::GameReview> all;
  std::vector<std::string> missing;
  read_logs_in_order(
      files, jobs, opt.progress, [&](const fs::path& f) { return review_file(f, opt, alone); },
      [&](FileResult& r) {
        for (const review::GameReview& g : r.games) print_game(g, opt);
        fmt::print(stderr, "{}", r.err);
        bad = bad || r.bad;
        missing.insert(missing.end(), r.missing.begin(), r.missing.end());
        const long games = static_cast<long>(r.games.size());
        for (review::GameReview& g : r.games) all.push_back(std::move(g));
        return games;
      });
  if (all.empty() && !missing.empty() && !bad) {
    fmt::print(stderr, "error: {}\n", missing.front());
    bad = true;
  } else if (!missing.empty() && !alone) {
    fmt::print(stderr, "{} game(s) without player '{}' skipped\n", missing.size(), opt.player);
  }
  if (!opt.json && all.size() > 1) fmt::print("{}", overall_text(all));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  long decisions = 0, notes = 0;
  for (const review::GameReview& g : all) {
    decisions += g.summary.decisions;
    notes += static_cast<long>(g.notes.size());
    for (const std::string& note : g.notes) fmt::print(stderr, "warning: {}: {}\n", g.game, note);
  }
  fmt::print(stderr, "{} games, {} decisions in {:.2f} s (-j {}){}\n", all.size(), decisions,
             seconds, jobs,
             notes ? fmt::format("; {} hand(s) or decision(s) not reviewed", notes) : "");
  if (!opt.html.empty() && !all.empty()) {
    try {
      io::write_review_html(opt.html, all);
      fmt::print(stderr, "wrote {}\n", opt.html);
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}\n", e.what());
      bad = true;
    }
  }
  if (!opt.db.empty() && !all.empty()) {
    try {
      store_and_report(opt.db, all, opt.json);
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: {}\n", e.what());
      bad = true;
    }
  }
  if (bad) throw CLI::RuntimeError(kExitBadInput);
  if (notes > 0 && opt.strict) throw CLI::RuntimeError(1);
}

}  // namespace

void add_review_command(CLI::App& app) {
  auto opt = std::make_shared<ReviewOptions>();
  CLI::App* cmd = app.add_subcommand(
      "review",
      "Review real games: every decision of a player valued against the engine's judgement, "
      "mistakes ranked by cost (docs/review.md)");
  cmd->add_option("logs", opt->paths,
                  "log files (mjlog XML or gzip, tenhou.net/6 JSON, mjai, engine records) or "
                  "directories of them (searched recursively)")
      ->required();
  cmd->add_option("--player,-p", opt->player,
                  "the player to review: the log's seat 0-3 or a name (default: every seat)");
  cmd->add_flag("--json", opt->json, "one JSON object per game (docs/review.md)");
  cmd->add_option("--html", opt->html, "write a self-contained page to this file");
  cmd->add_option("--min-loss", opt->min_loss,
                  "list only the decisions losing at least this many points (summary: all)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("-j,--jobs", opt->jobs, "files reviewed at once (threads; default: every core)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--db", opt->db,
                  "store the reviewed games in this SQLite file and print the player's record "
                  "over every game stored");
  cmd->add_flag("--strict", opt->strict,
                "exit 1 when a hand or a decision could not be reviewed (the check of the "
                "shared games)");
  cmd->add_flag("--fast", opt->fast, "the bots' faster hand-value model (less exact)");
  cmd->add_flag("!--no-progress", opt->progress, "no progress bar (it shows on a terminal only)");
  cmd->callback([opt] { run_review(*opt); });
}

}  // namespace riichi::cli
