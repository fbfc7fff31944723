// The batched env's threading (learn/worker_pool.hpp, learn/vector_env.hpp): every game belongs
// to one fixed shard, each shard runs on its own thread and every call waits for all of them, an
// error of a shard reaches the caller, and the games are the same whatever the number of threads:
// every output of every step under 1, 2 and 3 threads is identical for the same seed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "learn/vector_env.hpp"
#include "learn/worker_pool.hpp"
#include "riichi/wall.hpp"

namespace riichi::learn {
namespace {

TEST(WorkerPool, ShardsCoverEveryItemOnceOnTheirOwnThreads) {
  for (const auto& [threads, items] : std::vector<std::pair<int, int>>{
           {1, 5}, {2, 7}, {3, 3}, {2, 128}, {2, 300}, {3, 1000}, {4, 2}}) {
    WorkerPool pool(threads, items);
    ASSERT_EQ(pool.threads(), std::min(threads, items));
    std::vector<int> count(static_cast<std::size_t>(items), 0);
    std::vector<std::thread::id> ran_on(static_cast<std::size_t>(pool.threads()));
    auto shard = [&](int s) {
      ran_on[static_cast<std::size_t>(s)] = std::this_thread::get_id();
      for (int i = pool.begin(s); i < pool.end(s); ++i) ++count[static_cast<std::size_t>(i)];
    };
    pool.run(shard);
    EXPECT_EQ(pool.begin(0), 0);
    EXPECT_EQ(pool.end(pool.threads() - 1), items);
    for (int s = 0; s < pool.threads(); ++s) {
      EXPECT_LT(pool.begin(s), pool.end(s)) << "shard " << s << " of " << items << " items";
      // 64 items or more per thread: a shard starts on a multiple of 64 items (a cache line of
      // one-byte rows).
      if (items >= 64 * pool.threads()) {
        EXPECT_EQ(pool.begin(s) % 64, 0);
      }
    }
    for (int c : count) EXPECT_EQ(c, 1);
    EXPECT_EQ(ran_on[0], std::this_thread::get_id());  // the caller takes shard 0
    for (std::size_t s = 1; s < ran_on.size(); ++s)
      for (std::size_t t = 0; t < s; ++t) EXPECT_NE(ran_on[s], ran_on[t]);
  }
  EXPECT_THROW(WorkerPool(0, 10), std::invalid_argument);
}

// Many calls in a row, some with a worker slower than the spin (it blocks) and some after a
// pause of the caller longer than the spin (the workers block): each call sees every shard once.
TEST(WorkerPool, EveryCallWaitsForEveryShard) {
  WorkerPool pool(3, 300);
  std::vector<long> sum(3, 0);
  long expected = 0;
  for (int call = 0; call < 1500; ++call) {
    const bool slow = call % 500 == 7;
    auto shard = [&](int s) {
      if (slow && s == 2) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      sum[static_cast<std::size_t>(s)] += pool.end(s) - pool.begin(s) + call;
    };
    pool.run(shard);
    expected += 300 + 3L * call;
    ASSERT_EQ(sum[0] + sum[1] + sum[2], expected) << "call " << call;
    if (call % 500 == 250) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

TEST(WorkerPool, TheLowestFailingShardIsRethrownAndThePoolGoesOn) {
  WorkerPool pool(3, 90);
  std::vector<int> done(3, 0);
  auto failing = [&](int s) {
    ++done[static_cast<std::size_t>(s)];
    if (s >= 1) throw std::runtime_error("shard " + std::to_string(s));
  };
  try {
    pool.run(failing);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "shard 1");
  }
  EXPECT_EQ(done, (std::vector<int>{1, 1, 1}));  // the other shards still finished
  auto fine = [&](int s) { ++done[static_cast<std::size_t>(s)]; };
  pool.run(fine);
  EXPECT_EQ(done, (std::vector<int>{2, 2, 2}));
}

// All the outputs of one step, hashed (FNV-1a over 64-bit words and the tail bytes).
struct Digest {
  std::uint64_t h = 1469598103934665603ULL;
  void add(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      h = (h ^ w) * 1099511628211ULL;
    }
    for (; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ULL;
  }
};

struct EnvRun {
  std::vector<std::uint64_t> step_digests;
  int terminated = 0;
  int nonzero_rewards = 0;
  int new_games = 0;  // steps where an env's game seed changed (an automatic new game)
};

// Steps `steps` times with actions drawn from the masks by a fixed generator.
EnvRun run_env(VectorEnvConfig c, int steps) {
  VectorEnv env(c);
  const auto n = static_cast<std::size_t>(c.num_envs);
  const std::size_t planes = static_cast<std::size_t>(env.layout().num_planes) * kPlaneWidth;
  std::vector<std::uint8_t> obs(n * planes);
  std::unique_ptr<bool[]> mask(new bool[n * kNumActions]);
  std::vector<std::int8_t> seat(n), ranks(4 * n);
  std::vector<float> rewards(4 * n), final_scores(4 * n);
  std::unique_ptr<bool[]> terminated(new bool[n]), truncated(new bool[n]);
  std::vector<std::uint64_t> game_seed(n), last_seed(n);
  const VectorOutputs out{.obs_u8 = obs.data(),
                          .mask = mask.get(),
                          .seat = seat.data(),
                          .rewards = rewards.data(),
                          .terminated = terminated.get(),
                          .truncated = truncated.get(),
                          .final_scores = final_scores.data(),
                          .ranks = ranks.data(),
                          .game_seed = game_seed.data()};
  env.reset(std::nullopt, out);
  Xoshiro256 rng(99);
  std::vector<std::int64_t> actions(n);
  EnvRun run;
  for (int step = 0; step < steps; ++step) {
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<int> legal;
      for (int a = 0; a < kNumActions; ++a)
        if (mask[i * kNumActions + static_cast<std::size_t>(a)]) legal.push_back(a);
      if (legal.empty()) throw std::logic_error("an env with no legal action");
      actions[i] = legal[rng.bounded(legal.size())];
    }
    last_seed = game_seed;
    env.step(actions.data(), out);
    Digest d;
    d.add(obs.data(), obs.size());
    d.add(mask.get(), n * kNumActions);
    d.add(seat.data(), n);
    d.add(rewards.data(), rewards.size() * sizeof(float));
    d.add(terminated.get(), n);
    d.add(truncated.get(), n);
    d.add(final_scores.data(), final_scores.size() * sizeof(float));
    d.add(ranks.data(), ranks.size());
    d.add(game_seed.data(), n * sizeof(std::uint64_t));
    run.step_digests.push_back(d.h);
    for (std::size_t i = 0; i < n; ++i) {
      run.terminated += terminated[i];
      run.new_games += game_seed[i] != last_seed[i];
    }
    for (float r : rewards) run.nonzero_rewards += r != 0.0f;
  }
  return run;
}

TEST(VectorEnvThreads, EveryOutputOfEveryStepIsTheSameWhateverTheThreads) {
  // 200 self-play games, one hand an episode, rewards per hand: shards on 64-game boundaries.
  VectorEnvConfig hands;
  hands.table.rules = Rules::tenhou();
  hands.table.bots = {"", "", "", ""};
  hands.table.episode = Episode::kHand;
  hands.table.reward = Reward::kHand;
  hands.num_envs = 200;
  hands.seed = 3;
  // 50 games of East against three random bots, whole games: shards of any size.
  VectorEnvConfig games;
  games.table.rules = Rules::ema2016();
  games.table.bots = {"", "random", "random", "random"};
  games.num_envs = 50;
  games.seed = 40;
  for (const auto& [config, steps] :
       std::vector<std::pair<VectorEnvConfig, int>>{{hands, 250}, {games, 400}}) {
    EnvRun one;
    for (int threads = 1; threads <= 3; ++threads) {
      VectorEnvConfig c = config;
      c.threads = threads;
      const EnvRun run = run_env(c, steps);
      if (threads == 1) {
        one = run;
        // The runs do what the comparison needs: episodes end, rewards are paid.
        EXPECT_GT(run.terminated, 0);
        EXPECT_GT(run.nonzero_rewards, 0);
        if (c.table.episode == Episode::kGame) {
          EXPECT_GT(run.new_games, 0);
        }
        continue;
      }
      EXPECT_EQ(run.terminated, one.terminated) << threads << " threads";
      ASSERT_EQ(run.step_digests.size(), one.step_digests.size());
      for (std::size_t s = 0; s < run.step_digests.size(); ++s)
        ASSERT_EQ(run.step_digests[s], one.step_digests[s])
            << threads << " threads, " << config.num_envs << " envs: step " << s << " differs";
    }
  }
}

}  // namespace
}  // namespace riichi::learn
