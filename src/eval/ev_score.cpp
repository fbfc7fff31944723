// Points of a win in the hand-value model: the rules' own score(), and for a riichi win the
// expectation over the ura indicators (MODEL.md §3: drawn from the wall of the state, the han
// of each count added to the same reading, fu kept, limits applied).
#include <algorithm>

#include "eval/ev_graph.hpp"
#include "riichi/decompose.hpp"
#include "riichi/dora.hpp"
#include "riichi/fu.hpp"
#include "riichi/round.hpp"
#include "riichi/yaku.hpp"

namespace riichi::eval::detail {

namespace {

double choose(int n, int r) {
  if (r < 0 || r > n) return 0;
  double v = 1;
  for (int i = 1; i <= r; ++i) v = v * (n - r + i) / i;
  return v;
}

inline constexpr int kMaxUra = 12;

// Probability of each ura count 0..12 when `indicators` tiles are drawn from `wall` (by kind),
// each indicator adding the copies of its dora held (`held`, melds included).
std::array<double, kMaxUra + 1> ura_distribution(const Counts& wall, const Counts& held,
                                                 int indicators, const Rules& rules) {
  std::array<double, kMaxUra + 1> p{};
  int tiles = 0;
  for (int ind = 0; ind < kNumKinds; ++ind) tiles += wall[ind];
  if (tiles < indicators) return p;
  if (indicators == 1) {  // the common case: one indicator, one kind
    for (int ind = 0; ind < kNumKinds; ++ind)
      p[std::min(kMaxUra, int{held[dora_in_play(ind, rules)]})] += wall[ind];
    for (double& x : p) x /= tiles;
    return p;
  }
  // ways[n][u]: ways to pick n indicators among the kinds so far giving u ura (capped at 12);
  // updated in place, n descending, so that each kind is taken once.
  std::array<std::array<double, kMaxUra + 1>, 6> ways{};
  ways[0][0] = 1;
  for (int ind = 0; ind < kNumKinds; ++ind) {
    const int count = wall[ind];
    if (count == 0) continue;
    const int gain = held[dora_in_play(ind, rules)];
    for (int n = indicators - 1; n >= 0; --n)
      for (int u = kMaxUra; u >= 0; --u) {
        if (ways[n][u] == 0) continue;
        for (int take = 1; take <= std::min(count, indicators - n); ++take)
          ways[n + take][std::min(kMaxUra, u + gain * take)] += ways[n][u] * choose(count, take);
      }
  }
  const double all = choose(tiles, indicators);
  for (int u = 0; u <= kMaxUra; ++u) p[u] = ways[indicators][u] / all;
  return p;
}

// A standard decomposition laid out as score() lays it out (the blocks but the pair in order,
// then the melds of `base`), without its winning tile.
WinScorer::Layout lay_out(const Decomposition& d, const Reading& base, int melds,
                          const WinContext& ctx, const Rules& rules) {
  WinScorer::Layout l;
  Reading& r = l.reading;
  r = base;
  r.num_sets = 0;
  for (int j = 0; j < d.count; ++j) {
    const Block& x = d.blocks[j];
    if (x.type == BlockType::kPair) {
      r.pair = x.kind;
      l.set_of_block[j] = -1;
      continue;
    }
    l.set_of_block[j] = static_cast<std::int8_t>(r.num_sets);
    HandSet& set = r.sets[r.num_sets++];
    set = HandSet{};
    set.type = x.type == BlockType::kChow ? SetKind::kChow : SetKind::kPung;
    set.kind = x.kind;
  }
  for (int j = 0; j < melds; ++j) r.sets[r.num_sets++] = base.sets[j];
  l.yaku = sets_yaku_fu(r, ctx, rules, l.fu);  // (sets_yaku and sets_fu in one pass)
  return l;
}

// Every reading of one laid out decomposition (one per distinct block holding the winning
// tile) offered to `offer` with the yaku and fu its readings share: the search of score()
// (RULES.md §6.1), without names.
template <typename Offer>
void standard_readings(const Decomposition& d, const WinScorer::Layout& layout, int win, bool tsumo,
                       Offer&& offer) {
  Reading r = layout.reading;
  r.win = static_cast<std::uint8_t>(win);
  r.tsumo = tsumo;
  for (int i = 0; i < d.count; ++i) {
    const Block& b = d.blocks[i];
    const bool holds =
        b.type == BlockType::kChow ? win >= b.kind && win <= b.kind + 2 : win == b.kind;
    if (!holds) continue;  // (before the search for an equal block: most blocks do not)
    bool seen = false;
    for (int j = 0; j < i; ++j) seen |= d.blocks[j] == b;
    if (seen) continue;
    r.completed = layout.set_of_block[i];
    if (b.type == BlockType::kPair) {
      r.wait = WaitShape::kTanki;
    } else if (b.type == BlockType::kPung) {
      r.wait = WaitShape::kShanpon;
    } else {
      const int pos = win - b.kind;
      const bool edge =
          (pos == 0 && number_of(b.kind) == 7) || (pos == 2 && number_of(b.kind) == 1);
      r.wait = pos == 1 ? WaitShape::kKanchan : edge ? WaitShape::kPenchan : WaitShape::kRyanmen;
    }
    const bool ron_pung = b.type == BlockType::kPung && !tsumo;  // §7: a ron pung is open
    if (ron_pung) r.sets[r.completed].open = true;
    offer(r, layout);
    if (ron_pung) r.sets[r.completed].open = false;
  }
}

}  // namespace

void WinScorer::Store::clear() {
  reading_index.clear();
  reading_rows.clear();
  candidates.clear();
  shape_index.clear();
  shapes_used = 0;
  layouts.clear();
}

WinScorer::WinScorer(const EvPosition& position, const EvOptions& options, const Rules& rules,
                     const Setup& setup, Store* store)
    : position_(position),
      options_(options),
      rules_(rules),
      setup_(setup),
      own_(store ? nullptr : std::make_unique<Store>()),
      st_(store ? *store : *own_) {
  if (store) st_.clear();
  for (int i = 0; i < 4; ++i) {  // (no copy of the indicators per scoring)
    WinContext& c = contexts_[i];
    c.seat = position.seat;
    c.round_wind = position.round_wind;
    c.dora_indicators = position.dora_indicators;
    c.riichi = i >= 2;
    c.tsumo = i % 2 == 1;
  }
  Counts dora{};
  for (Tile t : position.dora_indicators) ++dora[dora_in_play(t.kind, rules)];
  const WallShape shape = wall_shape(rules);
  for (int k = 0; k < kNumKinds; ++k) {
    if (dora[k]) dora_kinds_.push_back({k, dora[k]});
    if (shape.in_play(4 * k)) indicator_of_[dora_in_play(k, rules)] = static_cast<std::uint8_t>(k);
  }
  // Nukidora: one dora each, and a North for the indicators (score.cpp, count_dora).
  kita_dora_ = position.kita * (1 + dora[kNorth]);
  for (const Meld& m : position.hand.melds) {
    HandSet& set = meld_sets_[melds_++];
    set.kind = static_cast<std::uint8_t>(m.base_kind());
    set.type = m.is_chi() ? SetKind::kChow : m.is_kan() ? SetKind::kKong : SetKind::kPung;
    set.open = m.is_open();
    set.melded = true;
    menzen_ &= !m.is_open();
    for (Tile t : m.view()) ++meld_counts_[t.kind], meld_red_ += t.red;
  }
  kind_total_ = kinds_of(setup.total);
  meld_kinds_ = held_mask(meld_counts_) | (position.kita > 0 ? std::uint64_t{1} << kNorth : 0);
  pay_.fill(-1);
  ura_ = options.ura && !position.dora_indicators.empty();
  const int concealed =
      static_cast<int>(position.hand.concealed.size()) + (setup.start_tiles % 3 == 2 ? 0 : 1);
  returned_wall_ = setup.total_ids - concealed;
}

// The decompositions of a complete hand, shared by its winning tiles, riichi or not, tsumo or
// ron (cached by the hand's kinds: the key without red fives nor flags).
[[gnu::always_inline]] inline WinScorer::Shapes& WinScorer::shapes_of(const NodeKey& key,
                                                                      const Counts& concealed,
                                                                      std::uint32_t& index) const {
  const NodeKey kinds_key{key.lo, key.hi & 0x1FFFF};
  index = static_cast<std::uint32_t>(st_.shapes_used);
  const std::uint32_t found = st_.shape_index.find_or_insert(kinds_key, index);
  if (found != NodeMap::kAbsent) return st_.shapes[index = found];
  if (st_.shapes_used == st_.shapes.size()) st_.shapes.emplace_back();
  Shapes& s = st_.shapes[st_.shapes_used++];
  // A reused entry: what a new one holds but for list, chiitoitsu and kokushi (set below) and
  // base and layouts (set by readings() with dora).
  s.dora = -1;
  s.ways = {-1, 0, 0, 0, 0};
  s.memo = {};
  s.memo_next = 0;
  decompose(concealed, s.list);
  // Seven pairs hold 7 kinds, thirteen orphans 13 (the filters of score()).
  const int held = melds_ == 0 ? mask_size(held_mask(concealed)) : 0;
  s.chiitoitsu = held == 7 && is_chiitoitsu(concealed);
  s.kokushi = held == 13 && is_kokushi(concealed);
  return s;
}

[[gnu::always_inline]] inline WinScorer::ReadingRow WinScorer::readings(const NodeKey& key,
                                                                        const Counts& concealed,
                                                                        int win, bool riichi,
                                                                        bool tsumo) const {
  const NodeKey k{key.lo, (key.hi & 0x1FFFF) | (riichi ? kRiichiBit : 0) |
                              static_cast<std::uint32_t>(kind_of_id(win)) << 21 |
                              (tsumo ? 1u << 27 : 0)};
  const std::uint32_t found =
      st_.reading_index.find_or_insert(k, static_cast<std::uint32_t>(st_.reading_rows.size()));
  if (found != NodeMap::kAbsent) return st_.reading_rows[found];
  std::uint32_t shapes_index;
  Shapes& shapes = shapes_of(key, concealed, shapes_index);
  if (shapes.dora < 0) {  // the reading's fields of the kinds, made once per complete hand
    Reading& b = shapes.base;
    b = Reading{};  // (the entry may be reused)
    b.menzen = menzen_;
    for (int k = 0; k < kNumKinds; ++k)  // (vectorised: no dependency between the kinds)
      b.counts[k] = static_cast<std::uint8_t>(concealed[k] + meld_counts_[k]);
    b.kinds = held_mask(b.counts);
    shapes.dora = kita_dora_;
    for (const auto& [kind, n] : dora_kinds_) shapes.dora += b.counts[kind] * n;
    for (int j = 0; j < melds_; ++j) b.sets[j] = meld_sets_[j];
    b.num_sets = melds_;
    // (the context's seat and round wind, all sets_yaku reads of it, are the same in all four)
    shapes.layouts = static_cast<std::uint32_t>(st_.layouts.size());
    for (int i = 0; i < shapes.list.count; ++i)
      st_.layouts.push_back(lay_out(shapes.list.items[i], b, melds_, contexts_[0], rules_));
    if (shapes.chiitoitsu) {
      Layout& l = st_.layouts.emplace_back();
      l.reading = b;
      l.reading.shape = Shape::kChiitoitsu;
      l.reading.wait = WaitShape::kChiitoitsu;
      l.yaku = sets_yaku_fu(l.reading, contexts_[0], rules_, l.fu);
    }
  }
  const int dora = shapes.dora;
  const WinContext& ctx = contexts_[(riichi ? 2 : 0) + (tsumo ? 1 : 0)];
  const auto first = static_cast<std::uint32_t>(st_.candidates.size());
  auto offer = [&](const Reading& r, const Layout& layout) {
    const YakuEval y = finish_yaku(layout.yaku, r, ctx, rules_);
    if (y.yakuman == 0 && y.han == 0) return;
    Candidate c;
    c.yakuman = y.yakuman;
    if (y.yakuman == 0) {
      c.fu = finish_fu(layout.fu, r, y.mask & yaku_bit(Yaku::kPinfu)).rounded;
      c.han = y.han + dora;
    }
    st_.candidates.push_back(c);
  };
  const int win_kind = kind_of_id(win);
  const Layout* layouts = st_.layouts.data() + shapes.layouts;
  for (int i = 0; i < shapes.list.count; ++i)
    standard_readings(shapes.list.items[i], layouts[i], win_kind, tsumo, offer);
  if (shapes.chiitoitsu) {
    const Layout& l = layouts[shapes.list.count];
    Reading r = l.reading;
    r.win = static_cast<std::uint8_t>(win_kind);
    r.tsumo = tsumo;
    offer(r, l);
  }
  if (shapes.kokushi) {
    Reading r = shapes.base;
    r.win = static_cast<std::uint8_t>(win_kind);
    r.tsumo = tsumo;
    r.shape = Shape::kKokushi;
    r.wait = concealed[win_kind] == 2 ? WaitShape::kKokushi13 : WaitShape::kKokushi;
    Layout l;  // (kokushi: no sets)
    l.yaku = sets_yaku(r, ctx, rules_);
    offer(r, l);
  }
  st_.reading_rows.push_back(
      {first, static_cast<std::uint32_t>(st_.candidates.size()) - first, shapes_index});
  return st_.reading_rows.back();
}

inline int WinScorer::pay_slot(int han, int fu, bool tsumo) {
  const unsigned h = static_cast<unsigned>(han), f = static_cast<unsigned>(fu) / 5;
  if (h >= kPayHan || f >= kPayFu || 5 * static_cast<int>(f) != fu) return -1;
  return static_cast<int>((tsumo ? kPayHan * kPayFu : 0) + h * kPayFu + f);
}

// The payment of a (han, fu) win without yakuman, memoised for the small han and the fu
// multiples of 5 (a function of them, tsumo, the seat and the rules).
int WinScorer::pay_slow(int han, int fu, bool tsumo) const {
  const int v = payment(basic_points(han, fu, rules_), position_.seat == 0, tsumo, rules_);
  if (const int slot = pay_slot(han, fu, tsumo); slot >= 0) pay_[slot] = v;
  return v;
}

inline int WinScorer::pay(int han, int fu, bool tsumo) const {
  if (const int slot = pay_slot(han, fu, tsumo); slot >= 0 && pay_[slot] >= 0) return pay_[slot];
  return pay_slow(han, fu, tsumo);
}

// The best reading of a complete hand as score() chooses it (highest payment, then yakuman,
// han, fu), before ura dora.
inline WinScorer::Best WinScorer::best_reading(const ReadingRow& row, const IdCounts& hand,
                                               bool tsumo) const {
  const auto [first, count, shapes] = row;
  const int red = meld_red_ + hand[kNumKinds] + hand[kNumKinds + 1] + hand[kNumKinds + 2];
  const bool dealer = position_.seat == 0;
  Best best;
  for (std::uint32_t i = first; i < first + count; ++i) {
    const Candidate& r = st_.candidates[i];
    Best c;
    c.yakuman = r.yakuman;
    if (r.yakuman == 0) c.fu = r.fu, c.han = r.han + red;
    c.value = r.yakuman == 0 ? pay(c.han, c.fu, tsumo)
                             : payment(basic_points(c.han, c.fu, rules_, nullptr, c.yakuman),
                                       dealer, tsumo, rules_);
    const bool better = c.value != best.value       ? c.value > best.value
                        : c.yakuman != best.yakuman ? c.yakuman > best.yakuman
                        : c.han != best.han         ? c.han > best.han
                                                    : c.fu > best.fu;
    if (!best.ok || better) best = c, best.ok = true;
  }
  return best;
}

double WinScorer::points(const NodeKey& key, const Counts& kinds, const IdCounts& hand, int win,
                         bool riichi, bool tsumo, int dist) const {
  // Not cached: the search meets the same (hand, winning tile, riichi, tsumo) again in about
  // 1 % of the calls (measured on bench_ev's hands, every model), less than a lookup costs.
  return compute_points(key, kinds, hand, win, riichi, tsumo, dist);
}

double WinScorer::compute_points(const NodeKey& key, const Counts& kinds, const IdCounts& hand,
                                 int win, bool riichi, bool tsumo, int dist) const {
  const ReadingRow row = readings(key, kinds, win, riichi, tsumo);
  const Best best = best_reading(row, hand, tsumo);
  if (!best.ok) return 0;
  const bool kazoe = best.han >= 13 && rules_.kazoe_yakuman;
  if (!riichi || !ura_ || best.yakuman > 0 || kazoe) return best.value;
  const int indicators = static_cast<int>(position_.dora_indicators.size());
  auto value = [&](int ura) { return pay(best.han + ura, best.fu, tsumo); };
  // The wall the ura indicators come from: a kind's count (MODEL.md §3).
  auto wall_of_id = [&](int id) {
    const int in_hand = options_.discards_return ? hand[id] : std::max(hand[id], setup_.start[id]);
    return std::max(setup_.total[id] - in_hand, 0);
  };
  // With returned discards the hand holds at most the total of each id: the kind's total less
  // the hand's count (no per-id maximum).
  auto wall_of = [&](int kind) {
    if (options_.discards_return) return kind_total_[kind] - kinds[kind];
    return wall_of_id(kind) + (is_five(kind) ? wall_of_id(red_id_of(kind)) : 0);
  };
  const int wall = options_.discards_return ? returned_wall_ : setup_.unseen - dist;
  if (indicators == 1 && wall > 0) {
    // One indicator: only the kinds pointing at a held kind add ura (1 to 4 of them).
    auto ways_of = [&] {
      std::array<int, 5> ways{};  // indicator tiles by the ura they give
      ways[0] = wall;
      for (std::uint64_t m = held_mask(kinds) | meld_kinds_; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        const int held = kinds[k] + meld_counts_[k] + (k == kNorth ? position_.kita : 0);
        const int n = wall_of(indicator_of_[k]);
        ways[0] -= n;
        ways[std::min(held, 4)] += n;
      }
      return ways;
    };
    auto expectation = [&](const std::array<int, 5>& ways) {
      double sum = 0;
      for (int u = 0; u <= 4; ++u)
        if (ways[u] > 0) sum += ways[u] * value(u);
      return sum / wall;
    };
    if (!options_.discards_return) return expectation(ways_of());
    // With returned discards the ways are a function of the kinds (and the wall a constant):
    // kept with the hand's shapes, and so the last expectations for a (han, fu, tsumo).
    Shapes& s = st_.shapes[row.shapes];
    if (s.ways[0] < 0) s.ways = ways_of();
    for (const UraMemo& m : s.memo)
      if (m.han == best.han && m.fu == best.fu && m.tsumo == tsumo) return m.value;
    const double expected = expectation(s.ways);
    s.memo[s.memo_next] = UraMemo{static_cast<std::int16_t>(best.han),
                                  static_cast<std::int16_t>(best.fu), tsumo, expected};
    s.memo_next = (s.memo_next + 1) % static_cast<int>(s.memo.size());
    return expected;
  }
  Counts walls{}, held{};
  for (int k = 0; k < kNumKinds; ++k) {
    walls[k] = static_cast<std::uint8_t>(wall_of(k));
    held[k] =
        static_cast<std::uint8_t>(kinds[k] + meld_counts_[k] + (k == kNorth ? position_.kita : 0));
  }
  const auto p = ura_distribution(walls, held, std::min(indicators, 5), rules_);
  double expected = 0;
  for (int u = 0; u <= kMaxUra; ++u)
    if (p[u] > 0) expected += p[u] * value(u);
  return expected;
}

}  // namespace riichi::eval::detail
