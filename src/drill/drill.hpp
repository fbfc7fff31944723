// Practice drills graded by the engine (docs/drills.md): which waits, what to discard, how much
// it scores. Every problem is generated from a ProblemId (drill, level, seed, index): the same id
// gives the same problem and the same answer key on every machine (a portable generator,
// riichi::Xoshiro256), so a front-end keeps no state: it sends the id back with the answer and
// the grader makes the problem again.
//
//   ProblemId id{DrillKind::kWaits, 2, 42, 0};      // level 2, seed 42, the first problem
//   WaitsProblem p = make_waits_problem(id);        // waits_drill.hpp
//   WaitsGrade g = grade_waits(p, {kind, ...});     // every winning tile, or not
//
// Levels (level_title() names them; the drills' headers say how each is made):
//   waits    1 the basic waits (book ch. III.3)    2 the 19 seven-tile shapes (book ch. IV)
//            3 longer multi-waits (one suit)       4 random closed hands   5 hands with melds
//   discard  1 efficiency (generated hands)        2 value: dora, red fives, tenpai choices
//            3 a table: ponds (self-play)          4 an opponent's riichi (self-play)
//            5 real games (the shared Tenhou logs)
//   score    1 closed hands under mangan           2 open hands, pungs, honba
//            3 limits, kans, dealer, counters      4 everything: seven pairs, yakuman, flags
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "riichi/wall.hpp"

namespace riichi::drill {

enum class DrillKind : std::uint8_t { kWaits, kDiscard, kScore };
inline constexpr int kNumDrillKinds = 3;

const char* drill_kind_name(DrillKind kind);  // "waits", "discard", "score"
std::optional<DrillKind> parse_drill_kind(std::string_view name);
int max_level(DrillKind kind);
// "The 19 seven-tile shapes (book ch. IV)"; throws DrillError for a level out of range.
std::string level_title(DrillKind kind, int level);

// Bad drill input: an unknown drill or level, an index out of range, an answer that cannot be
// read. The message names the field and what is accepted.
class DrillError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

inline constexpr int kMaxIndex = 1'000'000;  // problems per session

struct ProblemId {
  DrillKind kind = DrillKind::kWaits;
  int level = 1;
  std::uint64_t seed = 0;
  int index = 0;  // 0-based, problem `index` of the session `seed`
};

// Throws DrillError when the level or the index is out of range.
void check_problem_id(const ProblemId& id);
// The generator's seed for one problem (independent streams per drill, level and index).
std::uint64_t problem_seed(const ProblemId& id);

// The drills' random source: a portable generator (the same numbers on every platform).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : x_(seed) {}
  int below(int n) { return static_cast<int>(x_.bounded(static_cast<std::uint64_t>(n))); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }  // lo..hi inclusive
  bool chance(int percent) { return below(100) < percent; }
  std::uint64_t next() { return x_.next(); }

 private:
  Xoshiro256 x_;
};

}  // namespace riichi::drill
