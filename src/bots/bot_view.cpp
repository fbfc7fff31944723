#include "bots/bot_view.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "riichi/dora.hpp"
#include "riichi/shanten.hpp"
#include "riichi/shanten_table.hpp"
#include "riichi/ukeire.hpp"
#include "riichi/waits.hpp"

namespace riichi::bots {

namespace {

int meld_base_kind(const MeldInfo& m) {
  int base = m.ids[0] / 4;
  for (int i = 1; i < m.size(); ++i) base = std::min(base, m.ids[static_cast<std::size_t>(i)] / 4);
  return base;
}

// Best 2*sets + partials + pair of `c` when `blocks` sets are needed (the shanten tables).
int block_value(const Counts& c, int blocks) { return detail::PartClasses(c).value(blocks); }

// The sum of the 34 counts: four 8-byte words added bytewise (each byte at most 16, no carry),
// then the bytes of the sum (at most 128) by one multiplication.
int tile_total(const Counts& c) {
  std::uint64_t w[4];
  std::memcpy(w, c.data(), sizeof w);
  const std::uint64_t bytes = w[0] + w[1] + w[2] + w[3];
  return static_cast<int>((bytes * 0x0101010101010101ull) >> 56) + c[32] + c[33];
}

// Toitoi: pungs only. T pungs, P pairs; one pair is the head, the others partial pungs.
int toitoi_shanten(int pungs, int pairs, int blocks) {
  pungs = std::min(pungs, blocks);
  if (pairs == 0) return 2 * blocks - 2 * pungs;
  return 2 * blocks - 2 * pungs - std::min(pairs - 1, blocks - pungs) - 1;
}

// Whether a value honour held `n` times may become one of the yakuhai plan's sets: a pair needs
// a copy left to pung.
bool yakuhai_candidate(const HandView& v, int kind, int n) {
  return n >= 2 && is_value_honor(v, kind) && !(n == 2 && unseen(v, kind) == 0);
}

// The kinds each masked plan keeps (the others will all be discarded): tanyao, honitsu m/p/s.
constexpr std::uint64_t kHonourKinds = std::uint64_t{0x7F} << 27;
constexpr std::array<std::uint64_t, 4> kPlanKeeps = {
    (std::uint64_t{0x7F} << 1) | (std::uint64_t{0x7F} << 10) | (std::uint64_t{0x7F} << 19),
    kHonourKinds | 0x1FF, kHonourKinds | (std::uint64_t{0x1FF} << 9),
    kHonourKinds | (std::uint64_t{0x1FF} << 18)};
constexpr std::array<std::uint16_t, 4> kMaskedPlans = {kPlanTanyao, kPlanHonitsu, kPlanHonitsu << 1,
                                                       kPlanHonitsu << 2};

// The hand with the kinds of masked plan `i` (kPlanKeeps[i]) only: the others set to 0.
Counts masked(const Counts& hand, std::size_t i) {
  Counts c = hand;
  const auto clear = [&c](int first, int last) {
    std::fill(c.begin() + first, c.begin() + last + 1, std::uint8_t{0});
  };
  if (i == 0) {  // tanyao: no terminal, no honour
    for (int k : {0, 8, 9, 17, 18, 26}) c[static_cast<std::size_t>(k)] = 0;
    clear(27, 33);
  } else {  // honitsu of suit i - 1: the other two suits out
    for (int s = 0; s < 3; ++s)
      if (static_cast<std::size_t>(s) != i - 1) clear(9 * s, 9 * s + 8);
  }
  return c;
}

}  // namespace

PlanShanten::PlanShanten(const Counts& hand, std::uint16_t plans, bool closed, const HandView& v)
    : hand_(hand), v_(v), plans_(plans), closed_(closed), tiles_(tile_total(hand)) {
  if (plans & kPlanFree) {
    free_ = detail::HandShanten(hand);
    return;
  }
  for (std::size_t i = 0; i < kMaskedPlans.size(); ++i)
    if (plans & kMaskedPlans[i]) masked_[i] = detail::PartClasses(masked(hand, i));
  if (plans & kPlanToitoi) {
    const std::uint64_t two = kinds_at_least(hand, 2), three = kinds_at_least(hand, 3);
    pungs_ = mask_size(three);
    pairs_ = mask_size(two & ~three);
  }
  if (!(plans & kPlanYakuhai)) return;
  for (int k = 27; k < kNumKinds; ++k) {
    const int n = hand[static_cast<std::size_t>(k)];
    if (!yakuhai_candidate(v, k, n)) continue;
    Counts rest = hand;
    rest[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(n >= 3 ? n - 3 : 0);
    honours_[static_cast<std::size_t>(num_honours_++)] =
        Honour{k, n >= 3 ? 2 : 1, detail::PartClasses(rest)};
  }
}

template <typename F>
void PlanShanten::for_each_plan(int kind, int delta, F&& f) const {
  if (kind < 0) delta = 0;
  const int n = kind >= 0 ? hand_[static_cast<std::size_t>(kind)] : 0;
  const int blocks = (tiles_ + delta) / 3;
  for (std::size_t i = 0; i < kMaskedPlans.size(); ++i) {
    if (!(plans_ & kMaskedPlans[i])) continue;
    const bool moved = delta != 0 && (kPlanKeeps[i] >> kind & 1);
    if (f(std::countr_zero(kMaskedPlans[i]),
          2 * blocks -
              (moved ? masked_[i].value_with(kind, delta, blocks) : masked_[i].value(blocks))))
      return;
  }
  if (plans_ & kPlanToitoi) {
    const int now = n + delta;
    const int pungs = pungs_ - (n >= 3) + (now >= 3), pairs = pairs_ - (n == 2) + (now == 2);
    if (f(std::countr_zero(static_cast<unsigned>(kPlanToitoi)),
          toitoi_shanten(pungs, pairs, blocks)))
      return;
  }
  if (plans_ & kPlanYakuhai)
    f(std::countr_zero(static_cast<unsigned>(kPlanYakuhai)), yakuhai(kind, delta, blocks));
}

int PlanShanten::with(int kind, int delta) const {
  if (plans_ & kPlanFree) {
    if (kind < 0 || delta == 0) return closed_ ? free_.shanten() : free_.standard();
    return free_.shanten_with(kind, delta, hand_[static_cast<std::size_t>(kind)], closed_);
  }
  int best = 99;
  for_each_plan(kind, delta, [&](int, int shanten) {
    best = std::min(best, shanten);
    return false;
  });
  return best;
}

bool PlanShanten::added_below(int kind, int bound) const {
  if (plans_ & kPlanFree) return with(kind, 1) < bound;
  bool below = false;
  for_each_plan(kind, 1, [&](int, int shanten) {
    below = shanten < bound;
    return below;
  });
  return below;
}

std::uint64_t PlanShanten::added_below_mask(std::uint64_t kinds, int bound) const {
  std::uint64_t below = 0;
  if (plans_ & kPlanFree) {
    for (std::uint64_t m = kinds; m; m &= m - 1)
      if (with(std::countr_zero(m), 1) < bound) below |= m & -m;
    return below;
  }
  const int blocks = (tiles_ + 1) / 3;
  const auto add_if_below = [&](int extra) {
    return [&, extra](int kind, int value) {
      if (2 * blocks - extra - value < bound) below |= std::uint64_t{1} << kind;
    };
  };
  for (std::size_t i = 0; i < kMaskedPlans.size(); ++i) {
    if (!(plans_ & kMaskedPlans[i])) continue;
    // A kind the plan does not keep leaves its masked part as it is.
    if (2 * blocks - masked_[i].value(blocks) < bound) below |= kinds & ~kPlanKeeps[i];
    masked_[i].for_each_added(kinds & kPlanKeeps[i] & ~below, blocks, add_if_below(0));
  }
  if (plans_ & kPlanToitoi) {
    // A single becomes a pair, a pair a pung; any other count leaves pungs and pairs as they are.
    const std::uint64_t one = kinds_at_least(hand_, 1), two = kinds_at_least(hand_, 2),
                        three = kinds_at_least(hand_, 3);
    const std::uint64_t singles = one & ~two, pairs = two & ~three;
    if (toitoi_shanten(pungs_, pairs_, blocks) < bound) below |= kinds & ~singles & ~pairs;
    if (toitoi_shanten(pungs_, pairs_ + 1, blocks) < bound) below |= kinds & singles;
    if (toitoi_shanten(pungs_ + 1, pairs_ - 1, blocks) < bound) below |= kinds & pairs;
  }
  if ((plans_ & kPlanYakuhai) && blocks > 0) {
    for (int i = 0; i < num_honours_; ++i) {
      const Honour& h = honours_[static_cast<std::size_t>(i)];
      const std::uint64_t others = kinds & ~below & ~(std::uint64_t{1} << h.kind);
      h.rest.for_each_added(others, blocks - 1, add_if_below(h.set));
    }
    // An honour with its new count (a new pair, a pair become a pung).
    for (std::uint64_t m = kinds & ~below & kHonourKinds; m; m &= m - 1) {
      const int k = std::countr_zero(m);
      const int n = hand_[static_cast<std::size_t>(k)] + 1;
      if (!yakuhai_candidate(v_, k, n)) continue;
      Counts rest = hand_;
      rest[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(n >= 3 ? n - 3 : 0);
      if (2 * blocks - (n >= 3 ? 2 : 1) - block_value(rest, blocks - 1) < bound) below |= m & -m;
    }
  }
  return below;
}

void PlanShanten::lower_by_plan(int kind, int delta, std::array<int, kPlanBits>& best) const {
  for_each_plan(kind, delta, [&](int bit, int shanten) {
    auto& b = best[static_cast<std::size_t>(bit)];
    b = std::min(b, shanten);
    return false;
  });
}

// A value honour held as a pair or pung becomes one of the sets; the rest of the hand makes the
// other blocks. Honours other than `kind` keep their rest's classes; `kind` itself, when an
// honour, is looked at again with its new count.
int PlanShanten::yakuhai(int kind, int delta, int blocks) const {
  if (blocks == 0) return 99;
  int best = 99;
  for (int i = 0; i < num_honours_; ++i) {
    const Honour& h = honours_[static_cast<std::size_t>(i)];
    if (delta != 0 && h.kind == kind) continue;
    const int value =
        delta != 0 ? h.rest.value_with(kind, delta, blocks - 1) : h.rest.value(blocks - 1);
    best = std::min(best, 2 * blocks - h.set - value);
  }
  if (delta != 0 && kind >= 27) {
    const int n = hand_[static_cast<std::size_t>(kind)] + delta;
    if (yakuhai_candidate(v_, kind, n)) {
      Counts rest = hand_;
      rest[static_cast<std::size_t>(kind)] = static_cast<std::uint8_t>(n >= 3 ? n - 3 : 0);
      best = std::min(best, 2 * blocks - (n >= 3 ? 2 : 1) - block_value(rest, blocks - 1));
    }
  }
  return best;
}

HandView read_view(const Observation& obs, bool red_fives) {
  Rules rules;  // four players: only the red fives matter
  rules.red_fives = red_fives;
  return read_view(obs, rules);
}

HandView read_view(const Observation& obs, const Rules& rules) {
  const bool red_fives = rules.red_fives;
  HandView v;
  for (std::uint8_t id : obs.concealed) ++v.hand[id / 4];
  if (obs.drawn >= 0 && obs.concealed.size() % 3 != 2)
    ++v.hand[static_cast<std::size_t>(obs.drawn / 4)];
  if (red_fives)
    for (std::uint8_t id : obs.concealed)
      if (is_red_id(id)) ++v.red_fives, v.red_kinds |= std::uint64_t{1} << (id / 4);
  v.tiles = tile_total(v.hand);
  v.visible = obs.visible;  // kept by the Round (count_visible), not recounted per decision
  for (std::uint8_t ind : obs.dora_indicators)
    ++v.dora[static_cast<std::size_t>(dora_in_play(ind / 4, rules))];
  for (const MeldInfo& m : obs.melds[static_cast<std::size_t>(obs.seat)]) {
    if (v.num_melds >= 4) break;
    const auto i = static_cast<std::size_t>(v.num_melds++);
    v.own_melds[i] = static_cast<std::uint8_t>(m.type);
    v.own_meld_kinds[i] = static_cast<std::uint8_t>(meld_base_kind(m));
    v.open = v.open || m.type != MeldType::kAnkan;
    for (int t = 0; t < m.size(); ++t) {
      const int id = m.ids[static_cast<std::size_t>(t)];
      v.meld_dora += v.dora[static_cast<std::size_t>(id / 4)];
      if (red_fives) v.red_fives += is_red_id(id);
    }
  }
  // Three players: 2m-8m are out of the game (all four copies counted as seen, so that none is
  // unseen; the nukidora set aside are in obs.visible).
  const WallShape shape = wall_shape(rules);
  for (int k = 1; k < 8; ++k)
    if (!shape.in_play(4 * k)) v.visible[static_cast<std::size_t>(k)] = 4;
  for (std::uint8_t& x : v.visible) x = std::min<std::uint8_t>(x, 4);
  v.players = rules.players;
  v.seat_wind = 27 + (obs.seat - obs.dealer + rules.players) % rules.players;
  v.round_wind = 27 + obs.round_wind % 4;
  return v;
}

std::uint16_t available_plans(const HandView& v, const Rules& rules, int extra_type,
                              int extra_kind) {
  const int n = v.num_melds + (extra_type >= 0 ? 1 : 0);
  const bool open = v.open || (extra_type >= 0 && extra_type != static_cast<int>(MeldType::kAnkan));
  if (!open) return kPlanFree;
  bool simples = rules.open_tanyao, pungs = true;
  bool suit_ok[3] = {true, true, true};
  for (int i = 0; i < n; ++i) {
    const bool extra = i == v.num_melds;
    const auto type =
        static_cast<MeldType>(extra ? extra_type : v.own_melds[static_cast<std::size_t>(i)]);
    const int kind = extra ? extra_kind : v.own_meld_kinds[static_cast<std::size_t>(i)];
    const bool chi = type == MeldType::kChi;
    if (!chi && is_value_honor(v, kind)) return kPlanFree;  // a yakuhai set is declared
    pungs = pungs && !chi;
    simples = simples && is_simple(kind) && (!chi || is_simple(kind + 2));
    for (int s = 0; s < 3; ++s) suit_ok[s] = suit_ok[s] && (is_honor(kind) || kind / 9 == s);
  }
  std::uint16_t plans = kPlanYakuhai;
  if (simples) plans |= kPlanTanyao;
  if (pungs) plans |= kPlanToitoi;
  for (int s = 0; s < 3; ++s)
    if (suit_ok[s]) plans |= static_cast<std::uint16_t>(kPlanHonitsu << s);
  return plans;
}

int plan_shanten(const Counts& hand, std::uint16_t plans, bool closed, const HandView& v) {
  return PlanShanten(hand, plans, closed, v).now();
}

int plan_ukeire(const Counts& hand, std::uint16_t plans, bool closed, const HandView& v,
                int shanten_now, int discarded) {
  if (plans & kPlanFree) {
    Counts seen = v.visible;
    if (discarded >= 0) ++seen[static_cast<std::size_t>(discarded)];
    return ukeire_total(hand, &seen);
  }
  const PlanShanten plan(hand, plans, closed, v);
  // Only a kind touching the hand can lower any plan's shanten (a masked part, the rest beside
  // a yakuhai pair, a toitoi pair are all made of held tiles).
  std::array<int, kNumKinds> left;
  std::uint64_t drawable = 0;
  for (std::uint64_t m = touching_kinds(kinds_at_least(hand, 1)); m; m &= m - 1) {
    const int k = std::countr_zero(m);
    const auto ki = static_cast<std::size_t>(k);
    left[ki] = 4 - hand[ki] - v.visible[ki] - (k == discarded ? 1 : 0);
    if (left[ki] > 0) drawable |= m & -m;
  }
  int total = 0;
  for (std::uint64_t m = plan.added_below_mask(drawable, shanten_now); m; m &= m - 1)
    total += left[static_cast<std::size_t>(std::countr_zero(m))];
  return total;
}

namespace {

// keep_value's body, inlined into discard_shanten (a call per discard kind otherwise). A suited
// tile's base: 2 for a terminal, 3 for a 2 or 8, 4 for 3-7.
constexpr std::array<std::uint8_t, 27> kSuitKeep = {2, 3, 4, 4, 4, 4, 4, 3, 2, 2, 3, 4, 4, 4,
                                                    4, 4, 3, 2, 2, 3, 4, 4, 4, 4, 4, 3, 2};

[[gnu::always_inline]] inline int keep_of(const HandView& v, int kind) {
  const auto k = static_cast<std::size_t>(kind);
  int value;
  if (is_honor(kind)) {
    value = is_value_honor(v, kind) ? 1 : 0;
    if (unseen(v, kind) == 0 && v.hand[k] < 3) value -= 1;  // a dead honour
  } else {
    value = kSuitKeep[k];
  }
  if (v.hand[k] == 1 && (v.red_kinds >> kind & 1)) value += 5;  // the only copy is red
  return value + 5 * v.dora[k];
}

}  // namespace

int keep_value(const HandView& v, int kind) { return keep_of(v, kind); }

int discard_shanten(const HandView& v, std::uint16_t plans, std::uint64_t kinds_mask,
                    std::span<DiscardEval, kNumKinds> out) {
  const bool closed = !v.open;
  int n = 0;
  const auto add = [&](int kind, int shanten) {
    out[static_cast<std::size_t>(n++)] = DiscardEval{kind, shanten, 0, keep_of(v, kind)};
  };
  const std::uint64_t kinds = kinds_mask & kinds_at_least(v.hand, 1);
  if (plans & kPlanFree) {  // PlanShanten's free plan without its dispatch
    const int tiles = tile_total(v.hand) - 1, blocks = tiles / 3;
    // Seven pairs and thirteen orphans after the discard depend only on how many copies of
    // the kind were held (1, 2, 3 or more) and whether it is a terminal or an honour.
    std::array<std::array<int, 2>, 3> other;
    for (auto& o : other) o.fill(99);
    if (closed && tiles >= 13) {
      const std::uint64_t held = kinds_at_least(v.hand, 1), pairs = kinds_at_least(v.hand, 2);
      const int kinds = mask_size(held), pair_kinds = mask_size(pairs);
      const int yaochuu = mask_size(held & kYaochuuMask),
                yaochuu_pairs = mask_size(pairs & kYaochuuMask);
      for (int n = 0; n < 3; ++n)
        for (int y = 0; y < 2; ++y) {
          const int lost_kind = n == 0, lost_pair = n == 1;
          const int k = kinds - lost_kind, p = pair_kinds - lost_pair;
          const int yk = yaochuu - (y ? lost_kind : 0), yp = yaochuu_pairs - (y ? lost_pair : 0);
          const int chiitoitsu = 6 - p + (k < 7 ? 7 - k : 0);
          const int kokushi = 13 - yk - (yp > 0 ? 1 : 0);
          other[static_cast<std::size_t>(n)][static_cast<std::size_t>(y)] =
              std::min(chiitoitsu, kokushi);
        }
    }
    detail::PartClasses(v.hand).for_each_moved(kinds, -1, blocks, [&](int k, int value) {
      const int n = std::min<int>(v.hand[static_cast<std::size_t>(k)], 3) - 1;
      add(k,
          std::min(2 * blocks - value, other[static_cast<std::size_t>(n)][kYaochuuMask >> k & 1]));
    });
  } else {
    const PlanShanten full(v.hand, plans, closed, v);
    for (std::uint64_t m = kinds; m; m &= m - 1) {
      const int k = std::countr_zero(m);
      add(k, full.with(k, -1));
    }
  }
  return n;
}

int rank_discards(const HandView& v, std::uint16_t plans, std::span<DiscardEval, kNumKinds> out,
                  int n) {
  const bool closed = !v.open;
  // The lowest shanten, its discards (bit per kind) and the last of them, in one pass.
  int min_shanten = 99, best = -1;
  std::uint64_t tied = 0;
  for (int i = 0; i < n; ++i) {
    const DiscardEval& e = out[static_cast<std::size_t>(i)];
    if (e.shanten > min_shanten) continue;
    if (e.shanten < min_shanten) min_shanten = e.shanten, tied = 0;
    tied |= std::uint64_t{1} << e.kind;
    best = i;
  }
  // One candidate short of tenpai: nothing to compare, no effective tiles needed.
  if (mask_size(tied) == 1 && min_shanten > 0) return best;
  // The free plan (every shape): the effective tiles of all tied discards in one pass.
  std::array<int, kNumKinds> free_ukeire;
  if (plans & kPlanFree) ukeire_after_discards(v.hand, v.visible, tied, min_shanten, free_ukeire);
  Counts c = v.hand;
  best = -1;
  for (int i = 0; i < n; ++i) {
    DiscardEval& e = out[static_cast<std::size_t>(i)];
    if (e.shanten != min_shanten) continue;
    const auto ki = static_cast<std::size_t>(e.kind);
    if (plans & kPlanFree) {
      e.ukeire = free_ukeire[ki];
    } else {
      --c[ki];
      e.ukeire = plan_ukeire(c, plans, closed, v, e.shanten, e.kind);
      ++c[ki];
    }
    if (best < 0) {
      best = i;
      continue;
    }
    const DiscardEval& b = out[static_cast<std::size_t>(best)];
    if (e.ukeire > b.ukeire || (e.ukeire == b.ukeire && e.keep < b.keep)) best = i;
  }
  return best;
}

int evaluate_discards(const HandView& v, std::uint16_t plans, std::uint64_t kinds_mask,
                      std::span<DiscardEval, kNumKinds> out, int& best) {
  const int n = discard_shanten(v, plans, kinds_mask, out);
  best = rank_discards(v, plans, out, n);
  return n;
}

const Action* free_kita(std::span<const Action> legal, std::span<const DiscardEval> evals, int n,
                        int best) {
  if (best < 0) return nullptr;
  for (const Action& a : legal) {
    if (a.type != ActionType::kKita) continue;
    for (int i = 0; i < n; ++i) {
      const DiscardEval& e = evals[static_cast<std::size_t>(i)];
      if (e.kind == kNorth && e.shanten <= evals[static_cast<std::size_t>(best)].shanten) return &a;
    }
  }
  return nullptr;
}

const Action* pick_copy(std::span<const Action> legal, ActionType type, int kind, bool red_fives) {
  const Action* pick = nullptr;
  int pick_cost = 99;
  for (const Action& a : legal) {
    if (a.type != type || a.tile < 0 || a.tile / 4 != kind) continue;
    const int cost = (red_fives && is_red_id(a.tile) ? 2 : 0) + (a.tsumogiri ? 0 : 1);
    if (cost < pick_cost) pick = &a, pick_cost = cost;
  }
  return pick;
}

std::uint64_t action_kinds(std::span<const Action> legal, ActionType type) {
  std::uint64_t mask = 0;
  for (const Action& a : legal)
    if (a.type == type && a.tile >= 0) mask |= std::uint64_t{1} << (a.tile / 4);
  return mask;
}

}  // namespace riichi::bots
