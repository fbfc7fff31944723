// Shared by the commands that read many game logs (tenhou-check, review, danger-check,
// discard-samples): the files named on the command line and a progress bar.
#pragma once

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace riichi::cli {

// Files a directory holds that may be logs (by extension; a named file is always taken, and
// its format is found by content).
inline bool looks_like_log(const std::filesystem::path& p) {
  static const char* kExt[] = {".mjlog", ".xml", ".json", ".gz", ".jsonl", ".txt"};
  const std::string ext = p.extension().string();
  return std::any_of(std::begin(kExt), std::end(kExt), [&](const char* e) { return ext == e; });
}

// Tenhou's mjlog XML files, by extension (.mjlog, .xml).
inline bool looks_like_mjlog(const std::filesystem::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".mjlog" || ext == ".xml";
}

// The files to read, in order: named files, then the files of each directory that `take`
// accepts, sorted (with `recursive`, its subdirectories' too). A path that is neither is
// reported on standard error and sets `unreadable`.
inline std::vector<std::filesystem::path> collect_files(const std::vector<std::string>& paths,
                                                        bool& unreadable,
                                                        bool (*take)(const std::filesystem::path&),
                                                        bool recursive) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> in_dir;
      auto add = [&](const fs::directory_entry& entry) {
        if (entry.is_regular_file(ec) && take(entry.path())) in_dir.push_back(entry.path());
      };
      if (recursive)
        for (const auto& entry : fs::recursive_directory_iterator(p, ec)) add(entry);
      else
        for (const auto& entry : fs::directory_iterator(p, ec)) add(entry);
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (fs::is_regular_file(p, ec)) {
      files.emplace_back(p);
    } else {
      fmt::print(stderr, "error: cannot read '{}'\n", p);
      unreadable = true;
    }
  }
  return files;
}

// Every log a path names (directories searched recursively; the format found by content).
inline std::vector<std::filesystem::path> collect_log_files(const std::vector<std::string>& paths,
                                                            bool& unreadable) {
  return collect_files(paths, unreadable, looks_like_log, /*recursive=*/true);
}

// The mjlog files a path names (a directory's own .mjlog / .xml files, not its subdirectories').
inline std::vector<std::filesystem::path> collect_mjlog_files(const std::vector<std::string>& paths,
                                                              bool& unreadable) {
  return collect_files(paths, unreadable, looks_like_mjlog, /*recursive=*/false);
}

// A one-line progress bar over files on standard error (a terminal only).
class FileProgress {
 public:
  FileProgress(std::size_t total, bool on) : total_(total), on_(on && isatty(STDERR_FILENO)) {}
  void clear() {
    if (on_ && shown_) fmt::print(stderr, "\r\033[K");
    shown_ = false;
  }
  void show(std::size_t done, long games, double seconds) {
    if (!on_ || (done < total_ && seconds - last_ < 0.1)) return;  // at most 10 redraws a second
    last_ = seconds;
    constexpr int kWidth = 30;
    const int filled = total_ ? static_cast<int>(kWidth * done / total_) : kWidth;
    fmt::print(stderr, "\r[{}{}] {}/{} files, {:.1f} games/s", std::string(filled, '#'),
               std::string(kWidth - filled, '.'), done, total_,
               seconds > 0 ? games / seconds : 0.0);
    std::fflush(stderr);
    shown_ = true;
  }

 private:
  std::size_t total_;
  bool on_;
  bool shown_ = false;
  double last_ = -1;
};

// Reads `files` on `jobs` threads (`read(file) -> Result`) and hands every result to `use(Result&)`
// on the calling thread in file order, so output stays in order; `use` returns the games the file
// held, which the progress bar counts.
template <typename Read, typename Use>
void read_logs_in_order(const std::vector<std::filesystem::path>& files, int jobs, bool progress,
                        Read read, Use use) {
  using Result = decltype(read(files.front()));
  const std::size_t n = files.size();
  std::vector<Result> results(n);
  std::vector<char> ready(n, 0);
  std::mutex mu;
  std::condition_variable cv;
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next++) < n;) {
      Result r = read(files[i]);
      std::lock_guard<std::mutex> lock(mu);
      results[i] = std::move(r);
      ready[i] = 1;
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < jobs; ++t) pool.emplace_back(work);
  const auto start = std::chrono::steady_clock::now();
  FileProgress bar(n, progress);
  long games = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Result r;
    {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait(lock, [&] { return ready[i] != 0; });
      r = std::move(results[i]);
    }
    bar.clear();
    games += use(r);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bar.show(i + 1, games, s);
  }
  for (std::thread& t : pool) t.join();
  bar.clear();
}

}  // namespace riichi::cli
