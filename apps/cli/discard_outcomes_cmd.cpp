// `riichi discard-outcomes --games N --seed S --out FILE`: quiet-table discards explored at
// random in self-play, with the outcome of the hand, for tools/fit_discard_outcomes.py
// (docs/bots.md, "Ninth round: the quiet-table discard fitted to outcomes").
//
// Four seats of one bot: on a quiet table (no riichi, eval::table_threat false: the strong
// bot's rule 3) it plays the efficiency bot's move, elsewhere the defensive bot's. An
// explorable decision is a quiet-table turn whose efficiency move is a discard or a riichi
// declaration and where two or more kinds reach the lowest shanten after the discard (under the
// efficiency bot's plans). In each hand each seat explores ONE of them: the t-th explorable
// decision of its hand, t uniform in [0, --window) (none when the hand ends before); with
// --explore P, each explorable decision instead with probability P. An explored decision plays
// a uniformly random kind among the lowest-shanten kinds (riichi on it when the efficiency move
// was riichi and that riichi is legal; the non-red copy first).
//
// The file: lines "# game N seed S" name the games; a header line; then one tab-separated line
// per lowest-shanten candidate of each explored decision: game, decision (numbered from 0 over
// the file), seat, chosen (0/1), kind, shanten, ukeire, delta (the seat's points change over the
// hand, riichi stakes included), place (the seat's final place 1-4 in the game), then the
// features (bots/discard_features.hpp, in kDiscardFeatureNames order; "efficiency" marks the
// efficiency move). Games are split over --threads; the file is the same for any thread count.
//
// Exit status: 0 done; 2 bad input (an option out of range, unknown rules, an unwritable file).
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bots/defensive_bot.hpp"
#include "bots/discard_features.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/random_bot.hpp"
#include "commands.hpp"
#include "eval/options.hpp"
#include "input_error.hpp"
#include "riichi/game.hpp"
#include "riichi/wall.hpp"

namespace riichi::cli {

namespace discard_outcomes {

struct Options {
  long games = 1000;
  std::uint64_t seed = 1;
  std::string rules = "tenhou";
  std::string out;
  double explore = 0;  // 0: one decision per seat and hand
  int window = 10;
  int threads = 1;
};

struct Counters {
  long hands = 0, quiet_turns = 0, explorable = 0, explored = 0, off_efficiency = 0;
};

// One explored decision, waiting for the end of its hand and game.
struct Pending {
  int seat = 0;
  int chosen = -1;  // kind
  std::vector<bots::DiscardCandidate> candidates;
  int delta = 0;
};

class Explorer {
 public:
  Explorer(const Options& opt, const Rules& rules) : opt_(opt), rules_(rules) {}

  // Plays game `index` and appends its explored decisions to `out`.
  void play(long index, std::string& out, long& decision, Counters& n) {
    const std::uint64_t game_seed = opt_.seed + static_cast<std::uint64_t>(index);
    Xoshiro256 rng(game_seed ^ 0x6F75746364697363ULL);  // "outcdisc": apart from the walls
    std::array<std::unique_ptr<bots::DefensiveBot>, 4> defensive;
    for (int s = 0; s < 4; ++s)
      defensive[static_cast<std::size_t>(s)] =
          std::make_unique<bots::DefensiveBot>(bots::bot_seed(game_seed, s), rules_);
    const bots::EfficiencyBot efficiency(game_seed, rules_);
    Game game(rules_, game_seed);
    std::vector<Pending> done, hand;
    std::array<int, 4> target{}, seen{};
    auto new_hand = [&] {
      for (int s = 0; s < 4; ++s) {
        target[static_cast<std::size_t>(s)] =
            static_cast<int>(rng.next() % static_cast<std::uint64_t>(std::max(1, opt_.window)));
        seen[static_cast<std::size_t>(s)] = 0;
      }
    };
    new_hand();
    std::array<bots::DiscardCandidate, kNumKinds> cands;
    while (!game.is_over()) {
      const int seat = game.to_play();
      const std::vector<Action> legal = game.legal_actions(seat);
      const Observation obs = game.round().observation(seat);
      std::optional<Action> act;
      bool riichi = false;
      for (bool r : obs.riichi) riichi = riichi || r;
      const bool turn = bots::find_type(legal, ActionType::kPass) == nullptr &&
                        bots::find_type(legal, ActionType::kDiscard) != nullptr;
      if (legal.size() > 1 && turn && !riichi && bots::find_win(legal) == nullptr &&
          bots::find_type(legal, ActionType::kKita) == nullptr &&
          !eval::table_threat(obs, rules_)) {
        ++n.quiet_turns;
        const bots::HandView v = bots::read_view(obs, rules_);
        const Action e = efficiency.choose_turn(v, legal);
        act = e;
        if (e.type == ActionType::kDiscard || e.type == ActionType::kRiichi) {
          const std::uint64_t kinds = bots::action_kinds(legal, ActionType::kDiscard);
          const int count =
              bots::discard_candidates(obs, v, efficiency.plans(v), kinds, e.tile / 4, cands);
          int lowest = 99;
          for (int i = 0; i < count; ++i)
            lowest = std::min(lowest, cands[static_cast<std::size_t>(i)].shanten);
          std::vector<bots::DiscardCandidate> low;
          bool has_efficiency = false;
          for (int i = 0; i < count; ++i)
            if (cands[static_cast<std::size_t>(i)].shanten == lowest) {
              low.push_back(cands[static_cast<std::size_t>(i)]);
              has_efficiency = has_efficiency || low.back().kind == e.tile / 4;
            }
          if (low.size() >= 2 && has_efficiency) {
            ++n.explorable;
            const int k = seen[static_cast<std::size_t>(seat)]++;
            const bool explore =
                opt_.explore > 0 ? static_cast<double>(rng.next() >> 11) * 0x1.0p-53 < opt_.explore
                                 : k == target[static_cast<std::size_t>(seat)];
            if (explore) {
              const auto pick = static_cast<std::size_t>(rng.next() % low.size());
              const int kind = low[pick].kind;
              act = bots::discard_kind_action(legal, e, kind);
              ++n.explored;
              if (kind != e.tile / 4) ++n.off_efficiency;
              hand.push_back(Pending{seat, kind, std::move(low), 0});
            }
          }
        }
      }
      if (!act) act = defensive[static_cast<std::size_t>(seat)]->choose(obs, legal);
      const std::size_t hands_before = game.results().size();
      if (!game.apply(*act).ok) {  // a bug: every action comes from the legal list
        fmt::print(stderr, "error: an illegal action in game {}\n", index);
        std::abort();
      }
      if (game.results().size() > hands_before) {
        ++n.hands;
        const RoundResult& r = game.results().back();
        for (Pending& p : hand) p.delta = r.deltas[static_cast<std::size_t>(p.seat)];
        done.insert(done.end(), std::make_move_iterator(hand.begin()),
                    std::make_move_iterator(hand.end()));
        hand.clear();
        new_hand();
      }
    }
    const FinalResult final = game.final_result();
    out += fmt::format("# game {} seed {}\n", index, game_seed);
    for (const Pending& p : done) {
      for (const bots::DiscardCandidate& c : p.candidates) {
        out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}", index, decision, p.seat,
                           c.kind == p.chosen ? 1 : 0, c.kind, c.shanten, c.ukeire, p.delta,
                           final.ranks[static_cast<std::size_t>(p.seat)]);
        for (float x : c.f) out += fmt::format("\t{:.5g}", x);
        out += '\n';
      }
      ++decision;
    }
  }

 private:
  const Options& opt_;
  const Rules& rules_;
};

void run(const Options& opt) {
  std::string error;
  const std::optional<Rules> rules = Rules::try_parse(opt.rules, &error);
  if (!rules) bad_input(fmt::format("--rules '{}': {}", opt.rules, error));
  if (rules->players != 4) bad_input("--rules: four players only");
  if (opt.games < 1) bad_input("--games must be at least 1");
  if (opt.explore < 0 || opt.explore > 1) bad_input("--explore must be within [0, 1]");
  if (opt.window < 1) bad_input("--window must be at least 1");
  if (opt.threads < 1 || opt.threads > 64) bad_input("--threads must be within [1, 64]");
  std::ofstream out(opt.out);
  if (!out) bad_input(fmt::format("cannot write '{}'", opt.out));
  std::string header = "game\tdecision\tseat\tchosen\tkind\tshanten\tukeire\tdelta\tplace";
  for (const char* name : bots::kDiscardFeatureNames) header += fmt::format("\t{}", name);
  out << header << '\n';

  // Games in blocks: each thread plays whole games into its own text; the texts are written in
  // game order with the decisions renumbered, so the file does not depend on the threads.
  constexpr long kBlock = 64;
  Counters total;
  long decision = 0;
  for (long first = 0; first < opt.games; first += kBlock * opt.threads) {
    const int t_count = opt.threads;
    std::vector<std::string> text(static_cast<std::size_t>(t_count) * kBlock);
    std::vector<long> decisions(text.size(), 0);
    std::vector<Counters> counts(static_cast<std::size_t>(t_count));
    std::vector<std::thread> pool;
    std::atomic<long> next{0};
    const long last = std::min(opt.games, first + kBlock * t_count);
    for (int t = 0; t < t_count; ++t)
      pool.emplace_back([&, t] {
        Explorer ex(opt, *rules);
        for (long i; (i = next++) < last - first;) {
          long d = 0;
          ex.play(first + i, text[static_cast<std::size_t>(i)], d,
                  counts[static_cast<std::size_t>(t)]);
          decisions[static_cast<std::size_t>(i)] = d;
        }
      });
    for (std::thread& th : pool) th.join();
    for (const Counters& c : counts) {
      total.hands += c.hands;
      total.quiet_turns += c.quiet_turns;
      total.explorable += c.explorable;
      total.explored += c.explored;
      total.off_efficiency += c.off_efficiency;
    }
    // Renumber: each game's text numbers its decisions from 0 in column 2.
    for (long i = 0; i < last - first; ++i) {
      const std::string& s = text[static_cast<std::size_t>(i)];
      std::size_t pos = 0;
      while (pos < s.size()) {
        const std::size_t end = s.find('\n', pos);
        const std::string_view line(s.data() + pos, end - pos);
        if (line.starts_with("#")) {
          out << line << '\n';
        } else {
          const std::size_t a = line.find('\t'), b = line.find('\t', a + 1);
          const long local = std::stol(std::string(line.substr(a + 1, b - a - 1)));
          out << line.substr(0, a + 1) << decision + local << line.substr(b) << '\n';
        }
        pos = end + 1;
      }
      decision += decisions[static_cast<std::size_t>(i)];
    }
  }
  out.close();
  if (!out) bad_input(fmt::format("cannot write '{}'", opt.out));
  fmt::print("discard-outcomes: {} games, {} hands, {} quiet-table turns, {} explorable\n",
             opt.games, total.hands, total.quiet_turns, total.explorable);
  fmt::print("{} decisions explored ({} off the efficiency move), written to {}\n", total.explored,
             total.off_efficiency, opt.out);
}

}  // namespace discard_outcomes

void add_discard_outcomes_command(CLI::App& app) {
  auto opt = std::make_shared<discard_outcomes::Options>();
  CLI::App* cmd = app.add_subcommand(
      "discard-outcomes",
      "Self-play that explores one random quiet-table discard per seat and hand among the "
      "lowest-shanten kinds, writing its candidates' features and the hand's outcome, for "
      "tools/fit_discard_outcomes.py");
  cmd->add_option("--games", opt->games, "hanchan to play (default 1000)");
  cmd->add_option("--seed", opt->seed, "seed of the first game; game i uses seed + i (default 1)");
  cmd->add_option("--rules", opt->rules, rules_option_help() + " (default tenhou)");
  cmd->add_option("--out", opt->out, "the tab-separated file to write")->required();
  cmd->add_option("--explore", opt->explore,
                  "explore each explorable decision with this probability instead of one per "
                  "seat and hand");
  cmd->add_option("--window", opt->window,
                  "one per hand: the explored decision is the t-th, t uniform in [0, WINDOW) "
                  "(default 10)");
  cmd->add_option("--threads", opt->threads, "threads (default 1; the file does not depend on it)");
  cmd->callback([opt] { discard_outcomes::run(*opt); });
}

}  // namespace riichi::cli
