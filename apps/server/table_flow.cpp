// The table's flow (docs/web-protocol.md, "Table flow"): the wait for the humans' OK after a
// hand, the claim and turn deadlines with the time bank, the seat options that play for a human
// (auto-win, auto-discard after riichi, no calls), and the turn timer its host sets.
#include <fmt/core.h>

#include <algorithm>

#include "store.hpp"
#include "table.hpp"

namespace riichi::server {

namespace {

using nlohmann::json;

std::chrono::milliseconds ms(long n) { return std::chrono::milliseconds(n); }

const Action* find_type(const std::vector<Action>& legal, std::initializer_list<ActionType> types) {
  for (const Action& a : legal)
    if (std::find(types.begin(), types.end(), a.type) != types.end()) return &a;
  return nullptr;
}

}  // namespace

// The seats' options and the turn timer of a resumed table, as its row stored them; a row
// without them (an older server's) keeps the defaults.
void Table::load_options() {
  if (store_ == nullptr) return;
  try {
    const std::optional<GameRow> row = store_->get(spec_.id);
    if (!row || !row->seats.is_array()) return;
    for (std::size_t s = 0; s < static_cast<std::size_t>(players_) && s < row->seats.size(); ++s) {
      const json& j = row->seats[s];
      Seat& st = seats_[s];
      if (const auto o = j.find("options"); o != j.end() && o->is_object()) {
        st.options.auto_win = o->value("auto_win", false);
        st.options.auto_discard = o->value("auto_discard", false);
        st.options.no_calls = o->value("no_calls", false);
      }
      if (const auto t = j.find("timer"); t != j.end() && t->is_object()) {
        timer_cfg_.turn_ms = std::clamp(t->value("turn_ms", 0), 0, kMaxTurnMs);
        timer_cfg_.bank_ms = std::clamp(t->value("bank_ms", 0), 0, kMaxBankMs);
      }
      st.bank_left_ms = std::clamp(j.value("bank_left_ms", timer_cfg_.bank_ms), 0, kMaxBankMs);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "table {}: stored seat options ignored: {}\n", spec_.id, e.what());
  }
}

int Table::host_seat() const {
  for (int s = 0; s < players_; ++s)
    if (seats_[static_cast<size_t>(s)].config.human) return s;
  return -1;
}

// A seat whose actions changed: the claim window's deadline, or the timed turn of a human.
void Table::set_deadline(int s, Clock::time_point now) {
  Seat& st = seats_[static_cast<size_t>(s)];
  st.deadline.reset();
  st.turn_start.reset();
  const Game& game = rec_.game();
  if (st.legal.empty() || game.is_over()) return;
  if (is_claim(game.round().phase())) {
    st.deadline = now + ms(timing_.claim_timeout_ms);
    return;
  }
  if (!st.config.human || timer_cfg_.turn_ms <= 0 || hand_over_until_) return;
  st.turn_start = now;
  st.deadline = now + ms(timer_cfg_.turn_ms + st.bank_left_ms);
}

// The end of a seat's timed turn: the time over `turn_ms` comes out of its bank.
void Table::charge_bank(int s, Clock::time_point now) {
  Seat& st = seats_[static_cast<size_t>(s)];
  if (!st.turn_start) return;
  const long used =
      std::chrono::duration_cast<std::chrono::milliseconds>(now - *st.turn_start).count();
  const long over = used - timer_cfg_.turn_ms;
  if (over > 0) st.bank_left_ms = static_cast<int>(std::max(0L, st.bank_left_ms - over));
  st.turn_start.reset();
}

// What a seat's options play for it now, if anything.
std::optional<Action> Table::auto_choice(int s) const {
  const Seat& st = seats_[static_cast<size_t>(s)];
  if (st.legal.empty() || !st.config.human || hand_over_until_) return std::nullopt;
  const SeatOptions& o = st.options;
  const Game& game = rec_.game();
  if (o.auto_win)
    if (const Action* win = find_type(st.legal, {ActionType::kTsumo, ActionType::kRon}))
      return *win;
  if (is_claim(game.round().phase())) {
    if (!o.no_calls || find_type(st.legal, {ActionType::kRon})) return std::nullopt;
    if (const Action* pass = find_type(st.legal, {ActionType::kPass})) return *pass;
    return std::nullopt;
  }
  if (!o.auto_discard || !game.round().observation(s).riichi[static_cast<size_t>(s)])
    return std::nullopt;
  if (find_type(st.legal, {ActionType::kTsumo, ActionType::kAnkan, ActionType::kKakan}))
    return std::nullopt;
  for (const Action& a : st.legal)
    if (a.type == ActionType::kDiscard && a.tsumogiri) return a;
  return std::nullopt;
}

// What the server plays when a human's time is up: pass a call; discard the drawn tile (else
// the last tile of the hand).
std::optional<Action> Table::timeout_choice(int s) const {
  const std::vector<Action>& legal = seats_[static_cast<size_t>(s)].legal;
  if (const Action* pass = find_type(legal, {ActionType::kPass})) return *pass;
  const Action* last = nullptr;
  for (const Action& a : legal) {
    if (a.type != ActionType::kDiscard) continue;
    if (a.tsumogiri) return a;
    last = &a;
  }
  if (last != nullptr) return *last;
  return std::nullopt;
}

std::string Table::ready(const Client* client) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr) return "ready: join the table first";
  if (a->seat < 0) return "ready: a spectator has no result to confirm";
  seats_[static_cast<size_t>(a->seat)].ready = true;  // a late OK (the countdown ended) is no error
  broadcast_states();
  drive();
  flush();
  return {};
}

std::string Table::set_options(const Client* client, const OptionsChange& change) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr) return "options: join the table first";
  if (a->seat < 0) return "options: a spectator has no seat to play for";
  SeatOptions& o = seats_[static_cast<size_t>(a->seat)].options;
  if (change.auto_win) o.auto_win = *change.auto_win;
  if (change.auto_discard) o.auto_discard = *change.auto_discard;
  if (change.no_calls) o.no_calls = *change.no_calls;
  row_dirty_ = true;
  broadcast_states();
  drive();
  flush();
  return {};
}

std::string Table::set_timer(const Client* client, TurnTimer timer) {
  std::lock_guard lock(mu_);
  Attached* a = find(client);
  if (a == nullptr) return "timer: join the table first";
  const int host = host_seat();
  if (a->seat < 0 || a->seat != host)
    return fmt::format("timer: only the host (seat {}, the first human seat) sets the turn timer",
                       host);
  if (rec_.game().is_over()) return "timer: the game is over";
  if (timer.turn_ms == 0) timer.bank_ms = 0;
  timer_cfg_ = timer;
  const auto now = Clock::now();
  for (int s = 0; s < players_; ++s) {
    Seat& st = seats_[static_cast<size_t>(s)];
    st.bank_left_ms = timer.bank_ms;
    if (!is_claim(rec_.game().round().phase())) set_deadline(s, now);
  }
  row_dirty_ = true;
  broadcast_states();
  drive();
  flush();
  return {};
}

// True while the table waits after a hand for a human's OK; at its end (every OK, or the
// countdown) the turn timers start and every client learns that the table plays on.
bool Table::hand_over_waits(Clock::time_point now) {
  if (!hand_over_until_) return false;
  const bool all = std::all_of(seated().begin(), seated().end(), [](const Seat& s) {
    return s.ready || !s.config.human || !s.connected || s.substitute;
  });
  if (!all && now < *hand_over_until_) return true;
  hand_over_until_.reset();
  for (int s = 0; s < players_; ++s) {
    seats_[static_cast<size_t>(s)].ready = true;
    set_deadline(s, now);
  }
  broadcast_states();
  return false;
}

}  // namespace riichi::server
