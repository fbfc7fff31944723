#include "bots/efficiency_bot.hpp"

#include <algorithm>
#include <array>

#include "riichi/shanten.hpp"

namespace riichi::bots {

namespace {

constexpr std::uint16_t kCloseOnly = kPlanToitoi | kPlanHonitsu | (kPlanHonitsu << 1) |
                                     (kPlanHonitsu << 2);  // plans taken only when close
constexpr int kCloseShanten = 2;
constexpr int kKokushiKeepKinds = 10;  // no kyuushu with this many terminal/honour kinds

bool is_call(ActionType t) {
  return t == ActionType::kChi || t == ActionType::kPon || t == ActionType::kDaiminkan;
}

MeldType meld_of(ActionType t) {
  return t == ActionType::kChi   ? MeldType::kChi
         : t == ActionType::kPon ? MeldType::kPon
                                 : MeldType::kDaiminkan;
}

// The lowest shanten over the discards of `c` (3n+2) under `plans`.
int best_discard_shanten(const Counts& c, std::uint16_t plans, const HandView& v) {
  const PlanShanten plan(c, plans, false, v);
  int best = 99;
  for (int k = 0; k < kNumKinds; ++k)
    if (c[static_cast<std::size_t>(k)] > 0) best = std::min(best, plan.with(k, -1));
  return best;
}

}  // namespace

const Action* find_win(std::span<const Action> legal) {
  for (const Action& a : legal)
    if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return &a;
  return nullptr;
}

const Action* find_type(std::span<const Action> legal, ActionType type) {
  for (const Action& a : legal)
    if (a.type == type) return &a;
  return nullptr;
}

EfficiencyBot::EfficiencyBot(std::uint64_t /*seed*/, const Rules& rules) : rules_(rules) {}

Action EfficiencyBot::choose(const Observation& obs, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  if (const Action* win = find_win(legal)) return *win;
  const HandView v = read_view(obs, rules_);
  if (find_type(legal, ActionType::kPass) != nullptr) return choose_claim(v, legal);
  return choose_turn(v, legal);
}

std::uint16_t EfficiencyBot::plans(const HandView& v) const {
  const std::uint16_t p = available_plans(v, rules_);
  return p != 0 ? p : static_cast<std::uint16_t>(kPlanFree);
}

Action EfficiencyBot::choose_turn(const HandView& v, std::span<const Action> legal) const {
  if (const Action* kyuushu = find_type(legal, ActionType::kKyuushu)) {
    int kinds = 0;
    for (int k : kYaochuuKinds) kinds += v.hand[static_cast<std::size_t>(k)] > 0;
    if (kinds < kKokushiKeepKinds) return *kyuushu;
  }
  std::array<DiscardEval, kNumKinds> evals;
  int best = -1;
  const int n =
      evaluate_discards(v, plans(v), action_kinds(legal, ActionType::kDiscard), evals, best);
  if (best < 0) return legal[0];
  if (const Action* kita = free_kita(legal, evals, n, best)) return *kita;
  for (const Action& a : legal)
    if ((a.type == ActionType::kAnkan || a.type == ActionType::kKakan) &&
        kan_is_good(v, a, evals[static_cast<std::size_t>(best)]))
      return a;
  return discard_or_riichi(legal, evals[static_cast<std::size_t>(best)]);
}

Action EfficiencyBot::discard_or_riichi(std::span<const Action> legal,
                                        const DiscardEval& best) const {
  if (best.shanten == 0 && best.ukeire > 0)
    if (const Action* r = pick_copy(legal, ActionType::kRiichi, best.kind, rules_.red_fives))
      return *r;
  if (const Action* d = pick_copy(legal, ActionType::kDiscard, best.kind, rules_.red_fives))
    return *d;
  return legal[0];
}

bool EfficiencyBot::kan_is_good(const HandView& v, const Action& kan,
                                const DiscardEval& best) const {
  const int k = kan.tile / 4;
  const auto ki = static_cast<std::size_t>(k);
  HandView after = v;
  std::uint16_t p;
  if (kan.type == ActionType::kAnkan) {
    if (v.hand[ki] < 4) return false;
    after.hand[ki] = 0;
    p = available_plans(v, rules_, static_cast<int>(MeldType::kAnkan), k);
  } else {
    if (v.hand[ki] == 0) return false;
    --after.hand[ki];
    p = available_plans(v, rules_);
  }
  if (p == 0) p = kPlanFree;
  after.visible[ki] = static_cast<std::uint8_t>(4 - after.hand[ki]);
  const bool closed = !v.open;
  const int sh = plan_shanten(after.hand, p, closed, after);
  if (sh != best.shanten) return sh < best.shanten;
  int best_ukeire = best.ukeire;
  if (best_ukeire == 0 && best.shanten > 0) {  // not computed for a lone candidate
    Counts c = v.hand;
    --c[static_cast<std::size_t>(best.kind)];
    best_ukeire = plan_ukeire(c, plans(v), closed, v, best.shanten, best.kind);
  }
  return plan_ukeire(after.hand, p, closed, after, sh, -1) >= best_ukeire;
}

int EfficiencyBot::call_shanten(const HandView& v, const Action& call) const {
  Counts c = v.hand;
  const int uses = call.type == ActionType::kDaiminkan ? 3 : 2;
  int base = call.tile / 4;
  for (int i = 0; i < uses; ++i) {
    const int k = call.uses[static_cast<std::size_t>(i)] / 4;
    if (call.uses[static_cast<std::size_t>(i)] < 0 || c[static_cast<std::size_t>(k)] == 0)
      return 99;
    --c[static_cast<std::size_t>(k)];
    base = std::min(base, k);
  }
  const std::uint16_t plans =
      available_plans(v, rules_, static_cast<int>(meld_of(call.type)), base);
  if (plans == 0) return 99;
  int best = 99;
  for (int bit = 0; bit < 16; ++bit) {
    const auto plan = static_cast<std::uint16_t>(1u << bit);
    if (!(plans & plan)) continue;
    const int sh = call.type == ActionType::kDaiminkan ? plan_shanten(c, plan, false, v)
                                                       : best_discard_shanten(c, plan, v);
    if ((plan & kCloseOnly) && sh > kCloseShanten) continue;
    best = std::min(best, sh);
  }
  return best;
}

Action EfficiencyBot::choose_claim(const HandView& v, std::span<const Action> legal) const {
  const Action* pass = find_type(legal, ActionType::kPass);
  const Action fallback = pass != nullptr ? *pass : legal[0];
  const std::uint16_t now = available_plans(v, rules_);
  if (now == 0) return fallback;  // open without a yaku left: no more calls
  const bool closed = !v.open;
  const int shanten_now = plan_shanten(v.hand, now, closed, v);
  const Action* best = nullptr;
  const Action* kan = nullptr;
  int best_shanten = shanten_now;
  for (const Action& a : legal) {
    if (!is_call(a.type)) continue;
    if (a.type == ActionType::kDaiminkan) {
      if (closed || shanten_now == 0) continue;  // never opens a hand, never touches a wait
      if (call_shanten(v, a) <= shanten_now) kan = &a;
      continue;
    }
    const int sh = call_shanten(v, a);
    if (sh < best_shanten) best = &a, best_shanten = sh;
  }
  if (best != nullptr) return *best;
  if (kan != nullptr) return *kan;
  return fallback;
}

}  // namespace riichi::bots
