// The mjai server session (`riichi mjai-server`): seat 0 is a remote bot whose lines are the
// input (the first one its join, then one answer per event), the other seats random bots; the
// game is played to its end. Every answer is checked and a refused one replaced.
#include <memory>

#include "bots/random_bot.hpp"
#include "fuzz_common.hpp"
#include "io/mjai_session.hpp"

namespace {

class InputLink final : public riichi::io::MjaiLink {
 public:
  explicit InputLink(std::vector<std::string_view> lines) : lines_(std::move(lines)) {}
  bool send(const std::string&) override { return true; }
  std::optional<std::string> receive(std::chrono::milliseconds, std::string& error) override {
    if (next_ >= lines_.size()) {
      error = "end of input";
      return std::nullopt;
    }
    return std::string(lines_[next_++]);
  }

 private:
  std::vector<std::string_view> lines_;
  std::size_t next_ = 0;
};

std::unique_ptr<riichi::bots::Bot> random_bot(std::uint64_t seed, int seat) {
  return std::make_unique<riichi::bots::RandomBot>(seed * 4 + static_cast<std::uint64_t>(seat));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  InputLink link(fuzz::lines_of(fuzz::as_text(data, size)));
  std::string error;
  if (io::mjai_handshake(link, std::chrono::milliseconds(1), error).empty()) return 0;
  std::array<io::MjaiSeat, 4> seats;
  seats[0].link = &link;
  seats[0].name = "fuzz";
  io::MjaiTableOptions options;
  options.replacement = random_bot;
  const std::uint64_t seed = size;  // a different game for inputs of different lengths
  for (int s = 1; s < 4; ++s) seats[static_cast<std::size_t>(s)].bot = random_bot(seed, s);
  const GameRecorder rec = io::play_mjai_game(Rules::ema2016(), seed, seats, options);
  if (!rec.game().is_over()) std::abort();
  return 0;
}
