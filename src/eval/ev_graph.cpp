// The state graph of the hand-value model (MODEL.md §4 for the reference; docs/eval.md).
#include "eval/ev_graph.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "eval/tile_distance.hpp"
#include "eval/tile_distance_query.hpp"

namespace riichi::eval::detail {

namespace {

// What adding one copy of an id adds to a key.
struct Delta {
  std::uint64_t lo = 0;
  std::uint32_t hi = 0;
};

constexpr std::array<Delta, kIds> kDeltas = [] {
  std::array<Delta, kIds> d{};
  for (int id = 0; id < kIds; ++id) {
    const int kind = kind_of_id(id);
    const int part = kind / 9;
    if (part < 3)
      d[id].lo = std::uint64_t{kPow5[kind % 9]} << (21 * part);
    else
      d[id].hi = kPow5[kind % 9];
    if (id >= kNumKinds) d[id].hi |= 1u << (17 + id - kNumKinds);
  }
  return d;
}();

NodeKey plus(NodeKey k, int id) {
  k.lo += kDeltas[id].lo;
  k.hi += kDeltas[id].hi;
  return k;
}

NodeKey minus(NodeKey k, int id) {
  k.lo -= kDeltas[id].lo;
  k.hi -= kDeltas[id].hi;
  return k;
}

NodeKey with_riichi(NodeKey k, bool riichi) {
  k.hi = riichi ? k.hi | kRiichiBit : k.hi & ~kRiichiBit;
  return k;
}

PartKeys parts_of(const NodeKey& k) {
  PartKeys p;
  p.part[0] = static_cast<std::uint32_t>(k.lo & 0x1FFFFF);
  p.part[1] = static_cast<std::uint32_t>(k.lo >> 21 & 0x1FFFFF);
  p.part[2] = static_cast<std::uint32_t>(k.lo >> 42 & 0x1FFFFF);
  p.part[3] = k.hi & 0x1FFFF;
  return p;
}

// The base-5 digits of 0..3124 (five counts) and 0..624 (four).
struct Digits {
  std::array<std::array<std::uint8_t, 5>, 3125> low{};
  std::array<std::array<std::uint8_t, 4>, 625> high{};
};
constexpr Digits kDigits = [] {
  Digits d;
  for (int k = 0; k < 3125; ++k)
    for (int i = 0, v = k; i < 5; ++i, v /= 5) d.low[k][i] = static_cast<std::uint8_t>(v % 5);
  for (int k = 0; k < 625; ++k)
    for (int i = 0, v = k; i < 4; ++i, v /= 5) d.high[k][i] = static_cast<std::uint8_t>(v % 5);
  return d;
}();

// The kinds and the ids of a key's hand.
void decode(const NodeKey& key, Counts& kinds, IdCounts& ids) {
  const PartKeys p = parts_of(key);
  // Fixed-size copies into a padded buffer (the honours' two high digits write zeros past 34).
  std::uint8_t buf[40];
  for (int part = 0; part < 4; ++part) {
    std::memcpy(buf + 9 * part, kDigits.low[p.part[part] % 3125].data(), 5);
    std::memcpy(buf + 9 * part + 5, kDigits.high[p.part[part] / 3125].data(), 4);
  }
  std::memcpy(kinds.data(), buf, kNumKinds);
  std::memcpy(ids.data(), buf, kNumKinds);
  for (int s = 0; s < 3; ++s) {
    const std::uint8_t red = key.hi >> (17 + s) & 1;
    ids[9 * s + 4] = static_cast<std::uint8_t>(ids[9 * s + 4] - red);
    ids[kNumKinds + s] = red;
  }
}

// The kinds of a hand by id: the red fives counted with their kinds.
void kinds_of_hand(const IdCounts& ids, Counts& kinds) {
  std::memcpy(kinds.data(), ids.data(), kNumKinds);
  for (int s = 0; s < 3; ++s)
    kinds[9 * s + 4] = static_cast<std::uint8_t>(kinds[9 * s + 4] + ids[kNumKinds + s]);
}

constexpr std::uint64_t kFiveKinds = (1ull << 4) | (1ull << 13) | (1ull << 22);

// Ids of the kinds in `mask`: the kinds themselves and, for a five, its red copy.
std::uint64_t ids_of_kinds(std::uint64_t mask, bool red_fives) {
  if (!red_fives) return mask;
  const std::uint64_t fives = mask & kFiveKinds;
  return mask | (fives >> 4 & 1) << 34 | (fives >> 13 & 1) << 35 | (fives >> 22 & 1) << 36;
}

// Two choices of the options that the expansions test per edge are template parameters, so
// that each model's expansions are compiled without the other's tests (build_graph picks one of
// the four): bidirectional_edges (the reference) and riichi == kByValue (a declaration makes
// two draw nodes, riichi and dama: the default and fast models; else one). (discards_return as
// a third: the expansions' inlined distance queries no longer inlined, eight builders being
// over GCC's growth limits for the file; docs/eval.md, "Round 18".)
template <bool kBidirectional, bool kByValue>
class Builder {
 public:
  Builder(const Setup& setup, const EvOptions& options, int extra, const WinScorer& scorer,
          Graph& graph)
      : s_(setup), o_(options), extra_(extra), scorer_(scorer), g_(graph) {}
  // (The distance queries are inlined into the expansions: tile_distance_query.hpp.)
  const distance::Tables& tables_ = distance::tables();

  bool run();

 private:
  // The node of `key` (its hand: `parent` with one `id` more or less), made when new.
  inline __attribute__((always_inline)) std::uint32_t draw_node(const NodeKey& key, int dist,
                                                                const IdCounts& parent, int id);
  inline __attribute__((always_inline)) std::uint32_t discard_node(const NodeKey& key, int dist,
                                                                   const IdCounts& parent, int id);
  void expand_draw(std::uint32_t d);
  void expand_discard(std::uint32_t big);
  void add_ron(std::uint32_t d, const NodeKey& key, const Counts& kinds, const IdCounts& h,
               std::uint64_t waits, int dist);
  void add_draw(std::uint32_t d, std::uint32_t big, int weight, double score) {
    DrawEdge e = big | static_cast<DrawEdge>(weight) << 28;
    if (score > 0) {
      e |= kWinEdge;
      g_.raw_points.push_back(score);
    }
    g_.raw_edges.push_back(Graph::RawEdge{d, e});
  }
  void finish();
  // Count of id x seen from hand h (MODEL.md §2, or without returned discards).
  int weight(const IdCounts& h, int id) const { return weight(id, h[id]); }
  int weight(int id, int in_hand) const {  // the same, the hand holding `in_hand` copies of id
    return weight(id, in_hand, o_.discards_return);
  }
  // The same, `returned` = discards_return (read once by a loop whose stores may alias it).
  int weight(int id, int in_hand, bool returned) const {
    const int held = returned ? in_hand : std::max<int>(in_hand, s_.start[id]);
    return s_.total[id] - held;
  }
  bool within_bound(int dist, int shanten) const { return shanten < bound_for(dist); }
  // The shanten below which a hand `dist` tiles from the start may extend the search.
  int bound_for(int dist) const { return s_.start_shanten + extra_ - dist; }
  // Bidirectional edges: one flag per (discard node, removed id, source riichi differs).
  bool claim_edge(std::uint32_t big, int id, bool flipped) {
    std::uint64_t& m = g_.discard_record[big].seen[flipped ? 1 : 0];
    const std::uint64_t bit = std::uint64_t{1} << id;
    if (m & bit) return false;
    m |= bit;
    return true;
  }
  bool full() const { return g_.draw_key.size() + g_.discard_key.size() > o_.max_nodes; }
  // The shared dead end (a discard node without options), made on first use.
  std::uint32_t terminal() {
    if (terminal_ == NodeMap::kAbsent) {
      terminal_ = static_cast<std::uint32_t>(g_.discard_key.size());
      g_.discard_key.push_back(NodeKey{~std::uint64_t{0}, ~std::uint32_t{0}});
      g_.discard_record.push_back({IdCounts{}, 0, {0, 0}});
    }
    return terminal_;
  }
  std::uint32_t terminal_ = NodeMap::kAbsent;

  const Setup& s_;
  const EvOptions& o_;
  const int extra_;
  const WinScorer& scorer_;
  Graph& g_;
};

template <bool kBidirectional, bool kByValue>
std::uint32_t Builder<kBidirectional, kByValue>::draw_node(const NodeKey& key, int dist,
                                                           const IdCounts& parent, int id) {
  const auto d = static_cast<std::uint32_t>(g_.draw_key.size());
  const std::uint32_t found = g_.index.find_or_insert(key, d);
  if (found != NodeMap::kAbsent) return found;
  g_.draw_key.push_back(key);
  Graph::DrawRecord& record = g_.draw_record.emplace_back();
  record.hand = parent;
  if (id >= 0) --record.hand[id];
  record.drawn = 0;
  g_.draw_dist.push_back(static_cast<std::uint8_t>(dist));
  return d;
}

template <bool kBidirectional, bool kByValue>
std::uint32_t Builder<kBidirectional, kByValue>::discard_node(const NodeKey& key, int dist,
                                                              const IdCounts& parent, int id) {
  const auto big = static_cast<std::uint32_t>(g_.discard_key.size());
  const std::uint32_t found = g_.index.find_or_insert(key, big | kDiscardBit);
  if (found != NodeMap::kAbsent) return found & ~kDiscardBit;
  g_.discard_key.push_back(key);
  Graph::DiscardRecord& record = g_.discard_record.emplace_back();
  record.hand = parent;
  if (id >= 0) ++record.hand[id];
  record.dist = static_cast<std::uint8_t>(dist);
  record.seen = {0, 0};
  return big;
}

template <bool kBidirectional, bool kByValue>
void Builder<kBidirectional, kByValue>::expand_draw(std::uint32_t d) {
  const NodeKey key = g_.draw_key[d];
  const bool riichi = key.hi & kRiichiBit;
  const IdCounts h = g_.draw_record[d].hand;
  Counts kinds;
  kinds_of_hand(h, kinds);
  const int dist = g_.draw_dist[d];
  // Tegawari reads every tile: the necessary tiles only for a tenpai hand (its waits).
  const TileDistance td = distance::query(tables_, kinds, parts_of(key), s_.melds, true,
                                          o_.tegawari && !riichi ? bound_for(dist) : 0);
  const bool tenpai = td.shanten == 0;
  g_.draw_flags.push_back(
      static_cast<std::uint8_t>((tenpai ? kTenpaiFlag : 0) | (riichi ? kRiichiFlag : 0)));
  const bool tegawari = o_.tegawari && !riichi && within_bound(dist, td.shanten);
  std::uint64_t ids = ids_of_kinds(tegawari ? (1ull << kNumKinds) - 1 : td.mask, s_.red_fives);
  if (kBidirectional) ids &= ~g_.draw_record[d].drawn;  // made already from the other side
  if (g_.index.worth_prefetching())
    for (std::uint64_t rest = ids; rest; rest &= rest - 1)
      g_.index.prefetch(plus(key, __builtin_ctzll(rest)));
  const bool returned = o_.discards_return;
  for (; ids; ids &= ids - 1) {
    const int id = __builtin_ctzll(ids);
    const int w = weight(id, h[id], returned);
    if (w <= 0) continue;
    const int next_dist = dist + (h[id] >= s_.start[id] ? 1 : 0);
    const bool wins = tenpai && (td.mask >> kind_of_id(id) & 1);
    // A complete hand without options (riichi, or beyond the bound) is a dead end of value 0:
    // one shared node stands for all of them (edges read one way only).
    const bool dead_end =
        wins && !kBidirectional && (riichi || !o_.shanten_down || !within_bound(next_dist, -1));
    const std::uint32_t big = dead_end ? terminal() : discard_node(plus(key, id), next_dist, h, id);
    // (Bidirectional: the edge is new, the ids made from the discard side were taken out above;
    // its flag is read only by the expansion of a discard node not in riichi.)
    if (kBidirectional && !riichi) g_.discard_record[big].seen[0] |= std::uint64_t{1} << id;
    double score = 0;
    if (wins) {
      IdCounts won = h;
      ++won[id];
      Counts won_kinds = kinds;
      ++won_kinds[kind_of_id(id)];
      score = scorer_.points(plus(key, id), won_kinds, won, id, riichi, true, next_dist);
      ++g_.wins_scored;
    }
    add_draw(d, big, w, score);
  }
  if (tenpai && (o_.ron_factor > 0 || o_.ron_factor_dama > 0))
    add_ron(d, key, kinds, h, td.mask, dist);
}

// Ron before the next draw (the chance is applied per turn, ev.cpp). Furiten (no ron): a wait
// among the own discards or among the starting tiles the hand no longer holds (discarded).
template <bool kBidirectional, bool kByValue>
void Builder<kBidirectional, kByValue>::add_ron(std::uint32_t d, const NodeKey& key,
                                                const Counts& kinds, const IdCounts& h,
                                                std::uint64_t waits, int dist) {
  const bool riichi = key.hi & kRiichiBit;
  std::uint64_t pond = s_.own_pond;
  for (int id = 0; id < kIds; ++id)
    if (h[id] < s_.start[id]) pond |= std::uint64_t{1} << kind_of_id(id);
  if (waits & pond) return;
  double live = 0, points = 0;
  for (std::uint64_t ids = ids_of_kinds(waits, s_.red_fives); ids; ids &= ids - 1) {
    const int id = __builtin_ctzll(ids);
    const int w = weight(h, id);
    if (w <= 0) continue;
    IdCounts won = h;
    ++won[id];
    Counts won_kinds = kinds;
    ++won_kinds[kind_of_id(id)];
    const int won_dist = dist + (h[id] >= s_.start[id] ? 1 : 0);
    const double p = scorer_.points(plus(key, id), won_kinds, won, id, riichi, false, won_dist);
    ++g_.wins_scored;
    if (p <= 0) continue;
    live += w;
    points += w * p;
  }
  if (live > 0) g_.ron.push_back(RonChance{d, static_cast<int>(live), points / live});
}

template <bool kBidirectional, bool kByValue>
void Builder<kBidirectional, kByValue>::expand_discard(std::uint32_t big) {
  const NodeKey key = g_.discard_key[big];
  const bool riichi = key.hi & kRiichiBit;
  // A discard node in riichi is a complete hand (a hand in riichi draws its waits only), and a
  // complete hand has no unnecessary tile (any discard raises its shanten): it may discard
  // nothing of its own (below: ids = held & spare = 0), so neither its query nor its loop is
  // needed. (With bidirectional edges its options are its draw edges read backwards.)
  if (riichi) return;
  const Graph::DiscardRecord& record = g_.discard_record[big];
  const IdCounts h = record.hand;
  Counts kinds;
  kinds_of_hand(h, kinds);
  const int dist = record.dist;
  // The starting hand may discard anything (every discard is a row of the table).
  const bool root = big == 0 && s_.start_tiles % 3 == 2;
  // Discarding anything: the unnecessary tiles only to declare riichi (tenpai).
  const TileDistance td = distance::query(tables_, kinds, parts_of(key), s_.melds, false,
                                          root                         ? 99
                                          : o_.shanten_down && !riichi ? bound_for(dist)
                                                                       : 0);
  const bool down = root || (o_.shanten_down && !riichi && within_bound(dist, td.shanten));
  const std::uint64_t spare = ids_of_kinds(td.mask, s_.red_fives);
  const std::uint64_t held = held_mask(h);
  const std::uint64_t ids = down ? held : held & spare;
  // Prefetch the lookups to come (those not already made from the draw side).
  const std::uint64_t made = kBidirectional ? record.seen[0] : 0;
  if (g_.index.worth_prefetching())
    for (std::uint64_t rest = ids & ~made; rest; rest &= rest - 1)
      g_.index.prefetch(minus(key, __builtin_ctzll(rest)));
  // Riichi declared on a discard of an unnecessary tile into a closed tenpai.
  const std::uint64_t declared =
      s_.closed && td.shanten == 0 && !riichi && o_.riichi != RiichiChoice::kNever ? spare : 0;
  for (std::uint64_t rest = ids; rest; rest &= rest - 1) {
    const int id = __builtin_ctzll(rest);
    const NodeKey left = minus(key, id);
    const int left_dist = dist - (h[id] > s_.start[id] ? 1 : 0);
    bool flags[2] = {riichi, riichi};
    int n = 1;
    if (declared >> id & 1) {
      flags[0] = true;
      if (kByValue) flags[1] = false, n = 2;
    }
    for (int i = 0; i < n; ++i) {
      if (kBidirectional && !claim_edge(big, id, flags[i] != riichi)) continue;
      const std::uint32_t d = draw_node(with_riichi(left, flags[i]), left_dist, h, id);
      if (!kBidirectional) {
        g_.raw_options.push_back({big, d});
        continue;
      }
      if (flags[i] == riichi) g_.draw_record[d].drawn |= std::uint64_t{1} << id;
      double score = 0;
      if (td.shanten == -1) {  // (not counted per edge otherwise: a store of the graph's)
        score = scorer_.points(key, kinds, h, id, riichi, true, dist);
        ++g_.wins_scored;
      }
      add_draw(d, big, weight(id, h[id] - 1), score);  // drawn by the hand without it
    }
  }
}

template <bool kBidirectional, bool kByValue>
bool Builder<kBidirectional, kByValue>::run() {
  const NodeKey root = key_of(s_.start, false);
  if (s_.start_tiles % 3 == 2)
    discard_node(root, 0, s_.start, -1);
  else
    draw_node(root, 0, s_.start, -1);
  std::uint32_t next_draw = 0, next_discard = 0;
  while (next_draw < g_.draw_key.size() || next_discard < g_.discard_key.size()) {
    if (full()) return false;
    // A layer: the nodes made so far (an expansion makes nodes of the other kind only, so the
    // bounds are read once per layer, not per node).
    const auto discards = static_cast<std::uint32_t>(g_.discard_key.size());
    g_.discards_by_depth.push_back(discards);
    const std::uint32_t terminal = terminal_;
    for (; next_discard < discards; ++next_discard)
      if (next_discard != terminal) expand_discard(next_discard);
    const auto draws = static_cast<std::uint32_t>(g_.draw_key.size());
    g_.draws_by_depth.push_back(draws);
    for (; next_draw < draws; ++next_draw) expand_draw(next_draw);
  }
  finish();
  return true;
}

// The counts of the compressed rows: draw edges, win edges and weights by draw node, options by
// discard node (the rows themselves: fill_rows).
template <bool kBidirectional, bool kByValue>
void Builder<kBidirectional, kByValue>::finish() {
  const std::size_t draws = g_.draw_key.size(), discards = g_.discard_key.size();
  const auto& raw = g_.raw_edges;
  g_.draw_first.assign(draws + 1, 0);
  g_.win_first.assign(draws + 1, 0);
  g_.draw_weight.assign(draws, 0);
  // Options: made by the discard nodes, or (bidirectional) every draw edge read backwards.
  g_.option_first.assign(discards + 1, 0);
  {
    // (The edge read once into locals: the counts' stores may alias it.)
    std::uint32_t* const counts = g_.draw_first.data() + 1;
    std::uint32_t* const win_counts = g_.win_first.data() + 1;
    std::uint16_t* const weights = g_.draw_weight.data();
    std::uint32_t* const option_counts = g_.option_first.data() + 1;
    auto count = [&](bool bidirectional) {
#pragma GCC unroll 4
      for (const Graph::RawEdge& e : raw) {
        const std::uint32_t from = e.from;
        const DrawEdge edge = e.edge;
        ++counts[from];
        win_counts[from] += edge >> 31;
        weights[from] = static_cast<std::uint16_t>(weights[from] + edge_weight(edge));
        if (bidirectional) ++option_counts[edge & kEdgeTarget];
      }
    };
    if (kBidirectional) {
      count(true);
    } else {
      count(false);
      for (const auto& [big, d] : g_.raw_options) ++option_counts[big];
    }
  }
#pragma GCC unroll 4
  for (std::size_t i = 0; i < draws; ++i) {
    g_.draw_first[i + 1] += g_.draw_first[i];
    g_.win_first[i + 1] += g_.win_first[i];
  }
#pragma GCC unroll 4
  for (std::size_t i = 0; i < discards; ++i) g_.option_first[i + 1] += g_.option_first[i];
  g_.bidirectional = kBidirectional;
  g_.rows_filled = false;
}

}  // namespace

void fill_rows(Graph& g) {
  if (g.rows_filled) return;
  g.rows_filled = true;
  const std::size_t discards = g.discard_key.size();
  const auto& raw = g.raw_edges;
  // Plain edges from the row's start, win edges from its end minus its wins.
  g.draw_edges.resize(raw.size());
  g.win_points.resize(g.raw_points.size());
  std::vector<std::uint32_t>& plain = g.scratch;
  std::vector<std::uint32_t>& wins = g.at;  // the next win of the row (its edge: row end - rest)
  plain.assign(g.draw_first.begin(), g.draw_first.end() - 1);
  wins.assign(g.win_first.begin(), g.win_first.end() - 1);
  std::size_t k = 0;
  {
    std::uint32_t* const next_plain = plain.data();
    std::uint32_t* const next_win = wins.data();
    const std::uint32_t* const row_end = g.draw_first.data() + 1;
    const std::uint32_t* const win_end = g.win_first.data() + 1;
    DrawEdge* const edges = g.draw_edges.data();
    double* const points = g.win_points.data();
    const double* const raw_points = g.raw_points.data();
    for (const Graph::RawEdge& e : raw) {
      const std::uint32_t from = e.from;
      const DrawEdge edge = e.edge;
      if (edge & kWinEdge) {
        const std::uint32_t nth = next_win[from]++;
        points[nth] = raw_points[k++];
        edges[row_end[from] - (win_end[from] - nth)] = edge;
      } else {
        edges[next_plain[from]++] = edge;
      }
    }
  }
  g.option_to.resize(g.option_first[discards]);
  plain.assign(g.option_first.begin(), g.option_first.end() - 1);
  if (g.bidirectional) {
    std::uint32_t* const next = plain.data();
    std::uint32_t* const to = g.option_to.data();
    for (const Graph::RawEdge& e : raw) {
      const std::uint32_t from = e.from;
      to[next[e.edge & kEdgeTarget]++] = from;
    }
  } else {
    for (const auto& [big, d] : g.raw_options) g.option_to[plain[big]++] = d;
  }
}

std::uint32_t NodeMap::find(const NodeKey& key) const {
  for (std::size_t i = home(key);; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (s.value == kAbsent) return kAbsent;
    if (s.lo == key.lo && s.hi == key.hi) return s.value;
  }
}

void NodeMap::resize(std::size_t slots) {
  slots_.assign(slots, Slot{});
  used_.clear();
  shift_ = 64 - __builtin_ctzll(slots);
  mask_ = slots - 1;
  prefetch_ = slots > (std::size_t{1} << 14);
  limit_ = slots / 2;
  size_ = 0;
}

void NodeMap::grow() {
  std::vector<Slot> old;
  old.swap(slots_);
  resize(old.size() * 2);
  for (const Slot& s : old)
    if (s.value != kAbsent) find_or_insert(NodeKey{s.lo, s.hi}, s.value);
}

void NodeMap::clear() {
  std::size_t want = 1024;
  while (want < 4 * size_) want *= 2;
  if (slots_.size() > 4 * want) {
    resize(want);
    return;
  }
  // (A slot whose value is kAbsent is empty: a lookup tests it first, an insertion writes the
  // whole slot.)
#pragma GCC unroll 4
  for (const std::uint32_t i : used_) slots_[i].value = kAbsent;
  used_.clear();
  size_ = 0;
}

void Graph::clear() {
  index.clear();
  draw_key.clear(), discard_key.clear(), draw_record.clear(), discard_record.clear();
  draw_dist.clear(), draw_flags.clear();
  draw_first.clear(), draw_edges.clear(), win_points.clear(), win_first.clear();
  draw_weight.clear();
  option_first.clear(), option_to.clear(), ron.clear();
  draws_by_depth.clear(), discards_by_depth.clear();
  raw_edges.clear(), raw_points.clear(), raw_options.clear();
  rows_filled = false;
  wins_scored = 0;
  capped = false;
}

NodeKey key_of(const IdCounts& hand, bool riichi) {
  NodeKey k;
  for (int id = 0; id < kIds; ++id) {  // (each copy adds its delta: no carries, at most 4)
    k.lo += hand[id] * kDeltas[id].lo;
    k.hi += hand[id] * kDeltas[id].hi;
  }
  return with_riichi(k, riichi);
}

IdCounts hand_of(const NodeKey& key) {
  Counts kinds;
  IdCounts ids;
  decode(key, kinds, ids);
  return ids;
}

Counts kinds_of(const IdCounts& hand) {
  Counts c{};
  for (int id = 0; id < kIds; ++id) c[kind_of_id(id)] += hand[id];
  return c;
}

bool build_graph(const Setup& setup, const EvOptions& options, int extra, const WinScorer& scorer,
                 Graph& graph) {
  graph.clear();
  auto run = [&]<bool kBidirectional, bool kByValue>() {
    return Builder<kBidirectional, kByValue>(setup, options, extra, scorer, graph).run();
  };
  const bool by_value = options.riichi == RiichiChoice::kByValue;
  const bool done = options.bidirectional_edges
                        ? by_value ? run.operator()<true, true>() : run.operator()<true, false>()
                    : by_value ? run.operator()<false, true>()
                               : run.operator()<false, false>();
  graph.capped = !done;
  return !graph.capped;
}

}  // namespace riichi::eval::detail
