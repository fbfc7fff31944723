// One hand of play: the deal, draws, discards, claim windows and the discard lists and counts
// (RULES.md §2.4, §3.1-§3.3, §3.7-§3.9). The legal list's cache, the turn's other actions and
// the claim answers: round_legal.cpp; calls and kans: round_calls.cpp; wins and draws:
// round_settle.cpp; construction and the next hand in place: round_start.cpp.
#include "riichi/round.hpp"

#include <algorithm>
#include <bit>
#include <iterator>
#include <utility>

#include "riichi/shanten.hpp"
#include "riichi/waits.hpp"

namespace riichi {

namespace {

constexpr std::uint64_t kind_bit(int kind) { return std::uint64_t{1} << kind; }

// kind_of_id() (tile.hpp) for an id known valid (0..135): a shift, without the signed division's
// rounding toward zero (three instructions more each time).
constexpr int id_kind(int id) { return static_cast<int>(static_cast<unsigned>(id) >> 2); }

}  // namespace

namespace detail {

// Inlined into its two callers (discard_only_count, the constructor in discard_actions).
[[gnu::always_inline]] inline void DiscardNames::set(const std::array<std::uint64_t, 3>& held,
                                                     std::uint64_t held_kinds, int held_count,
                                                     int drawn_id, std::uint64_t forbidden,
                                                     bool red) {
  ids = held;
  kinds = held_kinds & ~forbidden;
  special = 0;
  drawn = -1;
  red_fives = red;
  // Every kind of `kinds` has one name (its lowest copy); a special kind has one more for each
  // of the drawn tile apart and a red five beside a plain copy (each_name lists them).
  count = held_count;
  if (forbidden) {
    for (std::uint64_t m = forbidden; m; m &= m - 1) {
      const int k = std::countr_zero(m);
      ids[k >> 4] &= ~(std::uint64_t{15} << ((k & 15) * 4));
    }
    count = mask_size(kinds);
  }
  if (drawn_id >= 0) {
    // The drawn id's word and bit; its kind's four copies are the nibble at (drawn_id & 60).
    std::uint64_t& word = ids[drawn_id >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (drawn_id & 63);
    if (held[drawn_id >> 6] & bit) {
      drawn = drawn_id;
      const std::uint64_t kind = kind_bit(id_kind(drawn_id));
      kinds |= kind;  // held, so named even where forbidden
      // Alone in its kind, the drawn tile is the kind's one name (its lowest copy, counted) and
      // stays in `ids`; otherwise it is a name apart, after the others (or the kind's only name
      // where the kind is forbidden: its copies are cleared).
      if ((word & std::uint64_t{15} << (drawn_id & 60)) != bit) {
        word &= ~bit;
        special |= kind;
        ++count;
      }
    }
  }
  // A red five (copy 0) beside a plain copy of its kind: two names. The three fives (5m, 5p, 5s:
  // ids 16, 52 and 88, the plain copies the next three bits) tested only when one of them is
  // held (most hands hold none); a kind not held (or forbidden) has no copies here.
  constexpr std::uint64_t kRed0 = std::uint64_t{1} << 16 | std::uint64_t{1} << 52;
  constexpr std::uint64_t kRed1 = std::uint64_t{1} << (88 - 64);
  if (red_fives && ((ids[0] & kRed0) | (ids[1] & kRed1)) != 0) {
    const std::uint64_t w0 = ids[0], w1 = ids[1];
    if ((w0 >> 16 & 1) && (w0 >> 17 & 7)) {
      special |= kind_bit(4);
      ++count;
    }
    if ((w0 >> 52 & 1) && (w0 >> 53 & 7)) {
      special |= kind_bit(13);
      ++count;
    }
    if ((w1 >> 24 & 1) && (w1 >> 25 & 7)) {
      special |= kind_bit(22);
      ++count;
    }
  }
}

DiscardNames DiscardNames::drawn_only(int drawn_id) {
  DiscardNames names;
  names.set_drawn_only(drawn_id);
  return names;
}

void DiscardNames::set_drawn_only(int drawn_id) {
  ids = {};
  red_fives = false;
  drawn = drawn_id;
  kinds = special = kind_bit(drawn_id / 4);
  count = 1;
}

// id_at() where some kind has more than one name: the kinds in order, a kind of one name taking
// one position, a special kind its names in each_name's order. The plain kinds before the next
// special kind are skipped as in id_at() (one `run &= run - 1` a position).
int DiscardNames::id_at_special(int index) const {
  for (std::uint64_t m = kinds;;) {
    const std::uint64_t rest = special & m;                // special kinds not passed yet
    const std::uint64_t before = (rest & (0 - rest)) - 1;  // below the next one (all: none)
    std::uint64_t run = m & before;
    for (; run != 0 && index > 0; --index) run &= run - 1;
    if (run != 0) return lowest_copy(std::countr_zero(run));
    m &= ~before;  // from the next special kind on; `index` names to pass
    const int kind = std::countr_zero(m);
    m &= m - 1;
    unsigned plain = copies(kind);
    if (red_fives && is_five(kind) && (plain & 1u)) {
      if (index-- == 0) return kind * 4;
      plain &= ~1u;
    }
    if (plain && index-- == 0) return kind * 4 + std::countr_zero(plain);
    if (drawn >= 0 && drawn / 4 == kind && index-- == 0) return drawn;
  }
}

}  // namespace detail

// ------------------------------------------------------------------------------------------
// The deal (§2.4); the construction and Round::restart: round_start.cpp

void Round::deal() {
  const int n = rules_.players;
  for (int w = 0; w < n; ++w) {
    const int seat = (setup_.dealer + w) % n;
    Event e;
    e.type = EventType::kDeal;
    e.seat = static_cast<std::int8_t>(seat);
    e.hand_size = 13;
    Seat& s = seats_[seat];
    for (int i = 0; i < 13; ++i) {
      const int id = wall_.tiles[deal_slot(w, i, n)];
      s.ids[id >> 6] |= std::uint64_t{1} << (id & 63);
      ++s.counts[id_kind(id)];
    }
    s.num_concealed = 13;
    s.hand_shanten = detail::KeyedHandShanten(s.counts);  // read once, not tile by tile
    s.held_kinds = kinds_at_least(s.counts, 1);
    s.pair_kinds = kinds_at_least(s.counts, 2);
    s.quad_kinds = kinds_at_least(s.counts, 4);
    int i = 0;  // the event lists the 13 ids ascending: the id bitset in order
    for (int word = 0; word < 3; ++word)
      for (std::uint64_t bits = s.ids[word]; bits; bits &= bits - 1)
        e.hand[i++] = static_cast<std::uint8_t>(64 * word + std::countr_zero(bits));
    events_.push_back(e);
    update_waits(seat);
  }
  next_ = 13 * n;
  Event dora;
  dora.type = EventType::kDoraRevealed;
  dora.tile = static_cast<std::int16_t>(wall_.tiles[Wall::kDoraSlot]);
  ++visible_[dora.tile / 4];
  events_.push_back(dora);
  current_ = setup_.dealer;
  draw(false);
}

// ------------------------------------------------------------------------------------------
// Tiles in hand

// Out of line (draw() is its only caller): inlined, GCC recomputed the seat's address
// (this + seat * sizeof(Seat)) after the byte stores, as in discard_from_hand().
[[gnu::noinline]] void Round::add_tile(Seat& s, int id) {
  const int kind = id_kind(id), before = s.counts[kind]++;
  ++s.num_concealed;
  s.ids[id >> 6] |= std::uint64_t{1} << (id & 63);
  s.hand_shanten.add(kind, before);
  s.held_kinds |= kind_bit(kind);
  if (before == 1) s.pair_kinds |= kind_bit(kind);
  if (before == 3) s.quad_kinds |= kind_bit(kind);
}

namespace {

// remove_held()'s body, also inlined into discard_from_hand() (the seat's type is deduced).
template <typename SeatT>
[[gnu::always_inline]] inline void remove_from_hand(SeatT& s, Counts& visible, int id) {
  const int kind = id_kind(id), after = --s.counts[kind];
  --s.num_concealed;
  ++visible[kind];  // discarded, melded or set aside: in sight from now on
  s.ids[id >> 6] &= ~(std::uint64_t{1} << (id & 63));
  s.hand_shanten.remove(kind, after);
  if (after == 0) s.held_kinds &= ~kind_bit(kind);
  if (after == 1) s.pair_kinds &= ~kind_bit(kind);
  if (after == 3) s.quad_kinds &= ~kind_bit(kind);
}

}  // namespace

// Calls and kans (round_calls.cpp) use remove_tile(); discard() uses discard_from_hand().
[[gnu::always_inline]] inline void Round::remove_held(Seat& s, int id) {
  remove_from_hand(s, visible_, id);
}

void Round::remove_tile(int seat, int id) { remove_held(seats_[seat], id); }

// The first held id of `kind` that is (want_red) / is not (!want_red) a red five.
int Round::first_id(int seat, int kind, bool want_red) const {
  unsigned held = held_copies(seat, kind);
  const bool red_kind = rules_.red_fives && is_five(kind);  // copy 0 is the red five
  if (want_red) return red_kind && (held & 1u) ? kind * 4 : -1;
  if (red_kind) held &= ~1u;
  return held ? kind * 4 + std::countr_zero(held) : -1;
}

namespace {

// Cached shanten and waits of the 3n+1 concealed part of a Round::Seat, refreshed whenever it
// changes: update_waits(), and inlined into discard() (the seat's type is deduced).
template <typename SeatT>
[[gnu::always_inline]] inline void refresh_waits(SeatT& s) {
  s.shanten = static_cast<std::int8_t>(s.hand_shanten.shanten());
  s.wait_kinds = 0;
  if (s.shanten != 0 || s.dead != DeadHandReason::kNone) return;  // §4.5: a dead hand never wins
  s.wait_kinds = waiting_kinds(s.counts);
}

// discard()'s part in the discarder's seat: the tile out of the hand, into the discards, and the
// seat's waits refreshed. Out of line on purpose: inlined, GCC recomputed the seat's address
// (this + seat * sizeof(Seat), three instructions) after most byte stores; here it is an argument
// kept in a register.
template <typename SeatT>
[[gnu::noinline]] void discard_from_hand(SeatT& s, Counts& visible, const Action& a, bool riichi,
                                         bool own_discard_ends_furiten) {
  remove_from_hand(s, visible, a.tile);
  s.discards[s.num_discards++] =
      DiscardInfo{static_cast<std::uint8_t>(a.tile), a.tsumogiri, riichi, false};
  const int kind = id_kind(a.tile);
  s.discard_kinds |= kind_bit(kind);
  if (!(kYaochuuMask >> kind & 1)) s.nagashi_ok = false;      // §4.3 (is_yaochuu by mask)
  if (own_discard_ends_furiten) s.temporary_furiten = false;  // §3.8 Tenhou
  // The shanten of the 3n+1 part falls by at most one from one discard to the next (a draw, or
  // a call's tile, brings one tile; a discard, or a call's set fixed, never lowers it). From 3
  // or more it is still 2 or more, where no wait is possible and only `shanten <= 1` and
  // `shanten == 0` are ever asked: it is kept as a lower bound, without the table lookup
  // (Seat::shanten). Kans, kita and the deal refresh it exactly (update_waits).
  if (s.shanten >= 3) {
    --s.shanten;
    return;
  }
  refresh_waits(s);
}

}  // namespace

void Round::update_waits(int seat) { refresh_waits(seats_[seat]); }

bool Round::is_furiten(int seat) const {
  const Seat& s = seats_[seat];
  return s.temporary_furiten || s.riichi_furiten || (s.discard_kinds & s.wait_kinds) != 0;
}

// ------------------------------------------------------------------------------------------
// Turn flow (§3.1)

// draw()'s body: inline in draw() and in discard_and_count()'s next turn.
[[gnu::always_inline]] inline void Round::draw_inline(bool rinshan) {
  int id;
  if (rinshan) {
    id = wall_.tiles[Wall::rinshan_slot(rinshan_used_++, wall_shape(rules_))];
  } else {
    id = wall_.tiles[next_++];
  }
  drawn_ = id;
  drawn_rinshan_ = rinshan;
  haitei_draw_ = !rinshan && live_tiles_left() == 0;  // §2.8
  // §3.8: temporary furiten ends at the player's next draw (EMA 2016, EMA 2008).
  if (rules_.temporary_furiten_end != TemporaryFuritenEnd::kOwnDiscard)
    seats_[current_].temporary_furiten = false;
  Event& e = events_.emplace_back();  // written in place (no copy of the 32-byte event)
  e.type = EventType::kDraw;
  e.seat = static_cast<std::int8_t>(current_);
  e.tile = static_cast<std::int16_t>(id);
  e.rinshan = rinshan;
  phase_ = Phase::kSelf;
  kuikae_forbidden_ = 0;
  // Last (nothing above reads the hand): a tail call, so no register is kept across it.
  add_tile(seats_[current_], id);
}

void Round::draw(bool rinshan) { draw_inline(rinshan); }

namespace {

// Whether a hand holding the kinds `held` (bit per kind) has two tiles that make a run with a
// tile of `kind`: the shape a chi needs, before the kuikae and copy checks of call_actions. The
// five kinds kind-2 .. kind+2 of its suit, as bits 0..4 (kind itself bit 2), are one of the
// shapes 0-1, 1-3 or 3-4 (kChiShapes: bit w set when the 5-bit window w holds one).
constexpr std::uint32_t kChiShapes = [] {
  std::uint32_t m = 0;
  for (unsigned w = 0; w < 32; ++w)
    if ((w & 3u) == 3u || (w & 10u) == 10u || (w & 24u) == 24u) m |= 1u << w;
  return m;
}();

// The window's bits that can matter per kind: 0x1B (kind itself never), less the places outside
// the kind's suit (kind-2, kind-1 below its 1; kind+1, kind+2 above its 9); 0 for an honour.
constexpr std::array<std::uint8_t, kNumKinds> kChiWindowMask = [] {
  std::array<std::uint8_t, kNumKinds> t{};
  for (int k = 0; k < 27; ++k) {
    unsigned m = 0x1Bu;
    for (int b = 0; b < 5; ++b)
      if (k % 9 + b - 2 < 0 || k % 9 + b - 2 > 8) m &= ~(1u << b);
    t[k] = static_cast<std::uint8_t>(m);
  }
  return t;
}();

// The window read from `held` directly (held << 2 >> kind: kind-2 .. kind+2 as bits 0..4), the
// other suits' kinds masked off: no division by 9 for the suit's base.
bool chi_shape(std::uint64_t held, int kind) {
  const unsigned window = static_cast<unsigned>((held << 2) >> kind) & kChiWindowMask[kind];
  return kChiShapes >> window & 1u;
}

// Scratch for the claim lists of the seats after the first to answer in a window.
std::vector<Action>& claim_scratch() {
  thread_local std::vector<Action> scratch;
  return scratch;
}

}  // namespace

void Round::discard(const Action& a) { discard_as<false>(a); }

// Inline in both: discard() and discard_and_count().
template <bool kInRun>
[[gnu::always_inline]] inline void Round::discard_as(const Action& a) {
  const int seat = current_;
  Seat& s = seats_[seat];
  if (pending_kan_dora_) flip_pending_kan_dora();  // §2.6: Tenhou minkan dora, next discard
  const bool riichi = a.type == ActionType::kRiichi;
  const bool first = uninterrupted_first_turn(seat);
  if (riichi) {
    s.riichi = true;
    s.double_riichi = first;  // §3.7 double riichi: first discard, no call before it
    Event e;
    e.type = EventType::kRiichiDeclared;
    e.seat = static_cast<std::int8_t>(seat);
    events_.push_back(e);
  } else if (s.ippatsu) {
    s.ippatsu = false;  // §3.7: ippatsu lasts until the declarer's next discard
  }
  discard_from_hand(s, visible_, a, riichi,
                    rules_.temporary_furiten_end == TemporaryFuritenEnd::kOwnDiscard);
  const int kind = id_kind(a.tile);
  drawn_ = -1;
  kuikae_forbidden_ = 0;
  Event& e = events_.emplace_back();
  e.type = EventType::kDiscard;
  e.seat = static_cast<std::int8_t>(seat);
  e.tile = a.tile;
  e.tsumogiri = a.tsumogiri;
  e.riichi = riichi;
  // §4.4 suufon renda: the four first discards of the uninterrupted go-around are one wind.
  if (first && rules_.suufon_renda && ++first_discards_ == 4 && is_wind(kind)) {
    bool same = true;
    for (const Seat& o : seats_) same = same && o.discards[0].id / 4 == kind;
    if (same) return abortive_draw(AbortiveDraw::kSuufonRenda, -1);
  }
  claim_id_ = a.tile;
  // Most discards concern nobody (no seat waits on the tile or holds two of it, the next seat
  // has no run shape with it): the window closes at once without asking anyone.
  const int n = rules_.players;
  // The waits and pairs of every seat first (an absent fourth seat holds none), without the
  // discarder's test per seat: most discards meet none of them. Only then the other seats'.
  const auto claims = [](const Seat& o) { return o.wait_kinds | o.pair_kinds; };
  bool claimable =
      ((claims(seats_[0]) | claims(seats_[1]) | claims(seats_[2]) | claims(seats_[3])) >> kind &
       1) != 0;
  if (claimable) {
    std::uint64_t others = 0;
    for (int o = 0; o < n; ++o) others |= o == seat ? 0 : claims(seats_[o]);
    claimable = (others >> kind & 1) != 0;
  }
  const bool chi =
      rules_.chi_allowed && chi_shape(seats_[seat + 1 < n ? seat + 1 : 0].held_kinds, kind);
  if (offence_seen_ || chi || claimable) return open_claim_window(Phase::kClaim);
  phase_ = Phase::kClaim;
  pending_ = 0;
  win_capable_ = 0;
  legal_version_ = ~0u;
  legal_seat_ = -1;
  if constexpr (kInRun) {
    // close_without_ron(nullptr)'s usual case (no stake to accept, no suukaikan, a live tile
    // left: next_turn()), with the draw inline.
    if (!(s.riichi && !s.riichi_accepted) && !suukaikan_pending_ && live_tiles_left() > 0) {
      current_ = seat + 1 < n ? seat + 1 : 0;
      return draw_inline(false);
    }
  }
  close_without_ron(nullptr);
}

// §3.3: every seat with a possible call answers; if none, the window closes at once.
// A chankan window on an ankan tile concerns kokushi hands only, where allowed (§3.6).
void Round::open_claim_window(Phase window) {
  phase_ = window;
  pending_ = 0;
  win_capable_ = 0;
  const int kind = id_kind(claim_id_);
  const bool ankan = window == Phase::kChankan && !claim_kakan_ && !claim_kita_;
  const int n = rules_.players;
  int first = -1;             // the first seat to answer
  bool first_listed = false;  // its list built (in legal_)
  for (int k = 1; k < n; ++k) {
    const int seat = current_ + k < n ? current_ + k : current_ + k - n;
    answers_[seat] = Action{};
    const Seat& s = seats_[seat];
    // A seat whose waits hold the tile (never a dead hand, §4.5): it may ron, and is furiten if
    // it does not.
    if ((s.wait_kinds & kind_bit(kind)) &&
        !(ankan &&
          (!rules_.kokushi_robs_ankan || s.num_melds > 0 || shanten_kokushi(s.counts) != 0)))
      win_capable_ |= 1u << seat;
    // claim_actions offers more than a pass only with a ron, two copies for a pon or kan, or a
    // chi for the next seat (two tiles that make a run with the discard): other seats are not
    // asked.
    const bool may_call = window == Phase::kClaim &&
                          ((s.pair_kinds & kind_bit(kind)) != 0 ||
                           (k == 1 && rules_.chi_allowed && chi_shape(s.held_kinds, kind)));
    if (win_capable_ >> seat & 1) {
      // A ron may be offered: the list is built (can_ron). The first seat with more than a pass
      // is the first to answer (to_play()): its list stays in legal_ as the cache; the lists of
      // later seats (rarely any) go to a scratch vector.
      std::vector<Action>& buf = pending_ ? claim_scratch() : legal_;
      claim_actions(seat, buf);
      if (buf.size() <= 1) continue;  // a pass only
      if (!pending_) first = seat, first_listed = true;
    } else {
      // No ron: the list is the calls and a pass (claim_actions with its calls' conditions;
      // the phase is kClaim here). Only whether there is a call is tested (has_call); the calls
      // are counted when asked (claim_call_count) and the list built when asked for
      // (legal_actions): most answers are a pass.
      if (!may_call || live_tiles_left() <= 0 || s.riichi || s.dead != DeadHandReason::kNone)
        continue;
      if (!has_call(seat)) continue;  // a pass only
      claim_calls_[static_cast<std::size_t>(seat)] = -1;
      if (!pending_) first = seat;
    }
    pending_ |= 1u << seat;
  }
  if (!pending_ || !first_listed) {
    legal_version_ = ~0u;
    legal_seat_ = -1;
    if (!pending_) return close_claim_window();
    return;
  }
  // Every action that opens a window (apply(), apply_offence()) ends with ++version_ and changes
  // nothing after it: the first answerer's list is then the cache of that version.
  legal_seat_ = first;
  legal_version_ = version_ + 1;
}

// apply_found() of the seat's pass (claim_actions' last action) without the list.
void Round::pass_claim(int seat, Action& made) {
  made = Action{};
  made.type = ActionType::kPass;
  made.seat = static_cast<std::int8_t>(seat);
  made.tile = static_cast<std::int16_t>(claim_id_);
  ++version_;
  answers_[static_cast<std::size_t>(seat)] = made;
  pending_ &= ~(1u << seat);
  if (!pending_) close_claim_window();
  ++version_;
}

void Round::close_claim_window() {
  const int n = rules_.players;
  // One pass over the answers in turn order: the rons, the first pon / daiminkan and the first
  // chi (§3.3: ron > pon/kan > chi). The discarder never answers; a seat not asked holds none.
  unsigned rons = 0;
  const Action* pon = nullptr;
  const Action* chi = nullptr;
  for (int k = 1; k < n; ++k) {
    const int seat = current_ + k < n ? current_ + k : current_ + k - n;
    const Action& a = answers_[seat];
    if (a.seat != seat || a.type == ActionType::kPass) continue;  // most answers: a pass
    if (a.type == ActionType::kRon)
      rons |= 1u << seat;
    else if ((a.type == ActionType::kPon || a.type == ActionType::kDaiminkan) && !pon)
      pon = &a;
    else if (a.type == ActionType::kChi && !chi)
      chi = &a;
  }
  // §4.5: a ron by a seat with an illegal kan after riichi is a chombo found at the win; a
  // false ron or a claim with a dead hand, nobody winning, is settled now (the closest offender
  // after the discarder, the discarder last). A valid ron voids them.
  if (offence_seen_) {
    for (int s = 0; s < 4; ++s) {
      if (!(rons >> s & 1) || !seats_[s].illegal_riichi_kan) continue;
      rons &= ~(1u << s);
      window_chombo_[s] = ChomboReason::kIllegalRiichiKan;
    }
    for (int k = 1; k <= n && !rons; ++k) {
      const int s = (current_ + k) % n;
      if (window_chombo_[s] != ChomboReason::kNone) return settle_chombo(s, window_chombo_[s]);
    }
  }
  // §3.8: a seat whose hand the tile completes and that does not ron is furiten.
  for (unsigned m = win_capable_ & ~rons; m; m &= m - 1) {
    Seat& s = seats_[std::countr_zero(m)];
    if (s.riichi) s.riichi_furiten = true;
    s.temporary_furiten = true;
  }
  pending_ = 0;
  win_capable_ = 0;
  if (rons) {
    // atamahane (M.League, WRC): only the ron closest after the discarder stands.
    if (rules_.head_bump)
      for (int k = 1; k < n; ++k)
        if (const unsigned bit = 1u << ((current_ + k) % n); rons & bit) {
          rons = bit;
          break;
        }
    // §4.4 sanchahou (Tenhou): a triple ron aborts the hand.
    if (std::popcount(rons) == 3 && rules_.sanchahou)
      return abortive_draw(AbortiveDraw::kSanchahou, -1);
    return settle_rons(rons, current_, claim_id_);
  }
  return close_without_ron(pon ? pon : chi);
}

// A window closed without a ron: the kan (or kita) it was opened for, the riichi declaration's
// stake (§3.7), §4.4 suucha riichi and suukaikan, the call that won the window (`chosen`, a pon or
// kan before a chi), else the next turn.
// Inlined into its two callers (discard(), close_claim_window()), as next_turn() into it.
[[gnu::always_inline]] inline void Round::close_without_ron(const Action* chosen) {
  if (phase_ == Phase::kChankan)
    return claim_kita_ ? complete_kita(current_, claim_kan_) : complete_kan(current_, claim_kan_);
  Seat& d = seats_[current_];
  if (d.riichi && !d.riichi_accepted) {
    accept_riichi(current_);
    // §4.4 suucha riichi: the fourth declaration stands, then the hand aborts.
    if (rules_.suucha_riichi &&
        std::all_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.riichi_accepted; }))
      return abortive_draw(AbortiveDraw::kSuuchaRiichi, -1);
  }
  // §4.4 suukaikan: the discard after a split fourth kan was not ronned.
  if (suukaikan_pending_) return abortive_draw(AbortiveDraw::kSuukaikan, -1);
  if (chosen) return call(Action(*chosen));
  next_turn();
}

[[gnu::always_inline]] inline void Round::next_turn() {
  if (live_tiles_left() == 0) return exhaustive_draw();         // §4.2
  current_ = current_ + 1 < rules_.players ? current_ + 1 : 0;  // no division
  draw(false);
}

// §2.5-§2.6: the next dora indicator (initial + kan dora, in order).
void Round::reveal_indicator() {
  const int id = wall_.tiles[Wall::kIndicatorSlots[indicators_]];
  ++indicators_;
  ++visible_[id / 4];
  Event e;
  e.type = EventType::kDoraRevealed;
  e.tile = static_cast<std::int16_t>(id);
  events_.push_back(e);
}

void Round::flip_pending_kan_dora() {
  for (; pending_kan_dora_ > 0; --pending_kan_dora_) reveal_indicator();
}

// ------------------------------------------------------------------------------------------
// Legal actions: the discards (the rest of the list in round_legal.cpp)

// Discards (and riichi declarations in kSelf): one action per distinct tile value, the drawn
// tile apart (tsumogiri). Riichi players discard the drawn tile only (§3.7).
void Round::discard_actions(int seat, bool self, std::vector<Action>& out) const {
  const Seat& s = seats_[seat];
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.type = ActionType::kDiscard;
  if (s.riichi) {
    a.tile = static_cast<std::int16_t>(drawn_);
    a.tsumogiri = true;
    out.push_back(a);
    return;
  }
  const std::size_t first = out.size();
  // Appended in one pass over the named ids. The vector keeps its capacity between decisions:
  // no allocation once warm. (Sizing the list first and writing through a pointer costs more:
  // resize() initialises; so does a scratch array written first and appended at once: +45%.)
  const detail::DiscardNames names(s.ids, s.held_kinds, s.hand_shanten.kinds(), drawn_,
                                   kuikae_forbidden_, rules_.red_fives);
  names.for_each([&](int id) {
    a.tile = static_cast<std::int16_t>(id);
    a.tsumogiri = id == names.drawn;
    out.push_back(a);
  });
  if (!self || !riichi_possible(seat)) return;
  // §3.7: riichi on a closed hand, tenpai for payment after the discard.
  const std::size_t last = out.size();
  Counts own = s.counts;
  for (int m = 0; m < s.num_melds; ++m) own[s.melds[m].ids[0] / 4] += 4;  // ankan only
  std::uint64_t checked = 0, tenpai = 0;  // per kind discarded (copies give the same hand)
  // Tenpai implies shanten 0: the shanten of each discard from the hand's table classes (a
  // class lookup) rules out most kinds before the wait scan.
  const detail::HandShanten hand(s.counts);
  for (std::size_t i = first; i < last; ++i) {
    const int k = out[i].tile / 4;
    if (!(checked & kind_bit(k))) {
      checked |= kind_bit(k);
      if (hand.shanten_with(k, -1, s.counts[k], true) != 0) continue;
      Counts c = s.counts;
      --c[k];
      Counts o = own;
      --o[k];
      if (is_tenpai_for_payment(c, o)) tenpai |= kind_bit(k);  // implies shanten 0
    }
    if (!(tenpai & kind_bit(k))) continue;
    Action r = out[i];
    r.type = ActionType::kRiichi;
    out.push_back(r);
  }
}

int Round::discard_only_count(int seat) const {
  if (seat == discard_only_seat_ && version_ == discard_only_version_) return discard_only_.count;
  if (seat != current_ || (phase_ != Phase::kDiscardOnly && phase_ != Phase::kSelf)) {
    discard_only_seat_ = seat;
    discard_only_version_ = version_;
    discard_only_.count = 0;  // not a discard-only turn (nothing else is read)
    return 0;
  }
  return count_discards(seat, kuikae_forbidden_);
}

// Inlined into discard_only_count() and discard_and_count() (after a draw: nothing forbidden).
[[gnu::always_inline]] inline int Round::count_discards(int seat, std::uint64_t forbidden) const {
  discard_only_seat_ = seat;
  discard_only_version_ = version_;
  discard_only_.count = 0;  // not a discard-only turn (nothing else is read)
  kita_names_ = 0;
  // The seat's address once (an argument of turn_extras, inlined): GCC rebuilt it from `seat`
  // after each call and store.
  const Seat& s = seats_[seat];
  const TurnExtras extras = phase_ == Phase::kSelf ? turn_extras(s, seat) : TurnExtras::kNothing;
  if (extras == TurnExtras::kMore) return 0;
  if (s.riichi)
    discard_only_.set_drawn_only(drawn_);  // §3.7
  else
    discard_only_.set(s.ids, s.held_kinds, s.hand_shanten.kinds(), drawn_, forbidden,
                      rules_.red_fives);
  if (extras == TurnExtras::kOnlyKita) {
    // The names kept for kita_turn_size(); not a turn of discards only.
    kita_names_ = discard_only_.count;
    discard_only_.count = 0;
    return 0;
  }
  return discard_only_.count;
}

// make_discard_only()'s discard with discard() inline, and, when it led to the next player's
// draw (kSelf), that turn's count as discard_only_count() counts (and caches) it: one call per
// discard of a run instead of four (the count, the discard, discard() and its draw).
int Round::discard_and_count(int seat, int index, Action& made) {
  name_discard_only(seat, index, made);
  ++version_;
  discard_as<true>(made);
  ++version_;
  if (phase_ != Phase::kSelf) return 0;  // a claim window or the hand's end
  return count_discards(current_, 0);    // a draw: kuikae_forbidden_ is 0
}

Action Round::discard_only_action(int seat, std::size_t index) const {
  const int count = discard_only_count(seat);
  Action a;
  if (index < static_cast<std::size_t>(count)) {
    name_discard_only(seat, static_cast<int>(index), a);
    return a;
  }
  a.type = ActionType::kDiscard;
  a.seat = static_cast<std::int8_t>(seat);
  return a;
}

// What self_actions may offer besides the discards on the player's turn (kSelf): a win,
// kyuushu, a kan, kita or riichi. It may answer kMore for a list of discards only (a kan or
// riichi whose last condition fails): the caller then builds the list. kOnlyKita: nothing but
// the one kita kita_actions lists first (three players). Inlined into count_discards(), its only
// caller (once per turn).
[[gnu::always_inline]] inline Round::TurnExtras Round::turn_extras(const Seat& s, int seat) const {
  if (s.dead != DeadHandReason::kNone) return TurnExtras::kNothing;  // §4.5: discards only
  // can_tsumo's and riichi_possible's first tests inline: most turns fail them.
  if (drawn_ >= 0 && (s.wait_kinds >> (drawn_ / 4) & 1) && can_tsumo(seat))
    return TurnExtras::kMore;
  if (!s.riichi && !s.open && s.shanten <= 1 && riichi_possible(seat)) return TurnExtras::kMore;
  // Kyuushu kyuuhai where self_actions offers it (nine terminal and honour kinds held, the drawn
  // tile's included): every other first turn is still a turn of discards only.
  if (rules_.kyuushu_kyuuhai && uninterrupted_first_turn(seat) &&
      mask_size(s.held_kinds & kYaochuuMask) >= 9)
    return TurnExtras::kMore;
  if (live_tiles_left() > 0) {
    if (total_kans_ < 4 && s.quad_kinds != 0) return TurnExtras::kMore;
    // A kakan: a pon's kind still held (the meld loop of self_actions, as one mask test).
    if (!s.riichi && total_kans_ < 4 && (s.pon_kinds & s.held_kinds) != 0) return TurnExtras::kMore;
    // Kita (kita_actions): a North held; in riichi only the North just drawn (else the list,
    // the drawn tile's discard alone, is left to legal_actions).
    if (rules_.kita && s.counts[kNorth] > 0)
      return !s.riichi || (drawn_ >= 0 && drawn_ / 4 == kNorth) ? TurnExtras::kOnlyKita
                                                                : TurnExtras::kMore;
  }
  return TurnExtras::kNothing;
}

}  // namespace riichi
