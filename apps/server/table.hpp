// One web table: a game run by the engine (GameRecorder), its seats (humans over WebSocket or
// bots: four, or three under a three-player preset, where seat 3 stays empty), claim deadlines,
// reconnection and substitute bots, persistence of every action. Every public method locks the
// table; timers run on the server's io_context.
//
// Nothing acknowledged is lost: messages wait in an outbox while the table handles an event (a
// client's message, a timer); at its end the new actions are written to the store in one
// transaction, and only then is the outbox delivered. When the write fails the game waits (no
// move, no bot) and its clients get {"type":"storage","ok":false,"reason"}; the write is tried
// again every `save_retry_ms` until it succeeds ({"type":"storage","ok":true}).
//
// Hidden information: each client sees only what its seat may know (docs/security.md). A seat's
// `version` counts the actions it may know of: another seat's pass is not one of them, nor does
// it appear as `last`, and in a claim window `to_play` is the viewer itself when it has a choice
// to make, else -1. A state that shows a client nothing new is not sent to it.
#pragma once

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"
#include "riichi/record.hpp"

namespace riichi::server {

class Store;
struct GameRow;

// Where a table sends its messages (a WebSocket session). send() must not block.
class Client {
 public:
  virtual ~Client() = default;
  virtual void send(std::shared_ptr<const std::string> message) = 0;
};

struct TableTiming {
  int bot_delay_ms = 500;
  int claim_timeout_ms = 8000;
  int reconnect_timeout_ms = 60000;
  int hand_pause_ms = 3000;  // bots' pause after a result when the table does not wait (below)
  // After a hand the table waits until every human at it pressed OK ("ready"), at most this long
  // (a countdown the page shows); 0: no wait (then bots pause `hand_pause_ms`).
  int hand_over_ms = 30000;
  // The turn timer of a table with one human: `turn_ms` per discard, then the seat's time bank
  // (`bank_ms` for the game); at the end the server discards for the seat (tsumogiri). A table
  // with two or more humans (friends) starts with no timer; its host may set one ("timer").
  int turn_ms = 10000;
  int bank_ms = 30000;
  std::string substitute_bot = "efficiency";
  // A failed write of the game is tried again after this long (the game waits meanwhile).
  int save_retry_ms = 1000;
};

// A display name as everyone sees it: valid UTF-8, control characters dropped, spaces trimmed,
// at most kMaxNameChars characters (never cut inside one).
inline constexpr std::size_t kMaxNameChars = 40;
std::string display_name(std::string_view raw);

struct SeatConfig {
  bool human = true;
  std::string bot;    // bot name for a bot seat
  std::string name;   // display name (the player's, or the bot's)
  std::string token;  // the human's reconnection token ("" while the seat is free)
};

// A seat's automatic play, set by its player ("options"): win when possible, discard the drawn
// tile after riichi (unless a win or a kan is possible), pass every chi / pon / kan (a ron is
// still offered).
struct SeatOptions {
  bool auto_win = false;
  bool auto_discard = false;
  bool no_calls = false;
};

// The table's turn timer: `turn_ms` per discard plus a time bank of `bank_ms` per seat and game;
// turn_ms == 0: no timer.
struct TurnTimer {
  int turn_ms = 0;
  int bank_ms = 0;
};
inline constexpr int kMaxTurnMs = 300000;
// A claim window (a discard, or the chankan window of a kan) rather than a turn.
inline bool is_claim(Phase p) { return p == Phase::kClaim || p == Phase::kChankan; }
inline constexpr int kMaxBankMs = 3600000;

// A table as stored: enough to rebuild it (the record holds the actions).
struct TableSpec {
  std::string id;
  std::string rules_spec;  // as given ("ema2016", "tenhou,red_fives=false")
  std::uint64_t seed = 0;
  std::array<SeatConfig, 4> seats;  // seat 3 unused with three players (Rules::players)
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  using Clock = std::chrono::steady_clock;

  // `resume`: the compact record text (record_text.hpp) of a game to continue; empty for a new
  // game. Throws std::invalid_argument when the rules or the record are bad.
  Table(boost::asio::io_context& ioc, Store* store, TableTiming timing, TableSpec spec,
        const std::string& resume = {});

  const std::string& id() const { return spec_.id; }

  // Starts the table's clock (bots of an all-bot table start playing).
  void start();
  // Stops the timers (server shutdown); state is already stored.
  void stop();

  // A join: `token` takes back the seat it was given; else `seat` (>= 0) or the first free human
  // seat. Returns the seat, or an error reason. `watch`: a spectator (seat -1).
  struct JoinResult {
    int seat = -1;
    std::string token;
    std::string name;
    std::string error;
  };
  JoinResult join(const std::shared_ptr<Client>& client, const std::string& name,
                  const std::string& token, int seat, bool watch);
  void leave(const Client* client);
  // An action from a client: refused with a reason (returned) or applied ("" returned).
  // `expect`: the action type the client means ("" for any); an action the table's rules do
  // not play (chi or kita) or another type at `index` is refused, naming it.
  std::string act(const Client* client, std::uint64_t version, long index,
                  const std::string& expect = {});
  void set_analysis(const Client* client, bool enabled);
  // The player's OK after a hand's result; "" or why it is refused.
  std::string ready(const Client* client);
  // The seat's automatic play (only the fields given change); "" or why it is refused.
  struct OptionsChange {
    std::optional<bool> auto_win, auto_discard, no_calls;
  };
  std::string set_options(const Client* client, const OptionsChange& change);
  // The turn timer, set by the host (the first human seat); "" or why it is refused.
  std::string set_timer(const Client* client, TurnTimer timer);

  nlohmann::json summary();  // GET /api/tables entry
  bool finished();
  std::size_t actions_applied();  // actions of the game so far
  std::size_t actions_saved();    // of which in the store

 private:
  struct Seat {
    SeatConfig config;
    bool connected = false;
    bool ever_joined = false;
    Clock::time_point away_since;  // disconnection time (table creation for a free seat)
    bool substitute = false;       // a bot plays for the absent human
    std::unique_ptr<bots::Bot> bot;
    std::vector<Action> legal;  // the legal set of the last state sent
    std::uint64_t legal_since = 0;
    std::optional<Clock::time_point> deadline;  // claim: pass; turn (timer): discard
    SeatOptions options;
    int bank_left_ms = 0;                         // the time bank left (turn timer)
    std::optional<Clock::time_point> turn_start;  // the seat's timed turn began
    bool ready = true;                            // pressed OK after the last hand's result
  };
  struct Attached {
    std::weak_ptr<Client> client;
    const Client* key = nullptr;
    int seat = -1;
    bool analysis = false;
    std::string last_view;  // the last state sent to it, without its deadline
    // The helper (helper_json) is evaluated once per state of its seat: key "seen/legal_since".
    mutable std::string helper_key;
    mutable nlohmann::json helper;
  };
  struct Outgoing {
    std::weak_ptr<Client> client;
    std::shared_ptr<const std::string> text;
  };
  // Viewers of per-viewer versions: seats 0..3 and every spectator (4).
  static constexpr int kSpectator = 4;
  static int viewer(int seat) { return seat < 0 ? kSpectator : seat; }

  // The seats that take part (Rules::players of them; seat 3 is empty in a three-player game).
  std::span<Seat> seated() { return {seats_.data(), static_cast<std::size_t>(players_)}; }
  std::span<const Seat> seated() const {
    return {seats_.data(), static_cast<std::size_t>(players_)};
  }
  bool bot_controlled(int seat) const;
  bool waiting() const;
  void apply(int seat, const Action& action);
  void note_action(const Action& action);
  void after_change();
  void broadcast_states();
  void send_state(Attached& a);
  void send_all(const nlohmann::json& message);
  void queue(const std::weak_ptr<Client>& client, std::shared_ptr<const std::string> text);
  void flush();
  bool save();
  std::shared_ptr<const std::string> storage_message() const;
  void tell_all_now(const std::shared_ptr<const std::string>& text);
  nlohmann::json state_json(const Attached& a);
  const nlohmann::json& cached_helper(const Attached& a, Observation& o, const Seat& st,
                                      const Rules& rules);
  nlohmann::json game_json();
  void drive();
  bool hand_over_waits(Clock::time_point now);
  void set_deadline(int seat, Clock::time_point now);
  void charge_bank(int seat, Clock::time_point now);
  std::optional<Action> auto_choice(int seat) const;
  std::optional<Action> timeout_choice(int seat) const;
  Action bot_move(int seat);
  std::string check_expected(const std::string& expect) const;
  int host_seat() const;
  void load_options();
  void arm_timer();
  void on_timer();
  GameRow row() const;
  Attached* find(const Client* client);

  boost::asio::io_context& ioc_;
  Store* store_;
  TableTiming timing_;
  TableSpec spec_;
  std::mutex mu_;
  GameRecorder rec_;
  std::array<Seat, 4> seats_;
  int players_ = 4;  // Rules::players
  std::vector<Attached> clients_;
  std::array<std::uint64_t, 5> seen_{};      // per viewer: the actions it may know of
  std::array<nlohmann::json, 5> last_seen_;  // per viewer: the last of them {seat, action, version}
  std::size_t hands_reported_ = 0;
  std::optional<Clock::time_point> bot_due_;
  TurnTimer timer_cfg_;
  std::optional<Clock::time_point> hand_over_until_;  // the table waits for the humans' OK
  bool hand_started_ = true;  // the next bot move is the first of a hand (pause after a result)
  bool stopped_ = false;
  std::vector<Outgoing> outbox_;   // messages waiting for the save of what they show
  std::size_t saved_actions_ = 0;  // actions in the store (its row's record and its moves)
  bool row_dirty_ = true;          // seats, hands or the final table changed: save the whole row
  std::string save_error_;         // the last failed save; empty when saved
  std::optional<Clock::time_point> save_retry_;
  boost::asio::steady_timer timer_;
};

}  // namespace riichi::server
