#include "eval/danger.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace riichi::eval {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One two-sided wait through a suited kind: its other wait and the two kinds it is made of.
struct Side {
  int other;
  int a, b;
};

void side_state(const TableReading& t, const OpponentReading& o, const Side& s, bool& suji,
                bool& wall, bool& one_chance) {
  suji = (o.genbutsu & kind_bit(s.other)) != 0;
  const int va = t.visible[at(s.a)], vb = t.visible[at(s.b)];
  wall = va >= 4 || vb >= 4;
  one_chance = va >= 3 || vb >= 3;
}

SafetyClass suited_class(const TableReading& t, const OpponentReading& o, int kind) {
  const int n = number_of(kind);
  std::array<Side, 2> sides{};
  int num = 0;
  if (n <= 6) sides[at(num++)] = {kind + 3, kind + 1, kind + 2};
  if (n >= 4) sides[at(num++)] = {kind - 3, kind - 2, kind - 1};
  int closed = 0, by_wall_only = 0, one_chance = 0;
  for (int i = 0; i < num; ++i) {
    bool suji, wall, one;
    side_state(t, o, sides[at(i)], suji, wall, one);
    if (suji || wall) ++closed;
    if (wall && !suji) ++by_wall_only;
    if (one) ++one_chance;
  }
  if (closed == num) return by_wall_only > 0 ? SafetyClass::kNoChance : SafetyClass::kSuji;
  if (closed > 0) return SafetyClass::kHalfSuji;
  return one_chance == num ? SafetyClass::kOneChance : SafetyClass::kNonSuji;
}

bool outside_early(const OpponentReading& o, int kind) {
  const int n = number_of(kind), base = kind / 9 * 9;
  if (n < 5) {
    for (int m = n + 1; m <= 5; ++m)
      if (o.early_tedashi & kind_bit(base + m - 1)) return true;
  } else if (n > 5) {
    for (int m = 5; m < n; ++m)
      if (o.early_tedashi & kind_bit(base + m - 1)) return true;
  }
  return false;
}

const char* wind_name(int seat_wind) {
  static const char* const kNames[4] = {"East", "South", "West", "North"};
  return kNames[seat_wind & 3];
}

}  // namespace

std::string percent_text(double p) {
  char buf[32];
  const double pct = 100 * p;
  if (pct > 0 && pct < 9.95)
    std::snprintf(buf, sizeof buf, "%.1f%%", pct);
  else
    std::snprintf(buf, sizeof buf, "%.0f%%", pct);
  return buf;
}

const char* safety_class_name(SafetyClass c) {
  switch (c) {
    case SafetyClass::kGenbutsu:
      return "genbutsu";
    case SafetyClass::kHonor:
      return "honour";
    case SafetyClass::kSuji:
      return "suji";
    case SafetyClass::kNoChance:
      return "no-chance";
    case SafetyClass::kHalfSuji:
      return "half-suji";
    case SafetyClass::kOneChance:
      return "one-chance";
    case SafetyClass::kNonSuji:
      return "non-suji";
  }
  return "?";
}

TileSafety read_safety(const TableReading& t, const OpponentReading& o, int kind) {
  TileSafety s;
  s.visible = t.visible[at(kind)];
  s.dora = t.dora[at(kind)] > 0;
  if (is_suited(kind)) {
    const int n = number_of(kind);
    s.near_dora = (n > 1 && t.dora[at(kind - 1)]) || (n < 9 && t.dora[at(kind + 1)]);
    s.riichi_suji = (o.riichi_suji & kind_bit(kind)) != 0;
    s.early_outside = outside_early(o, kind);
  } else {
    s.value_honor = (o.value_honors & kind_bit(kind)) != 0;
  }
  if (o.genbutsu & kind_bit(kind))
    s.cls = SafetyClass::kGenbutsu;
  else if (is_honor(kind))
    s.cls = SafetyClass::kHonor;
  else
    s.cls = suited_class(t, o, kind);
  return s;
}

int DangerReport::worst_opponent(int kind) const {
  int best = 0;
  for (int i = 1; i < 3; ++i)
    if (opponents[at(i)].tiles[at(kind)].loss > opponents[at(best)].tiles[at(kind)].loss) best = i;
  return best;
}

void assess_danger(const Observation& obs, const Rules& rules, DangerReport& out,
                   const DangerParams& params) {
  TableReading t;
  read_table(obs, rules, t);
  assess_danger(t, rules, out, params);
}

void assess_danger(const TableReading& t, const Rules& rules, DangerReport& out,
                   const DangerParams& params) {
  out.seat = t.seat;
  out.deal_in.fill(0);
  out.loss.fill(0);
  std::array<double, kNumKinds> safe{};
  safe.fill(1.0);
  ShapeSet shapes;
  std::array<float, kNumKinds> wins{};
  for (int i = 0; i < 3; ++i) {
    const OpponentReading& o = t.opponents[at(i)];
    OpponentDanger& od = out.opponents[at(i)];
    od.seat = o.seat;
    od.seat_wind = o.seat_wind;
    od.riichi = o.riichi;
    od.open = o.open;
    if (!o.present) {  // the empty seat of a three-player table: no hand, no danger
      od.tenpai = 0;
      od.tiles.fill(TileDanger{});
      continue;
    }
    od.tenpai = o.riichi ? 1.0f : static_cast<float>(tenpai_probability(t, o, params.tenpai));
    live_shapes(t, o, shapes);
    wait_probabilities(shapes, params.wait, wins);
    std::array<float, 5> value{};  // by the dora count of the tile itself
    ron_values(t, o, rules, params.value, value);
    for (int k = 0; k < kNumKinds; ++k) {
      TileDanger& td = od.tiles[at(k)];
      td.deal_in = od.tenpai * wins[at(k)];
      td.value = value[at(std::min<int>(t.dora[at(k)], 4))];
      td.loss = td.deal_in * td.value;
      td.safety = read_safety(t, o, k);
      safe[at(k)] *= 1.0 - td.deal_in;
      out.loss[at(k)] += td.loss;
    }
  }
  for (int k = 0; k < kNumKinds; ++k) out.deal_in[at(k)] = static_cast<float>(1.0 - safe[at(k)]);
}

DangerReport assess_danger(const Observation& obs, const Rules& rules, const DangerParams& params) {
  DangerReport r;
  assess_danger(obs, rules, r, params);
  return r;
}

std::string danger_reason(const OpponentDanger& o, int kind) {
  const TileDanger& td = o.tiles[at(kind)];
  const TileSafety& s = td.safety;
  std::string out = safety_class_name(s.cls);
  out += ' ';
  out += kind_to_string(kind);
  std::string notes;
  auto note = [&](const char* text) {
    if (!notes.empty()) notes += ", ";
    notes += text;
  };
  if (s.cls == SafetyClass::kHonor) {
    notes = std::to_string(s.visible) + " seen";
    if (s.value_honor) note("its yakuhai");
  }
  if (s.cls != SafetyClass::kGenbutsu) {
    if (s.dora) note("dora");
    if (s.near_dora) note("next to dora");
    if (s.riichi_suji) note("suji of the riichi tile");
    if (s.early_outside) note("outside an early discard");
  }
  if (!notes.empty()) out += " (" + notes + ")";
  out += " against ";
  out += wind_name(o.seat_wind);
  out += o.riichi ? "'s riichi: " : o.open ? "'s open hand: " : "'s closed hand: ";
  out += percent_text(td.deal_in);
  return out;
}

std::string danger_reason(const DangerReport& r, int kind) {
  return danger_reason(r.opponents[at(r.worst_opponent(kind))], kind);
}

}  // namespace riichi::eval
