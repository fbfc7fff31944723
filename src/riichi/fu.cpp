// Fu (minipoints), RULES.md §7.
#include "riichi/fu.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <string>

namespace riichi {

namespace {

// Where the fu go: NoItems only adds them up (the search over readings, without branches on the
// hand), Items also names each (the chosen reading). One template, so that the rules below are
// written once.
struct NoItems {
  int total = 0;
  void add_if(bool when, int fu, const char*) { total += fu & -int{when}; }
  void add_tile_if(bool when, int fu, const char*, int) { total += fu & -int{when}; }
};

struct Items {
  std::vector<FuItem>* items;
  int total = 0;
  void add_if(bool when, int fu, const char* name) {
    if (!when) return;
    total += fu;
    items->push_back(FuItem{name, fu});
  }
  // Item names stay within the short-string buffer (15 chars): no allocation per item.
  void add_tile_if(bool when, int fu, const char* name, int kind) {
    if (!when) return;
    total += fu;
    FuItem& item = items->emplace_back(FuItem{name, fu});
    item.name += ' ';
    item.name += static_cast<char>('0' + number_of(kind));
    item.name += "mpsz"[kind / 9];
  }
};

constexpr std::uint64_t kYaochuuKinds = [] {
  std::uint64_t m = 0;
  for (int k = 0; k < kNumKinds; ++k) m |= std::uint64_t{is_yaochuu(k)} << k;
  return m;
}();

// §7: pung 2/4 (simples open/concealed), doubled for terminals/honours, x4 for a kong:
// 2 << (concealed + yaochuu + 2 kong).
int set_fu(const HandSet& set) {
  const int shift = int{!set.open} + static_cast<int>(kYaochuuKinds >> set.kind & 1) +
                    2 * int{set.type == SetKind::kKong};
  return 2 << shift;
}

// "closed_pung", "open_kong", ... (the tile, appended, shows simple / terminal / honour).
const char* set_fu_name(const HandSet& set) {
  if (set.type == SetKind::kKong) return set.open ? "open_kong" : "closed_kong";
  return set.open ? "open_pung" : "closed_pung";
}

// §7: dragon, seat wind, prevalent wind pair; a double-wind pair gives double_wind_pair_fu.
template <typename Sink>
void pair_fu(const Reading& r, const WinContext& ctx, const Rules& rules, Sink& out) {
  const int k = r.pair;
  const bool seat = k == kEast + ctx.seat;
  const bool round = k == kEast + ctx.round_wind;
  out.add_tile_if(is_dragon(k), 2, "pair_dragon", k);
  out.add_tile_if(seat && round, rules.double_wind_pair_fu, "pair_double", k);
  out.add_tile_if(seat != round, 2, seat ? "pair_seat" : "pair_round", k);
}

// §7: 2 for a kanchan, penchan or tanki wait (none for ryanmen and shanpon).
constexpr const char* kWaitFuNames[kNumWaitShapes] = {
    nullptr, "kanchan_wait", "penchan_wait", nullptr, "tanki_wait", nullptr, nullptr, nullptr};

// §7: the fu of the sets and of the pair; `kBeforeWin`: a pung completed by ron counted as
// concealed (sets_fu).
template <bool kBeforeWin, typename Sink>
void sets_and_pair_fu(const Reading& r, const WinContext& ctx, const Rules& rules, Sink& out) {
  for (int i = 0; i < r.num_sets; ++i) {
    HandSet set = r.sets[i];
    if (kBeforeWin) set.open &= set.melded;
    out.add_tile_if(set.type != SetKind::kChow, set_fu(set), set_fu_name(set), set.kind);
  }
  pair_fu(r, ctx, rules, out);
}

// `add_sets(out)` adds the fu of the sets and the pair.
template <typename Sink, typename SetsFu>
FuResult fu_of(const Reading& r, bool pinfu, Sink& out, SetsFu&& add_sets) {
  if (r.shape == Shape::kChiitoitsu) {  // §7: 25 flat, nothing added, no rounding
    out.add_if(true, 25, "chiitoitsu");
    return {25, 25};
  }
  out.add_if(true, 20, "base");
  out.add_if(r.menzen && !r.tsumo, 10, "menzen_ron");
  if (r.shape == Shape::kKokushi) {
    out.add_if(r.tsumo, 2, "tsumo");
    return {out.total, (out.total + 9) / 10 * 10};
  }
  // §7: tsumo +2 except with pinfu (closed pinfu tsumo = 20 fu).
  out.add_if(r.tsumo && !pinfu, 2, "tsumo");
  add_sets(out);
  const char* wait = kWaitFuNames[static_cast<int>(r.wait)];
  out.add_if(wait != nullptr, 2, wait);
  // §7: an open hand with no other fu won by ron gets 2 (22 -> 30); 20-fu ron does not exist.
  out.add_if(!r.menzen && !r.tsumo && out.total == 20, 2, "open_pinfu");
  return {out.total, (out.total + 9) / 10 * 10};
}

}  // namespace

FuResult compute_fu(const Reading& r, const WinContext& ctx, bool pinfu, const Rules& rules,
                    std::vector<FuItem>* items) {
  if (items == nullptr) {
    NoItems sum;
    return fu_of(r, pinfu, sum, [&](NoItems& out) { sets_and_pair_fu<false>(r, ctx, rules, out); });
  }
  Items named{items};
  return fu_of(r, pinfu, named, [&](Items& out) { sets_and_pair_fu<false>(r, ctx, rules, out); });
}

int sets_fu(const Reading& r, const WinContext& ctx, const Rules& rules) {
  if (r.shape != Shape::kStandard) return 0;
  // Each set as one word of HandSet's bytes: type, kind, open, melded.
  static_assert(sizeof(HandSet) == 4 && std::endian::native == std::endian::little);
  int total = 0;
  for (int i = 0; i < r.num_sets; ++i) {
    std::uint32_t word;
    std::memcpy(&word, &r.sets[i], sizeof word);
    const std::uint32_t declared_open = (word & 0x01010000u) == 0x01010000u;
    const auto yaochuu = static_cast<std::uint32_t>(kYaochuuMask >> (word >> 8 & 0xFFu) & 1);
    total += fu_parts::kSetFu[(word & 3u) | declared_open << 2 | yaochuu << 3];
  }
  return total + fu_parts::pair_fu(r.pair, ctx, rules);
}

FuResult finish_fu(int sets, const Reading& r, bool pinfu) {
  NoItems sum;
  return fu_of(r, pinfu, sum, [&](NoItems& out) {
    out.total += sets;
    if (r.completed < 0) return;
    const HandSet& done = r.sets[r.completed];
    if (!done.is_triplet() || !done.open || done.melded) return;
    HandSet concealed = done;  // §7: a pung completed by ron scores as an open one, and
    concealed.open = false;    // sets_fu counted it as concealed
    out.total += set_fu(done) - set_fu(concealed);
  });
}

}  // namespace riichi
