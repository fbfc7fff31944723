// mjai logs (docs/export-formats.md §3): read, then write back.
#include "fuzz_common.hpp"
#include "io/mjai.hpp"
#include "io/plain_game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  io::PlainGame game;
  try {
    game = io::parse_mjai(fuzz::as_text(data, size));
  } catch (const io::FormatError&) {
    return 0;
  }
  try {
    (void)io::to_mjai_text(game);
  } catch (const io::FormatError&) {
  }
  return 0;
}
