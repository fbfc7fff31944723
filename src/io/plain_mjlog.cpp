#include "io/plain_mjlog.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

namespace riichi::io {

namespace {

bool has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Physical ids in order of appearance.
class IdPool {
 public:
  IdPool(bool red_fives, const std::string& where) : red_(red_fives), where_(where) {}
  int take(Tile t) {
    const int kind = t.kind;
    const bool five = is_five(kind);
    if (t.red) {
      if (!red_ || !five || red_used_[kind / 9])
        throw FormatError(where_, fmt::format("a second red five of suit {}", kind / 9));
      red_used_[kind / 9] = true;
      return kind * 4;
    }
    const int copy = (red_ && five ? 1 : 0) + used_[kind]++;
    if (copy == 4 && five && !red_used_[kind / 9]) {
      // Four plain fives of a suit (a log that writes none red): the red copy's id serves.
      red_used_[kind / 9] = true;
      return kind * 4;
    }
    if (copy > 3) throw FormatError(where_, fmt::format("a fifth copy of tile kind {}", kind));
    return kind * 4 + copy;
  }

 private:
  bool red_;
  const std::string& where_;
  std::array<int, 34> used_{};
  std::array<bool, 3> red_used_{};
};

int limit_code(Limit l) {
  switch (l) {
    case Limit::kNone:
      return 0;
    case Limit::kMangan:
      return 1;
    case Limit::kHaneman:
      return 2;
    case Limit::kBaiman:
      return 3;
    case Limit::kSanbaiman:
      return 4;
    case Limit::kKazoeYakuman:
    case Limit::kYakuman:
      return 5;
  }
  return 0;
}

MjlogDrawType draw_type(HandEnd end) {
  switch (end) {
    case HandEnd::kNagashi:
      return MjlogDrawType::kNagashiMangan;
    case HandEnd::kNineTerminals:
      return MjlogDrawType::kNineTerminals;
    case HandEnd::kFourRiichi:
      return MjlogDrawType::kFourRiichi;
    case HandEnd::kTripleRon:
      return MjlogDrawType::kTripleRon;
    case HandEnd::kFourKans:
      return MjlogDrawType::kFourKans;
    case HandEnd::kFourWinds:
      return MjlogDrawType::kFourWinds;
    default:
      return MjlogDrawType::kExhaustive;
  }
}

// The mjlog yaku id of an engine yaku name (winds by the seat / round wind).
int yaku_id(const std::string& name, int seat_wind, int round_wind) {
  if (name == "yakuhai_seat_wind") return 10 + (seat_wind & 3);
  if (name == "yakuhai_round_wind") return 14 + (round_wind & 3);
  for (int id = 0; id < 55; ++id)
    if (const MjlogYakuInfo* y = mjlog_yaku(id); y && y->name == name) return id;
  return -1;
}

// Builds the events of one hand, following every seat's tiles.
class RoundBuilder {
 public:
  RoundBuilder(const PlainHand& h, bool red, const std::string& where, int players)
      : h_(h), red_(red), players_(players), where_(where), pool_(red, where) {}

  MjlogRound build() {
    MjlogRound r;
    r.round = h_.round;
    r.honba = h_.honba;
    r.sticks = h_.sticks;
    r.scores = h_.scores;
    r.dealer = h_.dealer;
    for (Tile t : h_.dora) dora_.push_back(pool_.take(t));
    for (Tile t : h_.ura) ura_.push_back(pool_.take(t));
    if (dora_.empty()) throw FormatError(where_, "no dora indicator");
    r.dora_indicator = dora_.front();
    for (int s = 0; s < 4; ++s)
      for (Tile t : h_.deal[s]) {
        const int id = pool_.take(t);
        held_[s].push_back(id);
        r.hands[s].push_back(id);
      }
    std::size_t next_dora = 1;
    for (const PlainStep& st : h_.steps) add(st, r, next_dora);
    before_ = h_.scores;
    for (int s = 0; s < 4; ++s) before_[s] -= 1000 * accepted_[s];
    if (h_.end == HandEnd::kWin) {
      add_wins(r);
    } else {
      add_draw(r);
    }
    return r;
  }

 private:
  int pick(int who, Tile t, int avoid) {
    std::vector<int>& h = held_[who];
    auto fits = [&](int id) { return id / 4 == t.kind && (red_ && is_red_id(id)) == t.red; };
    auto it = h.end();
    for (auto i = h.begin(); i != h.end(); ++i)
      if (fits(*i) && (it == h.end() || *it == avoid)) it = i;
    if (it == h.end())
      throw FormatError(where_, fmt::format("seat {} does not hold tile kind {}{}", who, t.kind,
                                            t.red ? " (red)" : ""));
    const int id = *it;
    h.erase(it);
    return id;
  }

  void add(const PlainStep& st, MjlogRound& r, std::size_t& next_dora) {
    MjlogEvent e;
    e.who = st.who;
    switch (st.type) {
      case StepType::kDraw:
        e.type = MjlogEventType::kDraw;
        e.tile = pool_.take(st.tile);
        held_[st.who].push_back(e.tile);
        drawn_[st.who] = e.tile;
        break;
      case StepType::kDiscard:
        e.type = MjlogEventType::kDiscard;
        if (st.tsumogiri) {
          const int d = drawn_[st.who];
          auto& h = held_[st.who];
          const auto it = std::find(h.begin(), h.end(), d);
          if (d < 0 || it == h.end() || d / 4 != st.tile.kind)
            throw FormatError(where_,
                              fmt::format("seat {}: tsumogiri of a tile not drawn", st.who));
          h.erase(it);
          e.tile = d;
        } else {
          e.tile = pick(st.who, st.tile, drawn_[st.who]);
        }
        e.tsumogiri = e.tile == drawn_[st.who];
        drawn_[st.who] = -1;
        last_out_ = e.tile;
        break;
      case StepType::kRiichi:
      case StepType::kRiichiAccepted:
        e.type = MjlogEventType::kRiichi;
        e.step = st.type == StepType::kRiichi ? 1 : 2;
        if (e.step == 2) ++accepted_[st.who];
        break;
      case StepType::kKita:
        e.type = MjlogEventType::kKita;
        e.tile = pick(st.who, st.tile, -1);
        drawn_[st.who] = -1;
        last_out_ = e.tile;  // a ron on the kita takes this North
        break;
      case StepType::kDora:
        e.type = MjlogEventType::kDora;
        e.who = -1;
        if (next_dora >= dora_.size()) throw FormatError(where_, "more kan dora than indicators");
        e.tile = dora_[next_dora++];
        break;
      default:
        e.type = MjlogEventType::kCall;
        e.meld = meld(st);
        drawn_[st.who] = -1;
        break;
    }
    r.events.push_back(std::move(e));
  }

  MjlogMeld meld(const PlainStep& st) {
    MjlogMeld m;
    int n = 0;
    if (st.type != StepType::kKakan)  // a kakan's consumed tiles are its pon's, already melded
      for (Tile t : st.consumed) m.tiles[n++] = pick(st.who, t, -1);
    switch (st.type) {
      case StepType::kChi:
      case StepType::kPon:
      case StepType::kDaiminkan:
        m.type = st.type == StepType::kChi   ? MeldType::kChi
                 : st.type == StepType::kPon ? MeldType::kPon
                                             : MeldType::kDaiminkan;
        m.called = last_out_;
        m.tiles[n++] = last_out_;
        m.from = (st.from - st.who + 4) % 4;
        if (st.type == StepType::kPon) pons_[{st.who, st.tile.kind}] = m;
        break;
      case StepType::kKakan: {
        const auto it = pons_.find({st.who, st.tile.kind});
        if (it == pons_.end()) throw FormatError(where_, "a kakan without its pon");
        const MjlogMeld pon = it->second;
        m = pon;
        m.type = MeldType::kKakan;
        m.added = pick(st.who, st.tile, -1);
        m.tiles[3] = m.added;
        n = 4;
        last_out_ = m.added;
        break;
      }
      default:  // ankan
        m.type = MeldType::kAnkan;
        m.from = 0;
        break;
    }
    // Ascending (a small insertion sort: GCC 12 misreads std::sort on a 4-array's prefix).
    for (int i = 1; i < n && i < 4; ++i)
      for (int j = i; j > 0 && m.tiles[j - 1] > m.tiles[j]; --j)
        std::swap(m.tiles[j - 1], m.tiles[j]);
    return m;
  }

  void add_wins(MjlogRound& r) {
    std::array<int, 4> before = before_;
    int sticks = h_.sticks;
    for (int a : accepted_) sticks += a;
    for (const PlainWin& w : h_.wins) {
      MjlogAgari a;
      a.who = w.who;
      a.from_who = w.from;
      a.tsumo = w.tsumo();
      a.win_tile = a.tsumo ? drawn_[w.who] : last_out_;
      a.fu = w.fu;
      a.points = w.points;
      a.limit = limit_code(w.limit);
      a.scored = w.scored;
      if (w.line > 0) a.element = w.line;
      for (const PlainYaku& y : w.yaku) {
        if (y.name == "dora" || y.name == "ura" || y.name == "aka") {
          (y.name == "dora" ? a.dora : y.name == "ura" ? a.ura : a.aka) += y.han;
          a.han += y.han;
          continue;
        }
        const int seat_wind = (w.who - h_.dealer + players_) % players_;
        MjlogYaku my{yaku_id(y.name, seat_wind, h_.round / 4), y.name, y.yakuman ? 0 : y.han};
        (y.yakuman ? a.yakuman : a.yaku).push_back(my);
        a.han += my.han;
      }
      if (!a.yakuman.empty()) a.han = 0;
      a.dora_indicators = dora_;
      a.ura_indicators = ura_;
      a.honba = h_.honba;
      a.sticks = r.agari.empty() ? sticks : 0;
      a.scores = before;
      a.deltas = w.deltas;
      a.pao = w.pao;
      for (int s = 0; s < 4; ++s) before[s] += w.deltas[s];
      r.agari.push_back(std::move(a));
    }
  }

  void add_draw(MjlogRound& r) {
    MjlogDraw d;
    d.type = draw_type(h_.end);
    d.honba = h_.honba;
    d.sticks = h_.sticks;
    d.scores = before_;
    d.deltas = h_.deltas;
    d.detailed = h_.end_detailed;
    d.element = h_.end_line > 0 ? h_.end_line : -1;
    if (d.type == MjlogDrawType::kExhaustive) d.shown = h_.tenpai;
    if (d.type == MjlogDrawType::kNineTerminals)
      for (auto it = h_.steps.rbegin(); it != h_.steps.rend(); ++it)
        if (it->type == StepType::kDraw) {
          d.shown[it->who] = true;
          break;
        }
    // A triple ron: every other seat declared ron on the last discard (or added kan), as the
    // mjlog's ron3 shows them; tenhou.net/6 and mjai do not name them.
    if (d.type == MjlogDrawType::kTripleRon)
      for (auto it = h_.steps.rbegin(); it != h_.steps.rend(); ++it)
        if (it->type == StepType::kDiscard || it->type == StepType::kKakan) {
          for (int s = 0; s < players_; ++s) d.shown[s] = s != it->who;
          break;
        }
    r.draw = std::move(d);
  }

  const PlainHand& h_;
  bool red_;
  int players_;  // seat winds over this many seats
  const std::string& where_;
  IdPool pool_;
  std::vector<int> dora_, ura_;
  std::array<std::vector<int>, 4> held_;
  std::array<int, 4> drawn_{-1, -1, -1, -1};
  std::array<int, 4> accepted_{};
  std::array<int, 4> before_{};
  std::map<std::pair<int, int>, MjlogMeld> pons_;
  int last_out_ = -1;
};

}  // namespace

MjlogGameType game_type_from_label(std::string_view label, bool red_fives) {
  int raw = 0x01 | (red_fives ? 0 : 0x02);
  const bool tenhou_label = has(label, "東") || has(label, "南");
  if (tenhou_label) {
    if (!has(label, "喰")) raw |= 0x04;
    if (has(label, "南")) raw |= 0x08;
    if (has(label, "三")) raw |= 0x10;
    if (has(label, "速")) raw |= 0x40;
    if (has(label, "上")) raw |= 0x80;
    if (has(label, "特")) raw |= 0x20;
    if (has(label, "鳳")) raw |= 0xA0;
  } else if (!has(label, "East")) {
    raw |= 0x08;  // hanchan unless the label says East
  }
  return decode_game_type(raw);
}

MjlogRound mjlog_round_from_plain(const PlainHand& hand, bool red_fives, const std::string& where,
                                  int players) {
  return RoundBuilder(hand, red_fives, where, players).build();
}

MjlogGame mjlog_from_plain(const PlainGame& game, const std::string& file) {
  MjlogGame g;
  g.file = file;
  g.log_id = game.log_id;
  g.type = game_type_from_label(game.rule, game.red_fives);
  if (game.players == 3 && !g.type.three_player) g.type = decode_game_type(g.type.raw | 0x10);
  g.names = game.names;
  g.first_dealer = 0;
  for (std::size_t i = 0; i < game.hands.size(); ++i)
    g.rounds.push_back(mjlog_round_from_plain(game.hands[i], game.red_fives,
                                              fmt::format("log[{}]", i), game.players));
  if (!game.hands.empty()) {
    const PlainHand& first = game.hands.front();
    g.starts_mid_game = first.round != 0 || first.honba != 0 || first.sticks != 0;
  }
  g.has_owari = game.has_final;
  g.final_scores = game.final_scores;
  g.final_results = game.final_results;
  return g;
}

}  // namespace riichi::io
