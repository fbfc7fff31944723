// Shared by the commands that learn from the hands of Tenhou logs (danger-check,
// discard-samples): each hand once, and only the hands the engine replays as the log has them.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_set>

#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"

namespace riichi::cli {

// The deal of a round as text: the players' names, round, honba, dora indicator and the four
// starting hands. The names keep apart the games an arena plays on the same walls with the bots
// rotated (docs/arena.md), whose deals are the same.
inline std::string deal_key(const io::MjlogGame& game, const io::MjlogRound& r) {
  std::string key;
  for (const std::string& name : game.names) key += name + '/';
  key += std::to_string(r.round) + '/' + std::to_string(r.honba) + '/' +
         std::to_string(r.dora_indicator);
  for (const auto& hand : r.hands) {
    key += '|';
    for (int id : hand) key += std::to_string(id) + ',';
  }
  return key;
}

struct HandTally {
  long hands = 0;             // hands passed on
  long duplicate_hands = 0;   // deals already seen (in a shortened copy of a log), skipped
  long mismatched_hands = 0;  // hands the engine could not replay as the log has them, skipped
};

// Calls fn(log round, its replay) for each hand of `game` (replayed as `rep`) that the engine
// replayed without a mismatch and whose deal `seen` does not hold yet (the deal is added).
template <class Fn>
HandTally for_each_new_hand(const io::MjlogGame& game, const io::GameReplay& rep,
                            std::unordered_set<std::string>& seen, Fn&& fn) {
  HandTally tally;
  for (std::size_t i = 0; i < game.rounds.size() && i < rep.hands.size(); ++i) {
    const io::HandReplay& hand = rep.hands[i];
    if (hand.mismatch) {
      ++tally.mismatched_hands;
    } else if (!seen.insert(deal_key(game, game.rounds[i])).second) {
      ++tally.duplicate_hands;
    } else {
      ++tally.hands;
      fn(game.rounds[i], hand);
    }
  }
  return tally;
}

}  // namespace riichi::cli
