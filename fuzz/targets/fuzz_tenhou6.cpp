// tenhou.net/6 JSON logs (docs/export-formats.md §2): read, then write back.
#include "fuzz_common.hpp"
#include "io/plain_game.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  io::PlainGame game;
  try {
    game = io::parse_tenhou6(fuzz::as_text(data, size));
  } catch (const io::FormatError&) {
    return 0;
  } catch (const io::UnsupportedGame&) {  // a lobby the engine does not play (io/tenhou_rules.hpp)
    return 0;
  }
  try {
    (void)io::to_tenhou6_text(game);
  } catch (const io::FormatError&) {
  }
  return 0;
}
