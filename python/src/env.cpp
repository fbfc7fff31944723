#include "env.hpp"

#include <stdexcept>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record.hpp"

namespace riichi::py {

Env::Env(const Rules& rules, std::uint64_t seed, std::array<std::string, 4> opponents, int seat)
    : rules_(rules), next_seed_(seed), names_(std::move(opponents)), seat_(seat) {
  if (seat < 0 || seat > 3)
    throw std::invalid_argument("seat must be 0..3, got " + std::to_string(seat));
  for (int s = 0; s < 4; ++s)
    if (s != seat_) bots::make_bot(names_[static_cast<std::size_t>(s)], 0);  // checks the name
  slots_.fill(-1);
}

const std::vector<Action>& Env::legal() const {
  static const std::vector<Action> kNone;
  if (!game_ || game_->is_over()) return kNone;
  return game_->legal_actions(seat_);
}

void Env::reset(std::optional<std::uint64_t> seed) {
  game_seed_ = seed.value_or(next_seed_);
  next_seed_ = game_seed_ + 1;
  game_.emplace(rules_, game_seed_);
  for (int s = 0; s < 4; ++s) {
    const auto i = static_cast<std::size_t>(s);
    bots_[i] = s == seat_ ? nullptr : bots::make_bot(names_[i], bots::bot_seed(game_seed_, s));
  }
  run_bots();
}

void Env::run_bots() {
  while (!game_->is_over() && game_->to_play() != seat_) {
    const int s = game_->to_play();
    const Action a = bots::ask(*game_, *bots_[static_cast<std::size_t>(s)], s);
    const ApplyResult r = game_->apply(a);
    if (!r.ok) throw std::logic_error("opponent bot chose an illegal action: " + r.reason);
  }
  slots_.fill(-1);
  if (!game_->is_over()) slots_ = action_slots(game_->legal_actions(seat_), rules_.red_fives);
}

StepOutcome Env::step(int index) {
  if (!game_) throw std::invalid_argument("step() before reset()");
  if (game_->is_over()) throw std::invalid_argument("step() after the game is over: call reset()");
  if (index < 0 || index >= kNumActions)
    throw std::invalid_argument("action index " + std::to_string(index) + " out of range 0.." +
                                std::to_string(kNumActions - 1));
  const int slot = slots_[static_cast<std::size_t>(index)];
  if (slot < 0)
    throw std::invalid_argument("action index " + std::to_string(index) +
                                " is not legal now (see action_mask()); legal: " +
                                describe_actions(game_->legal_actions(seat_), rules_.red_fives));
  const Action action = game_->legal_actions(seat_)[static_cast<std::size_t>(slot)];
  const int before = game_->state().scores[static_cast<std::size_t>(seat_)];
  const std::size_t hands_before = game_->results().size();
  const ApplyResult r = game_->apply(action);
  if (!r.ok) throw std::invalid_argument(r.reason);
  run_bots();
  StepOutcome out;
  out.hands_settled = static_cast<int>(game_->results().size() - hands_before);
  out.score_delta = game_->state().scores[static_cast<std::size_t>(seat_)] - before;
  if (game_->is_over()) {
    out.done = true;
    out.reward = game_->final_result().final_scores[static_cast<std::size_t>(seat_)] / 1000.0;
  }
  return out;
}

}  // namespace riichi::py
