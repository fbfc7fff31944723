// The two-step yaku and fu evaluation (yaku.hpp sets_yaku / finish_yaku, fu.hpp sets_fu /
// finish_fu) against the one-step evaluate_yaku / compute_fu, reading by reading.
#include <gtest/gtest.h>

#include <cstdint>

#include "random_hands.hpp"
#include "riichi/decompose.hpp"
#include "riichi/fu.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/yaku.hpp"

namespace riichi {
namespace {

// The two-step evaluation (sets_yaku / finish_yaku, sets_fu / finish_fu) shares one part per
// decomposition: that part, computed once from the decomposition without its winning tile, must
// give every reading (each winning kind, each block holding it, tsumo and ron, a ron pung open)
// the yaku of evaluate_yaku and the fu of compute_fu on the reading itself. Random closed hands of
// one suit and the honours (many complete ones, many readings each), seat and round winds varied.
TEST(YakuSplit, SharedPartGivesEveryReadingTheSameYakuAndFu) {
  testing::SplitMix64 rng{20261127};
  const Rules rules = Rules::tenhou();
  int readings = 0, ron_pungs = 0;
  for (int it = 0; it < testing::iterations(20000); ++it) {
    const int suit = rng.below(3) * 9;
    Counts c = it % 2 ? testing::random_hand(rng, 14, suit, 9) : Counts{};
    if (it % 2 == 0) {  // the suit's kinds and the honours: draw from 16 kinds, then place
      const Counts d = testing::random_hand(rng, 14, 0, 16);
      for (int k = 0; k < 16; ++k) c[k < 9 ? suit + k : kEast + k - 9] = d[k];
    }
    DecompositionList list;
    if (decompose(c, list) == 0) continue;
    WinContext ctx;
    ctx.seat = rng.below(4);
    ctx.round_wind = rng.below(2);
    ctx.riichi = rng.below(2) == 1;
    for (int i = 0; i < list.count; ++i) {
      const Decomposition& d = list.items[i];
      Reading shared;
      shared.counts = c;
      shared.kinds = kinds_present(c);
      for (int j = 0; j < d.count; ++j) {
        const Block& b = d.blocks[j];
        if (b.type == BlockType::kPair) {
          shared.pair = b.kind;
          continue;
        }
        HandSet& set = shared.sets[shared.num_sets++];
        set.type = b.type == BlockType::kChow ? SetKind::kChow : SetKind::kPung;
        set.kind = b.kind;
      }
      const SetsYaku sets = sets_yaku(shared, ctx, rules);
      const int fu = sets_fu(shared, ctx, rules);
      // sets_yaku_fu(): both in one pass, the same values.
      int fused_fu = -1;
      const SetsYaku fused = sets_yaku_fu(shared, ctx, rules, fused_fu);
      EXPECT_EQ(fused.regular, sets.regular);
      EXPECT_EQ(fused.yakuman, sets.yakuman);
      EXPECT_EQ(fused.ankou, sets.ankou);
      EXPECT_EQ(fused.chuuren_base, sets.chuuren_base);
      EXPECT_EQ(fused.pinfu_shape, sets.pinfu_shape);
      EXPECT_EQ(fused_fu, fu);
      int set_index = 0;
      for (int j = 0; j < d.count; ++j) {
        const Block& b = d.blocks[j];
        const int completed = b.type == BlockType::kPair ? -1 : set_index++;
        for (int win = b.kind; win <= b.kind + (b.type == BlockType::kChow ? 2 : 0); ++win) {
          for (const bool tsumo : {false, true}) {
            Reading r = shared;
            r.win = static_cast<std::uint8_t>(win);
            r.tsumo = tsumo;
            ctx.tsumo = tsumo;
            r.completed = completed;
            const int pos = win - b.kind;
            r.wait = b.type == BlockType::kPair   ? WaitShape::kTanki
                     : b.type == BlockType::kPung ? WaitShape::kShanpon
                     : pos == 1                   ? WaitShape::kKanchan
                     : (pos == 0 && number_of(b.kind) == 7) || (pos == 2 && number_of(b.kind) == 1)
                         ? WaitShape::kPenchan
                         : WaitShape::kRyanmen;
            if (b.type == BlockType::kPung && !tsumo) r.sets[completed].open = true, ++ron_pungs;
            const YakuEval whole = evaluate_yaku(r, ctx, rules);
            const YakuEval split = finish_yaku(sets, r, ctx, rules);
            ASSERT_EQ(split.mask, whole.mask) << "hand " << it << " win " << win;
            ASSERT_EQ(split.han, whole.han);
            ASSERT_EQ(split.yakuman, whole.yakuman);
            ASSERT_EQ(split.pao_yakuman, whole.pao_yakuman);
            const bool pinfu = whole.mask & yaku_bit(Yaku::kPinfu);
            const FuResult full = compute_fu(r, ctx, pinfu, rules);
            const FuResult two = finish_fu(fu, r, pinfu);
            ASSERT_EQ(two.raw, full.raw) << "hand " << it << " win " << win;
            ASSERT_EQ(two.rounded, full.rounded);
            ++readings;
          }
        }
      }
    }
  }
  EXPECT_GT(readings, testing::iterations(20000) / 10);
  EXPECT_GT(ron_pungs, testing::iterations(20000) / 100);
}

}  // namespace
}  // namespace riichi
