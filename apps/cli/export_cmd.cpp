// `riichi export --to tenhou6|mjai FILE [-o OUT]`: converts an engine record (JSON lines, every
// game of the file replayed through the engine) or a Tenhou mjlog (.mjlog / .xml) to the
// tenhou.net/6 JSON log (one line per game) or to mjai JSON lines (docs/export-formats.md).
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
#include "io/mjai.hpp"
#include "io/plain_game.hpp"
#include "io/record_json.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_mjlog.hpp"
#include "riichi/record.hpp"

namespace riichi::cli {

namespace {

struct ExportOptions {
  std::string to;
  std::string file;
  std::string out;
};

[[noreturn]] void bad_input(const std::string& message) {
  fmt::print(stderr, "error: {}\n", message);
  throw CLI::RuntimeError(kExitBadInput);
}

std::vector<io::PlainGame> load_games(const std::string& file) {
  std::vector<io::PlainGame> games;
  const auto dot = file.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : file.substr(dot);
  if (ext == ".mjlog" || ext == ".xml") {
    try {
      games.push_back(io::plain_from_mjlog(io::read_mjlog(file)));
    } catch (const io::MjlogError& e) {
      bad_input(e.what());
    }
    return games;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) bad_input(fmt::format("cannot read '{}'", file));
  std::vector<io::RecordedGame> records;
  try {
    records = io::read_records(in);
  } catch (const io::RecordError& e) {
    bad_input(fmt::format("{}: {}", file, e.what()));
  }
  for (const io::RecordedGame& game : records) {
    const ReplayResult result = replay(game.record);
    if (result.divergence) {
      const Divergence& d = *result.divergence;
      const int line =
          d.action_index >= 0 && d.action_index < static_cast<int>(game.action_lines.size())
              ? game.action_lines[static_cast<std::size_t>(d.action_index)]
              : game.header_line;
      bad_input(fmt::format("{}: line {}: game {}: {}", file, line, game.game_index, d.message()));
    }
    games.push_back(io::plain_from_engine(game.record, result.log));
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
      "Export an engine record (.jsonl) or a Tenhou mjlog (.mjlog/.xml) to the tenhou.net/6 "
      "JSON log (one line per game) or to mjai JSON lines");
  cmd->add_option("--to", opt->to, "Target format")
      ->required()
      ->check(CLI::IsMember({"tenhou6", "mjai"}));
  cmd->add_option("FILE", opt->file, "Engine record or mjlog")->required();
  cmd->add_option("-o,--output", opt->out, "Output file (default: standard output)");
  cmd->callback([opt] { run_export(*opt); });
}

}  // namespace riichi::cli
