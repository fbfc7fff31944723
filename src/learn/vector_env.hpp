// N games stepped together (riichi.VectorEnv): each call applies one action per game for the
// seat that game asks, plays its bots on to the next decision of a seat played by the agent,
// resets the games whose episode ended, and writes every game's observation planes, action
// mask, seat, rewards and flags into caller-owned arrays, across worker threads. Each thread owns
// a fixed shard of the games (built on that thread) and writes only their rows; the results do
// not depend on the number of threads. Nothing is allocated per step except when a game or a
// hand starts.
#pragma once

#include <array>
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
  int threads = 1;  // clamped to num_envs
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
  int threads() const { return pool_.threads(); }
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
  void reset_one(int i, const VectorOutputs& out);
  void step_one(int i, int action, const VectorOutputs& out);
  void write(int i, const VectorOutputs& out);
  // Throws std::invalid_argument naming the env and the action when actions[i] is not legal.
  void check_action(int i, std::int64_t action) const;
  // Calls one_env(i) for every env, each shard of envs on its own thread.
  template <typename OneEnv>
  void for_each_env(OneEnv one_env) {
    auto shard = [&](int s) {
      for (int i = pool_.begin(s); i < pool_.end(s); ++i) one_env(i);
    };
    pool_.run(shard);
  }

  VectorEnvConfig config_;
  PlaneLayout layout_;
  std::vector<std::unique_ptr<Table>> tables_;
  std::vector<std::uint64_t> games_started_;
  std::vector<std::array<std::uint64_t, 2>> legal_;  // per env: the legal action indices as bits
  bool ready_ = false;                               // reset() done
  WorkerPool pool_;                                  // last: its threads stop before the tables go
};

}  // namespace riichi::learn
