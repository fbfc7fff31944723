// A plain game (io/plain_game.hpp: tiles as kinds, from tenhou.net/6 or mjai) turned into the
// Tenhou structs of io/tenhou_mjlog.hpp with physical tile ids, so that it replays through the
// engine like an mjlog (io/tenhou_replay.hpp). Ids are given in order of appearance: a red five
// is copy 0 of its five (ids 16, 52, 88) when the game plays with red fives, the other copies
// follow; a discard or call uses a copy the player holds (a discard of the drawn kind that is not
// tsumogiri takes another copy when there is one).
#pragma once

#include <string>
#include <string_view>

#include "io/plain_game.hpp"
#include "io/tenhou_mjlog.hpp"

namespace riichi::io {

// The lobby bits of a rule label: Tenhou's "四鳳南喰赤", "般東喰", "特南喰赤速", "三鳳南喰赤"
// (three players) and English labels of other sites ("Gold Room South": hanchan, open tanyao).
// Red fives as given.
MjlogGameType game_type_from_label(std::string_view label, bool red_fives);

// One hand. Throws FormatError(where, ...) when the tiles cannot be physical (a fifth copy, a
// step using a tile its player does not hold).
// `players`: 3 for a three-player hand (seat winds over three seats).
MjlogRound mjlog_round_from_plain(const PlainHand& hand, bool red_fives, const std::string& where,
                                  int players = 4);

// The whole game: names, the type from `rule`, log_id, every hand, the final result. Seat 0 is the
// first dealer. A game whose first hand is not East 1 at 0 honba is marked starts_mid_game.
MjlogGame mjlog_from_plain(const PlainGame& game, const std::string& file);

}  // namespace riichi::io
