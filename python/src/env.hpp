// The single-agent environment behind riichi.Env: the agent plays one seat of a whole game
// against three registry bots; step() returns only when it is the agent's turn again or the
// game is over.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bots/bot.hpp"
#include "features.hpp"
#include "riichi/game.hpp"

namespace riichi::py {

struct StepOutcome {
  double reward = 0.0;  // final score / 1000 at the end of the game, else 0
  bool done = false;
  int score_delta = 0;  // the agent's points change during this step (hands settled)
  int hands_settled = 0;
};

class Env {
 public:
  // `opponents[s]` plays seat s for s != seat (names from the bot registry).
  Env(const Rules& rules, std::uint64_t seed, std::array<std::string, 4> opponents, int seat);

  // Starts a new game (seed: the given one, else the constructor's seed for the first game and
  // the previous game's seed + 1 afterwards) and plays the bots up to the agent's first turn.
  void reset(std::optional<std::uint64_t> seed);
  // Applies the agent's action (an index of the discrete space; must be in the mask), then the
  // bots until the agent is to play or the game is over. Throws std::invalid_argument.
  StepOutcome step(int index);

  bool started() const { return game_.has_value(); }
  const Game& game() const { return *game_; }
  int seat() const { return seat_; }
  std::uint64_t game_seed() const { return game_seed_; }
  const std::array<int, kNumActions>& slots() const { return slots_; }
  const std::vector<Action>& legal() const;
  const Rules& rules() const { return rules_; }

 private:
  void run_bots();

  Rules rules_;
  std::uint64_t next_seed_;
  std::uint64_t game_seed_ = 0;
  std::array<std::string, 4> names_;
  int seat_;
  std::optional<Game> game_;
  std::array<std::unique_ptr<bots::Bot>, 4> bots_;
  std::array<int, kNumActions> slots_{};
};

}  // namespace riichi::py
