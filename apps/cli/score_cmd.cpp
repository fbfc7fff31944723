// `riichi score "VECTOR" [--rules SPEC] [--json] [--explain]`: scores one win and prints a
// scoring sheet (RULES.md §6-§8) or its JSON form.
#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/json_text.hpp"
#include "io/score_json.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"
#include "score_sheet.hpp"

namespace riichi::cli {

namespace {

struct ScoreOptions {
  std::string vector;
  std::string rules = "ema2016";
  bool json = false;
  bool explain = false;
};

// Exit status when the vector is well formed but is not a valid win.
constexpr int kExitNoWin = 1;

[[noreturn]] void finish(int code) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::exit(code);
}

void print_parse_error(const ParseError& e, const std::string& input) {
  fmt::print(stderr, "error: position {}: {}\n", e.position() + 1, e.reason());
  fmt::print(stderr, "  {}\n  {}^\n", input,
             std::string(std::min(e.position(), input.size()), ' '));
}

void run_score(const ScoreOptions& opt) {
  std::string rules_error;
  const std::optional<Rules> rules = Rules::try_parse(opt.rules, &rules_error);
  if (!rules) {
    fmt::print(stderr, "error: --rules '{}': {}\n", opt.rules, rules_error);
    finish(kExitBadInput);
  }

  WinVector vector;
  try {
    vector = parse_win_vector(opt.vector);
  } catch (const ParseError& e) {
    if (opt.json) fmt::print("{}\n", io::dump_json(io::parse_error_to_json(e, opt.vector), 2));
    print_parse_error(e, opt.vector);
    finish(kExitBadInput);
  }

  const ScoreResult result = score(vector.hand, vector.win, vector.context, *rules);
  if (opt.json) {
    fmt::print("{}\n", io::dump_json(io::score_to_json(result, vector), 2));
    if (!result.ok()) finish(kExitNoWin);
    return;
  }
  if (!result.ok()) {
    fmt::print("Hand      {} + {} ({})\n", format_hand(vector.hand), tile_to_string(vector.win),
               vector.context.tsumo ? "tsumo" : "ron");
    fmt::print(stderr, "no valid win ({}): {}\n", io::score_error_name(result.error),
               result.error_message);
    finish(kExitNoWin);
  }
  print_score_sheet(result, vector, *rules);
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto opt = std::make_shared<ScoreOptions>();
  CLI::App* sub = app.add_subcommand(
      "score", "Score a winning hand given as a win vector and explain every step.");
  sub->add_option("vector", opt->vector,
                  "The win, e.g. \"closed=33m123m123s456s78s win=9s tsumo seat=S flags=riichi\"")
      ->required();
  sub->add_option("--rules", opt->rules,
                  rules_option_help() + ", e.g. tenhou or ema2016,open_tanyao=false")
      ->capture_default_str();
  sub->add_flag("--json", opt->json, "Print the result as JSON");
  sub->add_flag("--explain", opt->explain,
                "Print the full scoring sheet (the default human output already does)");
  sub->footer(
      "Win vector keys (any order; closed, win and ron|tsumo are required):\n"
      "  closed=<tiles>     concealed tiles WITHOUT the winning tile (mpsz: 123m456p11z, 0 = red "
      "5)\n"
      "  melds=[<m> ...]    declared melds: c456s chi (first = called tile), p777p pon,\n"
      "                     m1111z open kan, k2222m added kan, a5555s closed kan\n"
      "  win=<tile>         the winning tile;  ron | tsumo\n"
      "  seat=E|S|W|N       winner's seat wind (default S; E = dealer)\n"
      "  round=E|S|W|N      prevalent wind (default E)\n"
      "  dora=<tiles>       dora indicators (the tiles shown, not the dora)\n"
      "  ura=<tiles>        ura-dora indicators (counted with riichi only)\n"
      "  flags=a,b          riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,\n"
      "                     tenhou, chiihou, renhou\n"
      "  honba=<n>          counters on the table;  sticks=<n> riichi sticks on the table\n"
      "  from=E|S|W|N       discarder of a ron (default: the player before the winner)\n"
      "  pao=E|S|W|N        player liable for daisangen/daisuushii\n"
      "\n"
      "Example:\n"
      "  riichi score \"closed=33m123m123s456s78s win=9s tsumo seat=S round=E flags=riichi\"\n"
      "  -> riichi, menzen tsumo, pinfu, ittsu = 5 han mangan, tsumo 2000/4000\n"
      "\n"
      "Exit status: 0 scored, 1 not a valid win (incomplete, no yaku, shibari), 2 bad input.");
  sub->callback([opt] { run_score(*opt); });
}

}  // namespace riichi::cli
