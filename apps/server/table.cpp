#include "table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <stdexcept>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "helper_json.hpp"
#include "io/json_text.hpp"
#include "request_guard.hpp"
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

// The spec with the seats a game under its rules leaves empty (seat 3 with three players)
// cleared: no human, no bot.
TableSpec seated_spec(TableSpec spec) {
  const int players = parse_rules(spec.rules_spec).players;
  for (int s = players; s < 4; ++s)
    spec.seats[static_cast<size_t>(s)] = SeatConfig{false, "", "", ""};
  return spec;
}

std::array<std::string, 4> record_players(const TableSpec& spec) {
  std::array<std::string, 4> names;
  for (int s = 0; s < 4; ++s) {
    const SeatConfig& c = spec.seats[static_cast<size_t>(s)];
    names[static_cast<size_t>(s)] = c.human ? "human" : c.bot;
  }
  return names;
}

// A reconnection token: 128 bits from the operating system's secure random source.
std::string random_token() { return secure_random_hex(16); }

json options_json(const SeatOptions& o) {
  return json{{"auto_win", o.auto_win}, {"auto_discard", o.auto_discard}, {"no_calls", o.no_calls}};
}

}  // namespace

std::string display_name(std::string_view raw) {
  const std::string clean = io::sanitize_utf8(raw);
  std::string out;
  for (std::size_t i = 0; i < clean.size(); ++i) {
    const auto c = static_cast<unsigned char>(clean[i]);
    if (c < 0x20 || c == 0x7F) continue;  // C0 controls and DEL
    if (c == 0xC2 && i + 1 < clean.size() && static_cast<unsigned char>(clean[i + 1]) < 0xA0) {
      ++i;  // C1 controls U+0080..U+009F
      continue;
    }
    out += clean[i];
  }
  const auto first = out.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  out = out.substr(first, out.find_last_not_of(' ') - first + 1);
  return io::utf8_prefix(out, kMaxNameChars);
}

Table::Table(boost::asio::io_context& ioc, Store* store, TableTiming timing, TableSpec spec,
             const std::string& resume)
    : ioc_(ioc),
      store_(store),
      timing_(std::move(timing)),
      spec_(seated_spec(std::move(spec))),
      rec_(parse_rules(spec_.rules_spec), spec_.seed, record_players(spec_)),
      timer_(ioc) {
  players_ = rec_.game().rules().players;
  const auto now = Clock::now();
  for (int s = 0; s < players_; ++s) {
    Seat& seat = seats_[static_cast<size_t>(s)];
    seat.config = spec_.seats[static_cast<size_t>(s)];
    if (!seat.config.human) {
      seat.bot =
          bots::make_bot(seat.config.bot, bots::bot_seed(spec_.seed, s), rec_.game().rules());
      if (seat.config.name.empty()) seat.config.name = seat.config.bot;
      seat.connected = true;
    } else {
      seat.ever_joined = !seat.config.token.empty();
      seat.away_since = now;
    }
  }
  // One human against bots plays with the server's turn timer; friends start without one.
  const auto humans = std::count_if(spec_.seats.begin(), spec_.seats.end(),
                                    [](const SeatConfig& c) { return c.human; });
  if (humans == 1) timer_cfg_ = TurnTimer{timing_.turn_ms, timing_.bank_ms};
  for (Seat& seat : seated()) seat.bank_left_ms = timer_cfg_.bank_ms;
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
      // Versions count the actions each viewer may know of, so they go on across restarts.
      note_action(record.actions[i]);
    }
    hands_reported_ = rec_.log().hands.size();
    saved_actions_ = rec_.actions().size();
    load_options();
  }
  for (int s = 0; s < players_; ++s) {
    seats_[static_cast<size_t>(s)].legal = rec_.game().legal_actions(s);
    seats_[static_cast<size_t>(s)].legal_since = seen_[static_cast<size_t>(s)];
    set_deadline(s, now);
  }
}

void Table::start() {
  std::lock_guard lock(mu_);
  row_dirty_ = true;
  drive();
  flush();
}

void Table::stop() {
  std::lock_guard lock(mu_);
  stopped_ = true;
  timer_.cancel();
  row_dirty_ = true;
  save_retry_.reset();
  flush();
}

bool Table::bot_controlled(int s) const {
  const Seat& seat = seats_[static_cast<size_t>(s)];
  return !seat.config.human || seat.substitute;
}

bool Table::waiting() const {
  for (const Seat& s : seated())
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
    for (int s = 0; s < players_; ++s)
      if (seats_[static_cast<size_t>(s)].config.human &&
          seats_[static_cast<size_t>(s)].config.token == token)
        seat = s;
    if (seat < 0) {
      out.error = "unknown token for table " + spec_.id + " (join without a token for a free seat)";
      return out;
    }
  } else if (want >= 0) {
    if (want >= players_) {
      out.error = fmt::format("seat {} is not a seat of table {}: its game seats {} (0..{})", want,
                              spec_.id, players_, players_ - 1);
      return out;
    }
    if (!seats_[static_cast<size_t>(want)].config.human) {
      out.error = fmt::format("seat {} is not a human seat of table {}", want, spec_.id);
      return out;
    }
    if (!seats_[static_cast<size_t>(want)].config.token.empty()) {
      out.error = fmt::format("seat {} of table {} is taken", want, spec_.id);
      return out;
    }
    seat = want;
  } else {
    for (int s = 0; s < players_ && seat < 0; ++s) {
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
      st.config.name = display_name(name);
      if (st.config.name.empty()) st.config.name = fmt::format("Player {}", seat + 1);
      row_dirty_ = true;  // the token is saved before the client gets it
      if (st.turn_start) set_deadline(seat, Clock::now());  // the clock starts with the player
    }
    st.connected = true;
    st.ever_joined = true;
    st.substitute = false;
    out.token = st.config.token;
    out.name = st.config.name;
  }
  out.seat = seat;
  clients_.push_back(Attached{client, client.get(), seat, false, {}, {}, {}});
  json joined = {{"type", "joined"}, {"table", spec_.id}, {"seat", seat}, {"name", out.name}};
  if (seat >= 0) joined["token"] = out.token;
  queue(client, std::make_shared<const std::string>(io::dump_json(joined)));
  // A table that cannot save tells a newcomer at once (what it would show waits for the save).
  if (!save_error_.empty()) client->send(storage_message());
  broadcast_states();
  drive();
  flush();
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
  flush();
}

// The action type a client named for its action: known, and one the table's rules play; ""
// when it is (act() then checks it against the action at the index).
std::string Table::check_expected(const std::string& expect) const {
  if (expect.empty()) return {};
  const Rules& rules = rec_.game().rules();
  if (expect == "chi" && !rules.chi_allowed)
    return fmt::format(
        "chi is not played under rules '{}' ({} players: no chi; pon, kan and ron "
        "are)",
        spec_.rules_spec, rules.players);
  if (expect == "kita" && !rules.kita)
    return fmt::format(
        "kita (nukidora) is played in three-player games only; rules '{}' have no kita",
        spec_.rules_spec);
  bool known = false;
  for (int t = 0; t <= static_cast<int>(ActionType::kKita); ++t)
    known = known || expect == action_type_name(static_cast<ActionType>(t));
  if (!known) return fmt::format("unknown action type '{}'", expect);
  return {};
}

std::string Table::act(const Client* client, std::uint64_t version, long index,
                       const std::string& expect) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr || a->seat < 0) return "join a seat of the table before playing";
  if (rec_.game().is_over()) return "the game is over";
  if (std::string bad = check_expected(expect); !bad.empty()) return bad;
  if (!save_error_.empty())
    return "the game waits: the server cannot save it (" + save_error_ + ")";
  Seat& st = seats_[static_cast<size_t>(a->seat)];
  const std::uint64_t now = seen_[static_cast<size_t>(a->seat)];
  if (st.legal.empty()) {
    const bool claim = is_claim(rec_.game().round().phase());
    return fmt::format("not your turn: seat {} has nothing to play now{}", a->seat,
                       claim ? "" : fmt::format(" (seat {} is to play)", rec_.game().to_play()));
  }
  if (version > now) return fmt::format("version {} is newer than the table's ({})", version, now);
  if (version < st.legal_since)
    return fmt::format("stale state: version {}, your actions changed at version {} (now {})",
                       version, st.legal_since, now);
  if (index < 0 || index >= static_cast<long>(st.legal.size()))
    return fmt::format("action index {} out of range ({} legal actions)", index, st.legal.size());
  const Action action = st.legal[static_cast<size_t>(index)];
  if (!expect.empty() && expect != action_type_name(action.type))
    return fmt::format("action index {} is a {}, not the {} asked for", index,
                       action_type_name(action.type), expect);
  st.ready = true;  // playing the next hand is the OK to the last result
  const ApplyResult r = rec_.apply(action);
  if (!r.ok) return "refused by the engine: " + r.reason;
  note_action(action);
  after_change();
  drive();
  flush();
  return {};
}

void Table::set_analysis(const Client* client, bool enabled) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr) return;
  a->analysis = enabled;
  send_state(*a);
  flush();
}

void Table::apply(int seat, const Action& action) {
  Action applied = action;
  const ApplyResult r = rec_.apply(applied);
  if (!r.ok) {
    // A bot's or the server's own choice refused: never expected; play the first legal action.
    fmt::print(stderr, "table {}: seat {} action refused ({}); playing its first legal action\n",
               spec_.id, seat, r.reason);
    const auto& legal = rec_.game().legal_actions(seat);
    if (legal.empty()) return;
    applied = legal.front();
    if (!rec_.apply(applied).ok) return;
  }
  note_action(applied);
  after_change();
}

void Table::note_action(const Action& action) {
  const json label = action_label(action, rec_.game().rules().red_fives);
  for (int v = 0; v <= kSpectator; ++v) {
    // Another seat's pass says who could have called: the viewer never learns of it.
    if (action.type == ActionType::kPass && v != action.seat) continue;
    auto& seen = seen_[static_cast<size_t>(v)];
    ++seen;
    last_seen_[static_cast<size_t>(v)] =
        json{{"seat", action.seat}, {"action", label}, {"version", seen}};
  }
}

void Table::after_change() {
  bot_due_.reset();
  const Game& game = rec_.game();
  const GameLog& log = rec_.log();
  const auto now = Clock::now();
  const bool humans =
      std::any_of(seated().begin(), seated().end(), [](const Seat& s) { return s.config.human; });
  bool hand_ended = false;
  if (log.hands.size() > hands_reported_) {
    // The table waits for every human's OK (or the countdown) before the next hand is played.
    json waiting = json::array();
    if (humans && timing_.hand_over_ms > 0 && !game.is_over()) {
      hand_over_until_ = now + std::chrono::milliseconds(timing_.hand_over_ms);
      for (int s = 0; s < players_; ++s) {
        Seat& st = seats_[static_cast<size_t>(s)];
        st.ready = !(st.config.human && st.connected && !st.substitute);
        if (!st.ready) waiting.push_back(s);
      }
    }
    const GameRecord record = rec_.record();
    for (; hands_reported_ < log.hands.size(); ++hands_reported_) {
      json msg = hand_result_json(record, log.hands[hands_reported_]);
      msg["type"] = "hand_end";
      msg["wait_ms"] = hand_over_until_ ? timing_.hand_over_ms : 0;
      msg["waiting"] = waiting;
      send_all(msg);
    }
    hand_ended = true;
    row_dirty_ = true;  // the hand count; the record is checkpointed into the row
  }
  hand_started_ = hand_ended && humans && !hand_over_until_;
  for (int s = 0; s < players_; ++s) {
    Seat& st = seats_[static_cast<size_t>(s)];
    const std::vector<Action>& legal = game.legal_actions(s);
    if (legal != st.legal) {
      charge_bank(s, now);
      st.legal = legal;
      st.legal_since = seen_[static_cast<size_t>(s)];
      set_deadline(s, now);
    }
  }
  if (game.is_over()) {
    std::array<std::string, 4> names;
    for (int s = 0; s < players_; ++s)
      names[static_cast<size_t>(s)] = seats_[static_cast<size_t>(s)].config.name;
    send_all(json{
        {"type", "game_end"}, {"game", spec_.id}, {"final", final_json(log, names, players_)}});
    row_dirty_ = true;
  }
  broadcast_states();
}

void Table::drive() {
  // The game waits while it cannot be saved.
  if (stopped_ || !save_error_.empty()) return arm_timer();
  for (int guard = 0; guard < 100000; ++guard) {
    const Game& game = rec_.game();
    if (game.is_over()) break;
    const auto now = Clock::now();
    bool changed = false;
    for (int s = 0; s < players_; ++s) {
      Seat& st = seats_[static_cast<size_t>(s)];
      if (!st.config.human || st.connected || st.substitute) continue;
      if (now - st.away_since < std::chrono::milliseconds(timing_.reconnect_timeout_ms)) continue;
      st.substitute = true;
      if (!st.bot) {
        const std::string name =
            bots::is_bot_name(timing_.substitute_bot) ? timing_.substitute_bot : "greedy";
        st.bot = bots::make_bot(name, bots::bot_seed(spec_.seed, s), rec_.game().rules());
      }
      changed = true;
    }
    if (changed) broadcast_states();
    if (hand_over_waits(now) || waiting()) {
      bot_due_.reset();
      break;
    }
    // A human's time is up: pass the call, or discard for them (turn timer).
    int expired = -1;
    for (int s = 0; s < players_ && expired < 0; ++s) {
      const Seat& st = seats_[static_cast<size_t>(s)];
      if (!st.legal.empty() && st.deadline && *st.deadline <= now && !bot_controlled(s))
        expired = s;
    }
    if (expired >= 0) {
      if (const std::optional<Action> choice = timeout_choice(expired)) {
        apply(expired, *choice);
        continue;
      }
      seats_[static_cast<size_t>(expired)].deadline.reset();
    }
    int bot_seat = -1;
    for (int s = 0; s < players_ && bot_seat < 0; ++s)
      if (!seats_[static_cast<size_t>(s)].legal.empty() && (bot_controlled(s) || auto_choice(s)))
        bot_seat = s;
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
    apply(bot_seat, bot_move(bot_seat));
  }
  arm_timer();
}

// The move of a seat a bot (or the seat's auto options) plays. A bot that fails on a position
// (an exception) is reported and its seat plays the first legal action: the table goes on.
Action Table::bot_move(int seat) {
  if (!bot_controlled(seat)) return *auto_choice(seat);
  Seat& st = seats_[static_cast<size_t>(seat)];
  try {
    return bots::ask(rec_.game(), *st.bot, seat);
  } catch (const std::exception& e) {
    fmt::print(stderr, "table {}: the bot of seat {} failed ({}); playing its first legal action\n",
               spec_.id, seat, e.what());
    return st.legal.front();
  }
}

void Table::arm_timer() {
  std::optional<Clock::time_point> next = bot_due_;
  auto consider = [&](Clock::time_point t) {
    if (!next || t < *next) next = t;
  };
  if (save_retry_) consider(*save_retry_);
  if (hand_over_until_) consider(*hand_over_until_);
  if (!rec_.game().is_over()) {
    for (int s = 0; s < players_; ++s) {
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
  if (save_retry_ && *save_retry_ <= Clock::now()) flush();  // try the failed save again
  drive();
  flush();
}

GameRow Table::row() const {
  GameRow row;
  row.id = spec_.id;
  row.seats = json::array();
  row.players = json::array();
  for (const Seat& st : seated()) {
    row.seats.push_back(
        json{{"human", st.config.human},
             {"bot", st.config.bot},
             {"name", st.config.name},
             {"token", st.config.token},
             {"options", options_json(st.options)},
             {"timer", json{{"turn_ms", timer_cfg_.turn_ms}, {"bank_ms", timer_cfg_.bank_ms}}},
             {"bank_left_ms", st.bank_left_ms}});
    row.players.push_back(st.config.name);
  }
  row.record = to_text(rec_.record());
  const bool over = rec_.game().is_over();
  row.status = over ? "finished" : "playing";
  row.hands = static_cast<int>(rec_.log().hands.size());
  if (over) {
    std::array<std::string, 4> names;
    for (int s = 0; s < players_; ++s)
      names[static_cast<size_t>(s)] = seats_[static_cast<size_t>(s)].config.name;
    row.final = final_json(rec_.log(), names, players_);
    row.finished_at = Store::now_iso();
  }
  return row;
}

// Writes what changed since the last save in one transaction: the new actions as moves, or the
// whole row (seats, record, hands, final table) when it changed. False when the write failed:
// the game then waits, and its clients are told once.
bool Table::save() {
  const std::size_t n = rec_.actions().size();
  if (store_ == nullptr) {
    saved_actions_ = n;
    row_dirty_ = false;
    return true;
  }
  if (saved_actions_ == n && !row_dirty_ && save_error_.empty()) return true;
  if (!save_error_.empty() && save_retry_ && Clock::now() < *save_retry_) return false;
  try {
    if (row_dirty_) {
      store_->update(row());
    } else {
      std::vector<std::string> tokens;
      for (std::size_t i = saved_actions_; i < n; ++i)
        tokens.push_back(action_text(rec_.actions()[i]));
      store_->append_moves(spec_.id, saved_actions_, tokens);
    }
  } catch (const std::exception& e) {
    const bool first = save_error_.empty();
    save_error_ = e.what();
    save_retry_ = Clock::now() + std::chrono::milliseconds(timing_.save_retry_ms);
    if (first) {
      fmt::print(stderr, "table {}: cannot save the game, it waits: {}\n", spec_.id, save_error_);
      tell_all_now(storage_message());
    }
    return false;
  }
  saved_actions_ = n;
  row_dirty_ = false;
  if (!save_error_.empty()) {
    fmt::print(stderr, "table {}: saved again\n", spec_.id);
    save_error_.clear();
    save_retry_.reset();
    tell_all_now(storage_message());
  }
  return true;
}

// A message that shows no move (the storage state): sent at once, not through the outbox.
void Table::tell_all_now(const std::shared_ptr<const std::string>& text) {
  for (Attached& a : clients_)
    if (const std::shared_ptr<Client> c = a.client.lock()) c->send(text);
}

// {"type":"storage","ok":true} once saved, else the reason the game waits.
std::shared_ptr<const std::string> Table::storage_message() const {
  json m = {{"type", "storage"}, {"ok", save_error_.empty()}};
  if (!save_error_.empty())
    m["reason"] = "the server cannot save this game (" + save_error_ + "): it waits until it can";
  return std::make_shared<const std::string>(io::dump_json(m));
}

// The end of every event the table handles: save, then deliver what the clients may now see.
void Table::flush() {
  if (!save()) {
    arm_timer();
    return;
  }
  std::vector<Outgoing> out;
  out.swap(outbox_);
  for (Outgoing& o : out)
    if (const std::shared_ptr<Client> c = o.client.lock()) c->send(std::move(o.text));
}

void Table::queue(const std::weak_ptr<Client>& client, std::shared_ptr<const std::string> text) {
  outbox_.push_back(Outgoing{client, std::move(text)});
}

json Table::game_json() {
  const Game& game = rec_.game();
  const RoundSetup& setup = game.round().setup();
  json players = json::array();
  for (const Seat& st : seated())
    players.push_back(json{{"name", st.config.name},
                           {"kind", st.config.human ? "human" : "bot"},
                           {"connected", st.connected},
                           {"substitute", st.substitute}});
  json winds = json::array();
  for (int s = 0; s < players_; ++s) winds.push_back(game.round().seat_wind(s));
  return json{{"rules", rec_.game().rules().name},
              {"num_players", players_},
              {"hand_name", hand_name(setup.round_wind, setup.hand_number)},
              {"round_wind", setup.round_wind},
              {"hand_number", setup.hand_number},
              {"honba", setup.honba},
              {"riichi_sticks", game.round().riichi_sticks()},
              {"scores",
               seat_values(game.is_over() ? game.state().scores : game.round().scores(), players_)},
              {"dealer", setup.dealer},
              {"seat_winds", winds},
              {"players", std::move(players)},
              {"hands_played", game.state().hands_played},
              {"over", game.is_over()},
              {"host", host_seat()},
              {"timer", json{{"turn_ms", timer_cfg_.turn_ms}, {"bank_ms", timer_cfg_.bank_ms}}}};
}

// The helper of `a`'s seat from its observation `o` (the seat's legal set), evaluated once per
// state; an evaluation that fails shows its reason in the panel.
const json& Table::cached_helper(const Attached& a, Observation& o, const Seat& st,
                                 const Rules& rules) {
  const std::string key =
      fmt::format("{}/{}/{}", seen_[static_cast<size_t>(a.seat)], st.legal_since, st.legal.size());
  if (key == a.helper_key) return a.helper;
  o.legal_actions = st.legal;
  try {
    a.helper = helper_json(o, rules, rec_.game().round().is_furiten(a.seat));
  } catch (const std::exception& e) {
    a.helper = json{{"error", std::string("the helper cannot judge this position: ") + e.what()}};
  }
  a.helper_key = key;
  return a.helper;
}

// The state as `a` may see it, without the claim deadline (send_state adds it).
json Table::state_json(const Attached& a) {
  const Game& game = rec_.game();
  const bool red = game.rules().red_fives;
  const bool claim = is_claim(game.round().phase());
  json obs;
  json legal = json::array();
  json analysis = nullptr;
  if (a.seat >= 0) {
    Observation o = game.round().observation(a.seat);
    const Seat& st = seats_[static_cast<size_t>(a.seat)];
    // In a claim window the viewer learns only whether it has a choice, not who else has one.
    if (claim) o.to_play = st.legal.empty() ? -1 : a.seat;
    obs = observation_json(o, red);
    if (!game.is_over()) {
      legal = legal_json(st.legal, red);
      if (a.analysis) {
        analysis = analysis_json(o, game.rules());
        if (!analysis.is_null()) analysis["helper"] = cached_helper(a, o, st, game.rules());
      }
    }
  } else {
    Observation o = game.round().observation(0);
    o.seat = -1;
    o.concealed.clear();
    o.drawn = -1;
    if (claim) o.to_play = -1;
    obs = observation_json(o, red);
  }
  const auto v = static_cast<size_t>(viewer(a.seat));
  json hand_over = nullptr;
  if (hand_over_until_) {
    json waiting = json::array();
    for (int s = 0; s < players_; ++s) {
      const Seat& st = seats_[static_cast<size_t>(s)];
      if (!st.ready && st.config.human && st.connected && !st.substitute) waiting.push_back(s);
    }
    hand_over = json{{"waiting", std::move(waiting)}, {"left_ms", nullptr}};
  }
  json options = nullptr, bank = nullptr;
  if (a.seat >= 0) {
    const Seat& st = seats_[static_cast<size_t>(a.seat)];
    options = options_json(st.options);
    if (timer_cfg_.turn_ms > 0) bank = st.bank_left_ms;
  }
  return json{
      {"type", "state"},           {"table", spec_.id},      {"seat", a.seat},
      {"version", seen_[v]},       {"game", game_json()},    {"observation", std::move(obs)},
      {"legal", std::move(legal)}, {"deadline_ms", nullptr}, {"analysis", std::move(analysis)},
      {"last", last_seen_[v]},     {"options", options},     {"bank_left_ms", bank},
      {"hand_over", hand_over}};
}

// Queues the state of `a` unless it shows nothing new (another seat's pass, a clock tick).
void Table::send_state(Attached& a) {
  if (a.client.expired()) return;
  json state = state_json(a);
  std::string view = io::dump_json(state);
  if (view == a.last_view) return;
  a.last_view = view;
  const auto left_ms = [](Clock::time_point t) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(t - Clock::now());
    return std::max<long>(0, static_cast<long>(left.count()));
  };
  const Seat* st = a.seat >= 0 ? &seats_[static_cast<size_t>(a.seat)] : nullptr;
  bool timed = false;
  if (st != nullptr && st->deadline && !st->legal.empty() && !rec_.game().is_over()) {
    state["deadline_ms"] = left_ms(*st->deadline);
    timed = true;
  }
  if (hand_over_until_) {
    state["hand_over"]["left_ms"] = left_ms(*hand_over_until_);
    timed = true;
  }
  if (timed) view = io::dump_json(state);
  queue(a.client, std::make_shared<const std::string>(std::move(view)));
}

void Table::broadcast_states() {
  for (Attached& a : clients_) send_state(a);
}

void Table::send_all(const json& message) {
  const auto text = std::make_shared<const std::string>(io::dump_json(message));
  for (Attached& a : clients_) queue(a.client, text);
}

json Table::summary() {
  std::lock_guard lock(mu_);
  json seats = json::array();
  for (const Seat& st : seated())
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

std::size_t Table::actions_applied() {
  std::lock_guard lock(mu_);
  return rec_.actions().size();
}

std::size_t Table::actions_saved() {
  std::lock_guard lock(mu_);
  return saved_actions_;
}

}  // namespace riichi::server
