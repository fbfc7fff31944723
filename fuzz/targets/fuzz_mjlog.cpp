// Tenhou mjlog XML (docs/tenhou-mjlog.md): parse, then replay every round through the engine,
// convert the game to the neutral form and write it as mjai and tenhou.net/6 (as `riichi
// tenhou-check` and `export` do).
#include "fuzz_common.hpp"
#include "io/mjai.hpp"
#include "io/plain_game.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  io::MjlogGame game;
  try {
    game = io::parse_mjlog(fuzz::as_text(data, size), "fuzz");
  } catch (const io::MjlogError&) {
    return 0;
  }
  (void)io::replay_mjlog(game);
  for (const io::MjlogRound& round : game.rounds) {
    try {
      (void)io::convert_round(round, game.first_dealer);
    } catch (const std::invalid_argument&) {
    }
  }
  try {
    const io::PlainGame plain = io::plain_from_mjlog(game);
    (void)io::to_mjai_text(plain);
    (void)io::to_tenhou6_text(plain);
  } catch (const io::FormatError&) {
  }
  return 0;
}
