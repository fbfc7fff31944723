// Process start (issue 22 item 4): `riichi analyze` as a whole process, as a user or a script
// runs it. Each iteration spawns the CLI (its output to /dev/null) and waits for it. The time is
// wall time; the counter is the child's CPU time (user + system) from wait4()'s rusage (its
// ru_maxrss is not the child's own peak after a spawn: measure that with `/usr/bin/time -v`).
// /bin/true is the floor of any process on the machine.
//   build/riichi_bench --benchmark_filter=BM_Process --benchmark_repetitions=3
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <vector>

extern char** environ;

namespace {

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; }

// Runs argv[0] with its output to /dev/null; false when it cannot start or exits with non-zero.
bool run_once(const std::vector<const char*>& argv, rusage& usage) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int err =
      posix_spawn(&pid, argv[0], &actions, nullptr, const_cast<char* const*>(argv.data()), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) return false;
  int status = 0;
  if (wait4(pid, &status, 0, &usage) != pid) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void run_process(benchmark::State& state, std::vector<const char*> argv) {
  argv.push_back(nullptr);
  double cpu = 0.0;
  for (auto _ : state) {
    rusage usage{};
    if (!run_once(argv, usage)) {
      state.SkipWithError("the process did not start or did not exit with 0");
      return;
    }
    cpu += seconds(usage.ru_utime) + seconds(usage.ru_stime);
  }
  state.counters["child_cpu_ms"] =
      benchmark::Counter(cpu * 1e3 / static_cast<double>(state.iterations()));
}

void BM_ProcessAnalyze(benchmark::State& state) {
  run_process(state, {RIICHI_CLI_PATH, "analyze", "23456p99s123m456s"});
}
BENCHMARK(BM_ProcessAnalyze)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_ProcessTrue(benchmark::State& state) { run_process(state, {"/bin/true"}); }
BENCHMARK(BM_ProcessTrue)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
