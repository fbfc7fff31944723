// Presets (RULES.md §9) and the "PRESET,key=value" override syntax.
#include "riichi/rules.hpp"

#include <array>
#include <iterator>
#include <stdexcept>
#include <string>

namespace riichi {

Rules Rules::ema2016() {
  Rules r;  // the struct defaults are EMA 2016
  r.name = "ema2016";
  r.red_fives = false;
  r.open_tanyao = true;
  r.renhou = RenhouValue::kMangan;  // §6.2: 5 han, not cumulative (OQ-8)
  r.double_riichi = DoubleRiichiStyle::kPlusOne;
  r.tsuuiisou_seven_pairs = true;  // OQ-9 / SA-3
  r.ryuuiisou_needs_hatsu = false;
  r.nagashi_mangan = NagashiMangan::kNone;
  r.kazoe_yakuman = false;  // 11+ han = sanbaiman
  r.double_yakuman = false;
  r.yakuman_stacking = false;  // "Yakuman are not cumulative"
  r.double_wind_pair_fu = 4;
  r.ryanhan_shibari_honba = 0;
  r.kokushi_robs_ankan = true;
  r.pao_honba = PaoHonba::kDiscarder;
  r.pao_counts_ankan = true;
  // The table: the struct defaults are EMA 2016 (RULES.md §9).
  return r;
}

Rules Rules::ema2008() {
  Rules r = ema2016();
  r.name = "ema2008";
  r.red_fives = true;
  r.open_tanyao = false;  // kuitan nashi
  r.renhou = RenhouValue::kYakuman;
  r.nagashi_mangan = NagashiMangan::kWin;
  r.kazoe_yakuman = true;
  r.double_yakuman = true;
  r.yakuman_stacking = true;    // OQ-2
  r.double_wind_pair_fu = 4;    // OQ-3
  r.ryanhan_shibari_honba = 5;  // §4.1
  r.kokushi_robs_ankan = true;  // OQ-11
  r.pao_honba = PaoHonba::kDiscarder;
  // The table (RULES.md §9)
  r.kuikae_forbidden = false;
  r.temporary_furiten_end = TemporaryFuritenEnd::kOwnDrawOrAnyCall;
  r.kyuushu_kyuuhai = r.suufon_renda = r.suukaikan = r.suucha_riichi = true;
  r.chombo = ChomboPenalty::kReverseMangan;
  return r;
}

Rules Rules::tenhou() {
  Rules r = ema2016();
  r.name = "tenhou";
  r.red_fives = true;
  r.open_tanyao = true;
  r.renhou = RenhouValue::kNone;
  r.double_riichi = DoubleRiichiStyle::kTwoHan;
  r.nagashi_mangan = NagashiMangan::kDraw;
  r.kazoe_yakuman = true;
  r.double_yakuman = false;
  r.yakuman_stacking = true;
  r.double_wind_pair_fu = 4;
  r.ryanhan_shibari_honba = 0;
  r.kokushi_robs_ankan = false;
  r.pao_honba = PaoHonba::kLiable;
  // The table (RULES.md §9)
  r.kuikae_forbidden = true;
  r.temporary_furiten_end = TemporaryFuritenEnd::kOwnDiscard;
  r.open_kan_dora_delayed = true;
  r.riichi_min_points = 1000;
  r.kan_after_riichi = KanAfterRiichi::kWaitsUnchanged;
  r.sanchahou = true;
  r.honba_to_every_winner = false;
  r.multi_ron_sticks = MultiRonSticks::kAllToClosest;
  r.kyuushu_kyuuhai = r.suufon_renda = r.suukaikan = r.suucha_riichi = true;
  r.chombo = ChomboPenalty::kNone;
  r.starting_points = 25000;
  r.return_points = 30000;
  r.uma = {20000, 10000, -10000, -20000};
  r.split_ties = false;
  r.bankruptcy = true;
  r.west_sudden_death = true;
  r.agari_yame = true;
  r.final_rounding = 1000;  // OQ-15
  return r;
}

// docs/rules-presets.md gives the rulebook text behind every line below.
Rules Rules::mahjongsoul() {
  Rules r = tenhou();
  r.name = "mahjongsoul";
  r.double_yakuman = true;      // the four double yakuman patterns
  r.kokushi_robs_ankan = true;  // kokushi may ron a concealed kan
  r.sanchahou = false;          // triple ron is a win, not an abortive draw
  // Rank-point formula (score - 25000) / 1000 + uma; the sudden-death target stays 30000.
  r.return_points = 25000;
  r.target_points = 30000;
  r.uma = {15000, 5000, -5000, -15000};
  r.final_rounding = 0;  // no rounding of the final points
  return r;
}

Rules Rules::mleague() {
  Rules r = tenhou();
  r.name = "mleague";
  r.kazoe_yakuman = false;  // 13+ han is sanbaiman
  r.kiriage_mangan = true;  // 7700 / 11600 are rounded up to mangan
  r.double_wind_pair_fu = 2;
  r.open_kan_dora_delayed = false;  // every kan dora is revealed at once
  r.riichi_min_points = 0;          // no bankruptcy: riichi at any score
  r.riichi_min_live_tiles = 0;      // riichi without a draw left
  r.sanchahou = false;
  r.head_bump = true;  // no double or triple ron
  r.kyuushu_kyuuhai = r.suufon_renda = r.suukaikan = r.suucha_riichi = false;
  r.chombo = ChomboPenalty::kAfterUma;     // a 20000-point penalty
  r.uma = {30000, 10000, -10000, -30000};  // with the 20000 oka: +50/+10/-10/-30
  r.split_ties = true;
  r.bankruptcy = false;
  r.west_sudden_death = false;
  r.agari_yame = false;
  r.final_rounding = 0;
  return r;
}

Rules Rules::wrc() {
  Rules r = ema2016();
  r.name = "wrc";
  r.kiriage_mangan = true;
  r.head_bump = true;           // only one winner, resolved by turn order
  r.riichi_min_live_tiles = 0;  // riichi allowed with fewer than four tiles left
  r.bankruptcy = true;          // a negative score ends the game
  return r;
}

// Tenhou's three-player lobbies (docs/rules-presets.md, checked on the 100 real games of
// tenhou-sanma/): three players without 2m-8m, no chi, North as nukidora, tsumo-son, 35000 /
// 40000, uma +20/0/-20 (the logs' owari), no abortive draw that needs four players.
Rules Rules::tenhou_sanma() {
  Rules r = tenhou();
  r.name = "tenhou_sanma";
  r.players = 3;
  r.no_manzu_2_to_8 = true;
  r.chi_allowed = false;
  r.kita = true;
  r.tsumo_loss = true;
  r.suufon_renda = false;  // four winds need four players
  r.suucha_riichi = false;
  r.sanchahou = false;  // at most two ron
  r.starting_points = 35000;
  r.return_points = 40000;
  r.target_points = 40000;
  r.uma = {20000, 0, -20000, 0};
  return r;
}

// Mahjong Soul's three-player rooms (docs/rules-presets.md): Tenhou's sanma with Mahjong Soul's
// yaku table and its ladder's final score (35000 start and return, uma +15/0/-15, no rounding).
Rules Rules::mahjongsoul_sanma() {
  Rules r = tenhou_sanma();
  r.name = "mahjongsoul_sanma";
  r.double_yakuman = true;      // as in every Mahjong Soul room
  r.kokushi_robs_ankan = true;  // as in every Mahjong Soul room
  r.return_points = 35000;      // (score - 35000) / 1000 + uma
  r.target_points = 40000;      // the West round is played until someone has 40000
  r.uma = {15000, 0, -15000, 0};
  r.final_rounding = 0;
  return r;
}

namespace {

struct Preset {
  const char* name;
  const char* description;
  Rules (*make)();
};

// The presets in the order they are offered to a user.
constexpr Preset kPresets[] = {
    {"ema2016", "EMA Riichi Competition Rules 2016: European tournaments, no red fives",
     &Rules::ema2016},
    {"ema2008", "EMA Riichi rules 2008: red fives, no open tanyao, abortive draws",
     &Rules::ema2008},
    {"tenhou", "Tenhou ranked lobbies: red fives, 25000/30000, uma 20/10, bankruptcy",
     &Rules::tenhou},
    {"mahjongsoul",
     "Mahjong Soul four-player ranked: Tenhou-like, double yakuman, triple ron, uma 15/5",
     &Rules::mahjongsoul},
    {"mleague",
     "M.League professional league: red fives, no abortive draws, head bump, uma 30/10 + oka",
     &Rules::mleague},
    {"wrc",
     "World Riichi Championship rules: EMA-like, mangan rounding up, one ron winner, bust ends",
     &Rules::wrc},
    {"tenhou_sanma",
     "Tenhou three-player ranked: no 2m-8m, no chi, North nukidora, tsumo-son, 35000/40000, "
     "uma 20/0/-20",
     &Rules::tenhou_sanma},
    {"mahjongsoul_sanma",
     "Mahjong Soul three-player ranked: Tenhou sanma with double yakuman, 35000/35000, "
     "uma 15/0/-15",
     &Rules::mahjongsoul_sanma},
};

}  // namespace

const std::vector<Rules::PresetInfo>& Rules::preset_infos() {
  static const std::vector<PresetInfo> infos = [] {
    std::vector<PresetInfo> out;
    for (const Preset& p : kPresets) out.push_back({p.name, p.description});
    return out;
  }();
  return infos;
}

std::vector<std::string> Rules::preset_names() {
  std::vector<std::string> names;
  for (const Preset& p : kPresets) names.push_back(p.name);
  return names;
}

namespace {

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// One overridable key: how to print it, the values it accepts, and how to set it.
struct Field {
  const char* key;
  std::vector<std::string> allowed;  // empty: a non-negative integer
  std::string (*get)(const Rules&);
  // Returns false when `value` is not accepted.
  bool (*set)(Rules&, std::string_view value);
};

const std::vector<std::string> kBoolValues = {"true", "false"};

bool parse_bool(std::string_view v, bool& out) {
  if (v == "true" || v == "1" || v == "yes" || v == "on") return out = true, true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return out = false, true;
  return false;
}

bool parse_int(std::string_view v, int& out) {
  if (v.empty() || v.size() > 6) return false;
  int n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
  }
  out = n;
  return true;
}

const char* bool_text(bool b) { return b ? "true" : "false"; }

#define RIICHI_BOOL_FIELD(member)                                                        \
  Field {                                                                                \
#member, kBoolValues, [](const Rules& r) { return std::string(bool_text(r.member)); }, \
        [](Rules& r, std::string_view v) { return parse_bool(v, r.member); } \
  }

// Enumerators are 0..N-1 in the order of their names.
#define RIICHI_ENUM_FIELD(member, names)                                             \
  Field {                                                                            \
#member, std::vector<std::string>(std::begin(names), std::end(names)),             \
        [](const Rules& r) { return std::string(names[static_cast<int>(r.member)]); }, \
        [](Rules& r, std::string_view v) {                                             \
          for (std::size_t i = 0; i < std::size(names); ++i)                           \
            if (v == names[i]) return r.member = static_cast<decltype(r.member)>(i), true; \
          return false;                                                                \
        } \
  }

#define RIICHI_INT_FIELD(member)                                                                   \
  Field {                                                                                          \
#member,                                                                                       \
        {},                                                                                        \
         [](const Rules&                                                                           \
                r) { return std::to_string(r.member); },                                           \
                                                      [](Rules & r,                                \
                                                         std::string_view                          \
                                                             v) { return parse_int(v, r.member); } \
  }

constexpr const char* kFuritenEndNames[] = {"own_draw_or_claim", "own_draw_or_any_call",
                                            "own_discard"};
constexpr const char* kKanAfterRiichiNames[] = {"waits_and_pung_only", "waits_unchanged"};
constexpr const char* kMultiRonSticksNames[] = {"after_discarder", "after_riichi_player",
                                                "all_to_closest"};
constexpr const char* kChomboNames[] = {"after_uma", "reverse_mangan", "none"};

std::string uma_text(const Rules& r) {
  return std::to_string(r.uma[0]) + "/" + std::to_string(r.uma[1]) + "/" +
         std::to_string(r.uma[2]) + "/" + std::to_string(r.uma[3]);
}

// "15000/5000/-5000/-15000": four integers, first to fourth place.
bool parse_uma(Rules& r, std::string_view v) {
  std::array<int, 4> uma{};
  for (int i = 0; i < 4; ++i) {
    const auto slash = v.find('/');
    std::string_view item = v.substr(0, slash);
    if ((slash == std::string_view::npos) != (i == 3)) return false;
    const bool negative = !item.empty() && item[0] == '-';
    if (negative) item.remove_prefix(1);
    if (!parse_int(item, uma[i])) return false;
    if (negative) uma[i] = -uma[i];
    if (slash != std::string_view::npos) v.remove_prefix(slash + 1);
  }
  r.uma = uma;
  return true;
}

const char* renhou_text(RenhouValue v) {
  return v == RenhouValue::kNone ? "none" : v == RenhouValue::kMangan ? "mangan" : "yakuman";
}
const char* double_riichi_text(DoubleRiichiStyle v) {
  return v == DoubleRiichiStyle::kPlusOne ? "plus_one" : "two_han";
}
const char* nagashi_text(NagashiMangan v) {
  return v == NagashiMangan::kNone ? "none" : v == NagashiMangan::kWin ? "win" : "draw";
}
const char* pao_honba_text(PaoHonba v) {
  return v == PaoHonba::kDiscarder ? "discarder" : "liable";
}

const std::vector<Field>& all_fields() {
  static const std::vector<Field> fields = {
      Field{"players",
            {"3", "4"},
            [](const Rules& r) { return std::to_string(r.players); },
            [](Rules& r, std::string_view v) {
              if (v != "3" && v != "4") return false;
              r.players = v[0] - '0';
              return true;
            }},
      RIICHI_BOOL_FIELD(no_manzu_2_to_8),
      RIICHI_BOOL_FIELD(chi_allowed),
      RIICHI_BOOL_FIELD(kita),
      RIICHI_BOOL_FIELD(tsumo_loss),
      RIICHI_BOOL_FIELD(red_fives),
      RIICHI_BOOL_FIELD(open_tanyao),
      Field{"renhou",
            {"none", "mangan", "yakuman"},
            [](const Rules& r) { return std::string(renhou_text(r.renhou)); },
            [](Rules& r, std::string_view v) {
              for (auto x : {RenhouValue::kNone, RenhouValue::kMangan, RenhouValue::kYakuman})
                if (v == renhou_text(x)) return r.renhou = x, true;
              return false;
            }},
      Field{"double_riichi",
            {"plus_one", "two_han"},
            [](const Rules& r) { return std::string(double_riichi_text(r.double_riichi)); },
            [](Rules& r, std::string_view v) {
              for (auto x : {DoubleRiichiStyle::kPlusOne, DoubleRiichiStyle::kTwoHan})
                if (v == double_riichi_text(x)) return r.double_riichi = x, true;
              return false;
            }},
      RIICHI_BOOL_FIELD(tsuuiisou_seven_pairs),
      RIICHI_BOOL_FIELD(ryuuiisou_needs_hatsu),
      Field{"nagashi_mangan",
            {"none", "win", "draw"},
            [](const Rules& r) { return std::string(nagashi_text(r.nagashi_mangan)); },
            [](Rules& r, std::string_view v) {
              for (auto x : {NagashiMangan::kNone, NagashiMangan::kWin, NagashiMangan::kDraw})
                if (v == nagashi_text(x)) return r.nagashi_mangan = x, true;
              return false;
            }},
      RIICHI_BOOL_FIELD(kazoe_yakuman),
      RIICHI_BOOL_FIELD(kiriage_mangan),
      RIICHI_BOOL_FIELD(double_yakuman),
      RIICHI_BOOL_FIELD(yakuman_stacking),
      Field{"double_wind_pair_fu",
            {"2", "4"},
            [](const Rules& r) { return std::to_string(r.double_wind_pair_fu); },
            [](Rules& r, std::string_view v) {
              if (v != "2" && v != "4") return false;
              r.double_wind_pair_fu = v[0] - '0';
              return true;
            }},
      Field{"ryanhan_shibari_honba",
            {},
            [](const Rules& r) { return std::to_string(r.ryanhan_shibari_honba); },
            [](Rules& r, std::string_view v) { return parse_int(v, r.ryanhan_shibari_honba); }},
      RIICHI_BOOL_FIELD(kokushi_robs_ankan),
      Field{"pao_honba",
            {"discarder", "liable"},
            [](const Rules& r) { return std::string(pao_honba_text(r.pao_honba)); },
            [](Rules& r, std::string_view v) {
              for (auto x : {PaoHonba::kDiscarder, PaoHonba::kLiable})
                if (v == pao_honba_text(x)) return r.pao_honba = x, true;
              return false;
            }},
      RIICHI_BOOL_FIELD(pao_counts_ankan),
      // the table
      RIICHI_BOOL_FIELD(kuikae_forbidden),
      RIICHI_ENUM_FIELD(temporary_furiten_end, kFuritenEndNames),
      RIICHI_BOOL_FIELD(open_kan_dora_delayed),
      RIICHI_INT_FIELD(riichi_min_points),
      RIICHI_INT_FIELD(riichi_min_live_tiles),
      RIICHI_ENUM_FIELD(kan_after_riichi, kKanAfterRiichiNames),
      RIICHI_BOOL_FIELD(sanchahou),
      RIICHI_BOOL_FIELD(head_bump),
      RIICHI_BOOL_FIELD(honba_to_every_winner),
      RIICHI_ENUM_FIELD(multi_ron_sticks, kMultiRonSticksNames),
      RIICHI_BOOL_FIELD(kyuushu_kyuuhai),
      RIICHI_BOOL_FIELD(suufon_renda),
      RIICHI_BOOL_FIELD(suukaikan),
      RIICHI_BOOL_FIELD(suucha_riichi),
      RIICHI_BOOL_FIELD(abortive_draw_dealer_repeats),
      RIICHI_BOOL_FIELD(auto_declare_tenpai),
      RIICHI_ENUM_FIELD(chombo, kChomboNames),
      RIICHI_INT_FIELD(starting_points),
      RIICHI_INT_FIELD(return_points),
      RIICHI_INT_FIELD(target_points),
      Field{"uma", {"four integers A/B/C/D, e.g. 15000/5000/-5000/-15000"}, uma_text, parse_uma},
      RIICHI_BOOL_FIELD(split_ties),
      RIICHI_BOOL_FIELD(bankruptcy),
      RIICHI_BOOL_FIELD(west_sudden_death),
      RIICHI_BOOL_FIELD(agari_yame),
      RIICHI_BOOL_FIELD(tenpai_yame),
      RIICHI_BOOL_FIELD(east_only),
      RIICHI_INT_FIELD(final_rounding),
  };
  return fields;
}

#undef RIICHI_BOOL_FIELD
#undef RIICHI_ENUM_FIELD
#undef RIICHI_INT_FIELD

std::string accepted_keys() {
  std::vector<std::string> keys;
  for (const Field& f : all_fields()) keys.push_back(f.key);
  return join(keys);
}

std::string allowed_text(const Field& f) {
  return f.allowed.empty() ? std::string("a non-negative integer") : join(f.allowed, " | ");
}

void apply_override(Rules& rules, std::string_view item) {
  const auto eq = item.find('=');
  const std::string_view key = trim(item.substr(0, eq));
  const std::string_view value = trim(item.substr(eq + 1));
  for (const Field& f : all_fields()) {
    if (key != f.key) continue;
    if (!f.set(rules, value))
      throw std::invalid_argument("rules: bad value '" + std::string(value) + "' for '" +
                                  std::string(key) + "'; accepted: " + allowed_text(f));
    return;
  }
  throw std::invalid_argument("rules: unknown key '" + std::string(key) +
                              "'; accepted keys: " + accepted_keys());
}

Rules preset_by_name(std::string_view name) {
  for (const Preset& p : kPresets)
    if (name == p.name) return p.make();
  throw std::invalid_argument("rules: unknown preset '" + std::string(name) +
                              "'; accepted presets: " + join(Rules::preset_names()) +
                              " (then ,key=value overrides; keys: " + accepted_keys() + ")");
}

}  // namespace

std::vector<std::pair<std::string, std::string>> Rules::fields() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Field& f : all_fields()) out.emplace_back(f.key, f.get(*this));
  return out;
}

Rules Rules::parse(std::string_view spec) {
  Rules rules = ema2016();
  bool first = true;
  while (true) {
    const auto comma = spec.find(',');
    const std::string_view item = trim(spec.substr(0, comma));
    if (!item.empty()) {
      if (item.find('=') != std::string_view::npos) {
        apply_override(rules, item);
      } else if (first) {
        rules = preset_by_name(item);
      } else {
        throw std::invalid_argument("rules: '" + std::string(item) +
                                    "' is not key=value (a preset name may only come first; "
                                    "presets: " +
                                    join(preset_names()) + "; keys: " + accepted_keys() + ")");
      }
    }
    first = false;
    if (comma == std::string_view::npos) break;
    spec.remove_prefix(comma + 1);
  }
  return rules;
}

std::optional<Rules> Rules::try_parse(std::string_view spec, std::string* error) {
  try {
    return parse(spec);
  } catch (const std::invalid_argument& e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
}

}  // namespace riichi
