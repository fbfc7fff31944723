// Shared by the fuzz targets (fuzz/README.md): the input as text, and its lines.
//
// A target calls one reader of the project on the input and catches only the errors that reader
// documents (ParseError, FormatError, RecordError, ...). Anything else escapes: an uncaught
// exception, a crash or a sanitizer report is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "riichi/shanten.hpp"

// libFuzzer calls this once before the first input (the replay driver, replay_main.cpp, too):
// the shanten tables, built on first use, take seconds under the sanitizers, which would
// otherwise count against the -timeout of whichever input first needs them.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  riichi::init_shanten_tables();
  return 0;
}

namespace riichi::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

inline std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    out.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

}  // namespace riichi::fuzz
