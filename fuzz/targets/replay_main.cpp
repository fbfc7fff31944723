// The corpus-replay driver (fuzz/README.md): runs a fuzz target's LLVMFuzzerTestOneInput over
// files and directories given on the command line (directories recursively), as libFuzzer does
// with a corpus but without fuzzing, so that the normal build keeps every seed and every crash
// ever found as a test. Prints the inputs run; exits 1 when no input was found.
//
//   fuzz_hand_replay fuzz/seeds/hand fuzz/regressions/hand build/fuzz-corpus/hand
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  LLVMFuzzerInitialize(&argc, &argv);
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p = argv[i];
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::recursive_directory_iterator(p, ec))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    }  // a missing directory (no shared data, no generated corpus) is skipped
  }
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // The input's name first: a crash leaves it on the last line of the output.
    std::fprintf(stderr, "%s\n", f.c_str());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
  }
  std::printf("%zu inputs run, no crash\n", files.size());
  return files.empty() ? 1 : 0;
}
