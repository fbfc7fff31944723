// Shared by the mjlog tests: the real logs of ../shared/data/tenhou-mjlog (RIICHI_MJLOG_DIR),
// a file's bytes, and the skip when the shared data directory is absent.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace riichi::io::mjlog_test {

namespace fs = std::filesystem;

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

inline std::vector<fs::path> LogFiles() {
  std::vector<fs::path> files;
  const fs::path dir = RIICHI_MJLOG_DIR;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".mjlog" || ext == ".xml")) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

inline std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

#define SKIP_WITHOUT_LOGS(files)                          \
  if ((files).empty()) {                                  \
    GTEST_SKIP() << "no Tenhou logs in " RIICHI_MJLOG_DIR \
                    " (the shared data directory is "     \
                    "absent): skipped";                   \
  }

}  // namespace riichi::io::mjlog_test
