// Human-readable summary of a played game (selfplay and replay share it).
#pragma once

#include <cstdint>
#include <string>

#include "riichi/record.hpp"

namespace riichi::cli {

// "P0".."P3": seat 0 is the initial East.
std::string player_label(int seat);

// One hand: its name, honba and sticks, who won what (yaku, han, fu, points) or the draw (tenpai,
// payments), and the scores after it.
std::string hand_summary(const HandLog& hand, const Rules& rules);

// The final table: points, rank, uma, penalties, final score, per player in seat order.
std::string final_table(const GameLog& log, const GameRecord& record);

// The whole game: a title line, every hand, the final table.
std::string game_summary(const GameRecord& record, const GameLog& log, const std::string& title);

}  // namespace riichi::cli
