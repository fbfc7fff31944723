// Reporting malformed user input: the reason, then the input with a caret under the fault.
#pragma once

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

}  // namespace riichi::cli
