#include "eval/danger_model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "riichi/score.hpp"

namespace riichi::eval {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }
constexpr std::uint32_t flag(ShapeFlag f) { return std::uint32_t{1} << f; }

std::array<ShapeDef, kNumShapes> build_shapes() {
  std::array<ShapeDef, kNumShapes> t{};
  int n = 0;
  auto seq = [&](ShapeType type, int a, int b, int w1, int w2) {
    ShapeDef& s = t[at(n++)];
    s.type = type;
    s.num_used = 2;
    s.used = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
    s.num_waits = w2 < 0 ? 1 : 2;
    s.waits = {static_cast<std::uint8_t>(w1), static_cast<std::uint8_t>(w2 < 0 ? w1 : w2)};
  };
  for (int suit = 0; suit < 3; ++suit) {
    const int b = suit * 9;  // kind of the 1
    for (int i = 1; i <= 6; ++i) seq(kShapeRyanmen, b + i, b + i + 1, b + i - 1, b + i + 2);
    for (int i = 0; i <= 6; ++i) seq(kShapeKanchan, b + i, b + i + 2, b + i + 1, -1);
    seq(kShapePenchan, b, b + 1, b + 2, -1);
    seq(kShapePenchan, b + 7, b + 8, b + 6, -1);
  }
  for (int pair = 0; pair < 2; ++pair)
    for (int k = 0; k < kNumKinds; ++k) {
      ShapeDef& s = t[at(n++)];
      const bool single = pair == 1;
      s.type = is_honor(k)      ? (single ? kShapeTankiGuest : kShapeShanponGuest)
               : is_terminal(k) ? (single ? kShapeTankiTerminal : kShapeShanponTerminal)
                                : (single ? kShapeTankiSimple : kShapeShanponSimple);
      s.num_used = 1;
      s.used = {static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(k)};
      s.num_waits = 1;
      s.waits = s.used;
      s.honor_kind = static_cast<std::uint8_t>(k);
    }
  return t;
}

bool is_sequence(ShapeType t) { return t <= kShapePenchan; }
bool is_single(ShapeType t) { return t >= kShapeTankiSimple; }
bool is_honor_type(ShapeType t) {
  return t == kShapeShanponGuest || t == kShapeShanponValue || t == kShapeTankiGuest ||
         t == kShapeTankiValue;
}

// Flags that depend on the opponent only (applied to every shape that is not ryanmen).
std::uint32_t bad_shape_flags(const OpponentReading& o) {
  std::uint32_t f = 0;
  const int turn = o.riichi ? o.riichi_index : o.discards;
  if (turn >= 12) f |= flag(kFlagLateBad);
  if (o.riichi && !o.riichi_tsumogiri && o.riichi_kind >= 0 && is_yaochuu(o.riichi_kind))
    f |= flag(kFlagYaochuuRiichi);
  if (o.chasing_riichi) f |= flag(kFlagChasingBad);
  if (o.riichi && o.riichi_tsumogiri) f |= flag(kFlagTsumogiriRiichi);
  return f;
}

std::uint32_t shape_flags(const TableReading& t, const OpponentReading& o, const ShapeDef& d,
                          std::uint64_t used, std::uint64_t waits, std::uint32_t bad) {
  std::uint32_t f = 0;
  if (is_sequence(d.type)) {
    if (used & o.early_tedashi) f |= flag(kFlagEarlyTedashi);
    if (used & o.late_tedashi) f |= flag(kFlagLateTedashi);
    if (used & o.tsumogiri_pre) f |= flag(kFlagTsumogiriPre);
    if (o.riichi_kind >= 0 && !o.riichi_tsumogiri && (used & kind_bit(o.riichi_kind)))
      f |= flag(kFlagRiichiMatagi);
    if (used & t.dora_kinds) f |= flag(kFlagDoraSequence);
    for (int i = 0; i < 2; ++i) {
      const int k = d.used[at(i)];
      if (is_five(k) && (o.red_discarded >> (k / 9) & 1)) f |= flag(kFlagRedDiscarded);
      if (is_five(k) && (t.red_unseen_suits >> (k / 9) & 1)) f |= flag(kFlagRedFive);
    }
  } else {
    if (waits & t.dora_kinds) f |= flag(kFlagDoraPair);
    if (o.open) f |= flag(kFlagOpenPair);
    if (o.open && o.all_pungs && o.melds >= 2) f |= flag(kFlagOpenPungs);
  }
  if (d.type != kShapeRyanmen) {
    f |= bad;
    if (waits & o.riichi_suji)
      f |= flag(kFlagRiichiSuji);
    else if (waits & o.suji_of_discards)
      f |= flag(kFlagSujiTrap);
  }
  if (o.open && o.all_simples && o.value_pungs == 0 && ((used | waits) & kYaochuuMask))
    f |= flag(kFlagTanyaoOff);
  const int k0 = d.used[0];
  if (o.open && o.melds >= 2 && is_suited(k0) && std::popcount(o.meld_suits) == 1 &&
      !(o.meld_suits >> (k0 / 9) & 1))
    f |= flag(kFlagOffSuit);
  return f;
}

int combos(const TableReading& t, const ShapeDef& d) {
  const int a = t.unseen[d.used[0]];
  if (is_sequence(d.type)) return a * t.unseen[d.used[1]];
  if (is_single(d.type)) return a;
  return a * (a - 1) / 2;
}

// Ron payment for (fractional) han at `fu`, interpolated between whole han.
double payment(double han, int fu, bool dealer, int honba, const Rules& rules) {
  auto whole = [&](int h) {
    if (h < 1) h = 1;
    const int basic = basic_points(h, fu, rules);
    return static_cast<double>(round_up_100(basic * (dealer ? 6 : 4)));
  };
  const int lo = static_cast<int>(std::floor(han));
  const double frac = han - lo;
  return (1 - frac) * whole(lo) + frac * whole(lo + 1) + 300.0 * honba;
}

// exp(log_weight) as a product of tabulated factors (exp is the cost of the evaluation).
constexpr int kMaxCombos = 16;     // 4 x 4 for a sequence
constexpr int kMaxSuitCount = 24;  // more tedashi in one suit than a hand has discards
const std::array<float, kMaxCombos + 1> kLogCombos = [] {
  std::array<float, kMaxCombos + 1> a{};
  for (int c = 1; c <= kMaxCombos; ++c) a[at(c)] = std::log(static_cast<float>(c));
  return a;
}();

struct WeightTables {
  std::array<double, kNumWaitParams> key{};
  // bias and combos^gamma per type, by combos
  std::array<std::array<double, kMaxCombos + 1>, kNumShapeTypes> combos{};
  std::array<double, kMaxSuitCount + 1> suit{};
  std::array<double, kNumShapeFlags> flag{};
};

const WeightTables& weight_tables(const std::array<double, kNumWaitParams>& w) {
  thread_local WeightTables t;
  thread_local bool ready = false;
  if (ready && t.key == w) return t;
  t.key = w;
  for (int type = 0; type < kNumShapeTypes; ++type)
    for (int c = 1; c <= kMaxCombos; ++c) {
      ShapeTerm s;
      s.type = static_cast<ShapeType>(type);
      s.log_combos = kLogCombos[at(c)];
      t.combos[at(type)][at(c)] = std::exp(log_weight(s, w));
    }
  for (int n = 0; n <= kMaxSuitCount; ++n) t.suit[at(n)] = std::exp(w[kSuitDiscards] * (n / 4.0f));
  for (int f = 0; f < kNumShapeFlags; ++f) t.flag[at(f)] = std::exp(w[at(kFlagFirst + f)]);
  ready = true;
  return t;
}

}  // namespace

const std::array<ShapeDef, kNumShapes>& shape_table() {
  static const std::array<ShapeDef, kNumShapes> table = build_shapes();
  return table;
}

void live_shapes(const TableReading& t, const OpponentReading& o, ShapeSet& out) {
  out.size = 0;
  const int draws = o.riichi && o.riichi_index >= 0 ? o.discards - 1 - o.riichi_index : 0;
  out.miss_scale = t.unseen_total > 0 ? static_cast<float>(draws) / t.unseen_total : 0.0f;
  const auto& table = shape_table();
  const std::uint32_t bad = bad_shape_flags(o);
  for (int i = 0; i < kNumShapes; ++i) {
    const ShapeDef& d = table[at(i)];
    const std::uint64_t waits = kind_bit(d.waits[0]) | kind_bit(d.waits[1]);
    if (waits & o.genbutsu) continue;
    const int c = combos(t, d);
    if (c <= 0) continue;
    const std::uint64_t used = kind_bit(d.used[0]) | kind_bit(d.used[1]);
    ShapeTerm& s = out.terms[at(out.size++)];
    s.shape = static_cast<std::uint8_t>(i);
    s.type = d.type;
    if (is_honor_type(d.type) && (o.value_honors & kind_bit(d.honor_kind)))
      s.type = is_single(d.type) ? kShapeTankiValue : kShapeShanponValue;
    s.combos = static_cast<std::uint8_t>(c);
    s.log_combos = kLogCombos[at(c)];
    s.suit_count = is_suited(d.used[0]) ? o.suit_tedashi[at(d.used[0] / 9)] : 0;
    s.suit_discards = s.suit_count / 4.0f;
    int live = t.unseen[d.waits[0]];
    if (d.num_waits == 2) live += t.unseen[d.waits[1]];
    s.live_waits = static_cast<std::uint8_t>(live);
    s.tsumo_misses = out.miss_scale * live;
    s.flags = shape_flags(t, o, d, used, waits, bad);
  }
}

double log_weight(const ShapeTerm& s, const std::array<double, kNumWaitParams>& w) {
  const ShapeType type = s.type;
  double x = w[at(bias_param(type))];
  const double lc = s.log_combos;
  if (is_sequence(type))
    x += w[kGammaSequence] * lc;
  else
    x += (is_single(type) ? w[kGammaSingle] : w[kGammaPair]) * lc +
         (is_honor_type(type) ? w[kGammaHonor] * lc : 0.0);
  x += w[kSuitDiscards] * s.suit_discards + w[kTsumoMisses] * s.tsumo_misses;
  for (std::uint32_t f = s.flags; f; f &= f - 1) x += w[at(kFlagFirst + std::countr_zero(f))];
  return x;
}

void wait_probabilities(const ShapeSet& shapes, const std::array<double, kNumWaitParams>& w,
                        std::array<float, kNumKinds>& out) {
  const WeightTables& f = weight_tables(w);
  std::array<double, 9> miss{};  // by live copies (0..8)
  for (int l = 0; l < 9; ++l) miss[at(l)] = std::exp(w[kTsumoMisses] * shapes.miss_scale * l);
  std::array<double, kNumKinds> mass{};
  double total = 0;
  const auto& table = shape_table();
  for (int i = 0; i < shapes.size; ++i) {
    const ShapeTerm& s = shapes.terms[at(i)];
    double weight = f.combos[s.type][std::min<int>(s.combos, kMaxCombos)] *
                    f.suit[std::min<int>(s.suit_count, kMaxSuitCount)] *
                    miss[std::min<int>(s.live_waits, 8)];
    for (std::uint32_t b = s.flags; b; b &= b - 1) weight *= f.flag[at(std::countr_zero(b))];
    total += weight;
    const ShapeDef& d = table[s.shape];
    mass[d.waits[0]] += weight;
    if (d.num_waits == 2) mass[d.waits[1]] += weight;
  }
  const double scale = total > 0 ? std::exp(w[kLogMass]) / total : 0.0;
  for (int k = 0; k < kNumKinds; ++k)
    out[at(k)] = static_cast<float>(-std::expm1(-scale * mass[at(k)]));
}

std::array<double, kNumTenpaiParams> tenpai_features(const TableReading& t,
                                                     const OpponentReading& o) {
  std::array<double, kNumTenpaiParams> x{};
  x[kTenpaiBias] = 1;
  if (o.melds >= 1) x[at(kTenpaiMelds1 + std::min(o.melds, 4) - 1)] = 1;
  x[kTenpaiTurn] = o.discards / 6.0;
  x[kTenpaiTurnOpen] = o.open ? o.discards / 6.0 : 0.0;
  x[kTenpaiTurnMelds] = o.discards / 6.0 * o.melds / 4.0;
  x[kTenpaiTurnSquared] = o.discards / 6.0 * o.discards / 6.0;
  x[kTenpaiTsumogiri] = std::min(o.tsumogiri_streak, 4) / 4.0;
  x[kTenpaiLastMiddle] = o.last_tedashi_middle ? 1 : 0;
  x[kTenpaiValueCut] = o.recent_value_cut ? 1 : 0;
  const double late = std::clamp(1.0 - t.live_tiles_left / 70.0, 0.0, 1.0);
  x[kTenpaiLiveLow] = late * late;
  x[kTenpaiFacingRiichi] = o.facing_riichi ? 1 : 0;
  x[kTenpaiPushes] = std::min(o.pushes, 3) / 3.0;
  x[kTenpaiPushesDrawn] = std::min(o.pushes_drawn, 3) / 3.0;
  x[kTenpaiJustCalled] = o.discards_since_call >= 0 && o.discards_since_call <= 1 ? 1 : 0;
  x[kTenpaiMeldValue] = std::min(o.meld_dora + o.value_pungs, 3) / 3.0;
  return x;
}

double tenpai_probability(const TableReading& t, const OpponentReading& o,
                          const std::array<double, kNumTenpaiParams>& beta) {
  const auto x = tenpai_features(t, o);
  double z = 0;
  for (int i = 0; i < kNumTenpaiParams; ++i) z += beta[at(i)] * x[at(i)];
  return 1 / (1 + std::exp(-z));
}

namespace {

// The value model's pieces for one opponent: base han (without the winning tile's own dora),
// the expected hidden dora (Poisson mean), fu, dealer.
struct ValueSetup {
  double han = 0;
  double lambda = 0;
  int fu = 30;
  bool dealer = false;
};

ValueSetup value_setup(const TableReading& t, const OpponentReading& o,
                       const std::array<double, kNumValueParams>& v) {
  ValueSetup s;
  s.han = o.riichi ? v[kValueRiichiHan]
          : o.open ? v[kValueOpenHan] + o.value_pungs
                   : v[kValueDamaHan];
  s.han += o.meld_dora;
  double dora_tiles = t.unseen_red;
  for (int k = 0; k < kNumKinds; ++k) dora_tiles += t.dora[at(k)] * t.unseen[at(k)];
  s.lambda =
      t.unseen_total > 0 ? v[kValueHiddenDora] * o.concealed * dora_tiles / t.unseen_total : 0.0;
  if (o.riichi) s.lambda += v[kValueUraPerIndicator] * t.indicators;
  s.fu = std::max(20, static_cast<int>(std::lround(v[kValueFu] / 10)) * 10);
  s.dealer = o.seat_wind == 0;
  return s;
}

// E[payment(han + J)], J ~ Poisson(lambda), to 12 extra han (beyond: sanbaiman at most).
double expected_payment(const ValueSetup& s, double han, int honba, const Rules& rules) {
  double p = std::exp(-s.lambda), sum = 0, mass = 0;
  for (int j = 0; j <= 12; ++j) {
    sum += p * payment(han + j, s.fu, s.dealer, honba, rules);
    mass += p;
    p *= s.lambda / (j + 1);
  }
  return mass > 0 ? sum / mass : payment(han, s.fu, s.dealer, honba, rules);
}

}  // namespace

double ron_value(const TableReading& t, const OpponentReading& o, int tile_dora, const Rules& rules,
                 const std::array<double, kNumValueParams>& v) {
  const ValueSetup s = value_setup(t, o, v);
  return expected_payment(s, s.han + tile_dora, t.honba, rules);
}

void ron_values(const TableReading& t, const OpponentReading& o, const Rules& rules,
                const std::array<double, kNumValueParams>& v, std::array<float, 5>& out) {
  const ValueSetup s = value_setup(t, o, v);
  for (int d = 0; d < 5; ++d)
    out[at(d)] = static_cast<float>(expected_payment(s, s.han + d, t.honba, rules));
}

const char* wait_param_name(int i) {
  static const char* const kBias[kNumShapeTypes] = {
      "bias_ryanmen",          "bias_kanchan",       "bias_penchan",       "bias_shanpon_simple",
      "bias_shanpon_terminal", "bias_shanpon_guest", "bias_shanpon_value", "bias_tanki_simple",
      "bias_tanki_terminal",   "bias_tanki_guest",   "bias_tanki_value"};
  static const char* const kFlags[kNumShapeFlags] = {
      "early_tedashi",    "late_tedashi",  "tsumogiri_pre", "riichi_matagi",  "riichi_suji",
      "suji_trap",        "dora_sequence", "dora_pair",     "red_discarded",  "off_suit",
      "open_pungs",       "open_pair",     "late_bad",      "yaochuu_riichi", "chasing_bad",
      "tsumogiri_riichi", "tanyao_off",    "red_five"};
  if (i >= kBiasFirst && i < kGammaSequence) return kBias[i - kBiasFirst];
  if (i >= kFlagFirst && i < kLogMass) return kFlags[i - kFlagFirst];
  switch (i) {
    case kGammaSequence:
      return "gamma_sequence";
    case kGammaPair:
      return "gamma_pair";
    case kGammaSingle:
      return "gamma_single";
    case kGammaHonor:
      return "gamma_honor";
    case kSuitDiscards:
      return "suit_discards";
    case kTsumoMisses:
      return "tsumo_misses";
    case kLogMass:
      return "log_mass";
    default:
      return "?";
  }
}

const char* tenpai_param_name(int i) {
  static const char* const kNames[kNumTenpaiParams] = {"bias",
                                                       "melds1",
                                                       "melds2",
                                                       "melds3",
                                                       "melds4",
                                                       "turn",
                                                       "turn_open",
                                                       "turn_melds",
                                                       "turn_squared",
                                                       "tsumogiri_streak",
                                                       "last_tedashi_middle",
                                                       "value_cut",
                                                       "live_low",
                                                       "facing_riichi",
                                                       "pushes",
                                                       "pushes_drawn",
                                                       "just_called",
                                                       "meld_value"};
  return i >= 0 && i < kNumTenpaiParams ? kNames[i] : "?";
}

const char* value_param_name(int i) {
  static const char* const kNames[kNumValueParams] = {
      "riichi_han", "open_han", "dama_han", "ura_per_indicator", "hidden_dora", "fu"};
  return i >= 0 && i < kNumValueParams ? kNames[i] : "?";
}

}  // namespace riichi::eval
