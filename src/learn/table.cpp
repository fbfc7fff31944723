#include "learn/table.hpp"

#include <stdexcept>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record.hpp"

namespace riichi::learn {

Episode parse_episode(const std::string& text) {
  if (text == "game") return Episode::kGame;
  if (text == "hand") return Episode::kHand;
  throw std::invalid_argument("episode must be 'game' or 'hand', got '" + text + "'");
}

Reward parse_reward(const std::string& text) {
  if (text == "game") return Reward::kGame;
  if (text == "hand") return Reward::kHand;
  throw std::invalid_argument("reward must be 'game' or 'hand', got '" + text + "'");
}

Table::Table(TableConfig config) : config_(std::move(config)) {
  for (const std::string& name : config_.bots)
    if (!name.empty()) bots::make_bot(name, 0, config_.rules);  // throws for an unknown name
  slots_.fill(-1);
}

void Table::start_game(std::uint64_t seed) {
  game_seed_ = seed;
  game_.emplace(config_.rules, seed);
  for (int s = 0; s < 4; ++s) {
    const auto i = static_cast<std::size_t>(s);
    bots_[i] = config_.bots[i].empty()
                   ? nullptr
                   : bots::make_bot(config_.bots[i], bots::bot_seed(seed, s), config_.rules);
  }
  hands_seen_ = 0;
  last_scores_ = game_->state().scores;
  rewards_ = {};
  hand_ended_ = false;
  end_paid_ = false;
  to_act_ = -1;
  tracker_.reset();
}

int Table::advance() {
  if (!game_) throw std::invalid_argument("no game: call reset() first");
  to_act_ = -1;
  if (hand_ended_) {
    hand_ended_ = false;  // the episode that ended was a hand: go on with the next one
    return -1;
  }
  while (!game_->is_over()) {
    const int seat = game_->to_play();
    bots::Bot* bot = bots_[static_cast<std::size_t>(seat)].get();
    if (!bot) {
      to_act_ = seat;
      action_slots(game_->legal_actions(seat), config_.rules.red_fives, slots_);
      return seat;
    }
    const ApplyResult r = game_->apply(bots::ask(*game_, *bot, seat));
    if (!r.ok)
      throw std::logic_error("bot '" + bot->name() + "' chose an illegal action: " + r.reason);
    after_apply();
    if (hand_ended_) break;
  }
  hand_ended_ = false;
  return -1;
}

const Action& Table::action_for(int seat, int index) const {
  if (!game_) throw std::invalid_argument("no game: call reset() first");
  if (game_->is_over()) throw std::invalid_argument("the game is over: call reset()");
  if (seat != to_act_ || to_act_ < 0)
    throw std::invalid_argument("seat " + std::to_string(seat) + " is not to act now");
  if (index < 0 || index >= kNumActions)
    throw std::invalid_argument("action index " + std::to_string(index) + " out of range 0.." +
                                std::to_string(kNumActions - 1));
  const std::vector<Action>& legal = game_->legal_actions(seat);
  const int slot = slots_[static_cast<std::size_t>(index)];
  if (slot < 0)
    throw std::invalid_argument(
        "action index " + std::to_string(index) + " (" + action_name(index) +
        ") is not legal now for seat " + std::to_string(seat) +
        " (see the action mask); legal: " + describe_actions(legal, config_.rules.red_fives));
  return legal[static_cast<std::size_t>(slot)];
}

void Table::apply_index(int seat, int index) {
  const Action action = action_for(seat, index);
  const ApplyResult r = game_->apply(action);
  if (!r.ok) throw std::invalid_argument(r.reason);
  to_act_ = -1;
  after_apply();
}

// Rewards of the hands the last action settled, and of the end of the game.
void Table::after_apply() {
  const std::size_t hands = game_->results().size();
  if (hands == hands_seen_) return;
  hands_seen_ = hands;
  if (config_.episode == Episode::kHand) hand_ended_ = true;
  const std::array<int, 4>& scores = game_->state().scores;
  if (config_.reward == Reward::kHand)
    for (std::size_t s = 0; s < 4; ++s) {
      rewards_[s] += static_cast<float>(scores[s] - last_scores_[s]) / 1000.0f;
      last_scores_[s] = scores[s];
    }
  if (!game_->is_over() || end_paid_) return;
  end_paid_ = true;
  const FinalResult f = game_->final_result();
  for (std::size_t s = 0; s < 4; ++s)
    rewards_[s] += config_.reward == Reward::kGame
                       ? static_cast<float>(f.final_scores[s]) / 1000.0f
                       : static_cast<float>(f.points[s] - scores[s]) / 1000.0f;
}

std::array<float, 4> Table::take_rewards() {
  const std::array<float, 4> out = rewards_;
  rewards_ = {};
  return out;
}

}  // namespace riichi::learn
