// Presets (RULES.md §9) and the "PRESET,key=value" override syntax.
#include "riichi/rules.hpp"

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
  return r;
}

std::vector<std::string> Rules::preset_names() { return {"ema2016", "ema2008", "tenhou"}; }

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
  };
  return fields;
}

#undef RIICHI_BOOL_FIELD

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
  if (name == "ema2016") return Rules::ema2016();
  if (name == "ema2008") return Rules::ema2008();
  if (name == "tenhou") return Rules::tenhou();
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
