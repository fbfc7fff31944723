// `riichi drill waits|discard|score [--level N] [--seed S] [--count K] [--start I] [--rules P]
// [--logs DIR] [--json] [--play]`: practice problems made from a seed with their answer keys
// (src/drill/, docs/drills.md), or asked one by one in the terminal and graded (--play).
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <random>
#include <string>

#include "cli_text.hpp"
#include "commands.hpp"
#include "drill/drill_json.hpp"
#include "io/json_text.hpp"
#include "score_sheet.hpp"

namespace riichi::cli {

namespace {

struct DrillOptions {
  std::string drill;
  int level = 1;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int count = 5;
  int start = 0;
  std::string rules = "ema2016";
  std::string logs;
  bool json = false;
  bool play = false;
};

constexpr const char* kRelative[] = {"you", "right", "across", "left"};

std::string tiles_text(const std::vector<Tile>& tiles) {
  std::string out;
  for (Tile t : tiles) out += tile_to_string(t);
  return out;
}

std::string kinds_text(const std::vector<int>& kinds) {
  std::string out;
  for (int k : kinds) {
    if (!out.empty()) out += ' ';
    out += kind_to_string(k);
  }
  return out.empty() ? "-" : out;
}

std::string percent(double p) { return fmt::format("{:.1f}%", 100 * p); }

// ---------------------------------------------------------------- waits
void print_waits_problem(const drill::WaitsProblem& p) {
  fmt::print("  Hand:  {}\n", format_hand(p.hand));
  if (!p.note.empty()) fmt::print("  ({})\n", p.note);
  fmt::print("  Select every winning tile.\n");
}

void print_waits_key(const drill::WaitsProblem& p) {
  std::vector<int> kinds;
  for (const Wait& w : p.waits) kinds.push_back(w.kind);
  fmt::print("Answer: {} ({} kind{}, {} tiles left)\n", kinds_text(kinds), p.waits.size(),
             p.waits.size() == 1 ? "" : "s", p.waits_total());
  fmt::print("  {:<6}{:>5}  {}\n", "tile", "left", "shapes");
  for (const Wait& w : p.waits)
    fmt::print("  {:<6}{:>5}  {}\n", kind_to_string(w.kind), w.remaining, drill::shape_names(w));
}

// ---------------------------------------------------------------- discard
void print_table(const drill::DiscardPosition& p) {
  const Observation& o = p.observation;
  const bool red = p.rules.red_fives;
  for (int r = 0; r < 4; ++r) {
    const auto s = static_cast<std::size_t>((o.seat + r) % 4);
    std::string pond;
    for (const DiscardInfo& d : o.discards[s]) {
      pond += tile_to_string(tile_of_id(d.id, red));
      if (d.riichi) pond += "*";
      if (d.called) pond += "^";
      pond += ' ';
    }
    std::string melds;
    for (const MeldInfo& m : o.melds[s]) {
      std::vector<Tile> tiles;
      for (int i = 0; i < m.size(); ++i)
        tiles.push_back(tile_of_id(m.ids[static_cast<std::size_t>(i)], red));
      melds += fmt::format(" [{} {}]", meld_type_name(m.type), tiles_text(tiles));
    }
    fmt::print("    {:<7}{:<6}{:>6}{:<8} {}{}\n", kRelative[r],
               kWindNames[(static_cast<int>(s) - o.dealer + 4) % 4], o.scores[s],
               o.riichi[s] ? " riichi" : "", pond.empty() ? "-" : pond, melds);
  }
  fmt::print("    (* riichi tile, ^ called; {} tiles left in the wall)\n", o.live_tiles_left);
}

void print_discard_problem(const drill::DiscardPosition& p) {
  std::vector<Tile> rest = p.hand.concealed;
  if (p.drawn) {
    const auto it = std::find(rest.begin(), rest.end(), *p.drawn);
    if (it != rest.end()) rest.erase(it);
  }
  std::string melds;
  for (const Meld& m : p.hand.melds) melds += " " + format_meld(m);
  fmt::print("  Hand:  {}{}{}\n", format_tiles(rest),
             p.drawn ? " + " + tile_to_string(*p.drawn) + " (drawn)" : "", melds);
  std::string dora;
  for (Tile t : p.dora_indicators)
    dora += fmt::format("{}{} (dora {})", dora.empty() ? "" : ", ", tile_to_string(t),
                        kind_to_string(dora_of(t.kind)));
  fmt::print("  Dora indicator {}; seat {}{}, round {}, turn {} ({} draws left); rules {}\n", dora,
             kWindNames[p.seat_wind], p.seat_wind == 0 ? " (dealer)" : "", kWindNames[p.round_wind],
             p.turn, 18 - p.turn, p.rules.name);
  if (p.table) {
    fmt::print("  Honba {}, riichi sticks {}. The table:\n", p.honba, p.riichi_sticks);
    print_table(p);
  }
  fmt::print("  Source: {}\n  What do you discard?\n", p.source);
}

void print_discard_key(const drill::DiscardPosition& p, const drill::DiscardKey& key) {
  fmt::print("Answer: {}{}\n", tile_to_string(key.rows.front().tile),
             p.played ? fmt::format(" (the player discarded {})", tile_to_string(*p.played)) : "");
  fmt::print("  {:<8}{:>8}{:>7}{:>8}{:>10}{:>7}", "discard", "shanten", "tiles", "win", "exp.score",
             "riichi");
  if (key.danger) fmt::print("{:>9}{:>8}  {:<11}", "deal-in", "loss", "safety");
  fmt::print("{:>9}\n", "value");
  for (const drill::DiscardRow& r : key.rows) {
    fmt::print("  {:<8}{:>8}{:>7}{:>8}{:>10.0f}{:>7}", tile_to_string(r.tile), r.shanten,
               r.effective, percent(r.win), r.score, r.riichi ? "yes" : "");
    if (key.danger) fmt::print("{:>9}{:>8.0f}  {:<11}", percent(r.deal_in), r.loss, r.safety);
    fmt::print("{:>9.0f}\n", r.value);
  }
  fmt::print("  Ranked by {}{}.\n",
             key.danger ? "expected points x (1 - deal-in) - expected loss" : "expected points",
             key.approximate ? " (the evaluation approximated this hand)" : "");
}

// ---------------------------------------------------------------- score
void print_score_problem(const drill::ScoreProblem& p) {
  fmt::print("  riichi score \"{}\"{}\n", p.text,
             p.rules.name == "ema2016" ? "" : " --rules " + p.rules.name);
  const WinContext& c = p.vector.context;
  fmt::print("  How much? han and fu (or the limit) and the payment ({}).\n",
             !c.tsumo      ? "ron: one number"
             : c.seat == 0 ? "dealer tsumo: each"
                           : "non-dealers/dealer");
}

void print_score_key(const drill::ScoreProblem& p) {
  const ScoreResult& k = p.key;
  const WinContext& c = p.vector.context;
  const std::string pay = drill::payment_text(drill::expected_payment(p), c.tsumo, c.seat == 0);
  if (k.yakuman_units > 0)
    fmt::print("Answer: {}, {}\n", limit_name(k.limit, k.yakuman_units), pay);
  else
    fmt::print("Answer: {} han {} fu{}, {}\n", k.han, k.fu,
               k.limit == Limit::kNone ? "" : " (" + limit_name(k.limit, 0) + ")", pay);
  print_score_sheet(k, p.vector, p.rules);
}

// ---------------------------------------------------------------- one problem
struct Shown {
  bool ok = false;
  std::function<void()> key;                                              // prints the answer key
  std::function<std::pair<bool, std::string>(const std::string&)> grade;  // throws DrillError
};

Shown show(const drill::DrillRequest& req, bool with_key_now) {
  Shown s;
  const drill::ProblemId& id = req.id;
  const std::string head = fmt::format("Problem {} ({} level {}, seed {}", id.index + 1,
                                       drill::drill_kind_name(id.kind), id.level, id.seed);
  switch (id.kind) {
    case drill::DrillKind::kWaits: {
      auto p = std::make_shared<drill::WaitsProblem>(drill::make_waits_problem(id));
      fmt::print("{}): {}\n", head, p->title);
      print_waits_problem(*p);
      s.key = [p] { print_waits_key(*p); };
      s.grade = [p](const std::string& text) {
        const drill::WaitsGrade g = drill::grade_waits(*p, drill::parse_waits_answer(text));
        return std::pair{g.correct, g.summary};
      };
      break;
    }
    case drill::DrillKind::kDiscard: {
      auto p = std::make_shared<drill::DiscardPosition>(
          drill::make_discard_position(id, req.rules, req.logs_dir));
      fmt::print("{}): {}\n", head, p->title);
      print_discard_problem(*p);
      auto key = std::make_shared<drill::DiscardKey>();
      auto solve = [p, key] {
        if (key->rows.empty()) *key = drill::solve_discard(*p);
      };
      s.key = [p, key, solve] {
        solve();
        print_discard_key(*p, *key);
      };
      s.grade = [p, key, solve](const std::string& text) {
        const Tile t = drill::parse_discard_answer(text, *p);
        solve();
        const drill::DiscardGrade g = drill::grade_discard(*p, *key, t);
        return std::pair{g.correct, g.why};
      };
      break;
    }
    case drill::DrillKind::kScore: {
      auto p = std::make_shared<drill::ScoreProblem>(drill::make_score_problem(id, req.rules));
      fmt::print("{}, rules {}): {}\n", head, p->rules.name, p->title);
      print_score_problem(*p);
      s.key = [p] { print_score_key(*p); };
      s.grade = [p](const std::string& text) {
        const drill::ScoreGrade g = drill::grade_score(*p, drill::parse_score_answer(text));
        return std::pair{g.correct, g.summary};
      };
      break;
    }
  }
  if (with_key_now) s.key();
  s.ok = true;
  return s;
}

const char* answer_hint(drill::DrillKind kind) {
  switch (kind) {
    case drill::DrillKind::kWaits:
      return "the winning tiles, e.g. 1p4p7p";
    case drill::DrillKind::kDiscard:
      return "one tile of the hand, e.g. 5p (0p = red five)";
    case drill::DrillKind::kScore:
      return "han fu payment, e.g. \"3 30 3900\", \"2 40 700/1300\", or \"mangan 8000\"";
  }
  return "";
}

// --play: asks each problem, grades the answer, prints the key; q quits.
int play(const DrillOptions& opt, drill::DrillRequest req) {
  int right = 0, asked = 0, streak = 0, best_streak = 0;
  fmt::print("Answer with {}; s skips, q quits.\n\n", answer_hint(req.id.kind));
  for (int i = 0; i < opt.count; ++i) {
    req.id.index = opt.start + i;
    Shown s = show(req, false);
    for (;;) {
      fmt::print("Your answer: ");
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) {
        fmt::print("\n");
        i = opt.count;
        break;
      }
      if (line == "q" || line == "quit") {
        i = opt.count;
        break;
      }
      if (line == "s" || line == "skip") {
        s.key();
        ++asked;
        streak = 0;
        break;
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      try {
        const auto [correct, summary] = s.grade(line);
        ++asked;
        if (correct) {
          ++right;
          best_streak = std::max(best_streak, ++streak);
        } else {
          streak = 0;
        }
        fmt::print("{}\n", summary);
        s.key();
        break;
      } catch (const drill::DrillError& e) {
        fmt::print("  {} (try again: {})\n", e.what(), answer_hint(req.id.kind));
      }
    }
    fmt::print("\n");
  }
  fmt::print("Score {}/{}, best streak {}.\n", right, asked, best_streak);
  return 0;
}

int run(const DrillOptions& opt) {
  const auto kind = drill::parse_drill_kind(opt.drill);
  if (!kind) {
    fmt::print(stderr, "error: unknown drill '{}' (waits, discard, score)\n", opt.drill);
    return kExitBadInput;
  }
  std::string rules_error;
  const std::optional<Rules> rules = Rules::try_parse(opt.rules, &rules_error);
  if (!rules) {
    fmt::print(stderr, "error: --rules '{}': {}\n", opt.rules, rules_error);
    return kExitBadInput;
  }
  if (opt.json && opt.play) {
    fmt::print(stderr, "error: --json and --play do not go together\n");
    return kExitBadInput;
  }
  drill::DrillRequest req;
  req.id = drill::ProblemId{*kind, opt.level, opt.seed, opt.start};
  req.rules = *rules;
  req.logs_dir = opt.logs;
  try {
    drill::check_problem_id(req.id);
    drill::check_problem_id(
        drill::ProblemId{*kind, opt.level, opt.seed, opt.start + opt.count - 1});
    if (opt.play) return play(opt, req);
    if (!opt.json)
      fmt::print("# {} drill, level {}: {}; seed {}{}\n\n", opt.drill, opt.level,
                 drill::level_title(*kind, opt.level), opt.seed,
                 opt.seed_given ? "" : " (give --seed to see these again)");
    for (int i = 0; i < opt.count; ++i) {
      req.id.index = opt.start + i;
      if (opt.json) {
        fmt::print("{}\n", io::dump_json(drill::problem_json(req, true)));
      } else {
        show(req, true);
        fmt::print("\n");
      }
      std::fflush(stdout);
    }
  } catch (const drill::DrillError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace

void add_drill_command(CLI::App& app) {
  auto opt = std::make_shared<DrillOptions>();
  CLI::App* sub = app.add_subcommand(
      "drill",
      "Practice problems graded by the engine: which waits, what to discard, how much it scores.");
  sub->add_option("drill", opt->drill, "waits, discard or score")
      ->required()
      ->check(CLI::IsMember({"waits", "discard", "score"}));
  sub->add_option("--level", opt->level,
                  "Level: waits 1-5, discard 1-5, score 1-4 (see docs/drills.md)")
      ->capture_default_str();
  sub->add_option("--seed", opt->seed, "Seed of the session: the same seed gives the same problems")
      ->each([opt](const std::string&) { opt->seed_given = true; });
  sub->add_option("--count", opt->count, "Number of problems")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--start", opt->start, "Index of the first problem (0-based)")
      ->check(CLI::Range(0, drill::kMaxIndex - 1))
      ->capture_default_str();
  std::string presets;
  for (const std::string& n : Rules::preset_names()) presets += (presets.empty() ? "" : ", ") + n;
  sub->add_option("--rules", opt->rules,
                  "Rule preset for scoring and hand values (" + presets + ")")
      ->capture_default_str();
  sub->add_option("--logs", opt->logs,
                  "Directory of Tenhou logs for discard level 5 (default: $RIICHI_DRILL_LOGS or "
                  "the shared data)");
  sub->add_flag("--json", opt->json,
                "One JSON object per line and problem, with its answer key (docs/drills.md)");
  sub->add_flag("--play", opt->play, "Ask the problems in the terminal and grade the answers");
  sub->footer(
      "Answers in --play: waits \"1p4p7p\"; discard \"5p\"; score \"3 30 3900\" (han fu\n"
      "payment), \"2 40 700/1300\" (a non-dealer's tsumo: non-dealers/dealer), \"mangan 8000\".\n"
      "Exit status: 0 done, 2 bad input (unknown level, rules, no logs for discard level 5).");
  sub->callback([opt] {
    if (!opt->seed_given) opt->seed = std::random_device{}() % 1000000;
    const int code = run(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace riichi::cli
