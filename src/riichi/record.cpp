// Game records and replay (see record.hpp).
#include "riichi/record.hpp"

#include <algorithm>
#include <utility>

namespace riichi {

std::string full_rules_spec(const Rules& rules) {
  std::string spec = rules.name;
  for (const auto& [key, value] : rules.fields()) {
    spec += ',';
    spec += key;
    spec += '=';
    spec += value;
  }
  return spec;
}

std::string describe_actions(const std::vector<Action>& actions, bool red_fives,
                             std::size_t max_items) {
  std::string out;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (i == max_items) {
      out += ", ... (";
      out += std::to_string(actions.size());
      out += " in all)";
      break;
    }
    if (i > 0) out += ", ";
    out += to_string(actions[i], red_fives);
  }
  if (out.empty()) out = "nothing";
  return out;
}

std::string Divergence::message() const {
  std::string m;
  if (action_index >= 0) {
    m += "action ";
    m += std::to_string(action_index);
  } else {
    m += "record";
  }
  if (!hand_name.empty()) {
    m += " (";
    m += hand_name;
    m += ")";
  }
  m += ": ";
  m += reason;
  if (!found.empty()) {
    m += "; found ";
    m += found;
  }
  if (!expected.empty()) {
    m += "; expected ";
    m += expected;
  }
  return m;
}

std::vector<std::uint8_t> ura_indicators_seen(const Round& round) {
  std::vector<std::uint8_t> ura;
  if (!round.is_over()) return ura;
  bool riichi_winner = false;
  for (const WinRecord& w : round.result().wins) riichi_winner |= round.in_riichi(w.winner);
  if (!riichi_winner) return ura;
  int revealed = 0;
  for (const Event& e : round.events()) revealed += e.type == EventType::kDoraRevealed;
  if (revealed == 0) revealed = 1;
  for (int k = 0; k < revealed && k < static_cast<int>(Wall::kIndicatorSlots.size()); ++k)
    ura.push_back(round.wall().tiles[static_cast<std::size_t>(Wall::kIndicatorSlots[k] + 1)]);
  return ura;
}

GameRecorder::GameRecorder(const Rules& rules, std::uint64_t seed,
                           std::array<std::string, 4> players)
    : GameRecorder(Game(rules, seed), std::move(players)) {}

GameRecorder::GameRecorder(Game game, std::array<std::string, 4> players)
    : game_(std::move(game)), players_(std::move(players)) {
  log_.finished = game_.is_over();
  log_.final_state = game_.state();
  if (log_.finished) log_.final = game_.final_result();
}

ApplyResult GameRecorder::apply(Action action, InputMode mode) {
  const std::size_t hands_before = game_.results().size();
  const int first_event = static_cast<int>(game_.round().events().size());
  ApplyResult applied = game_.apply(action, mode, ended_);
  if (!applied.ok) return applied;
  actions_.push_back(action);
  modes_.push_back(mode);
  action_events_.push_back(first_event);
  if (game_.results().size() > hands_before) close_hand();
  return applied;
}

// The hand that just ended, as it ended: handed over by Game::apply (the game's last hand is
// still its round()).
void GameRecorder::close_hand() {
  const std::size_t index = log_.hands.size();
  const Round& round = game_.is_over() ? game_.round() : *ended_;
  HandLog hand;
  hand.setup = game_.setups()[index];
  hand.name = hand_name(hand.setup.round_wind, hand.setup.hand_number);
  hand.first_action = hand_first_action_;
  const int end = static_cast<int>(actions_.size());
  hand.action_events = action_events_;
  action_events_.clear();
  hand.events = round.events();
  hand.result = game_.results()[index];
  // The state after this hand: the next setup, or the final state.
  if (index + 1 < game_.setups().size()) {
    const RoundSetup& next = game_.setups()[index + 1];
    hand.scores_after = next.scores;
    hand.honba_after = next.honba;
    hand.riichi_sticks_after = next.riichi_sticks;
  } else {
    hand.scores_after = game_.state().scores;
    hand.honba_after = game_.state().honba;
    hand.riichi_sticks_after = game_.state().riichi_sticks;
  }
  hand.ura_indicators = ura_indicators_seen(round);
  log_.hands.push_back(std::move(hand));
  hand_first_action_ = end;
  log_.finished = game_.is_over();
  log_.final_state = game_.state();
  if (log_.finished) log_.final = game_.final_result();
}

GameRecord GameRecorder::record() const {
  GameRecord r;
  r.rules = game_.rules();
  r.seed = game_.seed();
  r.players = players_;
  r.actions = actions_;
  const bool any_human = std::find(modes_.begin(), modes_.end(), InputMode::kHuman) != modes_.end();
  if (any_human) r.modes = modes_;
  return r;
}

ReplayResult replay(const GameRecord& record) {
  ReplayResult out;
  GameRecorder rec(record.rules, record.seed, record.players);
  const bool red = record.rules.red_fives;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action& a = record.actions[i];
    const Game& g = rec.game();
    if (g.is_over()) {
      Divergence d;
      d.action_index = static_cast<int>(i);
      d.hand_index = static_cast<int>(g.results().size()) - 1;
      d.hand_name = hand_name(g.round().setup().round_wind, g.round().setup().hand_number);
      d.reason = "the game is already over (" + d.hand_name + " was the last hand)";
      d.found = to_string(a, red);
      d.expected = "the end of the record";
      out.divergence = std::move(d);
      break;
    }
    const ApplyResult applied = rec.apply(a, record.mode(i));
    if (!applied.ok) {
      Divergence d;
      d.action_index = static_cast<int>(i);
      d.hand_index = static_cast<int>(g.results().size());
      d.hand_name = hand_name(g.round().setup().round_wind, g.round().setup().hand_number);
      d.reason = applied.reason;
      d.found = to_string(a, red);
      const int seat = a.seat >= 0 && a.seat < 4 ? a.seat : g.to_play();
      std::string expected = "one of: ";
      const std::vector<Action>& legal = g.legal_actions(seat);
      if (legal.empty() && g.to_play() >= 0) {
        expected = "an action of seat";
        expected += std::to_string(g.to_play());
        expected += ": ";
        expected += describe_actions(g.legal_actions(g.to_play()), red);
      } else {
        expected += describe_actions(legal, red);
      }
      d.expected = std::move(expected);
      out.divergence = std::move(d);
      break;
    }
  }
  if (!out.divergence && !rec.game().is_over()) {
    const Game& g = rec.game();
    Divergence d;
    d.action_index = static_cast<int>(record.actions.size());
    d.hand_index = static_cast<int>(g.results().size());
    d.hand_name = hand_name(g.round().setup().round_wind, g.round().setup().hand_number);
    d.reason = "the record ends before the game does";
    d.found = "no more actions";
    d.expected = "an action of seat";
    d.expected += std::to_string(g.to_play());
    d.expected += ": ";
    d.expected += describe_actions(g.legal_actions(g.to_play()), red);
    out.divergence = std::move(d);
  }
  out.log = rec.log();
  return out;
}

}  // namespace riichi
