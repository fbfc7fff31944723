// The JSON-lines game record (docs/record-format.md): writing a played game, reading a file back
// into GameRecords, and checking a replay against the lines of the file. JSON lives only in
// src/io/.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "riichi/record.hpp"

namespace riichi::io {

inline constexpr int kRecordFormatVersion = 1;
inline constexpr const char* kRecordFormatName = "riichi-record";

// Every line of one game, in file order: the header, then per hand a "hand" line, its events
// interleaved with the "action" lines that caused them and a "hand_end" line, and a final
// "game_end" line once the game is over. `game_index` numbers the games of a file (0-based).
std::vector<nlohmann::ordered_json> game_to_lines(const GameRecord& record, const GameLog& log,
                                                  int game_index);

// Writes game_to_lines, one compact JSON object per line ('\n' terminated).
void write_game(std::ostream& out, const GameRecord& record, const GameLog& log, int game_index);
std::string game_to_text(const GameRecord& record, const GameLog& log, int game_index);

// One game read from a file.
struct RecordedGame {
  GameRecord record;
  int game_index = 0;
  int header_line = 0;            // 1-based line number of the header
  std::vector<int> action_lines;  // line number of each action (parallel to record.actions)
  // Every line of the game after the header, with its line number (for verification).
  std::vector<std::pair<int, nlohmann::json>> lines;
};

// A malformed line: `line` is 1-based (0 = the file as a whole).
class RecordError : public std::runtime_error {
 public:
  RecordError(int line, const std::string& what);
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }

 private:
  int line_;
  std::string reason_;
};

// Reads every game of a JSON-lines record. Throws RecordError naming the line and what is wrong
// (bad JSON, unknown type, missing or bad field, bad tile, a line before the first header, an
// unsupported version, an empty file). Checks the form of each line only; whether the actions
// are legal is for replay().
std::vector<RecordedGame> read_records(std::istream& in);

// The first line where a replay's lines differ from the file's.
struct LineDivergence {
  int line = 0;           // 1-based line in the file (0 when the file has too few lines)
  std::string hand_name;  // the hand it belongs to, if any
  std::string expected;   // the line as the replay produces it
  std::string found;      // the line in the file
  std::string message() const;
};

// Compares the lines regenerated from `log` with the lines read for the game. The log must come
// from replay(game.record) without divergence.
std::optional<LineDivergence> compare_game(const RecordedGame& game, const GameLog& log);

// JSON form of one action (the "action" line without "type" and "n"), and back. Tiles in mpsz.
nlohmann::ordered_json action_to_json(const Action& action, bool red_fives);
// Throws std::invalid_argument with the reason when malformed.
Action action_from_json(const nlohmann::json& j, bool red_fives);

// "E", "S", "W", "N" for a wind index 0..3.
std::string wind_letter(int wind);

}  // namespace riichi::io
