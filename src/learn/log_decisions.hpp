// Logs to training data (riichi.dataset, riichi.Game.from_log): any game log io::read_log reads
// (Tenhou mjlog plain or gzip, tenhou.net/6 JSON, mjai JSON lines, the engine's records) becomes
// a game the engine plays action by action (the log's walls and every action, the passes of
// the seats that could have called included), then a stream of decisions: for each action of a
// seat that had a choice, that seat's observation planes, action mask and the index of the
// action taken (always in the mask), with where it came from.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/log_reader.hpp"
#include "learn/action_space.hpp"
#include "learn/hand_tracker.hpp"
#include "learn/planes.hpp"
#include "riichi/game.hpp"
#include "riichi/record.hpp"

namespace riichi::learn {

// A log's game as the engine plays it. Seats are the engine's: seat 0 is the first dealer.
struct LoggedGame {
  std::string source;
  io::LogFormat format = io::LogFormat::kMjlog;
  Rules rules;
  std::uint64_t seed = 0;          // engine records: the game seed (logs: walls are given)
  std::vector<Wall> walls;         // one per hand of the log (Tenhou logs, tenhou.net/6, mjai)
  std::optional<GameState> start;  // a log that begins in the middle of a game: its first hand
  std::vector<Action> actions;     // every action in order, passes included
  std::vector<InputMode> modes;    // per action (engine records may hold chombo offences)
  std::array<std::string, 4> names;
  std::array<int, 4> ranks{};  // final ranks 1..4 when the game ended, else 0
  std::string stopped;         // why the actions stop before the log's end ("" when they do not)
  // A hand whose actions all replay but whose result the log states otherwise (a log that
  // disagrees with itself, e.g. its payments): its decisions stand; the game stops after it
  // (DecisionReader and Game.from_log report it as an error, as `stopped`). An mjai log's
  // event is named by its line ("line 57: East 2, 0 honba: P1's win: ...").
  std::string notes;
  Game new_game() const;  // the game before its first action
};

// The game of a log read by io::read_log / io::parse_log. A Tenhou log is replayed through the
// engine (io/tenhou_replay.hpp) and kept up to the first action the engine cannot follow
// (`stopped` says where) or the end of the first hand whose result differs (`notes`); an engine
// record keeps its seed and actions.
LoggedGame logged_game(const io::LogGame& game);

// Where DecisionReader::next writes row r (arrays of `capacity` rows; obs_u8 or obs_f32).
struct DecisionOutputs {
  std::uint8_t* obs_u8 = nullptr;  // capacity x C x 34
  float* obs_f32 = nullptr;
  bool* mask = nullptr;            // capacity x kNumActions
  std::int16_t* action = nullptr;  // the index of the action taken
  std::int8_t* seat = nullptr;     // the seat that took it (engine seats: 0 = first dealer)
  std::int32_t* source = nullptr;  // index in DecisionReader::sources()
  std::int32_t* game = nullptr;    // index of the game in its source (files of several games)
  std::int16_t* hand = nullptr;    // index of the hand in the game (0 = the first hand dealt)
  std::int32_t* step = nullptr;    // index of the action in the game's actions
  std::int8_t* rank = nullptr;     // the seat's final rank 1..4 in that game, 0 when unknown
};

struct DecisionOptions {
  PlaneOptions planes;
  bool forced = false;         // also the actions of a seat with a single legal action
  std::optional<Rules> rules;  // overrides the rules each log says
  bool skip_errors = false;    // a log that cannot be read is listed in errors() and skipped
};

class DecisionReader {
 public:
  // `paths`: files, or directories read recursively in name order (their files that are no
  // game log at all, e.g. a README, are skipped and listed in skipped()).
  DecisionReader(const std::vector<std::filesystem::path>& paths, DecisionOptions options);

  const PlaneLayout& layout() const { return layout_; }
  // Fills up to `capacity` rows and returns how many (0 once every log is read). Throws
  // io::LogError, io::MjlogError, io::FormatError, io::UnsupportedGame, ... for a log that
  // cannot be read, unless options.skip_errors.
  int next(int capacity, const DecisionOutputs& out);

  const std::vector<std::string>& sources() const { return sources_; }
  const std::vector<std::pair<std::string, std::string>>& errors() const { return errors_; }
  const std::vector<std::string>& skipped() const { return skipped_; }
  std::int64_t games() const { return games_; }
  std::int64_t decisions() const { return decisions_; }
  // Actions of engine records outside the legal set (chombo offences): no index, not emitted.
  std::int64_t offences() const { return offences_; }

 private:
  bool open_next_game();
  void write_row(int row, const Action& action, int index, const DecisionOutputs& out);

  DecisionOptions options_;
  PlaneLayout layout_;
  std::vector<std::filesystem::path> files_;
  std::vector<bool> from_directory_;
  std::vector<std::string> sources_;
  std::vector<std::pair<std::string, std::string>> errors_;
  std::vector<std::string> skipped_;
  std::size_t next_file_ = 0;
  std::vector<io::LogGame> file_games_;
  std::size_t next_game_in_file_ = 0;
  int source_index_ = -1;
  int game_index_ = -1;
  std::optional<LoggedGame> logged_;
  std::optional<Game> game_;
  std::size_t next_action_ = 0;
  HandTracker tracker_;
  ActionSlots slots_{};
  std::int64_t games_ = 0;
  std::int64_t decisions_ = 0;
  std::int64_t offences_ = 0;
};

}  // namespace riichi::learn
