#include "bots/discard_features.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "riichi/hand.hpp"

namespace riichi::bots {

const std::array<const char*, kDiscardFeatures> kDiscardFeatureNames = {
    "shanten_up",      // shanten after the discard minus the lowest over the candidates
    "shanten_up2",     // 1 when that difference is 2 or more
    "log_ukeire_rel",  // ln((1 + ukeire) / (1 + the most ukeire at the same shanten))
    "ukeire_best",     // 1 when the ukeire is the most at the same shanten
    "wait_log",        // tenpai after the discard: ln(1 + winning copies left), else 0
    "efficiency",      // 1 for the efficiency bot's discard
    "pair_broken",     // 2 copies held
    "set_broken",      // 3 or 4 copies held
    "isolated",        // 1 copy, no held tile of the same suit within 2 (an honour: 1 copy)
    "adjacent",        // held kinds at +-1 in the same suit (0-2)
    "gap",             // held kinds at +-2 in the same suit (0-2)
    "value_honour",    // a dragon, the seat wind or the round wind
    "value_pair",      // a value honour held 2 or more times
    "guest_wind",      // a wind neither the seat's nor the round's
    "honour_unseen",   // an honour: copies not seen / 3 (0: the others hold none)
    "terminal",        // a suited 1 or 9
    "two_eight",       // a suited 2 or 8
    "dora",            // dora per copy of the kind
    "red_only",        // the only copy held is a red five
    "dora_near",       // suited, a dora kind of the same suit within 2 (not itself)
    "simple_tanyao",   // a simple, and at most 2 terminal/honour tiles in the hand
    "yaochuu_few",     // a terminal/honour, and at most 3 terminal/honour tiles in the hand
    "suit_share",      // suited: the hand's tiles of its suit / the hand's tiles
    "suit_thinnest",   // suited, its suit held the least of the suits held
    "turn_yaochuu",    // own discards so far / 18, for a terminal/honour
    "turn_isolated",   // own discards so far / 18, for an isolated tile
    "genbutsu",        // opponents who discarded the kind / 3
    "visible",         // copies seen outside the hand / 4
    "tsumogiri",       // the drawn tile's kind
    "turn_genbutsu",   // own discards so far / 18 times genbutsu
};

namespace {

int held(const Counts& c, int kind) { return c[static_cast<std::size_t>(kind)]; }

// Held kinds at distance `d` (1 or 2) from suited `kind`, in the same suit (0-2).
int neighbours(const Counts& c, int kind, int d) {
  const int n = kind % 9;
  int count = 0;
  if (n - d >= 0 && held(c, kind - d) > 0) ++count;
  if (n + d <= 8 && held(c, kind + d) > 0) ++count;
  return count;
}

}  // namespace

int discard_candidates(const Observation& obs, const HandView& v, std::uint16_t plans,
                       std::uint64_t kinds, int efficiency_kind,
                       std::span<DiscardCandidate, kNumKinds> out) {
  const bool closed = !v.open;
  kinds &= kinds_at_least(v.hand, 1);
  Counts c = v.hand;
  int n = 0;
  int best_shanten = 99;
  std::array<int, 16> most{};  // the most ukeire per shanten (clamped)
  for (std::uint64_t m = kinds; m; m &= m - 1) {
    const int k = std::countr_zero(m);
    DiscardCandidate& d = out[static_cast<std::size_t>(n++)];
    d = DiscardCandidate{};
    d.kind = k;
    --c[static_cast<std::size_t>(k)];
    d.shanten = plan_shanten(c, plans, closed, v);
    d.ukeire = d.shanten >= 99 ? 0 : plan_ukeire(c, plans, closed, v, d.shanten, k);
    ++c[static_cast<std::size_t>(k)];
    best_shanten = std::min(best_shanten, d.shanten);
    const auto s = static_cast<std::size_t>(std::clamp(d.shanten, 0, 15));
    most[s] = std::max(most[s], d.ukeire);
  }
  // Position-wide counts.
  int tiles = 0, yaochuu = 0;
  std::array<int, 3> suit{};
  for (int k = 0; k < kNumKinds; ++k) {
    const int h = held(v.hand, k);
    tiles += h;
    if (is_yaochuu(k)) yaochuu += h;
    if (is_suited(k)) suit[static_cast<std::size_t>(k / 9)] += h;
  }
  int thinnest = 99;
  for (int s : suit)
    if (s > 0) thinnest = std::min(thinnest, s);
  std::uint64_t dora_kinds = 0;
  for (int k = 0; k < kNumKinds; ++k)
    if (v.dora[static_cast<std::size_t>(k)] > 0) dora_kinds |= std::uint64_t{1} << k;
  std::uint64_t genbutsu_by[4] = {0, 0, 0, 0};
  for (int p = 0; p < 4; ++p)
    for (const DiscardInfo& d : obs.discards[static_cast<std::size_t>(p)])
      genbutsu_by[p] |= std::uint64_t{1} << (d.id / 4);
  const double turn =
      static_cast<double>(obs.discards[static_cast<std::size_t>(obs.seat)].size()) / 18.0;
  const int drawn_kind = obs.drawn >= 0 ? obs.drawn / 4 : -1;

  for (int i = 0; i < n; ++i) {
    DiscardCandidate& d = out[static_cast<std::size_t>(i)];
    DiscardFeatureVector& f = d.f;
    const int k = d.kind;
    const int h = held(v.hand, k);
    const bool honour = is_honor(k);
    const int up = d.shanten - best_shanten;
    const int top = most[static_cast<std::size_t>(std::clamp(d.shanten, 0, 15))];
    int e = 0;
    f[e++] = static_cast<float>(up);
    f[e++] = up >= 2 ? 1.0f : 0.0f;
    f[e++] = static_cast<float>(std::log((1.0 + d.ukeire) / (1.0 + top)));
    f[e++] = d.ukeire == top ? 1.0f : 0.0f;
    f[e++] = d.shanten == 0 ? static_cast<float>(std::log(1.0 + d.ukeire)) : 0.0f;
    f[e++] = k == efficiency_kind ? 1.0f : 0.0f;
    f[e++] = h == 2 ? 1.0f : 0.0f;
    f[e++] = h >= 3 ? 1.0f : 0.0f;
    const int adjacent = honour ? 0 : neighbours(v.hand, k, 1);
    const int gap = honour ? 0 : neighbours(v.hand, k, 2);
    const bool isolated = h == 1 && adjacent == 0 && gap == 0;
    f[e++] = isolated ? 1.0f : 0.0f;
    f[e++] = static_cast<float>(adjacent);
    f[e++] = static_cast<float>(gap);
    const bool value = honour && is_value_honor(v, k);
    f[e++] = value ? 1.0f : 0.0f;
    f[e++] = value && h >= 2 ? 1.0f : 0.0f;
    f[e++] = honour && !value && is_wind(k) ? 1.0f : 0.0f;
    f[e++] = honour ? static_cast<float>(unseen(v, k)) / 3.0f : 0.0f;
    f[e++] = is_terminal(k) ? 1.0f : 0.0f;
    f[e++] = !honour && (k % 9 == 1 || k % 9 == 7) ? 1.0f : 0.0f;
    f[e++] = static_cast<float>(v.dora[static_cast<std::size_t>(k)]);
    f[e++] = h == 1 && (v.red_kinds >> k & 1) ? 1.0f : 0.0f;
    bool near = false;
    if (!honour)
      for (int dk = -2; dk <= 2; ++dk) {
        const int j = k + dk;
        if (dk != 0 && j >= k / 9 * 9 && j < k / 9 * 9 + 9 && (dora_kinds >> j & 1)) near = true;
      }
    f[e++] = near ? 1.0f : 0.0f;
    f[e++] = !is_yaochuu(k) && yaochuu <= 2 ? 1.0f : 0.0f;
    f[e++] = is_yaochuu(k) && yaochuu <= 3 ? 1.0f : 0.0f;
    const int in_suit = honour ? 0 : suit[static_cast<std::size_t>(k / 9)];
    f[e++] = honour || tiles == 0 ? 0.0f : static_cast<float>(in_suit) / static_cast<float>(tiles);
    f[e++] = !honour && in_suit == thinnest ? 1.0f : 0.0f;
    f[e++] = is_yaochuu(k) ? static_cast<float>(turn) : 0.0f;
    f[e++] = isolated ? static_cast<float>(turn) : 0.0f;
    int genbutsu = 0;
    for (int p = 0; p < 4; ++p)
      if (p != obs.seat && (genbutsu_by[p] >> k & 1)) ++genbutsu;
    f[e++] = static_cast<float>(genbutsu) / 3.0f;
    f[e++] = static_cast<float>(v.visible[static_cast<std::size_t>(k)]) / 4.0f;
    f[e++] = k == drawn_kind ? 1.0f : 0.0f;
    f[e++] = static_cast<float>(turn * genbutsu / 3.0);
  }
  return n;
}

double discard_score(const DiscardFeatureVector& f) {
  double s = 0;
  for (int i = 0; i < kDiscardFeatures; ++i)
    s += kDiscardWeights[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
  return s;
}

int discard_model_pick(std::span<const DiscardCandidate> candidates, int n,
                       bool lowest_shanten_only) {
  int lowest = 99;
  for (int i = 0; i < n; ++i)
    lowest = std::min(lowest, candidates[static_cast<std::size_t>(i)].shanten);
  int best = -1;
  double best_score = 0;
  for (int i = 0; i < n; ++i) {
    const DiscardCandidate& d = candidates[static_cast<std::size_t>(i)];
    if (lowest_shanten_only && d.shanten != lowest) continue;
    const double s = discard_score(d.f);
    if (best < 0 || s > best_score) best = i, best_score = s;
  }
  return best;
}

int discard_outcome_pick(std::span<const DiscardCandidate> candidates, int n, int efficiency_kind,
                         double margin, const std::array<double, kDiscardFeatures>& weights) {
  int lowest = 99, eff = -1;
  for (int i = 0; i < n; ++i) {
    const DiscardCandidate& d = candidates[static_cast<std::size_t>(i)];
    lowest = std::min(lowest, d.shanten);
    if (d.kind == efficiency_kind) eff = i;
  }
  if (eff < 0) return -1;
  auto score = [&](int i) {
    const DiscardFeatureVector& f = candidates[static_cast<std::size_t>(i)].f;
    double s = 0;
    for (int j = 0; j < kDiscardFeatures; ++j)
      s += weights[static_cast<std::size_t>(j)] * f[static_cast<std::size_t>(j)];
    return s;
  };
  int best = -1;
  double best_score = 0;
  for (int i = 0; i < n; ++i) {
    if (candidates[static_cast<std::size_t>(i)].shanten != lowest) continue;
    const double s = score(i);
    if (best < 0 || s > best_score) best = i, best_score = s;
  }
  return best_score - score(eff) > margin ? best : eff;
}

Action discard_kind_action(std::span<const Action> legal, const Action& move, int kind) {
  if (move.tile / 4 == kind) return move;
  for (const ActionType type : {move.type, ActionType::kDiscard}) {
    const Action* best = nullptr;
    for (const Action& a : legal)
      if (a.type == type && a.tile / 4 == kind &&
          (best == nullptr || (is_red_id(best->tile) && !is_red_id(a.tile))))
        best = &a;
    if (best != nullptr) return *best;
  }
  return move;
}

}  // namespace riichi::bots
