// The bots as rollout players (eval/rollout.hpp): each seat's bot sees its observation, as in
// self-play.
//
//   auto values = eval::rollout_values(round, seat, candidates,
//                                      bots::rollout_players(rules, seat, RolloutMix::kDefensive));
#pragma once

#include <cstdint>

#include "eval/rollout.hpp"
#include "riichi/rules.hpp"

namespace riichi::bots {

enum class RolloutMix : std::uint8_t {
  kEfficiency,    // the efficiency bot at every seat
  kDefensive,     // the efficiency bot at `seat`, the defensive bot at the others
  kAllDefensive,  // the defensive bot at every seat (the seat folds or pushes after its move)
  kStrong,     // the strong bot at `seat` (its own continuation), the defensive bot at the others
  kAllStrong,  // the strong bot at every seat
};

// A factory of the players of one rollout (seeded per rollout), for `seat`'s decision. The same
// seed gives players that choose alike (the strong bot draws no random number; the others are
// seeded from it).
eval::RolloutPlayers rollout_players(const Rules& rules, int seat, RolloutMix mix);

}  // namespace riichi::bots
