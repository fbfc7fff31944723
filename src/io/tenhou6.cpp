#include "io/tenhou6.hpp"

#include <fmt/core.h>

#include <cmath>
#include <istream>
#include <iterator>

#include "io/io_internal.hpp"
#include "io/json_text.hpp"
#include "io/plain_mjlog.hpp"
#include "io/tenhou6_order.hpp"
#include "io/tenhou_replay.hpp"
#include "io/tenhou_rules.hpp"

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

// Yaku names of Mahjong Soul games exported to this format (English client names).
struct EnglishYaku {
  const char* en;
  const char* name;
};
constexpr EnglishYaku kYakuEn[] = {{"Fully Concealed Hand", "menzen_tsumo"},
                                   {"Riichi", "riichi"},
                                   {"Ippatsu", "ippatsu"},
                                   {"Robbing a Kan", "chankan"},
                                   {"After a Kan", "rinshan_kaihou"},
                                   {"Under the Sea", "haitei"},
                                   {"Under the River", "houtei"},
                                   {"Pinfu", "pinfu"},
                                   {"All Simples", "tanyao"},
                                   {"Pure Double Sequence", "iipeikou"},
                                   {"Seat Wind", "yakuhai_seat_wind"},
                                   {"Prevalent Wind", "yakuhai_round_wind"},
                                   {"White Dragon", "yakuhai_haku"},
                                   {"Green Dragon", "yakuhai_hatsu"},
                                   {"Red Dragon", "yakuhai_chun"},
                                   {"Double Riichi", "double_riichi"},
                                   {"Seven Pairs", "chiitoitsu"},
                                   {"Half Outside Hand", "chanta"},
                                   {"Pure Straight", "ittsu"},
                                   {"Mixed Triple Sequence", "sanshoku_doujun"},
                                   {"Triple Triplets", "sanshoku_doukou"},
                                   {"Three Quads", "san_kantsu"},
                                   {"All Triplets", "toitoi"},
                                   {"Three Concealed Triplets", "san_ankou"},
                                   {"Little Three Dragons", "shousangen"},
                                   {"All Terminals and Honors", "honroutou"},
                                   {"Twice Pure Double Sequence", "ryanpeikou"},
                                   {"Fully Outside Hand", "junchan"},
                                   {"Half Flush", "honitsu"},
                                   {"Full Flush", "chinitsu"},
                                   {"Blessing of Heaven", "tenhou"},
                                   {"Blessing of Earth", "chiihou"},
                                   {"Big Three Dragons", "daisangen"},
                                   {"Four Concealed Triplets", "suu_ankou"},
                                   {"Single-wait Four Concealed Triplets", "suu_ankou_tanki"},
                                   {"All Honors", "tsuuiisou"},
                                   {"All Green", "ryuuiisou"},
                                   {"All Terminals", "chinroutou"},
                                   {"Nine Gates", "chuuren_poutou"},
                                   {"True Nine Gates", "junsei_chuuren_poutou"},
                                   {"Thirteen Orphans", "kokushi_musou"},
                                   {"Thirteen-wait Thirteen Orphans", "kokushi_musou_13_sided"},
                                   {"Big Four Winds", "daisuushii"},
                                   {"Little Four Winds", "shousuushii"},
                                   {"Four Quads", "suu_kantsu"},
                                   {"Dora", "dora"},
                                   {"Ura Dora", "ura"},
                                   {"Red Five", "aka"}};

std::string yaku_from_ja(const std::string& ja) {
  if (ja.rfind("自風 ", 0) == 0) return "yakuhai_seat_wind";
  if (ja.rfind("場風 ", 0) == 0) return "yakuhai_round_wind";
  for (const EnglishYaku& y : kYakuEn)
    if (ja == y.en || ja.rfind(std::string(y.en) + " ", 0) == 0) return y.name;
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
    hand.push_back(four_json(h.scores));
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
        case StepType::kKita:  // Tenhou writes "f44" whether the North was just drawn or not
          discards[s.who].push_back("f" + code2(s.tile));
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
          result.push_back(four_json(w.deltas));
          ojson info = ojson::array({w.who, w.from, w.pao >= 0 ? w.pao : w.who});
          if (!w.scored) {  // only who won is known (a Mortal mjai log): [who, from, pao]
            result.push_back(std::move(info));
            continue;
          }
          info.push_back(tenhou6_points_text(w, h.dealer));
          for (const PlainYaku& y : w.yaku) {
            std::string text =
                yaku_ja(y.name, (w.who - h.dealer + game.players) % game.players, h.round / 4);
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
        bool all = true;
        for (int s = 0; s < game.players; ++s) all = all && h.tenpai[s];
        if (zero) {
          result.push_back(all ? "全員聴牌" : "全員不聴");
        } else {
          result.push_back("流局");
          result.push_back(four_json(h.deltas));
        }
        break;
      }
      default:
        for (const EndJa& e : kEndJa)
          if (e.end == h.end) result.push_back(e.text);
        if (!zero) result.push_back(four_json(h.deltas));
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

int get_int(const json& j, const std::string& where) {
  if (!j.is_number_integer()) format_fail(where, "not an integer");
  return j.get<int>();
}

Tile get_tile(const json& j, const std::string& where) {
  const int code = get_int(j, where);
  try {
    return parse_tenhou6_tile(code);
  } catch (const std::invalid_argument& e) {
    format_fail(where, e.what());
  }
}

std::array<int, 4> get_four(const json& j, const std::string& where) {
  if (!j.is_array() || j.size() != 4) format_fail(where, "not 4 integers");
  std::array<int, 4> a{};
  for (int i = 0; i < 4; ++i) a[i] = get_int(j[i], fmt::format("{}[{}]", where, i));
  return a;
}

void parse_win_info(const json& info, PlainWin& w, const std::string& where, int players) {
  if (!info.is_array() || info.size() < 3)
    format_fail(where, "win info is not [who, from, pao, points, yaku...]");
  w.who = get_int(info[0], where + "[0]");
  w.from = get_int(info[1], where + "[1]");
  const int pao = get_int(info[2], where + "[2]");
  if (w.who < 0 || w.who > 3 || w.from < 0 || w.from > 3 || pao < 0 || pao > 3)
    format_fail(where, "bad seat in win info");
  w.pao = pao == w.who ? -1 : pao;
  if (info.size() == 3) {  // [who, from, pao] only: the points and yaku are not given
    w.scored = false;
    return;
  }
  if (!info[3].is_string()) format_fail(where + "[3]", "not a points string");
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
      format_fail(pwhere, "not a points string");
    try {
      w.fu = std::stoi(text.substr(0, fu_at));
      w.han = std::stoi(text.substr(fu_at + 3, han_at - fu_at - 3));
    } catch (const std::exception&) {
      format_fail(pwhere, "not a points string");
    }
    text = text.substr(han_at + 3);
  }
  // "1000点", "300-500点", "500点∀"
  const auto ten = text.find("点");
  if (ten == std::string::npos) format_fail(pwhere, "no 点");
  const std::string rest = text.substr(ten + 3);
  const std::string nums = text.substr(0, ten);
  try {
    const auto dash = nums.find('-');
    // Each payer's share: three players have one non-dealer payer fewer (tsumo loss).
    if (dash != std::string::npos) {
      w.points = (players - 2) * std::stoi(nums.substr(0, dash)) + std::stoi(nums.substr(dash + 1));
    } else if (rest == "∀") {
      w.points = (players - 1) * std::stoi(nums);
    } else {
      w.points = std::stoi(nums);
    }
  } catch (const std::exception&) {
    format_fail(pwhere, "bad points");
  }
  int han = 0, units = 0;
  for (std::size_t i = 4; i < info.size(); ++i) {
    const std::string ywhere = fmt::format("{}[{}]", where, i);
    if (!info[i].is_string()) format_fail(ywhere, "not a yaku string");
    const std::string y = info[i].get<std::string>();
    const auto open = y.rfind('(');
    if (open == std::string::npos || y.back() != ')') format_fail(ywhere, "not 'name(N飜)'");
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
        format_fail(ywhere, "not 'name(N飜)'");
      }
    } catch (const FormatError&) {
      throw;
    } catch (const std::exception&) {
      format_fail(ywhere, "not 'name(N飜)'");
    }
    han += py.han;
    units += py.yakuman;
    w.yaku.push_back(std::move(py));
  }
  if (w.limit == Limit::kYakuman && units == 0) w.limit = Limit::kKazoeYakuman;
  if (limited) w.han = w.limit == Limit::kYakuman ? 0 : han;
  w.yakuman_units = w.limit == Limit::kYakuman ? units : 0;
}

void read_hand(const json& hj, PlainHand& h, int players, const std::string& where,
               const OrderCheck& check) {
  if (!hj.is_array() || hj.size() != 17) format_fail(where, "a hand is not an array of 17 entries");
  const json& head = hj[0];
  if (!head.is_array() || head.size() != 3)
    format_fail(where + "[0]", "not [round, honba, sticks]");
  h.round = get_int(head[0], where + "[0][0]");
  h.honba = get_int(head[1], where + "[0][1]");
  h.sticks = get_int(head[2], where + "[0][2]");
  if (h.round < 0 || h.round > 15 || h.honba < 0 || h.sticks < 0)
    format_fail(where + "[0]", "bad values");
  h.dealer = h.round % 4;
  h.scores = get_four(hj[1], where + "[1]");
  for (int k = 2; k <= 3; ++k) {
    if (!hj[k].is_array()) format_fail(fmt::format("{}[{}]", where, k), "not a tile list");
    for (std::size_t i = 0; i < hj[k].size(); ++i)
      (k == 2 ? h.dora : h.ura)
          .push_back(get_tile(hj[k][i], fmt::format("{}[{}][{}]", where, k, i)));
  }
  if (h.dora.empty()) format_fail(where + "[2]", "no dora indicator");
  std::array<const json*, 4> takes{}, discards{};
  for (int s = 0; s < 4; ++s) {
    const std::size_t base = 4 + 3 * static_cast<std::size_t>(s);
    const json& deal = hj[base];
    if (s >= players) {  // three players: the absent seat's lists are empty
      for (std::size_t k = base; k < base + 3; ++k)
        if (!hj[k].is_array() || !hj[k].empty())
          format_fail(fmt::format("{}[{}]", where, k),
                      "not an empty list (seat 3 of three players)");
      continue;
    }
    if (!deal.is_array() || deal.size() != 13)
      format_fail(fmt::format("{}[{}]", where, base), "not 13 tiles");
    for (std::size_t i = 0; i < 13; ++i)
      h.deal[s].push_back(get_tile(deal[i], fmt::format("{}[{}][{}]", where, base, i)));
    sort_tiles(h.deal[s]);
    takes[s] = &hj[base + 1];
    discards[s] = &hj[base + 2];
    if (!takes[s]->is_array()) format_fail(fmt::format("{}[{}]", where, base + 1), "not a list");
    if (!discards[s]->is_array()) format_fail(fmt::format("{}[{}]", where, base + 2), "not a list");
  }
  // The result first: the replay needs to know whether the last riichi discard was ronned.
  const json& res = hj[16];
  const std::string rwhere = where + "[16]";
  if (!res.is_array() || res.empty() || !res[0].is_string()) format_fail(rwhere, "not a result");
  const std::string kind = res[0].get<std::string>();
  if (kind == "和了") {
    h.end = HandEnd::kWin;
    if (res.size() < 3 || res.size() % 2 != 1) format_fail(rwhere, "not [和了, deltas, info, ...]");
    for (std::size_t i = 1; i + 1 < res.size(); i += 2) {
      PlainWin w;
      w.deltas = get_four(res[i], fmt::format("{}[{}]", rwhere, i));
      parse_win_info(res[i + 1], w, fmt::format("{}[{}]", rwhere, i + 1), players);
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
      if (!found) format_fail(rwhere + "[0]", fmt::format("unknown result '{}'", kind));
    }
    if (res.size() > 2) format_fail(rwhere, "too many entries");
    if (res.size() == 2) h.deltas = get_four(res[1], rwhere + "[1]");
    if (h.end == HandEnd::kExhaustive)
      for (int s = 0; s < players; ++s) h.tenpai[s] = kind == "全員聴牌" || h.deltas[s] > 0;
  }

  order_tenhou6_hand(hj, h, where, check);
}

}  // namespace

namespace {

// The header: names, title, rule, ref, final result.
void read_header(const json& j, PlainGame& game) {
  if (j.contains("rule")) {
    const json& r = j["rule"];
    if (!r.is_object()) format_fail("rule", "not an object");
    if (r.contains("disp") && r["disp"].is_string()) game.rule = r["disp"].get<std::string>();
    if (r.contains("aka")) game.red_fives = get_int(r["aka"], "rule.aka") != 0;
    // Mahjong Soul exports and later Tenhou logs give the red fives per suit.
    if (r.contains("aka51") || r.contains("aka52") || r.contains("aka53")) {
      int red = 0;
      for (const char* k : {"aka51", "aka52", "aka53"})
        if (r.contains(k)) red += get_int(r[k], std::string("rule.") + k);
      game.red_fives = red > 0;
    }
  }
  // Three players: a three-player lobby ("三鳳南喰赤"), or seat 3 dealt no tiles (a log
  // written under another label, "tenhou_sanma").
  const bool empty_seat3 = j.contains("log") && j["log"].is_array() && !j["log"].empty() &&
                           j["log"][0].is_array() && j["log"][0].size() > 13 &&
                           j["log"][0][13].is_array() && j["log"][0][13].empty();
  if (game_type_from_label(game.rule, game.red_fives).three_player || empty_seat3) game.players = 3;
  if (j.contains("name")) {
    const json& n = j["name"];
    const bool sizes_ok = n.is_array() && (n.size() == 4 || (game.players == 3 && n.size() == 3));
    if (!sizes_ok) format_fail("name", "not 4 names");
    for (std::size_t s = 0; s < n.size(); ++s) {
      if (!n[s].is_string()) format_fail("name", "not 4 names");
      game.names[s] = n[s].get<std::string>();
    }
  }
  if (j.contains("title") && j["title"].is_array() && !j["title"].empty() &&
      j["title"][0].is_string())
    game.title = j["title"][0].get<std::string>();
  if (j.contains("ref") && j["ref"].is_string()) game.log_id = j["ref"].get<std::string>();
  if (j.contains("sc")) {  // [score0, result0, score1, result1, ...]: points, then results
    const json& sc = j["sc"];
    const std::size_t n = sc.is_array() ? sc.size() / 2 : 0;  // 3 players: 6 or 8 numbers
    if (!sc.is_array() || !(sc.size() == 8 || (game.players == 3 && sc.size() == 6)))
      format_fail("sc", "not 8 numbers");
    for (std::size_t s = 0; s < n; ++s) {
      if (!sc[2 * s].is_number() || !sc[2 * s + 1].is_number()) format_fail("sc", "not 8 numbers");
      game.final_scores[s] = static_cast<int>(std::lround(sc[2 * s].get<double>()));
      game.final_results[s] = sc[2 * s + 1].get<double>();
    }
    game.has_final = true;
  }
}

// The engine's verdict on one candidate order of a hand: replayed alone with the game's rules.
OrderCheck engine_check(const MjlogGame& header, const Rules& rules, bool red_fives,
                        const std::string& where) {
  return [&header, rules, red_fives, where](const PlainHand& h) {
    MjlogGame g = header;
    try {
      g.rounds = {mjlog_round_from_plain(h, red_fives, where)};
    } catch (const FormatError&) {
      return OrderVerdict::kIllegal;
    }
    g.starts_mid_game = true;
    g.has_owari = false;
    const GameReplay r = replay_mjlog(g, rules);
    if (r.mismatches.empty()) return OrderVerdict::kMatches;
    const std::string& what = r.mismatches.front().what;
    const bool play = what == "action refused" || what == "draw" || what == "call" ||
                      what == "event" || what == "wall" || what == "end of hand";
    return play ? OrderVerdict::kIllegal : OrderVerdict::kLegal;
  };
}

}  // namespace

PlainGame parse_tenhou6(std::string_view text, const std::string& file) {
  json j;
  try {
    j = parse_json(text);
  } catch (const JsonInputError& e) {
    format_fail("tenhou6", e.what());
  }
  if (!j.is_object()) format_fail("tenhou6", "not a JSON object");
  PlainGame game;
  read_header(j, game);
  // The rules the log says (a lobby the engine does not play throws UnsupportedGame here).
  const MjlogGame header = mjlog_from_plain(game, file);
  const Rules rules = tenhou_rules(header);
  if (!j.contains("log")) format_fail("tenhou6", "missing field 'log'");
  const json& log = j["log"];
  if (!log.is_array()) format_fail("log", "not an array");
  for (std::size_t i = 0; i < log.size(); ++i) {
    PlainHand h;
    const std::string where = fmt::format("log[{}]", i);
    read_hand(log[i], h, game.players, where, engine_check(header, rules, game.red_fives, where));
    game.hands.push_back(std::move(h));
  }
  return game;
}

MjlogGame parse_tenhou6_game(std::string_view text, const std::string& file) {
  return mjlog_from_plain(parse_tenhou6(text, file), file);
}

PlainGame read_tenhou6(std::istream& in) {
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_tenhou6(text, "tenhou6");
}

}  // namespace riichi::io
