// The learning interface (src/learn, docs/features.md): the action space gives every legal play
// its own index (tsumogiri apart from a held copy, red-five calls apart), the hand tracker sees
// exactly what Round::observation shows, the planes hold the documented values, the batched env
// is deterministic whatever the threads, and every decision of the shared real games replays
// with the action taken in the mask.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <vector>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "learn/action_space.hpp"
#include "learn/hand_tracker.hpp"
#include "learn/log_decisions.hpp"
#include "learn/planes.hpp"
#include "learn/table.hpp"
#include "learn/vector_env.hpp"
#include "random_hands.hpp"
#include "riichi/game.hpp"
#include "riichi/hand.hpp"

#ifndef RIICHI_SHARED_DATA_DIR
#define RIICHI_SHARED_DATA_DIR "../shared/data"
#endif

namespace riichi::learn {
namespace {

namespace fs = std::filesystem;

// Scenario walls (Rules::tenhou(), red fives): East deals; seat 0 = East, 1 = South, ...
Round stacked_round(const char* east, const char* south, const char* west, const char* north,
                    const char* draws) {
  RoundSetup setup;
  setup.scores = {25000, 25000, 25000, 25000};
  const std::array<std::vector<Tile>, 4> hands = {parse_tiles(east), parse_tiles(south),
                                                  parse_tiles(west), parse_tiles(north)};
  return Round(Rules::tenhou(), setup, Wall::stacked(hands, parse_tiles(draws)));
}

// Applies the first legal action of `seat` that `pred` accepts.
template <typename Pred>
void apply_first(Round& r, int seat, Pred pred) {
  for (const Action& a : r.legal_actions(seat)) {
    if (!pred(a)) continue;
    const Action copy = a;
    ASSERT_TRUE(r.apply(copy).ok);
    return;
  }
  FAIL() << "no such legal action";
}

std::map<int, Action> indexed(const Round& r, int seat) {
  std::map<int, Action> out;
  for (const Action& a : r.legal_actions(seat)) out.emplace(action_index(a, true), a);
  return out;
}

constexpr const char* kWest = "111999p111999m1z";
constexpr const char* kNorth = "555666777888s2z";

TEST(LearnActions, TsumogiriAndTheHeldCopyAreTwoActions) {
  // East holds a 5p and draws another: discarding the held one (tedashi) is class 13 (5p), the
  // drawn one is 37 (tsumogiri).
  Round r = stacked_round("1234678m123s5p77z", "405p111222333s4z", kWest, kNorth, "5p");
  const std::map<int, Action> acts = indexed(r, 0);
  ASSERT_TRUE(acts.count(13));
  ASSERT_TRUE(acts.count(kActTsumogiri));
  EXPECT_FALSE(acts.at(13).tsumogiri);
  EXPECT_TRUE(acts.at(kActTsumogiri).tsumogiri);
  EXPECT_EQ(acts.at(kActTsumogiri).tile, r.observation(0).drawn);
  EXPECT_NE(acts.at(13).tile, r.observation(0).drawn);
  EXPECT_EQ(action_name(13), "discard 5p");
  EXPECT_EQ(action_name(kActTsumogiri), "tsumogiri");
  // A kind held once, just drawn: only tsumogiri names it (no class index for 9m below).
  Round r2 = stacked_round("1234678m123s5p77z", "405p111222333s4z", kWest, kNorth, "9m");
  const std::map<int, Action> acts2 = indexed(r2, 0);
  EXPECT_FALSE(acts2.count(8));
  EXPECT_TRUE(acts2.count(kActTsumogiri));
}

TEST(LearnActions, ChiWithOrWithoutTheRedFiveAreTwoActions) {
  // East discards 3p; South holds 4p, 0p (red) and 5p: chi 345p with the plain five (78, low)
  // or with the red one (81, low red).
  Round r = stacked_round("1234678m123s3p77z", "405p111222333s4z", kWest, kNorth, "9m");
  apply_first(r, 0,
              [](const Action& a) { return a.type == ActionType::kDiscard && a.tile / 4 == 11; });
  ASSERT_EQ(r.phase(), Phase::kClaim);
  const std::map<int, Action> acts = indexed(r, 1);
  ASSERT_TRUE(acts.count(kActChi));
  ASSERT_TRUE(acts.count(kActChiRed));
  ASSERT_TRUE(acts.count(kActPass));
  EXPECT_EQ(acts.size(), 3u);
  EXPECT_EQ(action_name(kActChiRed), "chi low red");
  auto has_red = [](const Action& a) {
    return std::any_of(a.uses.begin(), a.uses.end(), [](int u) { return u >= 0 && is_red_id(u); });
  };
  EXPECT_FALSE(has_red(acts.at(kActChi)));
  EXPECT_TRUE(has_red(acts.at(kActChiRed)));
}

TEST(LearnActions, PonWithOrWithoutTheRedFiveAreTwoActions) {
  // East discards 5p; South holds 0p 5p 5p: pon with two plain fives (84) or with the red (85).
  Round r = stacked_round("1234678m123s5p77z", "055p111222333s4z", kWest, kNorth, "9m");
  apply_first(r, 0,
              [](const Action& a) { return a.type == ActionType::kDiscard && a.tile / 4 == 13; });
  ASSERT_EQ(r.phase(), Phase::kClaim);
  const std::map<int, Action> acts = indexed(r, 1);
  EXPECT_TRUE(acts.count(kActPon));
  EXPECT_TRUE(acts.count(kActPonRed));
  EXPECT_TRUE(acts.count(kActPass));
}

// Two legal actions with one index must be the same play (another physical copy).
bool same_play(const Action& a, const Action& b, bool red) {
  auto value = [red](int id) { return id < 0 ? -1 : tile_class(id, red); };
  if (a.type != b.type || a.tsumogiri != b.tsumogiri || value(a.tile) != value(b.tile))
    return false;
  std::array<int, 3> ua{}, ub{};
  for (std::size_t i = 0; i < 3; ++i) {
    ua[i] = value(a.uses[i]);
    ub[i] = value(b.uses[i]);
  }
  std::sort(ua.begin(), ua.end());
  std::sort(ub.begin(), ub.end());
  return ua == ub;
}

// Compares the tracker with Round::observation for every seat.
void expect_same_view(const Round& r, const HandTracker& t, const std::string& where) {
  for (int s = 0; s < 4; ++s) {
    const Observation o = r.observation(s);
    const TrackedSeat& ts = t.seat(s);
    std::vector<std::uint8_t> ids;
    for (int id = 0; id < kNumTiles; ++id)
      if (ts.holds(id)) ids.push_back(static_cast<std::uint8_t>(id));
    ASSERT_EQ(ids, o.concealed) << where << " seat " << s;
    ASSERT_EQ(ts.concealed, static_cast<int>(o.concealed.size())) << where;
    const bool drawn_shown = r.phase() == Phase::kSelf && r.to_play() == s;
    ASSERT_EQ(drawn_shown ? ts.drawn : -1, o.drawn) << where << " seat " << s;
    for (int p = 0; p < 4; ++p) {
      const TrackedSeat& tp = t.seat(p);
      ASSERT_EQ(tp.num_discards, static_cast<int>(o.discards[p].size())) << where;
      for (int n = 0; n < tp.num_discards; ++n) {
        const DiscardInfo& a = tp.discards[static_cast<std::size_t>(n)];
        const DiscardInfo& b = o.discards[p][static_cast<std::size_t>(n)];
        ASSERT_TRUE(a.id == b.id && a.tsumogiri == b.tsumogiri && a.riichi == b.riichi &&
                    a.called == b.called)
            << where << " seat " << p << " discard " << n;
      }
      ASSERT_EQ(tp.num_melds, static_cast<int>(o.melds[p].size())) << where;
      for (int m = 0; m < tp.num_melds; ++m) {
        const MeldInfo& a = tp.melds[static_cast<std::size_t>(m)];
        const MeldInfo& b = o.melds[p][static_cast<std::size_t>(m)];
        ASSERT_TRUE(a.type == b.type && a.ids == b.ids && a.from == b.from)
            << where << " seat " << p << " meld " << m;
      }
    }
    ASSERT_EQ(t.num_dora_indicators(), static_cast<int>(o.dora_indicators.size())) << where;
    for (int k = 0; k < t.num_dora_indicators(); ++k)
      ASSERT_EQ(t.dora_indicator(k), o.dora_indicators[static_cast<std::size_t>(k)]) << where;
    if (o.last_discard >= 0) {
      ASSERT_EQ(t.claim_tile(), o.last_discard) << where;
    }
  }
}

TEST(LearnTracker, FollowsEveryStepOfRandomGames) {
  const int games = testing::iterations(60);
  int kans = 0, calls = 0, steps = 0;
  for (int g = 0; g < games; ++g) {
    const Rules rules = g % 3 == 0 ? Rules::ema2016() : Rules::tenhou();
    Game game(rules, 1000 + static_cast<std::uint64_t>(g));
    auto bots = bots::make_bots({"random", "random", "random", "random"}, game.seed(), rules);
    HandTracker t;
    while (!game.is_over()) {
      t.sync(game.round(), game.setups().size());
      expect_same_view(game.round(), t,
                       "game " + std::to_string(g) + " step " + std::to_string(steps));
      if (HasFatalFailure()) return;
      const int seat = game.to_play();
      // Every index names one play.
      std::map<int, Action> seen;
      for (const Action& a : game.legal_actions(seat)) {
        const int i = action_index(a, rules.red_fives);
        ASSERT_TRUE(i >= 0 && i < kNumActions);
        auto [it, fresh] = seen.emplace(i, a);
        ASSERT_TRUE(fresh || same_play(it->second, a, rules.red_fives))
            << action_name(i) << ": " << to_string(it->second, true) << " / " << to_string(a, true);
      }
      const Action a = bots::ask(game, *bots[static_cast<std::size_t>(seat)], seat);
      kans += a.type == ActionType::kAnkan || a.type == ActionType::kKakan ||
              a.type == ActionType::kDaiminkan;
      calls += a.type == ActionType::kChi || a.type == ActionType::kPon;
      ASSERT_TRUE(game.apply(a).ok);
      ++steps;
    }
  }
  EXPECT_GT(kans, 0);
  EXPECT_GT(calls, 0);
}

// Plane p, column k.
template <typename T>
int at(const std::vector<T>& planes, int p, int k) {
  return static_cast<int>(planes[static_cast<std::size_t>(p * kPlaneWidth + k)]);
}
template <typename T>
int row_sum(const std::vector<T>& planes, int p) {
  int n = 0;
  for (int k = 0; k < kPlaneWidth; ++k) n += at(planes, p, k);
  return n;
}

TEST(LearnPlanes, DocumentedValuesOfAStackedPosition) {
  Round r = stacked_round("1234678m123s5p77z", "405p111222333s4z", kWest, kNorth, "5p");
  const PlaneLayout L(4, PlaneOptions{true, true, true, false});
  HandTracker t;
  t.sync(r, 0);
  std::vector<std::uint8_t> p(static_cast<std::size_t>(L.num_planes * kPlaneWidth));
  write_planes(L, r, t, 0, p.data());
  // East: 1234678m 123s 5p 77z + the drawn 5p.
  EXPECT_EQ(at(p, L.hand, 0), 1);
  EXPECT_EQ(at(p, L.hand + 1, 13), 1);  // two 5p
  EXPECT_EQ(at(p, L.hand + 2, 13), 0);
  EXPECT_EQ(at(p, L.hand + 1, 33), 1);  // two 7z
  EXPECT_EQ(row_sum(p, L.hand), 12);    // 12 kinds held
  EXPECT_EQ(at(p, L.drawn, 13), 1);
  EXPECT_EQ(row_sum(p, L.drawn), 1);
  EXPECT_EQ(row_sum(p, L.red), 0);
  EXPECT_EQ(at(p, L.dora, r.wall().tiles[Wall::kDoraSlot] / 4), 1);
  EXPECT_EQ(row_sum(p, L.dora + 1), 0);
  // 25000 points: coarse 8 columns (8 x 3000 = 24000), fine 10 (1000 = 10 x 100).
  EXPECT_EQ(row_sum(p, L.scores), 8);
  EXPECT_EQ(row_sum(p, L.scores + 1), 10);
  EXPECT_EQ(row_sum(p, L.round_wind), 34);
  EXPECT_EQ(row_sum(p, L.round_wind + 1), 0);
  EXPECT_EQ(row_sum(p, L.seat_wind), 34);  // the dealer is East
  EXPECT_EQ(row_sum(p, L.hand_number), 34);
  EXPECT_EQ(row_sum(p, L.honba), 0);
  EXPECT_EQ(row_sum(p, L.live), 34);  // 69 live tiles: > 2c for every c < 34
  // 1234678m 123s 55p 77z: discarding 1m or 4m leaves 123m|234m 678m 123s 55p 77z, tenpai on
  // a shanpon: shanten 0 (column shanten + 1 = 1); those two discards keep it, 5p and 7z do not.
  EXPECT_EQ(at(p, L.shanten, 1), 1);
  EXPECT_EQ(row_sum(p, L.shanten), 1);
  EXPECT_EQ(at(p, L.effective, 0), 1);
  EXPECT_EQ(at(p, L.effective, 3), 1);
  EXPECT_EQ(at(p, L.effective, 13), 0);
  EXPECT_EQ(at(p, L.effective, 33), 0);
  // Tsumogiri of the 5p, then South's view: East is rel 3 (kamicha).
  apply_first(r, 0, [](const Action& a) { return a.type == ActionType::kDiscard && a.tsumogiri; });
  t.sync(r, 0);
  write_planes(L, r, t, 1, p.data());
  EXPECT_EQ(at(p, L.discard_order + kDiscardSlots * 3, 13), 1);
  EXPECT_EQ(at(p, L.discard_kinds + 3, 13), 1);
  EXPECT_EQ(at(p, L.tsumogiri + 3, 0), 1);  // column = the discard's number
  EXPECT_EQ(row_sum(p, L.tsumogiri + 3), 1);
  EXPECT_EQ(row_sum(p, L.seat_wind + 1), 34);  // South
  EXPECT_EQ(row_sum(p, L.live), 34);           // 68 left: > 2c for c < 34
  // Floats hold the same values.
  std::vector<float> f(p.size());
  write_planes(L, r, t, 1, f.data());
  for (std::size_t i = 0; i < p.size(); ++i) ASSERT_EQ(static_cast<int>(f[i]), p[i]);
}

TEST(LearnPlanes, ScoresThermometersAndTheOracle) {
  // 3 planes of the default layout count 0..103,900 points exactly; a negative score sets the
  // last fine column.
  const PlaneLayout L(4, PlaneOptions{false, false, false, true});
  RoundSetup setup;
  setup.scores = {31700, -2300, 45000, 25600};
  Round r(Rules::tenhou(), setup, Wall::from_seed(5));
  HandTracker t;
  t.sync(r, 0);
  std::vector<std::uint8_t> p(static_cast<std::size_t>(L.num_planes * kPlaneWidth));
  write_planes(L, r, t, 0, p.data());
  EXPECT_EQ(row_sum(p, L.scores), 10);  // 31700 = 10 x 3000 + 1700
  EXPECT_EQ(row_sum(p, L.scores + 1), 17);
  EXPECT_EQ(row_sum(p, L.scores + 2), 0);  // -2300: 0 x 3000 + 2300, negative
  EXPECT_EQ(row_sum(p, L.scores + 3), 24);
  EXPECT_EQ(at(p, L.scores + 3, 33), 1);
  EXPECT_EQ(row_sum(p, L.scores + 4), 15);  // 45000
  EXPECT_EQ(row_sum(p, L.scores + 5), 0);
  // The oracle: every other hand, the live wall, the next draws in wall order.
  for (int rel = 1; rel < 4; ++rel) {
    int tiles = 0;
    for (int c = 0; c < 4; ++c) tiles += row_sum(p, L.oracle_hands + 4 * (rel - 1) + c);
    EXPECT_EQ(tiles, 13);
  }
  int live = 0;
  for (int c = 0; c < 4; ++c) live += row_sum(p, L.oracle_wall + c);
  EXPECT_EQ(live, r.live_tiles_left());
  EXPECT_EQ(at(p, L.oracle_next, r.wall().tiles[53] / 4), 1);  // East drew tiles[52]
  EXPECT_EQ(at(p, L.oracle_ura, r.wall().tiles[Wall::kDoraSlot + 1] / 4), 1);
  const std::vector<std::string> names = L.names();
  EXPECT_EQ(static_cast<int>(names.size()), L.num_planes);
  EXPECT_EQ(names[static_cast<std::size_t>(L.hand)], "hand>=1");
  EXPECT_EQ(names[static_cast<std::size_t>(L.discard_order + kDiscardSlots * 2 + 5)],
            "discard[rel2][5]");
}

TEST(LearnTable, HandEpisodesAndRewardsAddUpToTheGame) {
  TableConfig c;
  c.rules = Rules::tenhou();
  c.bots = {"", "random", "random", "random"};
  c.episode = Episode::kHand;
  c.reward = Reward::kHand;
  Table t(c);
  t.start_game(7);
  float total = 0;
  int episodes = 0;
  bots::RandomBot pick(3);
  while (!t.game_over()) {
    const int seat = t.advance();
    const auto r = t.take_rewards();
    total += r[0];
    if (seat < 0) {
      ++episodes;
      continue;
    }
    const Action& a = pick.choose(Observation{}, t.game().legal_actions(seat));
    t.apply_index(seat, action_index(a, true));
  }
  const FinalResult f = t.game().final_result();
  EXPECT_NEAR(total, (f.points[0] - 25000) / 1000.0, 1e-3);
  EXPECT_GE(episodes, static_cast<int>(t.game().results().size()) - 1);
}

TEST(LearnVectorEnv, TheSameGamesWhateverTheThreads) {
  std::vector<std::vector<std::uint8_t>> obs(2);
  std::vector<std::vector<float>> rewards(2);
  for (int threads = 1; threads <= 2; ++threads) {
    VectorEnvConfig c;
    c.table.rules = Rules::tenhou();
    c.table.bots = {"", "", "", ""};
    c.num_envs = 6;
    c.seed = 11;
    c.threads = threads;
    VectorEnv env(c);
    const std::size_t n = 6, C = static_cast<std::size_t>(env.layout().num_planes);
    std::vector<std::uint8_t> o(n * C * kPlaneWidth);
    std::vector<bool> mask_bits;
    std::unique_ptr<bool[]> mask(new bool[n * kNumActions]);
    std::vector<float> rew(n * 4);
    std::unique_ptr<bool[]> term(new bool[n]);
    VectorOutputs out;
    out.obs_u8 = o.data();
    out.mask = mask.get();
    out.rewards = rew.data();
    out.terminated = term.get();
    env.reset(std::nullopt, out);
    Xoshiro256 rng(5);
    std::vector<std::int64_t> actions(n);
    int ended = 0;
    float sum = 0;
    for (int step = 0; step < 3000; ++step) {
      for (std::size_t i = 0; i < n; ++i) {
        std::vector<int> legal;
        for (int a = 0; a < kNumActions; ++a)
          if (mask[i * kNumActions + static_cast<std::size_t>(a)]) legal.push_back(a);
        ASSERT_FALSE(legal.empty());
        actions[i] = legal[rng.bounded(legal.size())];
      }
      env.step(actions.data(), out);
      for (std::size_t i = 0; i < n; ++i) ended += term[i];
      for (float x : rew) sum += x;
    }
    EXPECT_GT(ended, 0);
    EXPECT_NEAR(sum, 0.0, 1e-2);  // final scores of a game sum to 0
    obs[static_cast<std::size_t>(threads - 1)] = o;
    rewards[static_cast<std::size_t>(threads - 1)] = rew;
  }
  EXPECT_EQ(obs[0], obs[1]);
}

TEST(LearnVectorEnv, AnIllegalActionNamesTheEnvAndMovesNothing) {
  VectorEnvConfig c;
  c.table.rules = Rules::tenhou();
  c.table.bots = {"", "random", "random", "random"};
  c.num_envs = 3;
  VectorEnv env(c);
  std::unique_ptr<bool[]> mask(new bool[3 * kNumActions]);
  VectorOutputs out;
  out.mask = mask.get();
  env.reset(std::nullopt, out);
  std::vector<std::int64_t> actions(3);
  for (std::size_t i = 0; i < 3; ++i)
    for (int a = 0; a < kNumActions; ++a)
      if (mask[i * kNumActions + static_cast<std::size_t>(a)]) actions[i] = a;
  const std::size_t before = env.table(0).game().round().events().size();
  actions[2] = kActPass;  // no claim window at a first turn
  try {
    env.step(actions.data(), out);
    FAIL() << "an illegal action was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("env 2: action index 122 (pass) is not legal"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(env.table(0).game().round().events().size(), before);
  actions[1] = 500;
  EXPECT_THROW(env.step(actions.data(), out), std::invalid_argument);
}

// Every decision of the shared real games: the action taken is in the mask. Two tenhou.net/6
// logs contradict themselves (tests/test_tenhou_log_rules.cpp: confusing_nakis_1 pays a win
// without the accepted riichi stick, confusing_nakis_2 gives a ron the replay cannot make):
// their decisions up to there are kept, the files are listed (never a silent stop).
TEST(LearnDecisions, EveryDecisionOfTheSharedRealGamesIsInTheMask) {
  const fs::path data = RIICHI_SHARED_DATA_DIR;
  std::vector<fs::path> dirs;
  for (const char* d : {"tenhou-mjlog", "tenhou-mjlog-houou2021", "tenhou6"})
    if (fs::is_directory(data / d)) dirs.push_back(data / d);
  if (dirs.empty()) GTEST_SKIP() << "no logs in " << data;
  DecisionOptions o;
  o.planes = PlaneOptions{true, true, true, true};
  o.skip_errors = true;
  DecisionReader reader(dirs, o);
  const int capacity = 512;
  const PlaneLayout& L = reader.layout();
  std::vector<std::uint8_t> obs(static_cast<std::size_t>(capacity * L.num_planes * kPlaneWidth));
  std::unique_ptr<bool[]> mask(new bool[static_cast<std::size_t>(capacity) * kNumActions]);
  std::vector<std::int16_t> action(capacity);
  std::vector<std::int8_t> seat(capacity);
  DecisionOutputs out;
  out.obs_u8 = obs.data();
  out.mask = mask.get();
  out.action = action.data();
  out.seat = seat.data();
  std::int64_t rows = 0, tsumogiri = 0, red_calls = 0;
  for (int n; (n = reader.next(capacity, out)) > 0;) {
    for (int r = 0; r < n; ++r) {
      const int a = action[static_cast<std::size_t>(r)];
      ASSERT_TRUE(mask[static_cast<std::size_t>(r) * kNumActions + static_cast<std::size_t>(a)])
          << "row " << rows + r << ": " << action_name(a) << " not in the mask";
      tsumogiri += a == kActTsumogiri || a == kActRiichiTsumogiri;
      red_calls += (a >= kActChiRed && a < kActPon) || a == kActPonRed;
    }
    rows += n;
  }
  ASSERT_EQ(reader.errors().size(), 2u);
  EXPECT_NE(reader.errors()[0].first.find("confusing_nakis_1.json"), std::string::npos);
  EXPECT_NE(reader.errors()[0].second.find("replay stopped after a hand the log scores otherwise: "
                                           "East 2, 2 honba: P0's win: score changes"),
            std::string::npos)
      << reader.errors()[0].second;
  EXPECT_NE(reader.errors()[1].first.find("confusing_nakis_2.json"), std::string::npos);
  EXPECT_NE(reader.errors()[1].second.find("caller was not asked"), std::string::npos);
  EXPECT_EQ(reader.offences(), 0);
  EXPECT_EQ(reader.decisions(), rows);
  EXPECT_GE(reader.games(), 345 + 20 - 1);  // the 45 + 300 mjlog games and the tenhou.net/6 logs
  EXPECT_GT(rows, 100000);
  EXPECT_GT(tsumogiri, 1000);
  EXPECT_GT(red_calls, 0);
}

}  // namespace
}  // namespace riichi::learn
