// The danger model (eval/danger.hpp) on hand-made positions: genbutsu 0, suji below non-suji,
// no-chance below its neighbours, honours by visible copies, dora, values derived by hand on
// small cases, the discard order against the engine's own event log, and the reasons.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "bot_positions.hpp"
#include "eval/danger.hpp"
#include "eval/danger_baseline.hpp"
#include "riichi/round.hpp"

namespace riichi::testing {
namespace {

using eval::DangerReport;
using eval::SafetyClass;

int k(const std::string& tile) { return parse_tile(tile).kind; }

// Seat 0 judges; seat 1 (South, the dealer is seat 0) declared riichi on its 6th discard.
Position riichi_position(const std::string& river, int riichi_at) {
  Position p;
  p.hand("1m9p3s4s5s6s7p8p9p2z3z6z7z").live_tiles(50);
  p.discards(1, river, riichi_at);
  return p;
}

const eval::OpponentDanger& south(const DangerReport& r) { return r.opponents[0]; }

double danger(const DangerReport& r, const std::string& tile) {
  return south(r).tiles[static_cast<std::size_t>(k(tile))].deal_in;
}

DangerReport judge_danger(const Position& p) {
  return eval::assess_danger(p.obs(), Rules::tenhou());
}

TEST(Danger, GenbutsuIsZero) {
  const DangerReport r = judge_danger(riichi_position("1z9m8s2p4z5p", 5));
  EXPECT_EQ(danger(r, "5p"), 0.0);  // the riichi tile
  EXPECT_EQ(danger(r, "9m"), 0.0);
  EXPECT_EQ(south(r).tiles[static_cast<std::size_t>(k("9m"))].safety.cls, SafetyClass::kGenbutsu);
  EXPECT_GT(danger(r, "5m"), 0.05);  // a live middle tile against a riichi
  EXPECT_TRUE(south(r).riichi);
  EXPECT_EQ(south(r).tenpai, 1.0f);
}

TEST(Danger, TilePassedAfterRiichiIsGenbutsu) {
  // South declared riichi on its 3rd discard; West (seat 2) then discarded 6s: furiten for South.
  Position p = riichi_position("1z9m2p", 2);
  p.discards(2, "4z2z6s");  // index 2 of seat 2 comes after index 2 of seat 1
  const DangerReport r = judge_danger(p);
  EXPECT_EQ(danger(r, "6s"), 0.0);
  // 3s is suji of 6s for South now (the 45s two-sided wait is furiten).
  EXPECT_EQ(south(r).tiles[static_cast<std::size_t>(k("3s"))].safety.cls, SafetyClass::kSuji);
}

TEST(Danger, SujiBelowNonSujiOfTheSameRank) {
  // 4m and 6p discarded before the riichi: 1m and 7m are suji, 1p/7p/1s/7s are not; 3p and 9p
  // are suji of 6p, 3m/9m are not.
  const DangerReport r = judge_danger(riichi_position("1z4m2z6p4z9s", 5));
  EXPECT_LT(danger(r, "1m"), danger(r, "1s"));
  EXPECT_LT(danger(r, "7m"), danger(r, "7s"));
  EXPECT_LT(danger(r, "3p"), danger(r, "3m"));
  EXPECT_LT(danger(r, "9p"), danger(r, "9m"));
  EXPECT_EQ(south(r).tiles[static_cast<std::size_t>(k("1m"))].safety.cls, SafetyClass::kSuji);
  EXPECT_EQ(south(r).tiles[static_cast<std::size_t>(k("7s"))].safety.cls, SafetyClass::kNonSuji);
  // 4-6: both sides suji (nakasuji) below one side below none.
  const DangerReport r2 = judge_danger(riichi_position("1s7s1z1p2z3z", 5));
  EXPECT_EQ(south(r2).tiles[static_cast<std::size_t>(k("4s"))].safety.cls, SafetyClass::kSuji);
  EXPECT_EQ(south(r2).tiles[static_cast<std::size_t>(k("4p"))].safety.cls, SafetyClass::kHalfSuji);
  EXPECT_LT(danger(r2, "4s"), danger(r2, "4p"));
  EXPECT_LT(danger(r2, "4p"), danger(r2, "4m"));
}

TEST(Danger, NoChanceBelowItsNeighbours) {
  // Four 5p visible (two in West's river, two in North's): every two-sided wait on 3p and
  // on 7p needs a 5p, so 3p and 7p are no-chance; 2p, 4p, 6p and 8p keep a two-sided wait.
  Position p = riichi_position("1z9m8s2s4z7m", 5);
  p.discards(2, "5p5p").discards(3, "5p5p");
  const DangerReport r = judge_danger(p);
  EXPECT_EQ(south(r).tiles[static_cast<std::size_t>(k("3p"))].safety.cls, SafetyClass::kNoChance);
  EXPECT_LT(danger(r, "3p"), danger(r, "2p"));
  EXPECT_LT(danger(r, "3p"), danger(r, "4p"));
  EXPECT_LT(danger(r, "7p"), danger(r, "6p"));
  EXPECT_LT(danger(r, "7p"), danger(r, "8p"));
}

TEST(Danger, HonoursSaferWithMoreCopiesVisible) {
  // Own hand: one 2z, 3z, 6z, 7z. Visible besides: 3z once, 6z twice, 4z three times.
  Position p = riichi_position("1z9m8s2p1p5m", 5);
  p.discards(2, "3z6z6z4z4z4z");
  const DangerReport r = judge_danger(p);
  // 5z: none visible; 2z: one (own); 3z: two; 6z: three; 4z: three (no own copy).
  EXPECT_GT(danger(r, "5z"), danger(r, "2z"));
  EXPECT_GT(danger(r, "2z"), danger(r, "3z"));
  EXPECT_GT(danger(r, "3z"), danger(r, "6z"));
  EXPECT_EQ(south(r).tiles[static_cast<std::size_t>(k("6z"))].safety.visible, 3);
}

TEST(Danger, DoraIsMoreDangerousAndWorthMore) {
  Position plain = riichi_position("1z9m8s2p1p4z", 5);
  Position dora = riichi_position("1z9m8s2p1p4z", 5);
  dora.dora_indicator("5z");   // the dora is 6z
  plain.dora_indicator("1z");  // the dora is 2z (not a kind compared below)
  const DangerReport a = judge_danger(plain), b = judge_danger(dora);
  EXPECT_GT(danger(b, "6z"), danger(a, "6z"));
  EXPECT_GT(south(b).tiles[static_cast<std::size_t>(k("6z"))].value,
            south(a).tiles[static_cast<std::size_t>(k("6z"))].value);
  EXPECT_TRUE(south(b).tiles[static_cast<std::size_t>(k("6z"))].safety.dora);
}

TEST(Danger, ProbabilitiesAreProbabilities) {
  Position p = riichi_position("1z9m8s2p1p4z", 5);
  p.discards(2, "1s2s").meld(2, MeldType::kPon, "7z7z7z", 3).discards(3, "9s9p1s");
  const DangerReport r = judge_danger(p);
  double expected_waits = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (const auto& o : r.opponents) {
      const auto& t = o.tiles[static_cast<std::size_t>(kind)];
      EXPECT_GE(t.deal_in, 0);
      EXPECT_LE(t.deal_in, 1);
      EXPECT_NEAR(t.loss, t.deal_in * t.value, 1e-3);
    }
    EXPECT_GE(r.deal_in[static_cast<std::size_t>(kind)], r.opponents[0].tiles[kind].deal_in);
    expected_waits += danger(r, kind_to_string(kind));
  }
  // A riichi hand waits on about two kinds (1.87 on average: kobalab's table); here many are
  // ruled out, but not most.
  EXPECT_GT(expected_waits, 0.8);
  EXPECT_LT(expected_waits, 3.5);
  // The open hand with a pon of its value dragon is more likely tenpai than the closed one.
  EXPECT_GT(r.opponents[1].tenpai, r.opponents[2].tenpai);
  EXPECT_TRUE(r.opponents[1].open);
}

// A riichi hand that discarded every kind but East and South: only shanpon / tanki on them are
// live. With every weight 1 (biases 0, exponents 1, flags 0, mass 1) the weights are the
// combination counts: East unseen 4 -> pair 6 + single 4 = 10; South (one in our hand) unseen 3
// -> 3 + 3 = 6. P(East) = 1 - exp(-10/16), P(South) = 1 - exp(-6/16).
TEST(Danger, WaitProbabilityDerivedByHand) {
  Position p;
  p.hand("2z").live_tiles(30);
  p.discards(1, "123456789m123456789p123456789s34567z", 30);
  eval::DangerParams params = eval::prior_danger_params();
  params.wait.fill(0);
  params.wait[eval::kGammaSequence] = params.wait[eval::kGammaPair] = 1;
  params.wait[eval::kGammaSingle] = 1;
  const DangerReport r = eval::assess_danger(p.obs(), Rules::tenhou(), params);
  EXPECT_NEAR(danger(r, "1z"), 1 - std::exp(-10.0 / 16), 1e-6);
  EXPECT_NEAR(danger(r, "2z"), 1 - std::exp(-6.0 / 16), 1e-6);
  EXPECT_EQ(danger(r, "5m"), 0.0);
}

// The value of a ron, by hand: with no dora and no ura expected, a 2-han 30-fu hand pays 2000
// (non-dealer) and 2900 (dealer), plus 300 per honba; 3 han 30 fu pays 3900.
TEST(Danger, RonValueDerivedByHand) {
  eval::DangerParams params = eval::prior_danger_params();
  params.value[eval::kValueRiichiHan] = 2;
  params.value[eval::kValueUraPerIndicator] = 0;
  params.value[eval::kValueHiddenDora] = 0;
  params.value[eval::kValueFu] = 30;
  Position p = riichi_position("1z9m8s2p1p4z", 5);
  DangerReport r = eval::assess_danger(p.obs(), Rules::tenhou(), params);
  EXPECT_NEAR(south(r).tiles[static_cast<std::size_t>(k("5m"))].value, 2000, 1e-3);
  p.dora_indicator("4m");  // 5m is dora: 3 han when it is the winning tile
  r = eval::assess_danger(p.obs(), Rules::tenhou(), params);
  EXPECT_NEAR(south(r).tiles[static_cast<std::size_t>(k("5m"))].value, 3900, 1e-3);
  EXPECT_NEAR(south(r).tiles[static_cast<std::size_t>(k("6m"))].value, 2000, 1e-3);
  Position d = riichi_position("1z9m8s2p1p4z", 5);
  d.seat(0, 1);  // seat 1 (South in the table's eyes) is now the dealer
  r = eval::assess_danger(d.obs(), Rules::tenhou(), params);
  EXPECT_EQ(south(r).seat_wind, 0);
  EXPECT_NEAR(south(r).tiles[static_cast<std::size_t>(k("5m"))].value, 2900, 1e-3);
}

TEST(Danger, ReasonNamesTheReading) {
  const DangerReport r = judge_danger(riichi_position("1z4m2z6p4z9s", 5));
  const std::string line = eval::danger_reason(r, k("4p"));
  EXPECT_EQ(line.rfind("non-suji 4p against South's riichi: ", 0), 0u) << line;
  EXPECT_EQ(eval::danger_reason(south(r), k("4m")), "genbutsu 4m against South's riichi: 0%");
  // The report's reason names the opponent with the largest expected loss: the riichi.
  EXPECT_EQ(eval::danger_reason(r, k("4p")), line);
  EXPECT_NE(eval::danger_reason(south(r), k("1m")).find("suji 1m"), std::string::npos);
  EXPECT_NE(eval::danger_reason(south(r), k("2z")).find("genbutsu"), std::string::npos);
  EXPECT_NE(eval::danger_reason(south(r), k("3z")).find("honour 3z (1 seen"), std::string::npos);
}

TEST(Danger, BaselineClassesFollowTheClassicTable) {
  Position p = riichi_position("1s7s1z1p2z3z", 5);
  p.discards(2, "6z");
  eval::TableReading t;
  eval::read_table(p.obs(), Rules::tenhou(), t);
  const auto& o = t.opponents[0];
  EXPECT_EQ(eval::baseline_class(t, o, k("1s")), eval::kBaseGenbutsu);
  EXPECT_EQ(eval::baseline_class(t, o, k("4s")), eval::kBaseSuji456);
  EXPECT_EQ(eval::baseline_class(t, o, k("4p")), eval::kBaseHalfSuji456);
  EXPECT_EQ(eval::baseline_class(t, o, k("4m")), eval::kBaseNonSuji456);
  EXPECT_EQ(eval::baseline_class(t, o, k("9m")), eval::kBaseNonSuji19);
  EXPECT_EQ(eval::baseline_class(t, o, k("3z")), eval::kBaseGenbutsu);
  // Honours count the copies seen besides the one discarded: 6z (ours and West's) 1, 7z 0.
  EXPECT_EQ(eval::baseline_class(t, o, k("6z")), eval::kBaseHonor1);
  EXPECT_EQ(eval::baseline_class(t, o, k("7z")), eval::kBaseHonor0);
}

// The discard order rebuilt from an observation equals the order of the engine's own events, in
// random hands with calls (a call passes the turn to the caller).
TEST(Danger, DiscardOrderMatchesTheEventLog) {
  std::mt19937 rng(7);
  int checked = 0, with_calls = 0;
  for (int hand = 0; hand < 40; ++hand) {
    Round r(Rules::tenhou(), RoundSetup{0,
                                        0,
                                        hand % 4,
                                        0,
                                        0,
                                        {25000, 25000, 25000, 25000},
                                        static_cast<std::uint64_t>(hand + 1)});
    while (!r.is_over()) {
      const int seat = r.to_play();
      const auto& acts = r.legal_actions(seat);
      // Prefer calls and discards (no wins: longer hands), at random.
      std::vector<Action> pick;
      for (const Action& a : acts)
        if (a.type != ActionType::kRon && a.type != ActionType::kTsumo &&
            a.type != ActionType::kKyuushu)
          pick.push_back(a);
      if (pick.empty()) pick = acts;
      std::uniform_int_distribution<std::size_t> d(0, pick.size() - 1);
      const Action a = pick[d(rng)];
      if (a.type == ActionType::kChi || a.type == ActionType::kPon) ++with_calls;
      r.apply(a);
      const Observation obs = r.observation(0);
      eval::DiscardOrder order;
      eval::order_discards(obs, order);
      std::vector<std::pair<int, int>> truth;
      std::array<int, 4> n{};
      for (const Event& e : r.events())
        if (e.type == EventType::kDiscard) truth.emplace_back(e.seat, n[e.seat]++);
      ASSERT_EQ(order.size, static_cast<int>(truth.size()));
      ASSERT_TRUE(order.rebuilt);
      for (int i = 0; i < order.size; ++i) {
        ASSERT_EQ(order.refs[i].seat, truth[static_cast<std::size_t>(i)].first) << i;
        ASSERT_EQ(order.refs[i].index, truth[static_cast<std::size_t>(i)].second) << i;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(with_calls, 20);
}

}  // namespace
}  // namespace riichi::testing
