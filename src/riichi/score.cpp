// Scoring (RULES.md §6.1 evaluation, §6.5 dora, §8 points, §4.6 pao, §5.1 honba).
//
// Hot path: every reading is evaluated without heap allocation (yaku as a bitmask, fu as a
// number); names, fu items and the reading text are built only for the chosen reading.
#include "riichi/score.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>

#include "riichi/decompose.hpp"
#include "riichi/dora.hpp"
#include "riichi/fu.hpp"
#include "riichi/yaku.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace riichi {

int dora_in_play(int indicator, const Rules& rules) {
  return rules.no_manzu_2_to_8 && indicator == 0 ? 8 : dora_of(indicator);
}

std::string limit_name(Limit limit, int yakuman_units) {
  switch (limit) {
    case Limit::kNone:
      return "";
    case Limit::kMangan:
      return "mangan";
    case Limit::kHaneman:
      return "haneman";
    case Limit::kBaiman:
      return "baiman";
    case Limit::kSanbaiman:
      return "sanbaiman";
    case Limit::kKazoeYakuman:
      return "kazoe yakuman";
    case Limit::kYakuman:
      return yakuman_units <= 1 ? "yakuman" : "yakuman x" + std::to_string(yakuman_units);
  }
  return "";
}

// The exported functions are called from this file through these internal copies: a library
// built with -fPIC may not inline a call to an exported function of its own (it could be
// interposed), and these are on the hot path of every reading.
namespace {

inline int round_up_100_of(int x) { return (x + 99) / 100 * 100; }

// §8.1: basic points, limits from 5 han; kazoe yakuman only with rules.kazoe_yakuman.
inline int basic_points_of(int han, int fu, const Rules& rules, Limit* limit, int yakuman_units) {
  // The limits of 5..13 han by index han - 5 (13 and more: kazoe yakuman, or sanbaiman without
  // it), read from tables rather than a chain of comparisons on the han.
  static constexpr Limit kLimits[9] = {Limit::kMangan,    Limit::kHaneman,   Limit::kHaneman,
                                       Limit::kBaiman,    Limit::kBaiman,    Limit::kBaiman,
                                       Limit::kSanbaiman, Limit::kSanbaiman, Limit::kKazoeYakuman};
  static constexpr int kLimitBasic[9] = {2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000, 8000};
  Limit l = Limit::kNone;
  int basic = 0;
  if (yakuman_units > 0) {
    l = Limit::kYakuman, basic = 8000 * yakuman_units;
  } else if (han >= 5) {
    const int i = std::min(han, 13) - 5 - (han >= 13 && !rules.kazoe_yakuman ? 1 : 0);
    l = kLimits[i], basic = kLimitBasic[i];
  } else {
    basic = fu << (han + 2);
    // kiriage mangan: 4 han 30 fu and 3 han 60 fu (basic 1920) are rounded up to mangan.
    if (basic >= (rules.kiriage_mangan ? 1920 : 2000)) l = Limit::kMangan, basic = 2000;
  }
  if (limit) *limit = l;
  return basic;
}

}  // namespace

int round_up_100(int x) { return round_up_100_of(x); }

int basic_points(int han, int fu, const Rules& rules, Limit* limit, int yakuman_units) {
  return basic_points_of(han, fu, rules, limit, yakuman_units);
}

namespace {

// ------------------------------------------------------------------------------------------
// Candidates.

// The value of one reading (the reading itself is copied only when it becomes the best).
struct Candidate {
  YakuEval yaku;
  bool renhou_alone = false;  // EMA 2016 renhou scored on its own (OQ-8)
  FuResult fu;
  int han = 0;  // total, dora included
  int dora = 0, ura = 0, red = 0;
  Limit limit = Limit::kNone;
  int basic = 0;
  int value = 0;  // what the winner receives before honba and sticks
};

int win_value(int basic, bool dealer, bool tsumo) {
  if (!tsumo) return round_up_100_of(basic * (dealer ? 6 : 4));
  if (dealer) return 3 * round_up_100_of(2 * basic);
  return round_up_100_of(2 * basic) + 2 * round_up_100_of(basic);
}

bool better(const Candidate& a, const Candidate& b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.yaku.yakuman != b.yaku.yakuman) return a.yaku.yakuman > b.yaku.yakuman;
  if (a.han != b.han) return a.han > b.han;
  return a.fu.rounded > b.fu.rounded;
}

struct DoraCount {
  int dora = 0, ura = 0, red = 0;
};

struct Search {
  Search(const WinContext& c, const Rules& r, Reading* keep)
      : ctx(c), rules(r), best_reading(keep) {}
  const WinContext& ctx;
  const Rules& rules;
  DoraCount dora;
  bool complete = false;  // some reading forms a winning shape
  bool any_yaku = false;  // some reading has a yaku
  bool has_best = false;
  Candidate best;
  // Where the best reading is copied: score() names it; score_value() does not (nullptr, and
  // no Reading is constructed for it).
  Reading* best_reading;

  void offer(Candidate& c, const Reading& r) {
    c.basic = basic_points_of(c.han, c.fu.rounded, rules, &c.limit, c.yaku.yakuman);
    c.value = win_value(c.basic, ctx.seat == 0, ctx.tsumo);
    if (has_best && !better(c, best)) return;
    best = c, has_best = true;
    if (best_reading) *best_reading = r;
  }

  // §4.1: EMA 2008 ryanhan shibari: >= N counters need 2 han of yaku (yakuman satisfies).
  bool passes_shibari(const YakuEval& y) const {
    if (rules.ryanhan_shibari_honba <= 0 || ctx.honba < rules.ryanhan_shibari_honba) return true;
    return y.yakuman > 0 || y.han >= 2;
  }

  // `sets`, `fu`: sets_yaku() and sets_fu() of the reading's decomposition (shared by its
  // readings; sets_yaku_fu() gives both in one pass over the sets).
  void consider(const Reading& r, const SetsYaku& sets, int fu) {
    complete = true;
    Candidate c;
    c.yaku = finish_yaku(sets, r, ctx, rules);
    // (ctx.renhou first: the call is made only for a renhou win.)
    const bool renhou = c.yaku.yakuman == 0 && ctx.renhou && renhou_mangan_applies(r, ctx, rules);
    if (c.yaku.yakuman == 0 && c.yaku.han == 0 && !renhou) return;
    // Fu only matter below 5 han (§7); yakuman readings skip them.
    const bool pinfu = c.yaku.mask & yaku_bit(Yaku::kPinfu);
    if (c.yaku.yakuman == 0) c.fu = fu_parts::finish_fu_of(fu, r, pinfu);
    if (c.yaku.yakuman > 0 || c.yaku.han > 0) {
      any_yaku = true;
      if (passes_shibari(c.yaku)) {
        if (c.yaku.yakuman == 0) {
          c.dora = dora.dora, c.ura = dora.ura, c.red = dora.red;
          c.han = c.yaku.han + c.dora + c.ura + c.red;
        }
        offer(c, r);
      }
    }
    // §6.4 / OQ-8: EMA 2016 renhou = 5 han alone, no other yaku or dora.
    if (renhou) {
      any_yaku = true;
      c.yaku = YakuEval{yaku_bit(Yaku::kRenhou), 5, 0, false};
      c.renhou_alone = true;
      c.dora = c.ura = c.red = 0;
      c.han = 5;
      offer(c, r);
    }
  }
};

HandSet meld_set(const Meld& m) {
  HandSet s;
  // Meld::base_kind() (the lowest kind of its tiles) without the library call: a kan's fourth
  // tile compared only for a kan (tiles[0] again otherwise).
  const int k0 = m.tiles[0].kind, k1 = m.tiles[1].kind, k2 = m.tiles[2].kind;
  const int k3 = m.is_kan() ? m.tiles[3].kind : k0;
  s.kind = static_cast<std::uint8_t>(std::min(std::min(k0, k1), std::min(k2, k3)));
  s.type = m.is_chi() ? SetKind::kChow : m.is_kan() ? SetKind::kKong : SetKind::kPung;
  s.open = m.is_open();
  s.melded = true;
  return s;
}

// Wait shape of the winning tile `w` completing the chow starting at `k` (§7).
WaitShape chow_wait(int k, int w) {
  const int pos = w - k;
  if (pos == 1) return WaitShape::kKanchan;
  if (pos == 0) return number_of(k) == 7 ? WaitShape::kPenchan : WaitShape::kRyanmen;
  return number_of(k) == 1 ? WaitShape::kPenchan : WaitShape::kRyanmen;
}

static_assert(static_cast<int>(SetKind::kChow) == 0 && static_cast<int>(SetKind::kPung) == 1);

// Every reading of one standard decomposition: one per distinct block holding the win tile. The
// sets are laid out once (concealed blocks in order, then the melds); each reading only marks
// the block the win completed.
void standard_readings(const Decomposition& d, const Reading& base, Search& search) {
  Reading r = base;
  // The concealed sets in block order, then the melds (base.sets: 4 - concealed sets of them),
  // laid out without a branch on the blocks: a pair's slot is written and not kept, the melds'
  // four slots are copied whole (the spare ones are not kept either).
  // (Neither is initialised: laid[0..n + 4) and set_of_block[0..d.count) are written first.)
  std::array<std::uint32_t, 9> laid;  // HandSet's bytes
  std::array<int, 6> set_of_block;    // index in r.sets, -1 for the pair
  // Bit j: block j holds the winning tile and is not a repeat of the block before (decompose()
  // gives a kind's blocks together, so equal blocks are adjacent: one reading for them).
  unsigned readings = 0;
  const int w = base.win;
  int n = 0, pair_kind = 0;
  // Each block read as one 16-bit word (type | kind << 8: Block's layout) and laid as one 32-bit
  // set (HandSet's layout: type, kind, not open, not melded), the pair's type included (its slot
  // is not kept: the next block or the melds overwrite it).
  static_assert(sizeof(Block) == 2 && sizeof(HandSet) == 4 &&
                std::endian::native == std::endian::little);
  static_assert(static_cast<int>(BlockType::kChow) == 0 && static_cast<int>(BlockType::kPung) == 1);
  // Bit 4 * type + min(offset, 3): the block holds a tile `offset` above its kind (a chow its
  // three tiles, a pung or the pair their one kind).
  constexpr unsigned kHolds = 0x7u | 0x1u << 4 | 0x1u << 8;
  std::uint16_t before = 0xFFFF;  // (no block)
  for (int j = 0; j < d.count; ++j) {
    std::uint16_t word;
    std::memcpy(&word, &d.blocks[j], sizeof word);
    const unsigned type = word & 0xFFu, kind = word >> 8;
    const unsigned offset = std::min(static_cast<unsigned>(w) - kind, 3u);
    const unsigned holds = kHolds >> (4 * type + offset) & 1u;
    readings |= (holds & unsigned{word != before}) << j;
    before = word;
    laid[static_cast<std::size_t>(n)] = word;
    const int pair = type == static_cast<unsigned>(BlockType::kPair);
    pair_kind |= static_cast<int>(kind) & -pair;  // (one pair)
    set_of_block[static_cast<std::size_t>(j)] = n | -pair;
    n += 1 - pair;
  }
  r.pair = static_cast<std::uint8_t>(pair_kind);
  std::memcpy(&laid[static_cast<std::size_t>(n)], base.sets.data(), sizeof base.sets);
  std::memcpy(static_cast<void*>(r.sets.data()), laid.data(), sizeof r.sets);
  r.num_sets = n + base.num_sets;
  int fu;
  const SetsYaku sets = sets_yaku_fu(r, search.ctx, search.rules, fu);
  for (; readings; readings &= readings - 1) {
    const int i = std::countr_zero(readings);
    const Block& b = d.blocks[i];
    r.completed = set_of_block[i];
    r.wait = b.type == BlockType::kPair   ? WaitShape::kTanki
             : b.type == BlockType::kPung ? WaitShape::kShanpon
                                          : chow_wait(b.kind, w);
    // §7: a pung completed by a ron tile is open (and not a concealed pung).
    const bool ron_pung = b.type == BlockType::kPung && !base.tsumo;
    if (ron_pung) r.sets[r.completed].open = true;
    search.consider(r, sets, fu);
    if (ron_pung) r.sets[r.completed].open = false;
  }
}

// dora_of() of every indicator kind, as a table (count_dora reads it once per indicator); row 1
// for three players, where a 1m indicator points to 9m (dora_in_play).
constexpr std::array<std::array<std::uint8_t, kNumKinds>, 2> kDoraOf = [] {
  std::array<std::array<std::uint8_t, kNumKinds>, 2> t{};
  for (int k = 0; k < kNumKinds; ++k) t[0][k] = t[1][k] = static_cast<std::uint8_t>(dora_of(k));
  t[1][0] = 8;
  return t;
}();

DoraCount count_dora(int red_fives, const Counts& all, const WinContext& ctx, const Rules& rules) {
  DoraCount d;
  const auto& dora_of_kind = kDoraOf[rules.no_manzu_2_to_8 ? 1 : 0];
  // Nukidora: one dora each, and a North for the indicators (the counts read in place: a North
  // dora adds the kita).
  const auto dora_count = [&](Tile t) {
    const int k = t.kind < kNumKinds ? int{dora_of_kind[t.kind]} : dora_in_play(t.kind, rules);
    return int{all[k]} + (k == kNorth ? ctx.kita : 0);
  };
  d.dora = ctx.kita;
  for (Tile t : ctx.dora_indicators) d.dora += dora_count(t);
  if (ctx.riichi || ctx.double_riichi)  // §6.5: ura only for riichi winners
    for (Tile t : ctx.ura_indicators) d.ura += dora_count(t);
  d.red = red_fives;
  return d;
}

// ------------------------------------------------------------------------------------------
// Validation.

// The reason the context is inconsistent, or nullptr (no string built on the hot path).
const char* validate(bool open, int red_fives, const WinContext& ctx, const Rules& rules) {
  // (Unsigned: a negative seat or wind is above 3.)
  if (static_cast<unsigned>(ctx.seat) > 3u || static_cast<unsigned>(ctx.round_wind) > 3u)
    return "seat and round_wind must be 0..3";
  if (ctx.seat >= rules.players) return "seat must be 0..2 with three players";
  if (!rules.red_fives && red_fives > 0)
    return "the hand holds a red five but the rules have red_fives=false";
  if ((ctx.honba | ctx.riichi_sticks) < 0) return "honba and riichi_sticks must be >= 0";
  if ((ctx.riichi || ctx.double_riichi) && open) return "riichi with an open hand";
  // The eight flags of special wins (ippatsu .. renhou, adjacent bools) read as one word: when
  // none is set (most wins), none of the five checks on them can fail.
  static_assert(std::is_standard_layout_v<WinContext> && sizeof(bool) == 1 &&
                offsetof(WinContext, renhou) - offsetof(WinContext, ippatsu) == 7);
  std::uint64_t special;
  std::memcpy(&special, reinterpret_cast<const char*>(&ctx) + offsetof(WinContext, ippatsu),
              sizeof special);
  if (special != 0) {
    if (ctx.ippatsu && !ctx.riichi && !ctx.double_riichi) return "ippatsu without riichi";
    if (!ctx.tsumo && (ctx.haitei || ctx.rinshan || ctx.tenhou || ctx.chiihou))
      return "haitei, rinshan, tenhou and chiihou are tsumo wins";
    if (ctx.tsumo && (ctx.houtei || ctx.chankan || ctx.renhou))
      return "houtei, chankan and renhou are ron wins";
    if (ctx.tenhou && ctx.seat != 0) return "tenhou is the dealer's win";
    if ((ctx.chiihou || ctx.renhou) && ctx.seat == 0)
      return "chiihou and renhou are non-dealer wins";
  }
  // (The seat is 0..3 here: a discarder or liable player equal to it is >= 0.)
  if (!ctx.tsumo && (ctx.discarder > 3 || ctx.discarder == ctx.seat))
    return "the discarder must be another seat 0..3";
  if (ctx.liable > 3 || ctx.liable == ctx.seat)
    return "the liable player must be another seat 0..3";
  return nullptr;
}

// ------------------------------------------------------------------------------------------
// Result building (chosen reading only).

// The reading's text is written into a fixed buffer and copied into the result's string once
// (appending char by char to a std::string checks its capacity at every character). The longest
// text, kokushi with its 13 kinds or four declared kans, is under 100 characters; the buffer
// keeps 16 spare bytes past it for put_padded().
struct TextBuffer {
  std::array<char, 160> chars;
  std::size_t size = 0;
  // (`size` read once and written once an operation: a character written might be any object
  // for the compiler, which would read `size` again after each.)
  void put(char c) {
    const std::size_t n = size;
    chars[n] = c;
    size = n + 1;
  }
  // A literal: one copy of known length.
  template <std::size_t N>
  void put(const char (&text)[N]) {
    std::memcpy(chars.data() + size, text, N - 1);
    size += N - 1;
  }
  void repeat(char c, int copies) {
    std::size_t n = size;
    for (int i = 0; i < copies; ++i) chars[n++] = c;
    size = n;
  }
  // A text of up to N - 1 characters padded to N bytes (its length in the last): written as
  // one N-byte copy, of which the characters past the text are overwritten next or not kept.
  template <std::size_t N>
  void put_padded(const std::array<char, N>& text) {
    static_assert(N <= 16);
    std::memcpy(chars.data() + size, text.data(), N);
    size += static_cast<unsigned char>(text[N - 1]);
  }
  std::string str() const { return std::string(chars.data(), size); }
};

// The text of every set, padded (TextBuffer::put_padded): "123m", "555z" or "1111p" by type
// (SetKind) and kind (a chow's lowest).
constexpr std::array<std::array<std::array<char, 8>, kNumKinds>, 3> kSetText = [] {
  std::array<std::array<std::array<char, 8>, kNumKinds>, 3> t{};
  for (int type = 0; type < 3; ++type)
    for (int k = 0; k < kNumKinds; ++k) {
      auto& text = t[static_cast<std::size_t>(type)][static_cast<std::size_t>(k)];
      const int n = k % 9;  // number_of(k) - 1
      int size = 0;
      if (type == static_cast<int>(SetKind::kChow)) {
        if (k >= 27 || n > 6) continue;  // no chow starts there
        for (int i = 0; i < 3; ++i)
          text[static_cast<std::size_t>(size++)] = static_cast<char>('1' + n + i);
      } else {
        for (int i = 0; i < (type == static_cast<int>(SetKind::kKong) ? 4 : 3); ++i)
          text[static_cast<std::size_t>(size++)] = static_cast<char>('1' + n);
      }
      text[static_cast<std::size_t>(size++)] = "mpsz"[k / 9];
      text[7] = static_cast<char>(size);
    }
  return t;
}();

// Appends "123m", "555z" or "1111p".
void append_set(TextBuffer& out, const HandSet& s) {
  out.put_padded(kSetText[static_cast<std::size_t>(s.type)][s.kind]);
}

void append_kind(TextBuffer& out, int kind, int copies = 1) {
  out.repeat(static_cast<char>('0' + number_of(kind)), copies);
  out.put("mpsz"[kind / 9]);
}

// Appends " [c456s]" in the notation of §1.3.
void append_meld(TextBuffer& out, const Meld& m) {
  static constexpr char kLetters[] = {'c', 'p', 'm', 'k', 'a'};
  out.put(" [");
  out.put(kLetters[static_cast<int>(m.type)]);
  for (Tile t : m.view()) out.put(t.red ? '0' : static_cast<char>('0' + number_of(t.kind)));
  out.put("mpsz"[m.tiles[0].kind / 9]);
  out.put(']');
}

// The wait's name after the winning tile, with its space, padded (TextBuffer::put_padded).
constexpr std::array<char, 16> padded(const char* text) {
  std::array<char, 16> t{};
  int n = 0;
  for (; text[n] && n < 15; ++n) t[static_cast<std::size_t>(n)] = text[n];
  t[15] = static_cast<char>(n);
  return t;
}

void put_wait(TextBuffer& out, WaitShape w) {
  static constexpr std::array<std::array<char, 16>, kNumWaitShapes> kWaitText = {
      padded(" ryanmen"), padded(" kanchan"), padded(" penchan"), padded(" shanpon"),
      padded(" tanki"),   padded(" tanki"),   padded(" single"),  padded(" 13-sided")};
  static_assert(
      static_cast<int>(WaitShape::kRyanmen) == 0 && static_cast<int>(WaitShape::kKanchan) == 1 &&
      static_cast<int>(WaitShape::kPenchan) == 2 && static_cast<int>(WaitShape::kShanpon) == 3 &&
      static_cast<int>(WaitShape::kTanki) == 4 && static_cast<int>(WaitShape::kChiitoitsu) == 5 &&
      static_cast<int>(WaitShape::kKokushi) == 6 && static_cast<int>(WaitShape::kKokushi13) == 7);
  out.put_padded(kWaitText[static_cast<std::size_t>(w)]);
}

std::string reading_text(const Reading& r, std::span<const Meld> melds) {
  TextBuffer out;
  if (r.shape == Shape::kStandard) {
    for (int i = 0; i < r.num_sets; ++i) {
      if (r.sets[i].melded) continue;
      append_set(out, r.sets[i]);
      out.put(' ');
    }
    append_kind(out, r.pair, 2);
    for (const Meld& m : melds) append_meld(out, m);
  } else {
    if (r.shape == Shape::kChiitoitsu)
      out.put("chiitoitsu");
    else
      out.put("kokushi");
    for (int k = 0; k < kNumKinds; ++k) {
      if (!r.counts[k]) continue;
      out.put(' ');
      append_kind(out, k, r.counts[k]);
    }
  }
  out.put(", win ");
  append_kind(out, r.win);
  put_wait(out, r.wait);
  if (r.shape == Shape::kStandard) {
    out.put(" (");
    if (r.completed >= 0)
      append_set(out, r.sets[r.completed]);
    else
      append_kind(out, r.pair, 2);
    out.put(')');
  }
  return out.str();
}

Payments make_payments(int basic, const WinContext& ctx, bool pao, const Rules& rules) {
  Payments p;
  const bool dealer = ctx.seat == 0;
  const int h = ctx.honba;
  const int players = rules.players;
  // A counter is worth 100 from each opponent: a ron pays 300 per counter with four players,
  // 200 with three (Tenhou sanma logs).
  const int ron_honba = 100 * (players - 1);
  if (!ctx.tsumo) {
    const int discarder = ctx.discarder >= 0 ? ctx.discarder : (ctx.seat + players - 1) % players;
    const int value = round_up_100_of(basic * (dealer ? 6 : 4));
    p.ron = value + ron_honba * h;
    p.total = p.ron;
    if (pao && ctx.liable != discarder) {
      // §4.6: half each; the counters are paid by the discarder (EMA) or the liable (Tenhou).
      const int half = value / 2;
      const int liable_honba = rules.pao_honba == PaoHonba::kLiable ? ron_honba * h : 0;
      p.delta[ctx.liable] -= half + liable_honba;
      p.delta[discarder] -= value - half + ron_honba * h - liable_honba;
    } else {
      p.delta[discarder] -= p.ron;
    }
  } else {
    // Without tsumo loss, the absent North's share (a non-dealer's) is split between the payers,
    // each half rounded up to 100.
    const int absent = players < 4 && !rules.tsumo_loss ? round_up_100_of(basic) : 0;
    const int split = absent > 0 ? round_up_100_of(absent / 2) : 0;
    if (dealer) {
      p.each = round_up_100_of(2 * basic) + 100 * h + (absent ? round_up_100_of(basic) : 0);
    } else {
      p.dealer = round_up_100_of(2 * basic) + 100 * h + split;
      p.non_dealer = round_up_100_of(basic) + 100 * h + split;
    }
    for (int s = 0; s < players; ++s) {
      if (s == ctx.seat) continue;
      const int pay = dealer ? p.each : s == 0 ? p.dealer : p.non_dealer;
      p.total += pay;
      if (!pao) p.delta[s] -= pay;
    }
    // §4.6 / OQ-7: on tsumo the liable player pays everything, counters included.
    if (pao) p.delta[ctx.liable] -= p.total;
  }
  p.delta[ctx.seat] += p.total;
  p.sticks = ctx.riichi_sticks * 1000;
  return p;
}

ScoreResult fail(ScoreError error, std::string message) {
  ScoreResult r;
  r.error = error;
  r.error_message = std::move(message);
  return r;
}

// The fu of the chosen reading as the result reports them (none for yakuman).
FuResult chosen_fu(const Search& s, std::vector<FuItem>* items) {
  const Candidate& c = s.best;
  if (c.yaku.yakuman > 0) return {};  // §7: fu are irrelevant for yakuman, reported as 0
  const bool pinfu = c.yaku.mask & yaku_bit(Yaku::kPinfu);
  return compute_fu(*s.best_reading, s.ctx, pinfu, s.rules, items);
}

bool pao_applies(const Search& s) {
  const Candidate& c = s.best;
  return s.ctx.liable >= 0 && c.yaku.yakuman > 0 && c.yaku.pao_yakuman;
}

ScoreResult build_result(const Search& s, std::span<const Meld> melds, const WinContext& ctx,
                         const Rules& rules) {
  const Candidate& c = s.best;
  const Reading& reading = *s.best_reading;
  ScoreResult res;
  res.yaku.reserve(static_cast<std::size_t>(mask_size(c.yaku.mask)));  // (no library call)
  append_yaku_items(c.yaku.mask, reading.menzen, rules, res.yaku);
  res.yaku_han = c.yaku.han;
  res.han = c.han;
  res.dora = c.dora, res.ura = c.ura, res.red = c.red;
  if (c.yaku.yakuman == 0) res.fu_items.reserve(8);
  const FuResult fu = chosen_fu(s, &res.fu_items);
  res.fu = fu.rounded;
  res.fu_raw = fu.raw;
  res.limit = c.limit;
  res.yakuman_units = c.yaku.yakuman;
  res.basic_points = c.basic;
  res.reading = reading_text(reading, melds);
  res.payments = make_payments(c.basic, ctx, pao_applies(s), rules);
  return res;
}

// kinds_at_least(counts, 1) and kinds_at_least(counts, 5), the counts loaded once.
struct KindsHeld {
  std::uint64_t present = 0, over_four = 0;
};
KindsHeld kinds_held(const Counts& c) {
#if defined(__SSE2__)
  // Kinds 0..15, 16..31, and 18..33 of which lanes 14 and 15 (kinds 32, 33) are kept.
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data()));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16));
  const __m128i t = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 18));
  const auto above = [&](__m128i v) {
    const auto bits = [&](__m128i x) {
      return std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(x, v))));
    };
    return bits(a) | bits(b) << 16 | (bits(t) >> 14) << 32;
  };
  return {above(_mm_setzero_si128()), above(_mm_set1_epi8(4))};
#else
  return {kinds_at_least(c, 1), kinds_at_least(c, 5)};
#endif
}

// What score() and score_value() read: the hand as views (no copy).
struct WinInput {
  std::span<const Tile> concealed;  // without the winning tile
  std::span<const Meld> melds;
  Tile win;
};

std::string hand_text(const WinInput& in) {
  return format_hand(Hand{std::vector<Tile>(in.concealed.begin(), in.concealed.end()),
                          std::vector<Meld>(in.melds.begin(), in.melds.end())});
}

// The checks and the search over every reading (§6.1). Returns kNone when `search` holds the
// best reading; otherwise the error, and its message in *message when given.
ScoreError find_best(const WinInput& in, Search& search, std::string* message) {
  const WinContext& ctx = search.ctx;
  const Rules& rules = search.rules;
  const auto failed = [&](ScoreError error, const auto& text) {
    if (message) *message = text();
    return error;
  };
  if (in.win.kind >= kNumKinds)
    return failed(ScoreError::kInvalidContext, [] { return "invalid context: bad tile"; });
  // One pass over the tiles: concealed counts, all counts, red fives.
  Reading base;
  base.win = in.win.kind;
  base.tsumo = ctx.tsumo;
  Counts concealed{};
  int red_fives = in.win.red;
  // (Two tiles an iteration: one loop test for two.)
  const Tile* tile = in.concealed.data();
  const Tile* const end = tile + in.concealed.size();
  for (; end - tile >= 2; tile += 2) {
    ++concealed[tile[0].kind], ++concealed[tile[1].kind];
    red_fives += tile[0].red + tile[1].red;
  }
  if (tile != end) ++concealed[tile->kind], red_fives += tile->red;
  ++concealed[in.win.kind];
  base.counts = concealed;
  const int melds = static_cast<int>(in.melds.size());
  for (const Meld& m : in.melds) {
    if (base.num_sets < 4) base.sets[base.num_sets++] = meld_set(m);
    base.menzen &= !m.is_open();
    // Three tiles, and the fourth of a kan (added as 0 copies of the first kind otherwise: no
    // branch on the meld's size).
    for (int i = 0; i < 3; ++i) ++base.counts[m.tiles[i].kind], red_fives += m.tiles[i].red;
    const bool kan = m.is_kan();
    const Tile fourth = m.tiles[3];
    base.counts[kan ? fourth.kind : m.tiles[0].kind] += kan;
    red_fives += kan & fourth.red;
  }
  if (const char* why = validate(!base.menzen, red_fives, ctx, rules))
    return failed(ScoreError::kInvalidContext,
                  [&] { return std::string("invalid context: ") + why; });
  if (rules.no_manzu_2_to_8)  // three players: 2m-8m are not in the game
    for (int k = 1; k <= 7; ++k)
      if (base.counts[k] > 0)
        return failed(ScoreError::kInvalidContext, [k] {
          return "invalid context: " + kind_to_string(k) + " is not in play (2m-8m are removed)";
        });
  if (ctx.kita < 0 || ctx.kita > 4 || base.counts[kNorth] + ctx.kita > 4)
    return failed(ScoreError::kInvalidContext,
                  [] { return std::string("invalid context: more than four North tiles"); });
  if (melds > 4 || static_cast<int>(in.concealed.size()) + 3 * melds != 13)
    return failed(ScoreError::kNotComplete, [&] {
      return "not a complete hand: expected 13 tiles besides the winning tile (a kan counts "
             "3), got " +
             std::to_string(in.concealed.size() + 3 * in.melds.size());
    });
  const KindsHeld held = kinds_held(base.counts);
  base.kinds = held.present;
  if (const std::uint64_t too_many = held.over_four)
    return failed(ScoreError::kInvalidContext, [&] {
      return "invalid context: more than four copies of " +
             kind_to_string(std::countr_zero(too_many));
    });

  search.dora = count_dora(red_fives, base.counts, ctx, rules);
  // §6.1: every standard decomposition and every reading of the winning tile.
  {
    DecompositionList list;
    decompose(concealed, list);
    for (int i = 0; i < list.count; ++i) standard_readings(list.items[i], base, search);
  }
  // Cheap filters on the kinds present before the full checks.
  // (Thirteen orphans hold exactly the 13 terminal and honour kinds.)
  if (melds == 0 && mask_size(base.kinds) == 7 && is_chiitoitsu(concealed)) {
    Reading r = base;
    r.shape = Shape::kChiitoitsu;
    r.wait = WaitShape::kChiitoitsu;
    search.consider(r, sets_yaku(r, ctx, rules), 0);  // (sets_fu() is 0 for this shape)
  }
  if (melds == 0 && base.kinds == kYaochuuMask && is_kokushi(concealed)) {
    Reading r = base;
    r.shape = Shape::kKokushi;
    r.wait = concealed[in.win.kind] == 2 ? WaitShape::kKokushi13 : WaitShape::kKokushi;
    search.consider(r, sets_yaku(r, ctx, rules), 0);  // (sets_fu() is 0 for this shape)
  }

  if (!search.complete)
    return failed(ScoreError::kNotComplete, [&] {
      return "not a complete hand: " + hand_text(in) + " + " + tile_to_string(in.win) +
             " is neither 4 sets and a pair, seven pairs nor thirteen orphans";
    });
  if (!search.any_yaku)
    return failed(ScoreError::kNoYaku, [] {
      return "no yaku: the hand is complete but has no yaku (dora are not yaku)";
    });
  if (!search.has_best)
    return failed(ScoreError::kRyanhanShibari, [&] {
      return "ryanhan shibari: with " + std::to_string(ctx.honba) +
             " counters the hand needs 2 han from yaku (dora and red fives excluded)";
    });
  return ScoreError::kNone;
}

}  // namespace

ScoreResult score(const Hand& hand, Tile win, const WinContext& ctx, const Rules& rules) {
  Reading best_reading;
  Search search{ctx, rules, &best_reading};
  std::string message;
  const ScoreError error = find_best({hand.concealed, hand.melds, win}, search, &message);
  if (error != ScoreError::kNone) return fail(error, std::move(message));
  return build_result(search, hand.melds, ctx, rules);
}

ScoreValue score_value(std::span<const Tile> concealed, std::span<const Meld> melds, Tile win,
                       const WinContext& ctx, const Rules& rules) {
  Search search{ctx, rules, nullptr};
  ScoreValue v;
  v.error = find_best({concealed, melds, win}, search, nullptr);
  if (v.error != ScoreError::kNone) return v;
  const Candidate& c = search.best;
  v.yaku = c.yaku.mask;
  v.han = c.han;
  v.yaku_han = c.yaku.han;
  v.dora = c.dora, v.ura = c.ura, v.red = c.red;
  // The search's fu of the chosen reading (compute_fu() of it, as chosen_fu() would give: the
  // same rules in two steps, fu.hpp), 0 for a yakuman.
  v.fu = c.yaku.yakuman > 0 ? 0 : c.fu.rounded;
  v.limit = c.limit;
  v.yakuman_units = c.yaku.yakuman;
  v.basic_points = c.basic;
  v.payments = make_payments(c.basic, ctx, pao_applies(search), rules);
  return v;
}

ScoreValue score_value(const Hand& hand, Tile win, const WinContext& ctx, const Rules& rules) {
  return score_value(hand.concealed, hand.melds, win, ctx, rules);
}

}  // namespace riichi
