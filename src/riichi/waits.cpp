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
// the suit that changes and combines it with the other three, combined once.
class AddOneShanten {
 public:
  explicit AddOneShanten(const Counts& base)
      : t_(detail::shanten_tables()), base_(base), n_(tile_count(base)) {
    for (int s = 0; s < 3; ++s) suit_[s] = t_.suit(&base[9 * s]);
    suit_[3] = t_.honor(&base[27]);
    const detail::BlockValues mp = detail::combine(suit_[0], suit_[1]);
    const detail::BlockValues sz = detail::combine(suit_[2], suit_[3]);
    rest_[0] = detail::combine(suit_[1], sz);
    rest_[1] = detail::combine(suit_[0], sz);
    rest_[2] = detail::combine(mp, suit_[3]);
    rest_[3] = detail::combine(mp, suit_[2]);
    for (int k = 0; k < kNumKinds; ++k) {
      pairs_ += base[k] >= 2;
      kinds_ += base[k] >= 1;
    }
    for (int k : kYaochuuKinds) {
      yaochuu_kinds_ += base[k] >= 1;
      yaochuu_pair_ |= base[k] >= 2;
    }
  }

  // Standard-form shanten after adding `kind` (its count must be below 4).
  int standard(int kind) const {
    const int s = kind / 9;
    std::uint8_t counts[9];
    std::copy_n(&base_[9 * s], s == 3 ? 7 : 9, counts);
    ++counts[kind - 9 * s];
    const detail::BlockValues v = s == 3 ? t_.honor(counts) : t_.suit(counts);
    const int blocks = (n_ + 1) / 3;
    return 2 * blocks - detail::combine_final(v, rest_[s], blocks);
  }

  // Minimum over the forms that apply after adding `kind`.
  int all_forms(int kind) const {
    int best = standard(kind);
    if (n_ + 1 < 13) return best;
    const int pairs = pairs_ + (base_[kind] == 1);
    const int kinds = kinds_ + (base_[kind] == 0);
    best = std::min(best, 6 - pairs + std::max(0, 7 - kinds));
    if (is_yaochuu(kind)) {
      const int yk = yaochuu_kinds_ + (base_[kind] == 0);
      const bool yp = yaochuu_pair_ || base_[kind] == 1;
      best = std::min(best, 13 - yk - (yp ? 1 : 0));
    } else {
      best = std::min(best, 13 - yaochuu_kinds_ - (yaochuu_pair_ ? 1 : 0));
    }
    return best;
  }

 private:
  const detail::ShantenTables& t_;
  const Counts& base_;
  int n_;
  detail::BlockValues suit_[4];
  detail::BlockValues rest_[4];
  int pairs_ = 0, kinds_ = 0, yaochuu_kinds_ = 0;
  bool yaochuu_pair_ = false;
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

// The shapes through which `kind` completes a standard decomposition of `full` (14 tiles).
std::uint8_t standard_shapes(const Counts& full, int kind) {
  std::uint8_t shapes = 0;
  for (const Decomposition& d : decompose(full)) {
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
  const AddOneShanten add(concealed);
  const bool seven_pairs_form = n == 13 && shanten_chiitoitsu(concealed) == 0;
  const bool kokushi_form = n == 13 && shanten_kokushi(concealed) == 0;
  int distinct_yaochuu = 0;
  for (int k : kYaochuuKinds) distinct_yaochuu += concealed[k] >= 1;

  for (int k = 0; k < kNumKinds; ++k) {
    Counts full = concealed;
    ++full[k];
    std::uint8_t shapes = 0;
    // A kind held four times can still "complete" the hand on paper (RULES.md §4.2 needs it to
    // tell a wait on one's own four tiles): the tables stop at 4 copies, so decompose directly.
    const bool standard = concealed[k] == 4 ? !decompose(full).empty()
                                            : touches_hand(concealed, k) && add.standard(k) == -1;
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
Ukeire ukeire_against(const Counts& base, const Counts& reference, const Counts* visible,
                      int shanten_now) {
  Ukeire out;
  out.shanten = shanten_now;
  const AddOneShanten add(base);
  const bool other_forms = tile_count(base) == 13;
  for (int k = 0; k < kNumKinds; ++k) {
    if (base[k] >= 4) continue;
    if (!other_forms && !touches_hand(base, k)) continue;
    const int after = other_forms ? add.all_forms(k) : add.standard(k);
    if (after < shanten_now) {
      const int remaining = unseen(reference, visible, k);
      out.tiles.push_back(KindCount{k, remaining});
      out.total += remaining;
    }
  }
  return out;
}

}  // namespace

Ukeire ukeire(const Counts& concealed, const Counts* visible) {
  return ukeire_against(concealed, concealed, visible, shanten(concealed));
}

std::vector<DiscardOption> discard_table(const Counts& concealed, const Counts* visible) {
  std::vector<DiscardOption> out;
  if (tile_count(concealed) % 3 != 2) return out;
  for (int d = 0; d < kNumKinds; ++d) {
    if (!concealed[d]) continue;
    Counts after = concealed;
    --after[d];
    Ukeire u = ukeire_against(after, concealed, visible, shanten(after));
    out.push_back(DiscardOption{d, u.shanten, std::move(u.tiles), u.total});
  }
  std::stable_sort(out.begin(), out.end(), [](const DiscardOption& a, const DiscardOption& b) {
    if (a.shanten != b.shanten) return a.shanten < b.shanten;
    return a.total > b.total;
  });
  return out;
}

}  // namespace riichi
