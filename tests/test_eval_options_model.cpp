// Push or fold, the arithmetic (eval/options_plan.hpp): values derived by hand from the rules
// (noten payments, the draws left in the wall) and the fold / push totals against an independent
// Monte Carlo simulation of the process they describe (docs/eval.md, "Options: push or fold").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "bot_positions.hpp"
#include "eval/options_plan.hpp"

namespace riichi::testing {
namespace {

using eval::detail::Continuation;
using eval::detail::HandFigures;
using eval::detail::TableOutlook;

// --- by hand ----------------------------------------------------------------------------

TEST(EvalOptionsModel, DrawsLeftFollowTheWallOrder) {
  // On its own turn the seat drew already: with 9 live tiles it draws again after the other
  // three (tiles 4 and 8 of the 9): 2 draws.
  EXPECT_EQ(eval::detail::draws_left_own_turn(9), 2);
  EXPECT_EQ(eval::detail::draws_left_own_turn(0), 0);
  // Seat 1 after seat 0's discard, 10 live tiles: seat 1 draws tiles 1, 5 and 9: 3 draws.
  EXPECT_EQ(eval::detail::draws_left_after(1, 0, 10), 3);
  // Seat 0 after seat 1's discard, 10 live tiles: seats 2, 3 draw first: tiles 3 and 7: 2.
  EXPECT_EQ(eval::detail::draws_left_after(0, 1, 10), 2);
  // After its own discard (a chi's discard passed over): the next own draw is 4 tiles away.
  EXPECT_EQ(eval::detail::draws_left_after(2, 2, 3), 0);
  EXPECT_EQ(eval::detail::draws_left_after(2, 2, 4), 1);
  // Seat 3 after seat 2, no live tile left (houtei): no draw.
  EXPECT_EQ(eval::detail::draws_left_after(3, 2, 0), 0);
}

TEST(EvalOptionsModel, NotenPaymentsAgainstThreeRiichi) {
  // The three opponents are in riichi, hence tenpai at an exhaustive draw. RULES.md §4.2 (3000
  // in total): three tenpai and one noten player: the noten player pays 3000; four tenpai: no
  // payment. A riichi opponent wins before the seat's next draw with kThreatWinRate each.
  Position p;
  p.seat(0).live_tiles(40).hand("1m5m8m2p6p9p2s4s7s1z3z5z7z").drawn("4p");
  p.discards(1, "9p1z4z8p3m4s", 5).discards(2, "1z9m2z8s4z7z", 5).discards(3, "9m1p4z3z7p6z", 5);
  p.discards(0, "9s8s1p7m6z2z");
  p.allow_discards();
  Observation obs = p.obs();
  obs.legal_actions = p.legal();
  obs.honba = 2;
  obs.riichi_sticks = 3;
  TableOutlook t;
  eval::detail::read_outlook(obs, Rules::ema2016(), 0.05, t);
  EXPECT_TRUE(t.threat);
  EXPECT_DOUBLE_EQ(t.noten_payment, -3000.0);
  EXPECT_DOUBLE_EQ(t.tenpai_payment, 0.0);
  EXPECT_NEAR(t.hazard, 1 - std::pow(1 - eval::detail::kThreatWinRate, 3), 1e-12);
  // A win adds the sticks on the table (1000 each) and 300 a honba (RULES.md §4.1).
  EXPECT_DOUBLE_EQ(t.win_bonus, 3 * 1000.0 + 2 * 300.0);
  // 4z is genbutsu of all three (each riichi player discarded it): a kind
  // a riichi player discarded cannot be ronned by that player (furiten, RULES.md).
  EXPECT_EQ(t.danger.deal_in[static_cast<std::size_t>(parse_tile("4z").kind)], 0.0f);
}

// A table with the given per-turn chances, no later threats.
TableOutlook table(double h, double p, double l, double tenpai_pay, double noten_pay) {
  TableOutlook t;
  t.hazard = h;
  t.rand_deal_in = p;
  t.rand_loss = l;
  t.tenpai_payment = tenpai_pay;
  t.noten_payment = noten_pay;
  t.new_threat = 0;
  return t;
}

TEST(EvalOptionsModel, FoldWithOnlySafeTilesPaysOnlyNoten) {
  // 14 held tiles of a genbutsu kind and 5 draws left: every discard is safe, the hand reaches
  // the draw if nobody wins before each of the 5 own turns: (1 - 0.1)^5, and pays noten there.
  TableOutlook t = table(0.1, 0.2, 2000, 1500, -1000);
  Counts held{};
  held[0] = 14;  // kind 0 (1m): deal_in 0, loss 0 in t.danger
  const Continuation c = eval::detail::fold(held, 5, t);
  EXPECT_EQ(c.deal_in, 0.0);
  EXPECT_EQ(c.loss, 0.0);
  EXPECT_EQ(c.win, 0.0);
  EXPECT_NEAR(c.other, std::pow(0.9, 5) * -1000.0, 1e-9);
}

TEST(EvalOptionsModel, PushWithoutWinPaysTheGeometricDealIns) {
  // A hand that cannot win (no yaku), pushed with random tiles: before each discard j the hand
  // is still on with ((1-h)(1-p))^(j-1) (1-h), so P(deal in) = sum_j of that times p:
  // p (1-h) (1 - r^n) / (1 - r), r = (1-h)(1-p).
  const double h = 0.1, p = 0.05, l = 300;  // l: expected loss of one random tile
  const int n = 6;
  TableOutlook t = table(h, p, l, 1500, -1000);
  HandFigures f;  // win 0, tenpai 0
  const Continuation c = eval::detail::push(f, n, t);
  const double r = (1 - h) * (1 - p);
  const double sum = (1 - h) * (1 - std::pow(r, n)) / (1 - r);
  EXPECT_NEAR(c.deal_in, p * sum, 1e-12);
  EXPECT_NEAR(c.loss, l * sum, 1e-9);
  // Reaching the draw noten: r^n, paying 1000.
  EXPECT_NEAR(c.other, std::pow(r, n) * -1000.0, 1e-9);
}

TEST(EvalOptionsModel, AfterDiscardScalesTheRestBySurvival) {
  Continuation after;
  after.win = 0.4, after.win_total = 3200, after.deal_in = 0.1, after.loss = 500;
  after.other = -200, after.tenpai = 0.6;
  const Continuation c = eval::detail::after_discard(0.2, 1600, after);
  EXPECT_DOUBLE_EQ(c.win, 0.8 * 0.4);
  EXPECT_DOUBLE_EQ(c.win_total, 0.8 * 3200);
  EXPECT_DOUBLE_EQ(c.deal_in, 0.2 + 0.8 * 0.1);
  EXPECT_DOUBLE_EQ(c.loss, 1600 + 0.8 * 500);
  EXPECT_DOUBLE_EQ(c.deal_in_now, 0.2);
  EXPECT_DOUBLE_EQ(c.exp(), 0.8 * 3200 - (1600 + 0.8 * 500) + 0.8 * -200);
}

// --- simulation -------------------------------------------------------------------------

// The process fold() and push() total, played out: before each own discard another player wins
// with h (the hand ends, no payment); the discard deals in with its p, for loss / p points; a hand
// that gets through every draw pays or receives the noten payments (tenpai with `tenpai`).
struct Tile_ {
  double p, loss;
};
struct Sim {
  double mean = 0, deal_in = 0, half_width = 0;
};
Sim simulate(const std::vector<Tile_>& discards, double h, double tenpai, double tenpai_pay,
             double noten_pay, double fixed, int trials, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  double sum = 0, sum2 = 0;
  int deal = 0;
  for (int k = 0; k < trials; ++k) {
    double x = fixed;
    bool over = false;
    for (const Tile_& d : discards) {
      if (u(rng) < h) {
        over = true;
        break;
      }
      if (u(rng) < d.p) {
        x -= d.loss / d.p;
        ++deal;
        over = true;
        break;
      }
    }
    if (!over) x += u(rng) < tenpai ? tenpai_pay : noten_pay;
    sum += x;
    sum2 += x * x;
  }
  Sim s;
  s.mean = sum / trials;
  s.deal_in = static_cast<double>(deal) / trials;
  s.half_width = 4 * std::sqrt(std::max(0.0, sum2 / trials - s.mean * s.mean) / trials);
  return s;
}

TEST(EvalOptionsModel, FoldAgreesWithSimulation) {
  // Five held tiles of distinct danger, then random tiles; the simulation throws them safest
  // first (the order of play a fold means), 9 draws left.
  TableOutlook t = table(0.12, 0.08, 0.08 * 7000, 1500, -1000);
  const std::array<std::pair<int, double>, 5> held_kinds = {
      {{3, 0.0}, {7, 0.01}, {12, 0.03}, {20, 0.06}, {30, 0.15}}};
  Counts held{};
  std::vector<Tile_> order;
  for (const auto& [kind, p] : held_kinds) {
    held[static_cast<std::size_t>(kind)] = 1;
    t.danger.deal_in[static_cast<std::size_t>(kind)] = static_cast<float>(p);
    t.danger.loss[static_cast<std::size_t>(kind)] = static_cast<float>(p * 6000);
    order.push_back({static_cast<double>(static_cast<float>(p)),
                     static_cast<double>(static_cast<float>(p * 6000))});
  }
  const int draws = 9;
  while (static_cast<int>(order.size()) < draws) order.push_back({t.rand_deal_in, t.rand_loss});
  const Continuation c = eval::detail::fold(held, draws, t);
  const Sim s = simulate(order, t.hazard, 0, 0, t.noten_payment, 0, 400000, 7);
  EXPECT_NEAR(c.exp(), s.mean, s.half_width) << "simulated " << s.mean;
  EXPECT_NEAR(c.deal_in, s.deal_in, 4 * std::sqrt(s.deal_in / 400000) + 1e-4);
}

TEST(EvalOptionsModel, PushOfARiichiHandThatCannotWinAgreesWithSimulation) {
  // A riichi hand on a dead wait (no winning tile left): it cannot fold, every later discard is
  // a random tile, the stick (1000) is lost, and at the draw it is tenpai. The hand-value model's
  // score for it is -1000 x P(no win) = -1000.
  const double h = 0.09, p = 0.06, l = p * 5200;
  TableOutlook t = table(h, p, l, 1000, -1000);
  HandFigures f;
  f.riichi = true;
  f.score = -1000;
  f.tenpai = 1;
  const int draws = 7;
  const Continuation c = eval::detail::push(f, draws, t);
  const std::vector<Tile_> order(draws, Tile_{p, l});
  const Sim s = simulate(order, h, 1, t.tenpai_payment, t.noten_payment, -1000, 400000, 11);
  EXPECT_NEAR(c.exp(), s.mean, s.half_width) << "simulated " << s.mean;
  EXPECT_NEAR(c.deal_in, s.deal_in, 4 * std::sqrt(s.deal_in / 400000) + 1e-4);
  EXPECT_EQ(c.win, 0.0);
}

TEST(EvalOptionsModel, PushOfADamaHandThatCannotWinAgreesWithSimulation) {
  // A closed hand without a yaku, tenpai with 0.7 at the draw, no riichi: random discards, the
  // tenpai or noten payment at the draw.
  const double h = 0.1, p = 0.04, l = p * 4000;
  TableOutlook t = table(h, p, l, 1500, -1000);
  HandFigures f;
  f.tenpai = 0.7;
  const int draws = 10;
  const Continuation c = eval::detail::push(f, draws, t);
  const std::vector<Tile_> order(draws, Tile_{p, l});
  const Sim s = simulate(order, h, 0.7, 1500, -1000, 0, 400000, 13);
  EXPECT_NEAR(c.exp(), s.mean, s.half_width) << "simulated " << s.mean;
  EXPECT_NEAR(c.deal_in, s.deal_in, 4 * std::sqrt(s.deal_in / 400000) + 1e-4);
}

}  // namespace
}  // namespace riichi::testing
