#include "io/tenhou6.hpp"

#include <fmt/core.h>

#include <istream>
#include <iterator>

#include "io/json_text.hpp"

namespace riichi::io {

using ojson = nlohmann::ordered_json;
using nlohmann::json;

namespace {

// Tenhou's yaku names by mjlog yaku id (docs/tenhou-mjlog.md §5).
constexpr const char* kYakuJa[55] = {
    "門前清自摸和",   "立直",     "一発",     "槍槓",       "嶺上開花",     "海底摸月",
    "河底撈魚",       "平和",     "断幺九",   "一盃口",     "自風 東",      "自風 南",
    "自風 西",        "自風 北",  "場風 東",  "場風 南",    "場風 西",      "場風 北",
    "役牌 白",        "役牌 發",  "役牌 中",  "両立直",     "七対子",       "混全帯幺九",
    "一気通貫",       "三色同順", "三色同刻", "三槓子",     "対々和",       "三暗刻",
    "小三元",         "混老頭",   "二盃口",   "純全帯幺九", "混一色",       "清一色",
    "人和",           "天和",     "地和",     "大三元",     "四暗刻",       "四暗刻単騎",
    "字一色",         "緑一色",   "清老頭",   "九蓮宝燈",   "純正九蓮宝燈", "国士無双",
    "国士無双１３面", "大四喜",   "小四喜",   "四槓子",     "ドラ",         "裏ドラ",
    "赤ドラ"};
constexpr const char* kWindJa[4] = {"東", "南", "西", "北"};

std::string yaku_ja(const std::string& name, int seat_wind, int round_wind) {
  if (name == "yakuhai_seat_wind") return std::string("自風 ") + kWindJa[seat_wind & 3];
  if (name == "yakuhai_round_wind") return std::string("場風 ") + kWindJa[round_wind & 3];
  for (int id = 0; id < 55; ++id)
    if (const MjlogYakuInfo* y = mjlog_yaku(id); y && y->name == name) return kYakuJa[id];
  return name;
}

std::string yaku_from_ja(const std::string& ja) {
  if (ja.rfind("自風 ", 0) == 0) return "yakuhai_seat_wind";
  if (ja.rfind("場風 ", 0) == 0) return "yakuhai_round_wind";
  for (int id = 0; id < 55; ++id)
    if (ja == kYakuJa[id])
      if (const MjlogYakuInfo* y = mjlog_yaku(id)) return std::string(y->name);
  return ja;
}

struct LimitJa {
  Limit limit;
  const char* text;
};
constexpr LimitJa kLimitJa[] = {{Limit::kSanbaiman, "三倍満"},      {Limit::kMangan, "満貫"},
                                {Limit::kHaneman, "跳満"},          {Limit::kBaiman, "倍満"},
                                {Limit::kKazoeYakuman, "数え役満"}, {Limit::kYakuman, "役満"}};

struct EndJa {
  HandEnd end;
  const char* text;
};
constexpr EndJa kEndJa[] = {
    {HandEnd::kNagashi, "流し満貫"},    {HandEnd::kNineTerminals, "九種九牌"},
    {HandEnd::kFourRiichi, "四家立直"}, {HandEnd::kTripleRon, "三家和了"},
    {HandEnd::kFourKans, "四槓散了"},   {HandEnd::kFourWinds, "四風連打"},
    {HandEnd::kChombo, "チョンボ"}};

std::string code2(Tile t) { return std::to_string(tenhou6_tile(t)); }

ojson arr_json(const std::array<int, 4>& a) { return ojson::array({a[0], a[1], a[2], a[3]}); }

}  // namespace

int tenhou6_tile(Tile tile) {
  if (tile.red) return 51 + tile.kind / 9;
  return 10 * (tile.kind / 9 + 1) + tile.kind % 9 + 1;
}

Tile parse_tenhou6_tile(int code) {
  if (code >= 51 && code <= 53) return Tile{static_cast<std::uint8_t>((code - 51) * 9 + 4), true};
  const int suit = code / 10 - 1, number = code % 10;
  if (suit >= 0 && suit <= 2 && number >= 1 && number <= 9)
    return Tile{static_cast<std::uint8_t>(suit * 9 + number - 1), false};
  if (suit == 3 && number >= 1 && number <= 7)
    return Tile{static_cast<std::uint8_t>(27 + number - 1), false};
  throw std::invalid_argument(fmt::format("bad tenhou6 tile {}", code));
}

std::string tenhou6_call(const PlainStep& s, const PlainStep* pon) {
  std::vector<Tile> c = s.consumed;
  sort_tiles(c);
  std::string out;
  const int rel = (s.from - s.who + 4) % 4;  // 1 next, 2 opposite, 3 previous
  auto all = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to && i < c.size(); ++i) out += code2(c[i]);
  };
  switch (s.type) {
    case StepType::kChi:
      out += 'c';
      out += code2(s.tile);
      all(0, 2);
      break;
    case StepType::kPon:
    case StepType::kDaiminkan: {
      const char letter = s.type == StepType::kPon ? 'p' : 'm';
      const std::size_t before = rel == 3 ? 0 : rel == 2 ? 1 : c.size();
      all(0, before);
      out += letter;
      out += code2(s.tile);
      all(before, c.size());
      break;
    }
    case StepType::kKakan: {
      if (!pon) throw std::invalid_argument("a kakan without its pon");
      std::vector<Tile> pc = pon->consumed;
      sort_tiles(pc);
      const int prel = (pon->from - pon->who + 4) % 4;
      const std::size_t before = prel == 3 ? 0 : prel == 2 ? 1 : 2;
      for (std::size_t i = 0; i < before && i < pc.size(); ++i) out += code2(pc[i]);
      out += 'k';
      out += code2(s.tile);
      out += code2(pon->tile);
      for (std::size_t i = before; i < pc.size(); ++i) out += code2(pc[i]);
      break;
    }
    case StepType::kAnkan:
      all(0, 3);
      out += 'a';
      all(3, 4);
      break;
    default:
      throw std::invalid_argument("not a call");
  }
  return out;
}

std::string tenhou6_points_text(const PlainWin& w, int dealer) {
  std::string out;
  if (w.limit == Limit::kNone) {
    out += fmt::format("{}符{}飜", w.fu, w.han);
  } else {
    for (const LimitJa& l : kLimitJa)
      if (l.limit == w.limit) out += l.text;
    if (w.limit == Limit::kKazoeYakuman) out = "役満";
  }
  const int basic = plain_basic_points(w);
  if (!w.tsumo()) {
    out += fmt::format("{}点", round_up_100(basic * (w.who == dealer ? 6 : 4)));
  } else if (w.who == dealer) {
    out += fmt::format("{}点∀", round_up_100(basic * 2));
  } else {
    out += fmt::format("{}-{}点", round_up_100(basic), round_up_100(basic * 2));
  }
  return out;
}

ojson to_tenhou6(const PlainGame& game) {
  ojson log = ojson::array();
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    const PlainHand& h = game.hands[hi];
    if (h.dealer != h.round % 4)
      throw FormatError(fmt::format("hand {}", hi),
                        "tenhou6 needs seat 0 to be the first dealer (dealer = round % 4)");
    ojson hand = ojson::array();
    hand.push_back(ojson::array({h.round, h.honba, h.sticks}));
    hand.push_back(arr_json(h.scores));
    ojson dora = ojson::array(), ura = ojson::array();
    for (Tile t : h.dora) dora.push_back(tenhou6_tile(t));
    for (Tile t : h.ura) ura.push_back(tenhou6_tile(t));
    hand.push_back(dora);
    hand.push_back(ura);
    std::array<ojson, 4> takes, discards;
    std::array<bool, 4> riichi{};
    for (int s = 0; s < 4; ++s) takes[s] = ojson::array(), discards[s] = ojson::array();
    for (std::size_t i = 0; i < h.steps.size(); ++i) {
      const PlainStep& s = h.steps[i];
      if (s.type == StepType::kDora || s.type == StepType::kRiichiAccepted) continue;
      if (s.who < 0 || s.who > 3) throw FormatError(fmt::format("hand {}", hi), "bad seat");
      switch (s.type) {
        case StepType::kDraw:
          takes[s.who].push_back(tenhou6_tile(s.tile));
          break;
        case StepType::kRiichi:
          riichi[s.who] = true;
          break;
        case StepType::kDiscard:
          if (riichi[s.who]) {
            std::string r = "r";
            r += s.tsumogiri ? std::string("60") : code2(s.tile);
            discards[s.who].push_back(r);
            riichi[s.who] = false;
          } else {
            discards[s.who].push_back(s.tsumogiri ? 60 : tenhou6_tile(s.tile));
          }
          break;
        case StepType::kChi:
        case StepType::kPon:
          takes[s.who].push_back(tenhou6_call(s, nullptr));
          break;
        case StepType::kDaiminkan:
          takes[s.who].push_back(tenhou6_call(s, nullptr));
          discards[s.who].push_back(0);
          break;
        case StepType::kKakan: {
          const PlainStep* pon = nullptr;
          for (std::size_t k = i; k-- > 0;)
            if (h.steps[k].type == StepType::kPon && h.steps[k].who == s.who &&
                h.steps[k].tile.kind == s.tile.kind) {
              pon = &h.steps[k];
              break;
            }
          if (!pon) throw FormatError(fmt::format("hand {}", hi), "a kakan without its pon");
          discards[s.who].push_back(tenhou6_call(s, pon));
          break;
        }
        case StepType::kAnkan:
          discards[s.who].push_back(tenhou6_call(s, nullptr));
          break;
        default:
          break;
      }
    }
    for (int s = 0; s < 4; ++s) {
      ojson deal = ojson::array();
      for (Tile t : h.deal[s]) deal.push_back(tenhou6_tile(t));
      hand.push_back(deal);
      hand.push_back(takes[s]);
      hand.push_back(discards[s]);
    }
    ojson result = ojson::array();
    const bool zero = h.deltas == std::array<int, 4>{};
    switch (h.end) {
      case HandEnd::kWin:
        result.push_back("和了");
        for (const PlainWin& w : h.wins) {
          result.push_back(arr_json(w.deltas));
          ojson info = ojson::array(
              {w.who, w.from, w.pao >= 0 ? w.pao : w.who, tenhou6_points_text(w, h.dealer)});
          for (const PlainYaku& y : w.yaku) {
            std::string text = yaku_ja(y.name, (w.who - h.dealer + 4) % 4, h.round / 4);
            if (y.yakuman == 1) {
              text += "(役満)";
            } else if (y.yakuman > 1) {
              text += fmt::format("({}倍役満)", y.yakuman);
            } else {
              text += fmt::format("({}飜)", y.han);
            }
            info.push_back(text);
          }
          result.push_back(info);
        }
        break;
      case HandEnd::kExhaustive: {
        const bool all = h.tenpai == std::array<bool, 4>{true, true, true, true};
        if (zero) {
          result.push_back(all ? "全員聴牌" : "全員不聴");
        } else {
          result.push_back("流局");
          result.push_back(arr_json(h.deltas));
        }
        break;
      }
      default:
        for (const EndJa& e : kEndJa)
          if (e.end == h.end) result.push_back(e.text);
        if (!zero) result.push_back(arr_json(h.deltas));
        break;
    }
    hand.push_back(result);
    log.push_back(std::move(hand));
  }
  return ojson{{"title", ojson::array({game.title, ""})},
               {"name", ojson::array({game.names[0], game.names[1], game.names[2], game.names[3]})},
               {"rule", {{"disp", game.rule}, {"aka", game.red_fives ? 1 : 0}}},
               {"log", log}};
}

std::string to_tenhou6_text(const PlainGame& game) {
  std::string text = dump_json(to_tenhou6(game));
  text += '\n';
  return text;
}

// ------------------------------------------------------------------------------------------
// Reading

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& reason) {
  throw FormatError(where, reason);
}

int get_int(const json& j, const std::string& where) {
  if (!j.is_number_integer()) fail(where, "not an integer");
  return j.get<int>();
}

Tile get_tile(const json& j, const std::string& where) {
  const int code = get_int(j, where);
  try {
    return parse_tenhou6_tile(code);
  } catch (const std::invalid_argument& e) {
    fail(where, e.what());
  }
}

std::array<int, 4> get_four(const json& j, const std::string& where) {
  if (!j.is_array() || j.size() != 4) fail(where, "not 4 integers");
  std::array<int, 4> a{};
  for (int i = 0; i < 4; ++i) a[i] = get_int(j[i], fmt::format("{}[{}]", where, i));
  return a;
}

// A call string parsed: the letter, its position, the tile codes in string order.
struct CallText {
  char letter = 0;
  std::size_t pos = 0;  // index of the tile that follows the letter
  std::vector<Tile> tiles;
};

CallText parse_call_text(const std::string& s, const std::string& where) {
  CallText c;
  std::string digits;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch >= '0' && ch <= '9') {
      digits += ch;
    } else if (std::string_view("cpmkar").find(ch) != std::string_view::npos && !c.letter &&
               digits.size() % 2 == 0) {
      c.letter = ch;
      c.pos = digits.size() / 2;
    } else {
      fail(where, fmt::format("bad call string '{}'", s));
    }
  }
  if (!c.letter || digits.size() % 2 != 0 || digits.empty())
    fail(where, fmt::format("bad call string '{}'", s));
  for (std::size_t i = 0; i < digits.size(); i += 2) {
    const int code = (digits[i] - '0') * 10 + (digits[i + 1] - '0');
    if (c.letter == 'r' && code == 60) {
      c.tiles.push_back(Tile{});  // tsumogiri, resolved by the caller
      continue;
    }
    try {
      c.tiles.push_back(parse_tenhou6_tile(code));
    } catch (const std::invalid_argument& e) {
      fail(where, fmt::format("'{}': {}", s, e.what()));
    }
  }
  return c;
}

// A chi/pon/daiminkan string taken by `who` as a PlainStep (throws on a bad shape).
PlainStep call_step(const std::string& s, int who, const std::string& where) {
  const CallText c = parse_call_text(s, where);
  PlainStep st;
  st.who = who;
  const std::size_t n = c.tiles.size();
  int rel = -1;
  if (c.letter == 'c' && n == 3 && c.pos == 0) {
    st.type = StepType::kChi;
    rel = 3;
  } else if (c.letter == 'p' && n == 3 && c.pos <= 2) {
    st.type = StepType::kPon;
    rel = c.pos == 0 ? 3 : c.pos == 1 ? 2 : 1;
  } else if (c.letter == 'm' && n == 4 && c.pos != 2) {
    st.type = StepType::kDaiminkan;
    rel = c.pos == 0 ? 3 : c.pos == 1 ? 2 : 1;
  } else {
    fail(where, fmt::format("bad call string '{}' in the takes", s));
  }
  st.from = (who + rel) % 4;
  st.tile = c.tiles[c.pos];
  for (std::size_t i = 0; i < n; ++i)
    if (i != c.pos) st.consumed.push_back(c.tiles[i]);
  sort_tiles(st.consumed);
  return st;
}

void parse_win_info(const json& info, PlainWin& w, const std::string& where, const PlainHand& h) {
  if (!info.is_array() || info.size() < 4)
    fail(where, "win info is not [who, from, pao, points, yaku...]");
  w.who = get_int(info[0], where + "[0]");
  w.from = get_int(info[1], where + "[1]");
  const int pao = get_int(info[2], where + "[2]");
  if (w.who < 0 || w.who > 3 || w.from < 0 || w.from > 3 || pao < 0 || pao > 3)
    fail(where, "bad seat in win info");
  w.pao = pao == w.who ? -1 : pao;
  if (!info[3].is_string()) fail(where + "[3]", "not a points string");
  std::string text = info[3].get<std::string>();
  const std::string pwhere = fmt::format("{}[3] '{}'", where, text);
  bool limited = false;
  for (const LimitJa& l : kLimitJa)
    if (text.rfind(l.text, 0) == 0) {
      w.limit = l.limit;
      text = text.substr(std::string(l.text).size());
      limited = true;
      break;
    }
  if (!limited) {
    const auto fu_at = text.find("符"), han_at = text.find("飜");
    if (fu_at == std::string::npos || han_at == std::string::npos || han_at < fu_at)
      fail(pwhere, "not a points string");
    try {
      w.fu = std::stoi(text.substr(0, fu_at));
      w.han = std::stoi(text.substr(fu_at + 3, han_at - fu_at - 3));
    } catch (const std::exception&) {
      fail(pwhere, "not a points string");
    }
    text = text.substr(han_at + 3);
  }
  // "1000点", "300-500点", "500点∀"
  const auto ten = text.find("点");
  if (ten == std::string::npos) fail(pwhere, "no 点");
  const std::string rest = text.substr(ten + 3);
  const std::string nums = text.substr(0, ten);
  try {
    const auto dash = nums.find('-');
    if (dash != std::string::npos) {
      w.points = 2 * std::stoi(nums.substr(0, dash)) + std::stoi(nums.substr(dash + 1));
    } else if (rest == "∀") {
      w.points = 3 * std::stoi(nums);
    } else {
      w.points = std::stoi(nums);
    }
  } catch (const std::exception&) {
    fail(pwhere, "bad points");
  }
  int han = 0, units = 0;
  for (std::size_t i = 4; i < info.size(); ++i) {
    const std::string ywhere = fmt::format("{}[{}]", where, i);
    if (!info[i].is_string()) fail(ywhere, "not a yaku string");
    const std::string y = info[i].get<std::string>();
    const auto open = y.rfind('(');
    if (open == std::string::npos || y.back() != ')') fail(ywhere, "not 'name(N飜)'");
    PlainYaku py;
    py.name = yaku_from_ja(y.substr(0, open));
    const std::string val = y.substr(open + 1, y.size() - open - 2);
    try {
      if (val == "役満") {
        py.yakuman = 1;
      } else if (val.size() > 9 && val.substr(val.size() - 9) == "倍役満") {
        py.yakuman = std::stoi(val.substr(0, val.size() - 9));
      } else if (val.size() > 3 && val.substr(val.size() - 3) == "飜") {
        py.han = std::stoi(val.substr(0, val.size() - 3));
      } else {
        fail(ywhere, "not 'name(N飜)'");
      }
    } catch (const FormatError&) {
      throw;
    } catch (const std::exception&) {
      fail(ywhere, "not 'name(N飜)'");
    }
    han += py.han;
    units += py.yakuman;
    w.yaku.push_back(std::move(py));
  }
  if (w.limit == Limit::kYakuman && units == 0) w.limit = Limit::kKazoeYakuman;
  if (limited) w.han = w.limit == Limit::kYakuman ? 0 : han;
  w.yakuman_units = w.limit == Limit::kYakuman ? units : 0;
  (void)h;
}

void read_hand(const json& hj, PlainHand& h, const std::string& where) {
  if (!hj.is_array() || hj.size() != 17) fail(where, "a hand is not an array of 17 entries");
  const json& head = hj[0];
  if (!head.is_array() || head.size() != 3) fail(where + "[0]", "not [round, honba, sticks]");
  h.round = get_int(head[0], where + "[0][0]");
  h.honba = get_int(head[1], where + "[0][1]");
  h.sticks = get_int(head[2], where + "[0][2]");
  if (h.round < 0 || h.round > 15 || h.honba < 0 || h.sticks < 0) fail(where + "[0]", "bad values");
  h.dealer = h.round % 4;
  h.scores = get_four(hj[1], where + "[1]");
  for (int k = 2; k <= 3; ++k) {
    if (!hj[k].is_array()) fail(fmt::format("{}[{}]", where, k), "not a tile list");
    for (std::size_t i = 0; i < hj[k].size(); ++i)
      (k == 2 ? h.dora : h.ura)
          .push_back(get_tile(hj[k][i], fmt::format("{}[{}][{}]", where, k, i)));
  }
  if (h.dora.empty()) fail(where + "[2]", "no dora indicator");
  std::array<const json*, 4> takes{}, discards{};
  for (int s = 0; s < 4; ++s) {
    const std::size_t base = 4 + 3 * static_cast<std::size_t>(s);
    const json& deal = hj[base];
    if (!deal.is_array() || deal.size() != 13)
      fail(fmt::format("{}[{}]", where, base), "not 13 tiles");
    for (std::size_t i = 0; i < 13; ++i)
      h.deal[s].push_back(get_tile(deal[i], fmt::format("{}[{}][{}]", where, base, i)));
    sort_tiles(h.deal[s]);
    takes[s] = &hj[base + 1];
    discards[s] = &hj[base + 2];
    if (!takes[s]->is_array()) fail(fmt::format("{}[{}]", where, base + 1), "not a list");
    if (!discards[s]->is_array()) fail(fmt::format("{}[{}]", where, base + 2), "not a list");
  }
  // The result first: the replay needs to know whether the last riichi discard was ronned.
  const json& res = hj[16];
  const std::string rwhere = where + "[16]";
  if (!res.is_array() || res.empty() || !res[0].is_string()) fail(rwhere, "not a result");
  const std::string kind = res[0].get<std::string>();
  if (kind == "和了") {
    h.end = HandEnd::kWin;
    if (res.size() < 3 || res.size() % 2 != 1) fail(rwhere, "not [和了, deltas, info, ...]");
    for (std::size_t i = 1; i + 1 < res.size(); i += 2) {
      PlainWin w;
      w.deltas = get_four(res[i], fmt::format("{}[{}]", rwhere, i));
      parse_win_info(res[i + 1], w, fmt::format("{}[{}]", rwhere, i + 1), h);
      for (int s = 0; s < 4; ++s) h.deltas[s] += w.deltas[s];
      h.wins.push_back(std::move(w));
    }
  } else {
    if (kind == "流局" || kind == "全員聴牌" || kind == "全員不聴") {
      h.end = HandEnd::kExhaustive;
    } else {
      bool found = false;
      for (const EndJa& e : kEndJa)
        if (kind == e.text) h.end = e.end, found = true;
      if (!found) fail(rwhere + "[0]", fmt::format("unknown result '{}'", kind));
    }
    if (res.size() > 2) fail(rwhere, "too many entries");
    if (res.size() == 2) h.deltas = get_four(res[1], rwhere + "[1]");
    if (h.end == HandEnd::kExhaustive)
      for (int s = 0; s < 4; ++s) h.tenpai[s] = kind == "全員聴牌" || h.deltas[s] > 0;
  }

  // Replay the per-seat lists in the order of play.
  std::array<std::size_t, 4> ti{}, di{};
  std::array<bool, 4> fresh{};  // the seat's last tile action was a draw (60 allowed)
  std::array<Tile, 4> drawn{};
  std::size_t dora_used = 1;
  auto take_at = [&](int q) -> const json* {
    return ti[q] < takes[q]->size() ? &(*takes[q])[ti[q]] : nullptr;
  };
  auto twhere = [&](int q) { return fmt::format("{}[{}][{}]", where, 5 + 3 * q, ti[q]); };
  auto dwhere = [&](int q) { return fmt::format("{}[{}][{}]", where, 6 + 3 * q, di[q]); };
  auto add_dora = [&]() {
    if (dora_used < h.dora.size()) {
      PlainStep d;
      d.type = StepType::kDora;
      d.tile = h.dora[dora_used++];
      h.steps.push_back(d);
    }
  };
  int p = h.dealer;
  bool need_draw = true;
  int kan_dora_pending = 0;
  for (int guard = 0; guard < 1000; ++guard) {
    if (need_draw) {
      const json* item = take_at(p);
      if (!item) break;
      if (!item->is_number_integer()) fail(twhere(p), "expected a draw, found a call");
      PlainStep st;
      st.type = StepType::kDraw;
      st.who = p;
      st.tile = get_tile(*item, twhere(p));
      h.steps.push_back(st);
      ++ti[p];
      fresh[p] = true;
      drawn[p] = st.tile;
      for (; kan_dora_pending > 0; --kan_dora_pending) add_dora();
    }
    need_draw = true;
    if (di[p] >= discards[p]->size()) break;
    const json& item = (*discards[p])[di[p]];
    const std::string here = dwhere(p);
    ++di[p];
    PlainStep st;
    st.who = p;
    bool riichi = false;
    if (item.is_string()) {
      const std::string s = item.get<std::string>();
      const CallText c = parse_call_text(s, here);
      if (c.letter == 'r' && c.tiles.size() == 1 && c.pos == 0) {
        riichi = true;
        PlainStep r;
        r.type = StepType::kRiichi;
        r.who = p;
        h.steps.push_back(r);
        st.type = StepType::kDiscard;
        const std::string code = s.substr(1);
        if (code == "60") {
          if (!fresh[p]) fail(here, "tsumogiri without a draw");
          st.tile = drawn[p];
          st.tsumogiri = true;
        } else {
          st.tile = c.tiles[0];
        }
      } else if (c.letter == 'a' && c.tiles.size() == 4 && c.pos == 3) {
        st.type = StepType::kAnkan;
        st.consumed = c.tiles;
        sort_tiles(st.consumed);
        h.steps.push_back(st);
        fresh[p] = false;
        add_dora();
        continue;  // the replacement draw
      } else if (c.letter == 'k' && c.tiles.size() == 4 && c.pos <= 2) {
        st.type = StepType::kKakan;
        st.tile = c.tiles[c.pos];
        for (std::size_t i = 0; i < 4; ++i)
          if (i != c.pos) st.consumed.push_back(c.tiles[i]);
        sort_tiles(st.consumed);
        h.steps.push_back(st);
        fresh[p] = false;
        ++kan_dora_pending;
        continue;
      } else {
        fail(here, fmt::format("bad discard entry '{}'", s));
      }
    } else {
      const int code = get_int(item, here);
      st.type = StepType::kDiscard;
      if (code == 60) {
        if (!fresh[p]) fail(here, "tsumogiri (60) without a draw");
        st.tile = drawn[p];
        st.tsumogiri = true;
      } else if (code == 0) {
        fail(here, "0 outside a daiminkan");
      } else {
        st.tile = get_tile(item, here);
      }
    }
    h.steps.push_back(st);
    fresh[p] = false;
    const Tile tile = st.tile;
    // Who takes the discard: a pon or kan first, then a chi by the next seat.
    int caller = -1;
    PlainStep call;
    for (int k = 1; k <= 3 && caller < 0; ++k) {
      const int q = (p + k) % 4;
      const json* t = take_at(q);
      if (!t || !t->is_string()) continue;
      const std::string s = t->get<std::string>();
      if (s.find('p') == std::string::npos && s.find('m') == std::string::npos) continue;
      PlainStep c = call_step(s, q, twhere(q));
      if (c.from == p && c.tile == tile) caller = q, call = c;
    }
    if (caller < 0) {
      const int q = (p + 1) % 4;
      const json* t = take_at(q);
      if (t && t->is_string() && t->get<std::string>().find('c') != std::string::npos) {
        PlainStep c = call_step(t->get<std::string>(), q, twhere(q));
        if (c.tile == tile) caller = q, call = c;
      }
    }
    const bool goes_on = caller >= 0 || take_at((p + 1) % 4) != nullptr;
    if (riichi) {
      bool ronned = false;
      for (const PlainWin& w : h.wins) ronned = ronned || (w.from == p && !w.tsumo());
      if (goes_on || !ronned) {
        PlainStep a;
        a.type = StepType::kRiichiAccepted;
        a.who = p;
        h.steps.push_back(a);
      }
    }
    if (caller >= 0) {
      h.steps.push_back(call);
      ++ti[caller];
      p = caller;
      if (call.type == StepType::kDaiminkan) {
        if (di[p] >= discards[p]->size() || !(*discards[p])[di[p]].is_number_integer() ||
            (*discards[p])[di[p]].get<int>() != 0)
          fail(dwhere(p), "a daiminkan needs a 0 in the discards");
        ++di[p];
        ++kan_dora_pending;
      } else {
        need_draw = false;
      }
    } else {
      p = (p + 1) % 4;
    }
  }
  for (int s = 0; s < 4; ++s) {
    if (ti[s] < takes[s]->size()) fail(twhere(s), "entry not reached by the replay");
    if (di[s] < discards[s]->size()) fail(dwhere(s), "entry not reached by the replay");
  }
  complete_wins(h, where);
}

}  // namespace

PlainGame parse_tenhou6(std::string_view text) {
  json j;
  try {
    j = parse_json(text);
  } catch (const JsonInputError& e) {
    fail("tenhou6", e.what());
  }
  if (!j.is_object()) fail("tenhou6", "not a JSON object");
  PlainGame game;
  if (j.contains("name")) {
    const json& n = j["name"];
    if (!n.is_array() || n.size() != 4) fail("name", "not 4 names");
    for (int s = 0; s < 4; ++s) {
      if (!n[s].is_string()) fail("name", "not 4 names");
      game.names[s] = n[s].get<std::string>();
    }
  }
  if (j.contains("title") && j["title"].is_array() && !j["title"].empty() &&
      j["title"][0].is_string())
    game.title = j["title"][0].get<std::string>();
  if (j.contains("rule")) {
    const json& r = j["rule"];
    if (!r.is_object()) fail("rule", "not an object");
    if (r.contains("disp") && r["disp"].is_string()) game.rule = r["disp"].get<std::string>();
    if (r.contains("aka")) game.red_fives = get_int(r["aka"], "rule.aka") != 0;
  }
  if (!j.contains("log")) fail("tenhou6", "missing field 'log'");
  const json& log = j["log"];
  if (!log.is_array()) fail("log", "not an array");
  for (std::size_t i = 0; i < log.size(); ++i) {
    PlainHand h;
    read_hand(log[i], h, fmt::format("log[{}]", i));
    game.hands.push_back(std::move(h));
  }
  return game;
}

PlainGame read_tenhou6(std::istream& in) {
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_tenhou6(text);
}

}  // namespace riichi::io
