#include "table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record_text.hpp"
#include "store.hpp"
#include "table_json.hpp"

namespace riichi::server {

namespace {

using nlohmann::json;

Rules parse_rules(const std::string& spec) {
  std::string error;
  std::optional<Rules> rules = Rules::try_parse(spec, &error);
  if (!rules) throw std::invalid_argument("rules '" + spec + "': " + error);
  return *rules;
}

std::array<std::string, 4> record_players(const TableSpec& spec) {
  std::array<std::string, 4> names;
  for (int s = 0; s < 4; ++s) {
    const SeatConfig& c = spec.seats[static_cast<size_t>(s)];
    names[static_cast<size_t>(s)] = c.human ? "human" : c.bot;
  }
  return names;
}

std::string random_token() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  return fmt::format("{:016x}{:08x}", rng(), static_cast<std::uint32_t>(rng()));
}

bool is_claim(Phase p) { return p == Phase::kClaim || p == Phase::kChankan; }

}  // namespace

Table::Table(boost::asio::io_context& ioc, Store* store, TableTiming timing, TableSpec spec,
             const std::string& resume)
    : ioc_(ioc),
      store_(store),
      timing_(std::move(timing)),
      spec_(std::move(spec)),
      rec_(parse_rules(spec_.rules_spec), spec_.seed, record_players(spec_)),
      timer_(ioc) {
  const auto now = Clock::now();
  for (int s = 0; s < 4; ++s) {
    Seat& seat = seats_[static_cast<size_t>(s)];
    seat.config = spec_.seats[static_cast<size_t>(s)];
    if (!seat.config.human) {
      seat.bot = bots::make_bot(seat.config.bot, bots::bot_seed(spec_.seed, s));
      if (seat.config.name.empty()) seat.config.name = seat.config.bot;
      seat.connected = true;
    } else {
      seat.ever_joined = !seat.config.token.empty();
      seat.away_since = now;
    }
  }
  if (!resume.empty()) {
    const GameRecord record = record_from_text(resume);
    if (record.seed != spec_.seed)
      throw std::invalid_argument(
          fmt::format("table {}: the record's seed {} is not the table's {}", spec_.id, record.seed,
                      spec_.seed));
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
      const ApplyResult r = rec_.apply(record.actions[i], record.mode(i));
      if (!r.ok)
        throw std::invalid_argument(
            fmt::format("table {}: stored action {} refused: {}", spec_.id, i, r.reason));
    }
    hands_reported_ = rec_.log().hands.size();
    // A version counts the actions applied, so that it goes on across restarts.
    version_ = rec_.actions().size();
    finish_stored_ = rec_.game().is_over();
  }
  for (int s = 0; s < 4; ++s) {
    seats_[static_cast<size_t>(s)].legal = rec_.game().legal_actions(s);
    seats_[static_cast<size_t>(s)].legal_since = version_;
  }
}

void Table::start() {
  std::lock_guard lock(mu_);
  persist();
  drive();
}

void Table::stop() {
  std::lock_guard lock(mu_);
  stopped_ = true;
  timer_.cancel();
  if (dirty_) persist();
}

bool Table::bot_controlled(int s) const {
  const Seat& seat = seats_[static_cast<size_t>(s)];
  return !seat.config.human || seat.substitute;
}

bool Table::waiting() const {
  for (const Seat& s : seats_)
    if (s.config.human && s.config.token.empty() && !s.substitute) return true;
  return false;
}

Table::Attached* Table::find(const Client* client) {
  for (Attached& a : clients_)
    if (a.key == client) return &a;
  return nullptr;
}

Table::JoinResult Table::join(const std::shared_ptr<Client>& client, const std::string& name,
                              const std::string& token, int want, bool watch) {
  std::lock_guard lock(mu_);
  JoinResult out;
  int seat = -1;
  if (watch) {
    seat = -1;
  } else if (!token.empty()) {
    for (int s = 0; s < 4; ++s)
      if (seats_[static_cast<size_t>(s)].config.human &&
          seats_[static_cast<size_t>(s)].config.token == token)
        seat = s;
    if (seat < 0) {
      out.error = "unknown token for table " + spec_.id + " (join without a token for a free seat)";
      return out;
    }
  } else if (want >= 0) {
    if (want > 3 || !seats_[static_cast<size_t>(want)].config.human) {
      out.error = fmt::format("seat {} is not a human seat of table {}", want, spec_.id);
      return out;
    }
    if (!seats_[static_cast<size_t>(want)].config.token.empty()) {
      out.error = fmt::format("seat {} of table {} is taken", want, spec_.id);
      return out;
    }
    seat = want;
  } else {
    for (int s = 0; s < 4 && seat < 0; ++s) {
      const Seat& st = seats_[static_cast<size_t>(s)];
      if (st.config.human && st.config.token.empty()) seat = s;
    }
    if (seat < 0) {
      out.error = "no free seat at table " + spec_.id + " (every human seat is taken)";
      return out;
    }
  }
  if (seat >= 0) {
    Seat& st = seats_[static_cast<size_t>(seat)];
    if (st.config.token.empty()) {
      st.config.token = random_token();
      st.config.name = name.empty() ? fmt::format("Player {}", seat + 1) : name.substr(0, 40);
    }
    st.connected = true;
    st.ever_joined = true;
    st.substitute = false;
    out.token = st.config.token;
    out.name = st.config.name;
  }
  out.seat = seat;
  clients_.push_back(Attached{client, client.get(), seat, false});
  json joined = {{"type", "joined"}, {"table", spec_.id}, {"seat", seat}, {"name", out.name}};
  if (seat >= 0) joined["token"] = out.token;
  client->send(std::make_shared<const std::string>(joined.dump()));
  if (seat >= 0) persist();
  broadcast_states();
  drive();
  return out;
}

void Table::leave(const Client* client) {
  std::lock_guard lock(mu_);
  const auto it = std::find_if(clients_.begin(), clients_.end(),
                               [&](const Attached& a) { return a.key == client; });
  if (it == clients_.end()) return;
  const int seat = it->seat;
  clients_.erase(it);
  if (seat < 0) return;
  const bool still = std::any_of(clients_.begin(), clients_.end(),
                                 [&](const Attached& a) { return a.seat == seat; });
  if (still) return;
  Seat& st = seats_[static_cast<size_t>(seat)];
  st.connected = false;
  st.away_since = Clock::now();
  broadcast_states();
  drive();
}

std::string Table::act(const Client* client, std::uint64_t version, long index) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr || a->seat < 0) return "join a seat of the table before playing";
  if (rec_.game().is_over()) return "the game is over";
  Seat& st = seats_[static_cast<size_t>(a->seat)];
  if (st.legal.empty())
    return fmt::format("not your turn: seat {} has nothing to play now (seat {} is to play)",
                       a->seat, rec_.game().to_play());
  if (version > version_)
    return fmt::format("version {} is newer than the table's ({})", version, version_);
  if (version < st.legal_since)
    return fmt::format("stale state: version {}, your actions changed at version {} (now {})",
                       version, st.legal_since, version_);
  if (index < 0 || index >= static_cast<long>(st.legal.size()))
    return fmt::format("action index {} out of range ({} legal actions)", index, st.legal.size());
  const Action action = st.legal[static_cast<size_t>(index)];
  const ApplyResult r = rec_.apply(action);
  if (!r.ok) return "refused by the engine: " + r.reason;
  last_ = json{{"seat", a->seat}, {"action", action_label(action, rec_.game().rules().red_fives)}};
  after_change();
  drive();
  return {};
}

void Table::set_analysis(const Client* client, bool enabled) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr) return;
  a->analysis = enabled;
  send_state(*a);
}

void Table::apply(int seat, const Action& action) {
  const ApplyResult r = rec_.apply(action);
  last_ = json{{"seat", seat}, {"action", action_label(action, rec_.game().rules().red_fives)}};
  if (!r.ok) {
    // A bot's or the server's own choice refused: never expected; play the first legal action.
    fmt::print(stderr, "table {}: seat {} action refused ({}); playing its first legal action\n",
               spec_.id, seat, r.reason);
    const auto& legal = rec_.game().legal_actions(seat);
    if (legal.empty() || !rec_.apply(legal.front()).ok) return;
  }
  after_change();
}

void Table::after_change() {
  ++version_;
  if (last_.is_object()) last_["version"] = version_;
  bot_due_.reset();
  const Game& game = rec_.game();
  const GameLog& log = rec_.log();
  bool hand_ended = false;
  if (log.hands.size() > hands_reported_) {
    const GameRecord record = rec_.record();
    for (; hands_reported_ < log.hands.size(); ++hands_reported_) {
      json msg = hand_result_json(record, log.hands[hands_reported_]);
      msg["type"] = "hand_end";
      send_all(msg);
    }
    hand_ended = true;
  }
  const bool humans =
      std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.config.human; });
  hand_started_ = hand_ended && humans;
  const auto now = Clock::now();
  const bool claim = is_claim(game.round().phase());
  for (int s = 0; s < 4; ++s) {
    Seat& st = seats_[static_cast<size_t>(s)];
    const std::vector<Action>& legal = game.legal_actions(s);
    if (legal != st.legal) {
      st.legal = legal;
      st.legal_since = version_;
      st.deadline.reset();
      if (claim && !legal.empty())
        st.deadline = now + std::chrono::milliseconds(timing_.claim_timeout_ms);
    }
  }
  if (game.is_over()) {
    std::array<std::string, 4> names;
    for (int s = 0; s < 4; ++s)
      names[static_cast<size_t>(s)] = seats_[static_cast<size_t>(s)].config.name;
    send_all(json{{"type", "game_end"}, {"game", spec_.id}, {"final", final_json(log, names)}});
  }
  dirty_ = true;
  if (hand_ended || game.is_over() ||
      now - last_persist_ >= std::chrono::milliseconds(timing_.persist_interval_ms))
    persist();
  broadcast_states();
}

void Table::drive() {
  if (stopped_) return;
  if (dirty_ &&
      Clock::now() - last_persist_ >= std::chrono::milliseconds(timing_.persist_interval_ms))
    persist();
  for (int guard = 0; guard < 100000; ++guard) {
    const Game& game = rec_.game();
    if (game.is_over()) break;
    const auto now = Clock::now();
    bool changed = false;
    for (int s = 0; s < 4; ++s) {
      Seat& st = seats_[static_cast<size_t>(s)];
      if (!st.config.human || st.connected || st.substitute) continue;
      if (now - st.away_since < std::chrono::milliseconds(timing_.reconnect_timeout_ms)) continue;
      st.substitute = true;
      if (!st.bot) {
        const std::string name =
            bots::is_bot_name(timing_.substitute_bot) ? timing_.substitute_bot : "greedy";
        st.bot = bots::make_bot(name, bots::bot_seed(spec_.seed, s));
      }
      changed = true;
    }
    if (changed) broadcast_states();
    // A human's claim window has expired: pass for them.
    int expired = -1;
    for (int s = 0; s < 4 && expired < 0; ++s) {
      const Seat& st = seats_[static_cast<size_t>(s)];
      if (!st.legal.empty() && st.deadline && *st.deadline <= now && !bot_controlled(s))
        expired = s;
    }
    if (expired >= 0) {
      const auto& legal = seats_[static_cast<size_t>(expired)].legal;
      const auto pass = std::find_if(legal.begin(), legal.end(),
                                     [](const Action& a) { return a.type == ActionType::kPass; });
      if (pass != legal.end()) {
        apply(expired, *pass);
        continue;
      }
      seats_[static_cast<size_t>(expired)].deadline.reset();
    }
    if (waiting()) {
      bot_due_.reset();
      break;
    }
    int bot_seat = -1;
    for (int s = 0; s < 4 && bot_seat < 0; ++s)
      if (!seats_[static_cast<size_t>(s)].legal.empty() && bot_controlled(s)) bot_seat = s;
    if (bot_seat < 0) {
      bot_due_.reset();
      break;
    }
    if (!bot_due_) {
      const int delay = hand_started_ ? std::max(timing_.hand_pause_ms, timing_.bot_delay_ms)
                                      : timing_.bot_delay_ms;
      bot_due_ = now + std::chrono::milliseconds(delay);
    }
    if (*bot_due_ > now) break;
    bot_due_.reset();
    hand_started_ = false;
    Seat& st = seats_[static_cast<size_t>(bot_seat)];
    apply(bot_seat, bots::ask(game, *st.bot, bot_seat));
  }
  arm_timer();
}

void Table::arm_timer() {
  std::optional<Clock::time_point> next = bot_due_;
  auto consider = [&](Clock::time_point t) {
    if (!next || t < *next) next = t;
  };
  if (dirty_) consider(last_persist_ + std::chrono::milliseconds(timing_.persist_interval_ms));
  if (!rec_.game().is_over()) {
    for (int s = 0; s < 4; ++s) {
      const Seat& st = seats_[static_cast<size_t>(s)];
      if (!st.legal.empty() && st.deadline && !bot_controlled(s)) consider(*st.deadline);
      if (st.config.human && !st.connected && !st.substitute)
        consider(st.away_since + std::chrono::milliseconds(timing_.reconnect_timeout_ms));
    }
  }
  if (!next || stopped_) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(*next);
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->on_timer();
  });
}

void Table::on_timer() {
  std::lock_guard lock(mu_);
  drive();
}

void Table::persist() {
  dirty_ = false;
  last_persist_ = Clock::now();
  if (store_ == nullptr) return;
  GameRow row;
  row.id = spec_.id;
  row.seats = json::array();
  row.players = json::array();
  for (const Seat& st : seats_) {
    row.seats.push_back(json{{"human", st.config.human},
                             {"bot", st.config.bot},
                             {"name", st.config.name},
                             {"token", st.config.token}});
    row.players.push_back(st.config.name);
  }
  row.record = to_text(rec_.record());
  const bool over = rec_.game().is_over();
  row.status = over ? "finished" : "playing";
  row.hands = static_cast<int>(rec_.log().hands.size());
  if (over) {
    std::array<std::string, 4> names;
    for (int s = 0; s < 4; ++s)
      names[static_cast<size_t>(s)] = seats_[static_cast<size_t>(s)].config.name;
    row.final = final_json(rec_.log(), names);
    row.finished_at = Store::now_iso();
  }
  try {
    store_->update(row);
  } catch (const std::exception& e) {
    fmt::print(stderr, "table {}: {}\n", spec_.id, e.what());
  }
}

json Table::game_json() {
  const Game& game = rec_.game();
  const RoundSetup& setup = game.round().setup();
  json players = json::array();
  for (const Seat& st : seats_)
    players.push_back(json{{"name", st.config.name},
                           {"kind", st.config.human ? "human" : "bot"},
                           {"connected", st.connected},
                           {"substitute", st.substitute}});
  std::array<int, 4> winds{};
  for (int s = 0; s < 4; ++s) winds[static_cast<size_t>(s)] = game.round().seat_wind(s);
  return json{{"rules", rec_.game().rules().name},
              {"hand_name", hand_name(setup.round_wind, setup.hand_number)},
              {"round_wind", setup.round_wind},
              {"hand_number", setup.hand_number},
              {"honba", setup.honba},
              {"riichi_sticks", game.round().riichi_sticks()},
              {"scores", game.is_over() ? game.state().scores : game.round().scores()},
              {"dealer", setup.dealer},
              {"seat_winds", winds},
              {"players", std::move(players)},
              {"hands_played", game.state().hands_played},
              {"over", game.is_over()}};
}

json Table::state_json(const Attached& a) {
  const Game& game = rec_.game();
  const bool red = game.rules().red_fives;
  json obs;
  json legal = json::array();
  json deadline = nullptr;
  json analysis = nullptr;
  if (a.seat >= 0) {
    const Observation o = game.round().observation(a.seat);
    obs = observation_json(o, red);
    const Seat& st = seats_[static_cast<size_t>(a.seat)];
    if (!game.is_over()) {
      legal = legal_json(st.legal, red);
      if (st.deadline && !st.legal.empty()) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(*st.deadline - Clock::now());
        deadline = std::max<long>(0, static_cast<long>(left.count()));
      }
      if (a.analysis) analysis = analysis_json(o, red);
    }
  } else {
    Observation o = game.round().observation(0);
    o.seat = -1;
    o.concealed.clear();
    o.drawn = -1;
    obs = observation_json(o, red);
  }
  return json{{"type", "state"},
              {"table", spec_.id},
              {"seat", a.seat},
              {"version", version_},
              {"game", game_json()},
              {"observation", std::move(obs)},
              {"legal", std::move(legal)},
              {"deadline_ms", deadline},
              {"analysis", std::move(analysis)},
              {"last", last_}};
}

void Table::send_state(Attached& a) {
  const std::shared_ptr<Client> c = a.client.lock();
  if (c) c->send(std::make_shared<const std::string>(state_json(a).dump()));
}

void Table::broadcast_states() {
  for (Attached& a : clients_) send_state(a);
}

void Table::send_all(const json& message) {
  const auto text = std::make_shared<const std::string>(message.dump());
  for (Attached& a : clients_)
    if (const std::shared_ptr<Client> c = a.client.lock()) c->send(text);
}

json Table::summary() {
  std::lock_guard lock(mu_);
  json seats = json::array();
  for (const Seat& st : seats_)
    seats.push_back(json{{"kind", st.config.human ? "human" : "bot"},
                         {"name", st.config.name},
                         {"connected", st.connected},
                         {"taken", !st.config.human || !st.config.token.empty()}});
  const Game& game = rec_.game();
  const std::string status = game.is_over() ? "finished" : waiting() ? "waiting" : "playing";
  return json{
      {"id", spec_.id},
      {"rules", spec_.rules_spec},
      {"seats", std::move(seats)},
      {"status", status},
      {"hand", hand_name(game.round().setup().round_wind, game.round().setup().hand_number)},
      {"link", "/table/" + spec_.id}};
}

bool Table::finished() {
  std::lock_guard lock(mu_);
  return rec_.game().is_over();
}

std::uint64_t Table::version() {
  std::lock_guard lock(mu_);
  return version_;
}

}  // namespace riichi::server
