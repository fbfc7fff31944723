// Push or fold (eval/options.hpp) on every decision of self-played hands: one row per legal
// action, in order, with probabilities and a reason; and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "bot_positions.hpp"
#include "bots/registry.hpp"
#include "eval/options.hpp"
#include "riichi/round.hpp"

namespace riichi::testing {
namespace {

using eval::DecisionKind;
using eval::OptionsReport;
using eval::OptionValue;

void check_report(const Observation& obs, const OptionsReport& r, bool reasons) {
  ASSERT_EQ(r.options.size(), obs.legal_actions.size());
  ASSERT_GE(r.best, 0);
  ASSERT_LT(r.best, static_cast<int>(r.options.size()));
  EXPECT_GE(r.turn, 0);
  EXPECT_LE(r.turn, eval::kLastTurn);
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    const OptionValue& o = r.options[i];
    SCOPED_TRACE(to_string(o.action, true) + ": " + o.reason);
    EXPECT_EQ(o.action, obs.legal_actions[i]);
    for (double p : {o.win_prob, o.tenpai_prob, o.deal_in_prob, o.deal_in_later}) {
      EXPECT_GE(p, 0.0);
      EXPECT_LE(p, 1.0 + 1e-9);
    }
    EXPECT_LE(o.win_prob + o.deal_in_prob + o.deal_in_later, 1.0 + 1e-6);
    EXPECT_TRUE(std::isfinite(o.exp_score));
    EXPECT_LE(o.utility, r.options[static_cast<std::size_t>(r.best)].utility);
    EXPECT_EQ(o.reason.empty(), !reasons);
    if (o.kind == DecisionKind::kWin) {
      EXPECT_EQ(o.win_prob, 1.0);
      EXPECT_GT(o.exp_score, 0.0);
    }
    if (o.kind == DecisionKind::kPass || o.kind == DecisionKind::kKyuushu) {
      EXPECT_EQ(o.deal_in_prob, 0.0);
    }
  }
}

// Plays `hands` hands under `rules` with defensive bots and checks the report of every decision.
int play_and_check(const Rules& rules, int hands, const eval::OptionsSettings& settings) {
  int decisions = 0;
  for (int h = 0; h < hands; ++h) {
    RoundSetup setup;
    setup.scores = {25000, 25000, 25000, 25000};
    setup.wall_seed = 1000 + static_cast<std::uint64_t>(h);
    setup.dealer = h % 4;
    setup.honba = h % 3;
    setup.riichi_sticks = h % 2;
    Round round(rules, setup);
    auto bots = bots::make_bots({"defensive", "defensive", "defensive", "defensive"},
                                setup.wall_seed, rules);
    while (!round.is_over()) {
      const int seat = round.to_play();
      const Observation obs = round.observation(seat);
      const OptionsReport r = eval::evaluate_options(obs, rules, settings);
      check_report(obs, r, settings.reasons);
      if (::testing::Test::HasFailure()) return decisions;
      ++decisions;
      const Action a = bots[static_cast<std::size_t>(seat)]->choose(obs, obs.legal_actions);
      if (!round.apply(a).ok) {
        ADD_FAILURE() << "hand " << h << ": " << to_string(a, rules.red_fives) << " refused";
        return decisions;
      }
    }
  }
  return decisions;
}

TEST(EvalOptionsPlay, EveryDecisionOfSelfPlayFast) {
  const int n = play_and_check(Rules::tenhou(), 12, eval::OptionsSettings::fast());
  EXPECT_GT(n, 500);
}

TEST(EvalOptionsPlay, EveryDecisionOfSelfPlayStandardWithReasons) {
  const int n = play_and_check(Rules::ema2016(), 3, eval::OptionsSettings::standard());
  EXPECT_GT(n, 100);
}

TEST(EvalOptionsPlay, NoLegalActionIsAnError) {
  Position p;
  p.seat(1).live_tiles(50).hand("123m456p789s2345m");
  Observation obs = p.obs();
  try {
    eval::evaluate_options(obs, Rules::ema2016());
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no legal action"), std::string::npos) << e.what();
  }
}

TEST(EvalOptionsPlay, ImpossibleHandIsAnError) {
  Position p;
  p.seat(1).live_tiles(50).hand("123m456p789s23m");  // 11 tiles, no melds
  p.allow_discards();
  Observation obs = p.obs();
  obs.legal_actions = p.legal();
  try {
    eval::evaluate_options(obs, Rules::ema2016());
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("11 concealed tiles"), std::string::npos) << e.what();
  }
}

// The error of evaluating `obs`, "" if none.
std::string error_of(const Observation& obs) {
  try {
    eval::evaluate_options(obs, Rules::ema2016());
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(EvalOptionsPlay, CallOrKanOfTilesNotHeldIsAnError) {
  // A pon whose tiles are not in the hand, an ankan of a kind held three times, a kakan without
  // a pon: a hostile caller's actions, named in the error (never a crash).
  Position p;
  p.seat(1).live_tiles(56).hand("77z23m56p789s44s19p");
  p.claim_window("1z", 0);
  Observation obs = p.obs();
  obs.legal_actions = p.legal();
  Action pon{ActionType::kPon,
             1,
             static_cast<std::int16_t>(obs.last_discard),
             false,
             {static_cast<std::int16_t>(obs.last_discard + 1),
              static_cast<std::int16_t>(obs.last_discard + 2), -1}};
  obs.legal_actions.push_back(pon);
  EXPECT_NE(error_of(obs).find("not in the hand"), std::string::npos) << error_of(obs);

  Position q;
  q.seat(2).live_tiles(40).hand("555m123p456s789s1z").drawn("2z");
  q.allow_discards().allow(ActionType::kAnkan, "5m");
  obs = q.obs();
  obs.legal_actions = q.legal();
  EXPECT_NE(error_of(obs).find("3 copies held"), std::string::npos) << error_of(obs);
  obs.legal_actions.back().type = ActionType::kKakan;
  EXPECT_NE(error_of(obs).find("no pon"), std::string::npos) << error_of(obs);
}

TEST(EvalOptionsPlay, KyuushuIsAnAbortWorthNothing) {
  // Tenhou rules, the dealer's first draw with nine kinds of terminals and honours: kyuushu
  // ends the hand in an abortive draw, no points change hands (RULES.md §4.4).
  Position p;
  p.seat(0).live_tiles(69).hand("19m19p19s1234z58m3s").drawn("6p");
  p.allow_discards().allow(ActionType::kKyuushu);
  Observation obs = p.obs();
  obs.legal_actions = p.legal();
  const OptionsReport r = eval::evaluate_options(obs, Rules::tenhou());
  check_report(obs, r, true);
  const OptionValue& k = r.options.back();
  EXPECT_EQ(k.kind, DecisionKind::kKyuushu);
  EXPECT_EQ(k.plan, eval::Plan::kAbort);
  EXPECT_EQ(k.exp_score, 0.0);
  EXPECT_EQ(k.win_prob, 0.0);
  EXPECT_NE(k.reason.find("kyuushu"), std::string::npos);
}

TEST(EvalOptionsPlay, AnkanRowIsTheHandAfterTheKan) {
  // 5555m held: after the ankan the concealed part is 10 tiles + the rinshan draw; the row's
  // shanten is that of 123p 456s 789s 1z (3n+1 with one meld): 1z waits alone, tenpai.
  Position p;
  p.seat(2).live_tiles(40).hand("5555m123p456s789s").drawn("1z");
  p.allow_discards().allow(ActionType::kAnkan, "5m");
  Observation obs = p.obs();
  obs.legal_actions = p.legal();
  const OptionsReport r = eval::evaluate_options(obs, Rules::ema2016());
  check_report(obs, r, true);
  const OptionValue& kan = r.options.back();
  EXPECT_EQ(kan.kind, DecisionKind::kKan);
  EXPECT_EQ(kan.shanten, 0);
  EXPECT_GT(kan.win_prob, 0.0);
}

}  // namespace
}  // namespace riichi::testing
