// Push or fold, the arithmetic (docs/eval.md, "Options: push or fold"): what the table means for
// the rest of the hand, and the value of going on with a hand by pushing or by folding. Used by
// options.cpp; no I/O, no allocation.
#pragma once

#include <array>

#include "eval/danger.hpp"
#include "eval/danger_reading.hpp"
#include "eval/options.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"
#include "riichi/tile.hpp"

namespace riichi::eval::detail {

// Per own turn, the chance that a tenpai opponent wins (by tsumo, or by ron on the other
// opponents' discards) before the seat's next draw. An assumption checked against the measured
// rates of the hand-value model: a riichi waits on about 6 live tiles among about 60 unseen
// (0.1 per draw, drawn 0.82 times as often as counted: 0.08 by tsumo), and the two other players'
// discards hit it with the measured ron factor 0.244 (2 x 0.244 x 0.1 = 0.05).
inline constexpr double kThreatWinRate = 0.12;
// Per own turn, the chance that the hand ends before the exhaustive draw when this seat does not
// win: about 17% of Tenhou houou hands end in an exhaustive draw (public statistics), 21.5% of
// the hands a given player does not win; over 17 own turns that is 1 - 0.215^(1/17) = 0.086.
// Used only for the chance of reaching the draw (noten payments); the hand-value model keeps its
// own measured end rate for the win.
inline constexpr double kDrawHazard = 0.086;
// Chance that an opponent not in riichi is tenpai at an exhaustive draw (an assumption: noten
// payments), at least its tenpai probability now.
inline constexpr double kDrawTenpaiRate = 0.4;
// Per own turn, the chance that an opponent not tenpai now becomes tenpai (an assumption: about
// half of the players are tenpai by their 12th discard, 1 - 0.5^(1/12) = 0.056). A threat that
// appears later costs a pushing hand either the deal-ins of pushing through it or, folding, the
// value it still expected; the cheaper of the two (a riichi hand cannot fold).
inline constexpr double kTenpaiRate = 0.056;
// Against a riichi the others mostly fold (they discard its waits a quarter as often as random
// tiles: the measured ron factor 0.244 of eval/ev.hpp), so fewer of them become a threat: half as
// many (an assumption).
inline constexpr double kRiichiThreatFactor = 0.5;
// An opponent is a threat when in riichi or at least this likely tenpai (reasons, mistake kinds).
inline constexpr double kThreatTenpai = 0.35;

// What the table means for the seat's hand, read once per observation.
struct TableOutlook {
  TableReading reading;
  DangerReport danger;
  double hazard = 0;          // h: per own turn, the hand ends by another player's win
  double rand_deal_in = 0;    // p: P(a random unseen tile deals in now)
  double rand_loss = 0;       // l: its expected loss
  double tenpai_payment = 0;  // expected noten-payment gain at an exhaustive draw, if tenpai
  double noten_payment = 0;   // the same if noten (<= 0)
  double win_bonus = 0;       // the sticks on the table and the honba (300 each) a win adds
  // Threats to come: per own turn the chance that a new opponent becomes tenpai, the chance that
  // a random tile deals in to a tenpai opponent, and what such a deal-in costs.
  double new_threat = 0, threat_deal_in = 0.05, threat_value = 5500;
  bool threat = false;
  bool red_fives = false;
  int threat_seat = -1;  // the opponent most likely tenpai (seat), -1 if none
};
// `base_end_rate` is the hand-value model's end rate without a threat (EvOptions::end_rate).
void read_outlook(const Observation& obs, const Rules& rules, double base_end_rate,
                  TableOutlook& out);
// The end rate the hand-value model uses for a pushing hand: the others win (h) or the hand
// deals in on a later discard (p).
inline double push_end_rate(const TableOutlook& t) {
  return 1 - (1 - t.hazard) * (1 - t.rand_deal_in);
}

// The hand-value model's figures of a hand going on (at the option's turn).
struct HandFigures {
  double win = 0, score = 0, tenpai = 0;
  bool riichi = false;      // riichi: final (no fold), tenpai at the draw
  bool stick_sunk = false;  // riichi declared before this decision: the stick is already paid
  bool may_riichi = false;  // a closed hand short of tenpai: it may declare riichi later
  int riichi_stick = 1000;  // the model's stick (EvOptions::riichi_stick)
};

// The outcomes of going on, as totals (probability x mean points).
struct Continuation {
  Plan plan = Plan::kPush;
  double win = 0, win_total = 0;  // P(win), E[points won; win]
  double deal_in = 0, loss = 0;   // P(deal in), E[points lost; deal in] (>= 0)
  double other = 0;               // E[points otherwise]: noten payments, the riichi stick
  double tenpai = 0;
  double deal_in_now = 0;  // the part of deal_in and loss due to the tile now
  double exp() const { return win_total - loss + other; }
};

// Push: the hand's value with `draws` own draws left, each later discard a random unseen tile.
Continuation push(const HandFigures& f, int draws, const TableOutlook& t);
// Fold: the held tiles (34-kind counts) thrown safest first, then random tiles; no win.
Continuation fold(const Counts& held, int draws, const TableOutlook& t);
// `after` preceded by a discard now that deals in with `p_now` for `loss_now` points.
Continuation after_discard(double p_now, double loss_now, const Continuation& after);
// The three outcomes through the utility (points when empty).
double utility_of(const Continuation& c, const Observation& obs, const Utility& u, int deal_in_to);

// Draws left for the seat (the hand-value model's turn is 18 - this, at least 0): on its own
// turn (a 3n+2 hand, also after a call) and before its next draw when `from` discarded.
int draws_left_own_turn(int live_tiles, int players = 4);
int draws_left_after(int seat, int from, int live_tiles, int players = 4);

}  // namespace riichi::eval::detail
