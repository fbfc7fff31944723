// The hand-value model (src/eval/ev.hpp, docs/eval.md): the reference examples of
// ../shared/ev-reference to 6 significant digits, hand-derived values of small cases in both
// models, invariants of the default model, positions with melds, and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "eval/ev.hpp"
#include "eval/ev_graph.hpp"
#include "eval/tile_distance.hpp"
#include "random_hands.hpp"
#include "riichi/hand.hpp"

namespace riichi::eval {
namespace {

EvPosition position(const std::string& hand, const std::string& dora, int seat, int round,
                    const Rules& rules = Rules::ema2016()) {
  EvPosition p;
  p.hand = parse_hand(hand);
  p.dora_indicators = dora.empty() ? std::vector<Tile>{} : parse_tiles(dora);
  p.seat = seat;
  p.round_wind = round;
  p.rules = rules;
  return p;
}

const DiscardEv* row(const HandEv& ev, const std::string& tile) {
  const Tile t = parse_tile(tile);
  for (const DiscardEv& d : ev.discards)
    if (d.tile == t) return &d;
  return nullptr;
}

std::vector<double> numbers(const std::string& csv) {
  std::vector<double> out;
  std::stringstream ss(csv);
  for (std::string x; std::getline(ss, x, ',');) out.push_back(std::stod(x));
  return out;
}

// Equal to 6 significant digits: within half a unit of the 6th digit of the printed value.
bool same_6_digits(double ours, double printed) {
  if (printed == 0) return std::fabs(ours) < 1e-9;
  const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(printed))) - 5);
  return std::fabs(ours - printed) <= 0.5 * unit * (1 + 1e-9);
}

// ---------------------------------------------------------------------------------------------
// The reference model against the calculator's own numbers (examples.tsv: 8 hands, every
// discard, turns 1..17, %.6g).

TEST(EvReference, EightExamplesToSixDigits) {
  const std::string path = std::string(RIICHI_EV_REFERENCE_DIR) + "/examples.tsv";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "no " << path;
  std::map<std::string, HandEv> done;
  int rows = 0, values = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.rfind("hand_id", 0) == 0) continue;
    std::stringstream ss(line);
    std::vector<std::string> f;
    for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
    ASSERT_EQ(f.size(), 9u) << line;
    const std::string& id = f[0];
    if (!done.count(id)) {
      const EvPosition p = position(f[1], f[2], f[3][0] - '1', f[4][0] - '1');
      done[id] = evaluate_discards(p, EvOptions::reference());
    }
    const DiscardEv* d = row(done[id], f[5]);
    ASSERT_NE(d, nullptr) << "hand " << id << " has no row for " << f[5];
    const std::vector<double> tenpai = numbers(f[6]), win = numbers(f[7]), score = numbers(f[8]);
    ASSERT_EQ(tenpai.size(), 17u);
    for (int t = 1; t <= 17; ++t) {
      EXPECT_TRUE(same_6_digits(d->value.tenpai[t], tenpai[t - 1]))
          << "hand " << id << " discard " << f[5] << " turn " << t << ": tenpai "
          << d->value.tenpai[t] << " vs " << tenpai[t - 1];
      EXPECT_TRUE(same_6_digits(d->value.win[t], win[t - 1]))
          << "hand " << id << " discard " << f[5] << " turn " << t << ": win " << d->value.win[t]
          << " vs " << win[t - 1];
      EXPECT_TRUE(same_6_digits(d->value.score[t], score[t - 1]))
          << "hand " << id << " discard " << f[5] << " turn " << t << ": score "
          << d->value.score[t] << " vs " << score[t - 1];
      values += 3;
    }
    ++rows;
  }
  EXPECT_EQ(done.size(), 8u);
  EXPECT_GT(rows, 80);
  EXPECT_EQ(values, rows * 51);
}

// Hands of kinds the eight examples do not have, against tools/ev_reference_check.py (MODEL.md
// written again in Python, not from this code; ctest ev_reference_check compares the two on
// random hands): four copies of a kind (123m456m789s9999p is 1-shanten: no fifth 9p; a
// 1-shanten draw node above 1, MODEL.md 7.4), a 13-sided kokushi, three red fives with two
// indicators, the dealer with a double-east pair and a repeated indicator, the ura expectation
// over three indicators, a shousuushii / daisuushii wait, a chiitoitsu 1-shanten. Turns 1, 9, 17.
TEST(EvReference, IndependentImplementationOnOtherHands) {
  struct Case {
    const char* what;  // hand, dora indicators, seat, round wind (0 = East), discard
    double v[9];       // tenpai, win, score at turn 1, then 9, then 17
  };
  const Case cases[] = {
      {"123m456m789s9999p5z 1z 1 0 5z",
       {1.17308, 0.567537, 2015.39, 1.17308, 0.310557, 1117.62, 1.17308, 0, 0}},
      {"123m456m789s9999p5z 1z 1 0 9p",
       {1, 0.380094, 1384.85, 1, 0.225539, 823.142, 1, 0.0288462, 105.277}},
      {"19m19p19s1234567z5m 4z 1 0 5m",
       {1, 0.999147, 63945.4, 1, 0.979885, 62712.6, 1, 0.365385, 23384.6}},
      {"234506m234406p0s5s 3s2p 2 0 0s",
       {0.999615, 0.588765, 8465.32, 0.98713, 0.316861, 4467.9, 0.398058, 0, 0}},
      {"234506m234406p0s5s 3s2p 2 0 5s",
       {0.999615, 0.588765, 8885.48, 0.98713, 0.316861, 4698.29, 0.398058, 0, 0}},
      {"123m0556p789s1155z 4p4p 0 0 0p",
       {0.857619, 0.301065, 6354.19, 0.657428, 0.122351, 2527.66, 0.116505, 0, 0}},
      {"123m0556p789s1155z 4p4p 0 0 5p",
       {0.857619, 0.301065, 7176.26, 0.657428, 0.122351, 2858.8, 0.116505, 0, 0}},
      {"2233445566778m1z 1m2m3m 1 0 1z",
       {1, 0.615392, 19692.5, 1, 0.408297, 13065.5, 1, 0.0588235, 1882.35}},
      {"11122233344z55z6z 7z 3 0 6z",
       {1, 0.461776, 51719, 1, 0.288133, 32270.9, 1, 0.0384615, 4307.69}},
      {"1133557799m13p5z7s 2p 1 0 5z",
       {0.759988, 0.175424, 2250.52, 0.543238, 0.0644794, 827.101, 0.0865385, 0, 0}},
  };
  for (const Case& c : cases) {
    std::stringstream ss(c.what);
    std::string hand, dora, discard;
    int seat = 0, round = 0;
    ss >> hand >> dora >> seat >> round >> discard;
    const HandEv ev = evaluate_discards(position(hand, dora, seat, round), EvOptions::reference());
    const DiscardEv* d = row(ev, discard);
    ASSERT_NE(d, nullptr) << c.what;
    const int turns[] = {1, 9, 17};
    for (int i = 0; i < 3; ++i) {
      const int t = turns[i];
      EXPECT_TRUE(same_6_digits(d->value.tenpai[t], c.v[3 * i]))
          << c.what << " turn " << t << ": tenpai " << d->value.tenpai[t];
      EXPECT_TRUE(same_6_digits(d->value.win[t], c.v[3 * i + 1]))
          << c.what << " turn " << t << ": win " << d->value.win[t];
      EXPECT_TRUE(same_6_digits(d->value.score[t], c.v[3 * i + 2]))
          << c.what << " turn " << t << ": score " << d->value.score[t];
    }
  }
}

// MODEL.md §5 / 7.6: a red five and a plain five are two rows; every discard keeps its row.
TEST(EvReference, RedAndPlainFiveAreSeparateRows) {
  const HandEv ev =
      evaluate_discards(position("0556m123p456s789s1z", "1z", 1, 0), EvOptions::reference());
  ASSERT_NE(row(ev, "0m"), nullptr);
  ASSERT_NE(row(ev, "5m"), nullptr);
  EXPECT_EQ(ev.discards.size(), 13u);  // 0m 5m 6m 1p 2p 3p 4s 5s 6s 7s 8s 9s 1z
}

// The reference's own recursion (ev_plain.cpp: rows grouped by shape, options by count, the raw
// edges put in place) gives exactly the values of the general recursion (ev.cpp, turn_step),
// which runs instead when end_rate > 0: 1e-300 changes no value (1 - 1e-300 is 1). Also with
// one-way edges (the options made by the discard nodes, a shared dead end), and for the hands
// before their draw.
TEST(EvReference, OwnRecursionEqualsTheGeneralOne) {
  for (const bool bidirectional : {true, false})
    for (const char* hand : {"0556m123p456s789s1z", "12345m456p7899s13z", "123m456p135799s1z2z"}) {
      EvOptions plain = EvOptions::reference();
      plain.bidirectional_edges = bidirectional;
      EvOptions general = plain;
      general.end_rate = 1e-300;
      const EvPosition p = position(hand, "1z", 1, 0);
      const HandEv a = evaluate_discards(p, plain), b = evaluate_discards(p, general);
      ASSERT_EQ(a.discards.size(), b.discards.size()) << hand;
      EXPECT_GT(a.discards.front().value.win[1], 0) << hand;
      for (std::size_t i = 0; i < a.discards.size(); ++i)
        for (int t = 0; t < kTurns; ++t) {
          EXPECT_EQ(a.discards[i].value.tenpai[t], b.discards[i].value.tenpai[t]) << hand << t;
          EXPECT_EQ(a.discards[i].value.win[t], b.discards[i].value.win[t]) << hand << t;
          EXPECT_EQ(a.discards[i].value.score[t], b.discards[i].value.score[t]) << hand << t;
        }
      // A hand before its draw (the graph's root a draw node).
      EvPosition before = p;
      before.hand.concealed.pop_back();
      const EvCurve c = evaluate_hand(before, plain), d = evaluate_hand(before, general);
      EXPECT_GT(c.win[1], 0) << hand;
      for (int t = 0; t < kTurns; ++t) {
        EXPECT_EQ(c.tenpai[t], d.tenpai[t]) << hand << t;
        EXPECT_EQ(c.win[t], d.win[t]) << hand << t;
        EXPECT_EQ(c.score[t], d.score[t]) << hand << t;
      }
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-derived: a tenpai hand with k winning tiles over n draws.
//
// Reference. 111m 222p 333s 444z 5z 6z, no dora indicator, seat South, round East. Discarding
// 6z leaves a suuankou tanki on 5z: a double yakuman under the reference's rules, non-dealer
// tsumo 32000 + 2 x 16000 = 64000 (no ura on a yakuman). 3 copies of 5z are left: k = 3.
// MODEL.md §2, §6: S0 = 136 - 14 = 122 tiles unseen, the draw from the node at turn t wins with
// 3 / (122 - t); no other draw is an edge of a riichi node except the return of 7.1 (drawing
// 6z back gives the starting hand), worth nothing more since the starting hand's best option
// is this node or its mirror (discarding 5z: a 6z tanki, equal). Every other discard breaks a
// pung and must draw back to tenpai first, to wait on at most a shanpon (single yakuman) or a
// tanki: worse on both measures. So
//   win(t)   = 1 - prod_{u=t}^{17} (1 - 3 / (122 - u))
//   score(t) = 64000 x win(t).
TEST(EvClosedForm, ReferenceTankiOverTheDraws) {
  const HandEv ev =
      evaluate_discards(position("111m222p333s444z5z6z", "", 1, 0), EvOptions::reference());
  const DiscardEv* d = row(ev, "6z");
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(d->riichi);
  for (int t = 0; t <= 17; ++t) {
    double miss = 1;
    for (int u = t; u <= 17; ++u) miss *= 1 - 3.0 / (122 - u);
    EXPECT_NEAR(d->value.win[t], 1 - miss, 1e-12) << "turn " << t;
    EXPECT_NEAR(d->value.score[t], (1 - miss) * 64000, 1e-8) << "turn " << t;
    EXPECT_EQ(d->value.tenpai[t], 1.0);
  }
  EXPECT_EQ(d->value.win[18], 0.0);
}

// The reference's denominator is not a distribution (MODEL.md 7.4): with the counts fixed, a
// node may draw more than S0 - t tiles. Under it a 13-sided kokushi wait (39 tiles) wins at the
// last draw with 39 / 105.
TEST(EvClosedForm, ReferenceKokushiThirteenSided) {
  const HandEv ev =
      evaluate_discards(position("19m19p19s1234567z5m", "", 1, 0), EvOptions::reference());
  const DiscardEv* d = row(ev, "5m");
  ASSERT_NE(d, nullptr);
  EXPECT_NEAR(d->value.win[17], 39.0 / (122 - 17), 1e-12);
  EXPECT_NEAR(d->value.score[17], 39.0 / (122 - 17) * 64000, 1e-8);  // double yakuman tsumo
}

// Default model, the same hand under EMA 2016 (no red fives: 3 plain 5s left, k = 3), no dora,
// seat South, round East, the position at turn 1. The riichi option (final: tsumogiri until it
// wins), per turn t = 1..17, in this order:
//   the hand ends by another's win with h = end_rate (0.05): no win, the stick (-1000) lost;
//   an opponent's discard deals in with q = ron_factor (0.25) x 3 / D(t), three discards:
//     c = 1 - (1 - q)^3, ron = riichi + ittsu 3 han 40 fu (20 + 10 menzen ron + 2 tanki = 32)
//     = 1280 x 4 = 5120 -> 5200;
//   the draw wins with 3 / D(t): tsumo 7900 (above);
// where D(t) = 122 - (t - 1): the tiles unseen less the draws made since turn 1 (they were not
// winning tiles). With a(t) = (1 - h)(1 - c)(1 - 3/D), the chance of a win at turn u and its
// value are summed:
//   win(t)   = sum_u [prod_{v<u} a(v)] (1 - h) (c + (1 - c) 3/D(u))
//   score(t) = sum_u [prod_{v<u} a(v)] [(1 - h)(c 5200 + (1 - c)(3/D(u)) 7900) - h 1000]
//              - 1000 prod_{v=t}^{17} a(v) ... the stick is lost when the hand ends unwon.
TEST(EvClosedForm, DefaultRiichiTankiWithRonAndEndRate) {
  EvPosition p = position("123456789m123p5s7z", "", 1, 0);
  p.turn = 1;
  const EvOptions o = EvOptions::standard();
  ASSERT_DOUBLE_EQ(o.ron_factor, 0.25);
  ASSERT_DOUBLE_EQ(o.end_rate, 0.05);
  const HandEv ev = evaluate_discards(p, o);
  const DiscardEv* d = row(ev, "7z");
  ASSERT_NE(d, nullptr);
  ASSERT_TRUE(d->riichi_value.has_value());
  const double h = 0.05;
  for (int t = 1; t <= 17; ++t) {
    double alive = 1, win = 0, score = 0;
    for (int u = t; u <= 17; ++u) {
      const double D = 122 - (u - 1), p_draw = 3 / D, q = 0.25 * 3 / D;
      const double c = 1 - (1 - q) * (1 - q) * (1 - q);
      win += alive * (1 - h) * (c + (1 - c) * p_draw);
      score += alive * ((1 - h) * (c * 5200 + (1 - c) * p_draw * 7900) - h * 1000);
      alive *= (1 - h) * (1 - c) * (1 - p_draw);
    }
    score -= alive * 1000;  // reached the last draw without winning
    EXPECT_NEAR(d->riichi_value->win[t], win, 1e-12) << "turn " << t;
    EXPECT_NEAR(d->riichi_value->score[t], score, 1e-8) << "turn " << t;
    EXPECT_EQ(d->riichi_value->tenpai[t], 1.0);
  }
}

// ---------------------------------------------------------------------------------------------
// Invariants of the default model: probabilities in [0, 1]; more draws left never lowers a
// probability (the player may always play on as with fewer draws).
TEST(EvDefault, ProbabilitiesBoundedAndMonotoneInDrawsLeft) {
  testing::SplitMix64 rng{2024};
  int hands = 0;
  while (hands < testing::iterations(12) + 2) {
    const Counts c = testing::random_hand(rng, 14);
    const int s = exact_shanten(c, part_keys(c), 0);
    if (s > 2) continue;
    ++hands;
    EvPosition p;
    for (int k = 0; k < kNumKinds; ++k)
      for (int i = 0; i < c[k]; ++i) p.hand.concealed.push_back(Tile{std::uint8_t(k), false});
    p.dora_indicators = {Tile{std::uint8_t(rng.below(kNumKinds)), false}};
    if (c[p.dora_indicators[0].kind] == 4) continue;
    p.seat = rng.below(4);
    const HandEv ev = evaluate_discards(p, EvOptions::standard());
    for (const DiscardEv& d : ev.discards) {
      for (int t = 0; t <= kLastTurn; ++t) {
        ASSERT_GE(d.value.tenpai[t], 0.0);
        ASSERT_LE(d.value.tenpai[t], 1.0 + 1e-12);
        ASSERT_GE(d.value.win[t], 0.0);
        ASSERT_LE(d.value.win[t], 1.0 + 1e-12);
        if (t < kLastTurn) {
          ASSERT_GE(d.value.tenpai[t], d.value.tenpai[t + 1] - 1e-12) << format_counts(c);
          ASSERT_GE(d.value.win[t], d.value.win[t + 1] - 1e-12) << format_counts(c);
        }
      }
      if (d.shanten == 0) {
        EXPECT_EQ(d.value.tenpai[5], 1.0);
      }
    }
  }
}

// A hand can only be worth less with its winning tiles seen elsewhere (default model).
TEST(EvDefault, VisibleWinningTilesLowerTheWinChance) {
  EvPosition p = position("123456789m123p5s7z", "", 1, 0);
  const double open = row(evaluate_discards(p, EvOptions::standard()), "7z")->value.win[1];
  p.visible = parse_tiles("5s5s");
  const double seen = row(evaluate_discards(p, EvOptions::standard()), "7z")->value.win[1];
  EXPECT_LT(seen, open);
  p.visible = parse_tiles("5s5s5s");  // no 5s left: riichi on the 5s tanki never wins
  const HandEv none_left = evaluate_discards(p, EvOptions::standard());
  const DiscardEv* d = row(none_left, "7z");
  EXPECT_EQ(d->riichi_value->win[1], 0.0);
  EXPECT_GT(d->dama_value->win[1], 0.0);  // dama may still change the wait
  EXPECT_FALSE(d->riichi);
}

// An open hand never declares riichi; one without a reachable yaku never wins. 123m 456p 78s
// 99s + chi 789m waits on 6s/9s, seat West, round South: no tanyao (terminals), no yakuhai
// (East is neither wind), no sanshoku (789p missing), no chanta (456p), no toitoi: each needs
// two or more exchanges, beyond the search bound (one exchange from tenpai).
TEST(EvDefault, OpenHandWithoutYakuCannotWin) {
  const HandEv ev =
      evaluate_discards(position("123m456p78s99s1z c789m", "", 2, 1), EvOptions::standard());
  const DiscardEv* d = row(ev, "1z");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->shanten, 0);
  EXPECT_FALSE(d->riichi);
  EXPECT_FALSE(d->riichi_value.has_value());
  EXPECT_EQ(d->value.tenpai[1], 1.0);
  EXPECT_EQ(d->value.win[1], 0.0);
  for (const DiscardEv& x : ev.discards) EXPECT_FALSE(x.riichi);
}

// With a yakuhai pung called the same shape wins (haku: 1 han).
TEST(EvDefault, OpenHandWithYakuhaiWins) {
  const HandEv ev =
      evaluate_discards(position("123m456p78s99s1z p555z", "", 1, 0), EvOptions::standard());
  const DiscardEv* d = row(ev, "1z");
  ASSERT_NE(d, nullptr);
  EXPECT_GT(d->value.win[1], 0.3);
  EXPECT_GT(d->value.score[1], 0);
}

// Riichi and dama both shown for a closed tenpai discard; the value is the better per measure.
TEST(EvDefault, RiichiAndDamaOptions) {
  const HandEv ev =
      evaluate_discards(position("234567m234p22s34s5p", "1z", 1, 0), EvOptions::standard());
  const DiscardEv* d = row(ev, "5p");
  ASSERT_NE(d, nullptr);
  ASSERT_TRUE(d->riichi_value && d->dama_value);
  for (int t = 0; t <= kLastTurn; ++t) {
    EXPECT_EQ(d->value.win[t], std::max(d->riichi_value->win[t], d->dama_value->win[t]));
    EXPECT_EQ(d->value.score[t], std::max(d->riichi_value->score[t], d->dama_value->score[t]));
  }
  EXPECT_EQ(d->riichi, d->riichi_value->score[1] > d->dama_value->score[1]);
}

// A 13-tile hand before its draw (the value of not calling, or of the hand after a call).
TEST(EvDefault, HandBeforeItsDraw) {
  EvStats stats;
  const EvCurve c =
      evaluate_hand(position("123456789m123p5s", "", 1, 0), EvOptions::standard(), &stats);
  EXPECT_EQ(c.tenpai[1], 1.0);
  EXPECT_GT(c.win[1], 0.3);
  EXPECT_GT(stats.draw_nodes, 0u);
}

// turns_before_position false (the review): the values from the position's turn on are those of
// the full recursion, bit for bit; the turns before it are zero.
void expect_same_from(const EvCurve& all, const EvCurve& from, int turn) {
  for (int t = 0; t <= kLastTurn; ++t) {
    const double tenpai = t < turn ? 0.0 : all.tenpai[t], win = t < turn ? 0.0 : all.win[t],
                 score = t < turn ? 0.0 : all.score[t];
    EXPECT_EQ(from.tenpai[t], tenpai) << "turn " << t;
    EXPECT_EQ(from.win[t], win) << "turn " << t;
    EXPECT_EQ(from.score[t], score) << "turn " << t;
  }
}

TEST(EvDefault, TurnsFromThePosition) {
  struct Case {
    std::string hand;
    EvOptions options;
  };
  const std::vector<Case> cases = {{"234567m234p22s34s5p", EvOptions::standard()},
                                   {"13579m2468p135s12z", EvOptions::standard()},
                                   {"1245m367p2468s157z", EvOptions::standard()},
                                   {"12346m3456p23789s", EvOptions::fast()},
                                   {"234567m234p22s34s5p", EvOptions::reference()}};
  for (const Case& c : cases)
    for (int turn : {0, 3, 9, 17, 18}) {
      SCOPED_TRACE(c.hand + " turn " + std::to_string(turn) + " " + c.options.name);
      EvPosition p = position(c.hand, "1z", 1, 0);
      p.turn = turn;
      EvOptions from = c.options;
      from.turns_before_position = false;
      const HandEv a = evaluate_discards(p, c.options), b = evaluate_discards(p, from);
      ASSERT_EQ(a.discards.size(), b.discards.size());
      for (std::size_t i = 0; i < a.discards.size(); ++i) {
        EXPECT_EQ(a.discards[i].tile, b.discards[i].tile);
        EXPECT_EQ(a.discards[i].riichi, b.discards[i].riichi);
        if (!b.stats.approximate) expect_same_from(a.discards[i].value, b.discards[i].value, turn);
        ASSERT_EQ(a.discards[i].riichi_value.has_value(), b.discards[i].riichi_value.has_value());
        if (a.discards[i].riichi_value)
          expect_same_from(*a.discards[i].riichi_value, *b.discards[i].riichi_value, turn);
      }
      p.hand.concealed.pop_back();
      EvStats stats;
      const EvCurve all = evaluate_hand(p, c.options), part = evaluate_hand(p, from, &stats);
      if (!stats.approximate) expect_same_from(all, part, turn);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input: a clear error naming the fault.

std::string error_of(const EvPosition& p, const EvOptions& o = EvOptions::standard()) {
  try {
    evaluate_discards(p, o);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(EvInput, Errors) {
  EXPECT_NE(error_of(position("123456789m123p5s", "", 1, 0)).find("3n+2"), std::string::npos);
  EXPECT_NE(error_of(position("123456789m123p55s7z", "", 1, 0)).find("got 15"), std::string::npos);
  EvPosition p = position("123456789m123p5s7z", "", 1, 0);
  p.turn = 19;
  EXPECT_NE(error_of(p).find("turn 19"), std::string::npos);
  p.turn = 1;
  p.visible = parse_tiles("1m1m1m1m");
  EXPECT_NE(error_of(p).find("more than 4 1m"), std::string::npos);
  p.visible = {};
  p.seat = 4;
  EXPECT_NE(error_of(p).find("seat"), std::string::npos);
  EXPECT_NE(error_of(position("123456789m123p0s7z", "", 1, 0)).find("no red fives"),
            std::string::npos);
  // The reference has red fives (its own rules), whatever the position's rules.
  EXPECT_EQ(error_of(position("123456789m123p0s7z", "", 1, 0), EvOptions::reference()), "");
}

}  // namespace
}  // namespace riichi::eval

namespace riichi::eval {
namespace {

// The search scores wins with the engine's yaku, fu and limits assembled without names
// (ev_score.cpp); it must pay exactly what score() pays, for every preset, closed or open, tsumo
// or ron, riichi or not (no dora indicator: no ura expectation).
TEST(EvScoring, WinPointsEqualScore) {
  testing::SplitMix64 rng{4242};
  int checked = 0;
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    for (int i = 0; i < testing::iterations(3000) + 20; ++i) {
      // Four random sets (the last may be a pon called) and a pair.
      Hand hand;
      Counts c{};
      bool ok = true;
      const bool open = rng.below(3) == 0;
      std::vector<Tile> tiles;
      for (int s = 0; s < 4 && ok; ++s) {
        const int kind = rng.below(kNumKinds);
        const bool chow = is_suited(kind) && number_of(kind) <= 7 && rng.below(2);
        std::vector<Tile> set;
        for (int d = 0; d < 3; ++d) set.push_back(Tile{std::uint8_t(chow ? kind + d : kind)});
        for (Tile t : set) ok &= ++c[t.kind] <= 4;
        if (open && s == 3 && !chow) {
          Meld m;
          m.type = MeldType::kPon;
          for (int d = 0; d < 3; ++d) m.tiles[d] = set[d];
          hand.melds.push_back(m);
        } else {
          tiles.insert(tiles.end(), set.begin(), set.end());
        }
      }
      const int pair = rng.below(kNumKinds);
      ok &= (c[pair] += 2) <= 4;
      if (!ok) continue;
      tiles.push_back(Tile{std::uint8_t(pair)});
      tiles.push_back(Tile{std::uint8_t(pair)});
      if (rules.red_fives)
        for (Tile& t : tiles)
          if (is_five(t.kind) && rng.below(4) == 0) {
            bool red_taken = false;
            for (Tile u : tiles) red_taken |= u.kind == t.kind && u.red;
            t.red = !red_taken;
          }
      if (rules.red_fives) {  // only three plain copies of a five exist
        bool impossible = false;
        for (int k : {4, 13, 22}) {
          int plain = 0;
          for (Tile t : tiles) plain += t.kind == k && !t.red;
          for (const Meld& m : hand.melds) plain += m.tiles[0].kind == k ? 3 : 0;
          impossible |= plain > 3;
        }
        if (impossible) continue;
      }
      const std::size_t w = static_cast<std::size_t>(rng.below(static_cast<int>(tiles.size())));
      const Tile win = tiles[w];
      tiles.erase(tiles.begin() + static_cast<long>(w));
      hand.concealed = tiles;
      EvPosition p;
      p.hand = hand;
      p.hand.concealed.push_back(win);  // the complete hand
      p.seat = rng.below(4);
      p.round_wind = rng.below(2);
      p.rules = rules;
      const detail::Setup s = detail::make_setup(p, rules);
      const EvOptions options = EvOptions::standard();  // the scorer keeps a reference
      const detail::WinScorer scorer(p, options, rules, s);
      detail::IdCounts ids{};
      for (Tile t : p.hand.concealed) ++ids[t.red ? detail::red_id_of(t.kind) : t.kind];
      const int win_id = win.red ? detail::red_id_of(win.kind) : win.kind;
      for (int flags = 0; flags < 4; ++flags) {
        const bool riichi = flags & 1, tsumo = flags & 2;
        if (riichi && !hand.melds.empty()) continue;
        WinContext ctx;
        ctx.tsumo = tsumo;
        ctx.riichi = riichi;
        ctx.seat = p.seat;
        ctx.round_wind = p.round_wind;
        const ScoreResult r = score(hand, win, ctx, rules);
        const double expected = r.ok() ? r.payments.total : 0;
        const double ours = scorer.points(detail::key_of(ids, riichi), detail::kinds_of(ids), ids,
                                          win_id, riichi, tsumo, 0);
        ASSERT_EQ(ours, expected) << rules.name << " " << format_hand(hand) << " + "
                                  << tile_to_string(win) << " riichi " << riichi << " tsumo "
                                  << tsumo << ": " << r.error_message;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, testing::iterations(3000));
}

}  // namespace
}  // namespace riichi::eval

namespace riichi::eval {
namespace {

// Bounded cost: far from tenpai (above path_search_max_shanten) the chain approximation gives
// the values without a search; they stay probabilities, and a discard that keeps the effective
// tiles ranks above one that throws them away.
TEST(EvBounded, ChainApproximationFarFromTenpai) {
  // 159m 258p 369s 12345z: 5-shanten (kokushi); every discard is approximated.
  const HandEv ev =
      evaluate_discards(position("159m258p369s12345z", "", 1, 0), EvOptions::standard());
  EXPECT_TRUE(ev.stats.approximate);
  EXPECT_EQ(ev.stats.draw_nodes, 0u);
  ASSERT_EQ(ev.discards.size(), 14u);
  for (const DiscardEv& d : ev.discards)
    for (int t = 0; t < kLastTurn; ++t) {
      EXPECT_GE(d.value.win[t], d.value.win[t + 1]);
      EXPECT_LE(d.value.tenpai[t], 1.0);
      EXPECT_GE(d.value.win[t], 0.0);
    }
  // A 2-shanten hand under fast(): approximated too; under standard(): searched.
  const EvPosition p = position("123m456p7s1399s125z", "", 1, 0);
  EXPECT_TRUE(evaluate_discards(p, EvOptions::fast()).stats.approximate);
  EXPECT_FALSE(evaluate_discards(p, EvOptions::standard()).stats.approximate);
}

// max_nodes: a search that would pass it falls back to the approximation (default model) or
// fails with a message (reference).
TEST(EvBounded, NodeCap) {
  EvOptions o = EvOptions::standard();
  o.max_nodes = 50;
  const EvPosition p = position("123m456p7s1399s125z", "", 1, 0);
  const HandEv ev = evaluate_discards(p, o);
  EXPECT_TRUE(ev.stats.capped);
  EXPECT_TRUE(ev.stats.approximate);
  EvOptions r = EvOptions::reference();
  r.max_nodes = 50;
  EXPECT_THROW(evaluate_discards(p, r), std::invalid_argument);
}

}  // namespace
}  // namespace riichi::eval
