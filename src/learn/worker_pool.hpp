// Persistent worker threads, each owning one fixed shard of a range of items (VectorEnv: the
// games and their output rows). run(fn) calls fn(shard) once per shard, shard t on thread t (the
// calling thread takes shard 0), and returns when all are done. Nothing is allocated and nothing
// is queued per call: the caller publishes the function and bumps a generation counter, each
// worker runs its shard and publishes the generation it finished. Both sides spin for a few
// microseconds (a step of a few hundred games takes a fraction of a millisecond, less than a
// futex sleep and wake-up) and only then block in std::atomic::wait.
//
// Shards are contiguous and, when there are at least 64 items per thread, their boundaries fall
// on multiples of 64 items, so that per-item rows of one byte or more start a shard on a new
// cache line of a 64-byte aligned array (no false sharing between threads).
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

namespace riichi::learn {

class WorkerPool {
 public:
  // threads >= 1 (1: everything on the calling thread), clamped to the number of items (>= 1).
  WorkerPool(int threads, int items);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(bounds_.size()) - 1; }
  // Shard t is the items [begin(t), end(t)).
  int begin(int shard) const { return bounds_[static_cast<std::size_t>(shard)]; }
  int end(int shard) const { return bounds_[static_cast<std::size_t>(shard) + 1]; }

  // Calls fn(shard) for every shard, each on its own thread, and returns when all are done. The
  // exception of the lowest shard that threw is rethrown here (the other shards still finish).
  template <typename Fn>
  void run(Fn& fn) {
    dispatch([](void* f, int shard) { (*static_cast<Fn*>(f))(shard); }, &fn);
  }

 private:
  using Task = void (*)(void* fn, int shard);
  // One worker's state, alone on its cache lines.
  struct alignas(64) Worker {
    std::atomic<std::uint32_t> done{0};  // the generation this worker finished last
    std::exception_ptr error;
    std::thread thread;
  };

  void dispatch(Task task, void* fn);
  void work(int shard);

  std::vector<int> bounds_;            // threads + 1 shard boundaries
  std::unique_ptr<Worker[]> workers_;  // [1, threads): index 0 unused (the calling thread)
  alignas(64) std::atomic<std::uint32_t> generation_{0};
  std::atomic<int> sleepers_{0};  // workers blocked (or about to block) in generation_.wait
  Task task_ = nullptr;           // written before generation_ is bumped
  void* fn_ = nullptr;
  bool stop_ = false;
};

}  // namespace riichi::learn
