// The strong bot (bots/strong_bot.hpp) on hand-made positions whose right answer follows from the
// rules of play (written in each test's comments, never from the bot's own output), its own rules
// (forced actions, wins, the All-Last utility) by hand, and a short arena run against the
// defensive bot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bot_positions.hpp"
#include "bots/arena.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "bots/strong_bot.hpp"
#include "riichi/rules.hpp"

namespace riichi::testing {
namespace {

using bots::StrongBot;

Observation with_legal(const Position& p) {
  Observation o = p.obs();
  o.legal_actions = p.legal();
  return o;
}

StrongBot::Decision decide(const Position& p, bool reasons = true,
                           const Rules& rules = Rules::ema2016()) {
  StrongBot bot(1, rules);
  const Observation o = with_legal(p);
  const StrongBot::Decision d = bot.decide(o, p.legal(), reasons);
  // choose() takes the same action as decide(), with or without the reasons.
  EXPECT_EQ(bot.choose(o, p.legal()), d.action) << d.reason;
  return d;
}

bool is_kind(const Action& a, const std::string& tile) {
  return a.tile >= 0 && a.tile / 4 == parse_tile(tile).kind;
}

// --- wins and forced actions -------------------------------------------------------------

TEST(StrongBot, TakesTheWinningTileByTsumo) {
  // 123m 234m 456p 789s 55m completed by the drawn 5m: menzen tsumo. A win now is worth its
  // points; playing on can only win later, or not at all.
  Position p;
  p.seat(0).live_tiles(60).hand("123m456p789s234m5m").drawn("5m");
  p.discards(0, "1z9p").discards(1, "2z1s").discards(2, "9s3z").discards(3, "4z1p");
  p.allow_discards().allow(ActionType::kTsumo);
  for (bool reasons : {false, true}) {
    const StrongBot::Decision d = decide(p, reasons);
    EXPECT_EQ(d.action.type, ActionType::kTsumo) << d.reason;
    if (reasons) {
      EXPECT_NE(d.reason.find("tsumo"), std::string::npos) << d.reason;
    }
  }
}

TEST(StrongBot, TakesTheWinningTileByRon) {
  // 234m 345m 456p 678s 55s waiting 2m-5m: North discards 5m, tanyao pinfu ron. Passing makes
  // the hand furiten for the turn and gives up a sure win for a chance of the same one.
  Position p;
  p.seat(1).live_tiles(34).hand("234m456p678s34m55s");
  p.discards(0, "1z9p1s9s2z3z4z1m9m").discards(1, "2z1p9s1s3z4z6z7z8m");
  p.discards(2, "1z9s4z6z7z7p3p2p1m").discards(3, "9m1z1p2z3z7z6z8m");
  p.claim_window("5m", 3);
  p.allow(ActionType::kRon, "5m");
  EXPECT_EQ(decide(p, false).action.type, ActionType::kRon);
  EXPECT_EQ(decide(p, true).action.type, ActionType::kRon);
}

TEST(StrongBot, ASingleLegalActionIsPlayed) {
  // A riichi hand that cannot win on its draw has one legal action, the tsumogiri.
  Position p;
  p.seat(0).live_tiles(40).hand("123m456p789s234m5m").drawn("9p");
  Observation o = p.obs();
  Action tsumogiri;
  tsumogiri.type = ActionType::kDiscard;
  tsumogiri.seat = 0;
  tsumogiri.tile = static_cast<std::int16_t>(o.drawn);
  tsumogiri.tsumogiri = true;
  o.legal_actions = {tsumogiri};
  StrongBot bot(3);
  EXPECT_EQ(bot.choose(o, o.legal_actions), tsumogiri);
}

// --- push or fold ------------------------------------------------------------------------

// Seat 1 (South) to play its 6th discard; the dealer (seat 0) declared riichi on its 6th.
Position against_dealer_riichi(const std::string& hand, const std::string& drawn,
                               const std::string& dealer_river) {
  Position p;
  p.seat(1).live_tiles(48).hand(hand).drawn(drawn);
  p.discards(0, dealer_river, 5);
  p.discards(1, "9s8s1p7m6z").discards(2, "1z9m2z8s4z").discards(3, "9m1p4z3z7p");
  return p;
}

TEST(StrongBot, HopelessHandFoldsWithGenbutsuAgainstTheDealersRiichi) {
  // About 5-shanten against the dealer's riichi (a dealer mangan costs 12000): the hand will
  // almost never win first. Fold, throwing a tile the riichi player discarded (genbutsu: 9p,
  // 1z, 4s), which it cannot ron. (With the bot's fold margin the valuation may label the
  // plan "push", but the tile thrown is still chosen for its danger now: the reason names it.)
  Position p = against_dealer_riichi("1m5m8m2p6p9p2s4s7s1z3z5z7z", "4p", "9p1z2z8p3m4s");
  p.allow_discards();
  const StrongBot::Decision d = decide(p);
  EXPECT_TRUE(is_kind(d.action, "9p") || is_kind(d.action, "1z") || is_kind(d.action, "4s"))
      << to_string(d.action, false) << ": " << d.reason;
  EXPECT_NE(d.reason.find("genbutsu"), std::string::npos) << d.reason;
}

TEST(StrongBot, TenpaiManganPushesASujiTile) {
  // 234m 567m 66p 678p 78s + 7p, dora 6p (indicator 5p), against the dealer's riichi
  // (4p 9m 2m 1z 3z 6z). Cutting 7p keeps a mangan tenpai on 6s-9s (tanyao, pinfu, dora 3),
  // and 7p is suji of the riichi player's 4p. The genbutsu 2m would break the hand; the
  // non-suji 8p is more dangerous for the same tenpai. Push the suji tile.
  Position p = against_dealer_riichi("234m567m66p678p78s", "7p", "4p9m2m1z3z6z");
  p.dora_indicator("5p");
  p.allow_discards();
  const StrongBot::Decision d = decide(p);
  EXPECT_TRUE(is_kind(d.action, "7p")) << to_string(d.action, false) << ": " << d.reason;
}

TEST(StrongBot, CheapHandFoldsToASafeTileWhenOthersAreSafeToo) {
  // A 3-shanten hand with no dora against the dealer's riichi, holding a genbutsu (9p) and live
  // middle tiles: it cannot win in time, so it throws a safe tile rather than a middle tile:
  // the genbutsu 9p or 4s, or its North (4z): the two other copies are discarded and it holds
  // the third, so only a tanki on the last copy could take it.
  Position p = against_dealer_riichi("2m3m5m6p7p9p3s4s8s8s4z5z6z", "1s", "9p1z2z8p3m4s");
  p.allow_discards();
  const StrongBot::Decision d = decide(p);
  EXPECT_TRUE(is_kind(d.action, "9p") || is_kind(d.action, "4s") || is_kind(d.action, "4z"))
      << to_string(d.action, false) << ": " << d.reason;
}

// --- calls and riichi ---------------------------------------------------------------------

// A quiet table early in the East round: South (seat 1) holding `hand` may pon the dealer's
// discard `tile` with the pair it holds; `own` and `last` the discards of seats 1 and 3.
Position pon_offer(const std::string& hand, const std::string& tile, const std::string& own,
                   const std::string& last) {
  Position p;
  p.seat(1).live_tiles(60).hand(hand);
  p.discards(0, "1z9m").discards(1, own).discards(2, "1m4z").discards(3, last);
  p.claim_window(tile, 0);
  p.allow_call(ActionType::kPon, tile, tile + tile);
  return p;
}

TEST(StrongBot, PonsAYakuhaiPairThatSpeedsTheHand) {
  // 77z 23m 56p 789s 44s 1p 9p, 2-shanten with no yaku of its own: pon of the Red dragon
  // gives a yaku (yakuhai) and a set, 1-shanten. Pon.
  const Position p = pon_offer("77z23m56p789s44s19p", "7z", "9s2z", "8m3z");
  const StrongBot::Decision d = decide(p);
  EXPECT_EQ(d.action.type, ActionType::kPon) << d.reason;
}

TEST(StrongBot, PonsAYakuhaiPairEvenWhenTheShantenStays) {
  // 77z 23m 56p 78s 34s 1m 9p 9s, 3-shanten: the Red dragon pair is the head beside four
  // partial sets, so the pon (a set, no head left) keeps 3-shanten and the efficiency bot
  // passes. The pon gives the hand its yaku (yakuhai), after which any chi or pon may follow:
  // the usual play on a quiet table is to take the first yakuhai pon. Pon.
  const Position p = pon_offer("77z23m56p78s34s1m9p9s", "7z", "2z1p", "8m3z");
  EfficiencyBot efficiency(1, Rules::ema2016());
  EXPECT_EQ(efficiency.choose(with_legal(p), p.legal()).type, ActionType::kPass);
  const StrongBot::Decision d = decide(p);
  EXPECT_EQ(d.action.type, ActionType::kPon) << d.reason;
}

TEST(StrongBot, LeavesAPonOfAWindThatIsNotItsOwn) {
  // The same hand with a pair of West (3z) instead: West is neither the seat's wind (South)
  // nor the round's (East), so its pon gives no yaku and leaves the hand without one. Pass.
  const Position p = pon_offer("33z23m56p78s34s1m9p9s", "3z", "2z1p", "8m7z");
  EXPECT_EQ(decide(p).action.type, ActionType::kPass);
}

TEST(StrongBot, RefusesAChiThatLeavesNoYaku) {
  // South, 12m 456p 789s 34s 88p 3z: chi of 3m (123m) leaves no yaku (a terminal: no tanyao;
  // West is not South's wind; a chi: no toitoi; two suits: no honitsu), and a hand without a
  // yaku cannot win. Pass and keep riichi.
  Position p;
  p.seat(1).live_tiles(56).hand("12m456p789s34s88p3z");
  p.discards(0, "1z9s2z").discards(1, "9p7z1p").discards(2, "4z1s6z").discards(3, "7z2z");
  p.claim_window("3m", 0);
  p.allow_call(ActionType::kChi, "3m", "1m2m");
  EXPECT_EQ(decide(p).action.type, ActionType::kPass);
}

TEST(StrongBot, RiichiOnAGoodWaitEarly) {
  // Tenpai at the 4th turn on a two-sided 2s-5s with 123m 567p 777s 55p and two dora: no yaku
  // without riichi, so dama wins only by tsumo. Riichi (cutting the drawn 9m).
  Position p;
  p.seat(1).live_tiles(58).hand("123m567p777s55p34s").drawn("9m").dora_indicator("4p");
  p.discards(0, "1z9s2z").discards(1, "1p7z").discards(2, "4z1s6z").discards(3, "7z2z");
  p.allow_discards().allow_riichi("9m");
  const StrongBot::Decision d = decide(p);
  EXPECT_EQ(d.action.type, ActionType::kRiichi) << d.reason;
  EXPECT_TRUE(is_kind(d.action, "9m"));
}

TEST(StrongBot, KeepsTheBestShapeWithNoThreat) {
  // No threat, 1-shanten: 23m 456m 78p 234s 99s 1z + drawn 5z. The lone honours are the only
  // tiles that do not help; cutting either keeps the two two-sided waits and the pair.
  Position p;
  p.seat(2, 0, 0).live_tiles(62).hand("23m456m78p234s99s1z").drawn("5z");
  p.discards(0, "9m").discards(1, "1p");
  p.allow_discards();
  const StrongBot::Decision d = decide(p);
  EXPECT_TRUE(is_kind(d.action, "1z") || is_kind(d.action, "5z"))
      << to_string(d.action, false) << ": " << d.reason;
}

TEST(StrongBot, AThreatIsARiichiOrAnOpponentLikelyTenpai) {
  // Rule 3's condition: the dealer's riichi is a threat; an early quiet table (two discards
  // each, no call, no riichi) is not: nobody is likely tenpai after two draws.
  const Position riichi = against_dealer_riichi("1m5m8m2p6p9p2s4s7s1z3z5z7z", "4p", "9p1z2z8p3m4s");
  EXPECT_TRUE(eval::table_threat(riichi.obs(), Rules::ema2016()));
  Position quiet;
  quiet.seat(1).live_tiles(62).hand("1m5m8m2p6p9p2s4s7s1z3z5z7z").drawn("4p");
  quiet.discards(0, "1z9m").discards(1, "9s2z").discards(2, "1m4z").discards(3, "8m3z");
  EXPECT_FALSE(eval::table_threat(quiet.obs(), Rules::ema2016()));
}

TEST(StrongBot, WithoutAThreatRiichiIsDeclaredEvenWithAYaku) {
  // Rule 3 (the efficiency bot's riichi): tanyao tenpai 234m 567p 345s 66s 78m, waiting on
  // 6m-9m, no threat on the table. Dama already has a yaku, but riichi adds a han (and ura) on
  // an early two-sided wait, which is what strong players do; the drawn 1z is cut.
  Position p;
  p.seat(1).live_tiles(58).hand("234m567p345s66s78m").drawn("1z");
  p.discards(0, "1z9s2z").discards(1, "1p7z").discards(2, "4z1s6z").discards(3, "7z2z");
  p.allow_discards().allow_riichi("1z");
  const StrongBot::Decision d = decide(p);
  EXPECT_EQ(d.action.type, ActionType::kRiichi) << d.reason;
  EXPECT_TRUE(is_kind(d.action, "1z"));
}

TEST(StrongBot, UnderARiichiAPushedGoodTenpaiIsRiichi) {
  // Rule 4b: tanyao tenpai 234m 567p 345s 66s 78m on the two-sided 6m-9m at the 6th turn,
  // against the dealer's riichi, the drawn North a genbutsu (in the dealer's river). Cutting
  // it keeps the tenpai at no risk now, so the hand pushes; pushing, riichi (oikake) adds a han
  // and ura dora, and makes the third and fourth players fold, for a stick the push risks
  // anyway. Riichi on 4z, not dama.
  Position p = against_dealer_riichi("234m567p345s66s78m", "4z", "4z9m2m1z3z6z");
  p.allow_discards().allow_riichi("4z");
  const StrongBot::Decision d = decide(p);
  EXPECT_EQ(d.action.type, ActionType::kRiichi) << to_string(d.action, false) << ": " << d.reason;
  EXPECT_TRUE(is_kind(d.action, "4z")) << to_string(d.action, false);
}

TEST(StrongBot, RiichiPickTurnsAPushedDamaTenpaiIntoRiichi) {
  // Rule 4b on reports made by hand: a dama discard of 4z that keeps tenpai with the plan push
  // becomes the riichi on 4z (not the riichi on another tile); a folding discard, a discard
  // short of tenpai, and a riichi whose wait has no tile left stay as they are.
  eval::OptionsReport r;
  auto add = [&r](eval::DecisionKind kind, const std::string& tile, int shanten, eval::Plan plan,
                  int waits) {
    eval::OptionValue o;
    o.kind = kind;
    o.action.tile = static_cast<std::int16_t>(parse_tile(tile).kind * 4);
    o.shanten = shanten;
    o.plan = plan;
    o.effective_tiles = waits;
    r.options.push_back(o);
  };
  add(eval::DecisionKind::kDiscard, "4z", 0, eval::Plan::kPush, 8);  // 0
  add(eval::DecisionKind::kRiichi, "5m", 0, eval::Plan::kPush, 4);   // 1
  add(eval::DecisionKind::kRiichi, "4z", 0, eval::Plan::kPush, 8);   // 2
  EXPECT_EQ(StrongBot::riichi_pick(r, 0), 2);
  EXPECT_EQ(StrongBot::riichi_pick(r, 1), 1);  // already a riichi
  r.options[0].plan = eval::Plan::kFold;
  EXPECT_EQ(StrongBot::riichi_pick(r, 0), 0);
  r.options[0].plan = eval::Plan::kPush;
  r.options[0].shanten = 1;
  EXPECT_EQ(StrongBot::riichi_pick(r, 0), 0);
  r.options[0].shanten = 0;
  r.options[2].effective_tiles = 0;
  EXPECT_EQ(StrongBot::riichi_pick(r, 0), 0);
}

TEST(StrongBot, EfficiencyPickPlaysTheEfficiencyMoveWhenFasterAndAboutAsSafe) {
  // Rule 4c on reports made by hand: the valued pick (9p, push, 1-shanten on 4 tiles, 5.0% to
  // deal in now) gives way to the efficiency bot's move when that move is faster (3m: 8 tiles)
  // and at most one point more dangerous (5.5%), not when it is more (7s, 9%) nor when it is
  // only as fast (2s: 4 tiles, whose value and danger the valuation weighed); a folding pick
  // stays; an efficiency dama discard at tenpai goes through rule 4b (the riichi on the same
  // tile); a riichi pick is not a discard and stays.
  eval::OptionsReport r;
  auto add = [&r](eval::DecisionKind kind, const std::string& tile, int shanten, int tiles,
                  double deal_in) {
    eval::OptionValue o;
    o.kind = kind;
    o.action.type =
        kind == eval::DecisionKind::kRiichi ? ActionType::kRiichi : ActionType::kDiscard;
    o.action.tile = static_cast<std::int16_t>(parse_tile(tile).kind * 4);
    o.shanten = shanten;
    o.effective_tiles = tiles;
    o.plan = eval::Plan::kPush;
    o.deal_in_prob = deal_in;
    r.options.push_back(o);
  };
  add(eval::DecisionKind::kDiscard, "9p", 1, 4, 0.050);  // 0: the valued pick
  add(eval::DecisionKind::kDiscard, "3m", 1, 8, 0.055);  // 1
  add(eval::DecisionKind::kDiscard, "7s", 1, 8, 0.090);  // 2
  add(eval::DecisionKind::kDiscard, "2s", 1, 4, 0.050);  // 3
  add(eval::DecisionKind::kDiscard, "1z", 0, 4, 0.040);  // 4: a dama tenpai
  add(eval::DecisionKind::kRiichi, "1z", 0, 4, 0.040);   // 5: its riichi
  const auto move = [&r](int i) { return r.options[static_cast<std::size_t>(i)].action; };
  EXPECT_EQ(StrongBot::efficiency_pick(r, 0, move(1)), 1);
  EXPECT_EQ(StrongBot::efficiency_pick(r, 0, move(2)), 0);
  EXPECT_EQ(StrongBot::efficiency_pick(r, 0, move(3)), 0);
  EXPECT_EQ(StrongBot::efficiency_pick(r, 0, move(0)), 0);
  EXPECT_EQ(StrongBot::efficiency_pick(r, 0, move(4)), 5);
  EXPECT_EQ(StrongBot::efficiency_pick(r, 5, move(1)), 5);
  r.options[0].plan = eval::Plan::kFold;
  EXPECT_EQ(StrongBot::efficiency_pick(r, 0, move(1)), 0);
}

TEST(StrongBot, CallsOnlyWhenTheCallIsFaster) {
  // Rule 5 on reports made by hand: a pon valued above passing but leaving the hand at the same
  // shanten is declined; one that lowers it is taken; a pass valued best stays a pass (the
  // rule under a threat, after the efficiency bot's own check).
  eval::OptionsReport r;
  r.kind = eval::DecisionKind::kCall;
  auto add = [&r](eval::DecisionKind kind, int shanten, double utility) {
    eval::OptionValue o;
    o.kind = kind;
    o.shanten = shanten;
    o.utility = utility;
    r.options.push_back(o);
  };
  add(eval::DecisionKind::kCall, 2, 300);
  add(eval::DecisionKind::kPass, 2, 200);
  r.best = 0;
  EXPECT_EQ(StrongBot::call_pick(r), 1);
  r.options[0].shanten = 1;
  EXPECT_EQ(StrongBot::call_pick(r), 0);
  r.options[0].utility = 100;
  r.best = 1;
  EXPECT_EQ(StrongBot::call_pick(r), 1);
}

// --- All-Last ----------------------------------------------------------------------------

TEST(StrongBot, AllLastIsTheLastSeatDealingInTheLastWind) {
  Observation o;
  o.round_wind = 1;  // South
  o.dealer = 3;
  EXPECT_TRUE(StrongBot::is_all_last(o, Rules::ema2016()));  // South 4
  o.dealer = 2;
  EXPECT_FALSE(StrongBot::is_all_last(o, Rules::ema2016()));  // South 3
  o.round_wind = 0;
  o.dealer = 3;
  EXPECT_FALSE(StrongBot::is_all_last(o, Rules::tenhou()));  // East 4 of a hanchan
  Rules tonpuu = Rules::tenhou();
  tonpuu.east_only = true;
  EXPECT_TRUE(StrongBot::is_all_last(o, tonpuu));  // East 4 of a tonpuusen
  o.round_wind = 2;                                // West 4: an extension's last hand
  EXPECT_TRUE(StrongBot::is_all_last(o, Rules::tenhou()));
}

TEST(StrongBot, PlacementUtilityCountsThePlacesAnOutcomeMoves) {
  // Seat 2 at 24000 is 3rd (31000, 28000, 24000, 17000). Each place above 4th is worth
  // kRankStep points on top of the outcome's points.
  Observation o;
  o.seat = 2;
  o.scores = {31000, 28000, 24000, 17000};
  const double step = StrongBot::kRankStep;
  eval::Outcome win{eval::Outcome::kWin, 8000, -1};
  // +8000 and the others pay 8000/3 each: 32000 against 28333, 25333, 14333: 1st.
  EXPECT_DOUBLE_EQ(StrongBot::placement_utility(o, win), 8000 + 3 * step);
  eval::Outcome cheap{eval::Outcome::kWin, 1000, -1};
  // 25000 against 30667, 27667, 16667: still 3rd.
  EXPECT_DOUBLE_EQ(StrongBot::placement_utility(o, cheap), 1000 + 1 * step);
  eval::Outcome deal_in{eval::Outcome::kDealIn, -8000, 3};
  // 16000 against 25000 for seat 3 (it won the 8000): 4th.
  EXPECT_DOUBLE_EQ(StrongBot::placement_utility(o, deal_in), -8000 + 0 * step);
  eval::Outcome other{eval::Outcome::kOther, 0, -1};
  EXPECT_DOUBLE_EQ(StrongBot::placement_utility(o, other), 1 * step);
}

// --- whole games ------------------------------------------------------------------------

TEST(StrongBot, PlaysWholeGamesUnderEveryPreset) {
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    const auto players = bots::make_bots({"strong", "defensive", "strong", "efficiency"}, 5, rules);
    // play_recorded throws on an illegal action.
    const GameRecorder rec = bots::play_recorded(rules, 5, bots::seats_of(players));
    EXPECT_TRUE(rec.game().is_over()) << rules.name;
  }
}

TEST(StrongBot, IsDeterministicForItsSeed) {
  const Rules rules = Rules::tenhou();
  std::array<int, 4> first{};
  for (int run = 0; run < 2; ++run) {
    const auto players = bots::make_bots({"strong", "strong", "strong", "strong"}, 11, rules);
    const bots::FastStats s = bots::play_fast(rules, 11, bots::seats_of(players));
    if (run == 0)
      first = s.final.points;
    else
      EXPECT_EQ(s.final.points, first);
  }
}

TEST(StrongBot, BeatsDefensiveInAShortArena) {
  // strong x2 against defensive x2, seat rotation on the same walls (docs/arena.md), Tenhou
  // rules. RIICHI_STRONG_GAMES=N plays N games (default 200); `make strength` is the
  // measurement (docs/bots.md: -0.11 +- 0.06 over 2,000 hanchan on other walls). The issue's
  // check: strong beats defensive on average rank (paired difference below 0). The seating is
  // strong,strong,defensive,defensive: its four rotations are four different seatings, while
  // strong,defensive,strong,defensive repeats two of them and, both bots drawing no random
  // number, replays those games move for move (half the games, the same figure twice). These
  // 200 games (seed 1) give -0.10 +- 0.18 (-0.34 on the 100 different games of the old seating);
  // an earlier version scored +0.06 on those, the one playing every decision by the fast
  // valuation +0.79.
  // Under the sanitizers (RIICHI_QUICK=1) 8 games only check that the run completes.
  const char* env = std::getenv("RIICHI_STRONG_GAMES");
  const bool quick = std::getenv("RIICHI_QUICK") != nullptr;
  bots::ArenaConfig config{.bots = {"strong", "strong", "defensive", "defensive"},
                           .rules = Rules::tenhou(),
                           .games = env != nullptr ? std::atoi(env)
                                    : quick        ? 8
                                                   : 200,
                           .threads = 2,
                           .seed = 1};
  const bots::ArenaRun run = bots::run_arena(config, {}, nullptr);
  const bots::ArenaTable table = bots::summarize(run.games);
  ASSERT_EQ(table.differences.size(), 1u);
  const bots::RankDifference& d = table.differences[0];
  ASSERT_EQ(d.a, "strong");
  std::printf("strong - defensive: %+.3f +- %.3f (%d games, %.1f games/s)\n", d.diff.value,
              d.diff.ci95, d.games, run.games.size() / std::max(run.seconds, 1e-9));
  if (!quick) {
    EXPECT_LT(d.diff.value, 0.0) << "strong does not beat defensive: " << d.diff.value;
  }
}

}  // namespace
}  // namespace riichi::testing
