// The game around the hands (RULES.md §2.1, §4.3-§4.5, §5, §9, §10, §11).
#include "riichi/game.hpp"

#include <algorithm>
#include <utility>

namespace riichi {

namespace {

constexpr int kStickValue = 1000;              // a riichi stick (§5.2)
constexpr int kChomboPenaltyAfterUma = 20000;  // EMA 2016 tournament chombo (§4.5, §5.5)

bool any_of4(const std::array<bool, 4>& a) { return a[0] || a[1] || a[2] || a[3]; }

// The last round wind of the regular game: South for a hanchan, East with east_only (§2.1, OQ-21).
int last_regular_wind(const Rules& rules) { return rules.east_only ? 0 : 1; }

// What a counted hand does to the dealer and the counters.
struct Renchan {
  bool dealer_stays = false;
  int honba = 0;
  bool by_win = false;     // the dealer stays because he won (agari-yame)
  bool by_tenpai = false;  // ... because he was tenpai at an exhaustive draw (tenpai-yame)
};

// EMA 2008 nagashi mangan counts as a win (§4.3); Tenhou's is a draw settlement.
bool nagashi_is_win(const RoundResult& r, const Rules& rules) {
  return rules.nagashi_mangan == NagashiMangan::kWin && any_of4(r.nagashi);
}

// East among the winners, also with other ron winners on the same discard (§5.3), or an EMA
// 2008 nagashi winner (§4.3).
bool dealer_won(const RoundResult& r, int dealer, const Rules& rules) {
  if (r.dealer_won) return true;
  for (const WinRecord& w : r.wins)
    if (w.winner == dealer) return true;
  return nagashi_is_win(r, rules) && r.nagashi[dealer];
}

// §5.1 honba and §5.3 renchan for every outcome but chombo.
Renchan renchan(const GameState& s, const RoundResult& r, const Rules& rules) {
  if (r.end == RoundEnd::kWin || nagashi_is_win(r, rules)) {
    // A win by East: East stays, h+1. Only non-East winners: rotate, h reset (OQ-13 for nagashi).
    const bool stays = dealer_won(r, s.dealer, rules);
    return {stays, stays ? s.honba + 1 : 0, stays, false};
  }
  if (r.end == RoundEnd::kAbortiveDraw) {
    // §4.4: counter +1; the dealer stays per OQ-4 / SA-2.
    return {rules.abortive_draw_dealer_repeats, s.honba + 1, false, false};
  }
  // Exhaustive draw, Tenhou nagashi included (§4.2, §4.3): +1 always, East stays iff tenpai.
  const bool tenpai = r.dealer_tenpai || r.tenpai[s.dealer];
  return {tenpai, s.honba + 1, false, tenpai};
}

// The deal passes to East's right; after the last dealer (4th, or 3rd with three players) the
// round wind advances (§2.1).
void rotate_dealer(GameState& s, int players) {
  s.dealer = (s.dealer + 1) % players;
  if (++s.hand_number == players) {
    s.hand_number = 0;
    ++s.round_wind;
  }
}

bool someone_reached(const std::array<int, 4>& scores, int threshold) {
  return std::any_of(scores.begin(), scores.end(), [&](int p) { return p >= threshold; });
}

// Tenhou tobi: below 0 ends the game, exactly 0 continues (§5.4, OQ-15).
bool bankrupt(const GameState& s, const Rules& rules) {
  return rules.bankruptcy &&
         std::any_of(s.scores.begin(), s.scores.end(), [](int p) { return p < 0; });
}

// Tenhou agari-yame (§5.4): in the all-last hand, or any hand of the sudden-death round, the
// dealer won (or, with tenpai_yame, was tenpai) and is 1st after it. With west_sudden_death the
// game cannot end while nobody has target_points (choice: the sudden-death rule wins over
// agari-yame). Tenhou's own note on tenpai-yame (2010) counts the sudden-death dealers as last
// dealers.
bool agari_yame(const GameState& before, const GameState& after, const Renchan& rc,
                const Rules& rules) {
  if (!rules.agari_yame || !(rc.by_win || (rc.by_tenpai && rules.tenpai_yame))) return false;
  const int last = last_regular_wind(rules);
  const bool all_last = (before.hand_number == rules.players - 1 && before.round_wind >= last) ||
                        (rules.west_sudden_death && before.round_wind > last);
  if (!all_last) return false;
  if (rules.west_sudden_death && !someone_reached(after.scores, rules.target_points)) return false;
  return ranks(after.scores, rules.split_ties, rules.players)[before.dealer] == 1;
}

// §5.4: why the game ends after the hand `before` -> `after`, or kNotOver. Riichi deposits on
// the table are not counted in the sudden-death threshold. In the sudden-death round a dealer
// who repeats plays on even when someone has target_points, unless agari-yame ends the game
// (the dealer 1st): real Tenhou logs show it (2021070116gm-00a9-0000-49b947ab West 1).
GameEnd game_end(const GameState& before, const GameState& after, const Renchan& rc,
                 const Rules& rules) {
  if (bankrupt(after, rules)) return GameEnd::kBankruptcy;
  const int last = last_regular_wind(rules);
  const bool reached = someone_reached(after.scores, rules.target_points);
  const bool in_sudden_death = before.round_wind > last;
  if (in_sudden_death && reached && !rc.dealer_stays) return GameEnd::kSuddenDeath;
  if (after.round_wind > last + 1) return GameEnd::kWestLimit;  // West 4 ended (at most West 4)
  if (after.round_wind > last && !in_sudden_death) {            // South 4 ended, no repeat
    if (!rules.west_sudden_death) return GameEnd::kLastHand;
    if (reached) return GameEnd::kLastHand;
  }
  if (agari_yame(before, after, rc, rules)) return GameEnd::kAgariYame;
  return GameEnd::kNotOver;
}

void finish(GameState& s, GameEnd end) {
  s.end = end;
  s.finished = end != GameEnd::kNotOver;
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Adds `amount` shared equally among the seats in `members` (integer points); the remainder goes
// one point at a time to the members earliest in seat order (OQ-12, also for uma shares).
void share(std::array<int, 4>& out, const std::array<bool, 4>& members, int amount) {
  int k = 0;
  for (bool m : members) k += m;
  if (k == 0) return;
  int each = amount / k;
  int rest = amount % k;
  if (rest < 0) rest += k, --each;  // floor division: every share is each or each + 1
  for (int i = 0; i < 4; ++i) {
    if (!members[i]) continue;
    out[i] += each + (rest > 0 ? 1 : 0);
    if (rest > 0) --rest;
  }
}

// OQ-15 Tenhou: the points rounded to the nearest multiple of `unit`, a half unit away from zero
// (24500 -> 25000, 38500 -> 39000, -7500 -> -8000): this reproduces the final results ("owari")
// of all 43 complete real Tenhou logs in ../shared/data/tenhou-mjlog.
int round_half_away_from_zero(int x, int unit) {
  const int magnitude = x < 0 ? -x : x;
  const int rounded = (magnitude + unit / 2) / unit * unit;
  return x < 0 ? -rounded : rounded;
}

// points - return_points + place bonus, rounded per final_rounding (OQ-15) with 1st (the rank-1
// seat earliest in seat order) taking the difference so that the sum stays 0.
std::array<int, 4> before_penalties(const FinalResult& f, const Rules& rules) {
  std::array<int, 4> v{};
  for (int i = 0; i < rules.players; ++i) {
    const int unit = rules.final_rounding;
    const int points = unit > 0 ? round_half_away_from_zero(f.points[i], unit) : f.points[i];
    v[i] = points - rules.return_points + f.uma[i];
  }
  if (rules.final_rounding <= 0) return v;
  const int top = static_cast<int>(std::find(f.ranks.begin(), f.ranks.end(), 1) - f.ranks.begin());
  v[top] = 0;
  for (int i = 0; i < rules.players; ++i)
    if (i != top) v[top] -= v[i];
  return v;
}

}  // namespace

GameState initial_state(const Rules& rules) {
  GameState s;
  for (int i = 0; i < rules.players; ++i) s.scores[i] = rules.starting_points;
  return s;
}

GameState next_state(const GameState& state, const RoundResult& result, const Rules& rules) {
  GameState next = state;
  if (state.finished) return next;
  for (int i = 0; i < 4; ++i) next.scores[i] += result.deltas[i];
  next.riichi_sticks = result.riichi_sticks_after;
  ++next.hands_dealt;
  if (result.end == RoundEnd::kChombo) {
    // §4.5, §5.1: the hand is replayed, same East, same counters; it does not count.
    if (result.chombo_seat >= 0 && result.chombo_seat < 4) ++next.chombo[result.chombo_seat];
    finish(next, bankrupt(next, rules) ? GameEnd::kBankruptcy : GameEnd::kNotOver);
    return next;
  }
  ++next.hands_played;
  const Renchan rc = renchan(state, result, rules);
  next.honba = rc.honba;
  if (!rc.dealer_stays) rotate_dealer(next, rules.players);
  finish(next, game_end(state, next, rc, rules));
  return next;
}

std::uint64_t hand_seed(std::uint64_t game_seed, int hand_index) {
  return splitmix64(game_seed ^ splitmix64(static_cast<std::uint64_t>(hand_index)));
}

RoundSetup round_setup(const GameState& state, std::uint64_t game_seed) {
  RoundSetup setup;
  setup.round_wind = state.round_wind;
  setup.hand_number = state.hand_number;
  setup.dealer = state.dealer;
  setup.honba = state.honba;
  setup.riichi_sticks = state.riichi_sticks;
  setup.scores = state.scores;
  setup.wall_seed = hand_seed(game_seed, state.hands_dealt);
  return setup;
}

std::string hand_name(int round_wind, int hand_number) {
  static constexpr const char* kWinds[] = {"East", "South", "West", "North"};
  std::string name = kWinds[((round_wind % 4) + 4) % 4];
  name += ' ';
  name += std::to_string(hand_number + 1);
  return name;
}

std::string hand_name(const GameState& state) {
  return hand_name(state.round_wind, state.hand_number);
}

std::array<int, 4> ranks(const std::array<int, 4>& points, bool split_ties, int players) {
  std::array<int, 4> r{};
  r.fill(4);
  for (int i = 0; i < players; ++i) {
    r[i] = 1;
    for (int j = 0; j < players; ++j) {
      if (points[j] > points[i]) ++r[i];
      if (!split_ties && points[j] == points[i] && j < i) ++r[i];  // seat order, East first
    }
  }
  return r;
}

FinalResult final_result(const GameState& state, const Rules& rules) {
  FinalResult f;
  f.leftover_sticks = state.riichi_sticks;
  // Ranks are taken before the sticks: they go to the place that is 1st (§5.2, §5.5).
  f.ranks = ranks(state.scores, rules.split_ties, rules.players);
  f.points = state.scores;
  std::array<bool, 4> first{};
  for (int i = 0; i < 4; ++i) first[i] = f.ranks[i] == 1;
  share(f.points, first, state.riichi_sticks * kStickValue);
  // Place bonuses: uma, plus oka = (return - start) x players to 1st (§5.5). Tied players share
  // the sum of the places they occupy.
  std::array<int, 4> place = rules.uma;
  place[0] += (rules.return_points - rules.starting_points) * rules.players;
  for (int rank = 1; rank <= rules.players; ++rank) {
    std::array<bool, 4> group{};
    int size = 0;
    for (int i = 0; i < rules.players; ++i) size += group[i] = f.ranks[i] == rank;
    int sum = 0;
    for (int p = rank - 1; p < rank - 1 + size; ++p) sum += place[p];
    share(f.uma, group, sum);
  }
  const std::array<int, 4> value = before_penalties(f, rules);
  for (int i = 0; i < 4; ++i) {
    if (rules.chombo == ChomboPenalty::kAfterUma)
      f.penalties[i] = kChomboPenaltyAfterUma * state.chombo[i];
    f.final_scores[i] = value[i] - f.penalties[i];
  }
  return f;
}

// ---------------------------------------------------------------------------------------------
// Game

Game::Game(const Rules& rules, std::uint64_t seed)
    : rules_(rules),
      seed_(seed),
      state_(initial_state(rules)),
      round_(rules_, round_setup(state_, seed_)) {
  setups_.push_back(round_.setup());
}

Game::Game(const Rules& rules, std::uint64_t seed, std::vector<Wall> walls)
    : Game(rules, seed, std::move(walls), initial_state(rules)) {}

Game::Game(const Rules& rules, std::uint64_t seed, std::vector<Wall> walls, const GameState& start)
    : rules_(rules),
      seed_(seed),
      state_(start),
      round_(rules_, round_setup(state_, seed_),
             walls.empty()
                 ? Wall::from_seed(round_setup(state_, seed_).wall_seed, wall_shape(rules))
                 : walls[0]),
      walls_(std::make_shared<const std::vector<Wall>>(std::move(walls))) {
  setups_.push_back(round_.setup());
}

const Wall* Game::given_wall(std::size_t index) const {
  return walls_ && index < walls_->size() ? &(*walls_)[index] : nullptr;
}

void Game::start_hand() {
  const RoundSetup setup = round_setup(state_, seed_);
  const Wall* wall = given_wall(setups_.size());
  round_.restart(rules_, setup, wall);  // the previous hand's buffers reused
  setups_.push_back(round_.setup());
}

const std::vector<Action>& Game::legal_actions(int seat) const {
  static const std::vector<Action> kNone;
  if (is_over()) return kNone;
  return round_.legal_actions(seat);
}

namespace {

ApplyResult game_over(const RoundSetup& last) {
  std::string reason = "the game is over (";
  reason += hand_name(last.round_wind, last.hand_number);
  reason += " was the last hand)";
  return {false, reason};
}

}  // namespace

ApplyResult Game::apply(Action action, InputMode mode) {
  if (is_over()) return game_over(round_.setup());
  ApplyResult applied = round_.apply(action, mode);
  if (applied.ok) after_apply();
  return applied;
}

ApplyResult Game::apply(Action action, InputMode mode, std::optional<Round>& ended) {
  if (is_over()) return game_over(round_.setup());
  ApplyResult applied = round_.apply(action, mode);
  if (applied.ok && round_.is_over()) end_hand(&ended);
  return applied;
}

ApplyResult Game::apply_legal(int seat, std::size_t index, Action* action) {
  if (is_over()) return game_over(round_.setup());
  ApplyResult applied = round_.apply_legal(seat, index, action);
  if (applied.ok) after_apply();
  return applied;
}

void Game::end_hand(std::optional<Round>* ended) {
  results_.push_back(round_.result());
  state_ = next_state(state_, results_.back(), rules_);
  if (state_.finished) return;
  if (ended) {  // the ended hand handed over; the next one dealt in the buffers `ended` held
    if (*ended)
      std::swap(**ended, round_);
    else
      ended->emplace(std::move(round_));
  }
  start_hand();
}

GameObservation Game::observation(int seat) const {
  GameObservation o;
  o.hand = round_.observation(seat);
  const RoundSetup& setup = round_.setup();
  o.hand_name = hand_name(setup.round_wind, setup.hand_number);
  o.hand_number = setup.hand_number;
  o.hands_played = state_.hands_played;
  o.game_scores = is_over() ? state_.scores : setup.scores;
  o.game_over = is_over();
  return o;
}

}  // namespace riichi
