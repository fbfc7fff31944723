// Chombo and dead hand for human input and replays (RULES.md §4.5, §5.1-§5.3), per preset, and
// scenarios of §3.4 (a call refused by kuikae, OQ-18), §3.7 (ippatsu lost to a call) and §4.6
// (pao with an ankan, OQ-6). Seats: dealer 0 = East, 1 = South, 2 = West, 3 = North.
#include <gtest/gtest.h>

#include "round_helpers.hpp"

namespace riichi {
namespace {

using namespace riichi::testing;
using AT = ActionType;
using Scores = std::array<int, 4>;

const Rules kPresets[] = {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()};

// An id of `tile` (mpsz) that `seat` holds concealed.
std::int16_t held(const Round& r, int seat, const std::string& tile) {
  const Tile t = parse_tile(tile);
  for (std::uint8_t id : r.concealed_ids(seat))
    if (tile_of_id(id, r.rules().red_fives) == t) return id;
  ADD_FAILURE() << "seat " << seat << " holds no " << tile;
  return -1;
}

Action make(int seat, AT type, std::int16_t tile, std::array<std::int16_t, 3> uses = {-1, -1, -1}) {
  Action a;
  a.type = type;
  a.seat = static_cast<std::int8_t>(seat);
  a.tile = tile;
  a.uses = uses;
  return a;
}

// Submits a human action; under kNone (Tenhou) it must be refused, state unchanged.
// Returns whether it was applied.
bool human(Round& r, const Action& a) {
  const Round before = r.clone();
  const ApplyResult res = r.apply(a, InputMode::kHuman);
  if (r.rules().chombo == ChomboPenalty::kNone) {
    EXPECT_FALSE(res.ok) << to_string(a, false);
    EXPECT_NE(res.reason.find("no chombo or dead hand"), std::string::npos) << res.reason;
    EXPECT_EQ(r.events().size(), before.events().size());
    EXPECT_EQ(r.phase(), before.phase());
    return false;
  }
  EXPECT_TRUE(res.ok) << res.reason;
  EXPECT_EQ(r.audit(), "");
  return res.ok;
}

// Reverse mangan (EMA 2008) by `offender`, East = seat 0.
Scores reverse_mangan(int offender) {
  Scores d{};
  for (int p = 0; p < 4; ++p) {
    if (p == offender) continue;
    const int pay = offender == 0 || p == 0 ? 4000 : 2000;
    d[p] += pay;
    d[offender] -= pay;
  }
  return d;
}

void expect_chombo(const Round& r, int seat, ChomboReason reason, Scores extra = {}) {
  ASSERT_TRUE(r.is_over());
  const RoundResult& res = r.result();
  EXPECT_EQ(res.end, RoundEnd::kChombo);
  EXPECT_EQ(res.chombo_seat, seat);
  EXPECT_EQ(r.chombo_reason(), reason) << chombo_reason_name(r.chombo_reason());
  EXPECT_TRUE(res.wins.empty());
  Scores want = extra;
  if (r.rules().chombo == ChomboPenalty::kReverseMangan) {
    const Scores rm = reverse_mangan((seat - r.setup().dealer + 4) % 4);
    for (int s = 0; s < 4; ++s) want[s] += rm[(s - r.setup().dealer + 4) % 4];
  }
  EXPECT_EQ(res.deltas, want) << r.rules().name;
  EXPECT_EQ(r.audit(), "");
}

const std::array<std::string, 4> kJunk = {"2468m2468p2468s6z", "3579m3579p3579s5z",
                                          "2468m2468p2468s7z", "3579m3579p3579s6z"};

// ------------------------------------------------------------------ false tsumo (§4.5, §8.4)
// §8.4 "Chombo EMA 2008 by South": South -8000 (E +4000, W +2000, N +2000); replay, h unchanged
// (the round ends kChombo; next_state keeps h). EMA 2016: no payment now, chombo_seat counted
// by the game (-20000 after uma). Tenhou: refused.
TEST(RoundChombo, FalseTsumoBySouthPerPreset) {
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, kJunk, "1z1z", "", "", "", default_setup(0, 2, 1));
    tsumogiri(r);
    const Action tsumo = make(1, AT::kTsumo, static_cast<std::int16_t>(r.observation(1).drawn));
    EXPECT_FALSE(r.apply(tsumo).ok);  // never in the legal set
    if (!human(r, tsumo)) {
      EXPECT_FALSE(r.is_over());
      continue;
    }
    expect_chombo(r, 1, ChomboReason::kFalseWin);
    EXPECT_EQ(r.result().riichi_sticks_after, 1);  // earlier sticks stay on the table
    if (rules.chombo == ChomboPenalty::kReverseMangan) {
      EXPECT_EQ(r.result().deltas, (Scores{4000, -8000, 2000, 2000}));
    } else {
      EXPECT_EQ(r.result().deltas, (Scores{0, 0, 0, 0}));
    }
  }
}

// East offender: 4000 to each (EMA 2008). This hand's riichi stake goes back to its owner.
TEST(RoundChombo, FalseTsumoByEastReturnsThisHandsStakes) {
  std::array<std::string, 4> hands = kJunk;
  hands[1] = "123m456m789m1122z";  // S declares a valid riichi first
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, hands, "1s7z3z4z4p", "", "", "", default_setup(0, 0, 2));
    tsumogiri(r);
    act(r, 1, AT::kRiichi, "7z");
    pass_all(r);
    tsumogiri(r);
    tsumogiri(r);
    ASSERT_EQ(r.riichi_sticks(), 3);
    if (!human(r, make(0, AT::kTsumo, static_cast<std::int16_t>(r.observation(0).drawn)))) continue;
    expect_chombo(r, 0, ChomboReason::kFalseWin);
    EXPECT_EQ(r.result().riichi_sticks_after, 2);
    if (rules.chombo == ChomboPenalty::kReverseMangan) {
      EXPECT_EQ(r.result().deltas, (Scores{-12000, 4000, 4000, 4000}));
    }
  }
}

// ------------------------------------------------------------------ false ron in a window
// N discards 1z: S (ittsu, shanpon 1z/2z) may ron; W shouts ron falsely. Alone, W's chombo is
// settled when the window closes; with S's valid ron on the same tile it is voided (§4.5).
Round false_ron_round(const Rules& rules) {
  Round r = stacked_round(rules, {kJunk[0], "123m456m789m1122z", kJunk[2], kJunk[1]}, "4z4z3z1z");
  for (int i = 0; i < 3; ++i) tsumogiri(r);
  discard(r, 3, "1z");
  EXPECT_EQ(r.pending_mask(), 0b0010u);
  return r;
}

TEST(RoundChombo, FalseRonPerPreset) {
  for (const Rules& rules : kPresets) {
    Round r = false_ron_round(rules);
    const Action ron = make(2, AT::kRon, r.observation(2).last_discard);
    EXPECT_FALSE(r.apply(ron).ok);
    if (!human(r, ron)) continue;
    EXPECT_FALSE(r.is_over());  // S still to answer
    act(r, 1, AT::kPass);
    expect_chombo(r, 2, ChomboReason::kFalseWin);
  }
}

TEST(RoundChombo, FalseRonVoidedByAnotherWin) {
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008()}) {
    Round r = false_ron_round(rules);
    ASSERT_TRUE(human(r, make(2, AT::kRon, r.observation(2).last_discard)));
    act(r, 1, AT::kRon);
    ASSERT_TRUE(r.is_over());
    EXPECT_EQ(r.result().end, RoundEnd::kWin);
    EXPECT_EQ(r.result().chombo_seat, -1);
    ASSERT_EQ(r.result().wins.size(), 1u);
    EXPECT_EQ(r.result().wins[0].winner, 1);
    EXPECT_EQ(r.result().deltas[2], 0);
  }
}

// declare_chombo: adjudicated at once outside a window; in a window it waits for the answers.
TEST(RoundChombo, DeclareChombo) {
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, kJunk, "1z1z");
    const ApplyResult res = r.declare_chombo(3, ChomboReason::kTilesRevealed);
    if (rules.chombo == ChomboPenalty::kNone) {
      EXPECT_FALSE(res.ok);
      EXPECT_FALSE(r.declare_dead_hand(3, DeadHandReason::kWrongTileCount).ok);
      EXPECT_FALSE(r.is_over());
      continue;
    }
    ASSERT_TRUE(res.ok) << res.reason;
    expect_chombo(r, 3, ChomboReason::kTilesRevealed);
    EXPECT_FALSE(r.declare_chombo(3, ChomboReason::kOther).ok);  // the hand is over

    Round w = false_ron_round(rules);
    ASSERT_TRUE(w.declare_chombo(0, ChomboReason::kOther).ok);
    EXPECT_FALSE(w.is_over());
    act(w, 1, AT::kRon);  // the win voids it
    EXPECT_EQ(w.result().end, RoundEnd::kWin);
  }
}

// ------------------------------------------------------------------ noten riichi (§3.7, §4.5)
// S declares riichi on a noten hand (human input): accepted, locked, and a chombo when the hand
// is shown at the exhaustive draw; S's stake is returned.
TEST(RoundChombo, NotenRiichiFoundAtExhaustiveDraw) {
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, kJunk, pool_draws(kJunk, 70, [](int, int) { return true; }), "",
                            "", "", default_setup(0, 1, 0));
    tsumogiri(r);
    EXPECT_FALSE(has_action(r, 1, AT::kRiichi));
    if (!human(r, make(1, AT::kRiichi, held(r, 1, "3m")))) continue;
    EXPECT_TRUE(r.in_riichi(1));
    pass_all(r);
    EXPECT_EQ(r.riichi_sticks(), 1);
    while (!r.is_over()) {
      if (r.to_play() == 1 && r.phase() == Phase::kSelf) {
        EXPECT_EQ(r.legal_actions(1).size(), 1u);  // locked: tsumogiri only
      }
      tsumogiri(r);
    }
    expect_chombo(r, 1, ChomboReason::kNotenRiichi);
    EXPECT_EQ(r.result().riichi_sticks_after, 0);
  }
}

// SA-9 (EMA 2008): a suucha riichi abort shows the riichi hands: N's noten riichi is a chombo.
TEST(RoundChombo, NotenRiichiFoundAtAbortiveDraw) {
  const std::array<std::string, 4> hands = {"123m456m789m1122z", "123p456p789p3344z",
                                            "123s456s789s5566z", kJunk[3]};
  Round r = stacked_round(Rules::ema2008(), hands, "8m8p8s7p");
  for (int s = 0; s < 3; ++s) {
    act(r, s, AT::kRiichi, "", "", 1);
    pass_all(r);
  }
  ASSERT_TRUE(human(r, make(3, AT::kRiichi, held(r, 3, "6z"))));
  pass_all(r);
  // The four stakes return; N pays a reverse mangan.
  expect_chombo(r, 3, ChomboReason::kNotenRiichi);
  EXPECT_EQ(r.result().riichi_sticks_after, 0);
}

// ------------------------------------------------------------- illegal kan after riichi (§3.7)
// 333444555m678p9p: the 3m ankan keeps the waits (Tenhou: legal) but 333m is not a pung in
// every reading (EMA: illegal). Human input makes it; it is a chombo at the win or the draw.
Round kan_after_riichi(const Rules& rules, const std::string& rinshan, bool to_draw) {
  const std::array<std::string, 4> hands = {"333444555m678p9p", "2468p2468s1357z9s",
                                            "1m2m6m7m8m9m1p3p1s3s5z6z2z",
                                            "1m2m6m7m8m9m1p3p1s3s5z6z4z"};
  std::string draws = "1z5s7s9s3m";
  if (to_draw)
    draws += pool_draws(
        hands, 65, [](int, int k) { return k != 17; }, draws + rinshan + "9p");
  Round r = stacked_round(rules, hands, draws, "", rinshan);
  act(r, 0, AT::kRiichi, "1z");
  for (int i = 0; i < 3; ++i) tsumogiri(r);
  return r;
}

TEST(RoundChombo, IllegalKanAfterRiichiFoundAtTheWin) {
  for (const Rules& rules : kPresets) {
    Round r = kan_after_riichi(rules, "9p", false);
    if (rules.kan_after_riichi == KanAfterRiichi::kWaitsUnchanged) {
      act(r, 0, AT::kAnkan, "3m");  // legal in Tenhou: the rinshan win stands
      act(r, 0, AT::kTsumo, "9p");
      EXPECT_EQ(r.result().end, RoundEnd::kWin);
      continue;
    }
    EXPECT_FALSE(has_action(r, 0, AT::kAnkan));
    ASSERT_TRUE(human(r, make(0, AT::kAnkan, held(r, 0, "3m"))));
    EXPECT_EQ(r.melds(0).size(), 1u);
    act(r, 0, AT::kTsumo, "9p");  // a complete hand: the offence is found at the win
    expect_chombo(r, 0, ChomboReason::kIllegalRiichiKan);
  }
}

TEST(RoundChombo, IllegalKanAfterRiichiFoundAtTheDraw) {
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008()}) {
    Round r = kan_after_riichi(rules, "1z", true);
    ASSERT_TRUE(human(r, make(0, AT::kAnkan, held(r, 0, "3m"))));
    while (!r.is_over()) tsumogiri(r);
    expect_chombo(r, 0, ChomboReason::kIllegalRiichiKan);
  }
}

// ----------------------------------------------------------------------- dead hand (§4.5)
// §3.4 kuikae committed (EMA 2016): the discard stands and the hand is dead. EMA 2008 allows
// the swap; Tenhou refuses it.
const std::array<std::string, 4> kChiHands = {"3m2468p2468s1357z", "3m45m6m1p3p5p1s9s2z4z6z7p",
                                              "1m9m1p9p1s9s5z6z7z9m8p8s2z",
                                              "1m7m7p9p7s9s5z6z7z8m8p8s3z"};

TEST(RoundDeadHand, KuikaeCommittedPerPreset) {
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, kChiHands, "2z");
    discard(r, 0, "3m");
    act(r, 1, AT::kChi, "3m", "45m");
    const Action swap = make(1, AT::kDiscard, held(r, 1, "6m"));
    if (!rules.kuikae_forbidden) {
      must_apply(r, swap);
      EXPECT_FALSE(r.is_dead(1));
      continue;
    }
    if (!human(r, swap)) continue;
    EXPECT_TRUE(r.is_dead(1));
    EXPECT_EQ(r.dead_hand_reason(1), DeadHandReason::kKuikae);
    EXPECT_EQ(r.observation(1).discards[1].back().id / 4, parse_tile("6m").kind);
  }
}

// §3.7 riichi on an open hand: the declaration is void (no stake, no lock), the hand is dead.
TEST(RoundDeadHand, RiichiOnAnOpenHand) {
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, kChiHands, "2z");
    discard(r, 0, "3m");
    act(r, 1, AT::kChi, "3m", "45m");
    if (!human(r, make(1, AT::kRiichi, held(r, 1, "1p")))) continue;
    EXPECT_TRUE(r.is_dead(1));
    EXPECT_EQ(r.dead_hand_reason(1), DeadHandReason::kRiichiOpenHand);
    EXPECT_FALSE(r.in_riichi(1));
    pass_all(r);
    EXPECT_EQ(r.riichi_sticks(), 0);
  }
}

// E discards 3m; S may pon it. W's chi is invalid (chi only from the left): void, and W's hand
// is dead. A claim by a dead hand in a window is a chombo (settled when S has answered).
Round call_window(const Rules& rules) {
  Round r = stacked_round(rules,
                          {"3m2468p2468s1357z", "1m9m1p9p1s9s5z6z7z9m3m3m2z",
                           "3m45m6m1p3p5p1s9s2z4z6z7p", "1m7m7p9p7s9s5z6z7z8m8p8s3z"},
                          "2z8p");
  discard(r, 0, "3m");
  EXPECT_EQ(r.pending_mask(), 0b0010u);
  return r;
}

Action w_chi(const Round& r) {
  return make(2, AT::kChi, static_cast<std::int16_t>(r.observation(2).last_discard),
              {held(r, 2, "4m"), held(r, 2, "5m"), -1});
}

TEST(RoundDeadHand, InvalidCallIsVoidAndKillsTheHand) {
  for (const Rules& rules : kPresets) {
    Round r = call_window(rules);
    EXPECT_FALSE(r.apply(w_chi(r)).ok);
    if (!human(r, w_chi(r))) continue;
    EXPECT_TRUE(r.is_dead(2));
    EXPECT_EQ(r.dead_hand_reason(2), DeadHandReason::kInvalidCall);
    EXPECT_EQ(r.melds(2).size(), 0u);                  // the call is void
    EXPECT_FALSE(r.apply(make(2, AT::kPass, -1)).ok);  // answered
    act(r, 1, AT::kPass);
    EXPECT_EQ(r.to_play(), 1);  // S draws: W's call never happened
    EXPECT_EQ(r.phase(), Phase::kSelf);
  }
}

TEST(RoundDeadHand, ClaimWithADeadHandIsAChombo) {
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008()}) {
    Round r = call_window(rules);
    ASSERT_TRUE(r.declare_dead_hand(2, DeadHandReason::kWrongTileCount).ok);
    ASSERT_TRUE(human(r, w_chi(r)));
    EXPECT_FALSE(r.is_over());
    act(r, 1, AT::kPon, "3m");  // a pon is not a win: the chombo stands
    expect_chombo(r, 2, ChomboReason::kDeadHandClaim);
  }
}

// A dead hand cannot win: its tsumo (or ron) is a claim with a dead hand.
TEST(RoundDeadHand, TsumoWithADeadHandIsAChombo) {
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008()}) {
    Round r = stacked_round(
        rules,
        {"123m456m789m123p5p", "234s567s5z5z5z6z6z6z7z", "2468m2468p2468s1z", "3579m3579p3579s1z"},
        "5p7z");
    ASSERT_TRUE(r.declare_dead_hand(0, DeadHandReason::kWrongTileCount).ok);
    EXPECT_FALSE(r.declare_dead_hand(0, DeadHandReason::kOther).ok);  // already dead
    EXPECT_FALSE(has_action(r, 0, AT::kTsumo));                       // tenhou is no longer offered
    for (const Action& a : r.legal_actions(0)) EXPECT_EQ(a.type, AT::kDiscard);
    ASSERT_TRUE(human(r, make(0, AT::kTsumo, static_cast<std::int16_t>(r.observation(0).drawn))));
    expect_chombo(r, 0, ChomboReason::kDeadHandClaim);
  }
}

// A valid riichi hand later made dead only pays noten (no chombo); its stake stays.
TEST(RoundDeadHand, ValidRiichiMadeDeadPaysNoten) {
  std::array<std::string, 4> hands = kJunk;
  hands[1] = "123m456m789m1122z";
  auto no_wait = [](int, int k) { return k != kEast && k != kEast + 1; };
  for (bool dead : {false, true}) {
    Round r = stacked_round(Rules::ema2016(), hands, pool_draws(hands, 70, no_wait));
    tsumogiri(r);
    act(r, 1, AT::kRiichi, "", "", 1);
    pass_all(r);
    if (dead) {
      // Adjudicated: a wrong tile count found after the riichi. The hand is dead.
      ASSERT_TRUE(r.declare_dead_hand(1, DeadHandReason::kWrongTileCount).ok);
    }
    while (!r.is_over()) tsumogiri(r);
    const RoundResult& res = r.result();
    EXPECT_EQ(res.end, RoundEnd::kExhaustiveDraw);
    EXPECT_EQ(res.tenpai[1], !dead);
    EXPECT_EQ(res.riichi_sticks_after, 1);
    if (dead) {
      EXPECT_EQ(res.deltas, (Scores{0, -1000, 0, 0}));  // 0 tenpai: no payments
    } else {
      EXPECT_EQ(res.deltas, (Scores{-1000, 2000, -1000, -1000}));
    }
  }
}

// ------------------------------------------------------- §3.4 / OQ-18: a call not offered
// S holds 45m3m6666m after two ankans (3z, 4z): chi 3m with 45m would leave 3m6666m, all
// forbidden discards in EMA 2016 and Tenhou: the chi is not offered. EMA 2008 offers it. (S may
// ron 3m: sanankou.)
TEST(RoundCalls, KuikaeLeavesNoDiscardSoNoCall) {
  const std::array<std::string, 4> hands = {"2468p2468s9m1m3p5p7p", "3333z4444z45m3m66m",
                                            "1p9p1s9s2z2z5z5z7z7z1m9m7p",
                                            "1p9p1s9s1z1z6z6z7z8m8p8s7s"};
  for (const Rules& rules : kPresets) {
    Round r = stacked_round(rules, hands, "9s6m8s8s3m", "", "6m9p");
    tsumogiri(r);  // E 9s
    act(r, 1, AT::kAnkan, "3z");
    act(r, 1, AT::kAnkan, "4z");
    discard(r, 1, "9p");
    pass_all(r);
    tsumogiri(r);  // W 8s
    tsumogiri(r);  // N 8s
    ASSERT_EQ(r.to_play(), 0);
    discard(r, 0, "3m");
    ASSERT_EQ(r.to_play(), 1);
    EXPECT_TRUE(has_action(r, 1, AT::kRon, "3m"));
    EXPECT_EQ(has_action(r, 1, AT::kChi, "3m"), !rules.kuikae_forbidden) << rules.name;
    act(r, 1, AT::kPass);
    EXPECT_EQ(r.to_play(), 1);  // S draws
    EXPECT_EQ(r.phase(), Phase::kSelf);
    EXPECT_TRUE(r.melds(1).size() == 2u);
  }
}

// ------------------------------------------------------- §3.7: ippatsu lost to a call
// S riichi (waits 1z/2z); W discards 7p; N chis / pons / daiminkans it, or passes, then discards
// 1z, which S rons: ippatsu only without the call.
TEST(RoundRiichi, IppatsuLostWhenAnotherPlayerCalls) {
  const std::array<std::string, 4> hands = {"2468m2468s1399p6z", "123m456m789m1122z",
                                            "1p3p1s3s5s7s9s4z5z7z9m8m6z",
                                            "1z7p7p7p6p8p9m8m7s9s3z2s1p"};
  for (const Rules& rules : kPresets) {
    for (AT call : {AT::kPass, AT::kChi, AT::kPon, AT::kDaiminkan}) {
      Round r = stacked_round(rules, hands, "3z7z7p9p", "", "2m");
      tsumogiri(r);                  // E 3z
      act(r, 1, AT::kRiichi, "7z");  // double riichi, accepted
      pass_all(r);
      discard(r, 2, "7p");
      ASSERT_TRUE(r.pending_mask() >> 3 & 1);
      if (call == AT::kPass) {
        act(r, 3, AT::kPass);
      } else {
        act(r, 3, call, "7p", call == AT::kChi ? "68p" : "");
      }
      discard(r, 3, "1z");
      act(r, 1, AT::kRon, "1z");
      ASSERT_EQ(r.result().wins.size(), 1u);
      EXPECT_EQ(has_yaku(r.result().wins[0].score, "ippatsu"), call == AT::kPass)
          << rules.name << " " << action_type_name(call);
    }
  }
}

// ------------------------------------------------------- §4.6 / OQ-6: pao with an ankan
// S: ankan 5z on his first turn, pons 6z and then 7z from E, tsumo 4m (daisangen, 32000). The
// pon of 7z makes E liable only if the ankan counts as a declared dragon set.
TEST(RoundPao, AnkanCountsPerOption) {
  for (bool counts : {true, false}) {
    Rules rules = Rules::ema2016();
    rules.pao_counts_ankan = counts;
    Round r = stacked_round(rules,
                            {"2468p2468s3579m6z", "5555z66z77z23m44m9p",
                             "1p3p5p7p1s3s5s7s2z3z4z8m9m", "1p3p5p7p3s5s7s9s2z3z4z8m9p"},
                            "1z9s8s6s8p9m2s7z8s6s2s4m", "", "1s");
    tsumogiri(r);  // E 1z
    act(r, 1, AT::kAnkan, "5z");
    discard(r, 1, "9p");
    pass_all(r);
    tsumogiri(r);  // W 8s
    tsumogiri(r);  // N 6s
    discard(r, 0, "6z");
    act(r, 1, AT::kPon, "6z");
    discard(r, 1, "9s");
    pass_all(r);
    tsumogiri(r);  // W 9m
    tsumogiri(r);  // N 2s
    discard(r, 0, "7z");
    act(r, 1, AT::kPon, "7z");
    discard(r, 1, "1s");
    pass_all(r);
    tsumogiri(r);  // W 8s
    tsumogiri(r);  // N 6s
    tsumogiri(r);  // E 2s
    act(r, 1, AT::kTsumo, "4m");
    const RoundResult& res = r.result();
    ASSERT_EQ(res.wins.size(), 1u);
    EXPECT_EQ(res.wins[0].liable, counts ? 0 : -1);
    EXPECT_EQ(res.deltas,
              counts ? (Scores{-32000, 32000, 0, 0}) : (Scores{-16000, 32000, -8000, -8000}));
  }
}

// ------------------------------------------------------- human input fuzz
// Random play where, now and then, a random action (any type, seat, tiles) is submitted as human
// input: it is applied or refused, never a crash; the tiles and points always add up; the hand
// always ends; a refused action leaves the state unchanged; Tenhou refuses everything illegal.
TEST(RoundChombo, HumanInputFuzz) {
  int chombos = 0, dead = 0, refused = 0, applied = 0;
  for (const Rules& rules : kPresets) {
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      RoundSetup setup = default_setup(static_cast<int>(seed % 4), 1, 1);
      setup.wall_seed = seed;
      Round r(rules, setup);
      testing::SplitMix64 rng{seed * 31 + 7};
      for (int step = 0; !r.is_over(); ++step) {
        ASSERT_LT(step, 2000);
        const int seat = r.to_play();
        ASSERT_GE(seat, 0);
        if (rng.below(6) == 0) {
          Action a;
          a.type = static_cast<ActionType>(rng.below(11));
          a.seat = static_cast<std::int8_t>(rng.below(4));
          const std::vector<std::uint8_t> own = r.concealed_ids(a.seat);
          auto pick = [&]() -> std::int16_t {
            if (own.empty() || rng.below(8) == 0) return static_cast<std::int16_t>(rng.below(136));
            return own[rng.below(static_cast<int>(own.size()))];
          };
          a.tile = r.observation(a.seat).last_discard >= 0 && rng.below(2)
                       ? static_cast<std::int16_t>(r.observation(a.seat).last_discard)
                       : pick();
          a.uses = {pick(), pick(), rng.below(2) ? pick() : std::int16_t{-1}};
          const Round before = r.clone();
          Round probe = r.clone();
          const bool legal = probe.apply(a).ok;
          const ApplyResult res = r.apply(a, InputMode::kHuman);
          if (res.ok) {
            ++applied;
            EXPECT_TRUE(legal || rules.chombo != ChomboPenalty::kNone) << to_string(a, false);
          } else {
            ++refused;
            EXPECT_FALSE(res.reason.empty());
            EXPECT_EQ(r.events().size(), before.events().size());
            EXPECT_EQ(r.to_play(), before.to_play());
            EXPECT_EQ(r.scores(), before.scores());
          }
          ASSERT_EQ(r.audit(), "") << to_string(a, false);
          if (r.is_over()) break;
          if (r.to_play() < 0) continue;
        }
        const std::vector<Action>& acts = r.legal_actions(r.to_play());
        ASSERT_FALSE(acts.empty());
        must_apply(r, acts[rng.below(static_cast<int>(acts.size()))]);
        ASSERT_EQ(r.audit(), "");
      }
      chombos += r.result().end == RoundEnd::kChombo;
      for (int s = 0; s < 4; ++s) dead += r.is_dead(s);
      if (r.result().end == RoundEnd::kChombo) {
        EXPECT_GE(r.result().chombo_seat, 0);
        EXPECT_NE(r.chombo_reason(), ChomboReason::kNone);
      }
    }
  }
  EXPECT_GT(chombos, 0);
  EXPECT_GT(dead, 0);
  std::printf("human fuzz: %d applied, %d refused, %d chombo, %d dead hands\n", applied, refused,
              chombos, dead);
}

}  // namespace
}  // namespace riichi
