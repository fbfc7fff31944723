// Offline screen of rollout decisions (docs/bots.md, "Eleventh round" and "Twelfth round"): plays
// Tenhou-rules hanchan strong x2 against defensive x2 and, at each own-turn decision of a strong
// seat under a threat (eval::table_threat, no win on offer, two or more discards), values every
// legal discard and riichi by rollouts (N determinisations, seed A). Where the rollouts' best is
// not the strong bot's move, both are valued again on 2N fresh determinisations (seed B): the
// out-of-sample gain of playing the rollouts' pick, in points of the hand, with its paired
// standard error. Built on demand (not in `all`):
//   cmake --build build --target riichi_rollout_screen
//   build/riichi_rollout_screen GAMES N MIX [X [FIRST]]
// MIX (bots::RolloutMix): 0 efficiency, 1 efficiency at the seat and defensive at the others,
// 2 all defensive, 3 strong at the seat and defensive at the others, 4 all strong.
// With X > 0 only two candidates are valued, and only where they are within X points of utility
// by the value model (eval::evaluate_options, fast, no fold margin): its best push and its
// best fold. Each valued decision is also written as one line on stdout
// ("decision GAME SEAT GAP DIFFERS GAIN DIFF SE": GAP the push's utility minus the fold's, GAIN
// the out-of-sample gain when the pick differs, DIFF the rollouts' pick minus the other candidate
// in sample and SE its paired standard error), so that a narrower X, or a pick kept only when
// DIFF > k SE, can be read from a wider run (the games are the same: the strong bot's move is
// always played). FIRST: the first game
// (default 1), to split a screen over processes.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <vector>

#include "bots/defensive_bot.hpp"
#include "bots/rollout_players.hpp"
#include "bots/strong_bot.hpp"
#include "eval/options.hpp"
#include "eval/rollout.hpp"
#include "riichi/game.hpp"

using namespace riichi;

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 4;
  const int n = argc > 2 ? std::atoi(argv[2]) : 32;
  const auto mix = static_cast<bots::RolloutMix>(argc > 3 ? std::atoi(argv[3]) : 2);
  const double margin = argc > 4 ? std::atof(argv[4]) : 0;
  const int first = argc > 5 ? std::atoi(argv[5]) : 1;
  const Rules rules = Rules::tenhou();
  long decisions = 0, differ = 0, playouts = 0;
  double gain = 0, gain_sq = 0, seconds = 0, slowest = 0;
  for (int g = first; g < first + games; ++g) {
    Game game(rules, static_cast<std::uint64_t>(7000 + g));
    std::array<std::unique_ptr<bots::Bot>, 4> players;
    for (int s = 0; s < 4; ++s)
      if (s < 2)
        players[s] = std::make_unique<bots::StrongBot>(g * 4 + s, rules);
      else
        players[s] = std::make_unique<bots::DefensiveBot>(g * 4 + s, rules);
    while (!game.is_over()) {
      const int s = game.to_play();
      const Round& r = game.round();
      const Observation obs = r.observation(s);
      const std::vector<Action> legal = game.legal_actions(s);
      const Action move = players[s]->choose(obs, legal);
      std::vector<Action> cands;
      bool win = false;
      for (const Action& a : legal) {
        win = win || a.type == ActionType::kTsumo;
        if (a.type == ActionType::kDiscard || a.type == ActionType::kRiichi) cands.push_back(a);
      }
      if (s < 2 && r.phase() == Phase::kSelf && !win && cands.size() >= 2 &&
          eval::table_threat(obs, rules)) {
        double gap = 0;    // the value model's push minus fold (X > 0)
        if (margin > 0) {  // the value model's best push and best fold, when close
          eval::OptionsSettings settings = eval::OptionsSettings::fast();
          settings.fold_margin = 0;  // each option with the better of its plans as they are
          const eval::OptionsReport report = eval::evaluate_options(obs, rules, settings);
          const eval::OptionValue *push = nullptr, *fold = nullptr;
          for (const eval::OptionValue& o : report.options) {
            if (o.kind != eval::DecisionKind::kDiscard && o.kind != eval::DecisionKind::kRiichi)
              continue;
            const eval::OptionValue*& slot = o.plan == eval::Plan::kFold ? fold : push;
            if (o.plan != eval::Plan::kFold && o.plan != eval::Plan::kPush) continue;
            if (!slot || o.utility > slot->utility) slot = &o;
          }
          cands.clear();
          if (push && fold && !(push->action == fold->action) &&
              std::abs(push->utility - fold->utility) < margin) {
            cands = {push->action, fold->action};
            gap = push->utility - fold->utility;
          }
          if (cands.empty()) {
            if (!game.apply(move).ok) return 1;
            continue;
          }
        }
        const std::clock_t t0 = std::clock();  // CPU time (one thread): less noisy under load
        const auto who = bots::rollout_players(rules, s, mix);
        const auto a = eval::rollout_values(r, s, cands, who, {.determinisations = n, .seed = 1});
        const double dt = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
        seconds += dt;
        slowest = std::max(slowest, dt);
        ++decisions;
        playouts += static_cast<long>(cands.size()) * n;
        std::size_t best = 0;
        for (std::size_t i = 1; i < a.size(); ++i)
          if (a[i].mean > a[best].mean) best = i;
        double d = 0;
        const bool differs = !(a[best].action == move);
        if (differs) {
          ++differ;
          const std::vector<Action> pair = {move, a[best].action};
          const auto b =
              eval::rollout_values(r, s, pair, who, {.determinisations = 2 * n, .seed = 2});
          d = b[1].mean - b[0].mean;
          gain += d;
          gain_sq += d * d;
        }
        // In sample (X > 0): the rollouts' pick minus the other candidate, and its paired error.
        const double in_diff = margin > 0 ? a[best].mean - a[1 - best].mean : 0.0;
        std::printf("decision %d %d %.0f %d %.1f %.1f %.1f\n", g, s, gap, differs ? 1 : 0, d,
                    in_diff, margin > 0 ? a[1].diff_std_error : 0.0);
        std::fflush(stdout);
      }
      if (!game.apply(move).ok) return 1;
    }
    std::fprintf(stderr, "game %d: %ld decisions, %ld differ\n", g, decisions, differ);
  }
  const double mean = differ ? gain / differ : 0;
  const double sd = differ > 1 ? std::sqrt((gain_sq - differ * mean * mean) / (differ - 1)) : 0;
  std::printf(
      "games %d N %d mix %d X %.0f: %ld decisions, %ld differ (%.1f%%), out-of-sample gain per "
      "differing decision %.0f +- %.0f points (SE across decisions), per decision %.0f; "
      "%.1f ms per decision, slowest %.1f ms, %.2f ms per playout\n",
      games, n, static_cast<int>(mix), margin, decisions, differ,
      100.0 * differ / std::max(1L, decisions), mean, differ > 1 ? sd / std::sqrt(differ) : 0,
      decisions ? gain / decisions : 0, decisions ? 1e3 * seconds / decisions : 0, 1e3 * slowest,
      playouts ? 1e3 * seconds / static_cast<double>(playouts) : 0);
}
