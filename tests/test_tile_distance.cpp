// Exact shanten and the necessary / unnecessary tiles of src/eval/tile_distance.hpp: hand
// derivations from the definition (tiles missing to the nearest complete hand, each kind at most
// four times), and a brute force over the definition on random hands.
#include <gtest/gtest.h>

#include "eval/tile_distance.hpp"
#include "random_hands.hpp"
#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"

namespace riichi::eval {
namespace {

Counts counts(const std::string& text) { return counts_of(parse_tiles(text)); }

std::uint64_t kinds(const std::string& text) {
  std::uint64_t m = 0;
  for (Tile t : parse_tiles(text)) m |= std::uint64_t{1} << t.kind;
  return m;
}

TileDistance nec(const std::string& text, int melds = 0) {
  const Counts c = counts(text);
  return necessary_tiles(c, part_keys(c), melds);
}

TileDistance unn(const std::string& text, int melds = 0) {
  const Counts c = counts(text);
  return unnecessary_tiles(c, part_keys(c), melds);
}

TEST(TileDistance, TenpaiWaitsAreTheNecessaryTiles) {
  // 123m 456p 789s 11z 22z: shanpon on East and South.
  const TileDistance a = nec("123m456p789s1122z");
  EXPECT_EQ(a.shanten, 0);
  EXPECT_EQ(a.mask, kinds("12z"));
  // 23456p + 99s 123m 456s (RULES.md §1.3): 1p 4p 7p.
  EXPECT_EQ(nec("23456p99s123m456s").mask, kinds("147p"));
}

// The fourth copy: 123m 456m 789s 9999p. Four sets (999p among them) and a single 9p whose pair
// would need a fifth copy: every complete hand keeps at most 12 of these tiles, so 2 are missing
// (shanten 1) where the block count says tenpai. Necessary: any kind that pairs a kept tile or
// extends a block, never 9p.
TEST(TileDistance, FourCopiesAreNotAWait) {
  const TileDistance a = nec("123m456m789s9999p");
  EXPECT_EQ(a.shanten, 1);
  EXPECT_EQ(shanten(counts("123m456m789s9999p")), 0);  // the block-count shanten of the core
  EXPECT_FALSE(a.mask >> parse_tile("9p").kind & 1);
}

TEST(TileDistance, CompleteHandHasNoUnnecessaryTile) {
  const TileDistance a = unn("123m456p789s11122z");
  EXPECT_EQ(a.shanten, -1);
  EXPECT_EQ(a.mask, 0u);
}

// 123m 456p 789s 111z 2z 7z: discarding 2z or 7z keeps tenpai (a tanki on the other); a 1z
// discard breaks the pung (1-shanten), any other breaks a run.
TEST(TileDistance, UnnecessaryTilesKeepTheShanten) {
  const TileDistance a = unn("123m456p789s11127z");
  EXPECT_EQ(a.shanten, 0);
  EXPECT_EQ(a.mask, kinds("27z"));
}

TEST(TileDistance, SevenPairsAndKokushi) {
  // Six pairs and a single (11 22 33m 44 55p 66s 1z): chiitoitsu tenpai on 1z; the standard
  // form (123m 123m, 45p 45p, 66s) is 1-shanten.
  const TileDistance c = nec("112233m4455p66s1z");
  EXPECT_EQ(c.shanten, 0);
  EXPECT_EQ(c.mask, kinds("1z"));
  // Kokushi with every kind once: tenpai on all thirteen.
  const TileDistance k = nec("19m19p19s1234567z");
  EXPECT_EQ(k.shanten, 0);
  EXPECT_EQ(k.mask, kinds("19m19p19s1234567z"));
}

TEST(TileDistance, MeldsLowerTheSetsNeeded) {
  // 23p 55s with two melds declared: tenpai on 1p/4p.
  const TileDistance a = nec("23p55s", 3);
  EXPECT_EQ(a.shanten, 0);
  EXPECT_EQ(a.mask, kinds("14p"));
}

// The definition by brute force: necessary = kinds whose draw lowers the shanten, unnecessary
// = kinds held whose discard keeps it; and the shanten agrees with the block count of the core
// except where a kind's four copies are involved.
TEST(TileDistance, MasksMatchTheirDefinitionOnRandomHands) {
  testing::SplitMix64 rng{99};
  const int n = testing::iterations(20000);
  for (int i = 0; i < n; ++i) {
    const int tiles = i % 2 ? 13 : 14;
    const Counts c = testing::random_hand(rng, tiles);
    const int s = exact_shanten(c, part_keys(c), 0);
    bool quad = false;
    for (int k = 0; k < kNumKinds; ++k) quad |= c[k] == 4;
    if (!quad) {
      ASSERT_EQ(s, shanten(c)) << format_counts(c);
    }
    std::uint64_t brute = 0;
    for (int k = 0; k < kNumKinds; ++k) {
      Counts d = c;
      if (tiles == 13) {
        if (d[k] == 4) continue;
        ++d[k];
        if (exact_shanten(d, part_keys(d), 0) < s) brute |= std::uint64_t{1} << k;
      } else {
        if (d[k] == 0) continue;
        --d[k];
        if (exact_shanten(d, part_keys(d), 0) == s) brute |= std::uint64_t{1} << k;
      }
    }
    const TileDistance td =
        tiles == 13 ? necessary_tiles(c, part_keys(c), 0) : unnecessary_tiles(c, part_keys(c), 0);
    ASSERT_EQ(td.shanten, s);
    ASSERT_EQ(td.mask, brute) << format_counts(c);
  }
}

}  // namespace
}  // namespace riichi::eval
