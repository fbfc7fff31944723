#include "bots/strong_bot.hpp"

#include <array>

namespace riichi::bots {

namespace {

bool is_win(ActionType t) { return t == ActionType::kTsumo || t == ActionType::kRon; }

// The place (0 = 1st) of `seat` in `scores`; ties go to the earlier seat (the initial East
// first), as the final ranking does without split ties.
int place_of(const std::array<double, 4>& scores, int seat) {
  int place = 0;
  for (int s = 0; s < 4; ++s) {
    const auto si = static_cast<std::size_t>(s), me = static_cast<std::size_t>(seat);
    if (s != seat && (scores[si] > scores[me] || (scores[si] == scores[me] && s < seat))) ++place;
  }
  return place;
}

}  // namespace

StrongBot::StrongBot(std::uint64_t seed, const Rules& rules) : rules_(rules), seed_(seed) {}

bool StrongBot::is_all_last(const Observation& obs, const Rules& rules) {
  const int last_wind = rules.east_only ? 0 : 1;  // East 0, South 1
  return obs.round_wind >= last_wind && obs.dealer == 3;
}

double StrongBot::placement_utility(const Observation& obs, const eval::Outcome& outcome) {
  std::array<double, 4> scores{};
  for (int s = 0; s < 4; ++s)
    scores[static_cast<std::size_t>(s)] = obs.scores[static_cast<std::size_t>(s)];
  const auto me = static_cast<std::size_t>(obs.seat);
  scores[me] += outcome.points;
  if (outcome.kind == eval::Outcome::kDealIn && outcome.other >= 0) {
    scores[static_cast<std::size_t>(outcome.other)] -= outcome.points;
  } else {
    for (int s = 0; s < 4; ++s)
      if (s != obs.seat) scores[static_cast<std::size_t>(s)] -= outcome.points / 3;
  }
  return outcome.points + kRankStep * (3 - place_of(scores, obs.seat));
}

Action StrongBot::choose(const Observation& obs, std::span<const Action> legal) {
  return decide(obs, legal, false).action;
}

StrongBot::Decision StrongBot::decide(const Observation& obs, std::span<const Action> legal,
                                      bool reasons) {
  if (legal.size() == 1 && !reasons) return {legal[0], {}};
  const Action* win = nullptr;
  for (const Action& a : legal)
    if (is_win(a.type)) win = &a;
  if (win != nullptr && !reasons) return {*win, {}};

  eval::OptionsSettings settings = eval::OptionsSettings::fast();
  settings.reasons = reasons;
  if (is_all_last(obs, rules_)) settings.utility = placement_utility;
  const eval::OptionsReport report = eval::evaluate_options(obs, rules_, settings);
  int pick = report.best;
  if (win != nullptr)
    for (int i = 0; i < static_cast<int>(report.options.size()); ++i)
      if (report.options[static_cast<std::size_t>(i)].action == *win) pick = i;
  const eval::OptionValue& chosen = report.options[static_cast<std::size_t>(pick)];
  // The options follow obs.legal_actions; play the same action from `legal`.
  for (const Action& a : legal)
    if (a == chosen.action) return {a, chosen.reason};
  return {legal[0], chosen.reason};
}

}  // namespace riichi::bots
