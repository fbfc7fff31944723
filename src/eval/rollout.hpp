// Rollouts: the value of each candidate action at a seat's decision, as the mean points the seat
// takes from the hand (RoundResult::deltas) when the rest of the hand is played out from random
// determinisations of the round (riichi/round_resample.hpp) by given players. Every candidate is
// played from the same determinisations with players of the same seeds (common random numbers),
// so the difference of two candidates has far less noise than either mean.
//
//   auto values = eval::rollout_values(round, seat, candidates, players, {.determinisations = 32});
//   // values[i].mean, values[i].std_error; values[i].diff_std_error against candidates[0]
//
// The players come from the caller (src/bots has the adapters: bots::rollout_players), so that
// src/eval does not depend on the bots.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "riichi/round.hpp"

namespace riichi::eval {

// One seat's player in a rollout: the position in `legal` of its choice for `seat` in `round`.
// An implementation reads only what round.observation(seat) shows.
class RolloutPlayer {
 public:
  virtual ~RolloutPlayer() = default;
  virtual std::size_t pick(const Round& round, int seat, const std::vector<Action>& legal) = 0;
};

// The players of one rollout, by seat, from a seed (equal seeds give players that choose alike).
using RolloutPlayers =
    std::function<std::array<std::unique_ptr<RolloutPlayer>, 4>(std::uint64_t seed)>;

struct RolloutOptions {
  int determinisations = 32;  // N: rollouts per candidate
  std::uint64_t seed = 1;     // of the determinisations and of the players
};

struct RolloutValue {
  Action action;
  double mean = 0;       // mean points of the seat over the N rollouts
  double std_error = 0;  // the standard error of that mean
  // The standard error of the mean of (this candidate - candidates[0]), paired rollout by rollout.
  double diff_std_error = 0;
};

// The candidates' values at `seat`'s decision (round.to_play() == seat, every candidate one of
// round.legal_actions(seat)). Throws std::invalid_argument otherwise, or for N < 2.
std::vector<RolloutValue> rollout_values(const Round& round, int seat,
                                         std::span<const Action> candidates,
                                         const RolloutPlayers& players,
                                         const RolloutOptions& options = {});

// Plays `round` to its end with `players` (a step cap far above any hand's length); the seat's
// points (RoundResult::deltas). Throws std::runtime_error if a player's pick is refused.
int play_out(Round& round, int seat, std::array<std::unique_ptr<RolloutPlayer>, 4>& players);

}  // namespace riichi::eval
