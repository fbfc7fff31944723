#include "drill/drill.hpp"

#include <array>
#include <string>

namespace riichi::drill {

namespace {

constexpr std::array<const char*, kNumDrillKinds> kNames = {"waits", "discard", "score"};

// Level titles per drill (index level - 1).
constexpr std::array<const char*, 5> kWaitsLevels = {
    "Basic waits (book ch. III.3)", "The 19 seven-tile shapes (book ch. IV)",
    "Longer multi-waits in one suit", "Random closed hands", "Random hands with melds"};
constexpr std::array<const char*, 5> kDiscardLevels = {
    "Efficiency: generated hands", "Value: dora, red fives, tenpai choices",
    "A table: ponds and melds (self-play)", "Against an opponent's riichi (self-play)",
    "Real games (Tenhou logs)"};
constexpr std::array<const char*, 4> kScoreLevels = {
    "Closed hands under mangan", "Open hands, pungs and honba",
    "Limits, kans, the dealer and the counters", "Everything: seven pairs, yakuman, flags"};

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

const char* drill_kind_name(DrillKind kind) { return kNames[static_cast<std::size_t>(kind)]; }

std::optional<DrillKind> parse_drill_kind(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (name == kNames[i]) return static_cast<DrillKind>(i);
  return std::nullopt;
}

int max_level(DrillKind kind) {
  switch (kind) {
    case DrillKind::kWaits:
      return static_cast<int>(kWaitsLevels.size());
    case DrillKind::kDiscard:
      return static_cast<int>(kDiscardLevels.size());
    case DrillKind::kScore:
      return static_cast<int>(kScoreLevels.size());
  }
  return 0;
}

std::string level_title(DrillKind kind, int level) {
  check_problem_id(ProblemId{kind, level, 0, 0});
  const auto i = static_cast<std::size_t>(level - 1);
  switch (kind) {
    case DrillKind::kWaits:
      return kWaitsLevels[i];
    case DrillKind::kDiscard:
      return kDiscardLevels[i];
    case DrillKind::kScore:
      return kScoreLevels[i];
  }
  return "";
}

void check_problem_id(const ProblemId& id) {
  const int top = max_level(id.kind);
  if (id.level < 1 || id.level > top)
    throw DrillError("level " + std::to_string(id.level) + " does not exist for the " +
                     drill_kind_name(id.kind) + " drill (levels 1.." + std::to_string(top) + ")");
  if (id.index < 0 || id.index >= kMaxIndex)
    throw DrillError("problem index " + std::to_string(id.index) + " is out of range (0.." +
                     std::to_string(kMaxIndex - 1) + ")");
}

std::uint64_t problem_seed(const ProblemId& id) {
  std::uint64_t x = mix(id.seed);
  x = mix(x ^ (static_cast<std::uint64_t>(id.kind) + 1) * 0x100000001B3ull);
  x = mix(x ^ static_cast<std::uint64_t>(id.level) * 0xC2B2AE3D27D4EB4Full);
  return mix(x ^ static_cast<std::uint64_t>(id.index) * 0x165667B19E3779F9ull);
}

}  // namespace riichi::drill
