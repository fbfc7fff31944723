// Scoring: score(hand, winning tile, win context, rules) -> ScoreResult. Pure functions.
//
// Every decomposition and every reading of the winning tile is scored (RULES.md §6.1); the one
// with the highest payment wins (ties: more han, then more fu).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "riichi/hand.hpp"
#include "riichi/rules.hpp"
#include "riichi/tile.hpp"

namespace riichi {

// Seats are seat winds: 0 = East (dealer), 1 = South, 2 = West, 3 = North (four players only).
struct WinContext {
  bool tsumo = false;
  int seat = 0;        // winner's seat wind 0..3
  int round_wind = 0;  // prevalent wind 0..3 (0 = East round)
  std::vector<Tile> dora_indicators;
  std::vector<Tile> ura_indicators;  // used only when riichi or double_riichi
  bool riichi = false;
  bool double_riichi = false;  // implies riichi
  bool ippatsu = false;
  bool haitei = false;
  bool houtei = false;
  bool rinshan = false;
  bool chankan = false;
  bool tenhou = false;
  bool chiihou = false;
  bool renhou = false;
  int honba = 0;
  int riichi_sticks = 0;  // sticks on the table, collected by the winner (reported apart)
  int discarder = -1;     // ron: the discarder's seat; -1 = the player before the winner
  int liable = -1;        // pao: the liable player's seat, -1 = none
  int kita = 0;           // North tiles set aside as nukidora (rules.kita): +1 dora each, and
                          // each counts as a North for the dora and ura indicators
};

enum class ScoreError : std::uint8_t {
  kNone,
  kNotComplete,     // the tiles do not form a winning hand
  kNoYaku,          // complete, but no yaku (dora are not yaku)
  kRyanhanShibari,  // EMA 2008: fewer than 2 han of yaku with >= 5 counters
  kInvalidContext,  // inconsistent input (e.g. red fives under a preset without them)
};

enum class Limit : std::uint8_t {
  kNone,
  kMangan,
  kHaneman,
  kBaiman,
  kSanbaiman,
  kKazoeYakuman,
  kYakuman,  // yakuman_units says how many
};
std::string limit_name(Limit limit, int yakuman_units);  // "mangan", "yakuman x2", ...

struct YakuItem {
  std::string name;  // snake_case romaji: "riichi", "menzen_tsumo", "yakuhai_haku", ...
  int han = 0;       // 0 for yakuman items
  int yakuman = 0;   // yakuman units (1 or 2) for yakuman items
};

struct FuItem {
  std::string name;  // "base", "menzen_ron", "tsumo", "closed_pung_honor 8z", "kanchan_wait", ...
  int fu = 0;
};

struct Payments {
  int ron = 0;         // ron: paid by the discarder (before pao split), honba included
  int dealer = 0;      // non-dealer tsumo: the dealer's payment, honba included
  int non_dealer = 0;  // non-dealer tsumo: each non-dealer's payment, honba included
  int each = 0;        // dealer tsumo: each player's payment, honba included
  std::array<int, 4>
      delta{};     // per seat wind: what each seat gains (+) or pays (-), sticks excluded
  int total = 0;   // what the winner receives from the players, honba included
  int sticks = 0;  // riichi sticks collected (1000 each)
};

struct ScoreResult {
  ScoreError error = ScoreError::kNone;
  std::string error_message;  // human-readable reason when error != kNone

  std::vector<YakuItem> yaku;
  int han = 0;  // yaku han + dora + ura + red (0 for yakuman)
  int yaku_han = 0;
  int dora = 0;
  int ura = 0;
  int red = 0;
  int fu = 0;      // rounded (25 for chiitoitsu)
  int fu_raw = 0;  // before rounding
  std::vector<FuItem> fu_items;
  Limit limit = Limit::kNone;
  int yakuman_units = 0;
  int basic_points = 0;
  std::string reading;  // the chosen decomposition, e.g. "123m 456p 789s 55z + 78s<-9s ryanmen"
  Payments payments;

  bool ok() const { return error == ScoreError::kNone; }
};

// `hand.concealed` excludes the winning tile; `hand.melds` are the declared melds.
ScoreResult score(const Hand& hand, Tile win, const WinContext& ctx, const Rules& rules);

// The same verdict and points as score() without the names, items and text of ScoreResult (no
// allocation): for the table's win checks, bots and evaluation. Every field equals the field of
// the same name in score()'s result; `yaku` is the bit mask of the yaku (riichi::Yaku, yaku.hpp).
struct ScoreValue {
  ScoreError error = ScoreError::kNone;
  std::uint64_t yaku = 0;
  int han = 0;
  int yaku_han = 0;
  int dora = 0;
  int ura = 0;
  int red = 0;
  int fu = 0;
  Limit limit = Limit::kNone;
  int yakuman_units = 0;
  int basic_points = 0;
  Payments payments;

  bool ok() const { return error == ScoreError::kNone; }
};
ScoreValue score_value(const Hand& hand, Tile win, const WinContext& ctx, const Rules& rules);
ScoreValue score_value(std::span<const Tile> concealed, std::span<const Meld> melds, Tile win,
                       const WinContext& ctx, const Rules& rules);

// Payment for given han/fu (han >= 1) or a limit, following RULES.md §8.1. Exposed for tests of
// the §8.3 tables. `basic` = fu * 2^(han+2) capped, or the limit's basic points.
int basic_points(int han, int fu, const Rules& rules, Limit* limit = nullptr,
                 int yakuman_units = 0);
int round_up_100(int x);

}  // namespace riichi
