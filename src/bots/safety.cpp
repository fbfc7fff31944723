#include "bots/safety.hpp"

#include <algorithm>

namespace riichi::bots {

namespace {

constexpr std::uint64_t bit(int kind) { return std::uint64_t{1} << kind; }

// Seats after the dealer (the seat wind: 0 East ... over v.players seats).
int seat_offset(const Observation& obs, const HandView& v, int seat) {
  return (seat - obs.dealer + v.players) % v.players;
}

// An open hand that looks ready and valuable: 3+ melds, or 2+ melds of one suit with honours
// showing a dora or a value-honour pung.
bool open_threat(const Observation& obs, const HandView& v, int seat) {
  const auto& melds = obs.melds[static_cast<std::size_t>(seat)];
  if (melds.size() >= 3) return true;
  if (melds.size() < 2) return false;
  const int wind = 27 + seat_offset(obs, v, seat);
  int suit = -1, dora = 0;
  bool one_suit = true, value_pung = false;
  for (const MeldInfo& m : melds) {
    for (int i = 0; i < m.size(); ++i) {
      const int k = m.ids[static_cast<std::size_t>(i)] / 4;
      dora += v.dora[static_cast<std::size_t>(k)];
      if (is_honor(k)) {
        value_pung = value_pung || is_dragon(k) || k == wind || k == v.round_wind;
        continue;
      }
      if (suit < 0) suit = k / 9;
      one_suit = one_suit && k / 9 == suit;
    }
  }
  return one_suit && (dora > 0 || value_pung);
}

}  // namespace

SafetyModel::SafetyModel(const Observation& obs, const HandView& v) {
  for (int p = 0; p < 4; ++p) {
    if (p == obs.seat || !may_threaten(obs, p)) continue;
    const auto pi = static_cast<std::size_t>(p);
    Threat t;
    t.seat = p;
    t.seat_wind = 27 + seat_offset(obs, v, p);
    t.riichi = obs.riichi[pi];
    t.weight = t.riichi ? kRiichiWeight : open_threat(obs, v, p) ? kOpenWeight : 0;
    if (t.weight == 0) continue;
    const auto& own = obs.discards[pi];
    int riichi_at = -1;
    for (std::size_t j = 0; j < own.size(); ++j) {
      t.genbutsu |= bit(own[j].id / 4);
      if (own[j].riichi && riichi_at < 0) riichi_at = static_cast<int>(j);
    }
    if (t.riichi && riichi_at >= 0) {
      // Discards after the riichi that the threat let pass (riichi furiten).
      const int when = riichi_at * 4 + seat_offset(obs, v, p);
      for (int q = 0; q < 4; ++q) {
        if (q == p) continue;
        const auto& ds = obs.discards[static_cast<std::size_t>(q)];
        for (std::size_t j = 0; j < ds.size(); ++j)
          if (static_cast<int>(j) * 4 + seat_offset(obs, v, q) > when)
            t.genbutsu |= bit(ds[j].id / 4);
      }
    }
    threats_[static_cast<std::size_t>(num_threats_++)] = t;
  }
  if (num_threats_ == 0) return;  // danger() is never asked
  for (std::size_t k = 0; k < seen_.size(); ++k)
    seen_[k] = static_cast<std::uint8_t>(std::min(4, v.hand[k] + v.visible[k]));
  dora_ = v.dora;
  round_wind_ = v.round_wind;
}

bool SafetyModel::riichi_threat() const {
  for (int i = 0; i < num_threats_; ++i)
    if (threats_[static_cast<std::size_t>(i)].riichi) return true;
  return false;
}

int SafetyModel::danger(int i, int kind) const {
  const Threat& t = threats_[static_cast<std::size_t>(i)];
  if (t.genbutsu & bit(kind)) return 0;
  const int seen = seen_[static_cast<std::size_t>(kind)];
  int d;
  if (is_honor(kind)) {
    d = seen >= 3 ? 1 : seen == 2 ? 3 : seen == 1 ? 6 : 8;
    if (seen <= 1 && (is_dragon(kind) || kind == t.seat_wind || kind == round_wind_)) ++d;
  } else {
    const int n = number_of(kind);
    auto gone = [&](int k) { return seen_[static_cast<std::size_t>(k)] >= 4; };
    auto safe = [&](int k) { return (t.genbutsu & bit(k)) != 0; };
    // Two-sided waits on `kind`: (n-2, n-1) when n >= 4, (n+1, n+2) when n <= 6.
    const bool low_dead = n < 4 || safe(kind - 3) || gone(kind - 1) || gone(kind - 2);
    const bool high_dead = n > 6 || safe(kind + 3) || gone(kind + 1) || gone(kind + 2);
    const int edge = std::min(n, 10 - n);  // 1 for 1/9, 2 for 2/8, 3 for 3/7, 4+ for 4-6
    if (low_dead && high_dead)
      d = edge == 1 ? 2 : edge == 2 ? 3 : 4;
    else if (edge >= 4 && (low_dead || high_dead))
      d = 7;
    else
      d = edge == 1 ? 6 : edge == 2 ? 8 : edge == 3 ? 9 : 10;
  }
  if (seen >= 3) d = std::max(0, d - 1);
  if (dora_[static_cast<std::size_t>(kind)]) d += 2;
  return d;
}

int SafetyModel::total_danger(int kind) const {
  int sum = 0;
  for (int i = 0; i < num_threats_; ++i)
    sum += threats_[static_cast<std::size_t>(i)].weight * danger(i, kind);
  return sum;
}

}  // namespace riichi::bots
