// `riichi export --to tenhou6|mjai FILE [-o OUT]`: converts any game log (io/log_reader.hpp,
// found by content: an engine record, every game replayed through the engine; a Tenhou mjlog,
// plain or gzipped; tenhou.net/6 JSON; mjai) to the tenhou.net/6 JSON log (one line per game)
// or to mjai JSON lines (docs/export-formats.md). Tenhou logs are read with their own rules; a
// lobby the engine does not play is refused.
//
// Exit status: 0 written; 2 bad input (unreadable file, malformed record or mjlog with its line
// or element, a record whose replay diverges).
#include <fmt/core.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "input_error.hpp"
#include "io/log_reader.hpp"
#include "io/mjai.hpp"
#include "io/plain_game.hpp"
#include "io/record_json.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_mjlog.hpp"

namespace riichi::cli {

namespace {

struct ExportOptions {
  std::string to;
  std::string file;
  std::string out;
};

// Every game of the file, whatever its format (io/log_reader.hpp: found by content).
std::vector<io::PlainGame> load_games(const std::string& file) {
  std::vector<io::PlainGame> games;
  try {
    for (const io::LogGame& g : io::read_log(file)) games.push_back(g.to_plain());
  } catch (const io::MjlogError& e) {
    bad_input(e.what());
  } catch (const io::LogError& e) {
    bad_input(e.what());
  } catch (const io::RecordError& e) {
    bad_input(fmt::format("{}: {}", file, e.what()));
  } catch (const std::exception& e) {
    bad_input(fmt::format("{}: {}", file, e.what()));
  }
  return games;
}

void run_export(const ExportOptions& opt) {
  const std::vector<io::PlainGame> games = load_games(opt.file);
  std::string text;
  try {
    for (const io::PlainGame& game : games)
      text += opt.to == "mjai" ? io::to_mjai_text(game) : io::to_tenhou6_text(game);
  } catch (const io::FormatError& e) {
    bad_input(fmt::format("{}: cannot export: {}", opt.file, e.what()));
  }
  if (opt.out.empty() || opt.out == "-") {
    std::cout << text;
    return;
  }
  std::ofstream out(opt.out, std::ios::binary);
  if (!out || !(out << text)) bad_input(fmt::format("cannot write '{}'", opt.out));
  fmt::print(stderr, "wrote {} game{} to {}\n", games.size(), games.size() == 1 ? "" : "s",
             opt.out);
}

}  // namespace

void add_export_command(CLI::App& app) {
  auto opt = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Export a game log (engine record, Tenhou mjlog or tenhou.net/6 JSON, mjai; found by "
      "content) to the tenhou.net/6 JSON log (one line per game) or to mjai JSON lines");
  cmd->add_option("--to", opt->to, "Target format")
      ->required()
      ->check(CLI::IsMember({"tenhou6", "mjai"}));
  cmd->add_option("FILE", opt->file,
                  "Engine record, mjlog (plain or gzipped), tenhou.net/6 JSON or mjai")
      ->required();
  cmd->add_option("-o,--output", opt->out, "Output file (default: standard output)");
  cmd->callback([opt] { run_export(*opt); });
}

}  // namespace riichi::cli
