// Fu (minipoints), RULES.md §7.
#include "riichi/fu.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <string>

namespace riichi {

namespace {

using fu_parts::fu_of;
using fu_parts::NoItems;
using fu_parts::set_fu;

// The named fu (the chosen reading); fu_parts::NoItems only adds them up.
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

// "closed_pung", "open_kong", ... (the tile, appended, shows simple / terminal / honour).
const char* set_fu_name(const HandSet& set) {
  if (set.type == SetKind::kKong) return set.open ? "open_kong" : "closed_kong";
  return set.open ? "open_pung" : "closed_pung";
}

// §7: the fu of the sets and of the pair; `kBeforeWin`: a pung completed by ron counted as
// concealed (sets_fu).
template <bool kBeforeWin, typename Sink>
void sets_and_pair_fu(const Reading& r, const WinContext& ctx, const Rules& rules, Sink& out) {
  for (int i = 0; i < r.num_sets; ++i) {
    HandSet set = r.sets[i];
    if (kBeforeWin) set.open &= set.melded;
    out.add_tile_if(set.type != SetKind::kChow, set_fu(set), set_fu_name(set), set.kind);
  }
  fu_parts::add_pair_fu(r.pair, ctx, rules, out);
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
  return fu_parts::finish_fu_of(sets, r, pinfu);
}

}  // namespace riichi
