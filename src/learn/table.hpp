// One game of the learning interface: the Game, the bots of the seats not played from outside,
// the hand tracker for the observation planes, and the episode and reward bookkeeping. The
// single-agent env, the multi-agent env (python/riichi/) and the batched VectorEnv all run on it.
//
//   Table t(config);
//   t.start_game(seed);
//   for (int seat = t.advance(); seat >= 0; seat = t.advance()) t.apply_index(seat,
//   pick(t.slots()));
//   // advance() == -1: the episode (the game, or the hand with Episode::kHand) is over
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bots/bot.hpp"
#include "learn/action_space.hpp"
#include "learn/hand_tracker.hpp"
#include "learn/planes.hpp"
#include "riichi/game.hpp"

namespace riichi::learn {

enum class Episode : std::uint8_t { kGame, kHand };  // an episode is a whole game or one hand
enum class Reward : std::uint8_t {
  kGame,  // at the end of the game: the final score / 1000 (points - return + uma - penalties)
  kHand,  // at the end of each hand: the points won or lost / 1000 (stakes and sticks included;
          // the leftover sticks that go to 1st at the end of the game too)
};
Episode parse_episode(const std::string& text);  // "game" | "hand"; throws std::invalid_argument
Reward parse_reward(const std::string& text);

struct TableConfig {
  Rules rules;
  std::array<std::string, 4> bots;  // a registry name, or "" for a seat played from outside
  Episode episode = Episode::kGame;
  Reward reward = Reward::kGame;
};

class Table {
 public:
  explicit Table(TableConfig config);

  // A new game from `seed` (its bots seeded bot_seed(seed, seat) as everywhere else).
  void start_game(std::uint64_t seed);
  // Runs the bots until a seat played from outside must act (returns it, with slots() ready) or
  // the episode is over (-1). After -1 with Episode::kHand and the game not over, the next
  // advance() plays on into the next hand (a new episode).
  int advance();
  // Applies `index` for `seat`, the seat advance() returned. Throws std::invalid_argument naming
  // the index and the legal actions when it is not legal.
  void apply_index(int seat, int index);
  // The engine action `index` stands for (seat as above); throws as apply_index.
  const Action& action_for(int seat, int index) const;

  const ActionSlots& slots() const { return slots_; }
  int to_act() const { return to_act_; }
  bool game_over() const { return game_ && game_->is_over(); }
  bool started() const { return game_.has_value(); }
  const Game& game() const { return *game_; }
  std::uint64_t game_seed() const { return game_seed_; }
  const TableConfig& config() const { return config_; }
  bool outside(int seat) const { return config_.bots[static_cast<std::size_t>(seat)].empty(); }

  // Rewards earned since the last call, per seat (per config.reward), then cleared.
  std::array<float, 4> take_rewards();
  // The legality mask of `seat` now (kNumActions values).
  template <typename T>
  void write_mask(int seat, T* out) const;
  // The observation planes of `seat` now (layout.num_planes * 34 values).
  template <typename T>
  void write_planes(const PlaneLayout& layout, int seat, T* out);

 private:
  void after_apply();

  TableConfig config_;
  std::optional<Game> game_;
  std::uint64_t game_seed_ = 0;
  std::array<std::unique_ptr<bots::Bot>, 4> bots_;
  HandTracker tracker_;
  ActionSlots slots_{};
  int to_act_ = -1;
  std::size_t hands_seen_ = 0;
  std::array<int, 4> last_scores_{};
  std::array<float, 4> rewards_{};
  bool hand_ended_ = false;
  bool end_paid_ = false;
};

template <typename T>
void Table::write_mask(int seat, T* out) const {
  std::fill_n(out, kNumActions, T(0));
  if (!game_ || game_->is_over()) return;
  if (seat == to_act_) {
    for (int i = 0; i < kNumActions; ++i) out[i] = T(slots_[static_cast<std::size_t>(i)] >= 0);
    return;
  }
  for (const Action& a : game_->legal_actions(seat))
    out[action_index(a, config_.rules.red_fives)] = T(1);
}

template <typename T>
void Table::write_planes(const PlaneLayout& layout, int seat, T* out) {
  tracker_.sync(game_->round(), game_->setups().size());
  learn::write_planes(layout, game_->round(), tracker_, seat, out);
}

}  // namespace riichi::learn
