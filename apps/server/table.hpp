// One web table: a game run by the engine (GameRecorder), four seats (humans over WebSocket or
// bots), claim deadlines, reconnection and substitute bots, persistence after every action.
// Every public method locks the table; timers run on the server's io_context.
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
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "riichi/record.hpp"

namespace riichi::server {

class Store;

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
  int hand_pause_ms = 3000;
  std::string substitute_bot = "strong";
  // Progress is written at most this often (a hand's end, the game's end, a join and the
  // server's stop are written at once).
  int persist_interval_ms = 200;
};

struct SeatConfig {
  bool human = true;
  std::string bot;    // bot name for a bot seat
  std::string name;   // display name (the player's, or the bot's)
  std::string token;  // the human's reconnection token ("" while the seat is free)
};

// A table as stored: enough to rebuild it (the record holds the actions).
struct TableSpec {
  std::string id;
  std::string rules_spec;  // as given ("ema2016", "tenhou,red_fives=false")
  std::uint64_t seed = 0;
  std::array<SeatConfig, 4> seats;
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
  std::string act(const Client* client, std::uint64_t version, long index);
  void set_analysis(const Client* client, bool enabled);

  nlohmann::json summary();  // GET /api/tables entry
  bool finished();
  std::uint64_t version();

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
    std::optional<Clock::time_point> deadline;  // claim window: pass at this time
  };
  struct Attached {
    std::weak_ptr<Client> client;
    const Client* key = nullptr;
    int seat = -1;
    bool analysis = false;
  };

  bool bot_controlled(int seat) const;
  bool waiting() const;
  void apply(int seat, const Action& action);
  void after_change();
  void broadcast_states();
  void send_state(Attached& a);
  void send_all(const nlohmann::json& message);
  nlohmann::json state_json(const Attached& a);
  nlohmann::json game_json();
  void drive();
  void arm_timer();
  void on_timer();
  void persist();
  Attached* find(const Client* client);

  boost::asio::io_context& ioc_;
  Store* store_;
  TableTiming timing_;
  TableSpec spec_;
  std::mutex mu_;
  GameRecorder rec_;
  std::array<Seat, 4> seats_;
  std::vector<Attached> clients_;
  std::uint64_t version_ = 0;
  nlohmann::json last_ = nullptr;  // the last action applied: {seat, action, version}
  std::size_t hands_reported_ = 0;
  std::optional<Clock::time_point> bot_due_;
  bool hand_started_ = true;  // the next bot move is the first of a hand (pause after a result)
  bool stopped_ = false;
  bool finish_stored_ = false;
  bool dirty_ = false;  // actions not yet written to the store
  Clock::time_point last_persist_;
  boost::asio::steady_timer timer_;
};

}  // namespace riichi::server
