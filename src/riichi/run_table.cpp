// The table of runs (run_table.hpp): how it is built. Run at build time by run_table_gen.cpp,
// which writes the table as the source compiled in; the tests build it again and compare.
#include "riichi/run_table.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "riichi/decompose.hpp"

namespace riichi::detail {

RunTable build_run_table() {
  // Every complete run is generated with each of its decompositions, kind after kind as the walk
  // splits them: at kind i, the chows started at i - 2 and i - 1 take a tile each, then a pung,
  // the pair and the chows starting at i (the split's option pung << 1 | pair the outer choice,
  // as in the walk, so that a run's decompositions come in the walk's order; the walk itself
  // over the 7,004 count vectors of runs took ~5 million instructions). A run ends at kind i
  // when no chow goes on past it.
  struct Found {
    std::uint32_t slot;
    RunBlocks blocks;
  };
  RunTable t{};
  std::vector<Found> found;
  found.reserve(4096);
  RunBlocks blocks{};
  std::uint64_t key = 0;
  const auto record = [&](int size, bool pair) {
    std::uint32_t at = run_slot(key);
    while (t.slots[at].key != 0 && t.slots[at].key != key) at = (at + 1) & kRunSlotMask;
    RunSlot& slot = t.slots[at];
    slot.key = key;
    ++slot.readings;
    slot.shape = static_cast<std::uint8_t>(size | (pair ? kRunPair : 0));
    found.push_back(Found{at, blocks});
  };
  // (kind, the chows started at kind - 2 and kind - 1, the pair taken, tiles and blocks so far)
  const auto extend = [&](auto& self, int kind, int chows2, int chows1, bool pair_taken, int tiles,
                          int size) -> void {
    const auto k = static_cast<std::uint16_t>(kind << 8);
    for (int option = 0; option < 4; ++option) {
      const int pung = option >> 1, pair = option & 1;
      if (pair && pair_taken) continue;
      for (int chows = 0; chows <= (kind < 7 ? 4 : 0); ++chows) {
        const int n = chows2 + chows1 + 3 * pung + 2 * pair + chows;
        if (n > 4 || tiles + n > 14) break;
        if (n == 0) continue;
        int at = size;
        if (pung) blocks[static_cast<std::size_t>(at++)] = k | static_cast<int>(BlockType::kPung);
        if (pair) blocks[static_cast<std::size_t>(at++)] = k | static_cast<int>(BlockType::kPair);
        for (int i = 0; i < chows; ++i)
          blocks[static_cast<std::size_t>(at++)] = k | static_cast<int>(BlockType::kChow);
        key += run_digit(kind, n);
        if (chows1 == 0 && chows == 0) record(at, pair_taken || pair);
        if (kind < 8) self(self, kind + 1, chows1, chows, pair_taken || pair, tiles + n, at);
        key -= run_digit(kind, n);
        for (int i = size; i < at; ++i) blocks[static_cast<std::size_t>(i)] = 0;
      }
    }
  };
  extend(extend, 0, 0, 0, false, 0, 0);
  if (found.size() != static_cast<std::size_t>(kRunReadings))
    throw std::logic_error("the run table: " + std::to_string(found.size()) +
                           " decompositions of runs, run_table.hpp says " +
                           std::to_string(kRunReadings));
  // Each run's decompositions together in `blocks`, in the order found.
  std::uint32_t next = 0;
  for (RunSlot& slot : t.slots) {
    slot.first = static_cast<std::uint16_t>(next);
    next += slot.readings;
  }
  std::array<std::uint8_t, 1u << kRunSlotBits> placed{};
  for (const Found& f : found) t.blocks[t.slots[f.slot].first + placed[f.slot]++] = f.blocks;
  return t;
}

}  // namespace riichi::detail
