#include "learn/planes.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "riichi/shanten.hpp"

namespace riichi::learn {

PlaneLayout::PlaneLayout(int seats_, PlaneOptions options_) : seats(seats_), options(options_) {
  int next = 0;
  auto take = [&next](int n) {
    const int at = next;
    next += n;
    return at;
  };
  hand = take(4);
  drawn = take(1);
  red = take(1);
  claim = take(1);
  melds = take(seats * 4);
  discard_kinds = take(seats);
  riichi_tile = take(seats);
  discard_order = take(seats * kDiscardSlots);
  riichi = take(seats);
  dora = take(5);
  scores = take(seats * 2);
  round_wind = take(4);
  seat_wind = take(seats);
  hand_number = take(seats);
  honba = take(1);
  sticks = take(1);
  live = take(1);
  if (options.tsumogiri) tsumogiri = take(seats);
  if (options.call_sources) {
    called = take(seats);
    call_source = take(seats * (seats - 1));
  }
  if (options.shanten) {
    shanten = take(1);
    effective = take(1);
  }
  if (options.oracle) {
    oracle_hands = take((seats - 1) * 4);
    oracle_wall = take(4);
    oracle_next = take(kOracleNextDraws);
    oracle_ura = take(1);
  }
  num_planes = next;
}

std::vector<std::string> PlaneLayout::names() const {
  std::vector<std::string> out(static_cast<std::size_t>(num_planes));
  auto rel = [](int r) { return "[rel" + std::to_string(r) + "]"; };
  auto set = [&out](int plane, std::string name) {
    out[static_cast<std::size_t>(plane)] = std::move(name);
  };
  for (int c = 0; c < 4; ++c) set(hand + c, "hand>=" + std::to_string(c + 1));
  set(drawn, "drawn");
  set(red, "red_fives");
  set(claim, "claim_tile");
  for (int r = 0; r < seats; ++r) {
    for (int c = 0; c < 4; ++c)
      set(melds + 4 * r + c, "melds" + rel(r) + ">=" + std::to_string(c + 1));
    set(discard_kinds + r, "discard_kinds" + rel(r));
    set(riichi_tile + r, "riichi_tile" + rel(r));
    for (int n = 0; n < kDiscardSlots; ++n)
      set(discard_order + kDiscardSlots * r + n,
          "discard" + rel(r) + "[" + std::to_string(n) + "]");
    set(riichi + r, "riichi" + rel(r));
    set(scores + 2 * r, "score_coarse" + rel(r));
    set(scores + 2 * r + 1, "score_fine" + rel(r));
    set(seat_wind + r, "seat_wind=" + std::to_string(r));
    set(hand_number + r, "hand_number=" + std::to_string(r));
    if (tsumogiri >= 0) set(tsumogiri + r, "tsumogiri" + rel(r));
    if (called >= 0) set(called + r, "called" + rel(r));
    if (call_source >= 0)
      for (int k = 1; k < seats; ++k)
        set(call_source + (seats - 1) * r + k - 1, "called_from" + rel(r) + rel((r + k) % seats));
  }
  for (int n = 0; n < 5; ++n) set(dora + n, "dora_indicator[" + std::to_string(n) + "]");
  for (int w = 0; w < 4; ++w) set(round_wind + w, "round_wind=" + std::to_string(w));
  set(honba, "honba");
  set(sticks, "riichi_sticks");
  set(live, "live_tiles");
  if (shanten >= 0) {
    set(shanten, "shanten");
    set(effective, "effective_tiles");
  }
  if (oracle_hands >= 0) {
    for (int r = 1; r < seats; ++r)
      for (int c = 0; c < 4; ++c)
        set(oracle_hands + 4 * (r - 1) + c, "oracle_hand" + rel(r) + ">=" + std::to_string(c + 1));
    for (int c = 0; c < 4; ++c) set(oracle_wall + c, "oracle_wall>=" + std::to_string(c + 1));
    for (int n = 0; n < kOracleNextDraws; ++n)
      set(oracle_next + n, "oracle_next_draw[" + std::to_string(n) + "]");
    set(oracle_ura, "oracle_ura_indicators");
  }
  return out;
}

namespace {

template <typename T>
class Writer {
 public:
  explicit Writer(T* out) : out_(out) {}
  void set(int plane, int column) { out_[plane * kPlaneWidth + column] = T(1); }
  void fill(int plane) { std::fill_n(out_ + plane * kPlaneWidth, kPlaneWidth, T(1)); }
  // Columns 0..n-1 (n clamped to 0..34).
  void first(int plane, int n) {
    std::fill_n(out_ + plane * kPlaneWidth, std::clamp(n, 0, kPlaneWidth), T(1));
  }
  void thermometer(int plane, const Counts& counts) {  // 4 planes: count > c (branch-free)
    for (int c = 0; c < 4; ++c) {
      T* row = out_ + (plane + c) * kPlaneWidth;
      for (int k = 0; k < kNumKinds; ++k) row[k] = T(counts[static_cast<std::size_t>(k)] > c);
    }
  }

 private:
  T* out_;
};

// Score thermometers: coarse column k when |points| >= 3000 (k + 1); fine column k (k < 29)
// when |points| mod 3000 >= 100 (k + 1), column 33 when the points are negative.
template <typename T>
void write_score(Writer<T> w, int plane, int points) {
  const int v = std::abs(points);
  w.first(plane, v / 3000);
  w.first(plane + 1, std::min(v % 3000 / 100, 29));
  if (points < 0) w.set(plane + 1, kPlaneWidth - 1);
}

template <typename T>
void write_seat(Writer<T> w, const PlaneLayout& L, const Round& round, const HandTracker& t,
                const std::array<int, 4>& scores, int abs_seat, int r, int players) {
  const TrackedSeat& s = t.seat(abs_seat);
  const int seats = L.seats;
  Counts meld_counts{};
  for (int m = 0; m < s.num_melds; ++m) {
    const MeldInfo& meld = s.melds[static_cast<std::size_t>(m)];
    for (int i = 0; i < meld.size(); ++i) ++meld_counts[meld.ids[static_cast<std::size_t>(i)] / 4];
    if (L.call_source >= 0 && meld.from >= 0) {
      // The giver's rel among the players, then its place k (1..seats-1) after rel r in the
      // layout's seats (three players: rel 1 or 2, never the absent rel 3).
      const int giver = (r + (meld.from - abs_seat + players) % players) % players;
      const int k = (giver - r + seats) % seats;
      w.set(L.call_source + (seats - 1) * r + k - 1, meld.ids[0] / 4);
    }
  }
  if (s.num_melds > 0) w.thermometer(L.melds + 4 * r, meld_counts);
  // Offsets and the discards in locals: the stores through a uint8_t* may alias anything, so
  // the compiler would reload them after every store.
  const int kinds = L.discard_kinds + r, riichi_tile = L.riichi_tile + r;
  const int order = L.discard_order + kDiscardSlots * r;
  const int tsumogiri = L.tsumogiri >= 0 ? L.tsumogiri + r : -1;
  const int called = L.called >= 0 ? L.called + r : -1;
  const int num_discards = s.num_discards;
  for (int n = 0; n < num_discards; ++n) {
    const DiscardInfo d = s.discards[static_cast<std::size_t>(n)];
    const int kind = d.id / 4;
    w.set(kinds, kind);
    if (d.riichi) w.set(riichi_tile, kind);
    if (n < kDiscardSlots) w.set(order + n, kind);
    if (n < kPlaneWidth) {
      if (tsumogiri >= 0 && d.tsumogiri) w.set(tsumogiri, n);
      if (called >= 0 && d.called) w.set(called, n);
    }
  }
  if (round.in_riichi(abs_seat)) w.fill(L.riichi + r);
  write_score(w, L.scores + 2 * r, scores[static_cast<std::size_t>(abs_seat)]);
}

template <typename T>
void write_shanten(Writer<T> w, const PlaneLayout& L, const TrackedSeat& s) {
  Counts c = s.counts;
  const int base = shanten(c);
  w.set(L.shanten, std::clamp(base + 1, 0, kPlaneWidth - 1));
  const bool drawn_shape = s.concealed % 3 == 2;
  for (int k = 0; k < kNumKinds; ++k) {
    auto& n = c[static_cast<std::size_t>(k)];
    if (drawn_shape) {  // the discards that keep the lowest shanten
      if (n == 0) continue;
      --n;
      if (shanten(c) == std::max(base, 0)) w.set(L.effective, k);
      ++n;
    } else {  // the kinds whose draw lowers the shanten
      if (n >= 4) continue;
      ++n;
      if (shanten(c) < base) w.set(L.effective, k);
      --n;
    }
  }
}

template <typename T>
void write_oracle(Writer<T> w, const PlaneLayout& L, const Round& round, const HandTracker& t,
                  int seat) {
  const int n = std::min(L.seats, round.rules().players);
  for (int r = 1; r < n; ++r)
    w.thermometer(L.oracle_hands + 4 * (r - 1), t.seat((seat + r) % n).counts);
  const Wall& wall = round.wall();
  const int live_end = wall_shape(round.rules()).live_end() - t.kans();
  const int next = live_end - round.live_tiles_left();
  Counts live{};
  for (int i = std::max(next, 0); i < live_end; ++i)
    ++live[wall.tiles[static_cast<std::size_t>(i)] / 4];
  w.thermometer(L.oracle_wall, live);
  for (int n = 0; n < kOracleNextDraws && next + n < live_end; ++n)
    w.set(L.oracle_next + n, wall.tiles[static_cast<std::size_t>(next + n)] / 4);
  for (int k = 0; k < t.num_dora_indicators(); ++k)
    w.set(L.oracle_ura, wall.tiles[static_cast<std::size_t>(
                            Wall::kIndicatorSlots[static_cast<std::size_t>(k)] + 1)] /
                            4);
}

template <typename T>
void write(const PlaneLayout& L, const Round& round, const HandTracker& t, int seat, T* out) {
  std::fill_n(out, L.num_planes * kPlaneWidth, T(0));
  Writer<T> w(out);
  const TrackedSeat& own = t.seat(seat);
  const bool red_fives = round.rules().red_fives;
  w.thermometer(L.hand, own.counts);
  if (red_fives)
    for (int suit = 0; suit < 3; ++suit)
      if (own.holds(suit * 36 + 16)) w.set(L.red, suit * 9 + 4);
  const Phase phase = round.phase();
  if (phase == Phase::kSelf && round.to_play() == seat && own.drawn >= 0)
    w.set(L.drawn, own.drawn / 4);
  if ((phase == Phase::kClaim || phase == Phase::kChankan) && t.claim_tile() >= 0)
    w.set(L.claim, t.claim_tile() / 4);
  const std::array<int, 4> scores = round.scores();
  // Three players in a four-seat layout: rel 1 the next player, rel 2 the previous one, the
  // planes of rel 3 (the absent seat) stay 0 (docs/features.md, "Three players").
  const int n = std::min(L.seats, round.rules().players);
  for (int r = 0; r < n; ++r) write_seat(w, L, round, t, scores, (seat + r) % n, r, n);
  for (int k = 0; k < t.num_dora_indicators(); ++k) w.set(L.dora + k, t.dora_indicator(k) / 4);
  const RoundSetup& setup = round.setup();
  w.fill(L.round_wind + std::clamp(setup.round_wind, 0, 3));
  w.fill(L.seat_wind + round.seat_wind(seat) % L.seats);
  w.fill(L.hand_number + std::clamp(setup.hand_number, 0, L.seats - 1));
  w.first(L.honba, setup.honba);
  w.first(L.sticks, round.riichi_sticks());
  w.first(L.live, (round.live_tiles_left() + 1) / 2);
  if (L.shanten >= 0) write_shanten(w, L, own);
  if (L.oracle_hands >= 0) write_oracle(w, L, round, t, seat);
}

}  // namespace

void write_planes(const PlaneLayout& layout, const Round& round, const HandTracker& tracker,
                  int seat, std::uint8_t* out) {
  write(layout, round, tracker, seat, out);
}

void write_planes(const PlaneLayout& layout, const Round& round, const HandTracker& tracker,
                  int seat, float* out) {
  write(layout, round, tracker, seat, out);
}

}  // namespace riichi::learn
