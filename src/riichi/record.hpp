// Game records: rules + seed + players + the actions taken. Replaying a record re-runs the game
// through `Game` and yields every event and result, or the first divergence. No I/O here: the
// JSON-lines form lives in src/io/record_json.* (docs/record-format.md).
//
//   GameRecorder rec(rules, seed, players);
//   while (!rec.game().is_over()) rec.apply(pick(rec.game().legal_actions(rec.game().to_play())));
//   GameRecord record = rec.record();   // what a file stores
//   const GameLog& log = rec.log();     // every hand's events and result, the final table
//   ReplayResult again = replay(record);  // again.log equals log
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "riichi/game.hpp"
#include "riichi/outcome.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"

namespace riichi {

// The complete override spec of `rules`: "PRESET,key=value,..." with every field of
// Rules::fields(), so that Rules::parse(full_rules_spec(r)) == r field by field.
std::string full_rules_spec(const Rules& rules);

struct GameRecord {
  Rules rules;
  std::uint64_t seed = 0;
  std::array<std::string, 4> players{};  // seat 0 = the initial East
  std::vector<Action> actions;           // every action applied, in order (Action::seat set)
  // InputMode of each action (human input may commit chombo / dead hand, RULES.md §4.5); empty
  // or shorter than `actions` means kLegalOnly for the rest.
  std::vector<InputMode> modes;
  InputMode mode(std::size_t i) const {
    return i < modes.size() ? modes[i] : InputMode::kLegalOnly;
  }
};

// One hand as it was played.
struct HandLog {
  RoundSetup setup;
  std::string name;                // "East 1"
  std::vector<Event> events;       // Round::events() of the finished hand
  int first_action = 0;            // index in GameRecord::actions of the hand's first action
  std::vector<int> action_events;  // for each action of the hand: events.size() before it
  RoundResult result;
  std::array<int, 4> scores_after{};  // GameState::scores after the hand
  int honba_after = 0;
  int riichi_sticks_after = 0;
  // The ura indicators a riichi winner used (ids), empty when nobody could see them.
  std::vector<std::uint8_t> ura_indicators;
  int num_actions() const { return static_cast<int>(action_events.size()); }
};

// The ura indicators (ids) a riichi winner of the finished `round` used: one under each revealed
// dora indicator; empty when no winner was in riichi.
std::vector<std::uint8_t> ura_indicators_seen(const Round& round);

struct GameLog {
  std::vector<HandLog> hands;  // finished hands, in order
  bool finished = false;
  GameState final_state;
  FinalResult final;  // meaningful when finished
};

// Plays a game and keeps its record and log. The Game does the playing; the events of each hand
// are collected when the hand ends (by re-running the hand's actions on a fresh Round, since
// Game deals the next hand at once).
class GameRecorder {
 public:
  GameRecorder(const Rules& rules, std::uint64_t seed, std::array<std::string, 4> players = {});
  // Records `game` from its start (e.g. a Game dealt from given walls; its record() then holds
  // only the seed, which does not deal those walls).
  GameRecorder(Game game, std::array<std::string, 4> players = {});

  const Game& game() const { return game_; }
  // Applies an action to the game and records it when legal; refused otherwise (nothing
  // recorded).
  ApplyResult apply(Action action, InputMode mode = InputMode::kLegalOnly);

  GameRecord record() const;
  const std::vector<Action>& actions() const { return actions_; }
  const GameLog& log() const { return log_; }

 private:
  void close_hand();

  Game game_;
  std::array<std::string, 4> players_;
  std::vector<Action> actions_;
  std::vector<InputMode> modes_;
  int hand_first_action_ = 0;
  std::vector<int> action_events_;  // the current hand's: its first event, action by action
  std::optional<Round> ended_;      // the hand that ended last (Game::apply hands it over)
  GameLog log_;
};

// Where a replay stopped agreeing with its record.
struct Divergence {
  int action_index = -1;  // index in GameRecord::actions, -1 when not about one action
  int hand_index = -1;    // index of the hand (0 = the first hand dealt), -1 if none
  std::string hand_name;  // "East 2"
  std::string expected;   // what the game expected (e.g. the legal actions)
  std::string found;      // what the record holds
  std::string reason;     // one line: why
  // "action 57 (East 2): not a legal action: ... (expected one of: ...)"
  std::string message() const;
};

struct ReplayResult {
  GameLog log;  // every hand replayed, up to the divergence if any
  std::optional<Divergence> divergence;
  bool ok() const { return !divergence.has_value(); }
};

// Re-runs `record` through Game. Never throws on a corrupt record: an illegal action, a record
// that stops before the end of the game or goes on after it is a Divergence.
ReplayResult replay(const GameRecord& record);

// A short form of the legal actions for messages ("seat1 discard 5p, seat1 riichi 5p, ..."),
// at most `max_items` listed.
std::string describe_actions(const std::vector<Action>& actions, bool red_fives,
                             std::size_t max_items = 12);

}  // namespace riichi
