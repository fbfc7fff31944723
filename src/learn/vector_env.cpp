#include "learn/vector_env.hpp"

#include <algorithm>
#include <stdexcept>

namespace riichi::learn {

namespace {

int agent_seats(const TableConfig& t) {
  int n = 0;
  for (const std::string& b : t.bots) n += b.empty();
  return n;
}

}  // namespace

VectorEnv::VectorEnv(VectorEnvConfig config)
    : config_(std::move(config)),
      layout_(kMaxSeats, config_.planes),
      pool_(std::max(config_.threads, 1), config_.num_envs) {
  if (config_.num_envs < 1)
    throw std::invalid_argument("num_envs must be >= 1, got " + std::to_string(config_.num_envs));
  if (config_.threads < 1)
    throw std::invalid_argument("threads must be >= 1, got " + std::to_string(config_.threads));
  if (agent_seats(config_.table) == 0)
    throw std::invalid_argument("seats: the agent plays no seat (every seat has a bot)");
  const auto n = static_cast<std::size_t>(config_.num_envs);
  tables_.resize(n);
  games_started_.assign(n, 0);
  legal_.assign(n, {});
  // Each table is built on the thread that steps it (its memory comes from that thread's arena).
  for_each_env([&](int i) {
    tables_[static_cast<std::size_t>(i)] = std::make_unique<Table>(config_.table);
  });
}

void VectorEnv::start(int i) {
  const auto k = static_cast<std::size_t>(i);
  const std::uint64_t seed = config_.seed + static_cast<std::uint64_t>(i) +
                             games_started_[k]++ * static_cast<std::uint64_t>(config_.num_envs);
  tables_[k]->start_game(seed);
}

// Plays on to the next decision of an agent seat, starting new games (and, with hand
// episodes, new hands) as needed.
void VectorEnv::to_decision(int i) {
  Table& t = *tables_[static_cast<std::size_t>(i)];
  for (int guard = 0; guard < 64; ++guard) {
    if (t.advance() >= 0) return;
    if (t.game_over()) start(i);
  }
  throw std::logic_error("env " + std::to_string(i) + ": no decision of the agent in 64 episodes");
}

void VectorEnv::write(int i, const VectorOutputs& out) {
  Table& t = *tables_[static_cast<std::size_t>(i)];
  const int seat = t.to_act();
  const std::size_t planes = static_cast<std::size_t>(layout_.num_planes) * kPlaneWidth;
  const auto k = static_cast<std::size_t>(i);
  if (out.obs_u8) t.write_planes(layout_, seat, out.obs_u8 + k * planes);
  if (out.obs_f32) t.write_planes(layout_, seat, out.obs_f32 + k * planes);
  if (out.mask) t.write_mask(seat, out.mask + k * kNumActions);
  if (out.seat) out.seat[k] = static_cast<std::int8_t>(seat);
  if (out.game_seed) out.game_seed[k] = t.game_seed();
  std::array<std::uint64_t, 2> bits{};
  for (int a = 0; a < kNumActions; ++a)
    bits[static_cast<std::size_t>(a >> 6)] |=
        std::uint64_t{t.slots()[static_cast<std::size_t>(a)] >= 0} << (a & 63);
  legal_[k] = bits;
}

void VectorEnv::reset_one(int i, const VectorOutputs& out) {
  const auto k = static_cast<std::size_t>(i);
  start(i);
  to_decision(i);
  tables_[k]->take_rewards();
  if (out.rewards) std::fill_n(out.rewards + 4 * k, 4, 0.0f);
  if (out.terminated) out.terminated[k] = false;
  if (out.truncated) out.truncated[k] = false;
  if (out.final_scores) std::fill_n(out.final_scores + 4 * k, 4, 0.0f);
  if (out.ranks) std::fill_n(out.ranks + 4 * k, 4, std::int8_t{0});
  write(i, out);
}

void VectorEnv::reset(std::optional<std::uint64_t> seed, const VectorOutputs& out) {
  if (seed) config_.seed = *seed;
  ready_ = false;
  std::fill(games_started_.begin(), games_started_.end(), 0);
  for_each_env([&](int i) { reset_one(i, out); });
  ready_ = true;
}

void VectorEnv::step_one(int i, int action, const VectorOutputs& out) {
  const auto k = static_cast<std::size_t>(i);
  Table& t = *tables_[k];
  t.apply_index(t.to_act(), action);
  const int next = t.advance();
  const bool ended = next < 0;
  const std::array<float, 4> r = t.take_rewards();
  if (out.rewards) std::copy(r.begin(), r.end(), out.rewards + 4 * k);
  if (out.final_scores) std::fill_n(out.final_scores + 4 * k, 4, 0.0f);
  if (out.ranks) std::fill_n(out.ranks + 4 * k, 4, std::int8_t{0});
  if (ended && t.game_over()) {
    const FinalResult f = t.game().final_result();
    for (std::size_t s = 0; s < 4; ++s) {
      if (out.final_scores)
        out.final_scores[4 * k + s] = static_cast<float>(f.final_scores[s]) / 1000.0f;
      if (out.ranks) out.ranks[4 * k + s] = static_cast<std::int8_t>(f.ranks[s]);
    }
  }
  if (ended) {
    if (t.game_over()) start(i);
    to_decision(i);
    t.take_rewards();  // an episode without a decision of the agent earns nothing here
  }
  if (out.terminated) out.terminated[k] = ended;
  if (out.truncated) out.truncated[k] = false;
  write(i, out);
}

void VectorEnv::check_action(int i, std::int64_t a) const {
  const auto k = static_cast<std::size_t>(i);
  if (a >= 0 && a < kNumActions &&
      (legal_[k][static_cast<std::size_t>(a >> 6)] >> (a & 63) & 1) != 0)
    return;
  const Table& t = *tables_[k];
  try {
    if (a < 0 || a >= kNumActions)
      throw std::invalid_argument("action index " + std::to_string(a) + " out of range 0.." +
                                  std::to_string(kNumActions - 1));
    t.action_for(t.to_act(), static_cast<int>(a));  // throws, naming the legal actions
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("env " + std::to_string(i) + ": " + e.what());
  }
  throw std::logic_error("env " + std::to_string(i) + ": the legality bits and the table disagree");
}

void VectorEnv::step(const std::int64_t* actions, const VectorOutputs& out) {
  if (!ready_) throw std::invalid_argument("step() before reset() (or after a step that failed)");
  // Every action is checked (from the bits the last call kept, contiguous per env) before any
  // game moves.
  for (int i = 0; i < config_.num_envs; ++i) check_action(i, actions[i]);
  ready_ = false;  // a game that fails half-way leaves the batch unusable until reset()
  for_each_env([&](int i) { step_one(i, static_cast<int>(actions[i]), out); });
  ready_ = true;
}

}  // namespace riichi::learn
