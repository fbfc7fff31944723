#include "eval/danger_reading.hpp"

#include <algorithm>
#include <cstddef>

#include "riichi/dora.hpp"

namespace riichi::eval {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The seat that called `id` from `from` (its meld holds the id first), -1 if none.
int caller_of(const Observation& obs, int from, int id) {
  for (int s = 0; s < 4; ++s) {
    if (s == from) continue;
    for (const MeldInfo& m : obs.melds[at(s)])
      if (m.from == from && m.type != MeldType::kAnkan && m.ids[0] == id) return s;
  }
  return -1;
}

void fallback_order(const Observation& obs, DiscardOrder& out) {
  out.size = 0;
  out.rebuilt = false;
  std::size_t longest = 0;
  for (const auto& ds : obs.discards) longest = std::max(longest, ds.size());
  for (std::size_t j = 0; j < longest; ++j)
    for (int off = 0; off < 4; ++off) {
      const int s = (obs.dealer + off) % 4;
      if (j < obs.discards[at(s)].size() && out.size < kMaxOrderedDiscards)
        out.refs[at(out.size++)] = {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(j)};
    }
}

// Kinds 3 away in the same suit (the suji partners of a suited kind).
std::uint64_t suji_partners(int kind) {
  if (!is_suited(kind)) return 0;
  std::uint64_t m = 0;
  const int n = number_of(kind);
  if (n >= 4) m |= kind_bit(kind - 3);
  if (n <= 6) m |= kind_bit(kind + 3);
  return m;
}

void read_melds(const Observation& obs, const TableReading& t, bool red_fives, OpponentReading& o) {
  const auto& melds = obs.melds[at(o.seat)];
  o.melds = static_cast<int>(melds.size());
  o.all_pungs = o.all_simples = !melds.empty();
  for (const MeldInfo& m : melds) {
    if (m.type != MeldType::kAnkan) o.open = true;
    const int kind = m.ids[0] / 4;
    if (m.type == MeldType::kChi) o.all_pungs = false;
    for (int i = 0; i < m.size(); ++i)
      if (is_yaochuu(m.ids[at(i)] / 4)) o.all_simples = false;
    if (is_suited(kind)) o.meld_suits |= static_cast<std::uint8_t>(1u << (kind / 9));
    if (m.type != MeldType::kChi && (o.value_honors & kind_bit(kind))) ++o.value_pungs;
    for (int i = 0; i < m.size(); ++i) {
      const int id = m.ids[at(i)];
      o.meld_dora += t.dora[at(id / 4)] + (red_fives && is_red_id(id) ? 1 : 0);
    }
  }
}

void read_discards(const Observation& obs, const TableReading& t, bool red_fives,
                   OpponentReading& o) {
  const auto& ds = obs.discards[at(o.seat)];
  o.discards = static_cast<int>(ds.size());
  for (std::size_t j = 0; j < ds.size(); ++j) {
    const DiscardInfo& d = ds[j];
    const int kind = d.id / 4;
    o.own_discards |= kind_bit(kind);
    if (d.riichi && o.riichi_index < 0) {
      o.riichi_index = static_cast<int>(j);
      o.riichi_tsumogiri = d.tsumogiri;
      o.riichi_kind = kind;
      if (!d.tsumogiri) o.riichi_suji = suji_partners(kind);
      continue;
    }
    if (o.riichi_index >= 0) continue;  // after the declaration: tsumogiri by rule
    if (d.tsumogiri) {
      o.tsumogiri_pre |= kind_bit(kind);
    } else {
      (j < 6 ? o.early_tedashi : o.late_tedashi) |= kind_bit(kind);
      o.suji_of_discards |= suji_partners(kind);
      if (is_suited(kind)) ++o.suit_tedashi[at(kind / 9)];
    }
    if (red_fives && is_red_id(d.id))
      o.red_discarded |= static_cast<std::uint8_t>(1u << (kind / 9));
  }
  o.late_tedashi &= ~o.early_tedashi;
  for (std::size_t j = ds.size(); j-- > 0 && ds[j].tsumogiri;) ++o.tsumogiri_streak;
  if (!ds.empty() && !ds.back().tsumogiri) {
    const int k = ds.back().id / 4;
    o.last_tedashi_middle = is_suited(k) && number_of(k) >= 3 && number_of(k) <= 7;
  }
  for (std::size_t j = ds.size() >= 3 ? ds.size() - 3 : 0; j < ds.size(); ++j) {
    const int k = ds[j].id / 4;
    if (!ds[j].tsumogiri &&
        (t.dora[at(k)] || (o.value_honors & kind_bit(k)) || (red_fives && is_red_id(ds[j].id))))
      o.recent_value_cut = true;
  }
}

// Pushes against another seat's riichi (the first one declared), and the discards made since
// its latest call.
void read_pushes(const Observation& obs, const DiscardOrder& order,
                 const std::array<int, 4>& riichi_pos, OpponentReading& o) {
  int rs = -1;
  for (int s = 0; s < 4; ++s)
    if (s != o.seat && riichi_pos[at(s)] >= 0 && (rs < 0 || riichi_pos[at(s)] < riichi_pos[at(rs)]))
      rs = s;
  std::uint64_t safe = 0;
  o.facing_riichi = rs >= 0;
  if (rs >= 0)
    for (const DiscardInfo& d : obs.discards[at(rs)]) safe |= kind_bit(d.id / 4);
  int last_call = -1;
  for (int p = 0; p < order.size; ++p) {
    const DiscardRef r = order.refs[at(p)];
    const DiscardInfo& d = obs.discards[r.seat][r.index];
    if (d.called && caller_of(obs, r.seat, d.id) == o.seat) last_call = p;
    if (rs < 0 || p <= riichi_pos[at(rs)]) continue;
    const int kind = d.id / 4;
    if (r.seat == o.seat && !(safe & kind_bit(kind))) ++(d.tsumogiri ? o.pushes_drawn : o.pushes);
    safe |= kind_bit(kind);
  }
  if (last_call < 0) return;
  o.discards_since_call = 0;
  for (int p = last_call + 1; p < order.size; ++p)
    if (order.refs[at(p)].seat == o.seat) ++o.discards_since_call;
}

// Genbutsu and riichi order from the discards in time order.
void read_order(const Observation& obs, const DiscardOrder& order,
                std::array<OpponentReading, 3>& opps) {
  std::array<int, 4> last_pos{-1, -1, -1, -1}, riichi_pos{-1, -1, -1, -1};
  for (int p = 0; p < order.size; ++p) {
    const DiscardRef r = order.refs[at(p)];
    last_pos[r.seat] = p;
    if (obs.discards[r.seat][r.index].riichi && riichi_pos[r.seat] < 0) riichi_pos[r.seat] = p;
  }
  for (OpponentReading& o : opps) {
    o.genbutsu = o.own_discards;
    int from = last_pos[at(o.seat)];
    const int rp = riichi_pos[at(o.seat)];
    if (o.riichi && rp >= 0) from = std::min(from, rp);
    if (from >= 0)
      for (int p = from + 1; p < order.size; ++p) {
        const DiscardRef r = order.refs[at(p)];
        o.genbutsu |= kind_bit(obs.discards[r.seat][r.index].id / 4);
      }
    for (int s = 0; s < 4; ++s)
      if (s != o.seat && rp >= 0 && riichi_pos[at(s)] >= 0 && riichi_pos[at(s)] < rp)
        o.chasing_riichi = true;
    read_pushes(obs, order, riichi_pos, o);
  }
}

void count_tiles(const Observation& obs, const Rules& rules, TableReading& t) {
  const bool red_fives = rules.red_fives;
  const WallShape shape = wall_shape(rules);
  std::array<bool, 3> red_seen{};
  auto see = [&](int id) {
    ++t.visible[at(id / 4)];
    if (red_fives && is_red_id(id)) red_seen[at(id / 36)] = true;
  };
  for (int id : obs.concealed) {
    see(id);
    ++t.own[at(id / 4)];
  }
  for (int s = 0; s < 4; ++s) {
    for (const DiscardInfo& d : obs.discards[at(s)])
      if (!d.called) see(d.id);
    for (const MeldInfo& m : obs.melds[at(s)])
      for (int i = 0; i < m.size(); ++i) see(m.ids[at(i)]);
  }
  for (int s = 0; s < 4; ++s)  // three players: the nukidora set aside are public
    t.visible[at(kNorth)] = static_cast<std::uint8_t>(t.visible[at(kNorth)] + obs.kita[at(s)]);
  for (int id : obs.dora_indicators) {
    see(id);
    const int dk = dora_in_play(id / 4, rules);
    ++t.dora[at(dk)];
    t.dora_kinds |= kind_bit(dk);
  }
  for (int k = 0; k < kNumKinds; ++k) {
    const int copies = shape.in_play(4 * k) ? 4 : 0;  // three players: no 2m-8m
    const int v = std::min<int>(copies, t.visible[at(k)]);
    t.visible[at(k)] = static_cast<std::uint8_t>(v);
    t.unseen[at(k)] = static_cast<std::uint8_t>(copies - v);
    t.unseen_total += copies - v;
  }
  if (red_fives)
    for (int suit = 0; suit < 3; ++suit)
      if (!red_seen[at(suit)]) {
        ++t.unseen_red;
        t.red_unseen_suits |= static_cast<std::uint8_t>(1u << suit);
      }
}

}  // namespace

void order_discards(const Observation& obs, DiscardOrder& out, int players) {
  out.size = 0;
  out.rebuilt = true;
  int total = 0;
  for (const auto& ds : obs.discards) total += static_cast<int>(ds.size());
  std::array<std::size_t, 4> next{};
  int cur = ((obs.dealer % 4) + 4) % 4;
  while (out.size < total && out.size < kMaxOrderedDiscards) {
    const auto& ds = obs.discards[at(cur)];
    if (next[at(cur)] >= ds.size()) break;
    const DiscardInfo& d = ds[next[at(cur)]];
    out.refs[at(out.size++)] = {static_cast<std::uint8_t>(cur),
                                static_cast<std::uint8_t>(next[at(cur)]++)};
    const int caller = d.called ? caller_of(obs, cur, d.id) : -1;
    cur = caller >= 0 ? caller : (cur + 1) % players;
  }
  if (out.size < total) fallback_order(obs, out);
}

void read_table(const Observation& obs, const Rules& rules, TableReading& t) {
  t = TableReading{};
  t.seat = obs.seat;
  t.round_wind = obs.round_wind;
  t.live_tiles_left = obs.live_tiles_left;
  t.honba = obs.honba;
  t.indicators = static_cast<int>(obs.dora_indicators.size());
  count_tiles(obs, rules, t);
  const int players = rules.players;
  for (int i = 0; i < 3; ++i) {
    OpponentReading& o = t.opponents[at(i)];
    // Three players: the two opponents in turn order, then the empty seat 3 (absent).
    o.present = i < players - 1;
    o.seat = o.present ? (obs.seat + 1 + i) % players : 3;
    o.seat_wind = (o.seat - obs.dealer + 2 * players) % players;
    o.riichi = obs.riichi[at(o.seat)];
    o.concealed = obs.concealed_count[at(o.seat)];
    o.value_honors = kind_bit(kWhite) | kind_bit(kGreen) | kind_bit(kRed) |
                     kind_bit(kEast + o.seat_wind) | kind_bit(kEast + (obs.round_wind & 3));
    read_discards(obs, t, rules.red_fives, o);
    read_melds(obs, t, rules.red_fives, o);
  }
  DiscardOrder order;
  order_discards(obs, order, players);
  read_order(obs, order, t.opponents);
}

}  // namespace riichi::eval
