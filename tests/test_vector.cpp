// Win-vector parser (RULES.md §1.3, grammar in src/riichi/vector.hpp).
#include <gtest/gtest.h>

#include <string>

#include "riichi/hand.hpp"
#include "riichi/vector.hpp"

namespace riichi {
namespace {

Tile T(const char* s) { return parse_tile(s); }

TEST(WinVector, ParsesTheFullExample) {
  const WinVector v = parse_win_vector(
      "closed=33m123m78s melds=[c456s p777p] win=9s tsumo seat=E round=S dora=6s "
      "ura=1z flags=riichi,ippatsu honba=2 sticks=1 pao=N");
  EXPECT_EQ(format_tiles(v.hand.concealed), "12333m78s");
  ASSERT_EQ(v.hand.melds.size(), 2u);
  EXPECT_EQ(v.hand.melds[0].type, MeldType::kChi);
  EXPECT_EQ(v.hand.melds[0].tiles[0], T("4s"));
  EXPECT_EQ(v.hand.melds[1].type, MeldType::kPon);
  EXPECT_EQ(v.hand.melds[1].base_kind(), T("7p").kind);
  EXPECT_EQ(v.win, T("9s"));
  const WinContext& c = v.context;
  EXPECT_TRUE(c.tsumo);
  EXPECT_EQ(c.seat, 0);
  EXPECT_EQ(c.round_wind, 1);
  ASSERT_EQ(c.dora_indicators.size(), 1u);
  EXPECT_EQ(c.dora_indicators[0], T("6s"));
  ASSERT_EQ(c.ura_indicators.size(), 1u);
  EXPECT_EQ(c.ura_indicators[0], T("1z"));
  EXPECT_TRUE(c.riichi);
  EXPECT_TRUE(c.ippatsu);
  EXPECT_FALSE(c.double_riichi);
  EXPECT_FALSE(c.haitei);
  EXPECT_EQ(c.honba, 2);
  EXPECT_EQ(c.riichi_sticks, 1);
  EXPECT_EQ(c.liable, 3);
  EXPECT_EQ(c.discarder, -1);
}

TEST(WinVector, Defaults) {
  const WinVector v = parse_win_vector("closed=33m123m123s456s78s win=9s ron");
  const WinContext& c = v.context;
  EXPECT_FALSE(c.tsumo);
  EXPECT_EQ(c.seat, 1);        // South
  EXPECT_EQ(c.round_wind, 0);  // East
  EXPECT_TRUE(c.dora_indicators.empty());
  EXPECT_TRUE(c.ura_indicators.empty());
  EXPECT_FALSE(c.riichi);
  EXPECT_EQ(c.honba, 0);
  EXPECT_EQ(c.riichi_sticks, 0);
  EXPECT_EQ(c.discarder, -1);
  EXPECT_EQ(c.liable, -1);
  EXPECT_TRUE(v.hand.melds.empty());
  EXPECT_EQ(v.hand.concealed.size(), 13u);
}

TEST(WinVector, KeysInAnyOrderAndExtraSpaces) {
  const WinVector a = parse_win_vector("closed=33m123m123s456s78s win=9s ron seat=W from=N");
  const WinVector b = parse_win_vector("  from=N ron   win=9s seat=W closed=33m123m123s456s78s ");
  EXPECT_EQ(a.hand.concealed, b.hand.concealed);
  EXPECT_EQ(a.win, b.win);
  EXPECT_EQ(b.context.seat, 2);
  EXPECT_EQ(b.context.discarder, 3);
  EXPECT_FALSE(b.context.tsumo);
}

TEST(WinVector, WindLetters) {
  const char* letters[] = {"E", "S", "W", "N"};
  for (int s = 0; s < 4; ++s) {
    SCOPED_TRACE(letters[s]);
    const std::string text = std::string("closed=33m123m123s456s78s win=9s tsumo seat=") +
                             letters[s] + " round=" + letters[s];
    const WinVector v = parse_win_vector(text);
    EXPECT_EQ(v.context.seat, s);
    EXPECT_EQ(v.context.round_wind, s);
  }
}

TEST(WinVector, MeldsWithCommasAndKans) {
  const WinVector v =
      parse_win_vector("closed=1m melds=[a1111z,m2222z k3333z  p444z] win=1m tsumo seat=E");
  ASSERT_EQ(v.hand.melds.size(), 4u);
  EXPECT_EQ(v.hand.melds[0].type, MeldType::kAnkan);
  EXPECT_EQ(v.hand.melds[1].type, MeldType::kDaiminkan);
  EXPECT_EQ(v.hand.melds[2].type, MeldType::kKakan);
  EXPECT_EQ(v.hand.melds[3].type, MeldType::kPon);
  // Without brackets (no spaces) is accepted too, and melds=[] means none.
  EXPECT_EQ(
      parse_win_vector("closed=1m melds=a1111z,m2222z,k3333z,p444z win=1m tsumo").hand.melds.size(),
      4u);
  EXPECT_TRUE(parse_win_vector("closed=33m123m123s456s78s melds=[] win=9s ron").hand.melds.empty());
}

TEST(WinVector, RedFives) {
  const WinVector v = parse_win_vector("closed=50m123m123s456s78s win=9s ron");
  EXPECT_EQ(v.hand.red_fives(), 1);
  EXPECT_TRUE(parse_win_vector("closed=33m123m123s406s78s win=9s ron").hand.concealed[9].red);
}

TEST(WinVector, DoubleRiichiImpliesRiichi) {
  const WinVector v = parse_win_vector("closed=33m123m123s456s78s win=9s ron flags=double_riichi");
  EXPECT_TRUE(v.context.double_riichi);
  EXPECT_TRUE(v.context.riichi);
}

TEST(WinVector, EveryFlag) {
  const WinVector v = parse_win_vector(
      "closed=33m123m123s456s78s win=9s ron flags=riichi,ippatsu,haitei,houtei,rinshan,chankan,"
      "tenhou,chiihou,renhou");
  const WinContext& c = v.context;
  EXPECT_TRUE(c.riichi && c.ippatsu && c.haitei && c.houtei && c.rinshan && c.chankan && c.tenhou &&
              c.chiihou && c.renhou);
  EXPECT_FALSE(c.double_riichi);
}

TEST(WinVector, UraWithoutRiichiIsAllowed) {
  const WinVector v = parse_win_vector("closed=33m123m123s456s78s win=9s ron dora=1m2p ura=3s");
  EXPECT_FALSE(v.context.riichi);
  EXPECT_EQ(v.context.dora_indicators.size(), 2u);
  EXPECT_EQ(v.context.ura_indicators.size(), 1u);
}

TEST(WinVector, FourCopiesAcrossClosedMeldsAndWinAreFine) {
  // 9s: two concealed, one in the chi and the winning tile make four.
  EXPECT_NO_THROW(
      parse_win_vector("closed=99s123m456p11z melds=[c789s] win=9s ron"));  // 2+1+1 = 4 nines
}

// --- errors: each kind with its position in the whole vector ---------------------------------

struct ErrorCase {
  const char* name;
  std::string text;
  std::size_t position;
  const char* reason_part;  // a substring of the reason
};

class WinVectorError : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(WinVectorError, ThrowsAtPosition) {
  const ErrorCase& c = GetParam();
  SCOPED_TRACE(c.text);
  try {
    parse_win_vector(c.text);
    FAIL() << "no ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.position(), c.position) << e.reason();
    EXPECT_NE(e.reason().find(c.reason_part), std::string::npos) << e.reason();
  }
}

const std::string kBase = "closed=33m123m123s456s78s win=9s";  // 32 characters

INSTANTIATE_TEST_SUITE_P(
    Cases, WinVectorError,
    ::testing::Values(
        ErrorCase{"empty", "", 0, "empty"},
        ErrorCase{"unknown_key", kBase + " ron colour=red", 37, "unknown key 'colour'"},
        ErrorCase{"unknown_key_lists_keys", kBase + " ron colour=red", 37, "honba"},
        ErrorCase{"unknown_word", kBase + " ron riichi", 37, "unknown word 'riichi'"},
        ErrorCase{"duplicate_key", kBase + " ron seat=E seat=S", 44, "twice"},
        ErrorCase{"missing_closed", "win=9s ron", 10, "missing closed"},
        ErrorCase{"missing_win", "closed=33m123m123s456s78s ron", 29, "missing win"},
        ErrorCase{"missing_ron_tsumo", kBase, 32, "missing ron or tsumo"},
        ErrorCase{"both_ron_and_tsumo", kBase + " ron tsumo", 37, "both ron and tsumo"},
        ErrorCase{"bad_seat_letter", kBase + " ron seat=X", 42, "E, S, W or N"},
        ErrorCase{"bad_round_letter", kBase + " ron round=east", 43, "E, S, W or N"},
        ErrorCase{"bad_from_letter", kBase + " ron from=e", 42, "E, S, W or N"},
        ErrorCase{"bad_pao_letter", kBase + " ron pao=", 41, "E, S, W or N"},
        ErrorCase{"unknown_flag", kBase + " ron flags=riichi,ipatsu", 50, "unknown flag 'ipatsu'"},
        ErrorCase{"unknown_flag_lists_accepted", kBase + " ron flags=dora", 43,
                  "riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, "
                  "chiihou, renhou"},
        ErrorCase{"bad_honba", kBase + " ron honba=2x", 44, "whole number"},
        ErrorCase{"negative_sticks", kBase + " ron sticks=-1", 44, "whole number"},
        ErrorCase{"empty_honba", kBase + " ron honba=", 43, "needs a number"},
        ErrorCase{"huge_honba", kBase + " ron honba=123456", 43, "too large"},
        // Tile errors are re-based from parse_tiles/parse_melds to the whole vector.
        ErrorCase{"bad_suit_in_closed", "closed=33m123x123s456s78s win=9s ron", 13,
                  "unexpected character 'x'"},
        ErrorCase{"honour_8z", "closed=33m123m123s456s8z win=9s ron", 22, "8z"},
        ErrorCase{"digits_without_suit", "closed=33m123m123s456s78 win=9s ron", 24, "suit letter"},
        ErrorCase{"bad_win_tile", kBase.substr(0, 26) + "win=9q ron", 31, "unexpected character"},
        ErrorCase{"two_win_tiles", kBase.substr(0, 26) + "win=99s ron", 30, "exactly one tile"},
        ErrorCase{"bad_meld", "closed=33m123m78s melds=[c456s p778p] win=9s ron", 31, "pon"},
        ErrorCase{"chi_not_a_run", "closed=33m123m78s melds=[c457s p777p] win=9s ron", 25, "chi"},
        ErrorCase{"unclosed_bracket", "closed=33m123m78s melds=[c456s p777p win=9s ron", 24, "["},
        ErrorCase{"bad_dora", kBase + " ron dora=0z", 42, "0z"},
        // Copy limits over closed + melds + win: the position of the fifth copy.
        ErrorCase{"five_copies_with_win", "closed=1111m23m456p789p1z win=1m ron", 30,
                  "more than four copies of 1m"},
        ErrorCase{"five_copies_with_meld", "closed=99s123m456p11z melds=[c789s p999s] win=1z ron",
                  37, "more than four copies of 9s"},
        ErrorCase{"two_red_fives", "closed=0m0m5m123s456s789s1z win=1z ron", 9, "red five"},
        ErrorCase{"five_copies_in_closed", "closed=11111m123p456p789p win=9p ron", 11,
                  "more than four copies of 1m"},
        // Tile count: closed + 3 per meld (kans too) + win must be 14.
        ErrorCase{"too_few_tiles", "closed=33m123m123s456s7s win=9s ron", 7, "wrong tile count"},
        ErrorCase{"too_many_tiles", "closed=33m123m123s456s78s melds=[p777z] win=9s ron", 7,
                  "= 17, expected 14"},
        // The discarder or the liable player cannot be the winner; from= needs a ron.
        ErrorCase{"from_is_winner", kBase + " ron seat=W from=W", 44, "own seat"},
        ErrorCase{"pao_is_winner", kBase + " ron pao=S", 37, "own seat"},
        ErrorCase{"from_with_tsumo", kBase + " tsumo from=E", 39, "tsumo"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return std::string(info.param.name); });

TEST(WinVector, ErrorMessageNamesTheHumanPosition) {
  try {
    parse_win_vector(kBase + " ron seat=X");
    FAIL();
  } catch (const ParseError& e) {
    // what() counts from 1, position() from 0.
    EXPECT_NE(std::string(e.what()).find("position 43"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace riichi
