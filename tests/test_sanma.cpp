// Three-player mahjong (sanma, issue 20): the tenhou_sanma preset, the 108-tile wall, no chi,
// kita (nukidora), tsumo-son payments, counters and noten payments with three players, the game
// of East 1-3 / South 1-3 with 35000 / 40000 and uma +20/0/-20. Expected values come from the
// real Tenhou sanma logs of ../shared/data/tenhou-sanma (the log and hand are named at each
// test) and from Tenhou's rules (docs/rules-presets.md), never from the engine's output.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "riichi/game.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"
#include "round_helpers.hpp"
#include "rules_fields.hpp"

namespace riichi {
namespace {

using testing::find_action;
using testing::has_action;

TEST(Sanma, PresetAgainstTenhou) {
  const Rules r = Rules::tenhou_sanma();
  EXPECT_EQ(testing::differing_keys(r, Rules::tenhou()),
            (std::set<std::string>{"players", "no_manzu_2_to_8", "chi_allowed", "kita",
                                   "suufon_renda", "suucha_riichi", "sanchahou", "starting_points",
                                   "return_points", "target_points", "uma"}));
  EXPECT_EQ(r.players, 3);
  EXPECT_EQ(r.starting_points, 35000);
  EXPECT_EQ(r.return_points, 40000);
  EXPECT_EQ(r.uma, (std::array<int, 4>{20000, 0, -20000, 0}));
  EXPECT_TRUE(r.tsumo_loss);
  EXPECT_EQ(Rules::parse("tenhou_sanma").name, "tenhou_sanma");
  // The new keys are ordinary overrides; players accepts 3 or 4 only.
  EXPECT_EQ(Rules::parse("tenhou,players=3,kita=true").players, 3);
  EXPECT_FALSE(Rules::try_parse("tenhou,players=2"));
}

// 2020010100gm-00b9-0000-18a1410f South 1, 1 honba, 1 stick: West (non-dealer) tsumo, riichi,
// two kita, dora indicators 7z 1s, ura 3p 1p: "yaku=1,1,0,1,52,3,53,3", ten="60,12000,3",
// sc: the dealer -8100, the other -4100, the winner +13200 (baiman, tsumo-son: 8000 + 4000).
TEST(Sanma, RealBaimanTsumoWithTwoKita) {
  // The log's tiles: hai 2p2p 3p 4p 5p 7p8p9p 2s3s4s (machi 3p), ankan East (m=27648).
  WinVector v = parse_win_vector(
      "closed=22p45p789p234s melds=[a1111z] win=3p tsumo seat=W round=S dora=7z1s ura=3p1p "
      "flags=riichi honba=1 sticks=1");
  v.context.kita = 2;
  const ScoreResult r = score(v.hand, v.win, v.context, Rules::tenhou_sanma());
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.dora, 3);  // 2s once (indicator 1s) + two nukidora
  EXPECT_EQ(r.ura, 3);   // 4p once (indicator 3p) + 2p twice (indicator 1p)
  EXPECT_EQ(r.han, 8);
  EXPECT_EQ(r.fu, 60);
  EXPECT_EQ(r.limit, Limit::kBaiman);
  EXPECT_EQ(r.payments.dealer, 8100);
  EXPECT_EQ(r.payments.non_dealer, 4100);
  EXPECT_EQ(r.payments.total, 12200);
  EXPECT_EQ(r.payments.sticks, 1000);
  EXPECT_EQ(r.payments.delta, (std::array<int, 4>{-8100, -4100, 12200, 0}));
}

// 2020010100gm-00b9-0000-18a1410f East 2: West (non-dealer) tsumo on the replacement of a kita,
// "yaku=4,1,20,1,34,2,52,2" ten="30,9000,2": rinshan, chun, honitsu, dora 2 (5s once with the 4s
// indicator + one kita); haneman paid 6000 + 3000, nothing for the absent North.
TEST(Sanma, RealHanemanTsumoSonAfterKita) {
  WinVector v = parse_win_vector(
      "closed=23446678s22z melds=[p777z] win=5s tsumo seat=W round=E dora=4s flags=rinshan "
      "sticks=1");
  v.context.kita = 1;
  const ScoreResult r = score(v.hand, v.win, v.context, Rules::tenhou_sanma());
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.dora, 2);
  EXPECT_EQ(r.han, 6);
  EXPECT_EQ(r.fu, 30);
  EXPECT_EQ(r.payments.dealer, 6000);
  EXPECT_EQ(r.payments.non_dealer, 3000);
  EXPECT_EQ(r.payments.total, 9000);
  EXPECT_EQ(r.payments.delta, (std::array<int, 4>{-6000, -3000, 9000, 0}));
}

// 2020010100gm-00b9-0000-18a1410f East 1 repeat (1 honba, 2 sticks): South rons West's 1m with
// chiitoitsu riichi and one kita, "yaku=1,1,22,2,52,3,53,0" ten="25,12000,2", sc: South +14200,
// West -12200: a counter is worth 200 by ron with three players.
TEST(Sanma, RonCounterIsTwoHundred) {
  WinVector v = parse_win_vector(
      "closed=1m99m22p77p22s77s77z win=1m ron seat=S round=E from=W dora=1p ura=8p "
      "flags=riichi honba=1 sticks=2");
  v.context.kita = 1;
  const ScoreResult r = score(v.hand, v.win, v.context, Rules::tenhou_sanma());
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.payments.ron, 12200);
  EXPECT_EQ(r.payments.delta, (std::array<int, 4>{0, 12200, -12200, 0}));
  EXPECT_EQ(r.payments.sticks, 2000);
}

// Kita dora: each kita is one dora, and a North for the indicators (a West indicator: two each).
TEST(Sanma, KitaCountsAsDoraAndAsNorth) {
  WinVector v =
      parse_win_vector("closed=123p456p789p11s23s win=4s ron seat=S round=E flags=riichi");
  v.context.kita = 2;
  v.context.dora_indicators = {parse_tile("3z")};  // West: North is dora
  const ScoreResult r = score(v.hand, v.win, v.context, Rules::tenhou_sanma());
  ASSERT_TRUE(r.ok()) << r.error_message;
  EXPECT_EQ(r.dora, 4);
  // A 1m indicator points to 9m when 2m-8m are out of the game.
  WinVector m =
      parse_win_vector("closed=123p456p789p11s99m win=1s ron seat=S round=E flags=riichi");
  m.context.dora_indicators = {parse_tile("1m")};
  const ScoreResult rm = score(m.hand, m.win, m.context, Rules::tenhou_sanma());
  ASSERT_TRUE(rm.ok()) << rm.error_message;
  EXPECT_EQ(rm.dora, 2);
}

TEST(Sanma, RemovedTilesAndAbsentSeatRefused) {
  WinVector v = parse_win_vector("closed=234m456p789p11s23s win=4s ron seat=S round=E");
  const ScoreResult r = score(v.hand, v.win, v.context, Rules::tenhou_sanma());
  EXPECT_EQ(r.error, ScoreError::kInvalidContext);
  EXPECT_NE(r.error_message.find("2m is not in play"), std::string::npos) << r.error_message;
  WinVector n = parse_win_vector("closed=123p456p789p11s23s win=4s ron seat=N round=E");
  EXPECT_EQ(score(n.hand, n.win, n.context, Rules::tenhou_sanma()).error,
            ScoreError::kInvalidContext);
  // A stacked wall refuses a tile that is out of the game.
  const WallShape shape = wall_shape(Rules::tenhou_sanma());
  std::array<std::vector<Tile>, 4> hands = {parse_tiles("3m555p666p555s666s"),
                                            parse_tiles("1199m1199p1199s1z"),
                                            parse_tiles("222p333p222s333s2z"),
                                            {}};
  EXPECT_THROW(Wall::stacked(shape, hands, {}), std::invalid_argument);
  hands[0] = parse_tiles("4z555p666p555s666s");
  EXPECT_NO_THROW(Wall::stacked(shape, hands, {}));
  hands[3] = parse_tiles("4z555p666p555s666s");  // no hand for the absent seat
  EXPECT_THROW(Wall::stacked(shape, hands, {}), std::invalid_argument);
}

// The wall: 108 tiles, 2m-8m never dealt or drawn; 39 tiles dealt, 55 live draws (108 - 14 -
// 39), the dealer's first draw taken at the start.
TEST(Sanma, WallFromSeed) {
  const Rules rules = Rules::tenhou_sanma();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Wall w = Wall::from_seed(seed, wall_shape(rules));
    EXPECT_TRUE(w.is_permutation());
    for (int slot = 0; slot < 94; ++slot) EXPECT_TRUE(w.tiles[slot] < 4 || w.tiles[slot] >= 32);
    for (int slot = 122; slot < 136; ++slot) EXPECT_TRUE(w.tiles[slot] < 4 || w.tiles[slot] >= 32);
    RoundSetup setup = testing::default_setup();
    setup.scores = {35000, 35000, 35000, 0};
    setup.wall_seed = seed;
    const Round r(rules, setup);
    EXPECT_EQ(r.live_tiles_left(), 54);
    EXPECT_EQ(r.to_play(), 0);
    for (int s = 0; s < 3; ++s)
      EXPECT_EQ(r.concealed_ids(s).size(), static_cast<std::size_t>(s == 0 ? 14 : 13));
    EXPECT_TRUE(r.concealed_ids(3).empty());
    EXPECT_EQ(r.audit(), "");
  }
}

// The three-player wall from a seed (wall.hpp): the 108 ids in play ascending (0..3, 32..135)
// shuffled by Xoshiro256(seed).shuffle, the first 94 in the live slots, the 28 ids out of the
// game (2m-8m, 4..31) ascending in slots 94..121, the last 14 in the dead wall.
TEST(Sanma, WallFromSeedIsTheLayoutOfTheShuffle) {
  const WallShape shape = wall_shape(Rules::tenhou_sanma());
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    std::vector<std::uint8_t> play;
    for (int id = 0; id < kNumTiles; ++id)
      if (id < 4 || id >= 32) play.push_back(static_cast<std::uint8_t>(id));
    ASSERT_EQ(play.size(), 108u);
    Xoshiro256(seed).shuffle(play.data(), 108);
    std::array<std::uint8_t, kNumTiles> expected{};
    for (int i = 0; i < 94; ++i) expected[i] = play[i];
    for (int i = 0; i < 28; ++i) expected[94 + i] = static_cast<std::uint8_t>(4 + i);
    for (int i = 0; i < 14; ++i) expected[122 + i] = play[94 + i];
    EXPECT_EQ(Wall::from_seed(seed, shape).tiles, expected) << "seed " << seed;
  }
}

Round sanma_round(const std::array<std::string, 3>& hands, const std::string& draws,
                  const std::string& rinshan = "") {
  std::array<std::vector<Tile>, 4> h;
  for (int i = 0; i < 3; ++i) h[i] = parse_tiles(hands[i]);
  const Rules rules = Rules::tenhou_sanma();
  RoundSetup setup = testing::default_setup();
  setup.scores = {35000, 35000, 35000, 0};
  const auto list = [](const std::string& s) {
    return s.empty() ? std::vector<Tile>{} : parse_tiles(s);
  };
  return Round(rules, setup,
               Wall::stacked(wall_shape(rules), h, list(draws), list("1z"), list(rinshan)));
}

// No chi: South holds 2p3p, East discards 1p; South is not asked, West draws... South draws
// next in turn order (three seats: East, South, West).
TEST(Sanma, NoChi) {
  Round r = sanma_round({"159p159s123567z9m", "2367p2367s12356z", "48p48s1235677z11m"}, "9m1m");
  ASSERT_TRUE(r.apply(find_action(r, 0, ActionType::kDiscard, "1p")).ok);
  EXPECT_EQ(r.phase(), Phase::kSelf);
  EXPECT_EQ(r.to_play(), 1);
}

// Kita: East holds a North; setting it aside draws the first rinshan tile, and the live wall
// loses one tile (54 -> 53); the North counts in the observation.
TEST(Sanma, KitaDrawsAReplacement) {
  Round r = sanma_round({"4z159p159s123567z", "2367p2367s12356z", "48p48s1235677z11m"}, "9m", "2s");
  EXPECT_EQ(r.live_tiles_left(), 54);
  ASSERT_TRUE(has_action(r, 0, ActionType::kKita, "4z"));
  ASSERT_TRUE(r.apply(find_action(r, 0, ActionType::kKita, "4z")).ok);
  EXPECT_EQ(r.live_tiles_left(), 53);
  const Observation o = r.observation(0);
  EXPECT_EQ(o.kita[0], 1);
  EXPECT_EQ(tile_of_id(o.drawn, true), parse_tile("2s"));
  EXPECT_EQ(r.audit(), "");
  // A second North is not held: no kita offered.
  EXPECT_FALSE(has_action(r, 0, ActionType::kKita));
}

// Every seat lets its drawn tile go and passes every call: the hands stay as dealt.
void play_tsumogiri(Round& r) {
  while (!r.is_over()) {
    const int s = r.to_play();
    Action pick{};
    for (const Action& a : r.legal_actions(s))
      if (a.type == ActionType::kPass || (a.type == ActionType::kDiscard && a.tsumogiri)) pick = a;
    ASSERT_TRUE(r.apply(pick).ok) << to_string(pick, true);
  }
}

// Noten payments with three players: 1000 per opponent in all (2000), as in the real logs
// (RYUUKYOKU sc "340,20,350,-10,350,-10": one tenpai +2000; "86,-20,475,10,479,10": two tenpai
// +1000 each).
TEST(Sanma, ExhaustiveDrawPaysTwoThousand) {
  {
    Round r = sanma_round({"123456789p1123s", "11223567z19m468s", "123567z19m4p579s2p"}, "");
    play_tsumogiri(r);
    ASSERT_EQ(r.result().end, RoundEnd::kExhaustiveDraw);
    EXPECT_EQ(r.result().deltas, (std::array<int, 4>{2000, -1000, -1000, 0}));
  }
  {
    Round r = sanma_round({"123456789p1123s", "555p678s11122z99s", "23567z19m4p57s2p3z6z"}, "");
    play_tsumogiri(r);
    ASSERT_EQ(r.result().end, RoundEnd::kExhaustiveDraw);
    EXPECT_EQ(r.result().deltas, (std::array<int, 4>{1000, 1000, -2000, 0}));
  }
}

// The game: East 1-3, South 1-3; the dealer passes after the third; final results of
// 2020010100gm-00b9-0000-18a1410f: 48700 / 27600 / 28700 -> +43.0 / -32.0 / -11.0 (points rounded
// to 1000, oka 3 x 5000 and uma +20 to 1st, 0 to 2nd, -20 to 3rd).
TEST(Sanma, GameFlowAndFinalResult) {
  const Rules rules = Rules::tenhou_sanma();
  GameState s = initial_state(rules);
  EXPECT_EQ(s.scores, (std::array<int, 4>{35000, 35000, 35000, 0}));
  RoundResult draw;
  draw.end = RoundEnd::kExhaustiveDraw;  // dealer noten: the deal passes
  s = next_state(s, draw, rules);
  EXPECT_EQ(hand_name(s), "East 2");
  s = next_state(s, draw, rules);
  s = next_state(s, draw, rules);
  EXPECT_EQ(hand_name(s), "South 1");
  EXPECT_EQ(s.dealer, 0);
  GameState end;
  end.finished = true;
  end.scores = {48700, 27600, 28700, 0};
  const FinalResult f = final_result(end, rules);
  EXPECT_EQ(f.ranks, (std::array<int, 4>{1, 3, 2, 4}));
  EXPECT_EQ(f.final_scores, (std::array<int, 4>{43000, -32000, -11000, 0}));
}

// Self-play: every sanma game ends, points and sticks are conserved, the absent seat stays 0.
TEST(Sanma, RandomGamesConservePoints) {
  const Rules rules = Rules::tenhou_sanma();
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Game g(rules, seed);
    std::uint64_t pick = seed;
    int guard = 0;
    while (!g.is_over() && ++guard < 100000) {
      const int seat = g.round().to_play();
      ASSERT_GE(seat, 0);
      ASSERT_LT(seat, 3);
      const auto& acts = g.legal_actions(seat);
      ASSERT_FALSE(acts.empty());
      pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
      const Action a = acts[(pick >> 33) % acts.size()];
      ASSERT_TRUE(g.apply(a).ok);
      if (!g.is_over()) {
        ASSERT_EQ(g.round().audit(), "");
      }
    }
    ASSERT_TRUE(g.is_over());
    const GameState& st = g.state();
    EXPECT_EQ(st.scores[3], 0);
    EXPECT_EQ(st.scores[0] + st.scores[1] + st.scores[2] + 1000 * st.riichi_sticks, 105000);
    const FinalResult f = final_result(st, rules);
    EXPECT_EQ(f.final_scores[0] + f.final_scores[1] + f.final_scores[2], 0);
    EXPECT_EQ(f.final_scores[3], 0);
  }
}

}  // namespace
}  // namespace riichi
