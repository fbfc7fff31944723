// Yaku detection (RULES.md §6.2 yaku, §6.3 yakuman, §6.4 exclusions). Preset differences are
// read from Rules fields only.
#include "riichi/yaku.hpp"

#include <array>
#include <bit>
#include <cstring>

#include "riichi/fu.hpp"
#include "riichi/hand.hpp"

namespace riichi {

namespace {

using KindMask = std::uint64_t;  // bit k = kind k present

constexpr KindMask kind_mask_if(bool (*pred)(int)) {
  KindMask m = 0;
  for (int k = 0; k < kNumKinds; ++k)
    if (pred(k)) m |= KindMask{1} << k;
  return m;
}

constexpr KindMask kSimples = kind_mask_if([](int k) { return is_simple(k); });
constexpr KindMask kTerminals = kind_mask_if([](int k) { return is_terminal(k); });
constexpr KindMask kHonors = kind_mask_if([](int k) { return is_honor(k); });
constexpr KindMask kGreens = kind_mask_if([](int k) { return is_green(k); });
constexpr KindMask kYaochuu = kTerminals | kHonors;
constexpr KindMask kSuitMask[3] = {0x1FFull, 0x1FFull << 9, 0x1FFull << 18};

struct YakuInfo {
  std::string_view name;
  std::int8_t closed_han;
  std::int8_t open_han;  // 0: closed only
  std::int8_t yakuman;   // units for yakuman (double patterns: 2 under double_yakuman)
};

// Indexed by Yaku. §6.2 / §6.3 values; preset-dependent cells are adjusted in yaku_han().
constexpr YakuInfo kInfo[kNumYaku] = {
    {"riichi", 1, 0, 0},
    {"double_riichi", 1, 0, 0},
    {"ippatsu", 1, 0, 0},
    {"menzen_tsumo", 1, 0, 0},
    {"pinfu", 1, 0, 0},
    {"iipeikou", 1, 0, 0},
    {"tanyao", 1, 1, 0},
    {"yakuhai_haku", 1, 1, 0},
    {"yakuhai_hatsu", 1, 1, 0},
    {"yakuhai_chun", 1, 1, 0},
    {"yakuhai_seat_wind", 1, 1, 0},
    {"yakuhai_round_wind", 1, 1, 0},
    {"rinshan_kaihou", 1, 1, 0},
    {"chankan", 1, 1, 0},
    {"haitei", 1, 1, 0},
    {"houtei", 1, 1, 0},
    {"sanshoku_doujun", 2, 1, 0},
    {"ittsu", 2, 1, 0},
    {"chanta", 2, 1, 0},
    {"chiitoitsu", 2, 0, 0},
    {"sanshoku_doukou", 2, 2, 0},
    {"san_ankou", 2, 2, 0},
    {"san_kantsu", 2, 2, 0},
    {"toitoi", 2, 2, 0},
    {"shousangen", 2, 2, 0},
    {"honroutou", 2, 2, 0},
    {"honitsu", 3, 2, 0},
    {"junchan", 3, 2, 0},
    {"ryanpeikou", 3, 0, 0},
    {"chinitsu", 6, 5, 0},
    {"renhou", 5, 0, 0},
    {"kokushi_musou", 0, 0, 1},
    {"kokushi_musou_13_sided", 0, 0, 2},
    {"chuuren_poutou", 0, 0, 1},
    {"junsei_chuuren_poutou", 0, 0, 2},
    {"suu_ankou", 0, 0, 1},
    {"suu_ankou_tanki", 0, 0, 2},
    {"daisangen", 0, 0, 1},
    {"shousuushii", 0, 0, 1},
    {"daisuushii", 0, 0, 1},
    {"tsuuiisou", 0, 0, 1},
    {"chinroutou", 0, 0, 1},
    {"ryuuiisou", 0, 0, 1},
    {"suu_kantsu", 0, 0, 1},
    {"tenhou", 0, 0, 1},
    {"chiihou", 0, 0, 1},
    {"renhou", 0, 0, 1},
};

const YakuInfo& info(Yaku y) { return kInfo[static_cast<int>(y)]; }

int suits_present(KindMask present) {
  int n = 0;
  for (KindMask s : kSuitMask) n += (present & s) != 0;
  return n;
}

// Per-reading facts shared by several yaku, gathered without branching on the sets (random
// hands make such branches unpredictable).
struct Shape4 {
  int chows = 0, triplets = 0, kongs = 0, ankou = 0;
  int dragon_triplets = 0, wind_triplets = 0;
  int identical_chow_pairs = 0;   // disjoint pairs (iipeikou 1, ryanpeikou 2)
  KindMask triplet_kinds = 0;     // bit k: a pung or kong of k
  KindMask chow_kinds = 0;        // bit k: a chow starting at k
  bool all_sets_yaochuu = true;   // every set and the pair hold a yaochuu tile
  bool all_sets_terminal = true;  // every set and the pair hold a terminal
  int set_fu = 0;                 // the sets' fu as sets_fu() counts them
};

// Chows holding a terminal: 123 and 789 of each suit (bit = the chow's lowest kind).
constexpr KindMask kOutsideChows = 0x41ull | (0x41ull << 9) | (0x41ull << 18);

// Chows, kongs and concealed triplets counted in bytes 0, 1 and 2 of one word and the sets' fu
// (fu_parts::kSetFu, sets_fu()'s rule) in byte 3, from a table by the set's type (chow 0, pung
// 1, kong 2) + 4 when declared open + 8 when it holds a yaochuu kind. Concealed: not declared
// open (a concealed pung completed by ron is counted: finish_yaku takes it off). Four sets' fu
// fit a byte (at most 4 x 32).
constexpr auto kTally = [] {
  static_assert(static_cast<int>(SetKind::kChow) == 0 && static_cast<int>(SetKind::kPung) == 1 &&
                static_cast<int>(SetKind::kKong) == 2);
  constexpr std::uint32_t kCounts[8] = {1, 1u << 16, 1u << 8 | 1u << 16, 0, 1, 0, 1u << 8, 0};
  std::array<std::uint32_t, 16> t{};
  for (std::size_t i = 0; i < 16; ++i)
    t[i] = kCounts[i & 7] | std::uint32_t{fu_parts::kSetFu[i]} << 24;
  return t;
}();
static_assert(4 * fu_parts::kSetFu[static_cast<int>(SetKind::kKong) | 8] < 256);

[[gnu::always_inline]] inline Shape4 summarize(const Reading& r) {
  Shape4 s;
  KindMask chow_kinds = 0, odd_chows = 0;  // odd_chows: kinds holding an odd number of chows
  int identical = 0;        // chows completing a pair with an earlier unpaired chow of their kind
  std::uint32_t tally = 0;  // (kTally)
  for (int i = 0; i < r.num_sets; ++i) {
    // The set as one word of HandSet's bytes: type, kind, open, melded.
    static_assert(sizeof(HandSet) == 4 && std::endian::native == std::endian::little);
    std::uint32_t word;
    std::memcpy(&word, &r.sets[i], sizeof word);
    const std::uint32_t type = word & 3u;
    const std::uint32_t declared_open = (word & 0x01010000u) == 0x01010000u;
    const KindMask bit = KindMask{1} << (word >> 8 & 0xFFu);
    const std::uint32_t yaochuu = (bit & kYaochuu) != 0;
    tally += kTally[type | declared_open << 2 | yaochuu << 3];
    const KindMask chow_bit = bit & (KindMask{0} - (type == 0));  // (masks, not a branch per set)
    chow_kinds |= chow_bit;
    identical += (odd_chows & chow_bit) != 0;
    odd_chows ^= chow_bit;
    s.triplet_kinds |= bit ^ chow_bit;
  }
  s.chows = static_cast<int>(tally & 0xFF);
  s.kongs = static_cast<int>(tally >> 8 & 0xFF);
  s.ankou = static_cast<int>(tally >> 16 & 0xFF);
  s.set_fu = static_cast<int>(tally >> 24);
  const KindMask t = s.triplet_kinds;
  s.triplets = r.num_sets - s.chows;
  s.identical_chow_pairs = identical;  // (s.chows - chows left unpaired) / 2
  // Bits set among 4 (a table: dragons and winds are 3 and 4 adjacent kinds).
  static constexpr std::uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  s.dragon_triplets = kBits[t >> kWhite & 7];
  s.wind_triplets = kBits[t >> kEast & 15];
  s.chow_kinds = chow_kinds;
  const bool outside_chows = (chow_kinds & ~kOutsideChows) == 0;
  s.all_sets_yaochuu = outside_chows && (t & ~kYaochuu) == 0 && is_yaochuu(r.pair);
  s.all_sets_terminal = outside_chows && (t & ~kTerminals) == 0 && is_terminal(r.pair);
  return s;
}

bool is_yakuhai_pair(int kind, const WinContext& ctx) {
  return is_dragon(kind) || kind == kEast + ctx.seat || kind == kEast + ctx.round_wind;
}

// Chuuren poutou: closed, one suit, 1112345678999 + one more (§6.3): the suit's first kind, or
// -1. Junsei (chuuren_junsei): the 13 tiles before the win are exactly 1112345678999.
// The shape holds every kind of its suit and nothing else: `present` is the suit's mask (one
// comparison rejects almost every hand).
int chuuren_base(const Reading& r, KindMask present) {
  const int s = present == kSuitMask[0]   ? 0
                : present == kSuitMask[1] ? 1
                : present == kSuitMask[2] ? 2
                                          : -1;
  if (s < 0) return -1;
  for (int i = 0; i < r.num_sets; ++i)
    if (r.sets[i].melded) return -1;
  const int b = s * 9;
  if (r.counts[b] < 3 || r.counts[b + 8] < 3) return -1;
  return b;  // (kinds 2..8 of the suit are present)
}

// The nine-sided wait of a chuuren poutou whose suit starts at `base`.
bool chuuren_junsei(const Reading& r, int base) {
  const int w = r.win - base;
  const int before = r.counts[r.win] - 1;
  return (w == 0 || w == 8) ? before == 3 : before == 1;
}

YakuMask context_yakuman(const Reading& r, const WinContext& ctx, const Rules& rules) {
  YakuMask m = 0;
  if (ctx.tenhou) m |= yaku_bit(Yaku::kTenhou);
  if (ctx.chiihou) m |= yaku_bit(Yaku::kChiihou);
  // §6.2: EMA 2008 renhou is a yakuman (closed, ron).
  if (ctx.renhou && rules.renhou == RenhouValue::kYakuman && r.menzen && !r.tsumo)
    m |= yaku_bit(Yaku::kRenhouYakuman);
  return m;
}

// The yakuman of the sets that do not depend on the winning tile (chuuren poutou and suu ankou
// are finished by finish_yaku).
YakuMask standard_yakuman(const Reading& r, const Shape4& s, KindMask present, const Rules& rules) {
  YakuMask m = 0;
  if (s.dragon_triplets == 3) m |= yaku_bit(Yaku::kDaisangen);
  if (s.wind_triplets == 4) m |= yaku_bit(Yaku::kDaisuushii);
  if (s.wind_triplets == 3 && is_wind(r.pair)) m |= yaku_bit(Yaku::kShousuushii);
  if ((present & ~kHonors) == 0) m |= yaku_bit(Yaku::kTsuuiisou);
  if ((present & ~kTerminals) == 0) m |= yaku_bit(Yaku::kChinroutou);
  // §6.3: ryuuiisou does not need the green dragon unless ryuuiisou_needs_hatsu (SA-8).
  if ((present & ~kGreens) == 0 && (!rules.ryuuiisou_needs_hatsu || r.counts[kGreen] > 0))
    m |= yaku_bit(Yaku::kRyuuiisou);
  if (s.kongs == 4) m |= yaku_bit(Yaku::kSuuKantsu);
  return m;
}

// Applies the stacking rule (§6.3) to the yakuman found.
void settle_yakuman(YakuMask found, const WinContext& ctx, const Rules& rules, YakuEval& out) {
  const YakuMask pao = yaku_bit(Yaku::kDaisangen) | yaku_bit(Yaku::kDaisuushii);
  out.pao_yakuman = (found & pao) != 0;
  out.han = 0;
  if (rules.yakuman_stacking) {
    out.mask = found;
    out.yakuman = 0;
    for (YakuMask m = found; m; m &= m - 1)
      out.yakuman += yakuman_units(static_cast<Yaku>(std::countr_zero(m)), rules);
    return;
  }
  // Not cumulative: keep the single most valuable one; on a tie prefer the one carrying
  // liability when a liable player is named, then table order.
  Yaku best = Yaku::kCount;
  int best_units = 0;
  for (YakuMask m = found; m; m &= m - 1) {
    const auto y = static_cast<Yaku>(std::countr_zero(m));
    const int units = yakuman_units(y, rules);
    const bool prefer = ctx.liable >= 0 && (yaku_bit(y) & pao) && !(yaku_bit(best) & pao);
    if (units > best_units || (units == best_units && prefer)) best = y, best_units = units;
  }
  out.mask = yaku_bit(best);
  out.yakuman = best_units;
}

// Yaku that depend only on the context flags (§6.2 first rows, §6.4 exclusions).
YakuMask situational_yaku(const Reading& r, const WinContext& ctx, const Rules& rules) {
  YakuMask m = 0;
  const bool riichi = ctx.riichi || ctx.double_riichi;
  if (ctx.double_riichi) {
    m |= yaku_bit(Yaku::kDoubleRiichi);
    // §6.4: EMA counts riichi + double riichi; Tenhou's 2-han double riichi replaces riichi.
    if (rules.double_riichi == DoubleRiichiStyle::kPlusOne) m |= yaku_bit(Yaku::kRiichi);
  } else if (riichi) {
    m |= yaku_bit(Yaku::kRiichi);
  }
  // §6.4: ippatsu requires riichi and never combines with rinshan kaihou.
  if (ctx.ippatsu && riichi && !ctx.rinshan) m |= yaku_bit(Yaku::kIppatsu);
  if (r.menzen && r.tsumo) m |= yaku_bit(Yaku::kMenzenTsumo);
  if (ctx.rinshan && r.tsumo) m |= yaku_bit(Yaku::kRinshanKaihou);
  if (ctx.chankan && !r.tsumo) m |= yaku_bit(Yaku::kChankan);
  // §6.4: haitei does not combine with rinshan; houtei cannot combine with chankan.
  if (ctx.haitei && r.tsumo && !ctx.rinshan) m |= yaku_bit(Yaku::kHaitei);
  if (ctx.houtei && !r.tsumo && !ctx.chankan) m |= yaku_bit(Yaku::kHoutei);
  return m;
}

// Tile-colour yaku shared by standard and seven-pairs readings.
YakuMask colour_yaku(const Reading& r, KindMask present, const Rules& rules) {
  YakuMask m = 0;
  // §6.2: open tanyao (kuitan) depends on the preset.
  if ((present & ~kSimples) == 0 && (r.menzen || rules.open_tanyao)) m |= yaku_bit(Yaku::kTanyao);
  if ((present & ~kYaochuu) == 0) m |= yaku_bit(Yaku::kHonroutou);
  if (suits_present(present) == 1) {
    // §6.4: chinitsu excludes honitsu.
    m |= yaku_bit((present & kHonors) ? Yaku::kHonitsu : Yaku::kChinitsu);
  }
  return m;
}

// The regular yaku of the sets (pinfu and san ankou are finished by finish_yaku). (Inlined in
// both sets_yaku_of instances: GCC would otherwise call it from them.)
[[gnu::always_inline]] inline YakuMask standard_yaku(const Reading& r, const Shape4& s,
                                                     KindMask present, const WinContext& ctx) {
  YakuMask m = 0;
  const auto bit_if = [](bool when, Yaku y) { return when ? yaku_bit(y) : YakuMask{0}; };
  // §6.4: ryanpeikou excludes iipeikou.
  m |= bit_if(r.menzen && s.identical_chow_pairs >= 2, Yaku::kRyanpeikou);
  m |= bit_if(r.menzen && s.identical_chow_pairs == 1, Yaku::kIipeikou);
  const KindMask t = s.triplet_kinds;
  m |= bit_if(t >> kWhite & 1, Yaku::kYakuhaiHaku);
  m |= bit_if(t >> kGreen & 1, Yaku::kYakuhaiHatsu);
  m |= bit_if(t >> kRed & 1, Yaku::kYakuhaiChun);
  // A double-wind pung scores both (§6.2).
  m |= bit_if(t >> (kEast + ctx.seat) & 1, Yaku::kYakuhaiSeatWind);
  m |= bit_if(t >> (kEast + ctx.round_wind) & 1, Yaku::kYakuhaiRoundWind);
  // The three suits' masks overlaid by shifts of 9 (man bits 0..8 kept): one number in all three;
  // a suit's 123, 456 and 789 chows overlaid by shifts of 3 at the suit's first kind.
  const KindMask c = s.chow_kinds;
  constexpr KindMask kSuitFirst = 1 | KindMask{1} << 9 | KindMask{1} << 18;
  m |= bit_if((c & c >> 9 & c >> 18 & 0x1FF) != 0, Yaku::kSanshokuDoujun);
  m |= bit_if((c & c >> 3 & c >> 6 & kSuitFirst) != 0, Yaku::kIttsu);
  m |= bit_if((t & t >> 9 & t >> 18 & 0x1FF) != 0, Yaku::kSanshokuDoukou);
  if (s.kongs == 3) m |= yaku_bit(Yaku::kSanKantsu);
  if (s.triplets == 4) m |= yaku_bit(Yaku::kToitoi);
  if (s.dragon_triplets == 2 && is_dragon(r.pair)) m |= yaku_bit(Yaku::kShousangen);
  // §6.4: junchan excludes chanta; both need a chow (so honroutou excludes them).
  if (s.chows > 0 && s.all_sets_yaochuu) {
    if (present & kHonors)
      m |= yaku_bit(Yaku::kChanta);
    else if (s.all_sets_terminal)
      m |= yaku_bit(Yaku::kJunchan);
  }
  return m;
}

// kInfo's han columns as tables indexed by Yaku (the preset cells are applied in sum_han).
struct HanTable {
  std::int8_t han[kNumYaku] = {};
};
constexpr HanTable han_table(bool menzen) {
  HanTable t;
  for (int y = 0; y < kNumYaku; ++y) t.han[y] = menzen ? kInfo[y].closed_han : kInfo[y].open_han;
  return t;
}
constexpr HanTable kClosedHan = han_table(true), kOpenHan = han_table(false);

// The regular yaku worth nothing in an open hand (yaku_han() == 0 when not menzen).
constexpr YakuMask closed_only_yaku() {
  YakuMask m = 0;
  for (int y = 0; y < kNumYaku; ++y)
    if (!is_yakuman(static_cast<Yaku>(y)) && kInfo[y].open_han == 0) m |= YakuMask{1} << y;
  return m;
}
constexpr YakuMask kClosedOnly = closed_only_yaku();

// The yaku of `mask` that yaku_han() values above 0.
YakuMask worth_han(YakuMask mask, bool menzen, const Rules& rules) {
  if (menzen) return mask;
  YakuMask drop = kClosedOnly;
  if (rules.double_riichi == DoubleRiichiStyle::kTwoHan) drop &= ~yaku_bit(Yaku::kDoubleRiichi);
  if (!rules.open_tanyao) drop |= yaku_bit(Yaku::kTanyao);
  return mask & ~drop;
}

// The han of each byte value of the low four bytes of a yaku mask (kInfo's column): four
// lookups instead of a loop over the yaku (the regular yaku are bits 0..30).
struct HanBytes {
  std::uint8_t han[4][256] = {};
};
constexpr HanBytes han_bytes(bool menzen) {
  HanBytes t;
  for (int b = 0; b < 4; ++b)
    for (int v = 0; v < 256; ++v) {
      int han = 0;
      for (int i = 0; i < 8; ++i)
        if (v >> i & 1) han += menzen ? kInfo[8 * b + i].closed_han : kInfo[8 * b + i].open_han;
      t.han[b][v] = static_cast<std::uint8_t>(han);
    }
  return t;
}
constexpr HanBytes kClosedHanBytes = han_bytes(true), kOpenHanBytes = han_bytes(false);

// The sum of yaku_han() over the regular yaku of `mask`, from the tables.
int sum_han(YakuMask mask, bool menzen, const Rules& rules) {
  const HanTable& table = menzen ? kClosedHan : kOpenHan;
  const HanBytes& bytes = menzen ? kClosedHanBytes : kOpenHanBytes;
  int han = bytes.han[0][mask & 0xFF] + bytes.han[1][mask >> 8 & 0xFF] +
            bytes.han[2][mask >> 16 & 0xFF] + bytes.han[3][mask >> 24 & 0xFF];
  for (YakuMask m = mask >> 32 << 32; m; m &= m - 1) han += table.han[std::countr_zero(m)];
  if ((mask & yaku_bit(Yaku::kDoubleRiichi)) && rules.double_riichi == DoubleRiichiStyle::kTwoHan)
    han += 2 - table.han[static_cast<int>(Yaku::kDoubleRiichi)];
  return han;
}

}  // namespace

std::uint64_t kinds_present(const Counts& counts) { return kinds_at_least(counts, 1); }

namespace {

// yaku_han() and yakuman_units(), inline for append_yaku_items() (exported functions are not
// inlined in a library built with -fPIC).
inline int yaku_han_of(Yaku y, bool menzen, const Rules& rules) {
  if (is_yakuman(y)) return 0;
  if (y == Yaku::kDoubleRiichi && rules.double_riichi == DoubleRiichiStyle::kTwoHan) return 2;
  if (y == Yaku::kTanyao && !menzen && !rules.open_tanyao) return 0;
  return menzen ? info(y).closed_han : info(y).open_han;
}

inline int yakuman_units_of(Yaku y, const Rules& rules) {
  if (!is_yakuman(y)) return 0;
  // §6.3: EMA 2008 daisuushii is a double yakuman under the same name.
  if (y == Yaku::kDaisuushii && rules.double_yakuman) return 2;
  return info(y).yakuman;
}

}  // namespace

std::string_view yaku_name(Yaku y) { return info(y).name; }

int yaku_han(Yaku y, bool menzen, const Rules& rules) { return yaku_han_of(y, menzen, rules); }

int yakuman_units(Yaku y, const Rules& rules) { return yakuman_units_of(y, rules); }

namespace {

// sets_yaku(), and with `fu` sets_fu() in *fu (0 for seven pairs and thirteen orphans, as
// sets_fu() gives).
template <bool kFu>
SetsYaku sets_yaku_of(const Reading& r, const WinContext& ctx, const Rules& rules, int* fu) {
  SetsYaku out;
  const KindMask present = r.kinds;
  switch (r.shape) {
    case Shape::kKokushi:  // (all of it in finish_yaku: the wait decides)
      if constexpr (kFu) *fu = 0;
      return out;
    case Shape::kChiitoitsu:
      // OQ-9: tsuuiisou as seven honour pairs when tsuuiisou_seven_pairs.
      if ((present & ~kHonors) == 0 && rules.tsuuiisou_seven_pairs)
        out.yakuman |= yaku_bit(Yaku::kTsuuiisou);
      out.regular = colour_yaku(r, present, rules) | yaku_bit(Yaku::kChiitoitsu);
      if constexpr (kFu) *fu = 0;
      return out;
    case Shape::kStandard:
      break;
  }
  const Shape4 s = summarize(r);
  if constexpr (kFu) *fu = s.set_fu + fu_parts::pair_fu(r.pair, ctx, rules);
  out.yakuman = standard_yakuman(r, s, present, rules);
  out.ankou = static_cast<std::int8_t>(s.ankou);
  out.chuuren_base = static_cast<std::int8_t>(chuuren_base(r, present));
  out.pinfu_shape = r.menzen && s.chows == 4 && !is_yakuhai_pair(r.pair, ctx);
  out.regular = colour_yaku(r, present, rules) | standard_yaku(r, s, present, ctx);
  return out;
}

}  // namespace

SetsYaku sets_yaku(const Reading& r, const WinContext& ctx, const Rules& rules) {
  return sets_yaku_of<false>(r, ctx, rules, nullptr);
}

SetsYaku sets_yaku_fu(const Reading& r, const WinContext& ctx, const Rules& rules, int& fu) {
  return sets_yaku_of<true>(r, ctx, rules, &fu);
}

YakuEval finish_yaku(const SetsYaku& sets, const Reading& r, const WinContext& ctx,
                     const Rules& rules) {
  YakuEval out;
  YakuMask yakuman = context_yakuman(r, ctx, rules) | sets.yakuman;
  int ankou = sets.ankou;
  if (r.shape == Shape::kKokushi) {
    yakuman |=
        yaku_bit(r.wait == WaitShape::kKokushi13 && rules.double_yakuman ? Yaku::kKokushiMusou13
                                                                         : Yaku::kKokushiMusou);
  } else if (r.shape == Shape::kStandard) {
    // §7: a pung completed by ron is not a concealed one.
    if (r.completed >= 0) {
      const HandSet& done = r.sets[r.completed];
      ankou -= done.is_triplet() & done.open & !done.melded;
    }
    if (sets.chuuren_base >= 0) {
      const bool junsei = chuuren_junsei(r, sets.chuuren_base);
      yakuman |=
          yaku_bit(junsei && rules.double_yakuman ? Yaku::kJunseiChuuren : Yaku::kChuurenPoutou);
    }
    if (ankou == 4) {
      const bool tanki = r.wait == WaitShape::kTanki;
      yakuman |= yaku_bit(tanki && rules.double_yakuman ? Yaku::kSuuAnkouTanki : Yaku::kSuuAnkou);
    }
  }
  // §6.1 step 4: a yakuman makes every other yaku (and dora) irrelevant.
  if (yakuman) {
    settle_yakuman(yakuman, ctx, rules, out);
    return out;
  }
  YakuMask m = situational_yaku(r, ctx, rules) | sets.regular;
  if (r.shape == Shape::kStandard) {
    if (sets.pinfu_shape && r.wait == WaitShape::kRyanmen) m |= yaku_bit(Yaku::kPinfu);
    if (ankou == 3) m |= yaku_bit(Yaku::kSanAnkou);
  }
  // Drop yaku worth nothing here (e.g. open tanyao without kuitan).
  m = worth_han(m, r.menzen, rules);
  out.mask = m;
  out.han = sum_han(m, r.menzen, rules);
  return out;
}

YakuEval evaluate_yaku(const Reading& r, const WinContext& ctx, const Rules& rules) {
  return finish_yaku(sets_yaku(r, ctx, rules), r, ctx, rules);
}

bool renhou_mangan_applies(const Reading& r, const WinContext& ctx, const Rules& rules) {
  return ctx.renhou && rules.renhou == RenhouValue::kMangan && r.menzen && !r.tsumo;
}

void append_yaku_items(YakuMask mask, bool menzen, const Rules& rules, std::vector<YakuItem>& out) {
  for (YakuMask m = mask; m; m &= m - 1) {
    const auto y = static_cast<Yaku>(std::countr_zero(m));
    out.push_back(YakuItem{std::string(info(y).name), yaku_han_of(y, menzen, rules),
                           yakuman_units_of(y, rules)});
  }
}

}  // namespace riichi
