// rollout_players(): bots wrapped as eval::RolloutPlayer.
#include "bots/rollout_players.hpp"

#include <algorithm>
#include <memory>

#include "bots/defensive_bot.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/strong_bot.hpp"

namespace riichi::bots {
namespace {

class BotPlayer final : public eval::RolloutPlayer {
 public:
  explicit BotPlayer(std::unique_ptr<Bot> bot) : bot_(std::move(bot)) {}
  std::size_t pick(const Round& round, int seat, const std::vector<Action>& legal) override {
    round.observe(seat, obs_);
    const int i = bot_->choose_index(obs_, legal);
    if (i >= 0) return static_cast<std::size_t>(i);
    const Action a = bot_->choose(obs_, legal);
    return static_cast<std::size_t>(std::find(legal.begin(), legal.end(), a) - legal.begin());
  }

 private:
  std::unique_ptr<Bot> bot_;
  Observation obs_;  // reused: observe() keeps its capacity
};

}  // namespace

eval::RolloutPlayers rollout_players(const Rules& rules, int seat, RolloutMix mix) {
  return [rules, seat, mix](std::uint64_t seed) {
    std::array<std::unique_ptr<eval::RolloutPlayer>, 4> players;
    for (int s = 0; s < 4; ++s) {
      const std::uint64_t bot_seed = seed * 4 + static_cast<std::uint64_t>(s);
      const bool at_seat = s == seat;
      std::unique_ptr<Bot> bot;
      if (mix == RolloutMix::kAllStrong || (mix == RolloutMix::kStrong && at_seat))
        bot = std::make_unique<StrongBot>(bot_seed, rules);
      else if (mix == RolloutMix::kEfficiency || (mix == RolloutMix::kDefensive && at_seat))
        bot = std::make_unique<EfficiencyBot>(bot_seed, rules);
      else
        bot = std::make_unique<DefensiveBot>(bot_seed, rules);
      players[s] = std::make_unique<BotPlayer>(std::move(bot));
    }
    return players;
  };
}

}  // namespace riichi::bots
