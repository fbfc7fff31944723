// `riichi analyze HAND [--visible TILES] [--json]`: shanten, waits, effective tiles, discards.
#include <fmt/core.h>

#include <iostream>
#include <string>

#include "commands.hpp"
#include "input_error.hpp"
#include "io/analysis_json.hpp"
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

int run(const std::string& text, const std::string& visible_text, bool json) {
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
      "  riichi analyze '123m456p78s c345p 11z' --visible 9s6s");
  auto text = std::make_shared<std::string>();
  auto visible = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("hand", *text,
                  "tiles in mpsz notation: a concealed part of 3n+1 or 3n+2 tiles (13/14, or fewer "
                  "with declared melds implied), melds as c456s p777z m1111z k2222m a5555s")
      ->required();
  cmd->add_option("--visible", *visible,
                  "tiles seen elsewhere (discards, melds, dora indicators), e.g. 1m1m5z");
  cmd->add_flag("--json", *json, "print one JSON object");
  cmd->callback([=] {
    const int code = run(*text, *visible, *json);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace riichi::cli
