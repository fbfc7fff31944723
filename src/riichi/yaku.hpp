// Yaku detection for one reading of a complete hand (RULES.md §6).
//
// A Reading is one decomposition (standard sets + pair, seven pairs, or thirteen orphans) plus
// the block the winning tile completed. Detection is allocation-free: it returns a bitmask of
// yaku and the han / yakuman totals; names are built only for the reading finally chosen.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/tile.hpp"
#include "riichi/waits.hpp"

namespace riichi {

enum class Shape : std::uint8_t { kStandard, kChiitoitsu, kKokushi };
enum class SetKind : std::uint8_t { kChow, kPung, kKong };

// One set of a standard reading. `kind` is the lowest tile for a chow.
struct HandSet {
  SetKind type = SetKind::kPung;
  std::uint8_t kind = 0;
  bool open = false;    // melded (chi/pon/daiminkan/kakan) or a pung completed by ron (§7)
  bool melded = false;  // declared meld (ankan included)
  bool is_triplet() const { return type != SetKind::kChow; }
};

struct Reading {
  Shape shape = Shape::kStandard;
  std::array<HandSet, 4> sets{};
  int num_sets = 0;
  std::uint8_t pair = 0;  // standard: the pair's kind
  WaitShape wait = WaitShape::kTanki;
  std::uint8_t win = 0;  // winning tile kind
  int completed = -1;    // index of the set completed by the winning tile; -1 = the pair
  bool menzen = true;    // no chi/pon/daiminkan/kakan (ankan allowed)
  bool tsumo = false;
  Counts counts{};          // every tile of the hand, a kan counting 4
  std::uint64_t kinds = 0;  // bit k set when counts[k] > 0 (see kinds_present)
};

// The bit mask of kinds present in `counts` (Reading::kinds).
std::uint64_t kinds_present(const Counts& counts);

enum class Yaku : std::uint8_t {
  // regular yaku (§6.2)
  kRiichi,
  kDoubleRiichi,
  kIppatsu,
  kMenzenTsumo,
  kPinfu,
  kIipeikou,
  kTanyao,
  kYakuhaiHaku,
  kYakuhaiHatsu,
  kYakuhaiChun,
  kYakuhaiSeatWind,
  kYakuhaiRoundWind,
  kRinshanKaihou,
  kChankan,
  kHaitei,
  kHoutei,
  kSanshokuDoujun,
  kIttsu,
  kChanta,
  kChiitoitsu,
  kSanshokuDoukou,
  kSanAnkou,
  kSanKantsu,
  kToitoi,
  kShousangen,
  kHonroutou,
  kHonitsu,
  kJunchan,
  kRyanpeikou,
  kChinitsu,
  kRenhou,  // EMA 2016 renhou: 5 han, never combined (handled by score())
  // yakuman (§6.3)
  kKokushiMusou,
  kKokushiMusou13,  // double pattern (double_yakuman)
  kChuurenPoutou,
  kJunseiChuuren,  // double pattern (double_yakuman)
  kSuuAnkou,
  kSuuAnkouTanki,  // double pattern (double_yakuman)
  kDaisangen,
  kShousuushii,
  kDaisuushii,
  kTsuuiisou,
  kChinroutou,
  kRyuuiisou,
  kSuuKantsu,
  kTenhou,
  kChiihou,
  kRenhouYakuman,
  kCount,
};
inline constexpr int kNumYaku = static_cast<int>(Yaku::kCount);
static_assert(kNumYaku <= 64);

using YakuMask = std::uint64_t;
constexpr YakuMask yaku_bit(Yaku y) { return YakuMask{1} << static_cast<int>(y); }
constexpr bool is_yakuman(Yaku y) { return y >= Yaku::kKokushiMusou && y < Yaku::kCount; }

std::string_view yaku_name(Yaku y);  // snake_case romaji
// Han of a regular yaku for a closed (menzen) or open hand under `rules`; 0 for yakuman.
int yaku_han(Yaku y, bool menzen, const Rules& rules);
// Yakuman units (1 or 2) of a yakuman; 0 for a regular yaku.
int yakuman_units(Yaku y, const Rules& rules);

struct YakuEval {
  YakuMask mask = 0;         // regular yaku, or only the yakuman counted when yakuman > 0
  int han = 0;               // sum of regular yaku han (0 when yakuman > 0)
  int yakuman = 0;           // yakuman units after the stacking rule
  bool pao_yakuman = false;  // daisangen or daisuushii is present (§4.6)
};

// Every yaku of the reading (§6.2, §6.3) with the exclusions of §6.4. The EMA 2016 mangan
// renhou is not included (it never combines, see renhou_mangan_applies).
YakuEval evaluate_yaku(const Reading& reading, const WinContext& ctx, const Rules& rules);

// The same evaluation in two steps, evaluate_yaku(r) == finish_yaku(sets_yaku(r), r): the readings
// of one decomposition differ only in the winning tile, its block (`completed`, `wait`), `tsumo`
// and the open flag of a pung completed by ron; sets_yaku() reads only what they share (the
// shape, sets, pair, counts, kinds, menzen, and of the context the seat and round winds), so that
// score() and the evaluation compute it once for all of them. A concealed set may be open only
// as the block a ron completed (HandSet::open).
struct SetsYaku {
  YakuMask regular = 0;           // regular yaku of the sets: not pinfu, san ankou, nor the
                                  // situational ones (riichi, tsumo, ...)
  YakuMask yakuman = 0;           // yakuman of the sets: not chuuren, suu ankou, kokushi, nor the
                                  // context's (tenhou, ...)
  std::int8_t ankou = 0;          // pungs and kongs not declared open, a ron pung included
  std::int8_t chuuren_base = -1;  // first kind of the suit of a chuuren poutou shape, or -1
  bool pinfu_shape = false;       // closed, four chows, no yakuhai pair (pinfu if ryanmen)
};
SetsYaku sets_yaku(const Reading& reading, const WinContext& ctx, const Rules& rules);
// sets_yaku() and, counted in the same pass over the sets, sets_fu() (fu.hpp) in `fu`.
SetsYaku sets_yaku_fu(const Reading& reading, const WinContext& ctx, const Rules& rules, int& fu);
YakuEval finish_yaku(const SetsYaku& sets, const Reading& reading, const WinContext& ctx,
                     const Rules& rules);

// EMA 2016 renhou: a 5-han yaku that replaces the whole evaluation when worth more (OQ-8).
bool renhou_mangan_applies(const Reading& reading, const WinContext& ctx, const Rules& rules);

// Named items of the yaku in `mask`, in table order.
void append_yaku_items(YakuMask mask, bool menzen, const Rules& rules, std::vector<YakuItem>& out);

}  // namespace riichi
