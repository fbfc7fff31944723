#include "bots/defensive_bot.hpp"

#include <algorithm>
#include <array>

namespace riichi::bots {

namespace {

bool is_kan(ActionType t) { return t == ActionType::kAnkan || t == ActionType::kKakan; }

int total_weight(const SafetyModel& safety) {
  int w = 0;
  for (int i = 0; i < safety.num_threats(); ++i) w += safety.threat(i).weight;
  return w;
}

// Whether the fold's order (danger, then shanten, then effective tiles) needs the effective
// tiles: at least two of the safest discards share the lowest shanten of all, the only entries
// that have effective tiles.
bool fold_ties_on_ukeire(std::span<const DiscardEval> evals, std::span<const int> danger, int n,
                         int min_shanten) {
  int safest = 1 << 30;
  for (int i = 0; i < n; ++i) safest = std::min(safest, danger[static_cast<std::size_t>(i)]);
  int tied = 0;
  for (int i = 0; i < n; ++i)
    tied += danger[static_cast<std::size_t>(i)] == safest &&
            evals[static_cast<std::size_t>(i)].shanten == min_shanten;
  return tied >= 2;
}

}  // namespace

int DefensiveBot::value_estimate(const HandView& v) {
  int han = v.meld_dora + v.red_fives + (v.open ? 0 : 1);
  // The dora held, in a loop of products alone (vectorised); then the honour pungs.
  for (std::size_t k = 0; k < kNumKinds; ++k) han += v.dora[k] * v.hand[k];
  for (int k = 27; k < kNumKinds; ++k)
    if (v.hand[static_cast<std::size_t>(k)] >= 3 && is_value_honor(v, k))
      han += (k == v.seat_wind && k == v.round_wind) ? 2 : 1;
  for (int i = 0; i < v.num_melds; ++i) {
    const int k = v.own_meld_kinds[static_cast<std::size_t>(i)];
    const auto type = static_cast<MeldType>(v.own_melds[static_cast<std::size_t>(i)]);
    if (type != MeldType::kChi && is_value_honor(v, k))
      han += (k == v.seat_wind && k == v.round_wind) ? 2 : 1;
  }
  return han;
}

bool DefensiveBot::push(const HandView& v, const SafetyModel& safety, int shanten, int waits,
                        int safest_tenpai_danger, int live_tiles) const {
  if (!safety.riichi_threat()) return shanten < options_.fold_open_shanten;
  const int value = value_estimate(v);
  if (shanten <= 0)
    return waits >= options_.good_wait || value >= options_.push_tenpai_han ||
           safest_tenpai_danger <= options_.safe_enough;
  if (shanten == 1)
    return value >= options_.push_one_shanten_han && live_tiles >= options_.push_one_shanten_tiles;
  return false;
}

bool DefensiveBot::own_view_suffices(const Observation& own) const {
  for (int p = 0; p < efficiency_.rules().players; ++p)
    if (p != own.seat && may_threaten(own, p)) return false;
  return true;
}

Action DefensiveBot::choose(const Observation& obs, std::span<const Action> legal) {
  return pick(obs, legal);
}

int DefensiveBot::choose_index(const Observation& obs, std::span<const Action> legal) {
  return static_cast<int>(&pick(obs, legal) - legal.data());
}

const Action& DefensiveBot::pick(const Observation& obs, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  bool claim = false;  // find_win, then find_type(kPass), in one pass
  for (const Action& a : legal) {
    if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return a;
    claim = claim || a.type == ActionType::kPass;
  }
  const HandView v = read_view(obs, efficiency_.rules());
  const SafetyModel safety(obs, v);
  if (safety.num_threats() == 0)
    return claim ? efficiency_.choose_claim(v, legal) : efficiency_.choose_turn(v, legal);
  if (!claim) return choose_turn(obs, v, safety, legal);
  const int shanten = plan_shanten(v.hand, efficiency_.plans(v), !v.open, v);
  if (push(v, safety, shanten, 0, 99, obs.live_tiles_left))
    return efficiency_.choose_claim(v, legal);
  return *find_type(legal, ActionType::kPass);
}

const Action& DefensiveBot::choose_turn(const Observation& obs, const HandView& v,
                                        const SafetyModel& safety,
                                        std::span<const Action> legal) const {
  if (find_type(legal, ActionType::kKyuushu) != nullptr) return efficiency_.choose_turn(v, legal);
  // The shanten of every discard first; the effective tiles (most of the cost) only when the
  // choice can depend on them: a tenpai hand (the waits decide whether to push), a push (the
  // pick among the nearly best), or a fold whose safest discards tie on danger and on the
  // lowest shanten (the effective tiles break that tie; every other entry has none).
  const std::uint16_t plans = efficiency_.plans(v);
  std::array<DiscardEval, kNumKinds> evals;
  const int n = discard_shanten(v, plans, action_kinds(legal, ActionType::kDiscard), evals);
  if (n == 0) return legal[0];
  int min_shanten = 99;
  for (int i = 0; i < n; ++i)
    min_shanten = std::min(min_shanten, evals[static_cast<std::size_t>(i)].shanten);
  int best = min_shanten <= 0 ? rank_discards(v, plans, evals, n) : -1;
  const int weight = std::max(1, total_weight(safety));
  std::array<int, kNumKinds> danger{};
  int safest_tenpai = 99;
  for (int i = 0; i < n; ++i) {
    const DiscardEval& e = evals[static_cast<std::size_t>(i)];
    danger[static_cast<std::size_t>(i)] = safety.total_danger(e.kind);
    if (e.shanten == 0 && e.ukeire > 0)
      safest_tenpai = std::min(safest_tenpai, danger[static_cast<std::size_t>(i)] / weight);
  }
  const int waits = best >= 0 ? evals[static_cast<std::size_t>(best)].ukeire : 0;
  if (push(v, safety, min_shanten, waits, safest_tenpai, obs.live_tiles_left)) {
    if (best < 0) best = rank_discards(v, plans, evals, n);
    const DiscardEval top = evals[static_cast<std::size_t>(best)];
    for (const Action& a : legal)
      if (is_kan(a.type) && efficiency_.kan_is_good(v, a, top)) return a;
    if (const Action* kita = free_kita(legal, evals, n, best)) return *kita;
    // The safest of the discards nearly as good as the best.
    const int need = top.shanten == 0 ? std::max(1, top.ukeire / 2) : top.ukeire * 2 / 3;
    int pick = best;
    for (int i = 0; i < n; ++i) {
      const DiscardEval& e = evals[static_cast<std::size_t>(i)];
      if (e.shanten != top.shanten || e.ukeire < need) continue;
      const auto pi = static_cast<std::size_t>(pick), ii = static_cast<std::size_t>(i);
      if (danger[ii] < danger[pi] || (danger[ii] == danger[pi] && e.ukeire > evals[pi].ukeire))
        pick = i;
    }
    return efficiency_.discard_or_riichi(legal, evals[static_cast<std::size_t>(pick)]);
  }
  // Fold: the safest discard; ties by the efficiency ranking.
  if (best < 0 && fold_ties_on_ukeire(evals, danger, n, min_shanten))
    rank_discards(v, plans, evals, n);
  int pick = 0;
  for (int i = 1; i < n; ++i) {
    const auto ii = static_cast<std::size_t>(i), pi = static_cast<std::size_t>(pick);
    const DiscardEval &e = evals[ii], &p = evals[pi];
    if (danger[ii] != danger[pi]) {
      if (danger[ii] < danger[pi]) pick = i;
      continue;
    }
    if (e.shanten != p.shanten) {
      if (e.shanten < p.shanten) pick = i;
      continue;
    }
    if (e.ukeire != p.ukeire) {
      if (e.ukeire > p.ukeire) pick = i;
      continue;
    }
    if (e.keep < p.keep) pick = i;
  }
  const int kind = evals[static_cast<std::size_t>(pick)].kind;
  if (const Action* d = pick_copy(legal, ActionType::kDiscard, kind, efficiency_.rules().red_fives))
    return *d;
  return legal[0];
}

}  // namespace riichi::bots
