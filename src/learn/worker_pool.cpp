#include "learn/worker_pool.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

namespace riichi::learn {

namespace {

// How long a thread waits actively on a flag before it blocks: longer than the hand-off it saves
// (a futex wake-up costs tens of microseconds on a virtual machine), short enough to waste little
// when the caller is away (a Python policy between two steps). After the first microseconds it
// yields the core at every check, so that on an oversubscribed machine the thread it waits for
// (which may share its core) runs instead of the spinning one.
constexpr std::chrono::microseconds kSpinPause{5};
constexpr std::chrono::microseconds kSpin{100};
constexpr int kLineItems = 64;  // shard boundaries fall on multiples of this many items

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins (pauses, then yields) until ready() or kSpin has passed; returns ready().
template <typename Ready>
bool spin_until(Ready ready) {
  const auto start = std::chrono::steady_clock::now();
  for (unsigned i = 1;; ++i) {
    if (ready()) return true;
    cpu_relax();
    if (i % 64 != 0) continue;
    const auto waited = std::chrono::steady_clock::now() - start;
    if (waited > kSpin) return ready();
    if (waited > kSpinPause) std::this_thread::yield();
  }
}

std::vector<int> shard_bounds(int threads, int items) {
  const int unit = items >= kLineItems * threads ? kLineItems : 1;
  const long long units = (items + unit - 1) / unit;
  std::vector<int> bounds;
  for (int t = 0; t <= threads; ++t)
    bounds.push_back(static_cast<int>(std::min<long long>(items, units * t / threads * unit)));
  return bounds;
}

}  // namespace

WorkerPool::WorkerPool(int threads, int items) {
  if (threads < 1)
    throw std::invalid_argument("threads must be >= 1, got " + std::to_string(threads));
  threads = std::min(threads, std::max(items, 1));
  bounds_ = shard_bounds(threads, std::max(items, 0));
  workers_ = std::make_unique<Worker[]>(static_cast<std::size_t>(threads));
  for (int t = 1; t < threads; ++t) workers_[t].thread = std::thread([this, t] { work(t); });
}

WorkerPool::~WorkerPool() {
  stop_ = true;
  generation_.fetch_add(1, std::memory_order_acq_rel);
  generation_.notify_all();
  for (int t = 1; t < threads(); ++t) workers_[t].thread.join();
}

void WorkerPool::work(int shard) {
  Worker& me = workers_[shard];
  std::uint32_t seen = 0;
  for (;;) {
    const auto changed = [&] { return generation_.load(std::memory_order_acquire) != seen; };
    if (!spin_until(changed)) generation_.wait(seen, std::memory_order_acquire);
    seen = generation_.load(std::memory_order_acquire);  // task_, fn_, stop_ are visible
    if (stop_) return;
    try {
      task_(fn_, shard);
    } catch (...) {
      me.error = std::current_exception();
    }
    me.done.store(seen, std::memory_order_release);
    me.done.notify_one();
  }
}

void WorkerPool::dispatch(Task task, void* fn) {
  const int n = threads();
  if (n == 1) {
    task(fn, 0);
    return;
  }
  task_ = task;
  fn_ = fn;
  const std::uint32_t g = generation_.fetch_add(1, std::memory_order_acq_rel) + 1;
  generation_.notify_all();
  std::exception_ptr error;
  try {
    task(fn, 0);
  } catch (...) {
    error = std::current_exception();
  }
  for (int t = 1; t < n; ++t) {
    Worker& w = workers_[t];
    if (!spin_until([&] { return w.done.load(std::memory_order_acquire) == g; }))
      for (std::uint32_t d; (d = w.done.load(std::memory_order_acquire)) != g;)
        w.done.wait(d, std::memory_order_acquire);
    if (!error) error = w.error;
    w.error = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace riichi::learn
