// The CLI builds only the subcommand its first argument names (apps/cli/main.cpp): each of the
// fourteen commands the README documents must still answer its own --help, and the top-level
// help must still list them all.
#include <gtest/gtest.h>

#include <string>

#include "cli_run.hpp"

namespace {

using riichi::testing::CliRun;
using riichi::testing::contains;
using riichi::testing::run_cli;

constexpr const char* kCommands[] = {"analyze",      "score",  "selfplay", "replay", "tenhou-check",
                                     "danger-check", "export", "arena",    "stats",  "mjai-bot",
                                     "mjai-server",  "serve",  "drill",    "review"};

TEST(CliCommands, EachCommandAnswersItsOwnHelp) {
  for (const std::string command : kCommands) {
    const CliRun r = run_cli(command + " --help");
    EXPECT_EQ(r.status, 0) << command << ": " << r.out;
    EXPECT_TRUE(contains(r.out, " " + command + " [OPTIONS]")) << command << ": " << r.out;
  }
}

TEST(CliCommands, TopLevelHelpListsEveryCommand) {
  const CliRun r = run_cli("--help");
  EXPECT_EQ(r.status, 0) << r.out;
  for (const std::string command : kCommands)
    EXPECT_TRUE(contains(r.out, "\n  " + command + " ")) << command << " missing: " << r.out;
}

TEST(CliCommands, MisspeltCommandIsRefusedWithExitTwo) {
  const CliRun r = run_cli("analyse 23456p99s123m456s");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "unknown command 'analyse'")) << r.out;
  EXPECT_TRUE(contains(r.out, " analyze ")) << r.out;
}

}  // namespace
