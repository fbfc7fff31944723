// The state graph of the hand-value model (MODEL.md §4 for the reference; docs/eval.md).
#include "eval/ev_graph.hpp"

#include <algorithm>
#include <stdexcept>

#include "eval/tile_distance.hpp"

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

int distance(const IdCounts& h, const Setup& s) {
  int d = 0;
  for (int id = 0; id < kIds; ++id) d += std::max(h[id] - s.start[id], 0);
  return d;
}

class Builder {
 public:
  Builder(const Setup& setup, const EvOptions& options, int extra, const WinScorer& scorer,
          Graph& graph)
      : s_(setup), o_(options), extra_(extra), scorer_(scorer), g_(graph) {}

  bool run();

 private:
  std::uint32_t draw_node(const NodeKey& key);
  std::uint32_t discard_node(const NodeKey& key);
  void expand_draw(std::uint32_t d);
  void expand_discard(std::uint32_t big);
  void add_ron(std::uint32_t d, const IdCounts& h, bool riichi, std::uint64_t waits);
  // Count of id x seen from hand h (MODEL.md §2, or without returned discards).
  int weight(const IdCounts& h, int id) const {
    const int held = o_.discards_return ? h[id] : std::max(h[id], s_.start[id]);
    return std::max(s_.total[id] - held, 0);
  }
  int last_id() const { return s_.red_fives ? kIds : kNumKinds; }
  bool within_bound(int dist, int shanten) const {
    return dist + shanten < s_.start_shanten + extra_;
  }
  // Bidirectional edges: one flag per (discard node, removed id, source riichi differs).
  bool claim_edge(std::uint32_t big, int id, bool flipped) {
    std::uint64_t& m = seen_[big][flipped ? 1 : 0];
    const std::uint64_t bit = std::uint64_t{1} << id;
    if (m & bit) return false;
    m |= bit;
    return true;
  }
  bool full() const { return g_.draw_key.size() + g_.discard_key.size() > o_.max_nodes; }

  const Setup& s_;
  const EvOptions& o_;
  const int extra_;
  const WinScorer& scorer_;
  Graph& g_;
  struct RawEdge {
    std::uint32_t from;
    DrawEdge edge;
  };
  std::vector<RawEdge> draws_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> options_;  // (discard node, draw node)
  std::vector<std::array<std::uint64_t, 2>> seen_;
};

std::uint32_t Builder::draw_node(const NodeKey& key) {
  const std::uint32_t found = g_.index.find(key);
  if (found != NodeMap::kAbsent) return found;
  const auto d = static_cast<std::uint32_t>(g_.draw_key.size());
  g_.index.insert(key, d);
  g_.draw_key.push_back(key);
  return d;
}

std::uint32_t Builder::discard_node(const NodeKey& key) {
  const std::uint32_t found = g_.index.find(key);
  if (found != NodeMap::kAbsent) return found & ~kDiscardBit;
  const auto big = static_cast<std::uint32_t>(g_.discard_key.size());
  g_.index.insert(key, big | kDiscardBit);
  g_.discard_key.push_back(key);
  if (o_.bidirectional_edges) seen_.push_back({0, 0});
  return big;
}

void Builder::expand_draw(std::uint32_t d) {
  const NodeKey key = g_.draw_key[d];
  const bool riichi = key.hi & kRiichiBit;
  const IdCounts h = hand_of(key);
  const TileDistance td = necessary_tiles(kinds_of(h), parts_of(key), s_.melds);
  const bool tenpai = td.shanten == 0;
  g_.draw_tenpai[d] = tenpai;
  const bool tegawari = o_.tegawari && !riichi && within_bound(distance(h, s_), td.shanten);
  float norm = 0;
  for (int id = 0; id < last_id(); ++id) {
    const int w = weight(h, id);
    norm += static_cast<float>(w);
    const bool needed = td.mask >> kind_of_id(id) & 1;
    if (w == 0 || !(needed || tegawari)) continue;
    const std::uint32_t big = discard_node(plus(key, id));
    if (o_.bidirectional_edges && !claim_edge(big, id, false)) continue;
    double score = 0;
    if (tenpai && needed) {
      IdCounts won = h;
      ++won[id];
      score = scorer_.points(won, id, riichi, true);
      ++g_.wins_scored;
    }
    draws_.push_back({d, DrawEdge{big, static_cast<float>(w), score}});
  }
  g_.draw_norm[d] = norm;
  if (tenpai && o_.ron_factor > 0) add_ron(d, h, riichi, td.mask);
}

// Ron before the next draw: each opponent discard is a given winning tile with probability
// ron_factor * count / norm. Furiten (no ron): a wait among the own discards or among the
// starting tiles the hand no longer holds (they were discarded).
void Builder::add_ron(std::uint32_t d, const IdCounts& h, bool riichi, std::uint64_t waits) {
  std::uint64_t pond = s_.own_pond;
  for (int id = 0; id < kIds; ++id)
    if (h[id] < s_.start[id]) pond |= std::uint64_t{1} << kind_of_id(id);
  if (waits & pond) return;
  double live = 0, points = 0;
  for (int id = 0; id < last_id(); ++id) {
    const int w = weight(h, id);
    if (w == 0 || !(waits >> kind_of_id(id) & 1)) continue;
    IdCounts won = h;
    ++won[id];
    const double p = scorer_.points(won, id, riichi, false);
    ++g_.wins_scored;
    if (p <= 0) continue;
    live += w;
    points += w * p;
  }
  if (live == 0) return;
  const double per_discard = std::min(1.0, o_.ron_factor * live / g_.draw_norm[d]);
  double miss = 1;
  for (int i = 0; i < o_.opponents; ++i) miss *= 1 - per_discard;
  g_.ron.push_back(RonChance{d, static_cast<float>(1 - miss), points / live});
}

void Builder::expand_discard(std::uint32_t big) {
  const NodeKey key = g_.discard_key[big];
  const bool riichi = key.hi & kRiichiBit;
  const IdCounts h = hand_of(key);
  const TileDistance td = unnecessary_tiles(kinds_of(h), parts_of(key), s_.melds);
  // The starting hand may discard anything (every discard is a row of the table).
  const bool down = big == 0 && s_.start_tiles % 3 == 2
                        ? true
                        : o_.shanten_down && !riichi && within_bound(distance(h, s_), td.shanten);
  for (int id = 0; id < last_id(); ++id) {
    if (h[id] == 0) continue;
    const bool spare = td.mask >> kind_of_id(id) & 1;
    if (!spare && !down) continue;
    const NodeKey left = minus(key, id);
    const bool declare = s_.closed && td.shanten == 0 && spare && !riichi;
    bool flags[2] = {riichi, riichi};
    int n = 1;
    if (declare && o_.riichi != RiichiChoice::kNever) {
      flags[0] = true;
      if (o_.riichi == RiichiChoice::kByValue) flags[1] = false, n = 2;
    }
    for (int i = 0; i < n; ++i) {
      const std::uint32_t d = draw_node(with_riichi(left, flags[i]));
      if (!o_.bidirectional_edges) {
        options_.push_back({big, d});
        continue;
      }
      if (!claim_edge(big, id, flags[i] != riichi)) continue;
      IdCounts before = h;
      --before[id];
      const double score = td.shanten == -1 ? scorer_.points(h, id, riichi, true) : 0;
      g_.wins_scored += td.shanten == -1;
      draws_.push_back({d, DrawEdge{big, static_cast<float>(weight(before, id)), score}});
    }
  }
}

bool Builder::run() {
  IdCounts start = s_.start;
  const NodeKey root = key_of(start, false);
  if (s_.start_tiles % 3 == 2)
    discard_node(root);
  else
    draw_node(root);
  std::size_t next_draw = 0, next_discard = 0;
  while (next_draw < g_.draw_key.size() || next_discard < g_.discard_key.size()) {
    if (full()) return false;
    while (next_discard < g_.discard_key.size())
      expand_discard(static_cast<std::uint32_t>(next_discard++));
    g_.draw_tenpai.resize(g_.draw_key.size());
    g_.draw_norm.resize(g_.draw_key.size());
    while (next_draw < g_.draw_key.size()) expand_draw(static_cast<std::uint32_t>(next_draw++));
  }
  // Compressed rows: draw edges by draw node, options by discard node.
  const std::size_t draws = g_.draw_key.size(), discards = g_.discard_key.size();
  g_.draw_first.assign(draws + 1, 0);
  for (const RawEdge& e : draws_) ++g_.draw_first[e.from + 1];
  for (std::size_t i = 0; i < draws; ++i) g_.draw_first[i + 1] += g_.draw_first[i];
  g_.draw_edges.resize(draws_.size());
  {
    std::vector<std::uint32_t> at(g_.draw_first.begin(), g_.draw_first.end() - 1);
    for (const RawEdge& e : draws_) g_.draw_edges[at[e.from]++] = e.edge;
  }
  if (o_.bidirectional_edges)
    for (const RawEdge& e : draws_) options_.push_back({e.edge.to, e.from});
  g_.option_first.assign(discards + 1, 0);
  for (const auto& [big, d] : options_) ++g_.option_first[big + 1];
  for (std::size_t i = 0; i < discards; ++i) g_.option_first[i + 1] += g_.option_first[i];
  g_.option_to.resize(options_.size());
  {
    std::vector<std::uint32_t> at(g_.option_first.begin(), g_.option_first.end() - 1);
    for (const auto& [big, d] : options_) g_.option_to[at[big]++] = d;
  }
  return true;
}

}  // namespace

std::uint32_t NodeMap::find(const NodeKey& key) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.value == kAbsent) return kAbsent;
    if (s.lo == key.lo && s.hi == key.hi) return s.value;
  }
}

void NodeMap::insert(const NodeKey& key, std::uint32_t value) {
  if (2 * (size_ + 1) > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = hash(key) & mask;
  while (slots_[i].value != kAbsent) i = (i + 1) & mask;
  slots_[i] = Slot{key.lo, key.hi, value};
  ++size_;
}

void NodeMap::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  size_ = 0;
  for (const Slot& s : old)
    if (s.value != kAbsent) insert(NodeKey{s.lo, s.hi}, s.value);
}

NodeKey key_of(const IdCounts& hand, bool riichi) {
  NodeKey k;
  for (int id = 0; id < kIds; ++id)
    for (int i = 0; i < hand[id]; ++i) k = plus(k, id);
  return with_riichi(k, riichi);
}

IdCounts hand_of(const NodeKey& key) {
  IdCounts h{};
  const PartKeys p = parts_of(key);
  for (int part = 0; part < 4; ++part) {
    std::uint32_t v = p.part[part];
    for (int i = 0; i < (part < 3 ? 9 : 7); ++i, v /= 5) h[9 * part + i] = v % 5;
  }
  for (int s = 0; s < 3; ++s)
    if (key.hi >> (17 + s) & 1) --h[9 * s + 4], h[kNumKinds + s] = 1;
  return h;
}

Counts kinds_of(const IdCounts& hand) {
  Counts c{};
  for (int id = 0; id < kIds; ++id) c[kind_of_id(id)] += hand[id];
  return c;
}

bool build_graph(const Setup& setup, const EvOptions& options, int extra, const WinScorer& scorer,
                 Graph& graph) {
  graph = Graph{};
  Builder builder(setup, options, extra, scorer, graph);
  graph.capped = !builder.run();
  return !graph.capped;
}

}  // namespace riichi::eval::detail
