// The mjai bot session (`riichi mjai-bot`): every input line is an event from a server; the
// client follows the game from them and answers with a bot's choice.
#include <memory>

#include "bots/random_bot.hpp"
#include "fuzz_common.hpp"
#include "io/mjai_session.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  io::MjaiBotClient client(
      [](std::uint64_t seed, int seat) {
        return std::make_unique<bots::RandomBot>(seed * 4 + static_cast<std::uint64_t>(seat));
      },
      Rules::ema2016(), "fuzz", 1);
  for (std::string_view line : fuzz::lines_of(fuzz::as_text(data, size))) {
    try {
      (void)client.answer(line);
    } catch (const io::MjaiError&) {
    }
  }
  return 0;
}
