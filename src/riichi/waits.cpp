#include "riichi/waits.hpp"

#include <algorithm>
#include <numeric>

#include "riichi/decompose.hpp"
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

// Shanten of `base` plus one tile of a kind, for many kinds: the standard form re-reads only
// the suit that changes (its table key moves by one digit) and combines it with the other
// three parts, combined once.
class AddOneShanten {
 public:
  using U = detail::Unpacked;

  explicit AddOneShanten(const Counts& base) : t_(detail::shanten_tables()), base_(base) {
    forms_ = detail::form_counts(base);
    blocks_ = (forms_.tiles + 1) / 3;
    U part[4];
    for (int s = 0; s < 4; ++s) part[s] = U(read_keys(s));
    const U mp = detail::combine(part[0], part[1]), sz = detail::combine(part[2], part[3]);
    rest_[0] = detail::combine(part[1], sz);
    rest_[1] = detail::combine(part[0], sz);
    rest_[2] = detail::combine(mp, part[3]);
    rest_[3] = detail::combine(mp, part[2]);
  }

  // The same for `base` less one tile of `removed`, reusing `full`'s work (the hand it came
  // from): only the combinations that involve the changed suit are redone.
  AddOneShanten(const AddOneShanten& full, const Counts& base, int removed)
      : t_(full.t_), base_(base) {
    forms_ = detail::form_counts(base);
    blocks_ = (forms_.tiles + 1) / 3;
    const int changed = removed / 9;
    U part[4];
    for (int s = 0; s < 4; ++s) {
      std::copy_n(full.low_ + s, 1, low_ + s);
      if (s < 3) high_[s] = full.high_[s];
      part[s] = full.part_[s];
    }
    part[changed] = U(read_keys(changed));
    for (int s = 0; s < 4; ++s) part_[s] = part[s];
    // rest_[changed] does not involve the changed suit.
    rest_[changed] = full.rest_[changed];
    for (int s = 0; s < 4; ++s) {
      if (s == changed) continue;
      int a = -1, b = -1;  // the two suits other than s and changed
      for (int o = 0; o < 4; ++o)
        if (o != s && o != changed) (a < 0 ? a : b) = o;
      rest_[s] = detail::combine(part[changed], detail::combine(part[a], part[b]));
    }
  }

  // Standard-form shanten of the base itself (its tile count must be 3n+1 or 3n+2).
  int standard_now() const {
    const int blocks = forms_.tiles / 3;
    return 2 * blocks - detail::combine_final(part_[0], rest_[0], blocks);
  }

  // Standard-form shanten after adding `kind` (its count must be below 4).
  int standard(int kind) const {
    const int s = kind / 9, pos = kind % 9;
    detail::BlockValues v;
    if (s == 3)
      v = t_.honors[low_[3] + detail::kPow5[pos]];
    else if (pos < 5)
      v = t_.suit_at(low_[s] + detail::kPow5[pos], high_[s]);
    else
      v = t_.suit_at(low_[s], high_[s] + detail::kPow5[pos - 5]);
    return 2 * blocks_ - detail::combine_final(U(v), rest_[s], blocks_);
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
  detail::BlockValues read_keys(int s) {
    if (s == 3) {
      low_[3] = detail::ShantenTables::honor_key(&base_[27]);
      part_[3] = U(t_.honors[low_[3]]);
      return t_.honors[low_[3]];
    }
    low_[s] = detail::ShantenTables::low_key(&base_[9 * s]);
    high_[s] = detail::ShantenTables::high_key(&base_[9 * s]);
    const detail::BlockValues v = t_.suit_at(low_[s], high_[s]);
    part_[s] = U(v);
    return v;
  }

  const detail::ShantenTables& t_;
  const Counts& base_;
  detail::FormCounts forms_;
  int low_[4] = {}, high_[3] = {};
  U part_[4];
  U rest_[4];
  int blocks_ = 0;
};

// A tile far (more than 2 steps in its suit) from every held tile cannot lower the
// standard-form shanten: it forms no block.
bool touches_hand(const Counts& c, int kind) {
  if (is_honor(kind)) return c[kind] > 0;
  const int lo = kind / 9 * 9, hi = lo + 8;
  for (int k = std::max(lo, kind - 2); k <= std::min(hi, kind + 2); ++k)
    if (c[k]) return true;
  return false;
}

std::uint8_t shape_bit(WaitShape s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); }

// The shapes through which `kind` completes a standard decomposition of `full`. Only the
// suit of the winning tile matters: the others decompose the same way whatever it is.
std::uint8_t standard_shapes(const Counts& full, int kind) {
  std::uint8_t shapes = 0;
  Counts suit{};
  const int first = kind / 9 * 9, last = std::min(first + 9, kNumKinds);
  std::copy(full.begin() + first, full.begin() + last, suit.begin() + first);
  for (const Decomposition& d : decompose(suit)) {
    for (int i = 0; i < d.count; ++i) {
      const Block& b = d.blocks[i];
      switch (b.type) {
        case BlockType::kPair:
          if (b.kind == kind) shapes |= shape_bit(WaitShape::kTanki);
          break;
        case BlockType::kPung:
          if (b.kind == kind) shapes |= shape_bit(WaitShape::kShanpon);
          break;
        case BlockType::kChow: {
          const int offset = kind - b.kind;
          if (offset < 0 || offset > 2 || kind / 9 != b.kind / 9) break;
          if (offset == 1)
            shapes |= shape_bit(WaitShape::kKanchan);
          else if ((offset == 0 && number_of(b.kind) == 7) ||
                   (offset == 2 && number_of(b.kind) == 1))
            shapes |= shape_bit(WaitShape::kPenchan);
          else
            shapes |= shape_bit(WaitShape::kRyanmen);
          break;
        }
      }
    }
  }
  return shapes;
}

}  // namespace

std::vector<Wait> waits(const Counts& concealed, const Counts* visible) {
  std::vector<Wait> out;
  const int n = tile_count(concealed);
  if (n % 3 != 1 || n > 13) return out;
  if (shanten(concealed) != 0) return out;
  const AddOneShanten add(concealed);
  const bool seven_pairs_form = n == 13 && shanten_chiitoitsu(concealed) == 0;
  const bool kokushi_form = n == 13 && shanten_kokushi(concealed) == 0;
  int distinct_yaochuu = 0;
  for (int k : kYaochuuKinds) distinct_yaochuu += concealed[k] >= 1;

  for (int k = 0; k < kNumKinds; ++k) {
    // A fifth copy does not exist: a kind held four times is never a wait.
    if (concealed[k] >= 4 || (!touches_hand(concealed, k) && !kokushi_form)) continue;
    Counts full = concealed;
    ++full[k];
    std::uint8_t shapes = 0;
    const bool standard = add.standard(k) == -1;
    if (standard) shapes |= standard_shapes(full, k);
    if (seven_pairs_form && is_chiitoitsu(full)) shapes |= shape_bit(WaitShape::kChiitoitsu);
    if (kokushi_form && is_kokushi(full))
      shapes |= shape_bit(distinct_yaochuu == 13 ? WaitShape::kKokushi13 : WaitShape::kKokushi);
    if (shapes) out.push_back(Wait{k, shapes, unseen(concealed, visible, k)});
  }
  return out;
}

bool is_tenpai_for_payment(const Counts& concealed, const Counts& own) {
  for (const Wait& w : waits(concealed))
    if (own[w.kind] < 4) return true;
  return false;
}

namespace {

// Effective tiles of `base` (3n+1), counting remaining copies against `reference`.
Ukeire ukeire_against(const AddOneShanten& add, const Counts& base, const Counts& reference,
                      const Counts* visible, int shanten_now) {
  Ukeire out;
  out.shanten = shanten_now;
  const bool other_forms = add.other_forms();
  for (int k = 0; k < kNumKinds; ++k) {
    if (base[k] >= 4) continue;
    // A tile that touches nothing cannot improve the standard form.
    int after = touches_hand(base, k) ? add.standard(k) : 99;
    if (other_forms) after = std::min(after, add.other_forms(k));
    if (after < shanten_now) {
      const int remaining = unseen(reference, visible, k);
      out.tiles.push_back(KindCount{k, remaining});
      out.total += remaining;
    }
  }
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
