// What a hand starts from and how it ended: the interface between round.* (one hand) and
// game.* (the sequence of hands). Seats are absolute (0..3, 0 = the initial East); the seat
// wind of seat s is (s - dealer) mod 4.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "riichi/score.hpp"

namespace riichi {

struct RoundSetup {
  int round_wind = 0;     // 0 = East round, 1 = South, 2 = West
  int hand_number = 0;    // 0..3 within the round wind (East 1 = 0)
  int dealer = 0;         // seat of East
  int honba = 0;          // counters on the table
  int riichi_sticks = 0;  // sticks left on the table from earlier hands
  std::array<int, 4> scores{};
  std::uint64_t wall_seed = 0;
};

enum class RoundEnd : std::uint8_t {
  kWin,             // one or more ron winners, or a tsumo
  kExhaustiveDraw,  // ryuukyoku, noten payments (Tenhou nagashi replaces them: `nagashi`)
  kAbortiveDraw,    // see `abortive`
  kChombo,          // penalty settled, the hand is replayed (RULES.md §4.5)
};

enum class AbortiveDraw : std::uint8_t {
  kNone,
  kKyuushuKyuuhai,
  kSuufonRenda,
  kSuukaikan,
  kSuuchaRiichi,
  kSanchahou,
};

struct WinRecord {
  int winner = 0;
  int from = -1;    // discarder's seat for ron; -1 for tsumo
  int liable = -1;  // pao
  Hand hand;        // concealed without the winning tile, melds
  Tile win;
  ScoreResult score;
};

struct RoundResult {
  RoundEnd end = RoundEnd::kExhaustiveDraw;
  AbortiveDraw abortive = AbortiveDraw::kNone;
  std::vector<WinRecord> wins;    // ordered from the discarder's right (the closest first)
  std::array<bool, 4> tenpai{};   // exhaustive draw: the seats declared tenpai
  std::array<bool, 4> nagashi{};  // nagashi mangan (EMA 2008 win / Tenhou draw payment)
  // Every point that moved during the hand, per seat: riichi stakes (-1000), payments, honba,
  // sticks collected. scores_after = setup.scores + deltas.
  std::array<int, 4> deltas{};
  int riichi_sticks_after = 0;  // sticks left on the table for the next hand
  bool dealer_won = false;      // East among the winners (or an EMA 2008 nagashi winner)
  bool dealer_tenpai = false;   // exhaustive draw
  int chombo_seat = -1;         // RoundEnd::kChombo
};

}  // namespace riichi
