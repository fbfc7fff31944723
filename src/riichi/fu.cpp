// Fu (minipoints), RULES.md §7.
#include "riichi/fu.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>
#include <string_view>

namespace riichi {

namespace {

using fu_parts::fu_of;
using fu_parts::NoItems;
using fu_parts::set_fu;

// The named fu (the chosen reading); fu_parts::NoItems only adds them up. Each item is built
// once in place (its name's length known: no strlen, no append one character at a time).
struct Items {
  std::vector<FuItem>* items;
  int total = 0;
  // (Inlined: the names are literals, and their lengths constants.)
  [[gnu::always_inline]] void add_if(bool when, int fu, std::string_view name) {
    if (!when) return;
    total += fu;
    items->push_back(FuItem{std::string(name), fu});
  }
  // "closed_pung 5m": the name and its tile, within the short-string buffer (15 chars): no
  // allocation per item.
  [[gnu::always_inline]] void add_tile_if(bool when, int fu, std::string_view name, int kind) {
    if (!when) return;
    total += fu;
    std::array<char, 16> text;
    // (The names are at most 12 characters; a longer one would be cut, never overflow.)
    const std::size_t n = std::min(name.size(), text.size() - 3);
    std::memcpy(text.data(), name.data(), n);
    text[n] = ' ';
    text[n + 1] = static_cast<char>('0' + number_of(kind));
    text[n + 2] = "mpsz"[kind / 9];
    items->push_back(FuItem{std::string(text.data(), n + 3), fu});
  }
};

// §7: the fu of the sets and of the pair; `kBeforeWin`: a pung completed by ron counted as
// concealed (sets_fu).
template <bool kBeforeWin, typename Sink>
void sets_and_pair_fu(const Reading& r, const WinContext& ctx, const Rules& rules, Sink& out) {
  for (int i = 0; i < r.num_sets; ++i) {
    HandSet set = r.sets[i];
    if (kBeforeWin) set.open &= set.melded;
    if (set.type == SetKind::kChow) continue;
    // "closed_pung", "open_kong", ... (the tile, appended, shows simple / terminal / honour),
    // each name a literal of its own.
    const int fu = set_fu(set);
    if (set.type == SetKind::kKong) {
      if (set.open)
        out.add_tile_if(true, fu, "open_kong", set.kind);
      else
        out.add_tile_if(true, fu, "closed_kong", set.kind);
    } else if (set.open) {
      out.add_tile_if(true, fu, "open_pung", set.kind);
    } else {
      out.add_tile_if(true, fu, "closed_pung", set.kind);
    }
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
