// The mjai protocol, server side: one game between remote seats and built-in bots.
#include <fmt/core.h>

#include "io/io_internal.hpp"
#include "io/json_text.hpp"
#include "io/mjai_session.hpp"

namespace riichi::io {

std::string mjai_handshake(MjaiLink& link, std::chrono::milliseconds timeout, std::string& error) {
  const MjaiJson hello = {{"type", "hello"}, {"protocol", "mjsonp"}, {"protocol_version", 3}};
  if (!link.send(dump_json(hello))) {
    error = "cannot send hello";
    return "";
  }
  const std::optional<std::string> line = link.receive(timeout, error);
  if (!line) return "";
  const std::optional<nlohmann::json> j = try_parse_json(*line);
  if (!j || !j->is_object() || j->value("type", "") != "join") {
    error =
        fmt::format("expected {{\"type\":\"join\",\"name\":...}}, got: {}", line->substr(0, 80));
    return "";
  }
  std::string name =
      j->contains("name") && (*j)["name"].is_string() ? (*j)["name"].get<std::string>() : "mjai";
  name = utf8_prefix(name, kMaxMjaiNameChars);
  if (name.empty()) name = "mjai";
  return name;
}

namespace {

// The seat whose tile is in play in a claim window: the last discard or kan of the hand.
int claim_from(const Round& round) {
  const std::vector<Event>& ev = round.events();
  for (auto it = ev.rbegin(); it != ev.rend(); ++it)
    if (it->type == EventType::kDiscard || it->type == EventType::kCall) return it->seat;
  return -1;
}

class Table {
 public:
  Table(const Rules& rules, std::uint64_t seed, std::array<MjaiSeat, 4>& seats,
        const MjaiTableOptions& options, MjaiTableStats* stats)
      : rules_(rules),
        seed_(seed),
        seats_(seats),
        options_(options),
        stats_(stats),
        rec_(rules, seed, names(seats)) {}

  GameRecorder play() {
    std::vector<MjaiJson> batch;
    batch.push_back(mjai_start_game(rec_.record().players, 0, rules_));
    while (true) {
      collect(batch);
      if (rec_.game().is_over()) batch.push_back(mjai_end_game(rec_.game().final_result().points));
      deliver(batch);
      if (rec_.game().is_over()) break;
      decide(due_index(batch));
      batch.clear();
    }
    return std::move(rec_);
  }

 private:
  static std::array<std::string, 4> names(const std::array<MjaiSeat, 4>& seats) {
    return {seats[0].name, seats[1].name, seats[2].name, seats[3].name};
  }

  void log(const std::string& line) {
    if (options_.log) options_.log(line);
  }

  std::string who(int s) const {
    return fmt::format("seat {} ({})", s, seats_[static_cast<std::size_t>(s)].name);
  }

  void drop(int s, const std::string& reason) {
    MjaiSeat& seat = seats_[static_cast<std::size_t>(s)];
    if (seat.link == nullptr) return;
    log(fmt::format("{}: {}; connection dropped, a built-in bot plays the seat", who(s), reason));
    seat.link->close();
    seat.link = nullptr;
    if (stats_) ++stats_->dropped_links;
    if (!seat.bot) seat.bot = options_.replacement(seed_, s);
  }

  void send_to(int s, const std::string& line) {
    MjaiSeat& seat = seats_[static_cast<std::size_t>(s)];
    if (seat.link != nullptr && !seat.link->send(line))
      drop(s, "cannot send (connection lost, or the bot does not read)");
  }

  // The new events since the last call: the end of a finished hand, the next start_kyoku, the
  // events of the hand in play.
  void collect(std::vector<MjaiJson>& out) {
    const bool red = rules_.red_fives;
    if (rec_.log().hands.size() > hands_done_) {
      const HandLog& h = rec_.log().hands.back();
      append_mjai_events(h.events, cursor_, h.events.size(), red, scores_, &reach_sent_, out);
      for (MjaiJson& e : mjai_hand_end(rec_.record(), rec_.log())) out.push_back(std::move(e));
      hands_done_ = rec_.log().hands.size();
      in_hand_ = false;
    }
    if (rec_.game().is_over()) return;
    const Round& round = rec_.game().round();
    if (!in_hand_) {
      out.push_back(mjai_start_kyoku(round));
      scores_ = round.setup().scores;
      cursor_ = 0;
      // The deal and the first dora indicator are in start_kyoku.
      while (cursor_ < round.events().size() && round.events()[cursor_].type == EventType::kDeal)
        ++cursor_;
      if (cursor_ < round.events().size() &&
          round.events()[cursor_].type == EventType::kDoraRevealed)
        ++cursor_;
      in_hand_ = true;
      reach_sent_ = 0;
    }
    append_mjai_events(round.events(), cursor_, round.events().size(), red, scores_, &reach_sent_,
                       out);
    cursor_ = round.events().size();
  }

  // Sends every event to every remote seat and reads one answer each.
  void deliver(const std::vector<MjaiJson>& batch) {
    for (auto& a : answers_) a.assign(batch.size(), std::string());
    for (std::size_t i = 0; i < batch.size(); ++i) {
      for (int s = 0; s < rules_.players; ++s) {
        MjaiJson e = mjai_for_seat(batch[i], s);
        if (e["type"] == "start_game") e["id"] = s;
        send_to(s, dump_json(e));
      }
      for (int s = 0; s < 4; ++s) {
        MjaiSeat& seat = seats_[static_cast<std::size_t>(s)];
        if (seat.link == nullptr) continue;
        std::string error;
        std::optional<std::string> line = seat.link->receive(options_.timeout, error);
        if (!line) {
          drop(s, fmt::format("no answer to {} (event {}): {}", batch[i]["type"].get<std::string>(),
                              i, error));
          continue;
        }
        std::string why;
        const std::optional<nlohmann::json> j = try_parse_json(*line, &why);
        if (!j || !j->is_object()) {
          drop(s,
               fmt::format("answer to {} (event {}) is not a JSON object: {}",
                           batch[i]["type"].get<std::string>(), i, j ? line->substr(0, 80) : why));
          continue;
        }
        answers_[static_cast<std::size_t>(s)][i] = std::move(*line);
      }
    }
  }

  // The event of the batch after which the decision is due: the last one that is not a dora or
  // reach_accepted (a Tenhou kan dora follows the discard it is revealed after).
  static std::size_t due_index(const std::vector<MjaiJson>& batch) {
    for (std::size_t i = batch.size(); i-- > 0;) {
      const std::string type = batch[i]["type"];
      if (type != "dora" && type != "reach_accepted") return i;
    }
    return 0;
  }

  AnswerContext context(int s, bool riichi_declared) {
    const Round& round = rec_.game().round();
    AnswerContext ctx;
    ctx.seat = s;
    ctx.legal = rec_.game().legal_actions(s);
    ctx.red_fives = rules_.red_fives;
    ctx.riichi_declared = riichi_declared;
    ctx.claim_from = is_claim_window(round.phase()) ? claim_from(round) : -1;
    return ctx;
  }

  void refuse(int s, const std::string& event, const std::string& reason) {
    log(fmt::format("{}: answer to {} refused: {}", who(s), event, reason));
    if (stats_) ++stats_->refused_answers;
  }

  // Checks the answers of `s` to events [0, due) (each must be none) and returns its answer to the
  // decision: the first non-none answer from `due` on (none if every answer is none).
  std::string pick_answer(int s, std::size_t due, const std::vector<std::string>& answers,
                          const std::string& event) {
    AnswerContext idle;
    idle.seat = s;
    idle.red_fives = rules_.red_fives;
    std::string chosen = R"({"type":"none"})";
    for (std::size_t i = 0; i < answers.size(); ++i) {
      if (answers[i].empty()) continue;
      const MjaiAnswer a = parse_mjai_answer(answers[i], idle);
      if (i >= due && (!a.ok() || a.kind != MjaiAnswer::Kind::kNone)) return answers[i];
      if (!a.ok()) refuse(s, fmt::format("event {}", i), a.error + " (ignored)");
    }
    (void)event;
    return chosen;
  }

  // Seats with nothing to do must answer none: anything else is logged and ignored.
  void check_idle_answers(unsigned deciders) {
    AnswerContext idle;
    idle.red_fives = rules_.red_fives;
    for (int s = 0; s < 4; ++s) {
      if (deciders & (1u << s)) continue;
      idle.seat = s;
      const std::vector<std::string>& answers = answers_[static_cast<std::size_t>(s)];
      for (std::size_t i = 0; i < answers.size(); ++i) {
        if (answers[i].empty()) continue;
        const MjaiAnswer a = parse_mjai_answer(answers[i], idle);
        if (!a.ok()) refuse(s, fmt::format("event {}", i), a.error + " (ignored)");
      }
    }
  }

  Action remote_action(int s, std::size_t due) {
    const std::string event = fmt::format("event {}", due);
    const std::vector<std::string>& answers = answers_[static_cast<std::size_t>(s)];
    const std::string line = pick_answer(s, due, answers, event);
    AnswerContext ctx = context(s, false);
    MjaiAnswer a = parse_mjai_answer(line, ctx);
    if (a.ok() && a.kind == MjaiAnswer::Kind::kReach) return riichi_discard(s);
    if (a.ok() && a.kind == MjaiAnswer::Kind::kAction) return a.action;
    if (a.ok()) a.error = "no answer";  // kNone while an action is due: cannot happen
    refuse(s, event, a.error);
    const Action d = default_mjai_action(ctx.legal, false);
    log(fmt::format("{}: replaced by {}", who(s), to_string(d, rules_.red_fives)));
    return d;
  }

  // After `reach`: the declaration goes to every seat, then the declarer names its discard.
  Action riichi_discard(int s) {
    reach_sent_ |= 1u << s;
    const std::vector<MjaiJson> batch = {{{"type", "reach"}, {"actor", s}}};
    deliver(batch);
    AnswerContext ctx = context(s, true);
    if (seats_[static_cast<std::size_t>(s)].link == nullptr) {  // dropped meanwhile
      const Action d = default_mjai_action(ctx.legal, true);
      log(fmt::format("{}: riichi discard by default: {}", who(s), to_string(d, rules_.red_fives)));
      return d;
    }
    const std::string& line = answers_[static_cast<std::size_t>(s)][0];
    const MjaiAnswer a = parse_mjai_answer(line, ctx);
    if (a.ok() && a.kind == MjaiAnswer::Kind::kAction) return a.action;
    refuse(s, "reach", a.ok() ? "expected the riichi dahai, got none" : a.error);
    const Action d = default_mjai_action(ctx.legal, true);
    log(fmt::format("{}: replaced by {}", who(s), to_string(d, rules_.red_fives)));
    return d;
  }

  // Applies the decisions due after the batch: the seat to play, or every seat of a claim window
  // in the engine's order.
  void decide(std::size_t due) {
    const Round& round = rec_.game().round();
    unsigned deciders =
        is_claim_window(round.phase()) ? round.pending_mask() : 1u << rec_.game().to_play();
    check_idle_answers(deciders);
    const std::size_t hand = rec_.log().hands.size();
    while (!rec_.game().is_over() && rec_.log().hands.size() == hand) {
      const int s = rec_.game().to_play();
      if (s < 0 || !(deciders & (1u << s))) break;
      deciders &= ~(1u << s);
      MjaiSeat& seat = seats_[static_cast<std::size_t>(s)];
      Action a;
      if (seat.link != nullptr) {
        a = remote_action(s, due);
      } else {
        const std::vector<Action>& legal = rec_.game().legal_actions(s);
        if (seat.bot->wants_observation()) {
          a = seat.bot->choose(rec_.game().round().observation(s), legal);
        } else {
          static const Observation kEmpty;
          a = seat.bot->choose(kEmpty, legal);
        }
      }
      const ApplyResult r = rec_.apply(a);
      if (!r.ok) throw std::logic_error(fmt::format("{}: action refused: {}", who(s), r.reason));
    }
  }

  Rules rules_;
  std::uint64_t seed_;
  std::array<MjaiSeat, 4>& seats_;
  const MjaiTableOptions& options_;
  MjaiTableStats* stats_;
  GameRecorder rec_;
  std::size_t hands_done_ = 0;
  std::size_t cursor_ = 0;
  bool in_hand_ = false;
  unsigned reach_sent_ = 0;
  std::array<int, 4> scores_{};
  std::array<std::vector<std::string>, 4> answers_;
};

}  // namespace

GameRecorder play_mjai_game(const Rules& rules, std::uint64_t seed, std::array<MjaiSeat, 4>& seats,
                            const MjaiTableOptions& options, MjaiTableStats* stats) {
  for (int s = rules.players; s < 4; ++s)  // three players: seat 3 is nobody
    if (seats[static_cast<std::size_t>(s)].link != nullptr ||
        seats[static_cast<std::size_t>(s)].bot)
      throw std::invalid_argument(fmt::format("seat {} in a {}-player game", s, rules.players));
  for (int s = 0; s < rules.players; ++s) {
    MjaiSeat& seat = seats[static_cast<std::size_t>(s)];
    if (seat.link == nullptr && !seat.bot) seat.bot = options.replacement(seed, s);
  }
  Table table(rules, seed, seats, options, stats);
  return table.play();
}

}  // namespace riichi::io
