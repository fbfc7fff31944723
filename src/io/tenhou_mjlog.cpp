#include "io/tenhou_mjlog.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <pugixml.hpp>
#include <sstream>

#include "io/json_text.hpp"
#include "io/tenhou_rules.hpp"

namespace riichi::io {

namespace {

std::string error_text(const std::string& file, const std::string& element, int index,
                       std::ptrdiff_t offset, const std::string& reason) {
  std::string s = file;
  s += ": ";
  if (!element.empty()) {
    s += "<";
    s += element;
    s += ">";
  }
  if (index >= 0) {
    s += " (element #";
    s += std::to_string(index);
    s += ")";
  }
  if (offset >= 0) {
    s += " at byte ";
    s += std::to_string(offset);
  }
  s += ": ";
  s += reason;
  return s;
}

constexpr std::string_view kDrawTypeNames[] = {"exhaustive", "yao9",  "reach4", "ron3",
                                               "kan4",       "kaze4", "nm"};

bool parse_int(std::string_view s, int& out) {
  if (s.empty() || s.size() > 10) return false;
  std::size_t i = 0;
  bool negative = false;
  if (s[0] == '-') {
    negative = true;
    i = 1;
    if (s.size() == 1) return false;
  }
  long long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  if (v > 1'000'000'000) return false;
  out = static_cast<int>(negative ? -v : v);
  return true;
}

bool parse_double(std::string_view s, double& out) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.')) return false;
  }
  std::string copy(s);
  char* end = nullptr;
  double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

std::vector<std::string_view> split_commas(std::string_view s) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = s.find(',', start);
    if (comma == std::string_view::npos) {
      parts.push_back(s.substr(start));
      break;
    }
    parts.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

class Parser {
 public:
  explicit Parser(std::string file) { game_.file = std::move(file); }

  MjlogGame run(std::string_view xml);

 private:
  [[noreturn]] void fail(const std::string& reason) const {
    throw MjlogError(game_.file, element_name_, index_, offset_, reason);
  }

  // attributes ------------------------------------------------------------------------------
  std::optional<std::string_view> attr(const char* name) const {
    pugi::xml_attribute a = node_.attribute(name);
    if (!a) return std::nullopt;
    return std::string_view(a.value());
  }
  std::string_view required(const char* name) const {
    auto v = attr(name);
    if (!v) {
      std::string r = "missing attribute ";
      r += name;
      fail(r);
    }
    return *v;
  }
  [[noreturn]] void bad_attr(const char* name, std::string_view value, const char* what) const {
    std::string r = "attribute ";
    r += name;
    r += "=\"";
    r += value.substr(0, 60);
    r += "\": ";
    r += what;
    fail(r);
  }
  int int_attr(const char* name, int lo, int hi) const {
    std::string_view v = required(name);
    int x = 0;
    if (!parse_int(v, x)) bad_attr(name, v, "not an integer");
    if (x < lo || x > hi) bad_attr(name, v, "out of range");
    return x;
  }
  std::vector<int> list_value(const char* name, std::string_view v, int lo, int hi) const {
    std::vector<int> out;
    for (std::string_view part : split_commas(v)) {
      int x = 0;
      if (!parse_int(part, x)) bad_attr(name, v, "not a list of integers");
      if (x < lo || x > hi) bad_attr(name, v, "value out of range");
      out.push_back(x);
    }
    return out;
  }
  std::vector<int> list_attr(const char* name, int lo, int hi, std::size_t count = 0) const {
    std::string_view v = required(name);
    std::vector<int> out = list_value(name, v, lo, hi);
    if (count != 0 && out.size() != count) {
      std::string what = "expected ";
      what += std::to_string(count);
      what += " values";
      bad_attr(name, v, what.c_str());
    }
    return out;
  }
  std::vector<int> tiles_attr(const char* name) const { return list_attr(name, 0, 135); }
  // Seats 0..3, 0..2 in a three-player game (GO type 0x10).
  int players() const { return game_.type.three_player ? 3 : 4; }
  int seat_attr(const char* name) const { return int_attr(name, 0, players() - 1); }
  std::array<int, 4> scores_pairs(const char* name, std::array<int, 4>& deltas) const {
    std::vector<int> v = list_attr(name, -1'000'000, 1'000'000, 8);
    std::array<int, 4> before{};
    for (int i = 0; i < 4; ++i) {
      before[i] = v[2 * i] * 100;
      deltas[i] = v[2 * i + 1] * 100;
    }
    return before;
  }
  void read_ba(int& honba, int& sticks) const {
    std::vector<int> v = list_attr("ba", 0, 1000, 2);
    honba = v[0];
    sticks = v[1];
  }
  MjlogMeld meld_value(const char* name, std::string_view text, int code) const {
    try {
      return decode_meld(code);
    } catch (const std::invalid_argument& e) {
      bad_attr(name, text, e.what());
    }
  }

  // elements --------------------------------------------------------------------------------
  void element(const pugi::xml_node& node);
  bool tile_event(std::string_view name);
  void on_go();
  void on_un();
  void on_taikyoku();
  void on_init();
  void on_call();
  void on_reach();
  void on_dora();
  void on_bye();
  void on_agari();
  void on_ryuukyoku();
  void read_owari();
  MjlogRound& open_round(const char* what) {
    if (game_.rounds.empty() || game_.rounds.back().finished()) {
      std::string r = what;
      r += " outside a round";
      fail(r);
    }
    return game_.rounds.back();
  }
  void add_event(MjlogEvent ev) {
    ev.element = index_;
    if (!game_.rounds.empty()) game_.rounds.back().events.push_back(std::move(ev));
  }
  // A BYE or reconnection: before the first INIT it belongs to the game (MjlogGame::pregame).
  void add_event_or_pregame(MjlogEvent ev) {
    if (!game_.rounds.empty()) return add_event(std::move(ev));
    ev.element = index_;
    game_.pregame.push_back(std::move(ev));
  }

  MjlogGame game_;
  bool seen_go_ = false;
  bool seen_un_ = false;
  bool seen_taikyoku_ = false;
  std::array<int, 4> last_draw_{-1, -1, -1, -1};
  // current element
  pugi::xml_node node_;
  std::string element_name_;
  int index_ = -1;
  std::ptrdiff_t offset_ = -1;
};

MjlogGame Parser::run(std::string_view xml) {
  if (xml.size() >= 2 && static_cast<unsigned char>(xml[0]) == 0x1f &&
      static_cast<unsigned char>(xml[1]) == 0x8b) {
    throw MjlogError(game_.file, "", -1, 0, "gzip-compressed data: decompress it first");
  }
  pugi::xml_document doc;
  const unsigned options = pugi::parse_default;
  pugi::xml_parse_result res =
      doc.load_buffer(xml.data(), xml.size(), options, pugi::encoding_utf8);
  bool xml_cut = false;
  if (!res) {
    // An error at or after the last '>' is the end of a file cut short: keep every element that
    // closed before it. Anything else is a syntax error in the middle of the file.
    std::size_t last = xml.rfind('>');
    if (last == std::string_view::npos || res.offset < static_cast<std::ptrdiff_t>(last)) {
      throw MjlogError(game_.file, "xml", -1, res.offset, res.description());
    }
    doc.reset();
    pugi::xml_parse_result again =
        doc.load_buffer(xml.data(), last + 1, options, pugi::encoding_utf8);
    if (!again && again.status != pugi::status_end_element_mismatch) {
      throw MjlogError(game_.file, "xml", -1, again.offset, again.description());
    }
    xml_cut = true;
  }
  pugi::xml_node root;
  for (pugi::xml_node n : doc.children()) {
    if (n.type() != pugi::node_element) {
      throw MjlogError(game_.file, "xml", -1, n.offset_debug(), "text outside the root element");
    }
    if (root) {
      throw MjlogError(game_.file, n.name(), -1, n.offset_debug(), "a second top-level element");
    }
    root = n;
  }
  if (!root) throw MjlogError(game_.file, "xml", -1, 0, "no <mjloggm> root element");
  if (std::string_view(root.name()) != "mjloggm") {
    std::string r = "the root element is <";
    r += root.name();
    r += ">, not <mjloggm>";
    throw MjlogError(game_.file, root.name(), -1, root.offset_debug(), r);
  }
  game_.version = root.attribute("ver").value();

  int index = 0;
  for (pugi::xml_node n : root.children()) {
    node_ = n;
    index_ = index++;
    offset_ = n.offset_debug();
    if (offset_ > 0 && n.type() == pugi::node_element) --offset_;  // the '<' before the name
    element_name_ = n.type() == pugi::node_element ? n.name() : "text";
    if (n.type() != pugi::node_element) fail("unexpected text or CDATA in <mjloggm>");
    if (n.first_child()) fail("unexpected content inside the element");
    element(n);
  }

  if (!game_.has_owari) {
    game_.truncated = true;
    if (xml_cut) {
      game_.truncation = "xml cut";
    } else if (!game_.rounds.empty() && !game_.rounds.back().finished()) {
      game_.truncation = "mid-round";
    } else {
      game_.truncation = "between rounds";
    }
  } else if (xml_cut) {
    // The game's end was read; only the closing tag is missing.
    game_.truncated = false;
  }
  return std::move(game_);
}

void Parser::element(const pugi::xml_node& node) {
  std::string_view name = node.name();
  if (tile_event(name)) return;
  if (game_.has_owari && name != "BYE" && name != "UN") fail("element after the game's end");
  if (name == "SHUFFLE") {
    game_.shuffle = node.attribute("seed").value();
  } else if (name == "GO") {
    on_go();
  } else if (name == "UN") {
    on_un();
  } else if (name == "TAIKYOKU") {
    on_taikyoku();
  } else if (name == "INIT") {
    on_init();
  } else if (name == "N") {
    on_call();
  } else if (name == "REACH") {
    on_reach();
  } else if (name == "DORA") {
    on_dora();
  } else if (name == "BYE") {
    on_bye();
  } else if (name == "AGARI") {
    on_agari();
  } else if (name == "RYUUKYOKU") {
    on_ryuukyoku();
  } else {
    fail("unknown element");
  }
}

// T U V W (draws) and D E F G (discards) followed by a tile id: <T12/>.
bool Parser::tile_event(std::string_view name) {
  if (name.size() < 2 || name.size() > 4) return false;
  static constexpr std::string_view kLetters = "TUVWDEFG";
  std::size_t letter = kLetters.find(name[0]);
  if (letter == std::string_view::npos) return false;
  for (char c : name.substr(1)) {
    if (c < '0' || c > '9') return false;
  }
  int tile = 0;
  if (!parse_int(name.substr(1), tile) || tile > 135 || (name.size() > 2 && name[1] == '0')) {
    fail("bad tile id in the element name");
  }
  if (node_.first_attribute()) fail("unexpected attribute");
  if (game_.has_owari) fail("element after the game's end");
  open_round(letter < 4 ? "draw" : "discard");
  const int who = static_cast<int>(letter % 4);
  if (who >= players()) fail("a move of seat 3 in a three-player game");
  MjlogEvent ev;
  ev.who = who;
  ev.tile = tile;
  if (letter < 4) {
    ev.type = MjlogEventType::kDraw;
    last_draw_[who] = tile;
  } else {
    ev.type = MjlogEventType::kDiscard;
    ev.tsumogiri = last_draw_[who] == tile;
    last_draw_[who] = -1;
  }
  add_event(std::move(ev));
  return true;
}

void Parser::on_go() {
  if (seen_go_) fail("a second <GO>");
  if (!game_.rounds.empty()) fail("<GO> after the first round");
  seen_go_ = true;
  game_.type = decode_game_type(int_attr("type", 0, 0xFFFF));
  // Refused by its lobby (io/tenhou_rules.hpp) before hands it cannot read (sanma, chips).
  check_lobby(game_.type);
  if (attr("lobby")) game_.lobby_id = int_attr("lobby", 0, 1'000'000'000);
}

void Parser::on_un() {
  static constexpr const char* kNames[] = {"n0", "n1", "n2", "n3"};
  if (!seen_un_ && game_.rounds.empty()) {
    seen_un_ = true;
    for (int i = 0; i < 4; ++i) {
      std::string_view v = required(kNames[i]);
      try {
        game_.names[i] = url_decode(v);
      } catch (const std::invalid_argument& e) {
        bad_attr(kNames[i], v, e.what());
      }
    }
    game_.dan.fill(-1);
    if (auto v = attr("dan")) {
      std::vector<int> d = list_value("dan", *v, 0, 100);
      if (d.size() != 4) bad_attr("dan", *v, "expected 4 values");
      std::copy(d.begin(), d.end(), game_.dan.begin());
    }
    if (auto v = attr("rate")) {
      auto parts = split_commas(*v);
      if (parts.size() != 4) bad_attr("rate", *v, "expected 4 values");
      for (int i = 0; i < 4; ++i) {
        if (!parse_double(parts[i], game_.rate[i])) bad_attr("rate", *v, "not a number");
      }
    }
    if (auto v = attr("sx")) {
      auto parts = split_commas(*v);
      if (parts.size() != 4) bad_attr("sx", *v, "expected 4 values");
      for (int i = 0; i < 4; ++i) game_.sex[i] = std::string(parts[i]);
    }
    return;
  }
  // A reconnection: <UN n2="..."/> names the player who came back.
  bool any = false;
  for (int i = 0; i < 4; ++i) {
    auto v = attr(kNames[i]);
    if (!v) continue;
    any = true;
    MjlogEvent ev;
    ev.type = MjlogEventType::kReconnect;
    ev.who = i;
    try {
      ev.name = url_decode(*v);
    } catch (const std::invalid_argument& e) {
      bad_attr(kNames[i], *v, e.what());
    }
    add_event_or_pregame(std::move(ev));
  }
  if (!any) fail("<UN> without a name");
}

void Parser::on_taikyoku() {
  if (seen_taikyoku_ || !game_.rounds.empty()) fail("unexpected <TAIKYOKU>");
  seen_taikyoku_ = true;
  game_.first_dealer = seat_attr("oya");
}

void Parser::on_init() {
  if (!seen_go_) fail("<INIT> before <GO>");
  if (!game_.rounds.empty() && !game_.rounds.back().finished()) {
    fail("<INIT> before the previous round ended");
  }
  MjlogRound r;
  r.element = index_;
  std::vector<int> seed = list_attr("seed", 0, 1000, 6);
  r.round = seed[0];
  r.honba = seed[1];
  r.sticks = seed[2];
  if (seed[3] > 5 || seed[4] > 5) bad_attr("seed", required("seed"), "dice out of range 0..5");
  r.dice = {seed[3], seed[4]};
  if (seed[5] > 135) bad_attr("seed", required("seed"), "dora indicator out of range");
  r.dora_indicator = seed[5];
  std::vector<int> ten = list_attr("ten", -1'000'000, 1'000'000, 4);
  for (int i = 0; i < 4; ++i) r.scores[i] = ten[i] * 100;
  r.dealer = seat_attr("oya");
  static constexpr const char* kHands[] = {"hai0", "hai1", "hai2", "hai3"};
  for (int i = 0; i < 4; ++i) {
    if (i >= players()) {  // three players: hai3 is empty
      const auto absent = attr(kHands[i]);
      if (absent && !absent->empty()) bad_attr(kHands[i], *absent, "a hand for seat 3 of three");
      continue;
    }
    r.hands[i] = list_attr(kHands[i], 0, 135, 13);
  }
  last_draw_.fill(-1);
  game_.rounds.push_back(std::move(r));
}

void Parser::on_call() {
  open_round("call");
  MjlogEvent ev;
  ev.type = MjlogEventType::kCall;
  ev.who = seat_attr("who");
  std::string_view text = required("m");
  int code = 0;
  if (!parse_int(text, code)) bad_attr("m", text, "not an integer");
  if (is_kita_code(code)) {  // three players only
    if (!game_.type.three_player) bad_attr("m", text, "kita (nukidora) in a four-player game");
    ev.type = MjlogEventType::kKita;
    ev.tile = code >> 8;
    if (ev.tile / 4 != kNorth || (code & 0xFF) != 0x20) bad_attr("m", text, "kita of no North");
    last_draw_[ev.who] = -1;
    add_event(std::move(ev));
    return;
  }
  ev.meld = meld_value("m", text, code);
  last_draw_[ev.who] = -1;
  add_event(std::move(ev));
}

void Parser::on_reach() {
  open_round("riichi");
  MjlogEvent ev;
  ev.type = MjlogEventType::kRiichi;
  ev.who = seat_attr("who");
  ev.step = int_attr("step", 1, 2);
  if (attr("ten")) {
    std::vector<int> ten = list_attr("ten", -1'000'000, 1'000'000, 4);
    std::array<int, 4> s{};
    for (int i = 0; i < 4; ++i) s[i] = ten[i] * 100;
    ev.scores = s;
  }
  add_event(std::move(ev));
}

void Parser::on_dora() {
  open_round("dora");
  MjlogEvent ev;
  ev.type = MjlogEventType::kDora;
  ev.tile = int_attr("hai", 0, 135);
  add_event(std::move(ev));
}

void Parser::on_bye() {
  MjlogEvent ev;
  ev.type = MjlogEventType::kBye;
  ev.who = seat_attr("who");
  add_event_or_pregame(std::move(ev));
}

void Parser::read_owari() {
  auto v = attr("owari");
  if (!v) return;
  auto parts = split_commas(*v);
  if (parts.size() != 8) bad_attr("owari", *v, "expected 8 values");
  for (int i = 0; i < 4; ++i) {
    int score = 0;
    if (!parse_int(parts[2 * i], score) || std::abs(score) > 1'000'000) {
      bad_attr("owari", *v, "bad score");
    }
    game_.final_scores[i] = score * 100;
    if (!parse_double(parts[2 * i + 1], game_.final_results[i])) {
      bad_attr("owari", *v, "bad result");
    }
  }
  game_.has_owari = true;
}

void Parser::on_agari() {
  if (game_.rounds.empty()) fail("<AGARI> before the first round");
  MjlogRound& round = game_.rounds.back();
  if (round.draw || (round.finished() && round.agari.size() >= 3)) {
    fail("<AGARI> after the round ended");
  }
  MjlogAgari a;
  a.element = index_;
  a.who = seat_attr("who");
  a.from_who = seat_attr("fromWho");
  a.tsumo = a.who == a.from_who;
  for (const MjlogAgari& other : round.agari) {
    if (other.who == a.who) fail("the same player wins twice in one round");
    if (other.tsumo || a.tsumo) fail("a second win after a tsumo");
  }
  a.hand = tiles_attr("hai");
  if (a.hand.empty() || a.hand.size() > 14) bad_attr("hai", required("hai"), "bad tile count");
  if (auto m = attr("m")) {
    for (std::string_view part : split_commas(*m)) {
      int code = 0;
      if (!parse_int(part, code)) bad_attr("m", *m, "not a list of integers");
      if (is_kita_code(code)) {
        ++a.kita;  // a North set aside: no meld
        continue;
      }
      a.melds.push_back(meld_value("m", *m, code));
    }
    if (a.melds.size() > 4) bad_attr("m", *m, "more than four melds");
  }
  a.win_tile = int_attr("machi", 0, 135);
  std::vector<int> ten = list_attr("ten", 0, 10'000'000, 3);
  a.fu = ten[0];
  a.points = ten[1];
  if (ten[2] > 5) bad_attr("ten", required("ten"), "limit out of range 0..5");
  a.limit = ten[2];
  if (auto y = attr("yaku")) {
    std::vector<int> v = list_value("yaku", *y, 0, 1000);
    if (v.size() % 2 != 0) bad_attr("yaku", *y, "odd number of values (id,han pairs)");
    for (std::size_t i = 0; i < v.size(); i += 2) {
      const MjlogYakuInfo* info = mjlog_yaku(v[i]);
      if (!info || info->yakuman) bad_attr("yaku", *y, "unknown yaku id");
      const int han = v[i + 1];
      if (han > 100) bad_attr("yaku", *y, "han out of range");
      if (v[i] == 52) {
        a.dora += han;
      } else if (v[i] == 53) {
        a.ura += han;
      } else if (v[i] == 54) {
        a.aka += han;
      } else {
        a.yaku.push_back({v[i], std::string(info->name), han});
      }
      a.han += han;
    }
  }
  if (auto y = attr("yakuman")) {
    for (int id : list_value("yakuman", *y, 0, 1000)) {
      const MjlogYakuInfo* info = mjlog_yaku(id);
      if (!info || !info->yakuman) bad_attr("yakuman", *y, "not a yakuman id");
      a.yakuman.push_back({id, std::string(info->name), 0});
    }
  }
  if (a.yaku.empty() && a.yakuman.empty()) fail("a win without yaku or yakuman");
  a.dora_indicators = tiles_attr("doraHai");
  if (a.dora_indicators.size() > 5) bad_attr("doraHai", required("doraHai"), "over 5 values");
  if (auto u = attr("doraHaiUra")) {
    a.ura_indicators = list_value("doraHaiUra", *u, 0, 135);
    if (a.ura_indicators.size() > 5) bad_attr("doraHaiUra", *u, "over 5 values");
  }
  read_ba(a.honba, a.sticks);
  a.scores = scores_pairs("sc", a.deltas);
  if (attr("paoWho")) a.pao = seat_attr("paoWho");
  read_owari();
  round.agari.push_back(std::move(a));
}

void Parser::on_ryuukyoku() {
  if (game_.rounds.empty()) fail("<RYUUKYOKU> before the first round");
  MjlogRound& round = game_.rounds.back();
  if (round.finished()) fail("<RYUUKYOKU> after the round ended");
  MjlogDraw d;
  d.element = index_;
  if (auto t = attr("type")) {
    std::size_t i = 1;
    while (i < std::size(kDrawTypeNames) && kDrawTypeNames[i] != *t) ++i;
    if (i == std::size(kDrawTypeNames)) bad_attr("type", *t, "unknown abortive draw type");
    d.type = static_cast<MjlogDrawType>(i);
  }
  read_ba(d.honba, d.sticks);
  d.scores = scores_pairs("sc", d.deltas);
  static constexpr const char* kHands[] = {"hai0", "hai1", "hai2", "hai3"};
  for (int i = 0; i < 4; ++i) {
    if (auto h = attr(kHands[i])) {
      d.shown[i] = true;
      d.hands[i] = list_value(kHands[i], *h, 0, 135);
      if (d.hands[i].size() > 14) bad_attr(kHands[i], *h, "more than 14 tiles");
    }
  }
  read_owari();
  round.draw = std::move(d);
}

}  // namespace

MjlogError::MjlogError(std::string file, std::string element, int index, std::ptrdiff_t offset,
                       std::string reason)
    : std::runtime_error(error_text(file, element, index, offset, reason)),
      file_(std::move(file)),
      element_(std::move(element)),
      index_(index),
      offset_(offset),
      reason_(std::move(reason)) {}

std::string_view draw_type_name(MjlogDrawType type) {
  return kDrawTypeNames[static_cast<int>(type)];
}

MjlogGame parse_mjlog(std::string_view xml, const std::string& file) {
  return Parser(file).run(xml);
}

MjlogGame read_mjlog(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MjlogError(path.string(), "", -1, -1, "cannot open the file");
  std::ostringstream buf;
  buf << in.rdbuf();
  MjlogGame game = parse_mjlog(buf.str(), path.string());
  game.log_id = path.stem().string();
  return game;
}

}  // namespace riichi::io
