// A game as a plain, format-neutral sequence of hands (docs/export-formats.md §1): for each hand
// the table at the start, the 13 dealt tiles of each seat, every draw, discard, call, riichi and
// kan dora in order, and how the hand ended. Every exchange format converts to and from this:
// engine records (riichi/record.hpp), Tenhou mjlogs (io/tenhou_mjlog.hpp), tenhou.net/6 JSON
// (io/tenhou6.hpp) and mjai JSON lines (io/mjai.hpp). Tiles are kinds with the red flag (the
// exchange formats do not carry physical copies). Seats are absolute 0..3 (three players: 0..2,
// seat 3 absent).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/tenhou_mjlog.hpp"
#include "riichi/record.hpp"
#include "riichi/score.hpp"
#include "riichi/tile.hpp"

namespace riichi::io {

enum class StepType : std::uint8_t {
  kDraw,            // who, tile (also a replacement draw after a kan)
  kDiscard,         // who, tile, tsumogiri
  kChi,             // who, from, tile = the called tile, consumed = 2 tiles from the hand
  kPon,             // who, from, tile = the called tile, consumed = 2
  kDaiminkan,       // who, from, tile = the called tile, consumed = 3
  kKakan,           // who, tile = the added tile, consumed = the 3 tiles of the pon
  kAnkan,           // who, consumed = the 4 tiles
  kRiichi,          // who: riichi declared (the next discard of `who` is the declaration tile)
  kRiichiAccepted,  // who: the stick is paid (right after the declaration discard)
  kDora,            // tile = a new dora indicator (after a kan)
  kKita,            // who, tile = the North set aside as nukidora (three players); a
                    // replacement draw follows
};
const char* step_type_name(StepType type);

struct PlainStep {
  StepType type = StepType::kDraw;
  int who = -1;
  Tile tile{};
  bool tsumogiri = false;
  int from = -1;
  std::vector<Tile> consumed;  // sorted (sort_tiles)
  friend bool operator==(const PlainStep&, const PlainStep&) = default;
};

struct PlainYaku {
  std::string name;  // the engine's names (riichi/yaku.cpp), plus "dora", "ura", "aka" counters
  int han = 0;       // 0 for a yakuman
  int yakuman = 0;   // yakuman units of a yakuman item
  friend bool operator==(const PlainYaku&, const PlainYaku&) = default;
};

struct PlainWin {
  int who = -1;
  int from = -1;                // the discarder (or kakan player); == who for tsumo
  int pao = -1;                 // the liable seat, -1 for none, kPaoUnknown when not given
  Tile tile{};                  // the winning tile
  std::vector<Tile> concealed;  // the winner's concealed tiles without the winning tile, sorted
  int fu = 0;
  int han = 0;  // yaku + dora counters, 0 for a yakuman
  Limit limit = Limit::kNone;
  int yakuman_units = 0;
  int points = 0;  // the hand's value without honba or sticks (tsumo: the total of the payments)
  std::vector<PlainYaku> yaku;
  std::array<int, 4> deltas{};  // this win's payments, honba and sticks included
  bool scored = true;           // false: the log gives only who won (no fu, han or yaku)
  int line = 0;                 // the line of the hora event in an mjai log (0: not mjai)
  bool tsumo() const { return who == from; }
};

enum class HandEnd : std::uint8_t {
  kWin,
  kExhaustive,     // noten payments in deltas, tenpai seats in `tenpai`
  kNagashi,        // nagashi mangan paid at the exhaustive draw (Tenhou)
  kNineTerminals,  // kyuushu kyuuhai
  kFourRiichi,
  kTripleRon,
  kFourKans,
  kFourWinds,
  kChombo,  // the engine's chombo (EMA presets): the penalty in deltas
};
const char* hand_end_name(HandEnd end);  // "win", "exhaustive", ...

struct PlainHand {
  int round = 0;  // 0..3 East 1..4, 4..7 South 1..4, 8.. West
  int honba = 0;
  int sticks = 0;  // riichi sticks on the table at the start
  int dealer = 0;
  std::array<int, 4> scores{};            // at the start of the hand
  std::array<std::vector<Tile>, 4> deal;  // 13 tiles each, sorted
  std::vector<Tile> dora;                 // every indicator revealed, in order
  std::vector<Tile> ura;                  // ura indicators shown with a riichi win
  std::vector<PlainStep> steps;
  HandEnd end = HandEnd::kExhaustive;
  int end_line = 0;              // the line of the ryukyoku event in an mjai log (0: not mjai)
  std::vector<PlainWin> wins;    // in the order of the payments (closest to the discarder first)
  std::array<int, 4> deltas{};   // the hand's payments, this hand's riichi stakes excluded
  std::array<bool, 4> tenpai{};  // exhaustive draw
  // false: the log says only that the hand was drawn and its payments (an mjai ryukyoku without
  // reason or tenpais, as Mortal and mjai-reviewer write it): `end` is kNineTerminals when the
  // last step is a draw, else kExhaustive standing for any draw; the replay lets the engine find
  // the kind of draw and the tenpai seats and checks the payments.
  bool end_detailed = true;
};

struct PlainGame {
  int players = 4;  // 3: seat 3 is absent (empty deal and name)
  std::array<std::string, 4> names;
  bool red_fives = true;
  std::string title;   // free text ("riichi seed 42", the mjlog file name)
  std::string rule;    // a short rule label ("tenhou", "四鳳南喰赤")
  std::string log_id;  // a Tenhou log id when the source gives one (tenhou.net/6 "ref")
  std::vector<PlainHand> hands;
  bool has_final = false;  // the game's final scores and results (tenhou.net/6 "sc")
  std::array<int, 4> final_scores{};
  std::array<double, 4> final_results{};
};

// A malformed input of a format reader (or a game the writer cannot express). `where` names
// the place: "line 12", "log[3][16][2]".
class FormatError : public std::runtime_error {
 public:
  FormatError(std::string where, const std::string& reason);
  const std::string& where() const { return where_; }

 private:
  std::string where_;
};

// Canonical order of a tile list: by kind, a plain five before a red five.
void sort_tiles(std::vector<Tile>& tiles);

// The engine game: `log` is the GameLog of `record` (GameRecorder::log() or replay()).
PlainGame plain_from_engine(const GameRecord& record, const GameLog& log);
// A parsed mjlog. Only finished rounds are taken (a truncated log keeps what it has).
PlainGame plain_from_mjlog(const MjlogGame& game);

// Fills what a reader could not read directly: each win's winning tile and concealed tiles
// (when `concealed` is empty) by following the tiles of every seat through the steps. Throws
// FormatError(where, ...) when a step uses a tile its player does not hold.
void complete_wins(PlainHand& hand, const std::string& where);

// The first difference between two games ("" when the same): hands, deals, every step except
// the position of kan dora steps (the indicators themselves are compared), the end, every win
// (who, from, pao, tile, concealed tiles, han, fu unless a limit hand, limit, points, yaku in any
// order, payments) and the payments. Names are compared; title and rule are not.
std::string diff_games(const PlainGame& a, const PlainGame& b);

// Basic points of a win from its fu, han and limit (RULES.md §8.1, no kiriage).
int plain_basic_points(const PlainWin& win);
// A win's `points` from its basic points: a ron's value, or the total a tsumo collects (three
// players: two payers, Tenhou's tsumo loss).
int plain_points(int basic, bool dealer, bool tsumo, int players);

}  // namespace riichi::io
