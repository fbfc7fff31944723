// Bots by name: the one place the CLI, the arena, the servers and the Python module turn a name
// ("random", "efficiency", "defensive", ...) into a bot. Every bot is deterministic for its seed.
//
//   std::unique_ptr<Bot> b = make_bot("efficiency", bot_seed(game_seed, seat));
//
// A seat of a game played from `game_seed` gets the seed bot_seed(game_seed, seat)
// (random_bot.hpp), whatever front-end plays it, so the same game seed and bot names give the same
// game everywhere.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"
#include "riichi/rules.hpp"

namespace riichi::bots {

struct BotInfo {
  std::string name;
  std::string description;  // one line, for --help and error messages
};

// Every registered bot, in a stable order.
const std::vector<BotInfo>& bot_infos();
// "random, greedy, efficiency, defensive": for messages.
std::string bot_names();
bool is_bot_name(std::string_view name);

// A new bot. Throws std::invalid_argument naming the unknown name and listing the known ones.
std::unique_ptr<Bot> make_bot(std::string_view name, std::uint64_t seed);
// The same for a game under `rules` (bots that read rules, e.g. kuitan and red fives for
// "efficiency" and "defensive"; make_bot above assumes ema2016).
std::unique_ptr<Bot> make_bot(std::string_view name, std::uint64_t seed, const Rules& rules);

// Four bots for a game played from `game_seed`: names[s] at seat s, seeded bot_seed(game_seed, s).
std::array<std::unique_ptr<Bot>, 4> make_bots(const std::array<std::string, 4>& names,
                                              std::uint64_t game_seed);
std::array<std::unique_ptr<Bot>, 4> make_bots(const std::array<std::string, 4>& names,
                                              std::uint64_t game_seed, const Rules& rules);

// Splits "a,b,c,d" (or one name for all four seats) into four names, each checked.
// Throws std::invalid_argument with what is wrong.
std::array<std::string, 4> parse_bot_list(std::string_view list);
// The same for `players` seats: one name or `players` names; with three players the fourth
// name is empty (seat 3 has no player).
std::array<std::string, 4> parse_bot_list(std::string_view list, int players);

}  // namespace riichi::bots
