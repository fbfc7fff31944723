// The command line of the build-time table generators (shanten_table_gen.cpp, run_table_gen.cpp):
//   TOOL OUT.cpp
// builds the table (`build()`), writes it (`write(FILE*, table)`) into OUT.cpp.tmp and renames
// that to OUT.cpp, so a failed run never leaves a partial source for riichi_core to compile.
// Returns the process's exit code: 2 for a wrong command line, 1 when the table or the file fails.
// Header-only: the generators are separate executables, not part of the library.
#pragma once

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

namespace riichi::detail {

template <typename Build, typename Write>
int generate_table_source(int argc, char** argv, Build build, Write write) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.cpp\n", argv[0]);
    return 2;
  }
  try {
    const auto table = build();
    const std::string tmp = std::string(argv[1]) + ".tmp";
    std::FILE* out = std::fopen(tmp.c_str(), "w");
    if (!out) throw std::runtime_error("cannot write " + tmp);
    write(out, *table);
    if (std::fclose(out) != 0 || std::rename(tmp.c_str(), argv[1]) != 0)
      throw std::runtime_error(std::string("cannot write ") + argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace riichi::detail
