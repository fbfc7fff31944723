// Random play invariants over many hands per preset (RIICHI_QUICK=1 shortens them).
#include <gtest/gtest.h>

#include <chrono>

#include "riichi/shanten.hpp"
#include "round_helpers.hpp"

namespace riichi {
namespace {

using testing::SplitMix64;

struct Stats {
  int hands = 0, wins = 0, draws = 0, aborts = 0, multi = 0, kans = 0, riichi = 0;
};

// An eager bot that wins often: wins and riichi always, calls sometimes, discards toward tenpai.
Action eager_choice(const Round& r, int seat, const std::vector<Action>& acts, SplitMix64& rng) {
  for (const Action& a : acts)
    if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return a;
  for (const Action& a : acts)
    if (a.type == ActionType::kRiichi) return a;
  if (rng.below(4) == 0) return acts[rng.below(static_cast<int>(acts.size()))];
  Counts c{};
  for (std::uint8_t id : r.concealed_ids(seat)) ++c[id / 4];
  int best = 99;
  const Action* pick = nullptr;
  for (const Action& a : acts) {
    if (a.type == ActionType::kPass && !pick) pick = &a;
    if (a.type != ActionType::kDiscard) continue;
    --c[a.tile / 4];
    const int sh = shanten(c);
    ++c[a.tile / 4];
    if (sh < best || (sh == best && rng.below(2))) best = sh, pick = &a;
  }
  return pick ? *pick : acts[rng.below(static_cast<int>(acts.size()))];
}

// Plays one hand with random legal actions (uniform, or eager); checks the invariants at every
// step.
void play_random(const Rules& rules, std::uint64_t seed, bool deep, Stats& st, bool eager) {
  RoundSetup setup = testing::default_setup(static_cast<int>(seed % 4), static_cast<int>(seed % 3),
                                            static_cast<int>(seed % 2));
  setup.wall_seed = seed;
  Round r(rules, setup);
  SplitMix64 rng{seed * 7919 + 1};
  std::vector<Action> taken;
  int steps = 0;
  while (!r.is_over()) {
    const int seat = r.to_play();
    ASSERT_GE(seat, 0);
    const std::vector<Action>& acts = r.legal_actions(seat);
    ASSERT_FALSE(acts.empty()) << "seat " << seat << " must act but has no legal action";
    const Action a =
        eager ? eager_choice(r, seat, acts, rng) : acts[rng.below(static_cast<int>(acts.size()))];
    if (a.type == ActionType::kAnkan || a.type == ActionType::kKakan ||
        a.type == ActionType::kDaiminkan)
      ++st.kans;
    if (a.type == ActionType::kRiichi) ++st.riichi;
    if (deep) {
      const Observation o = r.observation(seat);
      for (int s = 0; s < 4; ++s) {
        if (s == seat) continue;
        // Nothing of another seat's concealed tiles: only counts.
        EXPECT_EQ(o.concealed.size(), r.concealed_ids(seat).size());
      }
      ASSERT_EQ(o.concealed, r.concealed_ids(seat));
      // An illegal action is refused and changes nothing.
      Action bad = a;
      bad.seat = static_cast<std::int8_t>((seat + 1) % 4);
      if (!(r.pending_mask() >> bad.seat & 1)) {
        ASSERT_FALSE(r.apply(bad).ok);
      }
    }
    taken.push_back(a);
    const ApplyResult res = r.apply(a);
    ASSERT_TRUE(res.ok) << res.reason;
    if (deep) {
      ASSERT_EQ(r.audit(), "") << "after " << to_string(a, rules.red_fives);
    }
    ASSERT_LT(++steps, 2000);
  }
  ASSERT_EQ(r.audit(), "");
  const RoundResult& res = r.result();
  int sum = 0;
  for (int s = 0; s < 4; ++s) sum += res.deltas[s];
  ASSERT_EQ(sum + 1000 * (res.riichi_sticks_after - setup.riichi_sticks), 0);
  ++st.hands;
  if (res.end == RoundEnd::kWin) ++st.wins;
  if (res.end == RoundEnd::kExhaustiveDraw) ++st.draws;
  if (res.end == RoundEnd::kAbortiveDraw) ++st.aborts;
  if (res.wins.size() > 1) ++st.multi;
  for (const WinRecord& w : res.wins) ASSERT_TRUE(w.score.ok()) << w.score.error_message;
  if (deep) {
    // Replaying the same actions from the start (and from a clone) gives the same result.
    Round again(rules, setup);
    for (const Action& a : taken) ASSERT_TRUE(again.apply(a).ok);
    ASSERT_EQ(again.result().deltas, res.deltas);
    ASSERT_EQ(again.events().size(), r.events().size());
  }
}

void run_preset(const Rules& rules, int hands, bool eager) {
  Stats st;
  const int n = testing::iterations(hands);
  for (int i = 0; i < n; ++i) {
    play_random(rules, static_cast<std::uint64_t>(i), i % 10 == 0, st, eager);
    if (::testing::Test::HasFatalFailure()) {
      ADD_FAILURE() << "seed " << i;
      return;
    }
  }
  std::printf(
      "%s: %d hands, %d wins (%d multi-ron), %d exhaustive, %d abortive, %d kans, %d riichi\n",
      rules.name.c_str(), st.hands, st.wins, st.multi, st.draws, st.aborts, st.kans, st.riichi);
  EXPECT_GT(st.wins, 0);
  EXPECT_GT(st.draws, 0);
}

TEST(RoundRandom, Ema2016) { run_preset(Rules::ema2016(), 20000, false); }
TEST(RoundRandom, Ema2008) { run_preset(Rules::ema2008(), 20000, false); }
TEST(RoundRandom, Tenhou) { run_preset(Rules::tenhou(), 20000, false); }
TEST(RoundRandom, Ema2016Eager) { run_preset(Rules::ema2016(), 20000, true); }
TEST(RoundRandom, Ema2008Eager) { run_preset(Rules::ema2008(), 20000, true); }
TEST(RoundRandom, TenhouEager) { run_preset(Rules::tenhou(), 20000, true); }

TEST(RoundRandom, CloneContinuesIndependently) {
  Round r(Rules::tenhou(), testing::default_setup());
  SplitMix64 rng{3};
  for (int i = 0; i < 30 && !r.is_over(); ++i) {
    const auto& acts = r.legal_actions(r.to_play());
    ASSERT_TRUE(r.apply(acts[rng.below(static_cast<int>(acts.size()))]).ok);
  }
  Round c = r.clone();
  SplitMix64 r1{9}, r2{9};
  while (!r.is_over()) {
    const auto& a1 = r.legal_actions(r.to_play());
    ASSERT_TRUE(r.apply(a1[r1.below(static_cast<int>(a1.size()))]).ok);
    const auto& a2 = c.legal_actions(c.to_play());
    ASSERT_TRUE(c.apply(a2[r2.below(static_cast<int>(a2.size()))]).ok);
  }
  EXPECT_TRUE(c.is_over());
  EXPECT_EQ(r.result().deltas, c.result().deltas);
}

// Hands per second of uniformly random play (one thread), printed for the record.
TEST(RoundRandom, Speed) {
  const Rules rules = Rules::ema2016();
  const int n = testing::iterations(5000);
  SplitMix64 rng{1};
  const auto t0 = std::chrono::steady_clock::now();
  long actions = 0;
  for (int i = 0; i < n; ++i) {
    RoundSetup setup = testing::default_setup();
    setup.wall_seed = 1000000 + static_cast<std::uint64_t>(i);
    Round r(rules, setup);
    while (!r.is_over()) {
      const auto& acts = r.legal_actions(r.to_play());
      r.apply(acts[rng.below(static_cast<int>(acts.size()))]);
      ++actions;
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("random play: %.0f hands/s, %.0f actions/s\n", n / s, actions / s);
}

}  // namespace
}  // namespace riichi
