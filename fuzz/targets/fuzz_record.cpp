// The JSON-lines game record (docs/record-format.md, `riichi replay`): read, replay every game
// through the engine, compare its lines.
#include <sstream>

#include "fuzz_common.hpp"
#include "io/record_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  std::vector<io::RecordedGame> games;
  try {
    games = io::read_records(in);
  } catch (const io::RecordError&) {
    return 0;
  }
  for (const io::RecordedGame& game : games) {
    const ReplayResult result = replay(game.record);
    if (result.ok()) (void)io::compare_game(game, result.log);
  }
  return 0;
}
