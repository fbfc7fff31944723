// Check sum of whole games for the benchmark labels: the games of seeds 1..8 played before
// timing; the same games give the same sum (actions, hands and final scores of every seat).
#pragma once

#include <cstdint>
#include <string>

#include "bots/selfplay.hpp"

namespace riichi {

template <class Play>
std::string games_checksum(Play play) {
  long sum = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const bots::FastStats s = play(seed);
    sum += s.actions + 1000 * s.hands;
    for (int seat = 0; seat < 4; ++seat)
      sum += (seat + 1) * s.final.final_scores[static_cast<std::size_t>(seat)];
  }
  return "checksum=" + std::to_string(sum);
}

}  // namespace riichi
