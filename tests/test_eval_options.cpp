// Push or fold (eval/options.hpp) on hand-made positions whose right answer follows from the
// principles of play, written in each test's comments (never from the function's own output).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "bot_positions.hpp"
#include "eval/options.hpp"
#include "riichi/round.hpp"

namespace riichi::testing {
namespace {

using eval::DecisionKind;
using eval::OptionsReport;
using eval::OptionValue;
using eval::Plan;
using eval::ReasonKind;

// The observation with its legal actions.
Observation options_with_legal(const Position& p) {
  Observation o = p.obs();
  o.legal_actions = p.legal();
  return o;
}

std::string dump(const OptionsReport& r) {
  std::string s = "turn " + std::to_string(r.turn) + (r.threat ? ", threat" : "") + "\n";
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    const OptionValue& o = r.options[i];
    char line[160];
    std::snprintf(line, sizeof line, "%s %-22s exp %8.1f win %.3f deal %.3f later %.3f %s | ",
                  static_cast<int>(i) == r.best ? "*" : " ", to_string(o.action, false).c_str(),
                  o.exp_score, o.win_prob, o.deal_in_prob, o.deal_in_later,
                  eval::plan_name(o.plan));
    s += line + o.reason + "\n";
  }
  return s;
}

OptionsReport judge(const Position& p, const Rules& rules = Rules::ema2016(),
                    const eval::OptionsSettings& s = eval::OptionsSettings::standard()) {
  return eval::evaluate_options(options_with_legal(p), rules, s);
}

const OptionValue& best(const OptionsReport& r) {
  return r.options[static_cast<std::size_t>(r.best)];
}

// The first option of `type` discarding / claiming `tile` (any copy).
int find(const OptionsReport& r, ActionType type, const std::string& tile = "") {
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    const Action& a = r.options[i].action;
    if (a.type == type && (tile.empty() || a.tile / 4 == parse_tile(tile).kind))
      return static_cast<int>(i);
  }
  return -1;
}

const OptionValue& option(const OptionsReport& r, ActionType type, const std::string& tile = "") {
  const int i = find(r, type, tile);
  if (i < 0) throw std::invalid_argument("no option " + std::string(action_type_name(type)) + tile);
  return r.options[static_cast<std::size_t>(i)];
}

// --- wins ---------------------------------------------------------------------------------

TEST(EvalOptions, TsumoIsTaken) {
  // 123m 234m 456p 789s 55m completed by the drawn 5m: menzen tsumo. A win now is worth its
  // points; playing on can only win later, or not at all.
  Position p;
  p.seat(0).live_tiles(60).hand("123m456p789s234m5m").drawn("5m");
  p.discards(0, "1z9p").discards(1, "2z1s").discards(2, "9s3z").discards(3, "4z1p");
  p.allow_discards().allow(ActionType::kTsumo);
  const OptionsReport r = judge(p);
  EXPECT_EQ(best(r).kind, DecisionKind::kWin) << dump(r);
  EXPECT_EQ(best(r).win_prob, 1.0);
  // Menzen tsumo 1 han 30 fu (pair of 5m, closed sequences, tsumo 2 fu -> 30 fu rounded):
  // the dealer receives 500 from each of three players.
  EXPECT_EQ(best(r).win_points, 1500.0) << best(r).reason;
  EXPECT_EQ(best(r).reason_kind, ReasonKind::kWin);
  // Discarding instead of winning is a missed win.
  EXPECT_EQ(eval::mistake_kind(r, find(r, ActionType::kDiscard, "1m")), ReasonKind::kWin);
}

TEST(EvalOptions, RonIsTaken) {
  // 234m 345m 456p 678s 55s waiting 2m-5m at the 10th turn, North discards 5m: tanyao pinfu
  // ron. Passing leaves nine draws to win again, in temporary furiten, with the same hand: the
  // sure win is worth more.
  Position p;
  p.seat(1).live_tiles(34).hand("234m456p678s34m55s");
  p.discards(0, "1z9p1s9s2z3z4z1m9m").discards(1, "2z1p9s1s3z4z6z7z8m");
  p.discards(2, "1z9s4z6z7z7p3p2p1m").discards(3, "9m1z1p2z3z7z6z8m");
  p.claim_window("5m", 3);
  p.allow(ActionType::kRon, "5m");
  const OptionsReport r = judge(p);
  EXPECT_EQ(best(r).action.type, ActionType::kRon) << dump(r);
  // Tanyao + pinfu, 2 han 30 fu ron for a non-dealer: 2000 points, 300 a honba (none here).
  EXPECT_EQ(best(r).win_points, 2000.0);
  EXPECT_EQ(r.kind, DecisionKind::kCall);
}

// --- push or fold -----------------------------------------------------------------------

// Seat 1 (South) to play its 6th discard; the dealer (seat 0) declared riichi on its 6th,
// 4s, after 9p 1z 2z 8p 3m. `hand` is seat 1's 13 tiles before `drawn`.
Position options_against_dealer_riichi(const std::string& hand, const std::string& drawn,
                                       const std::string& dealer_river = "9p1z2z8p3m4s") {
  Position p;
  p.seat(1).live_tiles(48).hand(hand).drawn(drawn);
  p.discards(0, dealer_river, 5);
  p.discards(1, "9s8s1p7m6z").discards(2, "1z9m2z8s4z").discards(3, "9m1p4z3z7p");
  return p;
}

TEST(EvalOptions, HopelessHandFoldsWithGenbutsu) {
  // About 5-shanten in the middle of the hand against the dealer's riichi: the hand will
  // almost never win before the riichi does, and a dealer's hand costs 12000 at mangan. The
  // rule of play: fold, throwing genbutsu (tiles the riichi player discarded: 9p, 1z, 4s, none
  // of which it can ron) before anything else.
  Position p = options_against_dealer_riichi("1m5m8m2p6p9p2s4s7s1z3z5z7z", "4p");
  p.allow_discards();
  const OptionsReport r = judge(p);
  ASSERT_TRUE(r.threat);
  const OptionValue& b = best(r);
  const int kind = b.action.tile / 4;
  EXPECT_TRUE(kind == parse_tile("9p").kind || kind == parse_tile("1z").kind ||
              kind == parse_tile("4s").kind)
      << dump(r);
  EXPECT_EQ(b.deal_in_prob, 0.0);
  EXPECT_EQ(b.plan, Plan::kFold) << b.reason;
  // A live middle tile (non-suji 5m, the drawn 4p) is worth less than any genbutsu.
  for (const char* t : {"5m", "4p", "6p"}) {
    EXPECT_LT(option(r, ActionType::kDiscard, t).exp_score, b.exp_score) << t;
    EXPECT_GT(option(r, ActionType::kDiscard, t).deal_in_prob, 0.02) << t;
  }
  EXPECT_EQ(eval::mistake_kind(r, find(r, ActionType::kDiscard, "4p")), ReasonKind::kPushFold);
  EXPECT_NE(b.reason.find("genbutsu"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("fold"), std::string::npos) << b.reason;
}

TEST(EvalOptions, TenpaiManganPushesASujiTile) {
  // 234m 567m 66p 678p 78s and the drawn 7p, against the dealer's riichi (4p 9m 2m 1z 3z 6z).
  // Cutting 7p keeps tenpai on 6s-9s with tanyao, pinfu and three dora (the indicator 5p makes
  // 6p the dora): a mangan, 8000 on 6s. Cutting 8p keeps tenpai too (666p 77p) but 8p is
  // non-suji, while 7p is suji of the riichi player's 4p: no two-sided wait can ron it. The
  // genbutsu 2m breaks the hand. Push, with the suji tile.
  Position p = options_against_dealer_riichi("234m567m66p678p78s", "7p", "4p9m2m1z3z6z");
  p.dora_indicator("5p");
  p.allow_discards();
  const OptionsReport r = judge(p);
  const OptionValue& b = best(r);
  EXPECT_EQ(b.action.tile / 4, parse_tile("7p").kind) << dump(r);
  EXPECT_EQ(b.plan, Plan::kPush);
  EXPECT_EQ(b.shanten, 0);
  EXPECT_GT(b.deal_in_prob, 0.0);  // suji is not genbutsu
  EXPECT_LT(b.deal_in_prob, option(r, ActionType::kDiscard, "8p").deal_in_prob);
  EXPECT_GT(b.win_prob, option(r, ActionType::kDiscard, "2m").win_prob);
  EXPECT_GT(b.exp_score, option(r, ActionType::kDiscard, "2m").exp_score);
  EXPECT_NE(b.reason.find("suji"), std::string::npos) << b.reason;
}

TEST(EvalOptions, UtilityThatFearsDealingInFolds) {
  // The same mangan tenpai, for a player to whom any deal-in is a disaster (e.g. All-Last in
  // first place by a small margin): a utility that counts a deal-in 50 times its points makes
  // the genbutsu fold the better choice, and the identity utility changes nothing.
  Position p = options_against_dealer_riichi("234m567m66p678p78s", "7p", "4p9m2m1z3z6z");
  p.dora_indicator("5p");
  p.allow_discards();
  eval::OptionsSettings s;
  s.utility = [](const Observation&, const eval::Outcome& o) {
    return o.kind == eval::Outcome::kDealIn ? 50 * o.points : o.points;
  };
  const OptionsReport r = judge(p, Rules::ema2016(), s);
  EXPECT_EQ(best(r).action.tile / 4, parse_tile("2m").kind) << dump(r);
  s.utility = [](const Observation&, const eval::Outcome& o) { return o.points; };
  const OptionsReport same = judge(p, Rules::ema2016(), s);
  for (const OptionValue& o : same.options) EXPECT_NEAR(o.utility, o.exp_score, 1e-6);
}

// --- calls ------------------------------------------------------------------------------

TEST(EvalOptions, YakuhaiPonThatLowersShantenIsTaken) {
  // 77z 23m 56p 789s 44s 1p 9p: 2-shanten, and a closed hand without a yaku of its own. Pon of
  // the Red dragon gives a yaku (yakuhai) and a set: 1-shanten after cutting 1p or 9p. The
  // standard advice: pon a yakuhai pair when it speeds the hand up.
  Position p;
  p.seat(1).live_tiles(60).hand("77z23m56p789s44s19p");
  p.discards(0, "1z9m").discards(1, "9s2z").discards(2, "1m4z").discards(3, "8m3z");
  p.claim_window("7z", 0);
  p.allow_call(ActionType::kPon, "7z", "7z7z");
  const OptionsReport r = judge(p);
  const OptionValue& pon = option(r, ActionType::kPon);
  const OptionValue& pass = option(r, ActionType::kPass);
  EXPECT_EQ(best(r).action.type, ActionType::kPon) << dump(r);
  EXPECT_EQ(pass.shanten, 2);
  EXPECT_EQ(pon.shanten, 1);
  EXPECT_GT(pon.win_prob, pass.win_prob);
  EXPECT_EQ(pon.then.type, ActionType::kDiscard);
  const int then = pon.then.tile / 4;
  EXPECT_TRUE(then == parse_tile("1p").kind || then == parse_tile("9p").kind) << pon.reason;
  EXPECT_NE(pon.reason.find("yakuhai"), std::string::npos) << pon.reason;
  EXPECT_EQ(pon.reason_kind, ReasonKind::kCall);
}

TEST(EvalOptions, ChiThatKillsTheOnlyYakuIsRefused) {
  // South in the East round, 12m 456p 79s 35s 88p 3z 4z: 2-shanten, closed (riichi is its
  // yaku). Chi of 3m makes 123m: a terminal (no tanyao), no value honour (West and North are
  // not South's), two suits and a chi (no honitsu, no toitoi), 456p breaks chanta: no yaku is
  // left, and a hand without a yaku cannot win (RULES.md: a win needs a yaku). Pass.
  Position p;
  p.seat(1).live_tiles(56).hand("12m456p789s34s88p3z");
  p.discards(0, "1z9s2z").discards(1, "9p7z1p").discards(2, "4z1s6z").discards(3, "7z2z");
  p.claim_window("3m", 0);
  p.allow_call(ActionType::kChi, "3m", "1m2m");
  const OptionsReport r = judge(p);
  const OptionValue& chi = option(r, ActionType::kChi);
  EXPECT_EQ(best(r).action.type, ActionType::kPass) << dump(r);
  EXPECT_LT(chi.win_prob, 0.005) << chi.reason;
  EXPECT_GT(option(r, ActionType::kPass).win_prob, 0.1);
  EXPECT_NE(chi.reason.find("no yaku"), std::string::npos) << chi.reason;
}

// --- riichi -----------------------------------------------------------------------------

TEST(EvalOptions, RiichiOnAGoodWaitEarly) {
  // Tenpai at the 4th turn on a two-sided 2s-5s (8 tiles unseen) with 123m 567p 777s 55p and
  // two dora (the indicator 4p: 55p): no yaku without riichi (a terminal, a pung, no value
  // honour), so dama wins only by tsumo. Riichi makes it 3 han by ron on 8 tiles with most of
  // the hand to play: riichi.
  Position p;
  p.seat(1).live_tiles(58).hand("123m567p777s55p34s").drawn("9m").dora_indicator("4p");
  p.discards(0, "1z9s2z").discards(1, "1p7z").discards(2, "4z1s6z").discards(3, "7z2z");
  p.allow_discards().allow_riichi("9m");
  const OptionsReport r = judge(p);
  const OptionValue& b = best(r);
  EXPECT_EQ(b.action.type, ActionType::kRiichi) << dump(r);
  EXPECT_EQ(b.action.tile / 4, parse_tile("9m").kind);
  EXPECT_GT(b.win_prob, option(r, ActionType::kDiscard, "9m").win_prob);
  EXPECT_EQ(eval::mistake_kind(r, find(r, ActionType::kDiscard, "9m")), ReasonKind::kRiichi);
  EXPECT_NE(b.reason.find("riichi on 9m"), std::string::npos) << b.reason;
}

TEST(EvalOptions, RiichiOnACheapGoodWaitEarly) {
  // Tanyao pinfu on a two-sided 2s-5s at the 4th turn: 2000 dama. Riichi adds a han (3900 by
  // ron, more by tsumo and ura), and the textbook advice is to riichi a cheap two-sided wait
  // early (the others fold against it; a dama hand this cheap folds at the first threat).
  Position p;
  p.seat(1).live_tiles(58).hand("234m567p55p34s678s").drawn("9m");
  p.discards(0, "1z9s2z").discards(1, "1p7z").discards(2, "4z1s6z").discards(3, "7z2z");
  p.allow_discards().allow_riichi("9m");
  const OptionsReport r = judge(p);
  EXPECT_EQ(best(r).action.type, ActionType::kRiichi) << dump(r);
  EXPECT_GT(best(r).win_points, option(r, ActionType::kDiscard, "9m").win_points);
}

}  // namespace
}  // namespace riichi::testing
