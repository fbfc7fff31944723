// `riichi analyze HAND [--visible TILES] [--json] [--ev ...]`: shanten, waits, effective tiles,
// discards, and with --ev the hand value of each discard (src/eval/ev.hpp, docs/eval.md).
#include <fmt/core.h>

#include <chrono>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "eval/tile_distance.hpp"
#include "input_error.hpp"
#include "io/analysis_json.hpp"
#include "io/ev_json.hpp"
#include "io/json_text.hpp"
#include "riichi/analysis.hpp"

namespace riichi::cli {

namespace {

std::string kind_list(const std::vector<KindCount>& tiles) {
  std::string out;
  for (const KindCount& t : tiles)
    out += fmt::format("{}{}x{}", out.empty() ? "" : " ", kind_to_string(t.kind), t.remaining);
  return out.empty() ? "-" : out;
}

std::string shanten_words(int s) {
  if (s == -1) return "complete (agari)";
  if (s == 0) return "tenpai";
  return fmt::format("{}-shanten", s);
}

void print_forms(const ShantenDetail& d) {
  fmt::print("Shanten:  {} ({})   standard {}", d.shanten, shanten_words(d.shanten), d.standard);
  if (d.chiitoitsu < 99) fmt::print(", chiitoitsu {}, kokushi {}", d.chiitoitsu, d.kokushi);
  fmt::print("\n");
}

void print_waits(const HandAnalysis& a) {
  fmt::print("Waits:    {} kinds, {} tiles left{}\n", a.waits.size(), a.waits_total,
             a.tenpai_for_payment ? "" : "  (NOT tenpai for payments: waits only on own 4 copies)");
  fmt::print("  {:<6}{:>5}  {}\n", "tile", "left", "shapes");
  for (const Wait& w : a.waits) {
    std::string shapes;
    for (int s = 0; s < kNumWaitShapes; ++s)
      if (w.has(static_cast<WaitShape>(s)))
        shapes +=
            (shapes.empty() ? "" : ", ") + std::string(wait_shape_name(static_cast<WaitShape>(s)));
    fmt::print("  {:<6}{:>5}  {}\n", kind_to_string(w.kind), w.remaining, shapes);
  }
}

void print_discards(const HandAnalysis& a) {
  fmt::print("Complete: {}\n", a.complete ? "yes" : "no");
  fmt::print("Discard table (best first):\n");
  fmt::print("  {:<8}{:>8}{:>7}  {}\n", "discard", "shanten", "tiles",
             "effective tiles (kind x left)");
  for (const DiscardOption& d : a.discards)
    fmt::print("  {:<8}{:>8}{:>7}  {}\n", kind_to_string(d.kind), d.shanten, d.total,
               kind_list(d.ukeire));
}

struct AnalyzeOptions {
  std::string hand;
  bool json = false;
  bool ev = false;
  io::EvRequest request;
};

void print_ev_table(const HandAnalysis& a, const eval::HandEv& ev, const io::EvSetup& setup,
                    double ms) {
  const eval::EvPosition& p = setup.position;
  std::string dora;
  for (Tile t : p.dora_indicators) dora += tile_to_string(t);
  fmt::print("Hand value at turn {} ({} draws left), model {}, seat {}, round {}, dora {}{}:\n",
             p.turn, eval::kLastTurn - p.turn, setup.options.name, "ESWN"[p.seat],
             "ESWN"[p.round_wind], dora.empty() ? "-" : dora,
             setup.options.name == "reference" ? "" : ", rules " + p.rules.name);
  fmt::print("  {:<8}{:>8}{:>7}{:>9}{:>9}{:>11}{:>8}  {}\n", "discard", "shanten", "tiles",
             "tenpai", "win", "exp.score", "riichi", "effective tiles (kind x left)");
  for (const eval::DiscardEv& d : ev.discards) {
    const DiscardOption* row = nullptr;
    for (const DiscardOption& o : a.discards)
      if (o.kind == d.tile.kind) row = &o;
    fmt::print("  {:<8}{:>8}{:>7}{:>9.4f}{:>9.4f}{:>11.1f}{:>8}  {}\n", tile_to_string(d.tile),
               row ? row->shanten : d.shanten, row ? row->total : 0, d.value.tenpai[p.turn],
               d.value.win[p.turn], d.value.score[p.turn], d.riichi ? "yes" : "",
               row ? kind_list(row->ukeire) : "-");
  }
  if (ev.stats.approximate)
    fmt::print("Best first by expected score; chain approximation (no search) in {:.1f} ms.\n", ms);
  else
    fmt::print("Best first by expected score; {} states searched in {:.1f} ms.\n",
               ev.stats.draw_nodes + ev.stats.discard_nodes, ms);
}

// --ev: the discard table with the hand value of each discard.
int run_ev(const Hand& hand, const HandAnalysis& a, const AnalyzeOptions& opt) {
  if (a.concealed_tiles % 3 != 2) {
    std::cerr << "error: --ev needs a hand that discards: 3n+2 concealed tiles (14 with the "
                 "melds written out), got "
              << a.concealed_tiles << " concealed tiles\n";
    return kExitBadInput;
  }
  io::EvSetup setup;
  eval::HandEv ev;
  std::chrono::steady_clock::time_point start;
  try {
    setup = io::ev_setup(hand, opt.request);
    eval::check_position(setup.position, setup.options);
    eval::init_tile_distance_tables();  // once per process: not part of the evaluation's time
    start = std::chrono::steady_clock::now();
    ev = eval::evaluate_discards(setup.position, setup.options);
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (opt.json) {
    std::cout << io::dump_json(io::analysis_ev_to_json(a, ev, setup, ms)) << "\n";
    return 0;
  }
  fmt::print("Hand:     {}  ({} concealed tiles)\n", format_hand(a.hand), a.concealed_tiles);
  print_forms(a.shanten);
  print_ev_table(a, ev, setup, ms);
  return 0;
}

int run(const AnalyzeOptions& opt) {
  const std::string& text = opt.hand;
  const std::string& visible_text = opt.request.visible;
  const bool json = opt.json;
  Hand hand;
  std::vector<Tile> visible;
  try {
    hand = parse_hand(text);
  } catch (const ParseError& e) {
    return report_parse_error("hand", text, e);
  }
  if (!visible_text.empty()) {
    try {
      visible = parse_tiles(visible_text);
    } catch (const ParseError& e) {
      return report_parse_error("--visible", visible_text, e);
    }
  }
  HandAnalysis a;
  try {
    a = analyze(hand, visible);
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  if (opt.ev) return run_ev(hand, a, opt);
  if (json) {
    std::cout << io::dump_json(io::analysis_to_json(a)) << "\n";
    return 0;
  }
  fmt::print("Hand:     {}  ({} concealed tiles)\n", format_hand(a.hand), a.concealed_tiles);
  print_forms(a.shanten);
  if (a.concealed_tiles % 3 == 2) {
    print_discards(a);
  } else if (!a.waits.empty()) {
    print_waits(a);
  } else if (a.shanten.shanten == 0) {
    fmt::print("Waits:    none: the only kinds that would complete it are held four times\n");
  } else {
    fmt::print("Effective tiles: {} kinds, {} tiles: {}\n", a.ukeire.tiles.size(), a.ukeire.total,
               kind_list(a.ukeire.tiles));
  }
  return 0;
}

}  // namespace

void add_analyze_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "analyze",
      "Analyse a hand: shanten (standard, seven pairs, thirteen orphans), waits with their\n"
      "shapes for a tenpai hand, effective tiles (ukeire) otherwise, and for a 14-tile hand\n"
      "the discard table. Remaining counts subtract the hand itself and --visible tiles.\n"
      "Examples:\n"
      "  riichi analyze 23456p99s123m456s\n"
      "  riichi analyze 23456p99s          (two melds declared, implied)\n"
      "  riichi analyze --json 1112345678999m\n"
      "  riichi analyze '123m456p78s c345p 11z' --visible 9s6s\n"
      "With --ev, each discard also gets its hand value at turn T (docs/eval.md): the\n"
      "probability to reach tenpai, to win, and the expected score by the last draw, best\n"
      "first by expected score:\n"
      "  riichi analyze 0112233m1125577z --ev --model reference --dora 4p --seat N --round S\n"
      "  riichi analyze 234567m234p22s34s5p --ev --turn 6 --dora 1z --json");
  auto opt = std::make_shared<AnalyzeOptions>();
  std::string* text = &opt->hand;
  std::string* visible = &opt->request.visible;
  bool* json = &opt->json;
  cmd->add_option("hand", *text,
                  "tiles in mpsz notation: a concealed part of 3n+1 or 3n+2 tiles (13/14, or fewer "
                  "with declared melds implied), melds as c456s p777z m1111z k2222m a5555s")
      ->required();
  cmd->add_option("--visible", *visible,
                  "tiles seen elsewhere (discards, melds, dora indicators), e.g. 1m1m5z");
  cmd->add_flag("--json", *json, "print one JSON object");
  cmd->add_flag("--ev", opt->ev,
                "hand value of each discard: tenpai and win probabilities, expected score");
  cmd->add_option("--model", opt->request.model,
                  "with --ev: default (ours, docs/eval.md), fast (the same, searching tenpai and "
                  "1-shanten hands only) or reference (the open-source calculator's model)")
      ->capture_default_str();
  cmd->add_option("--turn", opt->request.turn,
                  "with --ev: draws made so far, 0..18 (18 - T draws left)")
      ->capture_default_str();
  cmd->add_option("--dora", opt->request.dora, "with --ev: dora indicators, e.g. 1z or 3m0p");
  cmd->add_option("--seat", opt->request.seat, "with --ev: seat wind E|S|W|N (E = dealer)")
      ->capture_default_str();
  cmd->add_option("--round", opt->request.round, "with --ev: round wind E|S|W|N")
      ->capture_default_str();
  cmd->add_option(
         "--rules", opt->request.rules,
         "with --ev (default model), for yaku, limits and red fives: " + rules_option_help())
      ->capture_default_str();
  cmd->callback([=] {
    const int code = run(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace riichi::cli
