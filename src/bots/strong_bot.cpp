#include "bots/strong_bot.hpp"

#include <algorithm>
#include <array>

#include "eval/tile_distance.hpp"

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

bool is_discard(const eval::OptionValue& o) {
  return o.kind == eval::DecisionKind::kDiscard || o.kind == eval::DecisionKind::kRiichi;
}

}  // namespace

int StrongBot::hand_building_pick(const eval::OptionsReport& report) {
  int lowest = 99, most = 0;
  for (const eval::OptionValue& o : report.options)
    if (is_discard(o)) lowest = std::min(lowest, o.shanten);
  if (lowest < 1 || lowest == 99) return report.best;
  for (const eval::OptionValue& o : report.options)
    if (is_discard(o) && o.shanten == lowest) most = std::max(most, o.effective_tiles);
  int pick = -1;
  for (int i = 0; i < static_cast<int>(report.options.size()); ++i) {
    const eval::OptionValue& o = report.options[static_cast<std::size_t>(i)];
    const bool fast_enough =
        is_discard(o) && o.shanten == lowest && o.effective_tiles * kSpeedDen >= most * kSpeedNum;
    const bool other_choice =
        o.kind == eval::DecisionKind::kKan || o.kind == eval::DecisionKind::kKyuushu;
    if (!fast_enough && !other_choice) continue;
    if (pick < 0 || o.utility > report.options[static_cast<std::size_t>(pick)].utility) pick = i;
  }
  return pick < 0 ? report.best : pick;
}

bool StrongBot::far_from_tenpai(const eval::OptionsReport& report) {
  int lowest = 99;
  for (const eval::OptionValue& o : report.options)
    if (is_discard(o)) lowest = std::min(lowest, o.shanten);
  return lowest >= 2 && lowest < 99;
}

int StrongBot::call_pick(const eval::OptionsReport& report) {
  const eval::OptionValue& best = report.options[static_cast<std::size_t>(report.best)];
  if (best.kind != eval::DecisionKind::kCall) return report.best;
  for (int i = 0; i < static_cast<int>(report.options.size()); ++i) {
    const eval::OptionValue& o = report.options[static_cast<std::size_t>(i)];
    if (o.kind == eval::DecisionKind::kPass && best.shanten >= o.shanten) return i;
  }
  return report.best;
}

StrongBot::StrongBot(std::uint64_t seed, const Rules& rules)
    : rules_(rules), seed_(seed), efficiency_(seed, rules) {
  // The hand-value model's tables are built once per process (about 0.3 s of CPU): built here,
  // when the bot is made, rather than in its first decision (the web table, mjai time limits).
  eval::init_tile_distance_tables();
}

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
  if (report.kind != eval::DecisionKind::kCall && !report.threat && far_from_tenpai(report)) {
    // Rule 4: the efficiency ranking, with the valuation's reason for that action.
    const Action a = efficiency_.choose(obs, legal);
    for (const eval::OptionValue& o : report.options)
      if (o.action == a) return {a, o.reason};
    return {a, {}};
  }
  int pick = report.kind == eval::DecisionKind::kCall ? call_pick(report)
             : report.threat                          ? report.best
                                                      : hand_building_pick(report);
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
