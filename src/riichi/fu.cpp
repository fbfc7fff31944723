// Fu (minipoints), RULES.md §7.
#include "riichi/fu.hpp"

#include <string>

namespace riichi {

namespace {

void add(std::vector<FuItem>* items, int& total, int fu, const char* name) {
  total += fu;
  if (items) items->push_back(FuItem{name, fu});
}

// Item names stay within the short-string buffer (15 chars): no allocation per item.
void add_tile(std::vector<FuItem>* items, int& total, int fu, const char* name, int kind) {
  total += fu;
  if (!items) return;
  FuItem& item = items->emplace_back(FuItem{name, fu});
  item.name += ' ';
  item.name += static_cast<char>('0' + number_of(kind));
  item.name += "mpsz"[kind / 9];
}

// §7: pung 2/4 (simples open/concealed), doubled for terminals/honours, x4 for a kong.
int set_fu(const HandSet& set) {
  int fu = 2;
  if (!set.open) fu *= 2;
  if (is_yaochuu(set.kind)) fu *= 2;
  if (set.type == SetKind::kKong) fu *= 4;
  return fu;
}

// "closed_pung", "open_kong", ... (the tile, appended, shows simple / terminal / honour).
const char* set_fu_name(const HandSet& set) {
  if (set.type == SetKind::kKong) return set.open ? "open_kong" : "closed_kong";
  return set.open ? "open_pung" : "closed_pung";
}

// §7: dragon, seat wind, prevalent wind pair; a double-wind pair gives double_wind_pair_fu.
void pair_fu(const Reading& r, const WinContext& ctx, const Rules& rules,
             std::vector<FuItem>* items, int& total) {
  const int k = r.pair;
  const bool seat = k == kEast + ctx.seat;
  const bool round = k == kEast + ctx.round_wind;
  if (is_dragon(k)) add_tile(items, total, 2, "pair_dragon", k);
  if (seat && round) {
    add_tile(items, total, rules.double_wind_pair_fu, "pair_double", k);
  } else if (seat) {
    add_tile(items, total, 2, "pair_seat", k);
  } else if (round) {
    add_tile(items, total, 2, "pair_round", k);
  }
}

void wait_fu(const Reading& r, std::vector<FuItem>* items, int& total) {
  switch (r.wait) {
    case WaitShape::kKanchan:
      add(items, total, 2, "kanchan_wait");
      break;
    case WaitShape::kPenchan:
      add(items, total, 2, "penchan_wait");
      break;
    case WaitShape::kTanki:
      add(items, total, 2, "tanki_wait");
      break;
    default:
      break;  // ryanmen and shanpon give no wait fu
  }
}

}  // namespace

FuResult compute_fu(const Reading& r, const WinContext& ctx, bool pinfu, const Rules& rules,
                    std::vector<FuItem>* items) {
  int total = 0;
  if (r.shape == Shape::kChiitoitsu) {  // §7: 25 flat, nothing added, no rounding
    add(items, total, 25, "chiitoitsu");
    return {25, 25};
  }
  add(items, total, 20, "base");
  if (r.menzen && !r.tsumo) add(items, total, 10, "menzen_ron");
  if (r.shape == Shape::kKokushi) {
    if (r.tsumo) add(items, total, 2, "tsumo");
    return {total, (total + 9) / 10 * 10};
  }
  // §7: tsumo +2 except with pinfu (closed pinfu tsumo = 20 fu).
  if (r.tsumo && !pinfu) add(items, total, 2, "tsumo");
  for (int i = 0; i < r.num_sets; ++i) {
    const HandSet& set = r.sets[i];
    if (set.type == SetKind::kChow) continue;
    if (items)
      add_tile(items, total, set_fu(set), set_fu_name(set), set.kind);
    else
      total += set_fu(set);
  }
  pair_fu(r, ctx, rules, items, total);
  wait_fu(r, items, total);
  // §7: an open hand with no other fu won by ron gets 2 (22 -> 30); 20-fu ron does not exist.
  if (!r.menzen && !r.tsumo && total == 20) add(items, total, 2, "open_pinfu");
  return {total, (total + 9) / 10 * 10};
}

}  // namespace riichi
