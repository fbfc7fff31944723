// Reporting malformed user input: the reason, then the input with a caret under the fault.
#pragma once

#include <fmt/core.h>

#include <iostream>
#include <string>

#include "commands.hpp"
#include "riichi/hand.hpp"

namespace riichi::cli {

inline int report_parse_error(const std::string& what, const std::string& input,
                              const ParseError& e) {
  std::cerr << "error: bad " << what << ": " << e.what() << "\n  " << input << "\n  "
            << std::string(std::min(e.position(), input.size()), ' ') << "^\n";
  return kExitBadInput;
}

// Prints "error: MESSAGE" on stderr and ends the command with exit code `code`.
[[noreturn]] inline void fail(int code, const std::string& message) {
  fmt::print(stderr, "error: {}\n", message);
  throw CLI::RuntimeError(code);
}

// The same for bad user input (exit 2).
[[noreturn]] inline void bad_input(const std::string& message) { fail(kExitBadInput, message); }

}  // namespace riichi::cli
