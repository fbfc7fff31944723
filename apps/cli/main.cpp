// riichi: command-line front-end of the engine.
#include <cstdio>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "riichi: a Riichi Mahjong engine (EMA 2016, EMA 2008 and Tenhou rules).\n"
      "Tiles use the mpsz notation: 123m456p789s11z, 0 = red five, z = honours\n"
      "(1z-4z East South West North, 5z-7z White Green Red)."};
  app.require_subcommand(1);
  riichi::cli::add_analyze_command(app);
  riichi::cli::add_score_command(app);
  riichi::cli::add_selfplay_command(app);
  riichi::cli::add_replay_command(app);
  riichi::cli::add_tenhou_check_command(app);
  riichi::cli::add_danger_check_command(app);
  riichi::cli::add_export_command(app);
  riichi::cli::add_arena_command(app);
  riichi::cli::add_stats_command(app);
  riichi::cli::add_mjai_bot_command(app);
  riichi::cli::add_mjai_server_command(app);
  riichi::cli::add_serve_command(app);
  riichi::cli::add_drill_command(app);
  riichi::cli::add_review_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();  // a command failed and has already said why
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : riichi::cli::kExitBadInput;
  } catch (const std::exception& e) {
    // A command that did not catch its own error: say what, never abort.
    std::fprintf(stderr, "error: %s\n", e.what());
    return riichi::cli::kExitBadInput;
  }
  return 0;
}
