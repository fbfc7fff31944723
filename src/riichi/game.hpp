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
#include <string>

#include "riichi/outcome.hpp"
#include "riichi/rules.hpp"

namespace riichi {

// Why the game ended.
enum class GameEnd : std::uint8_t {
  kNotOver,
  kLastHand,     // the last hand (South 4, East 4 with east_only) ended without dealer repeat
  kAgariYame,    // Tenhou: the all-last dealer won or was tenpai and is 1st (§5.4)
  kBankruptcy,   // Tenhou tobi: a score below 0 (§5.4, OQ-15)
  kSuddenDeath,  // Tenhou West round: a hand ended with someone >= return_points (§5.4)
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
std::array<int, 4> ranks(const std::array<int, 4>& points, bool split_ties);

struct FinalResult {
  std::array<int, 4> points{};        // scores after the leftover riichi sticks went to 1st
  std::array<int, 4> ranks{};         // 1..4; equal values are tied places (split_ties)
  std::array<int, 4> uma{};           // place bonus received: uma share, plus oka for 1st
  std::array<int, 4> penalties{};     // chombo penalties after uma (EMA 2016), >= 0
  std::array<int, 4> final_scores{};  // points - return_points + uma - penalties, in points
  int leftover_sticks = 0;            // riichi sticks that were on the table at the end
};

// The final table (§5.2 end of game, §5.5, OQ-12). Chombo counts come from state.chombo.
FinalResult final_result(const GameState& state, const Rules& rules);

}  // namespace riichi
