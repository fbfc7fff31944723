#include "io/tenhou6_order.hpp"

#include <fmt/core.h>

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "io/io_internal.hpp"
#include "io/tenhou6.hpp"

namespace riichi::io {

namespace {

using nlohmann::json;

constexpr int kKeys = 37;           // 34 kinds, then the red 5m 5p 5s
constexpr int kMaxCandidates = 64;  // complete orders handed to the check
constexpr int kMaxNodes = 20000;    // branch points explored

int key(Tile t) { return t.red ? 34 + t.kind / 9 : t.kind; }

// One entry of a takes list: a draw, or a chi / pon / daiminkan.
struct Take {
  bool call = false;
  PlainStep step;  // kDraw with its tile, or the call (who, from, tile, consumed)
  std::string where;
};

// One entry of a discards list.
struct Out {
  enum Kind {
    kPlain,
    kTsumogiri,
    kRiichi,
    kRiichiTsumogiri,
    kAnkan,
    kKakan,
    kKanZero,
    kKita,  // "f44": a North set aside (three players)
  } kind = kPlain;
  Tile tile{};
  std::vector<Tile> consumed;  // ankan: 4 tiles; kakan: the pon's 3
  std::string where;
};

Tile tile_at(const json& j, const std::string& where) {
  if (!j.is_number_integer()) format_fail(where, "not a tile");
  try {
    return parse_tenhou6_tile(j.get<int>());
  } catch (const std::invalid_argument& e) {
    format_fail(where, e.what());
  }
}

// "c275226", "4242p42", "k51151515", "252525a52", "r11": the letter, its position, the tiles
// (a 60 after r stays unset: tsumogiri).
struct CallText {
  char letter = 0;
  std::size_t pos = 0;
  std::vector<Tile> tiles;
  bool tsumogiri = false;
};

CallText parse_call(const std::string& s, const std::string& where) {
  CallText c;
  std::string digits;
  for (char ch : s) {
    if (ch >= '0' && ch <= '9') {
      digits += ch;
    } else if (std::string_view("cpmkarf").find(ch) != std::string_view::npos && !c.letter &&
               digits.size() % 2 == 0) {
      c.letter = ch;
      c.pos = digits.size() / 2;
    } else {
      format_fail(where, fmt::format("bad call string '{}'", s));
    }
  }
  if (!c.letter || digits.empty() || digits.size() % 2 != 0)
    format_fail(where, fmt::format("bad call string '{}'", s));
  for (std::size_t i = 0; i < digits.size(); i += 2) {
    const int code = (digits[i] - '0') * 10 + (digits[i + 1] - '0');
    if (c.letter == 'r' && code == 60) {
      c.tsumogiri = true;
      c.tiles.push_back(Tile{});
      continue;
    }
    try {
      c.tiles.push_back(parse_tenhou6_tile(code));
    } catch (const std::invalid_argument& e) {
      format_fail(where, fmt::format("'{}': {}", s, e.what()));
    }
  }
  return c;
}

Take parse_take(const json& j, int who, const std::string& where) {
  Take t;
  t.where = where;
  t.step.who = who;
  if (!j.is_string()) {
    t.step.type = StepType::kDraw;
    t.step.tile = tile_at(j, where);
    return t;
  }
  const std::string s = j.get<std::string>();
  const CallText c = parse_call(s, where);
  const std::size_t n = c.tiles.size();
  int rel = -1;  // 1 next, 2 opposite, 3 previous
  if (c.letter == 'c' && n == 3 && c.pos == 0) {
    t.step.type = StepType::kChi;
    rel = 3;
  } else if (c.letter == 'p' && n == 3 && c.pos <= 2) {
    t.step.type = StepType::kPon;
    rel = c.pos == 0 ? 3 : c.pos == 1 ? 2 : 1;
  } else if (c.letter == 'm' && n == 4 && c.pos != 2) {
    t.step.type = StepType::kDaiminkan;
    rel = c.pos == 0 ? 3 : c.pos == 1 ? 2 : 1;
  } else {
    format_fail(where, fmt::format("bad call string '{}' in the takes", s));
  }
  t.call = true;
  t.step.from = (who + rel) % 4;
  t.step.tile = c.tiles[c.pos];
  for (std::size_t i = 0; i < n; ++i)
    if (i != c.pos) t.step.consumed.push_back(c.tiles[i]);
  sort_tiles(t.step.consumed);
  return t;
}

Out parse_out(const json& j, const std::string& where) {
  Out o;
  o.where = where;
  if (!j.is_string()) {
    if (!j.is_number_integer()) format_fail(where, "not a tile");
    const int code = j.get<int>();
    if (code == 60) {
      o.kind = Out::kTsumogiri;
    } else if (code == 0) {
      o.kind = Out::kKanZero;
    } else {
      o.tile = tile_at(j, where);
    }
    return o;
  }
  const std::string s = j.get<std::string>();
  const CallText c = parse_call(s, where);
  if (c.letter == 'r' && c.tiles.size() == 1 && c.pos == 0) {
    o.kind = c.tsumogiri ? Out::kRiichiTsumogiri : Out::kRiichi;
    o.tile = c.tiles[0];
  } else if (c.letter == 'a' && c.tiles.size() == 4 && c.pos == 3) {
    o.kind = Out::kAnkan;
    o.consumed = c.tiles;
    sort_tiles(o.consumed);
    o.tile = o.consumed.front();
  } else if (c.letter == 'k' && c.tiles.size() == 4 && c.pos <= 2) {
    o.kind = Out::kKakan;
    o.tile = c.tiles[c.pos];
    for (std::size_t i = 0; i < 4; ++i)
      if (i != c.pos) o.consumed.push_back(c.tiles[i]);
    sort_tiles(o.consumed);
  } else if (c.letter == 'f' && c.tiles.size() == 1 && c.pos == 0 &&
             c.tiles[0] == Tile{static_cast<std::uint8_t>(kNorth), false}) {
    o.kind = Out::kKita;
    o.tile = c.tiles[0];
  } else {
    format_fail(where, fmt::format("bad discard entry '{}'", s));
  }
  return o;
}

// The state of play while an order is rebuilt.
struct State {
  std::array<std::size_t, 4> ti{}, di{};
  std::array<std::array<std::int8_t, kKeys>, 4> held{};
  std::array<int, 4> drawn{-1, -1, -1, -1};   // key of the tile just drawn, -1 if none
  std::array<std::array<bool, 34>, 4> pon{};  // pon kinds of each seat (for kakan)
  int p = 0;
  bool need_draw = true;
  int kan_dora_pending = 0;
  std::size_t dora_used = 1;
  std::vector<PlainStep> steps;
};

class Orderer {
 public:
  Orderer(const json& hj, PlainHand& h, const std::string& where, const OrderCheck& check)
      : h_(h), n_(h.deal[3].empty() ? 3 : 4), where_(where), check_(check) {
    for (int s = 0; s < 4; ++s) {
      const std::size_t base = 4 + 3 * static_cast<std::size_t>(s);
      for (std::size_t i = 0; i < hj[base + 1].size(); ++i)
        takes_[s].push_back(
            parse_take(hj[base + 1][i], s, fmt::format("{}[{}][{}]", where, base + 1, i)));
      for (std::size_t i = 0; i < hj[base + 2].size(); ++i)
        outs_[s].push_back(
            parse_out(hj[base + 2][i], fmt::format("{}[{}][{}]", where, base + 2, i)));
    }
    // Was the last discard ronned (its riichi stick then is never paid)?
    for (const PlainWin& w : h.wins) ronned_by_ |= !w.tsumo() ? 1u << w.from : 0u;
  }

  void run() {
    State s;
    s.p = h_.dealer;
    for (int q = 0; q < 4; ++q)
      for (Tile t : h_.deal[q]) ++s.held[q][key(t)];
    explore(std::move(s));
    if (done_) return;
    if (legal_) return take(*legal_);
    if (first_) return take(*first_);
    format_fail(fail_where_.empty() ? where_ : fail_where_, fail_reason_);
  }

 private:
  const Take* next_take(const State& s, int q) const {
    return s.ti[q] < takes_[q].size() ? &takes_[q][s.ti[q]] : nullptr;
  }

  void dead(const State& s, const std::string& where, const std::string& reason) {
    if (s.steps.size() + 1 > fail_depth_) {
      fail_depth_ = s.steps.size() + 1;
      fail_where_ = where;
      fail_reason_ = reason;
    }
  }

  void add_dora(State& s) {
    if (s.dora_used >= h_.dora.size()) return;
    PlainStep d;
    d.type = StepType::kDora;
    d.tile = h_.dora[s.dora_used++];
    s.steps.push_back(d);
  }

  void take(const std::vector<PlainStep>& steps) {
    h_.steps = steps;
    complete_wins(h_, where_);
  }

  // Plays on from `s` until the hand ends (a candidate) or a discard can be taken in more than
  // one way (each way explored in turn).
  void explore(State s) {
    while (!done_ && ++nodes_ < kMaxNodes) {
      const int p = s.p;
      if (s.need_draw) {
        const Take* t = next_take(s, p);
        if (!t) return finish(s);
        if (t->call) return dead(s, t->where, "expected a draw, found a call");
        s.steps.push_back(t->step);
        ++s.ti[p];
        ++s.held[p][key(t->step.tile)];
        s.drawn[p] = key(t->step.tile);
        for (; s.kan_dora_pending > 0; --s.kan_dora_pending) add_dora(s);
      }
      s.need_draw = true;
      if (s.di[p] >= outs_[p].size()) return finish(s);
      const Out& o = outs_[p][s.di[p]++];
      PlainStep st;
      st.who = p;
      if (o.kind == Out::kKanZero) return dead(s, o.where, "0 outside a daiminkan");
      if (o.kind == Out::kKita) {
        if (n_ != 3) return dead(s, o.where, "a kita (f44) with four players");
        if (!remove(s, p, {o.tile})) return dead(s, o.where, "a kita of a North not held");
        st.type = StepType::kKita;
        st.tile = o.tile;
        s.steps.push_back(st);
        s.drawn[p] = -1;
        continue;  // the replacement draw
      }
      if (o.kind == Out::kAnkan || o.kind == Out::kKakan) {
        const std::vector<Tile> used =
            o.kind == Out::kAnkan ? o.consumed : std::vector<Tile>{o.tile};
        if (!remove(s, p, used)) return dead(s, o.where, "a kan of tiles not held");
        if (o.kind == Out::kKakan && !s.pon[p][o.tile.kind])
          return dead(s, o.where, "a kakan without its pon");
        st.type = o.kind == Out::kAnkan ? StepType::kAnkan : StepType::kKakan;
        if (o.kind == Out::kKakan) st.tile = o.tile;  // an ankan is its four tiles only
        st.consumed = o.consumed;
        s.steps.push_back(st);
        s.drawn[p] = -1;
        if (o.kind == Out::kAnkan) {
          add_dora(s);
        } else {
          ++s.kan_dora_pending;
        }
        continue;  // the replacement draw
      }
      const bool riichi = o.kind == Out::kRiichi || o.kind == Out::kRiichiTsumogiri;
      const bool tsumogiri = o.kind == Out::kTsumogiri || o.kind == Out::kRiichiTsumogiri;
      if (tsumogiri) {
        if (s.drawn[p] < 0) return dead(s, o.where, "tsumogiri (60) without a draw");
        const int k = s.drawn[p];
        st.tile = k >= 34 ? Tile{static_cast<std::uint8_t>((k - 34) * 9 + 4), true}
                          : Tile{static_cast<std::uint8_t>(k), false};
      } else {
        st.tile = o.tile;
      }
      if (!remove(s, p, {st.tile})) return dead(s, o.where, "a discard not held");
      if (riichi) {
        PlainStep r;
        r.type = StepType::kRiichi;
        r.who = p;
        s.steps.push_back(r);
      }
      st.type = StepType::kDiscard;
      st.tsumogiri = tsumogiri;
      s.steps.push_back(st);
      s.drawn[p] = -1;
      // Who may take it: a pon or kan whose next take it fits, a chi by the next seat.
      std::vector<int> callers;
      for (int k = 1; k < n_; ++k) {
        const int q = (p + k) % n_;
        const Take* t = next_take(s, q);
        if (!t || !t->call || t->step.from != p || !(t->step.tile == st.tile)) continue;
        if (t->step.type == StepType::kChi) continue;
        callers.push_back(q);
      }
      if (const Take* t = next_take(s, (p + 1) % n_);
          t && t->call && t->step.type == StepType::kChi && t->step.tile == st.tile)
        callers.push_back((p + 1) % n_);
      const Take* next = next_take(s, (p + 1) % n_);
      const bool pass_ok = !next || !next->call;
      std::vector<int> ways = callers;
      if (pass_ok) ways.push_back(-1);
      if (ways.empty()) return dead(s, next->where, "expected a draw, found a call");
      for (std::size_t w = 0; w + 1 < ways.size() && !done_; ++w) {
        State branch = s;
        if (apply_way(branch, ways[w], riichi)) explore(std::move(branch));
      }
      if (done_ || !apply_way(s, ways.back(), riichi)) return;
    }
  }

  // The discard just made is taken by `caller` (-1: nobody).
  bool apply_way(State& s, int caller, bool riichi) {
    const int p = s.p;
    const bool goes_on = caller >= 0 || next_take(s, (p + 1) % n_) != nullptr;
    if (riichi && (goes_on || !(ronned_by_ >> p & 1u))) {
      PlainStep a;
      a.type = StepType::kRiichiAccepted;
      a.who = p;
      s.steps.push_back(a);
    }
    if (caller < 0) {
      s.p = (p + 1) % n_;
      return true;
    }
    const Take& t = takes_[caller][s.ti[caller]];
    if (!remove(s, caller, t.step.consumed)) {
      dead(s, t.where, "a call with tiles not held");
      return false;
    }
    s.steps.push_back(t.step);
    ++s.ti[caller];
    s.p = caller;
    if (t.step.type == StepType::kPon) s.pon[caller][t.step.tile.kind] = true;
    if (t.step.type == StepType::kDaiminkan) {
      if (s.di[caller] >= outs_[caller].size() ||
          outs_[caller][s.di[caller]].kind != Out::kKanZero) {
        dead(s, t.where, "a daiminkan needs a 0 in the discards");
        return false;
      }
      ++s.di[caller];
      ++s.kan_dora_pending;
    } else {
      s.need_draw = false;
    }
    return true;
  }

  static bool remove(State& s, int who, const std::vector<Tile>& tiles) {
    for (Tile t : tiles)
      if (--s.held[who][key(t)] < 0) return false;
    return true;
  }

  void finish(const State& s) {
    for (int q = 0; q < 4; ++q) {
      if (s.ti[q] < takes_[q].size())
        return dead(s, takes_[q][s.ti[q]].where, "entry not reached by the replay");
      if (s.di[q] < outs_[q].size())
        return dead(s, outs_[q][s.di[q]].where, "entry not reached by the replay");
    }
    PlainHand trial = h_;
    trial.steps = s.steps;
    try {
      complete_wins(trial, where_);
    } catch (const FormatError& e) {
      return dead(s, where_, e.what());
    }
    if (!first_) first_ = s.steps;
    if (++candidates_ > kMaxCandidates) {
      done_ = true;
      return;
    }
    const OrderVerdict v = check_ ? check_(trial) : OrderVerdict::kMatches;
    if (v == OrderVerdict::kMatches) {
      h_ = std::move(trial);
      done_ = true;
    } else if (v == OrderVerdict::kLegal && !legal_) {
      legal_ = s.steps;
    }
  }

  PlainHand& h_;
  int n_;  // players: 3 when seat 3 is dealt nothing
  const std::string& where_;
  const OrderCheck& check_;
  std::array<std::vector<Take>, 4> takes_;
  std::array<std::vector<Out>, 4> outs_;
  unsigned ronned_by_ = 0;
  bool done_ = false;
  int nodes_ = 0, candidates_ = 0;
  std::optional<std::vector<PlainStep>> first_, legal_;
  std::size_t fail_depth_ = 0;
  std::string fail_where_, fail_reason_ = "no order of play uses every entry";
};

}  // namespace

void order_tenhou6_hand(const json& hand_json, PlainHand& hand, const std::string& where,
                        const OrderCheck& check) {
  Orderer(hand_json, hand, where, check).run();
}

}  // namespace riichi::io
