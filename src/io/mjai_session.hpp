// The mjai bot protocol (docs/mjai-protocol.md): one JSON object per line, every event sent to
// every remote seat and answered by exactly one line ({"type":"none"} or an action).
//
// Server side: the mjai events each seat sees of an engine game (other hands and draws hidden as
// "?"), the parsing and checking of a bot's answer into an engine Action, and play_mjai_game(),
// which plays one game with the engine between remote seats (MjaiLink) and built-in bots.
//
// Bot side: MjaiBotClient keeps its own view of the game from the events it receives and answers
// with the choice of a registry bot. Its view is a "shadow" Round: a wall stacked from every tile
// the seat has seen (its own hand and draws, discards, calls, dora indicators), the unseen tiles
// filling the other hands, on which every move of the hand is replayed. The engine thus gives the
// seat's observation and legal actions with every rule in one place (furiten, kuikae, riichi,
// yaku for a win).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"
#include "riichi/record.hpp"

namespace riichi::io {

using MjaiJson = nlohmann::ordered_json;

// A protocol message that cannot be understood (bad JSON, not an object, unknown type, a missing
// or bad field, a bad tile, an event out of place).
class MjaiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ---------------------------------------------------------------------------------------------
// Server side: events

// What `viewer` may see of `event`: other seats' tehais and tsumo tiles become "?".
MjaiJson mjai_for_seat(const MjaiJson& event, int viewer);

// start_game for `seat`: id, names, and the extension `rules` (the full rules spec, readable by
// Rules::parse). Never the game seed: every wall follows from it.
MjaiJson mjai_start_game(const std::array<std::string, 4>& names, int seat, const Rules& rules);
// start_kyoku of `round` (its setup and the four deal events), every hand shown.
MjaiJson mjai_start_kyoku(const Round& round);
// The mjai events of engine events [from, to) of a hand: tsumo, dahai, chi / pon / daiminkan /
// kakan / ankan, reach, reach_accepted, dora. Deal and end-of-hand events are skipped (see
// mjai_start_kyoku and mjai_hand_end). `scores` are the running scores (reach_accepted takes
// 1000). A riichi declaration of a seat whose bit is set in `*reach_sent` is skipped (the server
// already sent it) and the bit cleared.
void append_mjai_events(const std::vector<Event>& events, std::size_t from, std::size_t to,
                        bool red_fives, std::array<int, 4>& scores, unsigned* reach_sent,
                        std::vector<MjaiJson>& out);
// The end of the last finished hand of `log`: its hora events (or ryukyoku), then end_kyoku.
std::vector<MjaiJson> mjai_hand_end(const GameRecord& record, const GameLog& log);
MjaiJson mjai_end_game(const std::array<int, 4>& scores);

// ---------------------------------------------------------------------------------------------
// Server side: answers

struct MjaiAnswer {
  enum class Kind { kNone, kAction, kReach };
  Kind kind = Kind::kNone;
  Action action;      // kAction
  std::string error;  // not empty: the answer is refused, for this reason
  bool ok() const { return error.empty(); }
};

// What the server knows when it reads `seat`'s answer.
struct AnswerContext {
  int seat = 0;
  std::span<const Action> legal;  // the seat's legal actions (empty: it is not asked)
  bool red_fives = true;
  bool riichi_declared = false;  // the seat answered `reach`: its discard is due
  int claim_from = -1;           // the discarder (kakan / ankan player) in a claim window
};

// Parses and checks one answer line. A refused answer says why: malformed JSON, not an object,
// a missing or bad field, an unknown type, a bad tile, a wrong actor, or an action that is not
// legal now (with the legal actions).
MjaiAnswer parse_mjai_answer(std::string_view line, const AnswerContext& context);
// The safe default for a refused or missing answer: pass in a claim window, the riichi discard of
// the drawn tile after `reach` (else the first riichi discard), tsumogiri on a turn (else the
// first legal discard).
Action default_mjai_action(std::span<const Action> legal, bool riichi_declared);
// An engine action as the mjai answer a bot would send. `round` gives the called / kakan tiles.
MjaiJson mjai_answer_of(const Action& action, const Observation& observation, bool red_fives,
                        int claim_from);

// ---------------------------------------------------------------------------------------------
// Server side: playing a game

// One remote bot: one line out, one line back.
class MjaiLink {
 public:
  virtual ~MjaiLink() = default;
  // False when the line could not be sent (connection lost).
  virtual bool send(const std::string& line) = 0;
  // The next line without its newline; nullopt on timeout, end of stream or a read error, with
  // the reason in `error`.
  virtual std::optional<std::string> receive(std::chrono::milliseconds timeout,
                                             std::string& error) = 0;
  virtual void close() {}
};

// Makes a built-in bot for a seat of a game (the CLI passes the registry).
using SeatBotFactory = std::function<std::unique_ptr<bots::Bot>(std::uint64_t game_seed, int seat)>;

struct MjaiSeat {
  std::string name;                // the player's name in the record
  MjaiLink* link = nullptr;        // a remote bot, or nullptr
  std::unique_ptr<bots::Bot> bot;  // a built-in bot (also the replacement of a dropped link)
};

struct MjaiTableOptions {
  std::chrono::milliseconds timeout{5000};  // per answer
  SeatBotFactory replacement;  // plays a seat whose link is dropped (closed, late, garbage)
  std::function<void(const std::string&)> log;  // one line per refused answer or dropped seat
};

struct MjaiTableStats {
  int refused_answers = 0;  // answers replaced by the default
  int dropped_links = 0;
};

// Handshake on a new connection: sends hello, reads join. Returns the name, cut to its first
// kMaxMjaiNameChars characters (or "" on failure, with the reason in `error`).
inline constexpr std::size_t kMaxMjaiNameChars = 40;
std::string mjai_handshake(MjaiLink& link, std::chrono::milliseconds timeout, std::string& error);

// Plays one game. Remote seats get every event (start_game .. end_game) and answer each; built-in
// seats are asked directly. A remote seat that closes, times out or sends a line that is not a
// JSON object is dropped (link set to nullptr) and played by `replacement` from then on.
GameRecorder play_mjai_game(const Rules& rules, std::uint64_t seed, std::array<MjaiSeat, 4>& seats,
                            const MjaiTableOptions& options, MjaiTableStats* stats = nullptr);

// ---------------------------------------------------------------------------------------------
// Bot side

class MjaiBotClient {
 public:
  // `bot_factory` makes the bot at each start_game (seeded from `default_seed`, or from a
  // `seed` that start_game carries, and the seat). `rules` unless start_game names them.
  MjaiBotClient(SeatBotFactory bot_factory, Rules rules, std::string name,
                std::uint64_t default_seed);
  ~MjaiBotClient();
  MjaiBotClient(const MjaiBotClient&) = delete;
  MjaiBotClient& operator=(const MjaiBotClient&) = delete;

  // The answer to one server line (without newline). Throws MjaiError for a line that cannot be
  // understood; a valid event this client cannot follow is answered {"type":"none"} and the
  // reason kept in last_warning().
  std::string answer(std::string_view line);
  // The seat played when start_game has no "id" (mjai logs and competition servers that start
  // the bot knowing its seat); -1 (the default): start_game must name it.
  void set_default_seat(int seat);
  bool game_over() const;
  int seat() const;
  const std::string& last_warning() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace riichi::io
