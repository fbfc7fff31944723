// The discard drill ("nanikiru", what to discard): a position (the hand with its drawn tile,
// dora, turn, seat and round wind; from level 3 the ponds, the melds and the scores; at level 4
// an opponent's riichi); the learner picks a discard. The key is the evaluation layer's:
//   * effective tiles of every discard (riichi::discard_table, the tiles seen subtracted);
//   * its expected value at the turn (eval::evaluate_discards, the default model: the chance to
//     win and the expected points by the last draw, riichi or dama by value);
//   * with a table, its danger (eval::assess_danger: the chance to deal in now and the expected
//     loss, with the reading: genbutsu, suji, ...).
// The rows are ranked by value = expected points x (1 - deal-in chance) - expected loss (the
// expected points alone without a table); the grade compares the learner's row with the best
// and gives the one-sentence why.
//
// How each level is made:
//   1  14 tiles from a seeded wall, 1 or 2 shanten, where several discards keep the shanten
//   2  a complete hand with one or two tiles exchanged: tenpai or 1-shanten, later turns, dora
//      in or near the hand, red fives under the rules that have them
//   3  a hand of four `efficiency` bots from a seeded wall, stopped at the learner's turn 4..9
//      (no riichi yet): the ponds and melds as they are
//   4  the same, stopped at the learner's first turn after an opponent's riichi
//   5  a real game: a random discard of a Tenhou log (the shared data, or `logs_dir`), replayed
//      through the engine under the log's rules; the player's actual discard is shown after
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "drill/drill.hpp"
#include "riichi/hand.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"
#include "riichi/waits.hpp"

namespace riichi::drill {

struct DiscardPosition {
  ProblemId id;
  Rules rules;                // the drill's rules, or the log's at level 5
  Hand hand;                  // the concealed part holds 3n+2 tiles, the drawn tile included
  std::optional<Tile> drawn;  // the tile just drawn, when known (shown apart)
  int turn = 1;               // draws made so far, 0..18 (18 - turn draws left)
  int seat_wind = 1;          // 0 East (dealer) .. 3 North
  int round_wind = 0;
  int honba = 0, riichi_sticks = 0;
  std::vector<Tile> dora_indicators;
  bool table = false;          // the others' ponds and melds are known (`observation`)
  Observation observation;     // with `table`: what the seat sees
  std::string title;           // "Efficiency: 1-shanten, turn 5"
  std::string source;          // "generated", "self-play, wall seed N", "Tenhou log FILE, ..."
  std::optional<Tile> played;  // level 5: what the player discarded in the real game
};

// Where level 5 finds its logs: `dir` when not empty, else $RIICHI_DRILL_LOGS, else the shared
// data directory the build knows (RIICHI_DRILL_LOGS_DIR). Files are searched recursively.
std::string drill_logs_dir(const std::string& dir = "");

// Throws DrillError for a bad id, or at level 5 when no readable log is found in the logs dir.
DiscardPosition make_discard_position(const ProblemId& id, const Rules& rules,
                                      const std::string& logs_dir = "");

struct DiscardRow {
  Tile tile;
  int shanten = 0;    // after the discard
  int effective = 0;  // effective tiles left (ukeire)
  std::vector<KindCount> effective_tiles;
  double win = 0, score = 0;     // expected value at the turn: P(win), expected points
  double tenpai = 0;             // P(tenpai by the last draw)
  bool riichi = false;           // riichi is worth more than dama after this discard
  bool danger = false;           // the danger fields below are set
  double deal_in = 0, loss = 0;  // P(deal in now), expected points lost
  std::string safety;            // "genbutsu", "suji", ... against the most costly opponent
  std::string danger_reason;     // "non-suji 4m against East's riichi: 14%"
  double value = 0;              // what ranks the rows (see above)
};

struct DiscardKey {
  std::vector<DiscardRow> rows;  // best first
  bool danger = false;           // rows carry danger (a table)
  bool approximate = false;      // the evaluation used its chain approximation
  double ev_ms = 0;              // time of the evaluation
};

// Throws std::invalid_argument when the evaluation refuses the position (it never should).
DiscardKey solve_discard(const DiscardPosition& position);

struct DiscardGrade {
  std::string verdict;        // "best", "good" (within 10 % of the best), "mistake"
  bool correct = false;       // verdict == "best" (within 2 % or 20 points of the best)
  int chosen = -1, best = 0;  // row indexes
  double cost = 0;            // best value - chosen value (points)
  std::string why;            // one sentence
};

// `choice` must be one of the hand's concealed tiles (a red five apart from a plain five when
// the hand holds both); throws DrillError otherwise.
DiscardGrade grade_discard(const DiscardPosition& position, const DiscardKey& key, Tile choice);
// A tile of the hand ("5p", "0p"). Throws DrillError naming the fault.
Tile parse_discard_answer(std::string_view text, const DiscardPosition& position);

}  // namespace riichi::drill
