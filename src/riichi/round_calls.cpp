// Calls and kans (RULES.md §2.6-§2.7, §3.2, §3.4, §3.6, §3.7 kan after riichi, §4.6 pao).
#include <array>
#include <bit>
#include <vector>

#include "riichi/decompose.hpp"
#include "riichi/round.hpp"
#include "riichi/shanten.hpp"
#include "riichi/waits.hpp"

namespace riichi {

namespace {

constexpr std::uint64_t kind_bit(int kind) { return std::uint64_t{1} << kind; }

// kind_of_id() for an id known valid (0..135), as in round.cpp: a shift.
constexpr int id_kind(int id) { return static_cast<int>(static_cast<unsigned>(id) >> 2); }

std::uint64_t wait_mask(const Counts& c) { return waiting_kinds(c); }

// The tests of calls_into() and has_call(), on a seat's kind masks (held: at least one copy,
// pairs: at least two): kuikae_mask() and kuikae_leaves_discard() written out.

// OQ-18: after a pon of d (two copies used) some kind is left to discard; kuikae forbids d.
inline bool pon_leaves_discard(std::uint64_t held, int d, int copies_of_d, bool kuikae) {
  return (held & ~kind_bit(d)) != 0 || (!kuikae && copies_of_d > 2);
}

// The lowest kinds of the runs a chi of the suited kind d completes, within its suit.
struct ChiLows {
  int base, first, last;
};
inline ChiLows chi_lows(int d) {
  const int base = d / 9 * 9;
  return {base, d - 2 > base ? d - 2 : base, d < base + 6 ? d : base + 6};
}

// The chi of d with the run low..low+2: its two other kinds, ascending, and whether the seat can
// make it: both held, and a kind left to discard after it (OQ-18: a used kind held once is gone;
// with kuikae (§3.4), neither d nor, when d ends the run, the kind beyond the other end).
struct ChiRun {
  int ka, kb;
  bool ok;
};
inline ChiRun chi_run(std::uint64_t held, std::uint64_t pairs, int d, int low, int base,
                      bool kuikae) {
  const int ka = low == d ? low + 1 : low, kb = low + 2 == d ? low + 1 : low + 2;
  const std::uint64_t used = kind_bit(ka) | kind_bit(kb);
  if ((held & used) != used) return {ka, kb, false};
  std::uint64_t forbidden = 0;
  if (kuikae) {
    forbidden = kind_bit(d);
    if (d == low && low - base <= 5) forbidden |= kind_bit(low + 3);
    if (d == low + 2 && low - base >= 1) forbidden |= kind_bit(low - 1);
  }
  return {ka, kb, (held & ~(used & ~pairs) & ~forbidden) != 0};
}

}  // namespace

// §3.4 kuikae: after a pon the called kind; after a chi the called kind and, when the called
// tile is at one end of the run, the kind beyond the other end (the suji swap).
std::uint64_t Round::kuikae_mask(MeldType type, int called_kind, int run_low) const {
  if (!rules_.kuikae_forbidden) return 0;
  std::uint64_t m = kind_bit(called_kind);
  if (type != MeldType::kChi) return m;
  if (called_kind == run_low && number_of(run_low) <= 6) m |= kind_bit(run_low + 3);
  if (called_kind == run_low + 2 && number_of(run_low) >= 2) m |= kind_bit(run_low - 1);
  return m;
}

// OQ-18: a call is offered only if some tile may still be discarded after it.
bool Round::kuikae_leaves_discard(int seat, std::uint64_t forbidden, int used_a, int used_b) const {
  const Counts& c = seats_[seat].counts;
  std::uint64_t left = seats_[seat].held_kinds;  // kinds_at_least(c, 1), kept by the Round
  if (c[used_a] <= (used_a == used_b ? 2 : 1)) left &= ~kind_bit(used_a);
  if (c[used_b] <= (used_a == used_b ? 2 : 1)) left &= ~kind_bit(used_b);
  return (left & ~forbidden) != 0;
}

// Pon, daiminkan and chi on the discard in the window, each distinct choice of tiles (red
// fives apart) (§3.2), by pon_leaves_discard() and chi_run() (the tests has_call() shares).
template <typename Out>
[[gnu::always_inline]] inline void Round::calls_into(int seat, Out& out) const {
  const Seat& s = seats_[seat];
  const int d = id_kind(claim_id_);
  const std::uint64_t held = s.held_kinds;
  const bool kuikae = rules_.kuikae_forbidden;
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.tile = static_cast<std::int16_t>(claim_id_);
  if (s.pair_kinds >> d & 1) {
    int plain[4], n_plain = 0, red = -1;
    for (int c = 0; c < 4; ++c) {
      const int id = d * 4 + c;
      if (!(s.ids[id >> 6] >> (id & 63) & 1)) continue;
      if (rules_.red_fives && is_red_id(id))
        red = id;
      else
        plain[n_plain++] = id;
    }
    if (pon_leaves_discard(held, d, s.counts[d], kuikae)) {
      a.type = ActionType::kPon;
      if (n_plain >= 2) {
        a.uses = {static_cast<std::int16_t>(plain[0]), static_cast<std::int16_t>(plain[1]), -1};
        out.push_back(a);
      }
      if (red >= 0 && n_plain >= 1) {
        a.uses = {static_cast<std::int16_t>(red), static_cast<std::int16_t>(plain[0]), -1};
        out.push_back(a);
      }
    }
    if (s.counts[d] == 3 && total_kans_ < 4) {
      a.type = ActionType::kDaiminkan;
      int n = 0;
      for (int c = 0; c < 4; ++c) {
        const int id = d * 4 + c;
        if (s.ids[id >> 6] >> (id & 63) & 1) a.uses[n++] = static_cast<std::int16_t>(id);
      }
      out.push_back(a);
    }
  }
  // chi: from the left only, where the rules have chi (not in sanma)
  const int left = current_ + 1 < rules_.players ? current_ + 1 : 0;  // the discarder's next
  if (!rules_.chi_allowed || seat != left || !is_suited(d)) return;
  a.type = ActionType::kChi;
  a.uses[2] = -1;
  // The red fives (copy 0 of 5m, 5p, 5s) where the rules have them: a kind's plain choice is its
  // lowest other copy, the red five a choice apart (first_id(seat, kind, false / true)).
  const std::uint64_t red_kinds =
      rules_.red_fives ? kind_bit(4) | kind_bit(13) | kind_bit(22) : std::uint64_t{0};
  const auto copies_of = [&s](int kind) {
    return static_cast<unsigned>(s.ids[kind >> 4] >> ((kind & 15) * 4)) & 15u;
  };
  const auto push = [&a, &out](int ua, int ub) {
    a.uses[0] = static_cast<std::int16_t>(ua);
    a.uses[1] = static_cast<std::int16_t>(ub);
    out.push_back(a);
  };
  const ChiLows lows = chi_lows(d);
  for (int low = lows.first; low <= lows.last; ++low) {
    const ChiRun run = chi_run(held, s.pair_kinds, d, low, lows.base, kuikae);
    if (!run.ok) continue;
    const int ka = run.ka, kb = run.kb;
    const std::uint64_t used = kind_bit(ka) | kind_bit(kb);
    const unsigned ca = copies_of(ka), cb = copies_of(kb);
    if ((red_kinds & used) == 0) {  // no red five: one choice, the lowest copy of each (both held)
      push(ka * 4 + std::countr_zero(ca), kb * 4 + std::countr_zero(cb));
      continue;
    }
    // One of the two kinds is a five (they are at most two apart): the plain choice, then the red
    // five, for the first tile and within it for the second.
    const bool red_a = red_kinds >> ka & 1, red_b = red_kinds >> kb & 1;
    const unsigned plain_a = red_a ? ca & ~1u : ca, plain_b = red_b ? cb & ~1u : cb;
    const std::array<int, 2> ia{plain_a ? ka * 4 + std::countr_zero(plain_a) : -1,
                                red_a && (ca & 1u) ? ka * 4 : -1};
    const std::array<int, 2> ib{plain_b ? kb * 4 + std::countr_zero(plain_b) : -1,
                                red_b && (cb & 1u) ? kb * 4 : -1};
    for (const int ua : ia) {
      if (ua < 0) continue;
      for (const int ub : ib)
        if (ub >= 0) push(ua, ub);
    }
  }
}

namespace {

// calls_into()'s sink for call_count(): the actions counted, not written.
struct CallCounter {
  int n = 0;
  void push_back(const Action& /*call*/) { ++n; }
};

}  // namespace

int Round::call_count(int seat) const {
  CallCounter counter;
  calls_into(seat, counter);
  return counter.n;
}

void Round::call_actions(int seat, std::vector<Action>& out) const { calls_into(seat, out); }

// calls_into()'s tests alone, true at the first call it would push: a pon pushes one or two
// choices when its test passes (two copies held, at most one red), a daiminkan one, and a chi
// run that passes its two tests at least one (each of its two kinds held: a plain copy or the
// red five).
bool Round::has_call(int seat) const {
  const Seat& s = seats_[seat];
  const int d = id_kind(claim_id_);
  const std::uint64_t held = s.held_kinds;
  const bool kuikae = rules_.kuikae_forbidden;
  if (s.pair_kinds >> d & 1) {
    if (pon_leaves_discard(held, d, s.counts[d], kuikae)) return true;
    if (s.counts[d] == 3 && total_kans_ < 4) return true;
  }
  const int left = current_ + 1 < rules_.players ? current_ + 1 : 0;
  if (!rules_.chi_allowed || seat != left || !is_suited(d)) return false;
  const ChiLows lows = chi_lows(d);
  for (int low = lows.first; low <= lows.last; ++low)
    if (chi_run(held, s.pair_kinds, d, low, lows.base, kuikae).ok) return true;
  return false;
}

void Round::cancel_ippatsu() {
  for (Seat& s : seats_) s.ippatsu = false;  // §3.7: any call or kan by anyone
}

// §3.8: temporary furiten ends at the player's claim (EMA 2016) or at any claim (EMA 2008).
void Round::clear_temporary_furiten_on_call(int caller) {
  switch (rules_.temporary_furiten_end) {
    case TemporaryFuritenEnd::kOwnDrawOrClaim:
      seats_[caller].temporary_furiten = false;
      break;
    case TemporaryFuritenEnd::kOwnDrawOrAnyCall:
      for (Seat& s : seats_) s.temporary_furiten = false;
      break;
    case TemporaryFuritenEnd::kOwnDiscard:
      break;
  }
}

// §4.6 pao: a pon/daiminkan completing the third dragon set or the fourth wind set.
void Round::check_pao(int seat, int kind, int from) {
  Seat& s = seats_[seat];
  if (s.liable >= 0 || !is_honor(kind)) return;
  int dragons = 0, winds = 0;
  for (int m = 0; m < s.num_melds; ++m) {
    const MeldInfo& meld = s.melds[m];
    if (meld.type == MeldType::kChi) continue;
    if (meld.type == MeldType::kAnkan && !rules_.pao_counts_ankan) continue;
    const int k = meld.ids[0] / 4;
    dragons += is_dragon(k);
    winds += is_wind(k);
  }
  if ((is_dragon(kind) && dragons == 3) || (is_wind(kind) && winds == 4))
    s.liable = static_cast<std::int8_t>(from);
}

// Chi, pon or daiminkan on the discard in the window (§3.2).
void Round::call(const Action& a) {
  const int from = current_;
  const int seat = a.seat;
  Seat& d = seats_[from];
  d.discards[d.num_discards - 1].called = true;
  d.nagashi_ok = false;  // §4.3: a claimed discard
  Seat& s = seats_[seat];
  MeldInfo m;
  m.type = a.type == ActionType::kChi   ? MeldType::kChi
           : a.type == ActionType::kPon ? MeldType::kPon
                                        : MeldType::kDaiminkan;
  m.from = static_cast<std::int8_t>(from);
  m.ids[0] = static_cast<std::uint8_t>(claim_id_);
  const int n = a.type == ActionType::kDaiminkan ? 3 : 2;
  int low = claim_id_ / 4;
  for (int i = 0; i < n; ++i) {
    m.ids[i + 1] = static_cast<std::uint8_t>(a.uses[i]);
    remove_tile(seat, a.uses[i]);
    if (a.uses[i] / 4 < low) low = a.uses[i] / 4;
  }
  s.melds[s.num_melds++] = m;
  if (m.type == MeldType::kPon) s.pon_kinds |= std::uint64_t{1} << (claim_id_ / 4);
  s.open = true;
  interrupted_ = true;  // §3.9
  cancel_ippatsu();
  clear_temporary_furiten_on_call(seat);
  if (m.type != MeldType::kChi) check_pao(seat, claim_id_ / 4, from);
  Event e;
  e.type = EventType::kCall;
  e.seat = static_cast<std::int8_t>(seat);
  e.tile = static_cast<std::int16_t>(claim_id_);
  e.from = static_cast<std::int8_t>(from);
  e.meld = m.type;
  e.meld_ids = m.ids;
  events_.push_back(e);
  current_ = seat;
  drawn_ = -1;
  if (m.type == MeldType::kDaiminkan) return complete_kan(seat, a);
  phase_ = Phase::kDiscardOnly;
  kuikae_forbidden_ = kuikae_mask(m.type, claim_id_ / 4, low);
}

// Kakan or ankan declared: the kakan tile (or, for kokushi where allowed, the ankan tile) may
// be robbed first (§3.6). Tenhou's pending minkan dora flips at the next kan (§2.6): at once for
// an ankan, only once a kakan stands (a robbed kakan never turns it: real Tenhou logs,
// 2021070106gm-00a9-0000-5d3037a2 South 3).
void Round::declare_kan(const Action& a) {
  const int seat = a.seat;
  if (a.type != ActionType::kKakan) flip_pending_kan_dora();
  interrupted_ = true;  // §3.9: a kan ends the first go-around, even one robbed by kokushi
  const Seat& s = seats_[seat];
  Event e;
  e.type = EventType::kCall;
  e.seat = static_cast<std::int8_t>(seat);
  e.tile = a.tile;
  const int k = a.tile / 4;
  if (a.type == ActionType::kKakan) {
    e.meld = MeldType::kKakan;
    for (int m = 0; m < s.num_melds; ++m) {
      if (s.melds[m].type != MeldType::kPon || s.melds[m].ids[0] / 4 != k) continue;
      e.meld_ids = s.melds[m].ids;
      e.from = s.melds[m].from;
    }
    e.meld_ids[3] = static_cast<std::uint8_t>(a.tile);
  } else {
    e.meld = MeldType::kAnkan;
    for (int c = 0; c < 4; ++c) e.meld_ids[c] = static_cast<std::uint8_t>(k * 4 + c);
  }
  events_.push_back(e);
  claim_kan_ = a;
  claim_kakan_ = a.type == ActionType::kKakan;
  claim_id_ = a.tile;
  drawn_ = -1;
  open_claim_window(Phase::kChankan);
}

// The kan stands: meld, kan dora (§2.6), the suukaikan count (§4.4), rinshan draw (§2.7).
void Round::complete_kan(int seat, const Action& a) {
  Seat& s = seats_[seat];
  const int k = a.tile / 4;
  if (a.type == ActionType::kKakan) {
    flip_pending_kan_dora();  // the earlier kan's dora, now that this kakan stands
    remove_tile(seat, a.tile);
    s.pon_kinds &= ~(std::uint64_t{1} << k);
    for (int m = 0; m < s.num_melds; ++m) {
      if (s.melds[m].type != MeldType::kPon || s.melds[m].ids[0] / 4 != k) continue;
      s.melds[m].type = MeldType::kKakan;
      s.melds[m].ids[3] = static_cast<std::uint8_t>(a.tile);
    }
  } else if (a.type == ActionType::kAnkan) {
    MeldInfo m;
    m.type = MeldType::kAnkan;
    for (int c = 0; c < 4; ++c) {
      m.ids[c] = static_cast<std::uint8_t>(k * 4 + c);
      remove_tile(seat, k * 4 + c);
    }
    s.melds[s.num_melds++] = m;
  }
  ++total_kans_;
  ++s.num_kans;
  interrupted_ = true;  // §3.9, OQ-17: any kan ends the first go-around
  cancel_ippatsu();
  if (a.type == ActionType::kAnkan || !rules_.open_kan_dora_delayed)
    reveal_indicator();
  else
    ++pending_kan_dora_;
  if (rules_.suukaikan && total_kans_ == 4 && s.num_kans != 4) suukaikan_pending_ = true;
  update_waits(seat);
  --live_end_;  // §2.7: the last live tile joins the dead wall
  current_ = seat;
  draw(true);
}

// §3.7 kan after riichi: an ankan of the drawn tile that leaves the waits unchanged; EMA also
// requires the three concealed tiles to be a pung in every reading of the riichi hand.
bool Round::kan_allowed_in_riichi(int seat, int kind) const {
  if (drawn_ < 0 || drawn_ / 4 != kind) return false;
  const Seat& s = seats_[seat];
  Counts before = s.counts;
  --before[kind];
  Counts after = s.counts;
  after[kind] = 0;
  if (s.wait_kinds == 0 || wait_mask(after) != s.wait_kinds) return false;
  if (rules_.kan_after_riichi != KanAfterRiichi::kWaitsAndPungOnly) return true;
  for (int w = 0; w < kNumKinds; ++w) {
    if (!(s.wait_kinds & kind_bit(w))) continue;
    Counts h = before;
    ++h[w];
    const std::vector<Decomposition> ds = decompose(h);
    if (ds.empty()) return false;
    for (const Decomposition& dc : ds) {
      bool pung = false;
      for (int b = 0; b < dc.count; ++b)
        pung = pung || (dc.blocks[b].type == BlockType::kPung && dc.blocks[b].kind == kind);
      if (!pung) return false;
    }
  }
  return true;
}

// Nukidora (rules.kita): a North tile in the player's own turn, while a live tile is left to
// replace it; in riichi only the North just drawn (the waits cannot change).
void Round::kita_actions(int seat, std::vector<Action>& out) const {
  const Seat& s = seats_[seat];
  if (s.counts[kNorth] == 0 || live_tiles_left() <= 0) return;
  int id = drawn_ >= 0 && drawn_ / 4 == kNorth ? drawn_ : -1;
  if (s.riichi && id < 0) return;
  if (id < 0) id = first_id(seat, kNorth, false);
  out.push_back(Action{ActionType::kKita,
                       static_cast<std::int8_t>(seat),
                       static_cast<std::int16_t>(id),
                       false,
                       {-1, -1, -1}});
}

// A kita is set aside like a kan is declared: it ends the first go-around (no double riichi,
// tenhou / chiihou or kyuushu after it) and may be ronned first, without chankan.
void Round::declare_kita(const Action& a) {
  interrupted_ = true;
  Event e;
  e.type = EventType::kKita;
  e.seat = a.seat;
  e.tile = a.tile;
  events_.push_back(e);
  claim_kan_ = a;
  claim_kakan_ = false;
  claim_kita_ = true;
  claim_id_ = a.tile;
  drawn_ = -1;
  open_claim_window(Phase::kChankan);
}

// The kita stands: the North joins the seat's nukidora, ippatsu ends (as after a call), and the
// replacement comes from the dead wall like a kan's, the last live tile joining the dead wall.
void Round::complete_kita(int seat, const Action& a) {
  Seat& s = seats_[seat];
  claim_kita_ = false;
  remove_tile(seat, a.tile);
  s.kita_ids[s.num_kita++] = static_cast<std::uint8_t>(a.tile);
  cancel_ippatsu();
  update_waits(seat);
  --live_end_;
  current_ = seat;
  draw(true);
}

}  // namespace riichi
