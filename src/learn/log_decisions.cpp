#include "learn/log_decisions.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/tenhou_replay.hpp"

namespace riichi::learn {

Game LoggedGame::new_game() const {
  if (start) return Game(rules, seed, walls, *start);
  return walls.empty() ? Game(rules, seed) : Game(rules, seed, walls);
}

namespace {

void from_tenhou(const io::MjlogGame& m, LoggedGame& out) {
  const int fd = m.first_dealer;
  const int n = out.rules.players;  // three players: seats rotate mod 3, seat 3 is nobody
  for (int s = 0; s < n; ++s)
    out.names[static_cast<std::size_t>(s)] = m.names[static_cast<std::size_t>((s + fd) % n)];
  if (m.starts_mid_game && !m.rounds.empty()) {  // the game goes on from the log's first hand
    const io::MjlogRound& r = m.rounds.front();
    GameState s = initial_state(out.rules);
    s.round_wind = r.round / 4;
    s.hand_number = r.round % 4;
    s.hands_played = r.round;
    s.dealer = (r.dealer - fd + n) % n;
    s.honba = r.honba;
    s.riichi_sticks = r.sticks;
    for (int f = 0; f < n; ++f)
      s.scores[static_cast<std::size_t>((f - fd + n) % n)] = r.scores[static_cast<std::size_t>(f)];
    out.start = s;
  }
  const io::GameReplay replay = io::replay_mjlog(m, out.rules);
  // An mjai log's events are named by their line.
  auto message = [&](const io::ReplayMismatch& mm) {
    if (out.format != io::LogFormat::kMjai || mm.element <= 0) return mm.message();
    return "line " + std::to_string(mm.element) + ": " + mm.message();
  };
  for (std::size_t k = 0; k < replay.hands.size(); ++k) {
    const io::HandReplay& hand = replay.hands[k];
    if (!hand.actions.empty())
      out.walls.push_back(io::convert_round(m.rounds[k], fd, out.rules).wall);
    out.actions.insert(out.actions.end(), hand.actions.begin(), hand.actions.end());
    if (hand.mismatch && !hand.result) {  // the engine could not follow the log's actions
      out.stopped = message(*hand.mismatch);
      return;
    }
    if (hand.mismatch) {  // every action replayed, the hand's result differs: stop after it
      out.notes = message(*hand.mismatch);
      return;
    }
    if (!hand.result) return;  // a log cut short in this hand
  }
}

// Plays the actions once: the ones the engine refuses end the game here; the final ranks.
void check_actions(LoggedGame& g) {
  Game game = g.new_game();
  for (std::size_t i = 0; i < g.actions.size(); ++i) {
    const InputMode mode = i < g.modes.size() ? g.modes[i] : InputMode::kLegalOnly;
    const ApplyResult r = game.apply(g.actions[i], mode);
    if (r.ok) continue;
    if (g.stopped.empty())
      g.stopped = "action " + std::to_string(i) + " (" +
                  to_string(g.actions[i], g.rules.red_fives) + ") refused: " + r.reason;
    g.actions.resize(i);
    break;
  }
  if (game.is_over()) g.ranks = game.final_result().ranks;
}

}  // namespace

LoggedGame logged_game(const io::LogGame& g) {
  LoggedGame out;
  out.source = g.source;
  out.format = g.format;
  out.rules = g.rules;
  if (g.record) {
    const GameRecord& r = g.record->record;
    out.seed = r.seed;
    out.actions = r.actions;
    out.modes = r.modes;
    out.names = r.players;
  } else {
    from_tenhou(*g.tenhou, out);
  }
  check_actions(out);
  return out;
}

// ---------------------------------------------------------------------------------------------

DecisionReader::DecisionReader(const std::vector<std::filesystem::path>& paths,
                               DecisionOptions options)
    : options_(std::move(options)), layout_(kMaxSeats, options_.planes) {
  namespace fs = std::filesystem;
  for (const fs::path& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::recursive_directory_iterator(p))
        if (entry.is_regular_file()) found.push_back(entry.path());
      std::sort(found.begin(), found.end());
      for (fs::path& f : found) {
        files_.push_back(std::move(f));
        from_directory_.push_back(true);
      }
    } else if (fs::is_regular_file(p, ec)) {
      files_.push_back(p);
      from_directory_.push_back(false);
    } else {
      throw std::invalid_argument(p.string() + ": no such file or directory");
    }
  }
}

namespace {

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw io::LogError(path.string(), "cannot read the file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

}  // namespace

bool DecisionReader::open_next_game() {
  game_.reset();
  logged_.reset();
  auto fail = [this](const std::string& source, const std::string& what) {
    const std::string message =
        what.compare(0, source.size(), source) == 0 ? what : source + ": " + what;
    if (!options_.skip_errors) throw std::invalid_argument(message);
    errors_.emplace_back(source, message);
  };
  for (;;) {
    if (next_game_in_file_ < file_games_.size()) {
      const io::LogGame& g = file_games_[next_game_in_file_];
      game_index_ = static_cast<int>(next_game_in_file_++);
      try {
        logged_ = logged_game(g);
      } catch (const std::exception& e) {
        fail(g.source, e.what());
        continue;
      }
      if (!logged_->stopped.empty()) fail(g.source, "replay stopped: " + logged_->stopped);
      // A hand whose result the log states otherwise: its decisions stand, the game stops
      // after it, never silently.
      if (logged_->stopped.empty() && !logged_->notes.empty())
        fail(g.source, "replay stopped after a hand the log scores otherwise: " + logged_->notes);
      game_.emplace(logged_->new_game());
      tracker_.reset();
      next_action_ = 0;
      ++games_;
      return true;
    }
    if (next_file_ >= files_.size()) return false;
    const std::size_t f = next_file_++;
    const std::string name = files_[f].string();
    file_games_.clear();
    next_game_in_file_ = 0;
    try {
      const std::string bytes = read_bytes(files_[f]);
      if (!io::is_gzip(bytes) && !io::detect_log_format(bytes)) {
        if (from_directory_[f]) {
          skipped_.push_back(name);
          continue;
        }
        throw io::LogError(name,
                           "not a game log (mjlog XML, tenhou.net/6 JSON, engine record or mjai)");
      }
      file_games_ = io::parse_log(bytes, name, options_.rules);
    } catch (const std::exception& e) {
      fail(name, e.what());
      continue;
    }
    source_index_ = static_cast<int>(sources_.size());
    sources_.push_back(name);
  }
}

void DecisionReader::write_row(int row, const Action& action, int index,
                               const DecisionOutputs& out) {
  const auto r = static_cast<std::size_t>(row);
  const std::size_t planes = static_cast<std::size_t>(layout_.num_planes) * kPlaneWidth;
  const int seat = action.seat;
  tracker_.sync(game_->round(), game_->setups().size());
  if (out.obs_u8) write_planes(layout_, game_->round(), tracker_, seat, out.obs_u8 + r * planes);
  if (out.obs_f32) write_planes(layout_, game_->round(), tracker_, seat, out.obs_f32 + r * planes);
  if (out.mask)
    for (int i = 0; i < kNumActions; ++i)
      out.mask[r * kNumActions + static_cast<std::size_t>(i)] =
          slots_[static_cast<std::size_t>(i)] >= 0;
  if (out.action) out.action[r] = static_cast<std::int16_t>(index);
  if (out.seat) out.seat[r] = static_cast<std::int8_t>(seat);
  if (out.source) out.source[r] = source_index_;
  if (out.game) out.game[r] = game_index_;
  if (out.hand) out.hand[r] = static_cast<std::int16_t>(game_->results().size());
  if (out.step) out.step[r] = static_cast<std::int32_t>(next_action_);
  if (out.rank)
    out.rank[r] = static_cast<std::int8_t>(logged_->ranks[static_cast<std::size_t>(seat)]);
}

int DecisionReader::next(int capacity, const DecisionOutputs& out) {
  int rows = 0;
  while (rows < capacity) {
    if (!game_ || next_action_ >= logged_->actions.size()) {
      if (!open_next_game()) break;
      continue;
    }
    const Action& a = logged_->actions[next_action_];
    const InputMode mode =
        next_action_ < logged_->modes.size() ? logged_->modes[next_action_] : InputMode::kLegalOnly;
    const bool red = game_->rules().red_fives;
    const std::vector<Action>& legal = game_->legal_actions(a.seat);
    if (options_.forced || legal.size() >= 2) {
      action_slots(legal, red, slots_);
      const int index = action_index(a, red);
      if (slots_[static_cast<std::size_t>(index)] >= 0) {
        write_row(rows++, a, index, out);
        ++decisions_;
      } else {
        ++offences_;
      }
    }
    game_->apply(a, mode);  // checked by logged_game()
    ++next_action_;
  }
  return rows;
}

}  // namespace riichi::learn
