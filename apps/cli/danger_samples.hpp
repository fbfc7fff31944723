// Discards of real games as samples for the danger model (`riichi danger-check`): every discard
// of a replayed Tenhou log, with what the discarder could see (eval::TableReading), what
// happened (ronned or not, by whom, for how much) and what the hands really were (each
// opponent's winning kinds), read from the engine replaying the log (io/tenhou_replay.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "eval/danger_reading.hpp"
#include "io/tenhou_mjlog.hpp"
#include "riichi/rules.hpp"

namespace riichi::cli {

struct DangerSample {
  int game = 0;                          // index in SampleSet::games
  eval::TableReading table;              // what the discarder saw
  std::uint8_t kind = 0;                 // the kind discarded
  bool red = false;                      // a red five
  std::uint8_t ronned = 0;               // bit i: table.opponents[i] ronned it
  std::array<int, 3> paid{};             // what the discarder paid opponent i (honba included)
  std::array<std::uint64_t, 3> waits{};  // kinds opponent i could ron (0: not tenpai, furiten)

  bool riichi_context() const;    // some opponent is in riichi
  bool ronned_by_riichi() const;  // ronned by an opponent in riichi
};

struct SampleSet {
  std::vector<std::string> games;  // file of each game
  std::vector<DangerSample> samples;
  long hands = 0;             // hands replayed
  long duplicate_hands = 0;   // hands already seen in another file (truncated copies), skipped
  long mismatched_hands = 0;  // hands the engine could not replay, skipped
};

// Replays `game` with `rules` and appends its discards. A hand whose deal was already seen
// (`seen` holds a key per deal) is skipped, so that shortened copies of a log count once.
void collect_danger_samples(const io::MjlogGame& game, const Rules& rules,
                            std::unordered_set<std::string>& seen, SampleSet& out);

}  // namespace riichi::cli
