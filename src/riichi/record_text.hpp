// The compact serialisation of a game: one line of text that holds its rules, seed and every
// action, from which the whole state is rebuilt by replaying it (see record.hpp).
//
//   riichi/1 <rules spec> <seed> <action> <action> ...
//
// The rules spec is full_rules_spec() (no spaces). Each action is one token:
//   <type><seat>[.<tile>[.<use>...]][!]
// type: d discard, r riichi, t tsumo, n ron, c chi, p pon, m daiminkan, k kakan, a ankan,
// q kyuushu, x pass, b kita (three players: a North set aside, "pei"); seat 0..3; tile and uses are
// physical ids 0..135; '!' marks tsumogiri; a final '*' marks human input (InputMode::kHuman: may
// commit chombo / dead hand). Example: "d0.52!" = seat 0 discards id 52, the tile just drawn;
// "p2.41.40.42" = seat 2 pons id 41 with ids 40 and 42 from the hand. Player names are not part of
// it.
#pragma once

#include <string>
#include <string_view>

#include "riichi/record.hpp"

namespace riichi {

std::string to_text(const GameRecord& record);
// The token of one action (as in to_text): appending " " + token to the text of a record gives
// the text of the record with that action applied.
std::string action_text(const Action& action, InputMode mode = InputMode::kLegalOnly);
// Throws std::invalid_argument naming the token (its index and text) and what is wrong.
GameRecord record_from_text(std::string_view text);

}  // namespace riichi
