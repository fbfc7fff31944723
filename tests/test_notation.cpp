// Tiles and the mpsz notation: kind helpers, dora successor, physical ids and red fives, parsing,
// canonical formatting, meld tokens, round trips, and every rejection with its position.
//
// Expected values come from RULES.md §1 (kind layout §1.1, red fives §1.2, notation §1.3, dora
// §1.4) and the grammar in hand.hpp. ParseError::position() is the 0-based index of the faulty
// character; the positions below are decided from the grammar:
//   * a bad digit (8z, 0z)                       -> that digit
//   * a fifth copy / second red five             -> the digit of the tile that breaks the limit
//   * an empty group ("m")                       -> the suit letter
//   * digits at the end of the text without suit -> text.size() (where the suit is expected)
//   * a stray character                          -> that character
//   * a malformed meld (wrong count, not a run,
//     mixed kinds)                               -> the meld letter (the token is at fault)
#include <gtest/gtest.h>

#include <algorithm>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "riichi/hand.hpp"
#include "riichi/tile.hpp"

namespace riichi {
namespace {

constexpr int K(Suit s, int n) { return make_kind(s, n); }
constexpr int M(int n) { return K(Suit::kMan, n); }
constexpr int P(int n) { return K(Suit::kPin, n); }
constexpr int S(int n) { return K(Suit::kSou, n); }
constexpr int Z(int n) { return K(Suit::kHonor, n); }

Tile T(int kind, bool red = false) { return Tile{static_cast<std::uint8_t>(kind), red}; }

// Runs `parse` on `text` and returns the error position, or -1 (with a failure) if it parsed.
template <typename F>
long ErrorPosition(F parse, std::string_view text) {
  try {
    parse(text);
  } catch (const ParseError& e) {
    EXPECT_FALSE(e.reason().empty()) << text;
    EXPECT_NE(std::string(e.what()).find(e.reason()), std::string::npos) << text;
    return static_cast<long>(e.position());
  } catch (const std::exception& e) {
    ADD_FAILURE() << "'" << text << "' threw a non-ParseError: " << e.what();
    return -2;
  }
  ADD_FAILURE() << "'" << text << "' was accepted";
  return -1;
}
long HandError(std::string_view text) {
  return ErrorPosition([](std::string_view t) { return parse_hand(t); }, text);
}
long TilesError(std::string_view text) {
  return ErrorPosition([](std::string_view t) { return parse_tiles(t); }, text);
}
long MeldsError(std::string_view text) {
  return ErrorPosition([](std::string_view t) { return parse_melds(t); }, text);
}

std::string RoundTrip(std::string_view text) { return format_hand(parse_hand(text)); }

// --- kind layout and helpers (RULES.md §1.1) ------------------------------------------------

TEST(NotationKinds, LayoutMatchesRules) {
  EXPECT_EQ(kNumKinds, 34);
  EXPECT_EQ(kNumTiles, 136);
  EXPECT_EQ(M(1), 0);
  EXPECT_EQ(M(9), 8);
  EXPECT_EQ(P(1), 9);
  EXPECT_EQ(P(9), 17);
  EXPECT_EQ(S(1), 18);
  EXPECT_EQ(S(9), 26);
  EXPECT_EQ(Z(1), 27);
  EXPECT_EQ(Z(7), 33);
  EXPECT_EQ(kEast, 27);
  EXPECT_EQ(kSouth, 28);
  EXPECT_EQ(kWest, 29);
  EXPECT_EQ(kNorth, 30);
  EXPECT_EQ(kWhite, 31);
  EXPECT_EQ(kGreen, 32);
  EXPECT_EQ(kRed, 33);
}

TEST(NotationKinds, SuitAndNumber) {
  for (int s = 0; s < 3; ++s) {
    for (int n = 1; n <= 9; ++n) {
      const int k = s * 9 + n - 1;
      EXPECT_EQ(suit_of(k), static_cast<Suit>(s)) << k;
      EXPECT_EQ(number_of(k), n) << k;
      EXPECT_EQ(make_kind(static_cast<Suit>(s), n), k);
      EXPECT_TRUE(is_suited(k));
      EXPECT_FALSE(is_honor(k));
    }
  }
  for (int n = 1; n <= 7; ++n) {
    const int k = 27 + n - 1;
    EXPECT_EQ(suit_of(k), Suit::kHonor) << k;
    EXPECT_EQ(number_of(k), n) << k;
    EXPECT_EQ(make_kind(Suit::kHonor, n), k);
    EXPECT_TRUE(is_honor(k));
    EXPECT_FALSE(is_suited(k));
  }
}

TEST(NotationKinds, TerminalHonourYaochuu) {
  // RULES.md §1.1: yaochuu = {0,8,9,17,18,26,27..33}.
  const std::vector<int> yaochuu = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
  for (int k = 0; k < kNumKinds; ++k) {
    const bool want_yaochuu = std::find(yaochuu.begin(), yaochuu.end(), k) != yaochuu.end();
    const bool want_terminal = k < 27 && (k % 9 == 0 || k % 9 == 8);
    EXPECT_EQ(is_yaochuu(k), want_yaochuu) << k;
    EXPECT_EQ(is_simple(k), !want_yaochuu) << k;
    EXPECT_EQ(is_terminal(k), want_terminal) << k;
    EXPECT_EQ(is_wind(k), k >= 27 && k <= 30) << k;
    EXPECT_EQ(is_dragon(k), k >= 31) << k;
    EXPECT_EQ(is_five(k), k == 4 || k == 13 || k == 22) << k;
  }
  EXPECT_EQ(std::vector<int>(kYaochuuKinds.begin(), kYaochuuKinds.end()), yaochuu);
  EXPECT_TRUE(is_terminal(M(1)));
  EXPECT_TRUE(is_terminal(S(9)));
  EXPECT_FALSE(is_terminal(Z(1)));  // honours are not terminals
  EXPECT_FALSE(is_terminal(P(2)));
  EXPECT_TRUE(is_simple(P(2)));
  EXPECT_TRUE(is_simple(S(8)));
}

TEST(NotationKinds, GreenTiles) {
  // RULES.md §1.1: green tiles 2s 3s 4s 6s 8s 6z.
  const std::vector<int> green = {S(2), S(3), S(4), S(6), S(8), Z(6)};
  for (int k = 0; k < kNumKinds; ++k)
    EXPECT_EQ(is_green(k), std::find(green.begin(), green.end(), k) != green.end()) << k;
}

// --- dora successor (RULES.md §1.4) ---------------------------------------------------------

TEST(NotationDora, SuitedNextNumberAndNineWrapsToOne) {
  for (Suit s : {Suit::kMan, Suit::kPin, Suit::kSou}) {
    for (int n = 1; n <= 8; ++n) EXPECT_EQ(dora_of(K(s, n)), K(s, n + 1)) << K(s, n);
    EXPECT_EQ(dora_of(K(s, 9)), K(s, 1)) << "9 -> 1 in the same suit";
  }
  EXPECT_EQ(dora_of(M(9)), M(1));
  EXPECT_EQ(dora_of(P(9)), P(1));
  EXPECT_EQ(dora_of(S(9)), S(1));
  EXPECT_EQ(dora_of(M(4)), M(5));
}

TEST(NotationDora, WindsCycleNorthToEast) {
  EXPECT_EQ(dora_of(kEast), kSouth);
  EXPECT_EQ(dora_of(kSouth), kWest);
  EXPECT_EQ(dora_of(kWest), kNorth);
  EXPECT_EQ(dora_of(kNorth), kEast);  // 4z -> 1z
}

TEST(NotationDora, DragonsCycleRedToWhite) {
  EXPECT_EQ(dora_of(kWhite), kGreen);  // 5z -> 6z
  EXPECT_EQ(dora_of(kGreen), kRed);    // 6z -> 7z
  EXPECT_EQ(dora_of(kRed), kWhite);    // 7z -> 5z
}

TEST(NotationDora, StaysInItsGroupAndIsABijection) {
  std::vector<int> hits(kNumKinds, 0);
  for (int k = 0; k < kNumKinds; ++k) {
    const int d = dora_of(k);
    ASSERT_GE(d, 0);
    ASSERT_LT(d, kNumKinds);
    ++hits[d];
    EXPECT_EQ(suit_of(d), suit_of(k)) << k;
    EXPECT_EQ(is_wind(d), is_wind(k)) << k;
    EXPECT_EQ(is_dragon(d), is_dragon(k)) << k;
  }
  for (int k = 0; k < kNumKinds; ++k) EXPECT_EQ(hits[k], 1) << k;
}

// --- physical ids and red fives (RULES.md §1.1, §1.2) ---------------------------------------

TEST(NotationIds, KindOfId) {
  EXPECT_EQ(kind_of_id(0), M(1));
  EXPECT_EQ(kind_of_id(3), M(1));
  EXPECT_EQ(kind_of_id(4), M(2));
  EXPECT_EQ(kind_of_id(16), M(5));
  EXPECT_EQ(kind_of_id(135), Z(7));
  for (int id = 0; id < kNumTiles; ++id) EXPECT_EQ(kind_of_id(id), id / 4);
}

TEST(NotationIds, RedFivesAreCopyZeroOfEachFive) {
  // 5m = kind 4 -> id 16, 5p = kind 13 -> id 52, 5s = kind 22 -> id 88.
  std::vector<int> reds;
  for (int id = 0; id < kNumTiles; ++id)
    if (is_red_id(id)) reds.push_back(id);
  EXPECT_EQ(reds, (std::vector<int>{16, 52, 88}));
  EXPECT_FALSE(is_red_id(17));  // other copies of 5m are plain
  EXPECT_FALSE(is_red_id(19));
  EXPECT_FALSE(is_red_id(0));      // copy 0 of 1m
  EXPECT_FALSE(is_red_id(124));    // copy 0 of 5z (White): honours have no red five
  EXPECT_FALSE(is_red_id(4 * 5));  // copy 0 of 6m
}

TEST(NotationIds, TileOfIdWithAndWithoutRedFives) {
  EXPECT_EQ(tile_of_id(16, true), T(M(5), true));
  EXPECT_EQ(tile_of_id(16, false), T(M(5), false));
  EXPECT_EQ(tile_of_id(52, true), T(P(5), true));
  EXPECT_EQ(tile_of_id(88, true), T(S(5), true));
  EXPECT_EQ(tile_of_id(89, true), T(S(5), false));
  EXPECT_EQ(tile_of_id(124, true), T(kWhite, false));
  EXPECT_EQ(tile_of_id(135, true), T(kRed, false));
  int red = 0;
  for (int id = 0; id < kNumTiles; ++id) red += tile_of_id(id, true).red;
  EXPECT_EQ(red, 3);
  for (int id = 0; id < kNumTiles; ++id) EXPECT_FALSE(tile_of_id(id, false).red);
}

TEST(NotationIds, KindAndTileToString) {
  EXPECT_EQ(kind_to_string(M(1)), "1m");
  EXPECT_EQ(kind_to_string(P(5)), "5p");
  EXPECT_EQ(kind_to_string(S(9)), "9s");
  EXPECT_EQ(kind_to_string(kEast), "1z");
  EXPECT_EQ(kind_to_string(kNorth), "4z");
  EXPECT_EQ(kind_to_string(kWhite), "5z");
  EXPECT_EQ(kind_to_string(kRed), "7z");
  EXPECT_EQ(tile_to_string(T(M(5), true)), "0m");
  EXPECT_EQ(tile_to_string(T(P(5), true)), "0p");
  EXPECT_EQ(tile_to_string(T(S(5), true)), "0s");
  EXPECT_EQ(tile_to_string(T(S(5))), "5s");
  for (int k = 0; k < kNumKinds; ++k) EXPECT_EQ(parse_tile(kind_to_string(k)), T(k));
}

// --- parsing (RULES.md §1.3) ----------------------------------------------------------------

TEST(NotationParse, TilesExample) {
  // "123m456p789s11z = 1m2m3m 4p5p6p 7s8s9s East East"
  const std::vector<Tile> tiles = parse_tiles("123m456p789s11z");
  const std::vector<Tile> want = {T(M(1)), T(M(2)), T(M(3)), T(P(4)),  T(P(5)), T(P(6)),
                                  T(S(7)), T(S(8)), T(S(9)), T(kEast), T(kEast)};
  EXPECT_EQ(tiles, want);
}

TEST(NotationParse, RedFiveIsZero) {
  EXPECT_EQ(parse_tile("0m"), T(M(5), true));
  EXPECT_EQ(parse_tile("0p"), T(P(5), true));
  EXPECT_EQ(parse_tile("0s"), T(S(5), true));
  EXPECT_EQ(parse_tile("5p"), T(P(5)));
  EXPECT_EQ(parse_tile("7z"), T(kRed));
  const std::vector<Tile> t = parse_tiles("0556p");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(counts_of(t)[P(5)], 3);
  EXPECT_EQ(counts_of(t)[P(6)], 1);
  int red = 0;
  for (Tile x : t) red += x.red;
  EXPECT_EQ(red, 1);
  // One red per suit is fine.
  EXPECT_EQ(parse_tiles("0m0p0s").size(), 3u);
}

TEST(NotationParse, ParseTileRejectsMoreOrLessThanOne) {
  EXPECT_THROW(parse_tile("5p6p"), ParseError);
  EXPECT_THROW(parse_tile("56p"), ParseError);
  EXPECT_THROW(parse_tile(""), ParseError);
}

TEST(NotationParse, SeparatorsAndAnyOrder) {
  EXPECT_EQ(counts_of(parse_tiles("123m 456p,789s")), counts_of(parse_tiles("123m456p789s")));
  EXPECT_EQ(counts_of(parse_tiles("1z9s1p1m")), counts_of(parse_tiles("1m1p9s1z")));
  EXPECT_EQ(counts_of(parse_tiles("1m1m")), counts_of(parse_tiles("11m")));
}

TEST(NotationParse, CountsAndTotal) {
  const Counts c = counts_of(parse_tiles("1112345678999m"));
  EXPECT_EQ(c[M(1)], 3);
  EXPECT_EQ(c[M(5)], 1);
  EXPECT_EQ(c[M(9)], 3);
  EXPECT_EQ(total(c), 13);
  EXPECT_EQ(format_counts(c), "1112345678999m");
  EXPECT_EQ(format_counts(counts_of(parse_tiles("0p"))), "5p");  // counts lose the red
}

TEST(NotationMelds, AllFiveTokens) {
  // The five tokens of RULES.md §1.3. Together they hold five 5s (c456s + a5555s), which the
  // copy limit rejects (see LimitPositionIsTheOffendingDigit), so the ankan is parsed apart.
  std::vector<Meld> melds = parse_melds("c456s p777p m1111z k2222m");
  ASSERT_EQ(melds.size(), 4u);
  melds.push_back(parse_melds("a5555s").at(0));
  ASSERT_EQ(melds.size(), 5u);
  EXPECT_EQ(melds[0].type, MeldType::kChi);
  EXPECT_EQ(melds[1].type, MeldType::kPon);
  EXPECT_EQ(melds[2].type, MeldType::kDaiminkan);
  EXPECT_EQ(melds[3].type, MeldType::kKakan);
  EXPECT_EQ(melds[4].type, MeldType::kAnkan);
  EXPECT_EQ(melds[0].size(), 3);
  EXPECT_EQ(melds[1].size(), 3);
  EXPECT_EQ(melds[2].size(), 4);
  EXPECT_EQ(melds[3].size(), 4);
  EXPECT_EQ(melds[4].size(), 4);
  EXPECT_TRUE(melds[0].is_chi());
  EXPECT_FALSE(melds[1].is_chi());
  EXPECT_TRUE(melds[0].is_open());
  EXPECT_TRUE(melds[2].is_open());
  EXPECT_TRUE(melds[3].is_open());
  EXPECT_FALSE(melds[4].is_open());
  EXPECT_FALSE(melds[1].is_kan());
  EXPECT_TRUE(melds[2].is_kan());
  EXPECT_EQ(melds[0].base_kind(), S(4));
  EXPECT_EQ(melds[1].base_kind(), P(7));
  EXPECT_EQ(melds[2].base_kind(), kEast);
  EXPECT_EQ(melds[3].base_kind(), M(2));
  EXPECT_EQ(melds[4].base_kind(), S(5));
  for (Tile t : melds[2].view()) EXPECT_EQ(t, T(kEast));
  EXPECT_EQ(melds[2].view().size(), 4u);
}

TEST(NotationMelds, ChiKeepsTheCalledTileFirst) {
  const std::vector<Meld> melds = parse_melds("c645s");
  ASSERT_EQ(melds.size(), 1u);
  EXPECT_EQ(melds[0].tiles[0], T(S(6)));  // the called tile
  EXPECT_EQ(melds[0].base_kind(), S(4));
  EXPECT_EQ(format_meld(melds[0]), "c645s");
  // The two others are printed ascending; the called one stays first.
  EXPECT_EQ(format_meld(parse_melds("c654s")[0]), "c645s");
  EXPECT_EQ(format_meld(parse_melds("c546s")[0]), "c546s");
  EXPECT_EQ(format_meld(parse_melds("c789m")[0]), "c789m");
  EXPECT_EQ(format_meld(parse_melds("c987m")[0]), "c978m");
  // A red five keeps its '0'.
  const Meld red_chi = parse_melds("c046p")[0];
  EXPECT_EQ(red_chi.tiles[0], T(P(5), true));
  EXPECT_EQ(format_meld(red_chi), "c046p");
}

TEST(NotationMelds, HandWithMelds) {
  // RULES/hand.hpp example: concealed 123m456p, chi of 7s with 8s9s, a pon of Red.
  const Hand h = parse_hand("123m456p c789s p777z");
  EXPECT_EQ(h.concealed.size(), 6u);
  ASSERT_EQ(h.melds.size(), 2u);
  EXPECT_EQ(h.melds[0].type, MeldType::kChi);
  EXPECT_EQ(h.melds[0].tiles[0], T(S(7)));
  EXPECT_EQ(h.melds[1].type, MeldType::kPon);
  EXPECT_EQ(h.melds[1].base_kind(), kRed);
  const Counts all = h.all_counts();
  EXPECT_EQ(total(all), 12);
  EXPECT_EQ(all[kRed], 3);
  EXPECT_EQ(total(h.concealed_counts()), 6);
  // Kans count 4 in all_counts.
  const Hand k = parse_hand("11p m1111z k2222m a0555s");
  EXPECT_EQ(total(k.all_counts()), 14);
  EXPECT_EQ(k.all_counts()[S(5)], 4);
  EXPECT_EQ(k.red_fives(), 1);
  EXPECT_EQ(parse_hand("0m0p c406s").red_fives(), 3);
  EXPECT_EQ(parse_hand("123m").red_fives(), 0);
}

TEST(NotationMelds, MeldLetterOnlyAtGroupStart) {
  // "5m" is a tile; "m1111z" a kan; "123mp777p" = tiles 123m then a pon of 7p.
  const Hand h = parse_hand("5m m1111z");
  EXPECT_EQ(h.concealed, (std::vector<Tile>{T(M(5))}));
  ASSERT_EQ(h.melds.size(), 1u);
  EXPECT_EQ(h.melds[0].type, MeldType::kDaiminkan);
  const Hand g = parse_hand("123mp777p");
  EXPECT_EQ(g.concealed.size(), 3u);
  ASSERT_EQ(g.melds.size(), 1u);
  EXPECT_EQ(g.melds[0].type, MeldType::kPon);
  EXPECT_EQ(g.melds[0].base_kind(), P(7));
}

// --- formatting and round trips -------------------------------------------------------------

TEST(NotationFormat, CanonicalOrder) {
  EXPECT_EQ(format_tiles(parse_tiles("1z9s1p1m")), "1m1p9s1z");
  EXPECT_EQ(format_tiles(parse_tiles("7z5z3m2m1m")), "123m57z");
  EXPECT_EQ(format_tiles(parse_tiles("5506p")), "0556p");  // red printed 0 before plain 5s
  EXPECT_EQ(format_tiles(parse_tiles("65p0p5p")), "0556p");
  EXPECT_EQ(format_tiles(parse_tiles("5s0s5m0m")), "05m05s");
  EXPECT_EQ(format_tiles(parse_tiles("987654321s")), "123456789s");
  EXPECT_EQ(format_tiles(std::vector<Tile>{}), "");
}

TEST(NotationFormat, RoundTrips) {
  for (std::string_view s :
       {"123m456p789s11z", "0556p", "05m05p05s", "1112345678999m", "19m19p19s1234567z",
        "123m456p c789s p777z", "11p m1111z k2222m a5555s", "c456s p777p m1111z k2222m a9999s",
        "23m c645s p055p", "1z"}) {
    EXPECT_EQ(RoundTrip(s), s);
    // Formatting is a fixed point.
    EXPECT_EQ(RoundTrip(RoundTrip(s)), RoundTrip(s));
  }
  EXPECT_EQ(RoundTrip("p505p"), "p055p");
  EXPECT_EQ(RoundTrip("9p 1p,5m  c645s"), "5m19p c645s");
  EXPECT_EQ(format_hand(parse_hand("c456s p777p")), "c456s p777p");
  // Every kind alone survives a round trip; and every red five.
  for (int k = 0; k < kNumKinds; ++k) EXPECT_EQ(RoundTrip(kind_to_string(k)), kind_to_string(k));
  for (std::string_view r : {"0m", "0p", "0s"}) EXPECT_EQ(RoundTrip(r), r);
}

// --- rejections and their positions ---------------------------------------------------------

TEST(NotationErrors, FiveCopiesOfAKind) {
  EXPECT_EQ(HandError("1111m1m"), 5);
  EXPECT_EQ(TilesError("1111m1m"), 5);
  EXPECT_EQ(HandError("1m1m1m1m1m"), 8);
  // A red five counts as a five.
  EXPECT_EQ(HandError("5555p0p"), 5);
  EXPECT_EQ(HandError("0555p5p"), 5);
  EXPECT_EQ(HandError("1111z 1z"), 6);
  EXPECT_NO_THROW(parse_hand("0555p"));
}

// The fifth copy / the second red five sits inside a group or a meld token: the fault is the
// digit of that tile, not the start of its group. (hand.cpp checks the limits once per group
// and reports the group start; see the report.)
TEST(NotationErrors, LimitPositionIsTheOffendingDigit) {
  EXPECT_EQ(HandError("11111m"), 4);
  EXPECT_EQ(HandError("123m11111z"), 8);
  EXPECT_EQ(HandError("05555s"), 4);
  EXPECT_EQ(HandError("11z m1111z"), 7);
  EXPECT_EQ(HandError("5s a0555s"), 7);
  EXPECT_EQ(HandError("1111z p111z"), 7);
  // The tokens "c456s" and "a5555s" together hold five 5s.
  EXPECT_EQ(HandError("c456s a5555s"), 10);
  EXPECT_EQ(HandError("00p"), 1);
  EXPECT_EQ(HandError("0s c406s"), 5);
}

TEST(NotationErrors, HonourDigitsOutOfRange) {
  EXPECT_EQ(HandError("8z"), 0);
  EXPECT_EQ(HandError("9z"), 0);
  EXPECT_EQ(HandError("0z"), 0);
  EXPECT_EQ(HandError("1238z"), 3);
  EXPECT_EQ(HandError("123m 1280z"), 7);
  EXPECT_EQ(TilesError("11z9z"), 3);
  EXPECT_EQ(HandError("p888z"), 1);  // the first bad digit of a meld
}

TEST(NotationErrors, SecondRedFiveOfASuit) {
  EXPECT_EQ(HandError("0p0p"), 2);
  EXPECT_EQ(HandError("0m0p0s0m"), 6);
  EXPECT_EQ(HandError("c406s 0s"), 6);
  // Different suits are fine.
  EXPECT_NO_THROW(parse_hand("0m0p0s"));
  EXPECT_NO_THROW(parse_hand("0m c406s p055p"));
}

TEST(NotationErrors, EmptyGroup) {
  EXPECT_EQ(HandError("m"), 0);
  EXPECT_EQ(HandError("z"), 0);
  EXPECT_EQ(HandError("123mp"), 4);
  EXPECT_EQ(HandError("123m s"), 5);
  EXPECT_EQ(TilesError("11zs"), 3);
}

TEST(NotationErrors, DigitsWithoutSuit) {
  EXPECT_EQ(HandError("123"), 3);
  EXPECT_EQ(HandError("123m45"), 6);
  EXPECT_EQ(TilesError("5"), 1);
  EXPECT_EQ(HandError("12 3m"), 2);  // a separator inside a group: the suit is missing at 2
}

TEST(NotationErrors, StrayCharacter) {
  EXPECT_EQ(HandError("123x"), 3);
  EXPECT_EQ(HandError("x"), 0);
  EXPECT_EQ(HandError("123m!"), 4);
  EXPECT_EQ(HandError("123M"), 3);  // case-sensitive
  EXPECT_EQ(HandError("12-3m"), 2);
  EXPECT_EQ(HandError("123m;456p"), 4);
}

TEST(NotationErrors, EmptyText) {
  EXPECT_EQ(HandError(""), 0);
  EXPECT_THROW(parse_hand(" , "), ParseError);
  EXPECT_EQ(TilesError(""), 0);
}

TEST(NotationErrors, MalformedMelds) {
  // Chi not consecutive.
  EXPECT_EQ(HandError("c135m"), 0);
  EXPECT_EQ(HandError("123m c124p"), 5);
  EXPECT_EQ(HandError("c912s"), 0);  // no wrap-around
  EXPECT_EQ(HandError("c455s"), 0);
  // Chi of honours.
  EXPECT_EQ(HandError("c123z"), 0);
  EXPECT_EQ(HandError("11p c567z"), 4);
  // Pon / kan of mixed kinds.
  EXPECT_EQ(HandError("p778p"), 0);
  EXPECT_EQ(HandError("1m p123s"), 3);
  EXPECT_EQ(HandError("a5556s"), 0);
  EXPECT_EQ(HandError("k1112z"), 0);
  // Wrong tile count.
  EXPECT_EQ(HandError("p77p"), 0);
  EXPECT_EQ(HandError("p7777p"), 0);
  EXPECT_EQ(HandError("c4567s"), 0);
  EXPECT_EQ(HandError("c45s"), 0);
  EXPECT_EQ(HandError("a555s"), 0);
  EXPECT_EQ(HandError("11z m111z"), 4);
  EXPECT_EQ(HandError("k222m"), 0);
  EXPECT_EQ(MeldsError("c456s p77p"), 6);
  // A red five is a five inside a pon.
  EXPECT_NO_THROW(parse_melds("p505p"));
  EXPECT_NO_THROW(parse_melds("a0555m"));
}

TEST(NotationErrors, WrongTokenKindForTheParser) {
  EXPECT_EQ(MeldsError("123m"), 0);  // concealed tiles where melds are expected
  EXPECT_EQ(MeldsError("c456s 123m"), 6);
  EXPECT_EQ(TilesError("c456s"), 0);  // a meld where only tiles are expected
  EXPECT_EQ(TilesError("123m p777p"), 5);
}

TEST(NotationErrors, CheckTileLimitsDirectly) {
  const std::vector<Tile> ok = parse_tiles("0555p");
  EXPECT_NO_THROW(check_tile_limits(ok, 0));
  std::vector<Tile> five = ok;
  five.push_back(T(P(5)));
  try {
    check_tile_limits(five, 42);
    ADD_FAILURE() << "five copies accepted";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.position(), 42u);
  }
  std::vector<Tile> two_reds = {T(S(5), true), T(S(5), true)};
  EXPECT_THROW(check_tile_limits(two_reds, 0), ParseError);
}

}  // namespace
}  // namespace riichi
