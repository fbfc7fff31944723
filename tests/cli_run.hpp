// Test helper: runs the built CLI (RIICHI_CLI_PATH is its path) and captures its output.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace riichi::testing {

struct CliRun {
  std::string out;  // stdout, and stderr too when merged
  int status = -1;  // exit status
};

// Runs the CLI with `args` (already shell-quoted).
inline CliRun run_cli(const std::string& args, bool merge_stderr = true) {
  std::string cmd = "'";
  cmd += RIICHI_CLI_PATH;
  cmd += "' ";
  cmd += args;
  cmd += merge_stderr ? " 2>&1" : " 2>/dev/null";
  CliRun run;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) run.out.append(buf.data(), n);
  const int raw = pclose(pipe);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return run;
}

inline bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace riichi::testing
