#include "io/plain_game.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <tuple>

namespace riichi::io {

const char* step_type_name(StepType type) {
  switch (type) {
    case StepType::kDraw:
      return "draw";
    case StepType::kDiscard:
      return "discard";
    case StepType::kChi:
      return "chi";
    case StepType::kPon:
      return "pon";
    case StepType::kDaiminkan:
      return "daiminkan";
    case StepType::kKakan:
      return "kakan";
    case StepType::kAnkan:
      return "ankan";
    case StepType::kRiichi:
      return "riichi";
    case StepType::kRiichiAccepted:
      return "riichi_accepted";
    case StepType::kDora:
      return "dora";
    case StepType::kKita:
      return "kita";
  }
  return "?";
}

const char* hand_end_name(HandEnd end) {
  switch (end) {
    case HandEnd::kWin:
      return "win";
    case HandEnd::kExhaustive:
      return "exhaustive";
    case HandEnd::kNagashi:
      return "nagashi";
    case HandEnd::kNineTerminals:
      return "nine_terminals";
    case HandEnd::kFourRiichi:
      return "four_riichi";
    case HandEnd::kTripleRon:
      return "triple_ron";
    case HandEnd::kFourKans:
      return "four_kans";
    case HandEnd::kFourWinds:
      return "four_winds";
    case HandEnd::kChombo:
      return "chombo";
  }
  return "?";
}

FormatError::FormatError(std::string where, const std::string& reason)
    : std::runtime_error(where.empty() ? reason : where + ": " + reason),
      where_(std::move(where)) {}

void sort_tiles(std::vector<Tile>& tiles) {
  std::sort(tiles.begin(), tiles.end(), [](Tile a, Tile b) {
    return a.kind * 2 + (a.red ? 1 : 0) < b.kind * 2 + (b.red ? 1 : 0);
  });
}

namespace {

// The step that records a call of this meld type.
StepType step_of(MeldType meld) {
  switch (meld) {
    case MeldType::kChi:
      return StepType::kChi;
    case MeldType::kPon:
      return StepType::kPon;
    case MeldType::kDaiminkan:
      return StepType::kDaiminkan;
    case MeldType::kKakan:
      return StepType::kKakan;
    case MeldType::kAnkan:
      return StepType::kAnkan;
  }
  return StepType::kChi;
}

std::vector<Tile> tiles_of_ids(const int* ids, int n, bool red) {
  std::vector<Tile> out;
  for (int i = 0; i < n; ++i) out.push_back(tile_of_id(ids[i], red));
  sort_tiles(out);
  return out;
}

// Moves every kRiichiAccepted step to right after its seat's last discard before it.
void normalize_riichi_accepted(std::vector<PlainStep>& steps) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].type != StepType::kRiichiAccepted) continue;
    std::size_t j = i;
    while (j > 0 && !(steps[j - 1].type == StepType::kDiscard && steps[j - 1].who == steps[i].who))
      --j;
    if (j == 0 || j == i) continue;
    const PlainStep s = steps[i];
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(i));
    steps.insert(steps.begin() + static_cast<std::ptrdiff_t>(j), s);
  }
}

}  // namespace

int plain_points(int basic, bool dealer, bool tsumo, int players) {
  if (!tsumo) return round_up_100(basic * (dealer ? 6 : 4));
  // Three players (Tenhou's tsumo loss): the absent seat's share is not paid.
  if (dealer) return (players - 1) * round_up_100(basic * 2);
  return round_up_100(basic * 2) + (players - 2) * round_up_100(basic);
}

namespace {

void add_counters(std::vector<PlainYaku>& yaku, int dora, int ura, int aka) {
  if (dora > 0) yaku.push_back({"dora", dora, 0});
  if (ura > 0) yaku.push_back({"ura", ura, 0});
  if (aka > 0) yaku.push_back({"aka", aka, 0});
}

}  // namespace

int plain_basic_points(const PlainWin& win) {
  switch (win.limit) {
    case Limit::kNone:
      return std::min(2000, win.fu << std::min(win.han + 2, 20));
    case Limit::kMangan:
      return 2000;
    case Limit::kHaneman:
      return 3000;
    case Limit::kBaiman:
      return 4000;
    case Limit::kSanbaiman:
      return 6000;
    case Limit::kKazoeYakuman:
      return 8000;
    case Limit::kYakuman:
      return 8000 * std::max(1, win.yakuman_units);
  }
  return 0;
}

// ------------------------------------------------------------------------------------------
// Engine records

PlainGame plain_from_engine(const GameRecord& record, const GameLog& log) {
  const bool red = record.rules.red_fives;
  PlainGame game;
  game.players = record.rules.players;
  const int n = game.players;
  game.names = record.players;
  for (int s = 0; s < game.players; ++s)
    if (game.names[s].empty()) game.names[s] = fmt::format("seat{}", s);
  game.red_fives = red;
  game.title = fmt::format("riichi seed {}", record.seed);
  game.rule = record.rules.name;
  for (const HandLog& hl : log.hands) {
    PlainHand h;
    const RoundSetup& su = hl.setup;
    h.round = su.round_wind * 4 + su.hand_number;
    h.honba = su.honba;
    h.sticks = su.riichi_sticks;
    h.dealer = su.dealer;
    h.scores = su.scores;
    std::array<int, 4> stakes{};
    for (const Event& e : hl.events) {
      PlainStep st;
      st.who = e.seat;
      switch (e.type) {
        case EventType::kDeal:
          for (int i = 0; i < e.hand_size; ++i)
            h.deal[e.seat].push_back(tile_of_id(e.hand[i], red));
          sort_tiles(h.deal[e.seat]);
          continue;
        case EventType::kDraw:
          st.type = StepType::kDraw;
          st.tile = tile_of_id(e.tile, red);
          break;
        case EventType::kDiscard:
          st.type = StepType::kDiscard;
          st.tile = tile_of_id(e.tile, red);
          st.tsumogiri = e.tsumogiri;
          break;
        case EventType::kCall: {
          int ids[4];
          for (int i = 0; i < 4; ++i) ids[i] = e.meld_ids[i];
          st.type = step_of(e.meld);
          if (e.meld == MeldType::kAnkan) {
            st.consumed = tiles_of_ids(ids, 4, red);
          } else if (e.meld == MeldType::kKakan) {
            st.tile = tile_of_id(ids[3], red);
            st.consumed = tiles_of_ids(ids, 3, red);
          } else {
            st.tile = tile_of_id(ids[0], red);
            st.from = e.from;
            st.consumed = tiles_of_ids(ids + 1, e.meld == MeldType::kDaiminkan ? 3 : 2, red);
          }
          break;
        }
        case EventType::kRiichiDeclared:
          st.type = StepType::kRiichi;
          break;
        case EventType::kKita:
          st.type = StepType::kKita;
          st.tile = tile_of_id(e.tile, red);
          break;
        case EventType::kRiichiAccepted:
          st.type = StepType::kRiichiAccepted;
          ++stakes[e.seat];
          break;
        case EventType::kDoraRevealed:
          h.dora.push_back(tile_of_id(e.tile, red));
          if (h.dora.size() == 1) continue;
          st.type = StepType::kDora;
          st.tile = h.dora.back();
          st.who = -1;
          break;
        default:
          continue;
      }
      h.steps.push_back(std::move(st));
    }
    normalize_riichi_accepted(h.steps);
    for (std::uint8_t id : hl.ura_indicators) h.ura.push_back(tile_of_id(id, red));
    const RoundResult& res = hl.result;
    h.deltas = res.deltas;
    if (res.end != RoundEnd::kChombo)
      for (int s = 0; s < 4; ++s) h.deltas[s] += 1000 * stakes[s];
    switch (res.end) {
      case RoundEnd::kWin:
        h.end = HandEnd::kWin;
        break;
      case RoundEnd::kExhaustiveDraw:
        h.end = HandEnd::kExhaustive;
        for (bool n : res.nagashi)
          if (n) h.end = HandEnd::kNagashi;
        h.tenpai = res.tenpai;
        break;
      case RoundEnd::kAbortiveDraw:
        switch (res.abortive) {
          case AbortiveDraw::kKyuushuKyuuhai:
            h.end = HandEnd::kNineTerminals;
            break;
          case AbortiveDraw::kSuufonRenda:
            h.end = HandEnd::kFourWinds;
            break;
          case AbortiveDraw::kSuukaikan:
            h.end = HandEnd::kFourKans;
            break;
          case AbortiveDraw::kSuuchaRiichi:
            h.end = HandEnd::kFourRiichi;
            break;
          case AbortiveDraw::kSanchahou:
            h.end = HandEnd::kTripleRon;
            break;
          case AbortiveDraw::kNone:
            h.end = HandEnd::kExhaustive;
            break;
        }
        break;
      case RoundEnd::kChombo:
        h.end = HandEnd::kChombo;
        break;
    }
    for (const WinRecord& w : res.wins) {
      PlainWin pw;
      pw.who = w.winner;
      pw.from = w.from < 0 ? w.winner : w.from;
      pw.pao = w.liable;
      pw.tile = w.win;
      pw.concealed = w.hand.concealed;
      sort_tiles(pw.concealed);
      const ScoreResult& sc = w.score;
      pw.fu = sc.fu;
      pw.han = sc.han;
      pw.limit = sc.limit;
      pw.yakuman_units = sc.yakuman_units;
      pw.points = plain_points(sc.basic_points, w.winner == su.dealer, w.from < 0, n);
      for (const YakuItem& y : sc.yaku) pw.yaku.push_back({y.name, y.han, y.yakuman});
      add_counters(pw.yaku, sc.dora, sc.ura, sc.red);
      for (int s = 0; s < n; ++s) pw.deltas[s] = sc.payments.delta[(s - su.dealer + n) % n];
      pw.deltas[w.winner] += sc.payments.sticks;
      h.wins.push_back(std::move(pw));
    }
    game.hands.push_back(std::move(h));
  }
  return game;
}

// ------------------------------------------------------------------------------------------
// Mjlog

PlainGame plain_from_mjlog(const MjlogGame& g) {
  const bool red = g.type.red_fives;
  PlainGame game;
  game.players = g.type.three_player ? 3 : 4;
  game.names = g.names;
  game.red_fives = red;
  game.title = g.file;
  game.rule = g.type.label();
  for (const MjlogRound& r : g.rounds) {
    if (!r.finished()) continue;
    PlainHand h;
    h.round = r.round;
    h.honba = r.honba;
    h.sticks = r.sticks;
    h.dealer = r.dealer;
    h.scores = r.scores;
    for (int s = 0; s < 4; ++s)
      h.deal[s] = tiles_of_ids(r.hands[s].data(), static_cast<int>(r.hands[s].size()), red);
    h.dora.push_back(tile_of_id(r.dora_indicator, red));
    for (const MjlogEvent& e : r.events) {
      PlainStep st;
      st.who = e.who;
      switch (e.type) {
        case MjlogEventType::kDraw:
          st.type = StepType::kDraw;
          st.tile = tile_of_id(e.tile, red);
          break;
        case MjlogEventType::kDiscard:
          st.type = StepType::kDiscard;
          st.tile = tile_of_id(e.tile, red);
          st.tsumogiri = e.tsumogiri;
          break;
        case MjlogEventType::kCall: {
          const MjlogMeld& m = e.meld;
          std::vector<int> rest;
          for (int i = 0; i < m.size(); ++i) rest.push_back(m.tiles[i]);
          auto take_out = [&](int id) { rest.erase(std::find(rest.begin(), rest.end(), id)); };
          st.type = step_of(m.type);
          if (m.type == MeldType::kKakan) {
            st.tile = tile_of_id(m.added, red);
            take_out(m.added);
          } else if (m.type != MeldType::kAnkan) {
            st.tile = tile_of_id(m.called, red);
            st.from = (e.who + m.from) % 4;
            take_out(m.called);
          }
          st.consumed = tiles_of_ids(rest.data(), static_cast<int>(rest.size()), red);
          break;
        }
        case MjlogEventType::kRiichi:
          st.type = e.step == 1 ? StepType::kRiichi : StepType::kRiichiAccepted;
          break;
        case MjlogEventType::kKita:
          st.type = StepType::kKita;
          st.tile = tile_of_id(e.tile, red);
          break;
        case MjlogEventType::kDora:
          st.type = StepType::kDora;
          st.tile = tile_of_id(e.tile, red);
          st.who = -1;
          h.dora.push_back(st.tile);
          break;
        default:
          continue;
      }
      h.steps.push_back(std::move(st));
    }
    if (!r.agari.empty()) {
      h.end = HandEnd::kWin;
      for (const MjlogAgari& a : r.agari) {
        if (h.ura.empty())
          for (int id : a.ura_indicators) h.ura.push_back(tile_of_id(id, red));
        PlainWin w;
        w.who = a.who;
        w.from = a.from_who;
        w.pao = a.pao;
        w.tile = tile_of_id(a.win_tile, red);
        std::vector<int> rest = a.hand;
        auto it = std::find(rest.begin(), rest.end(), a.win_tile);
        if (it != rest.end()) rest.erase(it);
        w.concealed = tiles_of_ids(rest.data(), static_cast<int>(rest.size()), red);
        w.fu = a.fu;
        w.han = a.han;
        static constexpr Limit kLimits[] = {Limit::kNone,   Limit::kMangan,    Limit::kHaneman,
                                            Limit::kBaiman, Limit::kSanbaiman, Limit::kYakuman};
        w.limit = kLimits[std::clamp(a.limit, 0, 5)];
        if (w.limit == Limit::kYakuman) {
          if (a.yakuman.empty()) {
            w.limit = Limit::kKazoeYakuman;
          } else {
            w.yakuman_units = static_cast<int>(a.yakuman.size());
          }
        }
        w.points = a.points;
        w.scored = a.scored;
        for (const MjlogYaku& y : a.yaku) w.yaku.push_back({y.name, y.han, 0});
        for (const MjlogYaku& y : a.yakuman) w.yaku.push_back({y.name, 0, 1});
        add_counters(w.yaku, a.dora, a.ura, a.aka);
        w.deltas = a.deltas;
        for (int s = 0; s < 4; ++s) h.deltas[s] += a.deltas[s];
        h.wins.push_back(std::move(w));
      }
    } else {
      const MjlogDraw& d = *r.draw;
      h.deltas = d.deltas;
      h.end_detailed = d.detailed;
      switch (d.type) {
        case MjlogDrawType::kExhaustive:
          h.end = HandEnd::kExhaustive;
          h.tenpai = d.shown;
          break;
        case MjlogDrawType::kNineTerminals:
          h.end = HandEnd::kNineTerminals;
          break;
        case MjlogDrawType::kFourRiichi:
          h.end = HandEnd::kFourRiichi;
          break;
        case MjlogDrawType::kTripleRon:
          h.end = HandEnd::kTripleRon;
          break;
        case MjlogDrawType::kFourKans:
          h.end = HandEnd::kFourKans;
          break;
        case MjlogDrawType::kFourWinds:
          h.end = HandEnd::kFourWinds;
          break;
        case MjlogDrawType::kNagashiMangan:
          h.end = HandEnd::kNagashi;
          break;
      }
    }
    game.hands.push_back(std::move(h));
  }
  return game;
}

// ------------------------------------------------------------------------------------------
// Following the tiles

namespace {

bool remove_tile(std::vector<Tile>& hand, Tile t) {
  auto it = std::find(hand.begin(), hand.end(), t);
  if (it == hand.end()) return false;
  hand.erase(it);
  return true;
}

std::string tiles_text(const std::vector<Tile>& tiles) {
  std::string s;
  for (Tile t : tiles) s += tile_to_string(t);
  return s;
}

std::string step_text(const PlainStep& s) {
  std::string out = fmt::format("{} seat {}", step_type_name(s.type), s.who);
  switch (s.type) {
    case StepType::kDraw:
    case StepType::kDora:
    case StepType::kKita:
      out += ' ';
      out += tile_to_string(s.tile);
      break;
    case StepType::kDiscard:
      out += ' ';
      out += tile_to_string(s.tile);
      if (s.tsumogiri) out += " (tsumogiri)";
      break;
    case StepType::kChi:
    case StepType::kPon:
    case StepType::kDaiminkan:
      out += fmt::format(" {} from seat {} with {}", tile_to_string(s.tile), s.from,
                         tiles_text(s.consumed));
      break;
    case StepType::kKakan:
      out += fmt::format(" {} on {}", tile_to_string(s.tile), tiles_text(s.consumed));
      break;
    case StepType::kAnkan:
      out += ' ';
      out += tiles_text(s.consumed);
      break;
    default:
      break;
  }
  return out;
}

}  // namespace

void complete_wins(PlainHand& hand, const std::string& where) {
  std::array<std::vector<Tile>, 4> held = hand.deal;
  int last_draw_who = -1;
  Tile last_draw{};
  const PlainStep* last_out = nullptr;  // last discard, kakan or ankan
  for (std::size_t i = 0; i < hand.steps.size(); ++i) {
    const PlainStep& s = hand.steps[i];
    if (s.type == StepType::kDora || s.type == StepType::kRiichi ||
        s.type == StepType::kRiichiAccepted)
      continue;
    if (s.who < 0 || s.who > 3) throw FormatError(where, fmt::format("step {}: bad seat", i));
    std::vector<Tile>& h = held[s.who];
    bool ok = true;
    switch (s.type) {
      case StepType::kDraw:
        h.push_back(s.tile);
        last_draw_who = s.who;
        last_draw = s.tile;
        break;
      case StepType::kDiscard:
        ok = remove_tile(h, s.tile);
        last_out = &s;
        break;
      case StepType::kKakan:
      case StepType::kKita:  // ronnable: the North is the winning tile
        ok = remove_tile(h, s.tile);
        last_out = &s;
        break;
      default:
        for (Tile t : s.consumed) ok = ok && remove_tile(h, t);
        if (s.type == StepType::kAnkan) last_out = &s;
        break;
    }
    if (s.type != StepType::kDraw) last_draw_who = -1;
    if (!ok)
      throw FormatError(where, fmt::format("step {} ({}): seat {} does not hold the tiles", i,
                                           step_text(s), s.who));
  }
  for (PlainWin& w : hand.wins) {
    if (!w.concealed.empty()) continue;
    if (w.who < 0 || w.who > 3) throw FormatError(where, "bad winner seat");
    std::vector<Tile> h = held[w.who];
    if (w.tsumo()) {
      if (last_draw_who != w.who) throw FormatError(where, "a tsumo win without a draw");
      w.tile = last_draw;
      remove_tile(h, last_draw);
    } else {
      if (!last_out) throw FormatError(where, "a ron without a discard");
      w.tile = last_out->type == StepType::kAnkan ? last_out->consumed[0] : last_out->tile;
    }
    sort_tiles(h);
    w.concealed = std::move(h);
  }
}

// ------------------------------------------------------------------------------------------
// Comparing

namespace {

std::string yaku_text(const std::vector<PlainYaku>& yaku) {
  std::string s;
  for (const PlainYaku& y : yaku) {
    if (!s.empty()) s += ",";
    s += y.yakuman ? fmt::format("{}(yakuman x{})", y.name, y.yakuman)
                   : fmt::format("{}({})", y.name, y.han);
  }
  return s;
}

std::string arr_text(const std::array<int, 4>& a) {
  return fmt::format("[{},{},{},{}]", a[0], a[1], a[2], a[3]);
}

std::string diff_win(const PlainWin& a, const PlainWin& b) {
  if (a.who != b.who || a.from != b.from || a.pao != b.pao)
    return fmt::format("winner/from/pao {}/{}/{} vs {}/{}/{}", a.who, a.from, a.pao, b.who, b.from,
                       b.pao);
  if (!(a.tile == b.tile))
    return fmt::format("winning tile {} vs {}", tile_to_string(a.tile), tile_to_string(b.tile));
  if (a.concealed != b.concealed)
    return fmt::format("concealed {} vs {}", tiles_text(a.concealed), tiles_text(b.concealed));
  if (a.han != b.han || a.limit != b.limit || a.yakuman_units != b.yakuman_units ||
      (a.limit == Limit::kNone && a.fu != b.fu))
    return fmt::format("han/fu/limit {}/{}/{} vs {}/{}/{}", a.han, a.fu,
                       limit_name(a.limit, a.yakuman_units), b.han, b.fu,
                       limit_name(b.limit, b.yakuman_units));
  if (a.points != b.points) return fmt::format("points {} vs {}", a.points, b.points);
  // In any order (mjai's one sangenpai item comes back as the dragon yakuhai in tile order).
  auto sorted = [](std::vector<PlainYaku> y) {
    std::sort(y.begin(), y.end(), [](const PlainYaku& p, const PlainYaku& q) {
      return std::tie(p.name, p.han, p.yakuman) < std::tie(q.name, q.han, q.yakuman);
    });
    return y;
  };
  if (sorted(a.yaku) != sorted(b.yaku))
    return fmt::format("yaku {} vs {}", yaku_text(a.yaku), yaku_text(b.yaku));
  if (a.deltas != b.deltas)
    return fmt::format("payments {} vs {}", arr_text(a.deltas), arr_text(b.deltas));
  return "";
}

std::vector<const PlainStep*> without_dora(const std::vector<PlainStep>& steps) {
  std::vector<const PlainStep*> out;
  for (const PlainStep& s : steps)
    if (s.type != StepType::kDora) out.push_back(&s);
  return out;
}

std::string diff_hand(const PlainHand& a, const PlainHand& b) {
  if (a.round != b.round || a.honba != b.honba || a.sticks != b.sticks || a.dealer != b.dealer)
    return fmt::format("round/honba/sticks/dealer {}/{}/{}/{} vs {}/{}/{}/{}", a.round, a.honba,
                       a.sticks, a.dealer, b.round, b.honba, b.sticks, b.dealer);
  if (a.scores != b.scores)
    return fmt::format("scores {} vs {}", arr_text(a.scores), arr_text(b.scores));
  for (int s = 0; s < 4; ++s)
    if (a.deal[s] != b.deal[s])
      return fmt::format("deal of seat {}: {} vs {}", s, tiles_text(a.deal[s]),
                         tiles_text(b.deal[s]));
  if (a.dora != b.dora)
    return fmt::format("dora indicators {} vs {}", tiles_text(a.dora), tiles_text(b.dora));
  if (a.ura != b.ura)
    return fmt::format("ura indicators {} vs {}", tiles_text(a.ura), tiles_text(b.ura));
  const auto sa = without_dora(a.steps), sb = without_dora(b.steps);
  for (std::size_t i = 0; i < std::max(sa.size(), sb.size()); ++i) {
    if (i >= sa.size() || i >= sb.size() || !(*sa[i] == *sb[i]))
      return fmt::format("step {}: {} vs {}", i, i < sa.size() ? step_text(*sa[i]) : "(none)",
                         i < sb.size() ? step_text(*sb[i]) : "(none)");
  }
  if (a.end != b.end)
    return fmt::format("end {} vs {}", hand_end_name(a.end), hand_end_name(b.end));
  if (a.deltas != b.deltas)
    return fmt::format("payments {} vs {}", arr_text(a.deltas), arr_text(b.deltas));
  if (a.end == HandEnd::kExhaustive && a.tenpai != b.tenpai) return "tenpai seats differ";
  if (a.wins.size() != b.wins.size())
    return fmt::format("{} wins vs {}", a.wins.size(), b.wins.size());
  for (std::size_t i = 0; i < a.wins.size(); ++i)
    if (std::string d = diff_win(a.wins[i], b.wins[i]); !d.empty())
      return fmt::format("win {}: {}", i, d);
  return "";
}

}  // namespace

std::string diff_games(const PlainGame& a, const PlainGame& b) {
  if (a.players != b.players) return fmt::format("{} players vs {}", a.players, b.players);
  for (int s = 0; s < 4; ++s)
    if (a.names[s] != b.names[s])
      return fmt::format("name of seat {}: '{}' vs '{}'", s, a.names[s], b.names[s]);
  for (std::size_t i = 0; i < std::min(a.hands.size(), b.hands.size()); ++i)
    if (std::string d = diff_hand(a.hands[i], b.hands[i]); !d.empty())
      return fmt::format("hand {}: {}", i, d);
  if (a.hands.size() != b.hands.size())
    return fmt::format("{} hands vs {}", a.hands.size(), b.hands.size());
  return "";
}

}  // namespace riichi::io
