// Test helper: a whole recorded game between greedy random bots (they win, declare riichi and
// call often enough to exercise the records).
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record.hpp"

namespace riichi::testing {

inline GameRecorder greedy_game(const Rules& rules, std::uint64_t seed) {
  std::array<std::unique_ptr<bots::Bot>, 4> players;
  for (int s = 0; s < 4; ++s)
    players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
        bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = true});
  return bots::play_recorded(rules, seed, bots::seats_of(players));
}

}  // namespace riichi::testing
