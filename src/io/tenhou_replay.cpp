#include "io/tenhou_replay.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "riichi/game.hpp"

namespace riichi::io {

std::string ReplayMismatch::message() const {
  std::string out = hand;
  out += ": ";
  out += what;
  if (action_index >= 0) {
    out += " (action ";
    out += std::to_string(action_index);
    out += ")";
  }
  if (!expected.empty() || !got.empty()) {
    out += ": expected ";
    out += expected;
    out += ", got ";
    out += got;
  }
  return out;
}

namespace {

// Engine seat of a file seat: seat 0 is the first dealer; with three players seat 3 (absent)
// stays 3.
int rotate(int file_seat, int first_dealer, int players) {
  if (file_seat >= players) return file_seat;
  return (file_seat - first_dealer + 2 * players) % players;
}

std::array<int, 4> rotate_scores(const std::array<int, 4>& file, int first_dealer, int players) {
  std::array<int, 4> out{};
  for (int s = 0; s < 4; ++s) out[rotate(s, first_dealer, players)] = file[s];
  return out;
}

std::string seats_text(const std::array<int, 4>& v) {
  std::string out;
  for (int s = 0; s < 4; ++s) {
    if (s) out += ' ';
    out += 'P';
    out += std::to_string(s);
    out += ' ';
    out += std::to_string(v[s]);
  }
  return out;
}

std::string bools_text(const std::array<bool, 4>& v) {
  std::string out;
  for (int s = 0; s < 4; ++s)
    if (v[s]) {
      if (!out.empty()) out += ' ';
      out += 'P';
      out += std::to_string(s);
    }
  return out.empty() ? "none" : out;
}

std::string round_name(const MjlogRound& r) {
  std::string out = hand_name(r.round / 4, r.round % 4);
  out += ", ";
  out += std::to_string(r.honba);
  out += " honba";
  return out;
}

const char* tenhou_abortive_name(AbortiveDraw a) {
  switch (a) {
    case AbortiveDraw::kNone:
      return "none";
    case AbortiveDraw::kKyuushuKyuuhai:
      return "yao9";
    case AbortiveDraw::kSuufonRenda:
      return "kaze4";
    case AbortiveDraw::kSuukaikan:
      return "kan4";
    case AbortiveDraw::kSuuchaRiichi:
      return "reach4";
    case AbortiveDraw::kSanchahou:
      return "ron3";
  }
  return "?";
}

std::string end_text(const RoundResult& res) {
  switch (res.end) {
    case RoundEnd::kWin:
      return "win";
    case RoundEnd::kExhaustiveDraw: {
      bool nagashi = false;
      for (bool b : res.nagashi) nagashi = nagashi || b;
      return nagashi ? "draw nm" : "draw exhaustive";
    }
    case RoundEnd::kAbortiveDraw:
      return std::string("draw ") + tenhou_abortive_name(res.abortive);
    case RoundEnd::kChombo:
      return "chombo";
  }
  return "?";
}

std::string log_end_text(const MjlogRound& r) {
  if (!r.agari.empty()) return "win";
  std::string out = "draw ";
  out += draw_type_name(r.draw->type);
  return out;
}

}  // namespace

std::string replay_yaku_name(const std::string& name, const Rules& rules) {
  if (rules.double_yakuman) return name;
  if (name == "suu_ankou_tanki") return "suu_ankou";
  if (name == "kokushi_musou_13_sided") return "kokushi_musou";
  if (name == "junsei_chuuren_poutou") return "chuuren_poutou";
  return name;
}

namespace {

// "chanta 2, riichi 1" sorted; yakuman as "daisangen yakuman".
std::string yaku_text(std::vector<std::pair<std::string, int>> items) {
  std::sort(items.begin(), items.end());
  std::string out;
  for (const auto& [name, han] : items) {
    if (!out.empty()) out += ", ";
    out += name;
    out += ' ';
    out += han > 0 ? std::to_string(han) : std::string("yakuman");
  }
  return out.empty() ? "none" : out;
}

std::string ids_text(const std::vector<int>& ids) {
  std::string out;
  for (int id : ids) {
    if (!out.empty()) out += ' ';
    out += std::to_string(id);
  }
  return out.empty() ? "none" : out;
}

// Builds the wall slot by slot with the log's ids.
class WallBuilder {
 public:
  void put(int slot, int id, const char* what) {
    if (id < 0 || id >= kNumTiles) throw std::invalid_argument(std::string(what) + ": bad id");
    if (slot < 0 || slot >= kNumTiles) throw std::invalid_argument(std::string(what) + ": no slot");
    if (slot_[slot] == id) return;
    if (slot_[slot] >= 0) {
      std::string m = what;
      m += ": slot ";
      m += std::to_string(slot);
      m += " already holds ";
      m += std::to_string(slot_[slot]);
      throw std::invalid_argument(m);
    }
    if (used_[id]) {
      std::string m = what;
      m += ": tile id ";
      m += std::to_string(id);
      m += " appears twice";
      throw std::invalid_argument(m);
    }
    slot_[slot] = id;
    used_[id] = true;
  }
  bool filled(int slot) const { return slot_[slot] >= 0; }
  Wall finish() const {
    Wall w;
    int next_free = 0;
    for (int s = 0; s < kNumTiles; ++s) {
      if (slot_[s] >= 0) {
        w.tiles[s] = static_cast<std::uint8_t>(slot_[s]);
        continue;
      }
      while (used_[next_free]) ++next_free;
      w.tiles[s] = static_cast<std::uint8_t>(next_free++);
    }
    return w;
  }

 private:
  std::array<int, kNumTiles> slot_ = make();
  std::array<bool, kNumTiles> used_{};
  static std::array<int, kNumTiles> make() {
    std::array<int, kNumTiles> a{};
    a.fill(-1);
    return a;
  }
};

bool is_kan(MeldType t) { return t >= MeldType::kDaiminkan; }

}  // namespace

ConvertedRound convert_round(const MjlogRound& r, int first_dealer) {
  return convert_round(r, first_dealer, Rules::tenhou());
}

ConvertedRound convert_round(const MjlogRound& r, int first_dealer, const Rules& rules) {
  const int n = rules.players;
  const WallShape shape = wall_shape(rules);
  ConvertedRound out;
  RoundSetup& s = out.setup;
  s.round_wind = r.round / 4;
  s.hand_number = r.round % 4;
  s.dealer = rotate(r.dealer, first_dealer, n);
  s.honba = r.honba;
  s.riichi_sticks = r.sticks;
  s.scores = rotate_scores(r.scores, first_dealer, n);

  WallBuilder b;
  for (int slot = shape.live_end(), id = 0; slot < Wall::kLiveTiles; ++slot, ++id) {
    while (shape.in_play(id)) ++id;
    b.put(slot, id, "tile out of the game");
  }
  for (int w = 0; w < n; ++w) {
    const auto& hand = r.hands[(r.dealer + w) % n];
    if (hand.size() != 13) throw std::invalid_argument("INIT: a hand is not 13 tiles");
    for (int i = 0; i < 13; ++i) b.put(deal_slot(w, i, n), hand[i], "INIT hand");
  }
  b.put(Wall::kDoraSlot, r.dora_indicator, "INIT dora indicator");
  int next = shape.deal_tiles(), kans = 0, rinshan = 0, indicators = 1;
  bool rinshan_next = false;
  for (const MjlogEvent& e : r.events) {
    if ((e.type == MjlogEventType::kCall && is_kan(e.meld.type)) ||
        e.type == MjlogEventType::kKita) {
      ++kans;  // a kan or a kita: a replacement draw, one live tile fewer
      rinshan_next = true;
    } else if (e.type == MjlogEventType::kDraw) {
      if (rinshan_next) {
        if (rinshan >= 8) throw std::invalid_argument("more than eight replacement draws");
        b.put(Wall::rinshan_slot(rinshan++, shape), e.tile, "rinshan draw");
        rinshan_next = false;
      } else {
        if (next >= shape.live_end() - kans) throw std::invalid_argument("too many live draws");
        b.put(next++, e.tile, "draw");
      }
    } else if (e.type == MjlogEventType::kDora) {
      if (indicators >= 5) throw std::invalid_argument("more than five dora indicators");
      b.put(Wall::kIndicatorSlots[indicators++], e.tile, "DORA");
    }
  }
  for (const MjlogAgari& a : r.agari) {
    for (std::size_t k = 0; k < a.dora_indicators.size() && k < 5; ++k)
      b.put(Wall::kIndicatorSlots[k], a.dora_indicators[k], "AGARI doraHai");
    for (std::size_t k = 0; k < a.ura_indicators.size() && k < 5; ++k)
      b.put(Wall::kIndicatorSlots[k] + 1, a.ura_indicators[k], "AGARI doraHaiUra");
  }
  out.wall = b.finish();
  return out;
}

namespace {

// Plays one round; fills hand.actions / result / mismatch.
class RoundPlayer {
 public:
  RoundPlayer(const MjlogRound& r, int first_dealer, const Rules& rules, HandReplay& out)
      : r_(r), fd_(first_dealer), rules_(rules), out_(out) {}

  void run() {
    ConvertedRound conv;
    try {
      conv = convert_round(r_, fd_, rules_);
    } catch (const std::exception& e) {
      fail("wall", "a wall from the log's tiles", e.what());
      return;
    }
    Round round(rules_, conv.setup, conv.wall);
    round_ = &round;
    std::array<bool, 4> riichi{};
    for (const MjlogEvent& e : r_.events) {
      if (out_.mismatch) return;
      const int who = e.who >= 0 && e.who < rules_.players ? seat(e.who) : -1;
      if (who < 0 && e.type != MjlogEventType::kDora) {
        fail("event", "a seat 0.." + std::to_string(rules_.players - 1), std::to_string(e.who));
        return;
      }
      switch (e.type) {
        case MjlogEventType::kDraw: {
          if (!pass_window()) return;
          if (round.is_over()) {
            fail("draw", "P" + std::to_string(who) + " draws", "the hand is over");
            return;
          }
          const Observation o = round.observation(who);
          if (round.to_play() != who || o.drawn != e.tile) {
            fail("draw", "P" + std::to_string(who) + " draws " + std::to_string(e.tile),
                 "P" + std::to_string(round.to_play()) + " to play, drawn " +
                     std::to_string(o.drawn));
            return;
          }
          break;
        }
        case MjlogEventType::kDiscard: {
          if (!pass_window()) return;
          Action a;
          a.type = riichi[who] ? ActionType::kRiichi : ActionType::kDiscard;
          a.seat = static_cast<std::int8_t>(who);
          a.tile = static_cast<std::int16_t>(e.tile);
          a.tsumogiri = e.tsumogiri;
          riichi[who] = false;
          if (!apply(a)) return;
          break;
        }
        case MjlogEventType::kRiichi:
          if (e.step == 1) riichi[who] = true;
          break;
        case MjlogEventType::kCall: {
          const MjlogMeld& m = e.meld;
          Action a;
          a.seat = static_cast<std::int8_t>(who);
          if (m.type == MeldType::kKakan || m.type == MeldType::kAnkan) {
            if (!pass_window()) return;
            a.type = m.type == MeldType::kKakan ? ActionType::kKakan : ActionType::kAnkan;
            a.tile = static_cast<std::int16_t>(m.type == MeldType::kKakan ? m.added : m.tiles[0]);
            if (!apply(a)) return;
            break;
          }
          a.type = m.type == MeldType::kChi   ? ActionType::kChi
                   : m.type == MeldType::kPon ? ActionType::kPon
                                              : ActionType::kDaiminkan;
          a.tile = static_cast<std::int16_t>(m.called);
          int u = 0;
          for (int i = 0; i < m.size(); ++i)
            if (m.tiles[i] != m.called && u < 3)
              a.uses[u++] = static_cast<std::int16_t>(m.tiles[i]);
          if (!answer_window(1u << who, a)) return;
          break;
        }
        case MjlogEventType::kKita: {
          if (!pass_window()) return;
          Action a;
          a.type = ActionType::kKita;
          a.seat = static_cast<std::int8_t>(who);
          a.tile = static_cast<std::int16_t>(e.tile);
          if (!apply(a)) return;
          break;
        }
        case MjlogEventType::kDora:
        case MjlogEventType::kBye:
        case MjlogEventType::kReconnect:
          break;
      }
    }
    if (out_.mismatch) return;
    if (!r_.agari.empty()) {
      const MjlogAgari& first = r_.agari.front();
      if (first.tsumo) {
        if (!pass_window()) return;
        Action a;
        a.type = ActionType::kTsumo;
        a.seat = static_cast<std::int8_t>(seat(first.who));
        a.tile = static_cast<std::int16_t>(first.win_tile);
        if (!apply(a)) return;
      } else {
        unsigned winners = 0;
        for (const MjlogAgari& g : r_.agari) winners |= 1u << seat(g.who);
        Action a;
        a.type = ActionType::kRon;
        a.tile = static_cast<std::int16_t>(first.win_tile);
        if (!answer_window(winners, a)) return;
      }
    } else if (r_.draw) {
      const MjlogDraw& d = *r_.draw;
      if (d.type == MjlogDrawType::kNineTerminals) {
        if (!pass_window()) return;
        Action a;
        a.type = ActionType::kKyuushu;
        for (int s = 0; s < rules_.players; ++s)
          if (d.shown[s]) a.seat = static_cast<std::int8_t>(seat(s));
        if (!apply(a)) return;
      } else if (d.type == MjlogDrawType::kTripleRon) {
        unsigned winners = 0;
        for (int s = 0; s < rules_.players; ++s)
          if (d.shown[s]) winners |= 1u << seat(s);
        Action a;
        a.type = ActionType::kRon;
        a.tile = -1;
        if (!answer_window(winners, a)) return;
      } else {
        if (!pass_window()) return;
      }
    } else {
      return;  // truncated: what there was has been played
    }
    if (!round.is_over()) {
      fail("end of hand", log_end_text(r_), "the hand goes on");
      return;
    }
    out_.result = round.result();
    // The indicators the engine revealed are the ones the win was scored with (doraHai).
    if (!r_.agari.empty()) {
      std::vector<int> got;
      for (std::uint8_t id : round.observation(0).dora_indicators) got.push_back(id);
      if (got != r_.agari.front().dora_indicators)
        fail("dora indicators (doraHai)", ids_text(r_.agari.front().dora_indicators),
             ids_text(got));
    }
  }

 private:
  int seat(int file_seat) const { return rotate(file_seat, fd_, rules_.players); }

  void fail(std::string what, std::string expected, std::string got, int action = -1) {
    if (out_.mismatch) return;
    ReplayMismatch m;
    m.hand = out_.name;
    m.action_index = action;
    m.what = std::move(what);
    m.expected = std::move(expected);
    m.got = std::move(got);
    out_.mismatch = std::move(m);
  }

  bool apply(Action a) {
    // Pass and kyuushu carry what the engine puts in them (the tile in the window).
    if (a.type == ActionType::kPass || a.type == ActionType::kKyuushu)
      for (const Action& l : round_->legal_actions(a.seat))
        if (l.type == a.type) a = l;
    const int index = static_cast<int>(out_.actions.size());
    const ApplyResult res = round_->apply(a);
    if (!res.ok) {
      fail("action refused", to_string(a, rules_.red_fives), res.reason, index);
      return false;
    }
    out_.actions.push_back(a);
    return true;
  }

  bool in_window() const {
    return round_->phase() == Phase::kClaim || round_->phase() == Phase::kChankan;
  }

  // Every pending seat passes.
  bool pass_window() {
    for (int guard = 0; in_window() && guard < 8; ++guard) {
      Action p;
      p.type = ActionType::kPass;
      p.seat = static_cast<std::int8_t>(round_->to_play());
      if (!apply(p)) return false;
    }
    return true;
  }

  // The seats of `callers` answer with `call` (its seat set to each; for a ron, tile = the tile
  // in the window when call.tile < 0), the other pending seats pass.
  bool answer_window(unsigned callers, Action call) {
    if (!in_window()) {
      std::string who;
      for (int s = 0; s < 4; ++s)
        if (callers >> s & 1u) who += "P" + std::to_string(s) + " ";
      fail("call", who + action_type_name(call.type), "no claim window open",
           static_cast<int>(out_.actions.size()));
      return false;
    }
    if (call.tile < 0) call.tile = static_cast<std::int16_t>(round_->observation(0).last_discard);
    unsigned answered = 0;
    for (int guard = 0; in_window() && guard < 8; ++guard) {
      const int s = round_->to_play();
      if (s < 0) break;
      Action a;
      if (callers >> s & 1u) {
        a = call;
        answered |= 1u << s;
      } else {
        a.type = ActionType::kPass;
      }
      a.seat = static_cast<std::int8_t>(s);
      if (!apply(a)) return false;
    }
    if (answered != callers) {
      fail("call", action_type_name(call.type), "the caller was not asked to answer",
           static_cast<int>(out_.actions.size()));
      return false;
    }
    return true;
  }

  const MjlogRound& r_;
  int fd_;
  const Rules& rules_;
  HandReplay& out_;
  Round* round_ = nullptr;
};

// Compares the engine's result of a finished round with the log.
void compare_round(const MjlogRound& r, int fd, const RoundResult& res, const Rules& rules,
                   HandReplay& hand) {
  int element = !r.agari.empty() ? r.agari.front().element : r.draw->element;
  auto fail = [&](std::string what, std::string expected, std::string got) {
    if (hand.mismatch) return;
    ReplayMismatch m;
    m.hand = hand.name;
    m.what = std::move(what);
    m.expected = std::move(expected);
    m.got = std::move(got);
    m.element = element;
    hand.mismatch = std::move(m);
  };
  const std::string log_end = log_end_text(r), got_end = end_text(res);
  // A draw known only as a draw (an mjai ryukyoku without reason): any kind of draw but a
  // kyuushu the log does not show.
  const bool any_draw = r.draw && !r.draw->detailed && r.draw->type == MjlogDrawType::kExhaustive &&
                        got_end.rfind("draw ", 0) == 0 && got_end != "draw yao9";
  if (log_end != got_end && !any_draw) return fail("end of hand", log_end, got_end);
  const int n = rules.players;
  auto rotate = [&](int s, int first) { return io::rotate(s, first, n); };
  auto rotate_scores = [&](const std::array<int, 4>& v, int first) {
    return io::rotate_scores(v, first, n);
  };
  const int dealer = rotate(r.dealer, fd);
  std::array<int, 4> after{};
  if (!r.agari.empty()) {
    if (res.wins.size() != r.agari.size())
      return fail("number of winners", std::to_string(r.agari.size()),
                  std::to_string(res.wins.size()));
    for (std::size_t i = 0; i < r.agari.size(); ++i) {
      const MjlogAgari& a = r.agari[i];
      const WinRecord& w = res.wins[i];
      element = a.element;
      const int winner = rotate(a.who, fd);
      const int from = a.tsumo ? -1 : rotate(a.from_who, fd);
      if (w.winner != winner || w.from != from)
        return fail("winner", "P" + std::to_string(winner) + " from " + std::to_string(from),
                    "P" + std::to_string(w.winner) + " from " + std::to_string(w.from));
      const std::string who = "P" + std::to_string(winner) + "'s win: ";
      const ScoreResult& sc = w.score;
      if (!sc.ok()) return fail(who + "score", "a valid win", sc.error_message);
      if (a.scored) {  // else the log gives only who won and the payments
        std::vector<std::pair<std::string, int>> ly, gy;
        for (const MjlogYaku& y : a.yaku) ly.emplace_back(y.name, y.han);
        for (const MjlogYaku& y : a.yakuman) ly.emplace_back(replay_yaku_name(y.name, rules), 0);
        for (const YakuItem& y : sc.yaku)
          gy.emplace_back(replay_yaku_name(y.name, rules), y.yakuman > 0 ? 0 : y.han);
        const std::string lyt = yaku_text(ly), gyt = yaku_text(gy);
        if (lyt != gyt) return fail(who + "yaku", lyt, gyt);
        if (a.dora != sc.dora || a.ura != sc.ura || a.aka != sc.red)
          return fail(
              who + "dora/ura/aka",
              std::to_string(a.dora) + "/" + std::to_string(a.ura) + "/" + std::to_string(a.aka),
              std::to_string(sc.dora) + "/" + std::to_string(sc.ura) + "/" +
                  std::to_string(sc.red));
        if (a.han != sc.han)
          return fail(who + "han", std::to_string(a.han), std::to_string(sc.han));
        if (a.yakuman.empty() && a.fu > 0 &&
            a.fu != sc.fu)  // fu 0: not given (tenhou.net/6 limits)
          return fail(who + "fu", std::to_string(a.fu), std::to_string(sc.fu));
      }
      if (a.honba != r.honba)
        return fail(who + "ba honba", std::to_string(a.honba), std::to_string(r.honba));
      if (a.sticks * 1000 != sc.payments.sticks)
        return fail(who + "ba sticks", std::to_string(a.sticks),
                    std::to_string(sc.payments.sticks / 1000));
      std::array<int, 4> got{};
      for (int wnd = 0; wnd < n; ++wnd) got[(dealer + wnd) % n] = sc.payments.delta[wnd];
      got[winner] += sc.payments.sticks;
      const std::array<int, 4> want = rotate_scores(a.deltas, fd);
      if (got != want) return fail(who + "score changes (sc)", seats_text(want), seats_text(got));
      const int pao = a.pao >= 0 ? rotate(a.pao, fd) : -1;
      if (a.pao != kPaoUnknown && pao != w.liable)
        return fail(who + "pao", std::to_string(pao), std::to_string(w.liable));
    }
    const MjlogAgari& last = r.agari.back();
    for (int s = 0; s < 4; ++s) after[s] = last.scores[s] + last.deltas[s];
  } else {
    const MjlogDraw& d = *r.draw;
    if (d.type == MjlogDrawType::kExhaustive || d.type == MjlogDrawType::kNagashiMangan) {
      std::array<bool, 4> shown{};
      for (int s = 0; s < 4; ++s) shown[rotate(s, fd)] = d.shown[s];
      if (d.type == MjlogDrawType::kExhaustive && d.detailed && shown != res.tenpai)
        return fail("tenpai at the draw", bools_text(shown), bools_text(res.tenpai));
    }
    if (d.honba != r.honba)
      return fail("ba honba", std::to_string(d.honba), std::to_string(r.honba));
    for (int s = 0; s < 4; ++s) after[s] = d.scores[s] + d.deltas[s];
  }
  std::array<int, 4> want = rotate_scores(after, fd);
  const std::array<int, 4> before = rotate_scores(r.scores, fd);
  for (int s = 0; s < 4; ++s) want[s] -= before[s];
  if (want != res.deltas)
    return fail("score changes of the hand", seats_text(want), seats_text(res.deltas));
}

std::string state_text(int round, int dealer, int honba, int sticks,
                       const std::array<int, 4>& scores) {
  std::string out = hand_name(round / 4, round % 4);
  out += " dealer P" + std::to_string(dealer);
  out += " honba " + std::to_string(honba);
  out += " sticks " + std::to_string(sticks);
  out += " scores ";
  out += seats_text(scores);
  return out;
}

}  // namespace

GameReplay replay_mjlog(const MjlogGame& game, const Rules& rules) {
  GameReplay out;
  out.file = game.file;
  out.truncated = game.truncated;
  out.truncation = game.truncation;
  const int fd = game.first_dealer;
  const int n = rules.players;
  auto rotate = [&](int s, int first) { return io::rotate(s, first, n); };
  auto rotate_scores = [&](const std::array<int, 4>& v, int first) {
    return io::rotate_scores(v, first, n);
  };
  GameState state = initial_state(rules);
  bool flow_ok = true;  // the state chain follows the log
  for (std::size_t k = 0; k < game.rounds.size(); ++k) {
    const MjlogRound& r = game.rounds[k];
    HandReplay hand;
    hand.name = round_name(r);
    // Game flow: the state the engine reached must be this INIT.
    const std::string want =
        state_text(r.round, rotate(r.dealer, fd), r.honba, r.sticks, rotate_scores(r.scores, fd));
    const std::string got = state.finished
                                ? std::string("the game is over")
                                : state_text(state.round_wind * 4 + state.hand_number, state.dealer,
                                             state.honba, state.riichi_sticks, state.scores);
    if (flow_ok && want != got && !(k == 0 && game.starts_mid_game)) {
      ReplayMismatch m;
      m.hand = hand.name;
      m.what = "hand start (INIT)";
      m.expected = want;
      m.got = got;
      hand.mismatch = m;
    }
    RoundPlayer(r, fd, rules, hand).run();
    if (hand.result && !hand.mismatch) compare_round(r, fd, *hand.result, rules, hand);
    if (r.finished()) ++out.hands_checked;
    // Resynchronise the chain on the log's INIT so one mismatch is reported once.
    state.finished = false;
    state.end = GameEnd::kNotOver;
    state.round_wind = r.round / 4;
    state.hand_number = r.round % 4;
    state.dealer = rotate(r.dealer, fd);
    state.honba = r.honba;
    state.riichi_sticks = r.sticks;
    state.scores = rotate_scores(r.scores, fd);
    flow_ok = true;
    if (hand.result) {
      state = next_state(state, *hand.result, rules);
    } else {
      flow_ok = false;
    }
    if (hand.mismatch) {
      out.mismatches.push_back(*hand.mismatch);
      flow_ok = false;
    }
    out.hands.push_back(std::move(hand));
  }
  if (game.has_owari && !game.truncated && flow_ok) {
    auto fail = [&](std::string what, std::string expected, std::string got) {
      ReplayMismatch m;
      m.hand = "end of game";
      m.what = std::move(what);
      m.expected = std::move(expected);
      m.got = std::move(got);
      out.mismatches.push_back(std::move(m));
    };
    if (!state.finished) {
      fail("end of game", "owari", "the game goes on to " + hand_name(state));
    } else {
      const FinalResult f = final_result(state, rules);
      const std::array<int, 4> pts = rotate_scores(game.final_scores, fd);
      std::array<int, 4> res{};
      for (int s = 0; s < 4; ++s) {
        const double v = game.final_results[s] * 1000;
        res[rotate(s, fd)] = static_cast<int>(v + (v < 0 ? -0.5 : 0.5));
      }
      if (f.points != pts) {
        fail("owari points", seats_text(pts), seats_text(f.points));
      } else if (f.final_scores != res) {
        fail("owari results", seats_text(res), seats_text(f.final_scores));
      }
    }
  }
  return out;
}

}  // namespace riichi::io
