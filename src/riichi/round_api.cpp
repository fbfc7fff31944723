// The public face of a Round: the names of actions and events, apply() with validation,
// observations, accessors, the audit.
#include <algorithm>
#include <bit>
#include <iterator>
#include <string>

#include "riichi/round.hpp"

namespace riichi {

const char* action_type_name(ActionType type) {
  static constexpr const char* kNames[] = {"discard", "riichi",  "tsumo",     "ron",
                                           "chi",     "pon",     "daiminkan", "kakan",
                                           "ankan",   "kyuushu", "pass",      "kita"};
  return kNames[static_cast<int>(type)];
}

const char* event_type_name(EventType type) {
  static constexpr const char* kNames[] = {"deal",
                                           "draw",
                                           "discard",
                                           "call",
                                           "riichi_declared",
                                           "riichi_accepted",
                                           "dora_revealed",
                                           "win",
                                           "reveal",
                                           "exhaustive_draw",
                                           "abortive_draw",
                                           "kita"};
  static_assert(std::size(kNames) == kNumEventTypes);
  return kNames[static_cast<int>(type)];
}

std::string to_string(const Action& a, bool red_fives) {
  static constexpr const char* kWinds[] = {"seat0", "seat1", "seat2", "seat3"};
  std::string s = a.seat >= 0 && a.seat < 4 ? kWinds[a.seat] : "seat?";
  s += ' ';
  s += action_type_name(a.type);
  if (a.tile >= 0 && a.tile < kNumTiles) {
    s += ' ';
    s += tile_to_string(tile_of_id(a.tile, red_fives));
  }
  if (a.tsumogiri) s += " tsumogiri";
  for (std::int16_t u : a.uses) {
    if (u < 0 || u >= kNumTiles) continue;
    s += ' ';
    s += tile_to_string(tile_of_id(u, red_fives));
  }
  return s;
}

// Same action up to the choice of physical copies of equal tile value (§3.2: red fives are
// distinct choices, plain copies are not).
bool Round::matches(const Action& legal, const Action& a) const {
  if (legal == a) return true;
  if (legal.type != a.type || legal.seat != a.seat || legal.tsumogiri != a.tsumogiri) return false;
  auto value = [&](int id) {
    return id < 0 || id >= kNumTiles ? -1 : (id / 4) * 2 + (rules_.red_fives && is_red_id(id));
  };
  if (value(legal.tile) != value(a.tile)) return false;
  std::array<int, 3> x{}, y{};
  for (int i = 0; i < 3; ++i) x[i] = value(legal.uses[i]), y[i] = value(a.uses[i]);
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}

ApplyResult Round::refuse_seat(int seat) const {
  if (phase_ == Phase::kOver) return {false, "the hand is over"};
  if (seat < 0 || seat >= rules_.players)
    return {false, rules_.players == 4 ? "seat must be 0..3" : "seat must be 0..2"};
  std::string reason = "seat ";
  reason += std::to_string(seat);
  reason += " has nothing to do now";
  return {false, reason};
}

ApplyResult Round::apply(Action action) {
  if (phase_ == Phase::kOver || action.seat < 0 || action.seat >= rules_.players)
    return refuse_seat(action.seat);
  const std::vector<Action>& legal = legal_actions(action.seat);
  if (legal.empty()) return refuse_seat(action.seat);
  // The exact action first (bots pass an element of the list): the tile, then the other fields
  // one by one (operator== compares the `uses` array through memcmp, a call per candidate).
  const Action* found = nullptr;
  for (std::size_t i = 0; i < legal.size() && !found; ++i) {
    const Action& l = legal[i];
    if (l.tile == action.tile && l.type == action.type && l.seat == action.seat &&
        l.tsumogiri == action.tsumogiri && l.uses[0] == action.uses[0] &&
        l.uses[1] == action.uses[1] && l.uses[2] == action.uses[2])
      found = &l;
  }
  for (std::size_t i = 0; i < legal.size() && !found; ++i)
    if (matches(legal[i], action)) found = &legal[i];
  if (!found) {
    std::string reason = "not a legal action: ";
    reason += to_string(action, rules_.red_fives);
    return {false, reason};
  }
  apply_found(*found);
  return {};
}

ApplyResult Round::apply_legal(int seat, std::size_t index, Action* applied) {
  Action scratch;
  Action& a = applied ? *applied : scratch;
  // The usual call: the list the caller chose from is the cache of this version.
  if (seat == legal_seat_ && version_ == legal_version_ && index < legal_.size()) {
    a = legal_[index];
    apply_found(a);
    return {};
  }
  // A discard counted by discard_only_count() for this version: made without the list.
  if (apply_discard_only(seat, index, &a)) return {};
  if (phase_ == Phase::kOver || seat < 0 || seat >= rules_.players) return refuse_seat(seat);
  const std::vector<Action>& legal = legal_actions(seat);
  if (legal.empty()) return refuse_seat(seat);
  if (index >= legal.size()) {
    std::string reason = "no legal action ";
    reason += std::to_string(index);
    reason += " (seat ";
    reason += std::to_string(seat);
    reason += " has ";
    reason += std::to_string(legal.size());
    reason += ")";
    return {false, reason};
  }
  a = legal[index];
  apply_found(a);
  return {};
}

bool Round::apply_discard_only(int seat, std::size_t index, Action* applied) {
  if (seat != discard_only_seat_ || version_ != discard_only_version_ ||
      index >= static_cast<std::size_t>(discard_only_.count))
    return false;
  Action a;
  make_discard_only(seat, static_cast<int>(index), a);
  if (applied) *applied = a;
  return true;
}

// The discard is written into `made` and made from there (the callers' own Action, never an
// element of legal_): no copy.
void Round::make_discard_only(int seat, int index, Action& made) {
  name_discard_only(seat, index, made);
  ++version_;
  discard(made);
  ++version_;
}

// `found` may be an element of legal_, which the action rewrites: it is copied first.
void Round::apply_found(const Action& found) {
  const Action a = found;
  ++version_;
  if (phase_ == Phase::kClaim || phase_ == Phase::kChankan) {
    answers_[a.seat] = a;
    pending_ &= ~(1u << a.seat);
    if (!pending_) close_claim_window();
  } else {
    switch (a.type) {
      case ActionType::kDiscard:
      case ActionType::kRiichi:
        discard(a);
        break;
      case ActionType::kTsumo:
        settle_tsumo(a.seat);
        break;
      case ActionType::kKakan:
      case ActionType::kAnkan:
        declare_kan(a);
        break;
      case ActionType::kKyuushu:
        abortive_draw(AbortiveDraw::kKyuushuKyuuhai, a.seat);
        break;
      case ActionType::kKita:
        declare_kita(a);
        break;
      default:
        break;
    }
  }
  ++version_;
}

int Round::to_play() const {
  switch (phase_) {
    case Phase::kSelf:
    case Phase::kDiscardOnly:
      return current_;
    case Phase::kClaim:
    case Phase::kChankan:
      for (int k = 1, n = rules_.players; k < n; ++k) {
        const int seat = current_ + k < n ? current_ + k : current_ + k - n;  // no division
        if (pending_ >> seat & 1) return seat;
      }
      return -1;
    case Phase::kOver:
      return -1;
  }
  return -1;
}

unsigned Round::pending_mask() const {
  if (phase_ == Phase::kSelf || phase_ == Phase::kDiscardOnly) return 1u << current_;
  return pending_;
}

std::vector<int> Round::pending_seats() const {
  std::vector<int> out;
  const unsigned m = pending_mask();
  const int n = rules_.players;
  for (int k = 0; k < n; ++k)
    if (m >> ((current_ + k) % n) & 1) out.push_back((current_ + k) % n);
  return out;
}

namespace {

// Appends the ids set in a seat's id bitset, ascending.
void append_ids(const std::array<std::uint64_t, 3>& ids, std::vector<std::uint8_t>& out) {
  for (int w = 0; w < 3; ++w)
    for (std::uint64_t bits = ids[w]; bits; bits &= bits - 1)
      out.push_back(static_cast<std::uint8_t>(64 * w + std::countr_zero(bits)));
}

}  // namespace

std::vector<std::uint8_t> Round::concealed_ids(int seat) const {
  std::vector<std::uint8_t> out;
  append_ids(seats_[seat].ids, out);
  return out;
}

std::vector<MeldInfo> Round::melds(int seat) const {
  const Seat& s = seats_[seat];
  return {s.melds.begin(), s.melds.begin() + s.num_melds};
}

Observation Round::observation(int seat) const {
  Observation o;
  observe(seat, o);
  return o;
}

void Round::observe(int seat, Observation& o) const {
  observe_own(seat, o);
  observe_others(seat, o);
}

void Round::observe_others(int seat, Observation& o) const {
  for (int s = 0; s < 4; ++s) {
    const Seat& st = seats_[s];
    o.discards[s].assign(st.discards.begin(), st.discards.begin() + st.num_discards);
    if (s != seat) o.melds[s].assign(st.melds.begin(), st.melds.begin() + st.num_melds);
  }
  o.legal_actions = legal_actions(seat);
}

void Round::observe_own(int seat, Observation& o) const {
  o.seat = seat;
  o.dealer = setup_.dealer;
  o.round_wind = setup_.round_wind;
  o.honba = setup_.honba;
  o.riichi_sticks = sticks_;
  o.scores = scores_;
  // Sized once from the kept count and written in place (no push_back per tile).
  const Seat& own = seats_[seat];
  o.concealed.resize(own.num_concealed);
  std::uint8_t* out = o.concealed.data();
  for (int w = 0; w < 3; ++w)
    for (std::uint64_t bits = own.ids[w]; bits; bits &= bits - 1)
      *out++ = static_cast<std::uint8_t>(64 * w + std::countr_zero(bits));
  o.drawn = seat == current_ && phase_ == Phase::kSelf ? drawn_ : -1;
  for (int s = 0; s < 4; ++s) {
    const Seat& st = seats_[s];
    o.discards[s].clear();
    o.melds[s].clear();
    o.riichi[s] = st.riichi;
    o.concealed_count[s] = st.num_concealed;
    o.kita[s] = st.num_kita;
  }
  o.melds[seat].assign(own.melds.begin(), own.melds.begin() + own.num_melds);
  o.dora_indicators.resize(static_cast<std::size_t>(indicators_));
  for (int k = 0; k < indicators_; ++k)
    o.dora_indicators[k] = wall_.tiles[Wall::kIndicatorSlots[k]];
  o.visible = visible_;
  o.live_tiles_left = live_tiles_left();
  o.to_play = to_play();
  o.phase = phase_;
  o.last_discard = phase_ == Phase::kClaim || phase_ == Phase::kChankan ? claim_id_ : -1;
  o.legal_actions.clear();
}

Counts count_visible(const Observation& o) {
  Counts c{};
  for (int s = 0; s < 4; ++s) {
    for (const DiscardInfo& d : o.discards[static_cast<std::size_t>(s)])
      if (!d.called) ++c[d.id / 4];
    for (const MeldInfo& m : o.melds[static_cast<std::size_t>(s)])
      for (int i = 0; i < m.size(); ++i) ++c[m.ids[static_cast<std::size_t>(i)] / 4];
    c[kNorth] = static_cast<std::uint8_t>(c[kNorth] + o.kita[static_cast<std::size_t>(s)]);
  }
  for (std::uint8_t ind : o.dora_indicators) ++c[ind / 4];
  return c;
}

std::string Round::audit() const {
  std::array<int, kNumTiles> seen{};
  for (int s = 0; s < 4; ++s) {
    const Seat& st = seats_[s];
    for (int id = 0; id < kNumTiles; ++id) seen[id] += st.ids[id >> 6] >> (id & 63) & 1;
    for (int m = 0; m < st.num_melds; ++m)
      for (int i = 0; i < st.melds[m].size(); ++i) ++seen[st.melds[m].ids[i]];
    for (int d = 0; d < st.num_discards; ++d)
      if (!st.discards[d].called) ++seen[st.discards[d].id];
    for (int k = 0; k < st.num_kita; ++k) ++seen[st.kita_ids[k]];
  }
  std::array<bool, kNumTiles> used_slot{};
  for (int i = 0; i < next_; ++i) used_slot[i] = true;
  for (int r = 0; r < rinshan_used_; ++r)
    used_slot[Wall::rinshan_slot(r, wall_shape(rules_))] = true;
  for (int i = 0; i < kNumTiles; ++i)
    if (!used_slot[i]) ++seen[wall_.tiles[i]];
  std::string err;
  for (int s = 0; s < 4; ++s)
    if (seats_[s].num_concealed != total(seats_[s].counts)) {
      err += "seat ";
      err += std::to_string(s);
      err += " concealed count off; ";
    }
  for (int id = 0; id < kNumTiles; ++id) {
    if (seen[id] == 1) continue;
    err += "id ";
    err += std::to_string(id);
    err += " seen ";
    err += std::to_string(seen[id]);
    err += " times; ";
  }
  int points = sticks_ * 1000;
  for (int s : scores_) points += s;
  int before = setup_.riichi_sticks * 1000;
  for (int s : setup_.scores) before += s;
  if (points != before) {
    err += "points + sticks changed by ";
    err += std::to_string(points - before);
  }
  return err;
}

}  // namespace riichi
