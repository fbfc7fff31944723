#include "riichi/waits.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "riichi/decompose.hpp"
#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"
#include "riichi/shanten_table.hpp"

namespace riichi {

std::string_view wait_shape_name(WaitShape shape) {
  static constexpr std::string_view kNames[] = {"ryanmen", "kanchan",    "penchan", "shanpon",
                                                "tanki",   "chiitoitsu", "kokushi", "kokushi_13"};
  return kNames[static_cast<int>(shape)];
}

namespace {

int tile_count(const Counts& c) { return std::accumulate(c.begin(), c.end(), 0); }

int unseen(const Counts& hand, const Counts* visible, int kind) {
  const int seen = hand[kind] + (visible ? (*visible)[kind] : 0);
  return std::max(0, 4 - seen);
}

// Shanten of `base` plus one tile of a kind, for many kinds: each part's table class is read
// once; adding a tile moves one digit of one part's key, so only that class is read again.
class AddOneShanten {
 public:
  explicit AddOneShanten(const Counts& base) : base_(base), parts_(base) { finish(); }

  // The same for `base` less one tile of `removed`, reusing the classes of `full` (the hand it
  // came from): only the changed part is read again.
  AddOneShanten(const AddOneShanten& full, const Counts& base, int removed)
      : base_(base), parts_(full.parts_) {
    parts_.move(removed, -1);
    finish();
  }

  // Standard-form shanten of the base itself (3n+1 or 3n+2 tiles).
  int standard_now() const {
    const int blocks = forms_.tiles / 3;
    return 2 * blocks - parts_.value(blocks);
  }

  // Standard-form shanten after adding `kind` (its count must be below 4).
  int standard(int kind) const { return 2 * blocks_ - parts_.value_with(kind, 1, blocks_); }

  // The standard-form shanten after adding each kind of `kinds` (each below 4 copies), as
  // f(kind, shanten) in ascending kind.
  template <typename F>
  void for_each_standard(std::uint64_t kinds, F&& f) const {
    parts_.for_each_added(kinds, blocks_,
                          [&](int kind, int value) { f(kind, 2 * blocks_ - value); });
  }

  const detail::FormCounts& forms() const { return forms_; }
  // Seven pairs and thirteen orphans apply once the hand reaches 13/14 tiles.
  bool other_forms() const { return forms_.tiles + 1 >= 13; }
  int other_forms(int kind) const {
    const int pairs = forms_.pairs + (base_[kind] == 1);
    const int kinds = forms_.kinds + (base_[kind] == 0);
    const int chiitoitsu = 6 - pairs + std::max(0, 7 - kinds);
    int yaochuu_kinds = forms_.yaochuu_kinds;
    bool yaochuu_pair = forms_.yaochuu_pair;
    if (is_yaochuu(kind)) {
      yaochuu_kinds += base_[kind] == 0;
      yaochuu_pair |= base_[kind] == 1;
    }
    return std::min(chiitoitsu, 13 - yaochuu_kinds - (yaochuu_pair ? 1 : 0));
  }

 private:
  void finish() {
    forms_ = detail::form_counts(base_);
    blocks_ = (forms_.tiles + 1) / 3;
  }

  const Counts& base_;
  detail::PartClasses parts_;
  detail::FormCounts forms_;
  int blocks_ = 0;
};

std::uint8_t shape_bit(WaitShape s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); }

// Shape of `block` as read with the winning tile `kind`.
std::uint8_t block_shape(const Block& block, int kind) {
  if (block.type == BlockType::kPair) return shape_bit(WaitShape::kTanki);
  if (block.type == BlockType::kPung) return shape_bit(WaitShape::kShanpon);
  const int offset = kind - block.kind, start = number_of(block.kind);
  if (offset == 1) return shape_bit(WaitShape::kKanchan);
  if ((offset == 0 && start == 7) || (offset == 2 && start == 1))
    return shape_bit(WaitShape::kPenchan);
  return shape_bit(WaitShape::kRyanmen);
}

bool contains_kind(const Block& block, int kind) {
  if (block.type != BlockType::kChow) return block.kind == kind;
  return kind >= block.kind && kind <= block.kind + 2;
}

// The shapes through which `kind` completes a standard decomposition of `full`. Only the
// suit of the winning tile matters: the others decompose the same way whatever it is.
std::uint8_t standard_shapes(const Counts& full, int kind) {
  if (is_honor(kind)) return shape_bit(full[kind] == 3 ? WaitShape::kShanpon : WaitShape::kTanki);
  Counts suit{};
  std::uint32_t mask = 0;
  int tiles = 0;
  for (int k = kind / 9 * 9; k < kind / 9 * 9 + 9; ++k) {
    suit[k] = full[k];
    tiles += full[k];
    mask |= std::uint32_t{full[k] != 0} << k;
  }
  std::uint8_t shapes = 0;
  Decomposition cur;
  for_each_suited_decomposition(suit, mask, tiles % 3 == 2, cur, [&](const Decomposition& d) {
    for (int i = 0; i < d.count; ++i)
      if (contains_kind(d.blocks[i], kind)) shapes |= block_shape(d.blocks[i], kind);
  });
  return shapes;
}

}  // namespace

namespace {

// The kinds that complete a 3n+1 concealed part, by form (bit per kind). Kinds held four times
// are never waits (there is no fifth copy).
struct WaitKinds {
  std::uint64_t standard = 0;     // complete four sets and a pair (or fewer with melds)
  std::uint64_t seven_pairs = 0;  // the single of six pairs and a single
  std::uint64_t kokushi = 0;      // thirteen orphans
  bool kokushi13 = false;         // all 13 orphans held: the 13-sided wait
  std::uint64_t all() const { return standard | seven_pairs | kokushi; }
};

WaitKinds scan_waits(const AddOneShanten& add, const Counts& concealed) {
  WaitKinds w;
  const detail::FormCounts& f = add.forms();
  if (f.tiles % 3 != 1 || f.tiles > 13) return w;
  // Tenpai in some form, from the counts already read (no second pass over the hand).
  const int chiitoitsu = f.tiles == 13 ? 6 - f.pairs + std::max(0, 7 - f.kinds) : 99;
  const int kokushi = f.tiles == 13 ? 13 - f.yaochuu_kinds - (f.yaochuu_pair ? 1 : 0) : 99;
  if (std::min({add.standard_now(), chiitoitsu, kokushi}) != 0) return w;
  const std::uint64_t open = ~kinds_at_least(concealed, 4);
  for (std::uint64_t m = touching_kinds(f.present) & open; m; m &= m - 1) {
    const int k = std::countr_zero(m);
    if (add.standard(k) == -1) w.standard |= std::uint64_t{1} << k;
  }
  // Six pairs and a single: the single is the wait (13 tiles, 6 kinds >= 2, 7 kinds).
  if (chiitoitsu == 0) w.seven_pairs = f.present & ~kinds_at_least(concealed, 2);
  if (kokushi == 0) {
    w.kokushi = kYaochuuMask & open & (f.yaochuu_pair ? ~f.present : ~std::uint64_t{0});
    w.kokushi13 = f.yaochuu_kinds == 13;
  }
  return w;
}

}  // namespace

std::uint64_t waiting_kinds(const Counts& concealed) {
  return scan_waits(AddOneShanten(concealed), concealed).all();
}

std::vector<Wait> waits(const Counts& concealed, const Counts* visible) {
  const WaitKinds w = scan_waits(AddOneShanten(concealed), concealed);
  std::vector<Wait> out;
  for (std::uint64_t m = w.all(); m; m &= m - 1) {
    const int k = std::countr_zero(m);
    const std::uint64_t bit = std::uint64_t{1} << k;
    std::uint8_t shapes = 0;
    if (w.standard & bit) {
      Counts full = concealed;
      ++full[k];
      shapes |= standard_shapes(full, k);
    }
    if (w.seven_pairs & bit) shapes |= shape_bit(WaitShape::kChiitoitsu);
    if (w.kokushi & bit)
      shapes |= shape_bit(w.kokushi13 ? WaitShape::kKokushi13 : WaitShape::kKokushi);
    out.push_back(Wait{k, shapes, unseen(concealed, visible, k)});
  }
  return out;
}

bool is_tenpai_for_payment(const Counts& concealed, const Counts& own) {
  return (waiting_kinds(concealed) & ~kinds_at_least(own, 4)) != 0;
}

namespace {

// The kinds whose tile brings seven pairs or thirteen orphans of `base` below `shanten_now`:
// other_forms(kind) depends only on whether the kind is held 0, 1 or more times and is a
// terminal/honour, so each of these six groups is evaluated once.
std::uint64_t other_forms_improving(const AddOneShanten& add, const Counts& base, int shanten_now) {
  constexpr std::uint64_t kAll = (std::uint64_t{1} << kNumKinds) - 1;
  const std::uint64_t held = add.forms().present, twice = kinds_at_least(base, 2);
  const std::uint64_t by_count[3] = {kAll & ~held, held & ~twice, twice};
  std::uint64_t improving = 0;
  for (int n = 0; n < 3; ++n) {
    for (const std::uint64_t group : {by_count[n] & kYaochuuMask, by_count[n] & ~kYaochuuMask}) {
      if (group == 0) continue;
      if (add.other_forms(std::countr_zero(group)) < shanten_now) improving |= group;
    }
  }
  return improving;
}

// The kinds that bring `base` (3n+1) below `shanten_now` (bit per kind), among the kinds not in
// `skip` (callers that only count remaining copies skip the kinds with none left).
std::uint64_t improving_kinds(const AddOneShanten& add, const Counts& base, int shanten_now,
                              std::uint64_t skip = 0) {
  const detail::FormCounts& f = add.forms();
  // Seven pairs / thirteen orphans can matter only if one tile could bring them below now.
  bool other_forms = add.other_forms();
  if (other_forms && f.tiles == 13) {
    const int chiitoitsu = 6 - f.pairs + std::max(0, 7 - f.kinds);
    const int kokushi = 13 - f.yaochuu_kinds - (f.yaochuu_pair ? 1 : 0);
    other_forms = std::min(chiitoitsu, kokushi) - 1 < shanten_now;
  }
  const std::uint64_t touch = touching_kinds(f.present);
  std::uint64_t candidates = other_forms ? (std::uint64_t{1} << kNumKinds) - 1 : touch;
  candidates &= ~(kinds_at_least(base, 4) | skip);
  // A kind improves when the standard form (for a touching kind) or, when they matter, seven
  // pairs or thirteen orphans fall below shanten_now with it.
  std::uint64_t improving = 0;
  add.for_each_standard(candidates & touch, [&](int k, int after) {
    if (after < shanten_now) improving |= std::uint64_t{1} << k;
  });
  if (other_forms) improving |= other_forms_improving(add, base, shanten_now) & candidates;
  return improving;
}

// Effective tiles of `base` (3n+1), counting remaining copies against `reference`.
Ukeire ukeire_against(const AddOneShanten& add, const Counts& base, const Counts& reference,
                      const Counts* visible, int shanten_now) {
  Ukeire out;
  out.shanten = shanten_now;
  KindCount found[kNumKinds];
  int n = 0;
  for (std::uint64_t m = improving_kinds(add, base, shanten_now); m; m &= m - 1) {
    const int k = std::countr_zero(m);
    const int remaining = unseen(reference, visible, k);
    found[n++] = KindCount{k, remaining};
    out.total += remaining;
  }
  out.tiles.assign(found, found + n);
  return out;
}

int shanten_of(const AddOneShanten& add) {
  const int standard = add.standard_now();
  const detail::FormCounts& f = add.forms();
  if (f.tiles < 13) return standard;
  const int chiitoitsu = 6 - f.pairs + std::max(0, 7 - f.kinds);
  const int kokushi = 13 - f.yaochuu_kinds - (f.yaochuu_pair ? 1 : 0);
  return std::min({standard, chiitoitsu, kokushi});
}

}  // namespace

int ukeire_total(const Counts& concealed, const Counts* visible) {
  const AddOneShanten add(concealed);
  // A kind with every copy seen adds nothing: it is not even tried.
  std::uint64_t none_left = 0;
  if (visible) {
    Counts seen;
    for (int k = 0; k < kNumKinds; ++k)
      seen[k] = static_cast<std::uint8_t>(concealed[k] + (*visible)[k]);
    none_left = kinds_at_least(seen, 4);
  }
  int total = 0;
  for (std::uint64_t m = improving_kinds(add, concealed, shanten_of(add), none_left); m; m &= m - 1)
    total += unseen(concealed, visible, std::countr_zero(m));
  return total;
}

Ukeire ukeire(const Counts& concealed, const Counts* visible) {
  const AddOneShanten add(concealed);
  return ukeire_against(add, concealed, concealed, visible, shanten_of(add));
}

std::vector<DiscardOption> discard_table(const Counts& concealed, const Counts* visible) {
  std::vector<DiscardOption> out;
  if (tile_count(concealed) % 3 != 2) return out;
  const AddOneShanten full(concealed);
  for (int d = 0; d < kNumKinds; ++d) {
    if (!concealed[d]) continue;
    Counts after = concealed;
    --after[d];
    const AddOneShanten add(full, after, d);
    Ukeire u = ukeire_against(add, after, concealed, visible, shanten_of(add));
    out.push_back(DiscardOption{d, u.shanten, std::move(u.tiles), u.total});
  }
  std::stable_sort(out.begin(), out.end(), [](const DiscardOption& a, const DiscardOption& b) {
    if (a.shanten != b.shanten) return a.shanten < b.shanten;
    return a.total > b.total;
  });
  return out;
}

}  // namespace riichi
