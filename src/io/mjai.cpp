#include "io/mjai.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <istream>
#include <sstream>

#include "io/io_internal.hpp"
#include "io/json_text.hpp"

namespace riichi::io {

using ojson = nlohmann::ordered_json;
using nlohmann::json;

namespace {

constexpr const char* kHonors[] = {"E", "S", "W", "N", "P", "F", "C"};

// The engine's limit name in snake_case ("kazoe_yakuman"); yakuman without its multiplier.
std::string limit_key(Limit limit) {
  std::string key = limit_name(limit, 1);
  std::replace(key.begin(), key.end(), ' ', '_');
  return key;
}

// The yaku names of mjai (gimite/mjai's Hora, the names mjai tools read) for the engine's
// (riichi/yaku.cpp) and the dora counters. The three dragon yakuhai are one mjai yaku,
// "sangenpai", worth one han per dragon pung (merge_dragons / split_dragons). Engine yaku
// mjai has no name for (renhou, the double-yakuman forms) keep the engine's name.
struct MjaiYakuName {
  const char* engine;
  const char* mjai;
};
constexpr MjaiYakuName kMjaiYaku[] = {
    {"menzen_tsumo", "menzenchin_tsumoho"},
    {"riichi", "reach"},
    {"ippatsu", "ippatsu"},
    {"chankan", "chankan"},
    {"rinshan_kaihou", "rinshankaiho"},
    {"haitei", "haiteiraoyue"},
    {"houtei", "hoteiraoyui"},
    {"pinfu", "pinfu"},
    {"tanyao", "tanyaochu"},
    {"iipeikou", "ipeko"},
    {"yakuhai_seat_wind", "jikaze"},
    {"yakuhai_round_wind", "bakaze"},
    {"double_riichi", "double_reach"},
    {"chiitoitsu", "chitoitsu"},
    {"chanta", "honchantaiyao"},
    {"ittsu", "ikkitsukan"},
    {"sanshoku_doujun", "sanshokudojun"},
    {"sanshoku_doukou", "sanshokudoko"},
    {"san_kantsu", "sankantsu"},
    {"toitoi", "toitoiho"},
    {"san_ankou", "sananko"},
    {"shousangen", "shosangen"},
    {"honroutou", "honroto"},
    {"ryanpeikou", "ryanpeko"},
    {"junchan", "junchantaiyao"},
    {"honitsu", "honiso"},
    {"chinitsu", "chiniso"},
    {"tenhou", "tenho"},
    {"chiihou", "chiho"},
    {"kokushi_musou", "kokushimuso"},
    {"chuuren_poutou", "churenpoton"},
    {"suu_ankou", "suanko"},
    {"daisangen", "daisangen"},
    {"shousuushii", "shosushi"},
    {"daisuushii", "daisushi"},
    {"tsuuiisou", "tsuiso"},
    {"chinroutou", "chinroto"},
    {"ryuuiisou", "ryuiso"},
    {"suu_kantsu", "sukantsu"},
    {"dora", "dora"},
    {"ura", "uradora"},
    {"aka", "akadora"},
};
constexpr const char* kDragonYakuhai[] = {"yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun"};
constexpr const char* kSangenpai = "sangenpai";
// mjai counts a yakuman as 100 han (gimite/mjai Hora::YAKUMAN_FAN); this engine's exports before
// it wrote 13, still read.
constexpr int kMjaiYakumanHan = 100;

const char* ryukyoku_reason(HandEnd end) {
  switch (end) {
    case HandEnd::kExhaustive:
      return "fanpai";
    case HandEnd::kNagashi:
      return "nagashimangan";
    case HandEnd::kNineTerminals:
      return "kyushukyuhai";
    case HandEnd::kFourRiichi:
      return "suchareach";
    case HandEnd::kTripleRon:
      return "sanchaho";
    case HandEnd::kFourKans:
      return "sukaikan";
    case HandEnd::kFourWinds:
      return "sufonrenta";
    case HandEnd::kChombo:
      return "chombo";
    case HandEnd::kWin:
      return "";
  }
  return "";
}

ojson tiles_json(const std::vector<Tile>& tiles) {
  ojson a = ojson::array();
  for (Tile t : tiles) a.push_back(mjai_tile(t));
  return a;
}

// The tehai of seat 3 in a three-player game: 13 unknown tiles, the four-slot shape of
// Mortal's three-player fork (docs/mjai-protocol.md, "Three players").
ojson absent_seat_tehai() { return ojson(std::vector<std::string>(13, "?")); }

bool is_dragon_yakuhai(const std::string& name) {
  return std::find_if(std::begin(kDragonYakuhai), std::end(kDragonYakuhai),
                      [&](const char* d) { return name == d; }) != std::end(kDragonYakuhai);
}

// [[name, han], ...] with mjai's names: the dragon yakuhai merged into one "sangenpai" where
// the first of them stands, a yakuman as 100 han per unit.
ojson yakus_json(const std::vector<PlainYaku>& yaku) {
  ojson out = ojson::array();
  std::size_t sangenpai = 0;
  for (const PlainYaku& y : yaku) {
    const int han = y.yakuman ? kMjaiYakumanHan * y.yakuman : y.han;
    if (is_dragon_yakuhai(y.name)) {
      if (sangenpai) {
        out[sangenpai - 1][1] = out[sangenpai - 1][1].get<int>() + han;
        continue;
      }
      sangenpai = out.size() + 1;
    }
    out.push_back(ojson::array({mjai_yaku_name(y.name), han}));
  }
  return out;
}

}  // namespace

std::string mjai_yaku_name(const std::string& engine) {
  for (const MjaiYakuName& y : kMjaiYaku)
    if (engine == y.engine) return y.mjai;
  for (const char* d : kDragonYakuhai)
    if (engine == d) return kSangenpai;
  return engine;
}

std::string engine_yaku_name(const std::string& mjai) {
  for (const MjaiYakuName& y : kMjaiYaku)
    if (mjai == y.mjai) return y.engine;
  return mjai;
}

std::string mjai_tile(Tile tile) {
  if (is_honor(tile.kind)) return kHonors[tile.kind - 27];
  std::string s;
  s += static_cast<char>('0' + number_of(tile.kind));
  s += "mps"[tile.kind / 9];
  if (tile.red) s += 'r';
  return s;
}

Tile parse_mjai_tile(std::string_view text) {
  for (int i = 0; i < 7; ++i)
    if (text == kHonors[i]) return Tile{static_cast<std::uint8_t>(27 + i), false};
  const bool red = text.size() == 3 && text[2] == 'r';
  if ((text.size() == 2 || red) && text[0] >= '1' && text[0] <= '9') {
    const auto suit = std::string_view("mps").find(text[1]);
    if (suit != std::string_view::npos && (!red || text[0] == '5'))
      return Tile{static_cast<std::uint8_t>(suit * 9 + static_cast<std::size_t>(text[0] - '1')),
                  red};
  }
  throw std::invalid_argument(fmt::format("bad mjai tile '{}'", text));
}

std::vector<ojson> to_mjai(const PlainGame& game) {
  std::vector<ojson> out;
  out.push_back(
      {{"type", "start_game"},
       {"names", ojson::array({game.names[0], game.names[1], game.names[2], game.names[3]})},
       {"aka_flag", game.red_fives}});
  std::array<int, 4> scores{};
  for (const PlainHand& h : game.hands) {
    scores = h.scores;
    ojson tehais = ojson::array();
    for (int s = 0; s < 4; ++s)
      tehais.push_back(s < game.players ? tiles_json(h.deal[s]) : absent_seat_tehai());
    out.push_back({{"type", "start_kyoku"},
                   {"bakaze", kWinds[(h.round / 4) % 4]},
                   {"kyoku", h.round % 4 + 1},
                   {"honba", h.honba},
                   {"kyotaku", h.sticks},
                   {"oya", h.dealer},
                   {"dora_marker", h.dora.empty() ? "?" : mjai_tile(h.dora[0])},
                   {"scores", four_json(scores)},
                   {"tehais", tehais}});
    for (const PlainStep& s : h.steps) {
      switch (s.type) {
        case StepType::kDraw:
          out.push_back({{"type", "tsumo"}, {"actor", s.who}, {"pai", mjai_tile(s.tile)}});
          break;
        case StepType::kDiscard:
          out.push_back({{"type", "dahai"},
                         {"actor", s.who},
                         {"pai", mjai_tile(s.tile)},
                         {"tsumogiri", s.tsumogiri}});
          break;
        case StepType::kChi:
        case StepType::kPon:
        case StepType::kDaiminkan:
          out.push_back({{"type", s.type == StepType::kChi   ? "chi"
                                  : s.type == StepType::kPon ? "pon"
                                                             : "daiminkan"},
                         {"actor", s.who},
                         {"target", s.from},
                         {"pai", mjai_tile(s.tile)},
                         {"consumed", tiles_json(s.consumed)}});
          break;
        case StepType::kKakan:
          out.push_back({{"type", "kakan"},
                         {"actor", s.who},
                         {"pai", mjai_tile(s.tile)},
                         {"consumed", tiles_json(s.consumed)}});
          break;
        case StepType::kAnkan:
          out.push_back(
              {{"type", "ankan"}, {"actor", s.who}, {"consumed", tiles_json(s.consumed)}});
          break;
        case StepType::kRiichi:
          out.push_back({{"type", "reach"}, {"actor", s.who}});
          break;
        case StepType::kRiichiAccepted: {
          std::array<int, 4> d{};
          d[s.who] = -1000;
          scores[s.who] -= 1000;
          out.push_back({{"type", "reach_accepted"},
                         {"actor", s.who},
                         {"deltas", four_json(d)},
                         {"scores", four_json(scores)}});
          break;
        }
        case StepType::kDora:
          out.push_back({{"type", "dora"}, {"dora_marker", mjai_tile(s.tile)}});
          break;
        case StepType::kKita:  // Mortal's three-player fork (libriichi3p), mjai bridges
          out.push_back({{"type", "nukidora"}, {"actor", s.who}, {"pai", mjai_tile(s.tile)}});
          break;
      }
    }
    if (h.end == HandEnd::kWin) {
      for (const PlainWin& w : h.wins) {
        for (int s = 0; s < 4; ++s) scores[s] += w.deltas[s];
        ojson e = {{"type", "hora"},
                   {"actor", w.who},
                   {"target", w.from},
                   {"pai", mjai_tile(w.tile)},
                   {"ura_markers", tiles_json(h.ura)},
                   {"hora_tehais", tiles_json(w.concealed)}};
        if (w.scored) {  // else the source gives only who won and the payments (as Mortal)
          e["yakus"] = yakus_json(w.yaku);
          e["fu"] = w.fu;
          e["fan"] = w.yakuman_units ? kMjaiYakumanHan * w.yakuman_units : w.han;
          e["hora_points"] = w.points;
        }
        e["deltas"] = four_json(w.deltas);
        e["scores"] = four_json(scores);
        if (w.limit != Limit::kNone) e["limit"] = limit_key(w.limit);
        if (w.yakuman_units) e["yakuman"] = w.yakuman_units;
        if (w.pao >= 0) e["pao"] = w.pao;
        out.push_back(std::move(e));
      }
    } else {
      for (int s = 0; s < 4; ++s) scores[s] += h.deltas[s];
      ojson tenpais = ojson::array();
      for (bool t : h.tenpai) tenpais.push_back(t);
      out.push_back({{"type", "ryukyoku"},
                     {"reason", ryukyoku_reason(h.end)},
                     {"tenpais", tenpais},
                     {"deltas", four_json(h.deltas)},
                     {"scores", four_json(scores)}});
    }
    out.push_back({{"type", "end_kyoku"}});
  }
  out.push_back({{"type", "end_game"}, {"scores", four_json(scores)}});
  return out;
}

std::string to_mjai_text(const PlainGame& game) {
  std::string text;
  for (const ojson& e : to_mjai(game)) {
    text += dump_json(e);
    text += '\n';
  }
  return text;
}

// ------------------------------------------------------------------------------------------
// Reading

namespace {

struct Reader {
  int line = 0;
  const json* obj = nullptr;
  int players = 4;  // 3: seat 3 absent (its arrays may hold 3 entries, its tehai "?" or none)

  [[noreturn]] void fail(const std::string& reason) const {
    throw FormatError(fmt::format("line {}", line), reason);
  }
  const json& field(const char* key) const {
    const auto it = obj->find(key);
    if (it == obj->end()) fail(fmt::format("missing field '{}'", key));
    return *it;
  }
  int integer(const json& j, const char* key) const {
    if (!j.is_number_integer()) fail(fmt::format("field '{}' is not an integer", key));
    return j.get<int>();
  }
  int integer(const char* key) const { return integer(field(key), key); }
  int seat(const char* key) const {
    const int s = integer(key);
    if (s < 0 || s >= players)
      fail(fmt::format("field '{}' is not a seat 0..{}: {}", key, players - 1, s));
    return s;
  }
  Tile tile(const json& j, const char* key) const {
    if (!j.is_string()) fail(fmt::format("field '{}' is not a tile string", key));
    try {
      return parse_mjai_tile(j.get<std::string>());
    } catch (const std::invalid_argument& e) {
      fail(fmt::format("field '{}': {}", key, e.what()));
    }
  }
  Tile tile(const char* key) const { return tile(field(key), key); }
  std::vector<Tile> tiles(const char* key, int min, int max) const {
    const json& j = field(key);
    if (!j.is_array()) fail(fmt::format("field '{}' is not an array", key));
    if (static_cast<int>(j.size()) < min || static_cast<int>(j.size()) > max)
      fail(fmt::format("field '{}' has {} tiles", key, j.size()));
    std::vector<Tile> out;
    for (const json& t : j) out.push_back(tile(t, key));
    sort_tiles(out);
    return out;
  }
  std::array<int, 4> four(const char* key) const {
    const json& j = field(key);
    const bool three = players == 3 && j.is_array() && j.size() == 3;
    if (!j.is_array() || (j.size() != 4 && !three))
      fail(fmt::format("field '{}' is not {} integers", key, players));
    std::array<int, 4> a{};
    for (std::size_t i = 0; i < j.size(); ++i) a[i] = integer(j[i], key);
    return a;
  }
};

Limit parse_limit(const Reader& r, const std::string& s) {
  for (Limit l : {Limit::kMangan, Limit::kHaneman, Limit::kBaiman, Limit::kSanbaiman,
                  Limit::kKazoeYakuman, Limit::kYakuman})
    if (s == limit_key(l)) return l;
  r.fail(fmt::format("unknown limit '{}'", s));
}

HandEnd parse_reason(const Reader& r, const std::string& s) {
  for (HandEnd e :
       {HandEnd::kExhaustive, HandEnd::kNagashi, HandEnd::kNineTerminals, HandEnd::kFourRiichi,
        HandEnd::kTripleRon, HandEnd::kFourKans, HandEnd::kFourWinds, HandEnd::kChombo})
    if (s == ryukyoku_reason(e)) return e;
  if (s == "sufonrenda") return HandEnd::kFourWinds;  // this engine's exports before
  r.fail(fmt::format("unknown ryukyoku reason '{}'", s));
}

// The yakus, fu and fan of a scored hora (mjai names mapped back; a yakuman is 100 han per
// unit, or 13 in this engine's older exports).
void read_yakus(const Reader& r, PlainWin& w) {
  w.fu = r.integer("fu");
  w.han = r.integer("fan");
  if (r.obj->contains("hora_points")) w.points = r.integer("hora_points");
  const json& yk = r.field("yakus");
  if (!yk.is_array()) r.fail("field 'yakus' is not an array");
  int units = 0;
  for (const json& y : yk) {
    if (!y.is_array() || y.size() != 2 || !y[0].is_string() || !y[1].is_number_integer())
      r.fail("field 'yakus' is not a list of [name, han]");
    PlainYaku py{engine_yaku_name(y[0].get<std::string>()), y[1].get<int>(), 0};
    for (int per : {kMjaiYakumanHan, 13}) {
      if (per == 13 && w.limit != Limit::kYakuman) continue;
      if (py.han >= per && py.han % per == 0) {
        py.yakuman = py.han / per;
        py.han = 0;
        break;
      }
    }
    units += py.yakuman;
    w.yaku.push_back(std::move(py));
  }
  if (units > 0) {
    w.han = 0;
    if (!r.obj->contains("yakuman")) w.yakuman_units = units;
    if (w.limit == Limit::kNone) w.limit = Limit::kYakuman;
  }
}

// Seat 3 of a start_kyoku's tehais is absent (three players): no fourth hand, an empty one
// or 13 unknown tiles "?".
bool absent_seat(const json& tehais) {
  if (tehais.size() < 4 || tehais[3].empty()) return true;
  if (!tehais[3].is_array()) return false;
  for (const json& t : tehais[3])
    if (t != "?") return false;
  return true;
}

bool last_is_draw(const PlainHand& h) {
  for (auto it = h.steps.rbegin(); it != h.steps.rend(); ++it)
    if (it->type != StepType::kDora) return it->type == StepType::kDraw;
  return false;
}

// The payments of a hand whose hora / ryukyoku gave none (line `line`), from the scores at the
// start of the next hand (or end_game): every riichi stake of the hand is taken back out.
void fill_deltas(PlainHand& h, const std::array<int, 4>& next, int line) {
  std::array<int, 4> d{};
  for (int s = 0; s < 4; ++s) d[s] = next[s] - h.scores[s];
  for (const PlainStep& st : h.steps)
    if (st.type == StepType::kRiichiAccepted) d[st.who] += 1000;
  if (h.wins.size() > 1)
    throw FormatError(fmt::format("line {}", line), "a multiple ron without deltas");
  h.deltas = d;
  if (!h.wins.empty()) h.wins[0].deltas = d;
}

// mjai's "sangenpai" (one han per dragon pung) back to the engine's yakuhai_haku / _hatsu /
// _chun: the dragons of which the winner holds three or four (a dragon three times in a
// winning hand is always a pung).
void split_dragons(const PlainHand& h, PlainWin& w) {
  const auto it = std::find_if(w.yaku.begin(), w.yaku.end(),
                               [](const PlainYaku& y) { return y.name == kSangenpai; });
  if (it == w.yaku.end()) return;
  std::array<int, 3> count{};
  auto add = [&](Tile t) {
    if (t.kind >= 31 && t.kind <= 33) ++count[t.kind - 31];
  };
  for (Tile t : w.concealed) add(t);
  add(w.tile);
  for (const PlainStep& st : h.steps) {
    if (st.who != w.who) continue;
    if (st.type == StepType::kChi || st.type == StepType::kPon || st.type == StepType::kDaiminkan ||
        st.type == StepType::kKakan)
      add(st.tile);
    if (st.type == StepType::kChi || st.type == StepType::kPon || st.type == StepType::kDaiminkan ||
        st.type == StepType::kAnkan)
      for (Tile t : st.consumed) add(t);
  }
  std::vector<PlainYaku> dragons;
  for (int d = 0; d < 3; ++d)
    if (count[d] >= 3) dragons.push_back({kDragonYakuhai[d], 1, 0});
  if (static_cast<int>(dragons.size()) != it->han)
    throw FormatError(fmt::format("line {}", w.line),
                      fmt::format("sangenpai {} han, but the winner holds {} dragon pungs", it->han,
                                  dragons.size()));
  const auto at = w.yaku.erase(it);
  w.yaku.insert(at, dragons.begin(), dragons.end());
}

}  // namespace

PlainGame read_mjai(std::istream& in) {
  PlainGame game;
  bool started = false, ended = false;
  PlainHand* hand = nullptr;  // the hand being read
  bool hand_over = false;     // hora / ryukyoku seen
  int missing_deltas = 0;     // the line of a hora / ryukyoku without deltas, until filled
  Reader r;
  std::string text;
  while (std::getline(in, text)) {
    ++r.line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    json j;
    try {
      j = parse_json(text);
    } catch (const JsonInputError& e) {
      r.fail(e.what());
    }
    if (!j.is_object()) r.fail("not a JSON object");
    r.obj = &j;
    const json& tj = r.field("type");
    if (!tj.is_string()) r.fail("field 'type' is not a string");
    const std::string type = tj.get<std::string>();
    if (type == "none") continue;  // Mortal's placeholder event
    if (ended) r.fail(fmt::format("'{}' after end_game", type));
    if (type == "start_game") {
      if (started) r.fail("a second start_game");
      started = true;
      if (j.contains("names")) {
        const json& n = j["names"];
        if (!n.is_array() || n.size() < 3 || n.size() > 4) r.fail("field 'names' is not 4 strings");
        for (std::size_t s = 0; s < n.size(); ++s) {
          if (!n[s].is_string()) r.fail("field 'names' is not 4 strings");
          game.names[s] = n[s].get<std::string>();
        }
      }
      if (j.contains("aka_flag")) {
        if (!j["aka_flag"].is_boolean()) r.fail("field 'aka_flag' is not a boolean");
        game.red_fives = j["aka_flag"].get<bool>();
      }
      continue;
    }
    if (!started) r.fail(fmt::format("'{}' before start_game", type));
    if (type == "end_game") {
      if (hand) r.fail("end_game inside a hand (no end_kyoku)");
      ended = true;
      if (missing_deltas) {
        if (!j.contains("scores"))
          throw FormatError(fmt::format("line {}", missing_deltas),
                            "no deltas, and no later scores to find them (end_game without "
                            "scores)");
        fill_deltas(game.hands.back(), r.four("scores"), missing_deltas);
        missing_deltas = 0;
      }
      continue;
    }
    if (type == "start_kyoku") {
      if (hand) r.fail("start_kyoku inside a hand (no end_kyoku)");
      game.hands.emplace_back();
      hand = &game.hands.back();
      hand_over = false;
      if (missing_deltas) {
        fill_deltas(game.hands[game.hands.size() - 2], r.four("scores"), missing_deltas);
        missing_deltas = 0;
      }
      const json& bj = r.field("bakaze");
      if (!bj.is_string()) r.fail("field 'bakaze' is not a wind");
      const Tile wind = r.tile("bakaze");
      if (wind.kind < 27 || wind.kind > 30) r.fail("field 'bakaze' is not a wind");
      const int kyoku = r.integer("kyoku");
      if (kyoku < 1 || kyoku > 4) r.fail(fmt::format("field 'kyoku' is not 1..4: {}", kyoku));
      hand->round = (wind.kind - 27) * 4 + kyoku - 1;
      hand->honba = r.integer("honba");
      hand->sticks = r.integer("kyotaku");
      const json& th = r.field("tehais");
      if (!th.is_array() || th.size() < 3 || th.size() > 4) r.fail("field 'tehais' is not 4 hands");
      const int players = absent_seat(th) ? 3 : 4;
      if (game.hands.size() > 1 && players != game.players)
        r.fail(fmt::format("{} players in a game of {}", players, game.players));
      game.players = r.players = players;
      hand->dealer = r.seat("oya");
      hand->scores = r.four("scores");
      hand->dora.push_back(r.tile("dora_marker"));
      for (int s = 0; s < players; ++s) {
        if (!th[s].is_array() || th[s].size() != 13) r.fail("field 'tehais' is not 4 hands of 13");
        for (const json& t : th[s]) hand->deal[s].push_back(r.tile(t, "tehais"));
        sort_tiles(hand->deal[s]);
      }
      continue;
    }
    if (!hand) r.fail(fmt::format("'{}' outside a hand (no start_kyoku)", type));
    if (type == "end_kyoku") {
      if (!hand_over) r.fail("end_kyoku without hora or ryukyoku");
      if (hand->end == HandEnd::kWin) {
        hand->deltas = {};
        for (const PlainWin& w : hand->wins)
          for (int s = 0; s < 4; ++s) hand->deltas[s] += w.deltas[s];
      }
      if (missing_deltas && hand->wins.size() > 1)
        throw FormatError(fmt::format("line {}", missing_deltas),
                          "a multiple ron without deltas (they cannot be told apart)");
      complete_wins(*hand, fmt::format("line {}: hand {}", r.line, game.hands.size() - 1));
      for (PlainWin& w : hand->wins) split_dragons(*hand, w);
      hand = nullptr;
      continue;
    }
    if (hand_over && type != "hora") r.fail(fmt::format("'{}' after the end of the hand", type));
    PlainStep st;
    if (type == "tsumo" || type == "dahai") {
      st.type = type == "tsumo" ? StepType::kDraw : StepType::kDiscard;
      st.who = r.seat("actor");
      st.tile = r.tile("pai");
      if (type == "dahai") {
        const json& tg = r.field("tsumogiri");
        if (!tg.is_boolean()) r.fail("field 'tsumogiri' is not a boolean");
        st.tsumogiri = tg.get<bool>();
      }
    } else if (type == "chi" || type == "pon" || type == "daiminkan") {
      st.type = type == "chi"   ? StepType::kChi
                : type == "pon" ? StepType::kPon
                                : StepType::kDaiminkan;
      st.who = r.seat("actor");
      st.from = r.seat("target");
      if (st.from == st.who) r.fail("a call from the caller itself");
      st.tile = r.tile("pai");
      const int n = type == "daiminkan" ? 3 : 2;
      st.consumed = r.tiles("consumed", n, n);
    } else if (type == "kakan") {
      st.type = StepType::kKakan;
      st.who = r.seat("actor");
      st.tile = r.tile("pai");
      st.consumed = r.tiles("consumed", 3, 3);
    } else if (type == "ankan") {
      st.type = StepType::kAnkan;
      st.who = r.seat("actor");
      st.consumed = r.tiles("consumed", 4, 4);
    } else if (type == "reach" || type == "reach_accepted") {
      st.type = type == "reach" ? StepType::kRiichi : StepType::kRiichiAccepted;
      st.who = r.seat("actor");
    } else if (type == "nukidora") {
      st.type = StepType::kKita;
      st.who = r.seat("actor");
      st.tile = r.tile("pai");
      if (game.players != 3 || st.tile.kind != kNorth)
        r.fail(game.players != 3 ? "a nukidora with four players" : "a nukidora of no North");
    } else if (type == "dora") {
      st.type = StepType::kDora;
      st.tile = r.tile("dora_marker");
      hand->dora.push_back(st.tile);
    } else if (type == "hora") {
      if (hand_over && hand->end != HandEnd::kWin) r.fail("hora after ryukyoku");
      hand_over = true;
      hand->end = HandEnd::kWin;
      PlainWin w;
      w.who = r.seat("actor");
      w.from = r.seat("target");
      // Mortal writes no pai nor hora_tehais: both are found by following the tiles.
      if (j.contains("pai")) {
        w.tile = r.tile("pai");
        if (j.contains("hora_tehais")) w.concealed = r.tiles("hora_tehais", 1, 13);
      }
      // "ura_markers" (current mjai tools, this export) or "uradora_markers" (the original mjai).
      for (const char* key : {"ura_markers", "uradora_markers"}) {
        if (!j.contains(key)) continue;
        if (!j[key].is_array()) r.fail(fmt::format("field '{}' is not an array", key));
        std::vector<Tile> ura;
        for (const json& t : j[key]) ura.push_back(r.tile(t, key));
        if (hand->ura.empty()) hand->ura = ura;
      }
      w.line = r.line;
      // Without deltas (Mortal's are optional) they come from the next hand's scores.
      if (j.contains("deltas")) {
        w.deltas = r.four("deltas");
      } else {
        missing_deltas = r.line;
      }
      if (j.contains("pao")) w.pao = r.seat("pao");
      if (j.contains("limit")) {
        if (!j["limit"].is_string()) r.fail("field 'limit' is not a string");
        w.limit = parse_limit(r, j["limit"].get<std::string>());
      }
      if (j.contains("yakuman")) w.yakuman_units = r.integer("yakuman");
      // Mortal and mjai-reviewer write a win as who, from, deltas and ura markers only: the
      // engine scores it in the replay and checks the deltas.
      w.scored = j.contains("yakus");
      if (w.scored) read_yakus(r, w);
      if (!w.scored && !j.contains("pao")) w.pao = kPaoUnknown;
      hand->wins.push_back(std::move(w));
      continue;
    } else if (type == "ryukyoku") {
      if (hand_over) r.fail("ryukyoku after the end of the hand");
      hand_over = true;
      hand->end_line = r.line;
      if (j.contains("reason")) {
        if (!j["reason"].is_string()) r.fail("field 'reason' is not a string");
        hand->end = parse_reason(r, j["reason"].get<std::string>());
      } else {  // Mortal, mjai-reviewer: a kyuushu right after a draw, else the engine finds it
        hand->end = last_is_draw(*hand) ? HandEnd::kNineTerminals : HandEnd::kExhaustive;
        hand->end_detailed = false;
      }
      if (j.contains("deltas")) {
        hand->deltas = r.four("deltas");
      } else {
        missing_deltas = r.line;
      }
      if (j.contains("tenpais")) {
        const json& tp = j["tenpais"];
        const bool sized = tp.is_array() && (tp.size() == 4 || tp.size() == 3u + (r.players > 3));
        if (!sized) r.fail("field 'tenpais' is not 4 booleans");
        for (std::size_t s = 0; s < tp.size(); ++s) {
          if (!tp[s].is_boolean()) r.fail("field 'tenpais' is not 4 booleans");
          hand->tenpai[s] = tp[s].get<bool>();
        }
      } else if (hand->end == HandEnd::kExhaustive) {
        hand->end_detailed = false;
      }
      continue;
    } else {
      r.fail(fmt::format("unknown event type '{}'", type));
    }
    hand->steps.push_back(std::move(st));
  }
  if (!started) throw FormatError("line 0", "no start_game (empty log)");
  if (hand) throw FormatError(fmt::format("line {}", r.line), "the log ends inside a hand");
  if (missing_deltas)
    throw FormatError(fmt::format("line {}", missing_deltas),
                      "no deltas, and no later scores to find them");
  return game;
}

PlainGame parse_mjai(std::string_view text) {
  std::istringstream in{std::string(text)};
  return read_mjai(in);
}

}  // namespace riichi::io
