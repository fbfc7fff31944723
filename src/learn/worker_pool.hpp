// A fixed set of worker threads that run one function over a range of indices, split in
// contiguous chunks (the calling thread takes the first chunk). Used by VectorEnv to step many
// games per call across cores.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace riichi::learn {

class WorkerPool {
 public:
  explicit WorkerPool(int threads);  // threads >= 1 (1: everything on the calling thread)
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // Calls fn(i) for every i in [0, n), each chunk on one thread, and returns when all are done.
  // The first exception thrown by fn is rethrown here (the other chunks still finish).
  void run(int n, const std::function<void(int)>& fn);

 private:
  void work(int worker);
  void run_chunk(int chunk);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  std::uint64_t generation_ = 0;
  int pending_ = 0;
  bool stop_ = false;
  int n_ = 0;
  const std::function<void(int)>* fn_ = nullptr;
  std::exception_ptr error_;
};

}  // namespace riichi::learn
