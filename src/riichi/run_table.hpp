// Internal: the table of runs that decompose() reads (decompose.cpp).
//
// A suit's held kinds split into runs of consecutive kinds, and no chow spans two runs: a suit's
// decompositions are the products of its runs' decompositions, in the walk's order (the lower
// run's choice outermost; each run's blocks follow the lower runs' blocks). A run's
// decompositions depend only on its counts (its place in the suit changes only the kinds), so the
// table holds every complete run once, at kind 0: 2,272 runs (the counts 1..4 of 1..9 kinds, at
// most 14 tiles, that split into sets and at most one pair), read by the run's counts as they lie
// in Counts (run_digit). A run of 3m+2 tiles holds the pair in each of its decompositions, one of
// 3m tiles in none.
//
// The table is constant data, generated at build time (run_table_gen.cpp, by build_run_table()
// of run_table.cpp) and compiled in as kRunTable: nothing is built when a process starts.
#pragma once

#include <array>
#include <cstdint>

namespace riichi::detail {

// One complete run: its key (0: an empty slot), where its decompositions start in `blocks`, how
// many there are and their number of blocks (the same for all: the tile count fixes it).
struct RunSlot {
  std::uint64_t key = 0;
  std::uint16_t first = 0;
  std::uint8_t readings = 0;
  std::uint8_t shape = 0;  // blocks | kRunPair when the pair is one of them
};
inline constexpr unsigned kRunPair = 64;  // (above the blocks of any counts, 36: shapes add up)
// A run's decomposition: its blocks as 16-bit words (type | kind << 8, Block's layout, the kinds
// from 0 at the run's lowest kind), the slots past its size 0.
using RunBlocks = std::array<std::uint16_t, 8>;

// A run's key: the counts of its first 8 kinds as the bytes of a word (the 8 bytes of Counts
// from its lowest kind, those past the run cleared), and the count of a ninth kind at bit 61
// (above the 3 bits of the eighth count).
inline constexpr std::uint64_t run_digit(int kind, int n) {
  return static_cast<std::uint64_t>(n) << (kind < 8 ? 8 * kind : 61);
}

inline constexpr int kRunSlotBits = 12;  // 4,096 slots for 2,272 runs
inline constexpr std::uint32_t kRunSlotMask = (1u << kRunSlotBits) - 1;
inline constexpr std::uint32_t run_slot(std::uint64_t key) {
  return static_cast<std::uint32_t>(key * 0x9E3779B97F4A7C15ull >> (64 - kRunSlotBits));
}
inline constexpr int kRunReadings = 2518;  // the decompositions of the 2,272 runs

// 64 KiB of slots (open addressing, linear probing) and 2,518 x 16 bytes of blocks (~40 KiB).
struct RunTable {
  std::array<RunSlot, 1u << kRunSlotBits> slots;
  std::array<RunBlocks, kRunReadings> blocks;
};

// Generated (build/generated/run_table_data.cpp): build_run_table()'s table.
extern const RunTable kRunTable;

// Builds the table (~2 million instructions): for the generator, and for the test that compares
// it with the table compiled in. Throws std::logic_error when the runs' decompositions are not
// kRunReadings.
RunTable build_run_table();

}  // namespace riichi::detail
