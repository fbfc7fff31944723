// The game around the hands: counters, dealer rotation, round wind, end of game and the final
// table (RULES.md §2.1, §4.3-§4.5, §5, §9, §10, §11).
//
// The flow is a pure function of the state and the hand's result:
//   GameState s = initial_state(rules);
//   while (!s.finished) s = next_state(s, play(round_setup(s, seed)), rules);
//   FinalResult f = final_result(s, rules);
// Every preset difference is a field of Rules read here (never the preset's name).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "riichi/outcome.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"

namespace riichi {

// Why the game ended.
enum class GameEnd : std::uint8_t {
  kNotOver,
  kLastHand,     // the last hand (South 4, East 4 with east_only) ended without dealer repeat
  kAgariYame,    // Tenhou: the all-last dealer won (tenpai_yame: or was tenpai) and is 1st
  kBankruptcy,   // Tenhou tobi: a score below 0 (§5.4, OQ-15)
  kSuddenDeath,  // Tenhou West round: a hand ended with someone >= target_points (§5.4)
  kWestLimit,    // Tenhou West round: West 4 ended without dealer repeat (§5.4)
};

struct GameState {
  int round_wind = 0;     // 0 = East, 1 = South, 2 = West (the prevalent wind, bakaze)
  int hand_number = 0;    // 0..3 within the round wind (kyoku; East 1 = 0)
  int dealer = 0;         // seat of East (oya); seat 0 is the initial East (chiicha)
  int honba = 0;          // counters (tsumibou) on the table
  int riichi_sticks = 0;  // kyoutaku left on the table
  std::array<int, 4> scores{};
  std::array<int, 4> chombo{};  // chombo count per seat (EMA 2016: -20000 each after uma)
  int hands_played = 0;         // hands that count (a chombo hand is replayed and does not count)
  int hands_dealt = 0;          // every hand dealt, chombo replays included (the wall seed index)
  bool finished = false;
  GameEnd end = GameEnd::kNotOver;
};

GameState initial_state(const Rules& rules);

// Applies one hand: its point deltas and sticks, then renchan / rotation, honba (§5.1, §5.3), the
// round wind and the end of the game (§5.4). `state` must not be finished.
GameState next_state(const GameState& state, const RoundResult& result, const Rules& rules);

// The setup of the hand `state` is about to play. The wall seed is hand_seed(game_seed,
// state.hands_dealt).
RoundSetup round_setup(const GameState& state, std::uint64_t game_seed);

// A portable per-hand wall seed: splitmix64(game_seed ^ splitmix64(hand_index)), where
// splitmix64(x) is the finaliser of Steele et al. applied to x + 0x9E3779B97F4A7C15. Same value
// with every compiler and standard library.
std::uint64_t hand_seed(std::uint64_t game_seed, int hand_index);

// "East 1", "South 4", "West 2".
std::string hand_name(int round_wind, int hand_number);
std::string hand_name(const GameState& state);

// Ranks 1..4 by points (§5.5): with split_ties tied players share the best rank of their group
// (1, 1, 3, 3); otherwise ties go by seat order, initial East (seat 0) first.
// With three players (`players` = 3) seat 3 is absent: it ranks 4th and ranks no one down.
std::array<int, 4> ranks(const std::array<int, 4>& points, bool split_ties, int players = 4);

struct FinalResult {
  std::array<int, 4> points{};     // scores after the leftover riichi sticks went to 1st
  std::array<int, 4> ranks{};      // 1..4; equal values are tied places (split_ties)
  std::array<int, 4> uma{};        // place bonus received: uma share, plus oka for 1st
  std::array<int, 4> penalties{};  // chombo penalties after uma (EMA 2016), >= 0
  // points - return_points (rounded per Rules::final_rounding, OQ-15) + uma - penalties, in
  // points; Tenhou's "+46.0" is 46000 here.
  std::array<int, 4> final_scores{};
  int leftover_sticks = 0;  // riichi sticks that were on the table at the end
};

// The final table (§5.2 end of game, §5.5, OQ-12). Chombo counts come from state.chombo.
FinalResult final_result(const GameState& state, const Rules& rules);

// What one seat may know of the game: the hand as Round::observation gives it, plus the game.
struct GameObservation {
  Observation hand;       // own concealed tiles and everything public in the current hand
  std::string hand_name;  // "East 1", "South 4" (the hand being played, or the last one)
  int hand_number = 0;    // 0..3 within the round wind
  int hands_played = 0;   // hands that counted before this one
  std::array<int, 4> game_scores{};  // scores at the start of this hand (final when over)
  bool game_over = false;
};

// A whole game (hanchan, or tonpuusen with east_only) = rules + seed. Each hand is a Round dealt
// from hand_seed(seed, hands dealt so far); when a hand ends the next one starts at once (or the
// game ends), following next_state. A copyable value type: clone() continues independently.
//
//   Game g(rules, seed);
//   while (!g.is_over()) g.apply(pick(g.legal_actions(g.to_play())));
//   FinalResult f = g.final_result();
class Game {
 public:
  Game(const Rules& rules, std::uint64_t seed);
  // Deals hand i (chombo replays counted) from walls[i] while there are walls (a log's walls,
  // stacked walls), then from the seed as above; the first hand is played from `start` (a log
  // that begins in the middle of a game), by default initial_state(rules).
  Game(const Rules& rules, std::uint64_t seed, std::vector<Wall> walls);
  Game(const Rules& rules, std::uint64_t seed, std::vector<Wall> walls, const GameState& start);

  Game clone() const { return *this; }

  const Rules& rules() const { return rules_; }
  std::uint64_t seed() const { return seed_; }
  bool is_over() const { return state_.finished; }
  // The state the current hand started from; once over, the final state.
  const GameState& state() const { return state_; }
  // The current hand; once over, the last hand played (its result is in results()).
  const Round& round() const { return round_; }
  int to_play() const { return is_over() ? -1 : round_.to_play(); }

  // Empty once the game is over.
  const std::vector<Action>& legal_actions(int seat) const;
  // Applies an action to the current hand; refused with a reason when illegal or when the game
  // is over. A hand's last action settles it and deals the next hand (or ends the game).
  // `mode` kHuman lets human input or a replayed record commit the offences of RULES.md §4.5
  // (chombo, dead hand: see Round::apply); bots use the default, legal actions only.
  ApplyResult apply(Action action, InputMode mode = InputMode::kLegalOnly);
  // The same; when the action ends a hand that is not the game's last, that hand is moved into
  // `ended` as it ended (its events, wall and result: GameRecorder records it without playing it
  // again) and the next hand is dealt in the memory `ended` held before. The game's last hand
  // stays round().
  ApplyResult apply(Action action, InputMode mode, std::optional<Round>& ended);
  // Applies legal_actions(seat)[index] (Round::apply_legal: no search of the list).
  // `applied`, when given, receives the action applied.
  ApplyResult apply_legal(int seat, std::size_t index, Action* applied = nullptr);
  // Round::apply_cached on the current hand (self-play's answer by position: true when made;
  // false, nothing changed, when the game is over or the list was not the cache of this state).
  bool apply_cached(int seat, std::size_t index, Action& applied) {
    if (is_over() || !round_.apply_cached(seat, index, applied)) return false;
    if (round_.is_over()) end_hand();
    return true;
  }
  // Round::pass_claim on the current hand (self-play's pass in a claim window, the game not over
  // and `seat` awaited in the window); a hand it ends is settled and the next one dealt.
  void pass_claim(int seat, Action& made) {
    round_.pass_claim(seat, made);
    if (round_.is_over()) end_hand();
  }
  // Round::apply_discard_only on the current hand (self-play's plain discards: true when made;
  // false, nothing changed, when the game is over or the discard was not counted for this state).
  bool apply_discard_only(int seat, std::size_t index, Action* applied = nullptr) {
    if (is_over() || !round_.apply_discard_only(seat, index, applied)) return false;
    if (round_.is_over()) end_hand();
    return true;
  }
  // Round::play_discards on the current hand (self-play's plain discards in a row); a hand they
  // end is settled and the next one dealt, where the run stops. 0 once the game is over.
  template <class Pick>
  int play_discards(Pick&& pick, Action& last, int& refused) {
    return play_discards(
        pick, [](int, int, bool) { return -2; }, last, refused);
  }
  // The same with Round::play_discards' answers (answer(seat, n, window)).
  template <class Pick, class Answer>
  int play_discards(Pick&& pick, Answer&& answer, Action& last, int& refused) {
    refused = -1;
    if (is_over()) return 0;
    const int made = round_.play_discards(pick, answer, last, refused);
    after_apply();
    return made;
  }
  GameObservation observation(int seat) const;

  // Every hand dealt so far, in order (chombo replays included): setups()[i] produced
  // results()[i]; setups() has one more entry while a hand is in progress.
  const std::vector<RoundSetup>& setups() const { return setups_; }
  const std::vector<RoundResult>& results() const { return results_; }
  // The given wall hand `index` was dealt from, or nullptr when it came from the seed.
  const Wall* given_wall(std::size_t index) const;

  // The final table (§5.5); meaningful once is_over().
  FinalResult final_result() const { return riichi::final_result(state_, rules_); }

 private:
  void start_hand();
  void after_apply() {  // a hand that ended: its result kept, the next hand dealt
    if (round_.is_over()) end_hand();
  }
  void end_hand(std::optional<Round>* ended = nullptr);

  Rules rules_;
  std::uint64_t seed_ = 0;
  GameState state_;
  Round round_;
  std::vector<RoundSetup> setups_;
  std::vector<RoundResult> results_;
  std::shared_ptr<const std::vector<Wall>> walls_;  // shared by clones (never changed)
};

}  // namespace riichi
