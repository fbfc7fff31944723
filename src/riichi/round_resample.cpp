// determinise(): a Round drawn for one seat's view (round_resample.hpp describes what is kept and
// what is drawn). The public play is read from the round's events; each other seat's hidden
// tiles are placed into its deal and draws, the rest of the unseen ids into the wall slots nobody
// has used, and the actions are re-applied to a Round dealt from that wall.
#include "riichi/round_resample.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "riichi/waits.hpp"

namespace riichi {
namespace {

constexpr int kAttempts = 400;    // whole deals drawn before giving up
constexpr int kShapeTries = 200;  // tenpai shapes drawn per riichi hand and deal
constexpr int kRepairPasses = 64;

// A tile entering a hidden hand: one of the 13 dealt, or a draw (rinshan included).
struct Entry {
  int slot = 0;   // its wall slot: the same role in the new wall
  int event = 0;  // index of its kDeal / kDraw event
  int id = -1;    // the id it is given (-1: none yet)
};

// A known id leaving a hidden hand: a discard, a call's tiles from the hand, a kakan's added
// tile, an ankan's four, a kita.
struct Exit {
  int id = 0;
  int event = 0;
  int turn_draw = -1;  // the entry drawn at this turn (-1: none, e.g. a discard after a call)
  bool discard = false;
  bool named = false;   // a tedashi discard or a call's tile: the engine names the lowest copy
  bool pinned = false;  // it is the turn's draw (tsumogiri, a kita, an ankan's tile in riichi)
  int entry = -1;       // the entry it is placed at
};

struct History {
  std::vector<Entry> entries;
  std::vector<Exit> exits;
  int riichi_event = -1;  // the declaration discard's event, -1 when not in riichi
};

// The event before which an exit's tile entered: a riichi hand's later ankan tiles were held at
// the declaration.
int deadline(const History& h, const Exit& x) {
  return h.riichi_event >= 0 && x.event > h.riichi_event ? h.riichi_event : x.event;
}

bool is_window(Phase p) { return p == Phase::kClaim || p == Phase::kChankan; }

// Every seat's entries and exits, from the events (ids kept only for the caller to use where
// they are public or the seat's own).
std::array<History, 4> read_histories(const Round& round, std::array<int, kNumTiles>& slot_of) {
  for (int i = 0; i < kNumTiles; ++i) slot_of[round.wall().tiles[i]] = i;
  std::array<History, 4> hist;
  std::array<int, 4> turn_draw{-1, -1, -1, -1};
  const std::vector<Event>& events = round.events();
  for (int i = 0; i < static_cast<int>(events.size()); ++i) {
    const Event& e = events[i];
    if (e.seat < 0 || e.seat > 3) continue;
    History& h = hist[e.seat];
    auto leave = [&](int id, bool named, int draw) {
      Exit x;
      x.id = id;
      x.event = i;
      x.named = named;
      x.turn_draw = draw;
      h.exits.push_back(x);
    };
    switch (e.type) {
      case EventType::kDeal:
        for (int k = 0; k < e.hand_size; ++k)
          h.entries.push_back({slot_of[e.hand[k]], i, e.hand[k]});
        break;
      case EventType::kDraw:
        turn_draw[e.seat] = static_cast<int>(h.entries.size());
        h.entries.push_back({slot_of[e.tile], i, e.tile});
        break;
      case EventType::kDiscard:
        leave(e.tile, !e.tsumogiri, turn_draw[e.seat]);
        h.exits.back().discard = true;
        h.exits.back().pinned = e.tsumogiri;
        if (e.riichi) h.riichi_event = i;
        turn_draw[e.seat] = -1;
        break;
      case EventType::kCall:
        if (e.meld == MeldType::kKakan) {
          leave(e.meld_ids[3], false, turn_draw[e.seat]);
        } else if (e.meld == MeldType::kAnkan) {
          for (int k = 0; k < 4; ++k) leave(e.meld_ids[k], false, turn_draw[e.seat]);
        } else {
          const int n = e.meld == MeldType::kDaiminkan ? 4 : 3;
          for (int k = 1; k < n; ++k) leave(e.meld_ids[k], true, -1);
          turn_draw[e.seat] = -1;
        }
        break;
      case EventType::kKita:
        leave(e.tile, false, turn_draw[e.seat]);
        h.exits.back().pinned = turn_draw[e.seat] >= 0;
        break;
      default:
        break;
    }
  }
  // After riichi only the drawn tile may form an ankan (§3.7): one of its four is that draw.
  for (History& h : hist)
    for (std::size_t k = 0; k + 3 < h.exits.size(); ++k) {
      Exit& x = h.exits[k + 3];
      if (h.riichi_event >= 0 && x.event > h.riichi_event && !x.discard && x.turn_draw >= 0 &&
          h.exits[k].event == x.event)
        x.pinned = true;
    }
  return hist;
}

// A random complete shape of `groups` groups and a pair from the counts `avail` (seven pairs
// with probability 1/8 when `pairs7`), as kinds; false when the counts allow none.
bool complete_shape(Xoshiro256& rng, std::array<int, kNumKinds> avail, int groups, bool pairs7,
                    std::vector<int>& kinds) {
  kinds.clear();
  std::vector<int> cands;
  auto pick = [&]() { return cands[rng.bounded(cands.size())]; };
  if (pairs7 && rng.bounded(8) == 0) {
    for (int k = 0; k < kNumKinds; ++k)
      if (avail[k] >= 2) cands.push_back(k);
    if (cands.size() < 7) return false;
    for (int i = 0; i < 7; ++i) {
      const std::size_t j = i + rng.bounded(cands.size() - i);
      std::swap(cands[i], cands[j]);
      kinds.insert(kinds.end(), 2, cands[i]);
    }
    return true;
  }
  for (int k = 0; k < kNumKinds; ++k)
    if (avail[k] >= 2) cands.push_back(k);
  if (cands.empty()) return false;
  const int pair = pick();
  avail[pair] -= 2;
  kinds.insert(kinds.end(), 2, pair);
  for (int g = 0; g < groups; ++g) {
    cands.clear();  // 2k: a pung of k; 2k+1: a run from k
    for (int k = 0; k < kNumKinds; ++k) {
      if (avail[k] >= 3) cands.push_back(2 * k);
      if (k < 27 && k % 9 <= 6 && avail[k] && avail[k + 1] && avail[k + 2])
        cands.push_back(2 * k + 1);
    }
    if (cands.empty()) return false;
    const int c = pick(), k = c / 2;
    for (int t = 0; t < 3; ++t) {
      const int kind = c % 2 ? k + t : k;
      --avail[kind];
      kinds.push_back(kind);
    }
  }
  return true;
}

class Sampler {
 public:
  Sampler(const Round& round, int seat, std::uint64_t seed)
      : round_(round), seat_(seat), n_(round.players()), rng_(seed) {
    hist_ = read_histories(round, slot_of_);
    const WallShape shape = wall_shape(round.rules());
    std::array<bool, kNumTiles> known{}, used{};
    base_.tiles.fill(0);
    auto keep = [&](int id) {
      known[id] = used[slot_of_[id]] = true;
      base_.tiles[slot_of_[id]] = static_cast<std::uint8_t>(id);
    };
    for (int id = 0; id < kNumTiles; ++id)
      if (!shape.in_play(id)) keep(id);
    for (const Event& e : round.events())
      if (e.type == EventType::kDoraRevealed) keep(e.tile);
    for (int s = 0; s < n_; ++s) {
      for (const Entry& en : hist_[s].entries) {
        used[en.slot] = true;
        if (s == seat) keep(en.id);
      }
      if (s == seat) continue;
      for (Exit& x : hist_[s].exits) known[x.id] = true;
      for (Entry& en : hist_[s].entries) en.id = -1;  // hidden: forgotten here
    }
    for (int id = 0; id < kNumTiles; ++id)
      if (!known[id]) unseen_.push_back(static_cast<std::uint8_t>(id));
    for (int slot = 0; slot < kNumTiles; ++slot)
      if (!used[slot]) free_slots_.push_back(slot);
    std::size_t hidden = free_slots_.size();
    for (int s = 0; s < n_; ++s)
      if (s != seat) hidden += hist_[s].entries.size() - hist_[s].exits.size();
    if (hidden != unseen_.size()) throw std::logic_error("determinise: tile accounting broken");
  }

  Round draw() {
    std::string why;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
      why = attempt_once();
      if (why.empty()) return *result_;
    }
    throw std::runtime_error("determinise: no consistent deal found in " +
                             std::to_string(kAttempts) + " draws (last: " + why + ")");
  }

 private:
  std::string attempt_once();
  bool draw_riichi_hand(int s, std::vector<std::uint8_t>& pool, std::vector<int>& hand);
  bool place(int s, const std::vector<int>& riichi_hand, std::vector<std::uint8_t>& pool,
             std::size_t& next);
  bool repair(int s, std::vector<int>& slot_ids);
  std::string replay(Round& r) const;
  int value(int id) const { return id / 4 * 2 + (round_.rules().red_fives && is_red_id(id)); }

  const Round& round_;
  int seat_;
  int n_;
  Xoshiro256 rng_;
  std::array<int, kNumTiles> slot_of_{};
  std::array<History, 4> hist_;
  Wall base_;  // the kept ids in their slots
  std::vector<std::uint8_t> unseen_;
  std::vector<int> free_slots_;
  std::optional<Round> result_;
};

// The ids of a riichi seat's hidden tiles at its declaration: a tenpai hand (with the ankan
// tiles it declared later) that would not have won on a tile it let go since.
bool Sampler::draw_riichi_hand(int s, std::vector<std::uint8_t>& pool, std::vector<int>& hand) {
  const History& h = hist_[s];
  const int r = h.riichi_event;
  int size = 0;
  Counts fixed{};  // the later ankans' tiles held at the declaration
  for (const Entry& en : h.entries) size += en.event < r;
  for (const Exit& x : h.exits) {
    if (x.event <= r) --size;
    if (x.event > r && !x.pinned) --size, ++fixed[x.id / 4];
  }
  if (size % 3 != 1) return false;
  std::uint64_t drawn_after = 0, own_discards = 0, others_after = 0;
  for (const Exit& x : h.exits) {
    if (x.discard) own_discards |= std::uint64_t{1} << (x.id / 4);
    if (x.discard && x.pinned && x.event > r) drawn_after |= std::uint64_t{1} << (x.id / 4);
  }
  const std::vector<Event>& events = round_.events();
  for (int i = r + 1; i < static_cast<int>(events.size()); ++i)
    if (events[i].type == EventType::kDiscard && events[i].seat != s)
      others_after |= std::uint64_t{1} << (events[i].tile / 4);
  std::array<int, kNumKinds> avail{};
  for (std::uint8_t id : pool) ++avail[id / 4];
  const bool closed = size == 13;
  std::vector<int> kinds;
  for (int t = 0; t < kShapeTries; ++t) {
    if (!complete_shape(rng_, avail, (size - 1) / 3, closed, kinds)) continue;
    kinds.erase(kinds.begin() + static_cast<long>(rng_.bounded(kinds.size())));
    Counts c = fixed;
    for (int k : kinds) ++c[k];
    const std::uint64_t waits = waiting_kinds(c);
    if (waits == 0 || (waits & drawn_after)) continue;
    if (!(waits & own_discards) && (waits & others_after)) continue;
    hand.clear();
    for (int k : kinds) {  // a uniform copy of each kind among the unseen ones
      std::vector<std::size_t> at;
      for (std::size_t i = 0; i < pool.size(); ++i)
        if (pool[i] / 4 == k) at.push_back(i);
      const std::size_t i = at[rng_.bounded(at.size())];
      hand.push_back(pool[i]);
      pool.erase(pool.begin() + static_cast<long>(i));
    }
    return true;
  }
  return false;
}

// Places seat s's exits into its entries (each before its event, a tedashi discard not at its
// turn's draw), then its hidden tiles: `riichi_hand` before the declaration, pool[next...] for
// the rest. Greedy by deadline: the allowed entries of the exits are nested prefixes.
bool Sampler::place(int s, const std::vector<int>& riichi_hand, std::vector<std::uint8_t>& pool,
                    std::size_t& next) {
  History& h = hist_[s];
  for (Entry& en : h.entries) en.id = -1;
  const int r = h.riichi_event;
  std::vector<int> order;
  for (int k = 0; k < static_cast<int>(h.exits.size()); ++k) {
    Exit& x = h.exits[k];
    x.entry = -1;
    if (x.pinned) {
      if (x.turn_draw < 0 || h.entries[x.turn_draw].id >= 0) return false;
      x.entry = x.turn_draw;
      h.entries[x.turn_draw].id = x.id;
    } else {
      order.push_back(k);
    }
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const Exit &x = h.exits[a], &y = h.exits[b];
    if (deadline(h, x) != deadline(h, y)) return deadline(h, x) < deadline(h, y);
    return (x.named && x.turn_draw >= 0) > (y.named && y.turn_draw >= 0);
  });
  std::vector<int> ok;
  for (int k : order) {
    Exit& x = h.exits[k];
    ok.clear();
    for (int e = 0; e < static_cast<int>(h.entries.size()); ++e)
      if (h.entries[e].id < 0 && h.entries[e].event < deadline(h, x) &&
          !(x.named && x.discard && e == x.turn_draw))
        ok.push_back(e);
    if (ok.empty()) return false;
    x.entry = ok[rng_.bounded(ok.size())];
    h.entries[x.entry].id = x.id;
  }
  std::size_t held = 0;
  for (Entry& en : h.entries) {
    if (en.id >= 0) continue;
    if (r >= 0 && en.event < r) {
      if (held >= riichi_hand.size()) return false;
      en.id = riichi_hand[held++];
    } else {
      en.id = pool[next++];
    }
  }
  return held == riichi_hand.size();
}

// The engine names the lowest held copy of a tile (a red five apart; a discard's turn draw
// apart): a hidden copy below a named exit of the same tile, held at that moment, is exchanged
// with an unseen wall tile (of the same tile above it for a riichi hand). `slot_ids` holds the
// free slots' ids. False when a conflict cannot be repaired.
bool Sampler::repair(int s, std::vector<int>& slot_ids) {
  History& h = hist_[s];
  const int r = h.riichi_event;
  for (int pass = 0; pass < kRepairPasses; ++pass) {
    std::array<int, kNumTiles> holder;
    holder.fill(-1);
    std::size_t e = 0, x = 0;
    int bad = -1, named = -1, named_event = -1, named_draw = -1;
    while (x < h.exits.size() && bad < 0) {
      if (e < h.entries.size() && h.entries[e].event < h.exits[x].event) {
        holder[h.entries[e].id] = static_cast<int>(e);
        ++e;
        continue;
      }
      const int event = h.exits[x].event;
      std::size_t end = x;
      while (end < h.exits.size() && h.exits[end].event == event) ++end;
      for (std::size_t k = x; k < end && bad < 0; ++k) {
        const Exit& ex = h.exits[k];
        if (!ex.named) continue;
        for (int c = ex.id / 4 * 4; c < ex.id && bad < 0; ++c) {
          if (holder[c] < 0 || value(c) != value(ex.id) || holder[c] == ex.turn_draw) continue;
          bool same_call = false;
          for (std::size_t j = x; j < end; ++j) same_call = same_call || h.exits[j].id == c;
          if (!same_call)
            bad = holder[c], named = ex.id, named_event = event, named_draw = ex.turn_draw;
        }
      }
      if (bad >= 0) break;
      for (std::size_t k = x; k < end; ++k) holder[h.exits[k].id] = -1;
      x = end;
    }
    if (bad < 0) return true;
    std::vector<int> exit_at(h.entries.size(), -1);
    for (int k = 0; k < static_cast<int>(h.exits.size()); ++k)
      if (h.exits[k].entry >= 0) exit_at[h.exits[k].entry] = k;
    auto in_riichi_hand = [&](int e) { return r >= 0 && h.entries[e].event < r; };
    // Whether the tile of entry `from` may have entered at entry `to` instead.
    auto fits = [&](int from, int to) {
      const int k = exit_at[from];
      if (k < 0) return in_riichi_hand(from) == in_riichi_hand(to);
      const Exit& y = h.exits[k];
      return !y.pinned && h.entries[to].event < deadline(h, y) &&
             !(y.named && y.discard && to == y.turn_draw);
    };
    // The held copy entered after the named exit, or as its turn's draw, instead (an exchange of
    // entries), or, when hidden, becomes an unseen wall tile (of the same tile above it for a
    // riichi hand).
    std::vector<int> moves;  // entry e as e; wall tile i as -1 - i
    for (int e = 0; e < static_cast<int>(h.entries.size()); ++e)
      if ((h.entries[e].event > named_event || e == named_draw) && e != bad && fits(bad, e) &&
          fits(e, bad))
        moves.push_back(e);
    if (exit_at[bad] < 0) {
      const int id = h.entries[bad].id;
      for (int i = 0; i < static_cast<int>(slot_ids.size()); ++i)
        if (!in_riichi_hand(bad) || (value(slot_ids[i]) == value(id) && slot_ids[i] > named))
          moves.push_back(-1 - i);
    }
    if (moves.empty()) return false;
    const int m = moves[rng_.bounded(moves.size())];
    if (m >= 0) {
      std::swap(h.entries[bad].id, h.entries[m].id);
      if (exit_at[bad] >= 0) h.exits[exit_at[bad]].entry = m;
      if (exit_at[m] >= 0) h.exits[exit_at[m]].entry = bad;
    } else {
      std::swap(h.entries[bad].id, slot_ids[-1 - m]);
    }
  }
  return false;
}

std::string Sampler::attempt_once() {
  std::vector<std::uint8_t> pool = unseen_;
  std::array<std::vector<int>, 4> riichi_hand;
  for (int s = 0; s < n_; ++s)
    if (s != seat_ && hist_[s].riichi_event >= 0 && !draw_riichi_hand(s, pool, riichi_hand[s]))
      return "no tenpai hand for seat " + std::to_string(s);
  if (pool.size() >= 2) rng_.shuffle(pool.data(), static_cast<int>(pool.size()));
  std::size_t next = 0;
  for (int s = 0; s < n_; ++s)
    if (s != seat_ && !place(s, riichi_hand[s], pool, next))
      return "no placement for seat " + std::to_string(s);
  std::vector<int> slot_ids(pool.begin() + static_cast<long>(next), pool.end());
  if (slot_ids.size() != free_slots_.size())
    throw std::logic_error("determinise: the unseen tiles do not fill the wall");
  for (int s = 0; s < n_; ++s)
    if (s != seat_ && !repair(s, slot_ids)) return "copy order of seat " + std::to_string(s);
  Wall wall = base_;
  for (std::size_t i = 0; i < free_slots_.size(); ++i)
    wall.tiles[free_slots_[i]] = static_cast<std::uint8_t>(slot_ids[i]);
  for (int s = 0; s < n_; ++s)
    if (s != seat_)
      for (const Entry& en : hist_[s].entries)
        wall.tiles[en.slot] = static_cast<std::uint8_t>(en.id);
  if (!wall.is_permutation()) throw std::logic_error("determinise: the wall is not a permutation");
  Round r(round_.rules(), round_.setup(), wall);
  std::string why = replay(r);
  if (!why.empty()) return why;
  Observation a = r.observation(seat_), b = round_.observation(seat_);
  if (is_window(round_.phase()) && round_.to_play() != seat_) a.to_play = b.to_play = -1;
  if (!same_observation(a, b)) return "a different observation";
  result_.emplace(std::move(r));
  return {};
}

// The actions of the real round, in order, on `r`: every claim window the real play did not
// answer with a call is passed (its ron, if any, declined).
std::string Sampler::replay(Round& r) const {
  auto pass = [&](int t) {
    Action a = r.legal_actions(t).back();  // a window's list ends with kPass
    return a.type == ActionType::kPass && r.apply(a).ok;
  };
  const std::vector<Event>& events = round_.events();
  int mover = -1;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    Action a;
    a.seat = e.seat;
    a.tile = e.tile;
    bool answer = false;
    if (e.type == EventType::kDiscard) {
      a.type = e.riichi ? ActionType::kRiichi : ActionType::kDiscard;
      a.tsumogiri = e.tsumogiri;
    } else if (e.type == EventType::kKita) {
      a.type = ActionType::kKita;
    } else if (e.type == EventType::kCall && e.meld == MeldType::kKakan) {
      a.type = ActionType::kKakan;
      a.tile = e.meld_ids[3];
    } else if (e.type == EventType::kCall && e.meld == MeldType::kAnkan) {
      a.type = ActionType::kAnkan;
      a.tile = e.meld_ids[0];
    } else if (e.type == EventType::kCall) {
      answer = true;
      a.type = e.meld == MeldType::kChi   ? ActionType::kChi
               : e.meld == MeldType::kPon ? ActionType::kPon
                                          : ActionType::kDaiminkan;
      a.tile = e.meld_ids[0];
      const int n = e.meld == MeldType::kDaiminkan ? 4 : 3;
      for (int k = 1; k < n; ++k) a.uses[k - 1] = e.meld_ids[k];
    } else {
      continue;
    }
    while (is_window(r.phase()) && !(answer && r.to_play() == e.seat))
      if (!pass(r.to_play())) return "a pass refused";
    const ApplyResult res = r.apply(a);
    if (!res.ok) return "event " + std::to_string(i) + ": " + res.reason;
    if (answer)
      while (is_window(r.phase()))
        if (!pass(r.to_play())) return "a pass refused";
    if (!answer) mover = e.seat;
  }
  // The window the real round is in: pass the seats that answer before its seat to play.
  const int n = r.players();
  auto order = [&](int s) { return (s - mover - 1 + 2 * n) % n; };
  const bool window = is_window(round_.phase());
  while (is_window(r.phase()) && (!window || order(r.to_play()) < order(round_.to_play())))
    if (!pass(r.to_play())) return "a pass refused";
  return {};
}

bool same_discard(const DiscardInfo& a, const DiscardInfo& b) {
  return a.id == b.id && a.tsumogiri == b.tsumogiri && a.riichi == b.riichi && a.called == b.called;
}

bool same_meld(const MeldInfo& a, const MeldInfo& b) {
  return a.type == b.type && a.ids == b.ids && a.from == b.from;
}

template <typename T, typename Eq>
bool same_list(const std::vector<T>& a, const std::vector<T>& b, Eq eq) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), eq);
}

}  // namespace

bool same_observation(const Observation& a, const Observation& b) {
  if (a.seat != b.seat || a.dealer != b.dealer || a.round_wind != b.round_wind ||
      a.honba != b.honba || a.riichi_sticks != b.riichi_sticks || a.scores != b.scores ||
      a.concealed != b.concealed || a.drawn != b.drawn || a.riichi != b.riichi ||
      a.concealed_count != b.concealed_count || a.kita != b.kita ||
      a.dora_indicators != b.dora_indicators || a.visible != b.visible ||
      a.live_tiles_left != b.live_tiles_left || a.to_play != b.to_play || a.phase != b.phase ||
      a.last_discard != b.last_discard || a.legal_actions != b.legal_actions)
    return false;
  for (int s = 0; s < 4; ++s)
    if (!same_list(a.discards[s], b.discards[s], same_discard) ||
        !same_list(a.melds[s], b.melds[s], same_meld))
      return false;
  return true;
}

Round determinise(const Round& round, int seat, std::uint64_t seed) {
  if (seat < 0 || seat >= round.players())
    throw std::invalid_argument("determinise: seat " + std::to_string(seat) + " out of range 0.." +
                                std::to_string(round.players() - 1));
  if (round.is_over()) throw std::invalid_argument("determinise: the round is already over");
  for (int s = 0; s < round.players(); ++s)
    if (round.is_dead(s))
      throw std::invalid_argument("determinise: seat " + std::to_string(s) +
                                  " has a dead hand (RULES.md §4.5), not supported");
  return Sampler(round, seat, seed).draw();
}

}  // namespace riichi
