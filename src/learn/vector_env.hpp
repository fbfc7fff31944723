// N games stepped together (riichi.VectorEnv): each call applies one action per game for the
// seat that game asks, plays its bots on to the next decision of a seat played by the agent,
// resets the games whose episode ended, and writes every game's observation planes, action
// mask, seat, rewards and flags into caller-owned arrays, across worker threads. Nothing is
// allocated per step except when a game or a hand starts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "learn/planes.hpp"
#include "learn/table.hpp"
#include "learn/worker_pool.hpp"

namespace riichi::learn {

struct VectorEnvConfig {
  TableConfig table;  // table.bots[s] == "": seat s is played by the agent
  int num_envs = 1;
  std::uint64_t seed = 0;  // game g of env i is dealt from seed + i + g * num_envs
  PlaneOptions planes;
  int threads = 1;
};

// Where a step writes (each array holds num_envs rows).
struct VectorOutputs {
  std::uint8_t* obs_u8 = nullptr;  // N x C x 34, one of obs_u8 / obs_f32
  float* obs_f32 = nullptr;
  bool* mask = nullptr;           // N x kNumActions
  std::int8_t* seat = nullptr;    // N: the seat to act
  float* rewards = nullptr;       // N x 4: earned by each seat during the step
  bool* terminated = nullptr;     // N: an episode ended in the step (the env was reset)
  bool* truncated = nullptr;      // N: always false (no time limit)
  float* final_scores = nullptr;  // N x 4: where terminated at a game's end, final score / 1000
  std::int8_t* ranks = nullptr;   // N x 4: where terminated at a game's end, the ranks 1..4
  std::uint64_t* game_seed = nullptr;  // N: the seed of the game being played
};

class VectorEnv {
 public:
  explicit VectorEnv(VectorEnvConfig config);

  int num_envs() const { return config_.num_envs; }
  const PlaneLayout& layout() const { return layout_; }
  const VectorEnvConfig& config() const { return config_; }
  const Table& table(int i) const { return *tables_[static_cast<std::size_t>(i)]; }

  // New games in every env (from `seed`, else from the configured seed) up to their first
  // decision.
  void reset(std::optional<std::uint64_t> seed, const VectorOutputs& out);
  // actions[i] for env i. Every action is checked before any game moves: an index out of range
  // or not legal throws std::invalid_argument naming the env.
  void step(const std::int64_t* actions, const VectorOutputs& out);

 private:
  void start(int i);
  void to_decision(int i);
  void write(int i, const VectorOutputs& out);

  VectorEnvConfig config_;
  PlaneLayout layout_;
  std::vector<std::unique_ptr<Table>> tables_;
  std::vector<std::uint64_t> games_started_;
  WorkerPool pool_;
};

}  // namespace riichi::learn
