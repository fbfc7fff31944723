// Push or fold, between the valuation (options.cpp) and the words (options_reason.cpp): the facts
// about each option that its one-line reason needs beyond OptionValue.
#pragma once

#include <string>
#include <vector>

#include "eval/options.hpp"
#include "eval/options_plan.hpp"

namespace riichi::eval::detail {

struct OptionNote {
  int now_kind = -1;         // the kind put at risk now (a discard, a call's discard, a kakan)
  int kan_kind = -1;         // a kan: its kind; a call: the called kind
  bool value_honor = false;  // a pon / kan of a value honour (a yaku by itself)
  bool in_riichi = false;    // the seat was in riichi already
  // Riichi or dama on the same tile: the other choice's win chance and mean win value.
  bool has_alternative = false;
  double alt_win = 0, alt_value = 0, alt_exp = 0;
  int wait_tiles = 0;      // tenpai discards: the unseen copies of the waits
  std::string win_detail;  // a win: "mangan, 4 han 30 fu"
};

// Writes report.options[i].reason for every option (`notes` parallel to the options).
void write_reasons(const Observation& obs, const TableOutlook& table,
                   const std::vector<OptionNote>& notes, OptionsReport& report);

// "4m", "0p" (red five), "7z": the name a player reads.
std::string tile_text(int id, bool red_fives);

}  // namespace riichi::eval::detail
