#include "bots/strong_bot.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "eval/tile_distance.hpp"

namespace riichi::bots {

namespace {

// The place (0 = 1st) of `seat` in `scores`; ties go to the earlier seat (the initial East
// first), as the final ranking does without split ties.
int place_of(const std::array<double, 4>& scores, int seat, int players) {
  int place = 0;
  for (int s = 0; s < players; ++s) {
    const auto si = static_cast<std::size_t>(s), me = static_cast<std::size_t>(seat);
    if (s != seat && (scores[si] > scores[me] || (scores[si] == scores[me] && s < seat))) ++place;
  }
  return place;
}

}  // namespace

int StrongBot::call_pick(const eval::OptionsReport& report) {
  const eval::OptionValue& best = report.options[static_cast<std::size_t>(report.best)];
  if (best.kind != eval::DecisionKind::kCall) return report.best;
  for (int i = 0; i < static_cast<int>(report.options.size()); ++i) {
    const eval::OptionValue& o = report.options[static_cast<std::size_t>(i)];
    if (o.kind == eval::DecisionKind::kPass && best.shanten >= o.shanten) return i;
  }
  return report.best;
}

int StrongBot::riichi_pick(const eval::OptionsReport& report, int pick) {
  const eval::OptionValue& chosen = report.options[static_cast<std::size_t>(pick)];
  if (chosen.kind != eval::DecisionKind::kDiscard || chosen.shanten != 0 ||
      chosen.plan != eval::Plan::kPush)
    return pick;
  for (int i = 0; i < static_cast<int>(report.options.size()); ++i) {
    const eval::OptionValue& o = report.options[static_cast<std::size_t>(i)];
    if (o.kind == eval::DecisionKind::kRiichi && o.action.tile / 4 == chosen.action.tile / 4 &&
        o.effective_tiles > 0)
      return i;
  }
  return pick;
}

int StrongBot::efficiency_pick(const eval::OptionsReport& report, int pick,
                               const Action& efficiency_move) {
  const eval::OptionValue& chosen = report.options[static_cast<std::size_t>(pick)];
  if (chosen.kind != eval::DecisionKind::kDiscard || chosen.plan != eval::Plan::kPush) return pick;
  for (int i = 0; i < static_cast<int>(report.options.size()); ++i) {
    const eval::OptionValue& o = report.options[static_cast<std::size_t>(i)];
    const bool faster = o.shanten < chosen.shanten ||
                        (o.shanten == chosen.shanten && o.effective_tiles > chosen.effective_tiles);
    if (o.action == efficiency_move && faster &&
        o.deal_in_prob <= chosen.deal_in_prob + kPushTolerance)
      return o.kind == eval::DecisionKind::kDiscard ? riichi_pick(report, i) : i;
  }
  return pick;
}

StrongBot::StrongBot(std::uint64_t seed, const Rules& rules)
    : rules_(rules), seed_(seed), efficiency_(seed, rules) {
  // The hand-value model's tables are built once per process (about 0.3 s of CPU): built here,
  // when the bot is made, rather than in its first decision (the web table, mjai time limits).
  eval::init_tile_distance_tables();
}

bool StrongBot::is_all_last(const Observation& obs, const Rules& rules) {
  const int last_wind = rules.east_only ? 0 : 1;  // East 0, South 1
  return obs.round_wind >= last_wind && obs.dealer == rules.players - 1;
}

double StrongBot::placement_utility(const Observation& obs, const eval::Outcome& outcome) {
  return placement_utility(obs, outcome, 4);
}

double StrongBot::placement_utility(const Observation& obs, const eval::Outcome& outcome,
                                    int players) {
  std::array<double, 4> scores{};
  for (int s = 0; s < 4; ++s)
    scores[static_cast<std::size_t>(s)] = obs.scores[static_cast<std::size_t>(s)];
  const auto me = static_cast<std::size_t>(obs.seat);
  scores[me] += outcome.points;
  if (outcome.kind == eval::Outcome::kDealIn && outcome.other >= 0) {
    scores[static_cast<std::size_t>(outcome.other)] -= outcome.points;
  } else {
    for (int s = 0; s < players; ++s)
      if (s != obs.seat) scores[static_cast<std::size_t>(s)] -= outcome.points / (players - 1);
  }
  return outcome.points + kRankStep * (players - 1 - place_of(scores, obs.seat, players));
}

const Action* StrongBot::yakuhai_pon(const HandView& v, std::span<const Action> legal) const {
  const std::uint16_t plans = available_plans(v, rules_);
  if (plans == 0) return nullptr;  // open without a yaku left: no more calls
  const int shanten = plan_shanten(v.hand, plans, !v.open, v);
  if (shanten < 1) return nullptr;
  for (const Action& a : legal) {
    const int kind = a.tile / 4;
    if (a.type == ActionType::kPon && is_value_honor(v, kind) &&
        v.hand[static_cast<std::size_t>(kind)] == 2 && efficiency_.call_shanten(v, a) <= shanten)
      return &a;
  }
  return nullptr;
}

Action StrongBot::choose(const Observation& obs, std::span<const Action> legal) {
  return decide(obs, legal, false).action;
}

StrongBot::Decision StrongBot::decide(const Observation& obs, std::span<const Action> legal,
                                      bool reasons) {
  if (legal.size() == 1 && !reasons) return {legal[0], {}};
  const Action* win = find_win(legal);
  if (win != nullptr && !reasons) return {*win, {}};
  const bool claim = find_type(legal, ActionType::kPass) != nullptr;
  // Rules 2, 4 and 5: the action fixed without valuing the options, if any.
  std::optional<Action> fixed;
  if (win != nullptr) {
    fixed = *win;
  } else if (legal.size() > 1) {
    const HandView v = read_view(obs, rules_);
    const bool threat = eval::table_threat(obs, rules_);
    if (claim) {
      const Action a = efficiency_.choose_claim(v, legal);
      const Action* pon = a.type == ActionType::kPass && !threat ? yakuhai_pon(v, legal) : nullptr;
      if (pon != nullptr)
        fixed = *pon;
      else if (a.type == ActionType::kPass || !threat)
        fixed = a;
    } else if (!threat && find_type(legal, ActionType::kKita) == nullptr) {
      fixed = efficiency_.choose_turn(v, legal);  // (a kita is valued: eval/options.hpp)
    }
  }
  if (fixed && !reasons) return {*fixed, {}};

  eval::OptionsSettings settings = eval::OptionsSettings::fast();
  settings.reasons = reasons;
  settings.fold_margin = kFoldMargin;
  if (is_all_last(obs, rules_)) {
    const int players = rules_.players;
    settings.utility = [players](const Observation& o, const eval::Outcome& out) {
      return placement_utility(o, out, players);
    };
  }
  const eval::OptionsReport report = eval::evaluate_options(obs, rules_, settings);
  if (fixed) {  // the valuation's reason for that action
    for (const eval::OptionValue& o : report.options)
      if (o.action == *fixed) return {*fixed, o.reason};
    return {*fixed, {}};
  }
  int pick = claim ? call_pick(report) : riichi_pick(report, report.best);
  if (!claim && report.options[static_cast<std::size_t>(pick)].kind == eval::DecisionKind::kDiscard)
    pick = efficiency_pick(report, pick, efficiency_.choose_turn(read_view(obs, rules_), legal));
  const eval::OptionValue& chosen = report.options[static_cast<std::size_t>(pick)];
  // The options follow obs.legal_actions; play the same action from `legal`.
  for (const Action& a : legal)
    if (a == chosen.action) return {a, chosen.reason};
  return {legal[0], chosen.reason};
}

}  // namespace riichi::bots
