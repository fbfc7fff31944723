// `riichi discard-samples LOGS... --out FILE`: every discard decision of real Tenhou games with
// the features of each candidate (bots/discard_features.hpp), for tools/fit_discard_model.py
// (docs/bots.md, "Eighth round: a discard model learnt from houou players").
//
// Each game is replayed through the engine (io/tenhou_replay.hpp). At every discard or riichi
// declaration of a seat not in riichi, with no opponent in riichi and two or more kinds to
// choose from, every legal discard kind is written as one line: its features and whether the
// player chose it. Open threats (an opponent likely tenpai without riichi) are kept and marked
// in the `threat` column (eval::table_threat, as the strong bot reads the table), so that the
// fit can take the quiet table alone. A hand whose deal was already seen in another file (a
// shortened copy of a log) is skipped.
//
// The file: lines "# game N PATH" name the games; a header line; then one tab-separated line per
// candidate: game, decision (numbered from 0 over the file), threat (0/1), chosen (0/1), kind
// (0-33), shanten, ukeire, then the features in kDiscardFeatureNames order.
//
// It prints how often the player's discard is the efficiency bot's and the built-in model's
// (discard_params.cpp, fitted on the houou 2021 games: on other games, a held-out check).
//
// Exit status: 0 done; 2 bad input (an unreadable log, unless --keep-going; an unwritable file).
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <unordered_set>
#include <vector>

#include "bots/discard_features.hpp"
#include "bots/efficiency_bot.hpp"
#include "commands.hpp"
#include "eval/options.hpp"
#include "input_error.hpp"
#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"
#include "log_files.hpp"
#include "log_hands.hpp"
#include "riichi/round.hpp"

namespace riichi::cli {

namespace discard_dump {

namespace fs = std::filesystem;

struct Options {
  std::vector<std::string> paths;
  std::string out;
  bool keep_going = false;
};

struct Counters {
  long games = 0, hands = 0, duplicate_hands = 0, mismatched_hands = 0;
  long decisions = 0, quiet = 0, candidates = 0;
  long efficiency_agrees = 0, efficiency_agrees_quiet = 0;
  long model_agrees = 0, model_agrees_quiet = 0;
};

// Writes the decisions of one replayed hand.
void dump_hand(const io::MjlogRound& log, int first_dealer, const io::HandReplay& hand,
               const Rules& rules, int game, std::ostream& out, Counters& n) {
  const io::ConvertedRound conv = io::convert_round(log, first_dealer, rules);
  Round round(rules, conv.setup, conv.wall);
  const bots::EfficiencyBot efficiency(0, rules);
  std::array<bots::DiscardCandidate, kNumKinds> cands;
  for (const Action& a : hand.actions) {
    if (a.type == ActionType::kDiscard || a.type == ActionType::kRiichi) {
      const Observation obs = round.observation(a.seat);
      bool riichi = false;
      for (bool r : obs.riichi) riichi = riichi || r;
      const std::uint64_t kinds = bots::action_kinds(obs.legal_actions, ActionType::kDiscard);
      if (!riichi && mask_size(kinds) >= 2 && (kinds >> (a.tile / 4) & 1)) {
        const bots::HandView v = bots::read_view(obs, rules);
        const Action& e = efficiency.choose_turn(v, obs.legal_actions);
        const int e_kind =
            e.type == ActionType::kDiscard || e.type == ActionType::kRiichi ? e.tile / 4 : -1;
        const int count =
            bots::discard_candidates(obs, v, efficiency.plans(v), kinds, e_kind, cands);
        const bool threat = eval::table_threat(obs, rules);
        const int chosen = a.tile / 4;
        for (int i = 0; i < count; ++i) {
          const bots::DiscardCandidate& c = cands[static_cast<std::size_t>(i)];
          std::string line =
              fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}", game, n.decisions, threat ? 1 : 0,
                          c.kind == chosen ? 1 : 0, c.kind, c.shanten, c.ukeire);
          for (float x : c.f) line += fmt::format("\t{:.5g}", x);
          out << line << '\n';
        }
        ++n.decisions;
        n.candidates += count;
        n.quiet += threat ? 0 : 1;
        if (e_kind == chosen) {
          ++n.efficiency_agrees;
          if (!threat) ++n.efficiency_agrees_quiet;
        }
        const int pick = bots::discard_model_pick(cands, count, false);
        if (pick >= 0 && cands[static_cast<std::size_t>(pick)].kind == chosen) {
          ++n.model_agrees;
          if (!threat) ++n.model_agrees_quiet;
        }
      }
    }
    if (!round.apply(a).ok) return;  // replay_mjlog applied the same actions
  }
}

void dump_game(const io::MjlogGame& game, const Rules& rules, int index,
               std::unordered_set<std::string>& seen, std::ostream& out, Counters& n) {
  const io::GameReplay rep = io::replay_mjlog(game, rules);
  const HandTally tally = for_each_new_hand(
      game, rep, seen, [&](const io::MjlogRound& log, const io::HandReplay& hand) {
        dump_hand(log, game.first_dealer, hand, rules, index, out, n);
      });
  n.hands += tally.hands;
  n.duplicate_hands += tally.duplicate_hands;
  n.mismatched_hands += tally.mismatched_hands;
}

double share(long part, long whole) { return whole ? 100.0 * part / whole : 0.0; }

void run(const Options& opt) {
  const Rules rules = Rules::tenhou();
  bool bad = false;
  const std::vector<fs::path> files = collect_mjlog_files(opt.paths, bad);
  if (bad && !opt.keep_going) throw CLI::RuntimeError(kExitBadInput);
  if (files.empty()) bad_input("no log files found in the paths given");
  std::ofstream out(opt.out);
  if (!out) bad_input(fmt::format("cannot write '{}'", opt.out));
  std::unordered_set<std::string> seen;
  Counters n;
  const bool tty = isatty(STDERR_FILENO) != 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (tty) fmt::print(stderr, "\r\033[Kreplaying {}/{} games", i + 1, files.size());
    try {
      const io::MjlogGame game = io::read_mjlog(files[i]);
      if (game.type.three_player) {
        fmt::print(stderr, "{}error: {}: a three-player game (four players only)\n",
                   tty ? "\n" : "", files[i].string());
        bad = true;
        continue;
      }
      out << fmt::format("# game {} {}\n", n.games, files[i].string());
      if (n.games == 0) {
        std::string header = "game\tdecision\tthreat\tchosen\tkind\tshanten\tukeire";
        for (const char* name : bots::kDiscardFeatureNames) header += fmt::format("\t{}", name);
        out << header << '\n';
      }
      dump_game(game, rules, static_cast<int>(n.games), seen, out, n);
      ++n.games;
    } catch (const std::exception& e) {
      fmt::print(stderr, "{}error: {}: {}\n", tty ? "\n" : "", files[i].string(), e.what());
      bad = true;
    }
  }
  if (tty) fmt::print(stderr, "\r\033[K");
  out.close();
  if (!out) bad_input(fmt::format("cannot write '{}'", opt.out));
  fmt::print("discard-samples: {} games, {} hands ({} duplicate, {} not replayed)\n", n.games,
             n.hands, n.duplicate_hands, n.mismatched_hands);
  fmt::print("{} decisions ({} on a quiet table), {} candidates, written to {}\n", n.decisions,
             n.quiet, n.candidates, opt.out);
  fmt::print("the efficiency bot's discard is the player's: {:.1f}% (quiet table {:.1f}%)\n",
             share(n.efficiency_agrees, n.decisions), share(n.efficiency_agrees_quiet, n.quiet));
  fmt::print("the built-in discard model's (discard_params.cpp): {:.1f}% (quiet table {:.1f}%)\n",
             share(n.model_agrees, n.decisions), share(n.model_agrees_quiet, n.quiet));
  if (bad && !opt.keep_going) throw CLI::RuntimeError(kExitBadInput);
}

}  // namespace discard_dump

void add_discard_samples_command(CLI::App& app) {
  auto opt = std::make_shared<discard_dump::Options>();
  CLI::App* cmd = app.add_subcommand(
      "discard-samples",
      "Write every discard decision of Tenhou mjlog games (no opponent in riichi) with the "
      "features of each candidate, for tools/fit_discard_model.py");
  cmd->add_option("paths", opt->paths, "mjlog files or directories of them")->required();
  cmd->add_option("--out", opt->out, "the tab-separated file to write")->required();
  cmd->add_flag("--keep-going", opt->keep_going,
                "skip unreadable logs (still reported on stderr) instead of exiting with 2");
  cmd->callback([opt] { discard_dump::run(*opt); });
}

}  // namespace riichi::cli
