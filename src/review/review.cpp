// Game review: the hands of a log replayed through the engine, every decision of the chosen
// seats judged by eval::evaluate_options (docs/review.md).
#include "review/review.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "io/tenhou_replay.hpp"
#include "riichi/game.hpp"
#include "riichi/record.hpp"

namespace riichi::review {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }
constexpr double kTie = 1e-6;  // points: options closer than this are worth the same

// One hand to replay: how it starts and what was played.
struct HandSource {
  std::string name;  // "East 1, 0 honba"
  RoundSetup setup;
  std::optional<Wall> wall;  // Tenhou logs: the log's tiles; records: the setup's seed
  std::vector<Action> actions;
  std::vector<InputMode> modes;  // empty: kLegalOnly
  std::optional<RoundResult> result;
};

std::string hand_label(const RoundSetup& s) {
  return hand_name(s.round_wind, s.hand_number) + ", " + std::to_string(s.honba) + " honba";
}

// A tile value that tells a red five apart: kind * 2 + red.
int tile_value(int id, bool red) {
  return id < 0 || id >= kNumTiles ? -1 : (id / 4) * 2 + (red && is_red_id(id));
}

bool same_action(const Action& legal, const Action& a, bool red, bool tsumogiri) {
  if (legal.type != a.type || legal.seat != a.seat) return false;
  if (tsumogiri && legal.tsumogiri != a.tsumogiri) return false;
  if (tile_value(legal.tile, red) != tile_value(a.tile, red)) return false;
  std::array<int, 3> x{}, y{};
  for (std::size_t i = 0; i < 3; ++i)
    x[i] = tile_value(legal.uses[i], red), y[i] = tile_value(a.uses[i], red);
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}

// The legal action `a` is (exact tsumogiri flag first), -1 when none.
int find_action(const std::vector<Action>& legal, const Action& a, bool red) {
  for (bool strict : {true, false})
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (same_action(legal[i], a, red, strict)) return static_cast<int>(i);
  return -1;
}

std::vector<HandSource> tenhou_hands(const io::MjlogGame& mj, const Rules& rules,
                                     std::vector<std::string>& notes) {
  std::vector<HandSource> out;
  const io::GameReplay rep = io::replay_mjlog(mj, rules);
  for (std::size_t i = 0; i < mj.rounds.size() && i < rep.hands.size(); ++i) {
    const io::HandReplay& h = rep.hands[i];
    if (h.mismatch) {
      notes.push_back(h.name + ": not reviewed, the engine does not replay it (" +
                      h.mismatch->message() + ")");
      continue;
    }
    io::ConvertedRound conv = io::convert_round(mj.rounds[i], mj.first_dealer, rules);
    HandSource s;
    s.name = h.name;
    s.setup = conv.setup;
    s.wall = std::move(conv.wall);
    s.actions = h.actions;
    s.result = h.result;
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<HandSource> record_hands(const io::RecordedGame& rec, std::vector<std::string>& notes,
                                     GameLog& log) {
  ReplayResult rr = replay(rec.record);
  if (rr.divergence) notes.push_back("record replay stops: " + rr.divergence->message());
  std::vector<HandSource> out;
  for (const HandLog& h : rr.log.hands) {
    HandSource s;
    s.name = hand_label(h.setup);
    s.setup = h.setup;
    const auto first = rec.record.actions.begin() + h.first_action;
    s.actions.assign(first, first + h.num_actions());
    for (int k = 0; k < h.num_actions(); ++k)
      s.modes.push_back(rec.record.mode(at(h.first_action + k)));
    s.result = h.result;
    out.push_back(std::move(s));
  }
  log = std::move(rr.log);
  return out;
}

OptionRow option_row(const eval::OptionValue& o, bool red) {
  OptionRow row;
  row.action = action_text(o.action, red);
  row.kind = o.kind;
  row.exp_score = o.exp_score;
  row.win_prob = o.win_prob;
  row.deal_in_prob = o.deal_in_prob;
  row.reason = o.reason;
  return row;
}

// Makes the option texts unique ("#2" for a second option written the same).
void unique_texts(std::vector<OptionRow>& rows) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    int n = 1;
    for (std::size_t j = 0; j < i; ++j)
      if (rows[j].action == rows[i].action) ++n;
    if (n > 1) rows[i].action += " #" + std::to_string(n);
  }
}

Decision judge(const Observation& obs, int actual, const Rules& rules,
               const ReviewSettings& settings) {
  const eval::OptionsReport rep = eval::evaluate_options(obs, rules, settings.options);
  Decision d;
  d.seat = obs.seat;
  d.turn = static_cast<int>(obs.discards[at(obs.seat)].size()) + 1;
  d.threat = rep.threat;
  d.actual = actual;
  d.best = rep.best;
  for (const eval::OptionValue& o : rep.options)
    d.options.push_back(option_row(o, rules.red_fives));
  unique_texts(d.options);
  const eval::OptionValue& taken = rep.options[at(actual)];
  const eval::OptionValue& best = rep.options[at(rep.best)];
  d.kind = taken.kind;
  d.ev_loss = std::max(0.0, best.exp_score - taken.exp_score);
  if (d.ev_loss <= kTie) {
    d.ev_loss = 0;
    d.best = actual;  // worth as much: the player's own choice is shown as the best
  }
  for (const eval::OptionValue& o : rep.options)
    if (o.utility > taken.utility + kTie) ++d.rank;
  d.loss_kind = d.ev_loss > 0 ? eval::mistake_kind(rep, actual) : taken.reason_kind;
  d.position = obs;
  d.position.legal_actions.clear();
  return d;
}

// The player's record of one hand.
void count_hand(const HandSource& h, const RoundResult& res, PlayerRecord& p) {
  ++p.hands;
  bool called = false, riichi = false;
  for (const Action& a : h.actions) {
    if (a.seat != p.seat) continue;
    riichi |= a.type == ActionType::kRiichi;
    called |= a.type == ActionType::kChi || a.type == ActionType::kPon ||
              a.type == ActionType::kDaiminkan;
  }
  p.riichi += riichi;
  p.called_hands += called;
  bool won = false, dealt_in = false;
  for (const WinRecord& w : res.wins) {
    won |= w.winner == p.seat;
    dealt_in |= w.from == p.seat;
  }
  const int delta = res.deltas[at(p.seat)] + (riichi ? 1000 : 0);  // without the own stake
  if (won) ++p.wins, p.win_points += delta;
  if (dealt_in && !won) ++p.deal_ins, p.deal_in_points += -delta;
}

// Ranks 1..players by points; a tie goes to the seat closer to the first dealer (engine seat 0).
std::array<int, 4> ranks_of(const std::array<int, 4>& points, int players) {
  std::array<int, 4> r{};
  for (int i = 0; i < players; ++i) {
    r[at(i)] = 1;
    for (int j = 0; j < players; ++j)
      if (points[at(j)] > points[at(i)] || (points[at(j)] == points[at(i)] && j < i)) ++r[at(i)];
  }
  return r;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int first_dealer(const io::LogGame& g) { return g.tenhou ? g.tenhou->first_dealer : 0; }

// "YYYY-MM" from a Tenhou log id "2010081709gm-...".
std::string log_month(const std::string& id) {
  if (id.size() < 6 || !std::all_of(id.begin(), id.begin() + 6, ::isdigit)) return "";
  return id.substr(0, 4) + "-" + id.substr(4, 2);
}

void replay_hand(const HandSource& h, const Rules& rules, const std::vector<int>& seats,
                 const ReviewSettings& settings, int index, GameReview& out) {
  Round round = h.wall ? Round(rules, h.setup, *h.wall) : Round(rules, h.setup);
  for (std::size_t j = 0; j < h.actions.size(); ++j) {
    const Action& a = h.actions[j];
    if (std::find(seats.begin(), seats.end(), a.seat) != seats.end()) {
      Observation obs = round.observation(a.seat);
      if (obs.legal_actions.size() >= 2) {
        const int actual = find_action(obs.legal_actions, a, rules.red_fives);
        if (actual < 0) {
          out.notes.push_back(h.name + ": " + to_string(a, rules.red_fives) +
                              " is not among the legal actions; the rest of the hand skipped");
          return;
        }
        try {
          Decision d = judge(obs, actual, rules, settings);
          d.hand_index = index;
          d.hand = h.name;
          d.log_seat = out.log_seat(a.seat);
          out.decisions.push_back(std::move(d));
        } catch (const std::exception& e) {
          out.notes.push_back(h.name + ": action " + std::to_string(j) +
                              " not judged: " + e.what());
        }
      }
    }
    const InputMode mode = j < h.modes.size() ? h.modes[j] : InputMode::kLegalOnly;
    const ApplyResult r = round.apply(a, mode);
    if (!r.ok) {
      out.notes.push_back(h.name + ": action " + std::to_string(j) + " refused (" + r.reason +
                          "); the rest of the hand skipped");
      return;
    }
  }
}

}  // namespace

std::array<std::string, 4> player_names(const io::LogGame& game) {
  std::array<std::string, 4> names;
  const int players = game.rules.players;  // three players: seat 3 has no name
  for (int s = 0; s < players; ++s) {
    const int file_seat = (s + first_dealer(game)) % players;
    if (game.tenhou) names[at(s)] = game.tenhou->names[at(file_seat)];
    if (game.record) names[at(s)] = game.record->record.players[at(s)];
    if (names[at(s)].empty()) names[at(s)] = "seat " + std::to_string(file_seat);
  }
  return names;
}

std::vector<int> resolve_player(const io::LogGame& game, const std::string& spec) {
  const int n = game.rules.players;
  if (spec.empty() || spec == "all")
    return n == 3 ? std::vector<int>{0, 1, 2} : std::vector<int>{0, 1, 2, 3};
  const int fd = first_dealer(game);
  if (spec.size() == 1 && spec[0] >= '0' && spec[0] < '0' + n)
    return {(spec[0] - '0' - fd + n) % n};
  const std::array<std::string, 4> names = player_names(game);
  for (int pass = 0; pass < 2; ++pass)
    for (int s = 0; s < n; ++s)
      if (pass == 0 ? names[at(s)] == spec : lower(names[at(s)]) == lower(spec)) return {s};
  std::string list;
  for (int file_seat = 0; file_seat < n; ++file_seat) {
    if (!list.empty()) list += ", ";
    list += std::to_string(file_seat) + " '" + names[at((file_seat - fd + n) % n)] + "'";
  }
  throw PlayerError("no player '" + spec + "' in " + game.source + " (players: " + list + ")");
}

GameReview review_game(const io::LogGame& game, const std::vector<int>& seats,
                       const ReviewSettings& settings) {
  const int n = game.rules.players;
  for (int s : seats)
    if (s < 0 || s >= n)
      throw std::invalid_argument("seat " + std::to_string(s) + " not in 0.." +
                                  std::to_string(n - 1));
  GameReview out;
  out.num_players = n;
  out.first_dealer = first_dealer(game);
  out.source = game.source;
  out.format = io::log_format_name(game.format);
  out.rules = game.rules;
  out.names = player_names(game);
  out.seats = seats;
  std::vector<HandSource> hands;
  GameLog log;
  std::array<int, 4> final_points{};
  if (game.tenhou) {
    const io::MjlogGame& mj = *game.tenhou;
    out.game = mj.log_id.empty() ? game.source : mj.log_id;
    out.date = log_month(mj.log_id);
    hands = tenhou_hands(mj, game.rules, out.notes);
  } else if (game.record) {
    out.game = game.source;
    hands = record_hands(*game.record, out.notes, log);
  }
  for (int s : seats) {
    PlayerRecord p;
    p.seat = s;
    p.log_seat = out.log_seat(s);
    p.name = out.names[at(s)];
    out.players.push_back(p);
  }
  // A decision reads the values at its position's turn alone: the recursion stops there (the
  // same values, less work: docs/review.md "Speed").
  ReviewSettings judged = settings;
  judged.options.ev.turns_before_position = false;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    replay_hand(hands[i], game.rules, seats, judged, static_cast<int>(i), out);
    if (!hands[i].result) continue;
    for (PlayerRecord& p : out.players) count_hand(hands[i], *hands[i].result, p);
    for (int s = 0; s < 4; ++s)
      final_points[at(s)] = hands[i].setup.scores[at(s)] + hands[i].result->deltas[at(s)];
  }
  if (game.tenhou && game.tenhou->has_owari)
    for (int s = 0; s < n; ++s)
      final_points[at(s)] = game.tenhou->final_scores[at(out.log_seat(s))];
  if (game.record && log.finished) final_points = log.final.points;
  const bool complete = (game.tenhou && game.tenhou->has_owari) || (game.record && log.finished);
  const std::array<int, 4> ranks = ranks_of(final_points, n);
  for (PlayerRecord& p : out.players) {
    p.final_score = final_points[at(p.seat)];
    p.rank = complete ? ranks[at(p.seat)] : 0;
  }
  out.summary = summarize(out.decisions);
  return out;
}

Summary summarize(const std::vector<Decision>& decisions) {
  Summary s;
  s.decisions = static_cast<int>(decisions.size());
  for (const Decision& d : decisions) {
    s.top1 += d.rank == 1;
    s.top3 += d.rank <= 3;
    s.total_loss += d.ev_loss;
    if (d.ev_loss > 0.5) {
      KindLoss& k = s.by_kind[static_cast<std::size_t>(d.loss_kind)];
      ++k.decisions;
      k.loss += d.ev_loss;
    }
  }
  s.mean_loss = s.decisions ? s.total_loss / s.decisions : 0;
  std::vector<int> order;
  for (int i = 0; i < s.decisions; ++i)
    if (decisions[at(i)].ev_loss > 0.5) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return decisions[at(a)].ev_loss > decisions[at(b)].ev_loss;
  });
  if (order.size() > 10) order.resize(10);
  s.costliest = order;
  return s;
}

std::string action_text(const Action& a, bool red) {
  const auto tile = [&](int id) { return tile_to_string(tile_of_id(id, red)); };
  std::string s = action_type_name(a.type);
  if (a.type == ActionType::kPass || a.type == ActionType::kTsumo || a.type == ActionType::kKyuushu)
    return s;
  if (a.tile >= 0 && a.tile < kNumTiles) s += ' ' + tile(a.tile);
  std::string uses;
  for (std::int16_t u : a.uses)
    if (u >= 0 && u < kNumTiles) uses += tile(u);
  if (!uses.empty()) s += " (" + uses + ")";
  if (a.tsumogiri) s += " (tsumogiri)";
  return s;
}

}  // namespace riichi::review
