// Test helpers: split a text into lines and join them back (for corrupting records line by
// line), and a line into its tab-separated cells (the research dumps).
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace riichi::testing {

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The tab-separated cells of one line (an empty cell kept; none after a final tab).
inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream in(line);
  for (std::string cell; std::getline(in, cell, '\t');) cells.push_back(cell);
  return cells;
}

inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) {
    out += l;
    out += '\n';
  }
  return out;
}

}  // namespace riichi::testing
