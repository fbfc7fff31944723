// Hand value, one player: for a hand at turn t, the probability to reach tenpai, to win, and the
// expected score, for every turn, each under the best play for that measure (docs/eval.md).
//
// The model: the player alone draws from the wall and discards; a state is the hand (13 tiles
// waiting for a draw, 14 choosing a discard) and whether riichi was declared. The states
// reachable under a search bound form a graph; values are computed backwards from the last draw
// (turn 18) to the first, all turns at once. Two models share that one code path and differ only
// by the fields of EvOptions:
//   reference  the open-source calculator's model (../shared/ev-reference/MODEL.md), quirks and
//              all: fixed tile counts (discards go back to the wall), draw probabilities
//              w / (S0 - t), riichi on every closed tenpai, tsumo only, edges read both ways.
//   standard   ours ("default" on the command line): draw probabilities that add up to 1 over the
//              tiles not seen, riichi final once declared and chosen against dama by value, the
//              riichi stick, ron on the opponents' discards (furiten from the known discards),
//              the hand ending by another player's win; rates measured on houou games.
//
// Cost (bots: ~0.5 ms per decision on average, never more than ~100 ms): the search explores
// every state within `extra` exchanges of the best path (tegawari / shanten-down, as in the
// reference) up to `full_search_max_shanten`; above it only the states on a best path
// (extra = 0, values are lower bounds of the full search) up to `path_search_max_shanten`;
// above that, and whenever the graph would pass `max_nodes`, the chain approximation of
// docs/eval.md (constant cost per discard). EvStats says which was used. EvOptions::fast() is
// the bots' setting (measured costs in docs/eval.md).
//
// Callers:
//   evaluate_discards   a 3n+2 hand (closed or with melds): one row per distinct discard, red
//                       five and plain five apart; for a closed tenpai discard the riichi and the
//                       dama values apart (review, web helper, riichi-vs-dama).
//   evaluate_hand       a 3n+1 hand before its draw: the value of not calling, or of the hand
//                       left after a call's discard (compare against evaluate_discards of the
//                       hand after chi/pon: melds are allowed).
//
// State layout (the graph's nodes, 12 bytes, see ev_graph.hpp): the base-5 counts of the four
// parts (man, pin, sou: 21 bits each; honours: 17 bits), three red-five bits and the riichi bit.
// Functions are pure; each thread keeps its last graph's memory for the next call (released
// after a search of more than a million states).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "riichi/hand.hpp"
#include "riichi/rules.hpp"
#include "riichi/tile.hpp"

namespace riichi::eval {

// Turns: t = number of draws made (0..18); a hand at turn t has 18 - t draws left.
inline constexpr int kLastTurn = 18;
inline constexpr int kTurns = kLastTurn + 1;

enum class RiichiChoice : std::uint8_t {
  kAlways,   // every discard into a closed tenpai declares riichi (reference)
  kByValue,  // riichi and dama are both explored; the better one per measure is kept
  kNever,    // dama only
};

struct EvOptions {
  std::string name = "default";
  // --- the wall
  // Reference: a discarded tile goes back to the wall: the count of id x seen from hand h is
  // total(x) - h(x). Otherwise the tiles drawn are gone and discards are not drawable again:
  // total(x) - max(h(x), start(x)).
  bool discards_return = false;
  // Reference: the draw probability of x at turn t is count(x) / (S0 - t), S0 = tiles not seen
  // at the start (the counts do not shrink, so these may add up to more than 1). Otherwise
  // count(x) / max(E, S0 - max(kept, j)), j = draws made since the position, kept = tiles kept
  // beyond the start, E = the counts of the node's edges: the draws thrown away came from tiles
  // the node had no use for (a riichi hand's draws were not its waits). They add up to 1 at most.
  bool shrinking_denominator = false;
  // --- the search
  int extra = 1;             // tegawari / shanten-down while dist + shanten < start + extra
  bool tegawari = true;      // draw any tile (keep changing the hand) within the bound
  bool shanten_down = true;  // discard any tile within the bound
  // Reference quirk 7.1: an edge "draw x: h -> h+x" is also the discard option "h+x -> h" and the
  // reverse; a riichi hand that draws the tile it declared on returns to the non-riichi hand.
  bool bidirectional_edges = false;
  int full_search_max_shanten = 1;  // above: extra = 0 (states on a best path only)
  int path_search_max_shanten = 3;  // above: the chain approximation (docs/eval.md)
  // The graph's size cap: beyond it the bound is tightened, then (approximate_on_overflow) the
  // chain approximation is used, or the evaluation fails (reference).
  std::size_t max_nodes = 4'000'000;
  bool approximate_on_overflow = true;
  // --- riichi
  RiichiChoice riichi = RiichiChoice::kByValue;
  int riichi_stick = 1000;  // points lost when a riichi hand does not win (0 in the reference)
  bool ura = true;          // ura dora expectation on riichi wins
  // --- ron
  // Chance, per opponent discard, that it is a given live winning tile, relative to a uniformly
  // random unseen tile (1 = opponents discard blindly). 0 = tsumo only (reference). Against a
  // riichi 0.244 was measured on 300 houou games (tools/calibrate_ev.py: opponents fold); a dama
  // wait is not announced, so opponents are taken to discard more freely (an assumption).
  double ron_factor = 0.25;
  double ron_factor_dama = 0.5;
  int opponents = 3;  // discards between two own draws
  // --- the others
  // Chance, each turn before the next draw, that the hand ends without us (another player's
  // win): the values are then those of a hand that stops there (tenpai counts if reached, the
  // riichi stick is lost). 0 = the hand always lasts to the last draw (reference). Measured:
  // 0.053 per own turn on 300 houou games (tools/calibrate_ev.py).
  double end_rate = 0.05;
  // --- scoring
  // When set, wins are scored under these rules instead of the position's (reference: Tenhou
  // with double yakuman, see reference_rules()).
  std::optional<Rules> rules_override;
  // --- the values returned
  // The curves' values at the turns before the position's too. false: those are left zero and
  // the recursion stops at the position's turn, computing at turn t only the nodes reachable by
  // then (t - position's turn draws): the values from the position's turn on are the same, bit
  // for bit, for less work (the review, which reads the position's turn alone). The chain
  // approximation (no search) fills every turn either way.
  bool turns_before_position = true;

  static EvOptions reference();
  static EvOptions standard();
  static EvOptions fast();  // standard, with the search for tenpai and 1-shanten hands only
};

// The reference calculator's scoring: Tenhou's rules (red fives, kazoe yakuman, no kiriage,
// 4 fu double-wind pair) with the double yakuman of 13-wait kokushi, suuankou tanki, junsei
// chuuren and daisuushii.
Rules reference_rules();

struct EvPosition {
  Hand hand;     // concealed part 3n+2 (evaluate_discards) or 3n+1 (evaluate_hand), and melds
  int turn = 1;  // draws made so far, 0..18
  int seat = 0;  // seat wind 0..3 (0 = East = dealer)
  int round_wind = 0;
  std::vector<Tile> dora_indicators;
  std::vector<Tile> visible;       // other tiles seen: discards, others' melds (not indicators)
  std::vector<Tile> own_discards;  // own pond (furiten), also counted in `visible`
  int kita = 0;  // three players: North tiles this seat set aside (nukidora), one dora each
  Rules rules = Rules::ema2016();
};

// Values by turn (index t = value for a hand at turn t).
struct EvCurve {
  std::array<double, kTurns> tenpai{}, win{}, score{};
};

struct DiscardEv {
  Tile tile;
  int shanten = 0;      // exact shanten of the hand left (tile_distance.hpp)
  bool riichi = false;  // declares riichi: always so (reference), or riichi is worth more at
                        // the position's turn by expected score (standard)
  EvCurve value;        // the best option, per turn and measure
  std::optional<EvCurve> riichi_value, dama_value;  // both set for a closed tenpai discard
};

struct EvStats {
  std::size_t draw_nodes = 0, discard_nodes = 0, edges = 0, wins_scored = 0;
  int extra_used = 0;        // the bound the values were computed with
  bool capped = false;       // max_nodes tightened the bound
  bool approximate = false;  // the chain approximation gave the values (no search)
  double build_ms = 0, values_ms = 0;
};

struct HandEv {
  std::vector<DiscardEv> discards;  // best first by expected score at the position's turn
  EvStats stats;
};

// Throws std::invalid_argument naming the fault: tile counts (3n+2 / 3n+1 concealed tiles with
// melds making 14 / 13), more than four copies of a kind with the visible tiles and indicators,
// a red five the rules do not have, a turn outside 0..18, seat or round wind outside 0..3.
HandEv evaluate_discards(const EvPosition& position, const EvOptions& options);
// The same checks alone, without building anything (cheap: for front-ends).
void check_position(const EvPosition& position, const EvOptions& options);
EvCurve evaluate_hand(const EvPosition& position, const EvOptions& options,
                      EvStats* stats = nullptr);

}  // namespace riichi::eval
