#include "bots/efficiency_bot.hpp"

#include <algorithm>
#include <array>
#include <bit>

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

// The lowest shanten over the discards of `c` (3n+2) under each plan of `plans` alone (a set
// without kPlanFree, or kPlanFree alone): best[b] for plan 1 << b, 99 for the others.
std::array<int, kPlanBits> best_discard_shanten(const Counts& c, std::uint16_t plans,
                                                const HandView& v) {
  std::array<int, kPlanBits> best;
  best.fill(99);
  const PlanShanten plan(c, plans, false, v);
  for (std::uint64_t m = kinds_at_least(c, 1); m; m &= m - 1) {
    const int k = std::countr_zero(m);
    if (plans & kPlanFree)
      best[0] = std::min(best[0], plan.with(k, -1));
    else
      plan.lower_by_plan(k, -1, best);
  }
  return best;
}

// The concealed tiles left after `call` (chi, pon, daiminkan) takes its own tiles from the
// hand, into `c`; returns the meld's base kind, or -1 when the hand lacks a tile it uses.
int called_hand(const HandView& v, const Action& call, Counts& c) {
  c = v.hand;
  const int uses = call.type == ActionType::kDaiminkan ? 3 : 2;
  int base = call.tile / 4;
  for (int i = 0; i < uses; ++i) {
    const int k = call.uses[static_cast<std::size_t>(i)] / 4;
    if (call.uses[static_cast<std::size_t>(i)] < 0 || c[static_cast<std::size_t>(k)] == 0)
      return -1;
    --c[static_cast<std::size_t>(k)];
    base = std::min(base, k);
  }
  return base;
}

// A lower bound of call_shanten() for a chi or pon: the standard-form shanten of the hand left
// (3n+2 tiles), with no yaku plan. Every plan keeps to standard decompositions (masked parts,
// pungs and pairs, a value-honour set beside the rest), and the best discard of a 3n+2 hand
// leaves its own standard shanten at best.
int called_standard_shanten(const HandView& v, const Action& call) {
  Counts c;
  if (called_hand(v, call, c) < 0) return 99;
  const int blocks = total(c) / 3;
  return 2 * blocks - detail::PartClasses(c).value(blocks);
}

// What choose_turn reads from the legal list, in one pass over it.
struct TurnActions {
  const Action* kyuushu = nullptr;
  std::uint64_t discard_kinds = 0;  // as action_kinds(legal, kDiscard)
  bool kan = false, kita = false;
  // Per kind of discard_kinds (the others are not set): pick_copy(legal, kDiscard, kind,
  // red_fives) and its cost.
  std::array<const Action*, kNumKinds> discard;
  std::array<int, kNumKinds> discard_cost;
};

TurnActions scan_turn(std::span<const Action> legal, bool red_fives) {
  TurnActions t;
  for (const Action& a : legal) {
    switch (a.type) {
      case ActionType::kDiscard:
        if (a.tile >= 0) {
          // pick_copy's order: a plain copy before a red five, the drawn tile before another.
          const int k = a.tile / 4;
          const auto ki = static_cast<std::size_t>(k);
          const int cost = (red_fives && is_red_id(a.tile) ? 2 : 0) + (a.tsumogiri ? 0 : 1);
          if (!(t.discard_kinds >> k & 1) || cost < t.discard_cost[ki])
            t.discard[ki] = &a, t.discard_cost[ki] = cost;
          t.discard_kinds |= std::uint64_t{1} << k;
        }
        break;
      case ActionType::kKyuushu:
        if (t.kyuushu == nullptr) t.kyuushu = &a;
        break;
      case ActionType::kAnkan:
      case ActionType::kKakan:
        t.kan = true;
        break;
      case ActionType::kKita:
        t.kita = true;
        break;
      default:
        break;
    }
  }
  return t;
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
  return pick(obs, legal);
}

int EfficiencyBot::choose_index(const Observation& obs, std::span<const Action> legal) {
  return static_cast<int>(&pick(obs, legal) - legal.data());
}

const Action& EfficiencyBot::pick(const Observation& obs, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  bool claim = false;  // find_win, then find_type(kPass), in one pass
  for (const Action& a : legal) {
    if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return a;
    claim = claim || a.type == ActionType::kPass;
  }
  const HandView v = read_view(obs, rules_);
  return claim ? choose_claim(v, legal) : choose_turn(v, legal);
}

std::uint16_t EfficiencyBot::plans(const HandView& v) const {
  const std::uint16_t p = available_plans(v, rules_);
  return p != 0 ? p : static_cast<std::uint16_t>(kPlanFree);
}

const Action& EfficiencyBot::choose_turn(const HandView& v, std::span<const Action> legal) const {
  const TurnActions t = scan_turn(legal, rules_.red_fives);
  if (t.kyuushu != nullptr) {
    int kinds = 0;
    for (int k : kYaochuuKinds) kinds += v.hand[static_cast<std::size_t>(k)] > 0;
    if (kinds < kKokushiKeepKinds) return *t.kyuushu;
  }
  // Scratch kept per thread: the entries past those evaluate_discards writes are never read,
  // and 34 of them need not be constructed at every decision.
  thread_local std::array<DiscardEval, kNumKinds> evals;
  int best = -1;
  const int n = evaluate_discards(v, plans(v), t.discard_kinds, evals, best);
  if (best < 0) return legal[0];
  if (t.kita)
    if (const Action* kita = free_kita(legal, evals, n, best)) return *kita;
  if (t.kan)
    for (const Action& a : legal)
      if ((a.type == ActionType::kAnkan || a.type == ActionType::kKakan) &&
          kan_is_good(v, a, evals[static_cast<std::size_t>(best)]))
        return a;
  const DiscardEval& top = evals[static_cast<std::size_t>(best)];
  if (top.shanten == 0 && top.ukeire > 0) return discard_or_riichi(legal, top);
  return *t.discard[static_cast<std::size_t>(top.kind)];  // discard_or_riichi's discard
}

const Action& EfficiencyBot::discard_or_riichi(std::span<const Action> legal,
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
  Counts c;
  const int base = called_hand(v, call, c);
  if (base < 0) return 99;
  const std::uint16_t plans =
      available_plans(v, rules_, static_cast<int>(meld_of(call.type)), base);
  if (plans == 0) return 99;
  const bool kan = call.type == ActionType::kDaiminkan;
  std::array<int, kPlanBits> by_plan{};
  if (!kan) by_plan = best_discard_shanten(c, plans, v);
  int best = 99;
  for (int bit = 0; bit < kPlanBits; ++bit) {
    const auto plan = static_cast<std::uint16_t>(1u << bit);
    if (!(plans & plan)) continue;
    const int sh = kan ? plan_shanten(c, plan, false, v) : by_plan[static_cast<std::size_t>(bit)];
    if ((plan & kCloseOnly) && sh > kCloseShanten) continue;
    best = std::min(best, sh);
  }
  return best;
}

const Action& EfficiencyBot::choose_claim(const HandView& v, std::span<const Action> legal) const {
  const Action* pass = find_type(legal, ActionType::kPass);
  const Action& fallback = pass != nullptr ? *pass : legal[0];
  const std::uint16_t now = available_plans(v, rules_);
  if (now == 0) return fallback;  // open without a yaku left: no more calls
  const bool closed = !v.open;
  const int shanten_now = plan_shanten(v.hand, now, closed, v);
  // Tenpai: a chi or pon cannot lower the shanten (a 3n+1 hand is never below 0) and no
  // daiminkan touches a wait.
  if (shanten_now <= 0) return fallback;
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
    if (called_standard_shanten(v, a) >= best_shanten) continue;  // cannot be lower
    const int sh = call_shanten(v, a);
    if (sh < best_shanten) best = &a, best_shanten = sh;
  }
  if (best != nullptr) return *best;
  if (kan != nullptr) return *kan;
  return fallback;
}

}  // namespace riichi::bots
