// Checks determinise() (riichi/round_resample.hpp) at every decision of whole games between
// shanten-greedy random players (riichi, kita and kans whenever legal, 40% of the calls
// offered, otherwise a discard of the lowest shanten 9 times in 10), for one preset: no draw may
// fail and each result's observation must equal the real one (docs/bots.md, "Eleventh round").
// Built with the tests; ctest `determinise_check` runs it for every preset (CMakeLists.txt):
//   build/riichi_determinise_check PRESET GAMES
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "riichi/game.hpp"
#include "riichi/round_resample.hpp"
#include "riichi/shanten.hpp"

using namespace riichi;

int main(int argc, char** argv) {
  const char* preset = argc > 1 ? argv[1] : "tenhou";
  const int games = argc > 2 ? std::atoi(argv[2]) : 2;
  const Rules rules = Rules::parse(preset);
  long positions = 0, riichi_positions = 0, fails = 0;
  double seconds = 0, slowest = 0;
  for (int g = 0; g < games; ++g) {
    Game game(rules, static_cast<std::uint64_t>(100 + g));
    Xoshiro256 rng(static_cast<std::uint64_t>(g));
    while (!game.is_over()) {
      const int s = game.to_play();
      const Round& r = game.round();
      ++positions;
      for (int o = 0; o < r.players(); ++o) riichi_positions += o != s && r.in_riichi(o);
      const auto t0 = std::chrono::steady_clock::now();
      try {
        const Round d = determinise(r, s, static_cast<std::uint64_t>(positions));
        if (!same_observation(d.observation(s), r.observation(s))) {
          ++fails;
          std::printf("position %ld: a different observation\n", positions);
        }
      } catch (const std::exception& e) {
        ++fails;
        std::printf("position %ld: %s\n", positions, e.what());
      }
      const double dt =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      seconds += dt;
      slowest = std::max(slowest, dt);
      const std::vector<Action> legal = game.legal_actions(s);
      Action pick = legal[rng.bounded(legal.size())];
      for (const Action& a : legal)
        if (a.type == ActionType::kRiichi || a.type == ActionType::kTsumo ||
            a.type == ActionType::kRon || a.type == ActionType::kKita ||
            a.type == ActionType::kAnkan || a.type == ActionType::kKakan) {
          pick = a;
          break;
        }
      if (r.phase() == Phase::kClaim && pick.type != ActionType::kRon && rng.bounded(10) < 6)
        pick = legal.back();  // pass
      if (pick.type == ActionType::kDiscard && rng.bounded(10) < 9) {
        Counts c{};
        for (int id : r.concealed_ids(s)) ++c[id / 4];
        int best = 99;
        for (const Action& a : legal) {
          if (a.type != ActionType::kDiscard) continue;
          --c[a.tile / 4];
          const int sh = shanten(c);
          ++c[a.tile / 4];
          if (sh < best) best = sh, pick = a;
        }
      }
      if (!game.apply(pick).ok) return 2;
    }
  }
  std::printf(
      "%s: %ld positions (%ld seat-positions with another seat in riichi), %ld failed; "
      "%.1f us per determinisation on average, slowest %.1f ms\n",
      preset, positions, riichi_positions, fails, 1e6 * seconds / positions, 1e3 * slowest);
  return fails ? 1 : 0;
}
