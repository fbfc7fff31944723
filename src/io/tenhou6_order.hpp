// The order of play of one tenhou.net/6 hand (docs/export-formats.md §2.3). The format keeps
// per seat the list of takes (draws and calls) and the list of discards; the order of play has
// to be rebuilt. It is ambiguous when a caller could have taken an earlier discard of the same
// tile (the shared `confusing_nakis_*` logs): every order the lists allow (each call on each
// discard it fits, tiles held, every entry used) is a candidate, and `check` (the engine, see
// tenhou6.cpp) keeps the one whose play is legal and matches what follows.
#pragma once

#include <array>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "io/plain_game.hpp"

namespace riichi::io {

// What the engine says of a candidate order.
enum class OrderVerdict {
  kMatches,  // legal and every outcome agrees with the log: taken at once
  kLegal,    // legal play, some outcome differs (a rule mismatch, reported by the replay)
  kIllegal,  // the engine refuses an action: another order is tried
};
using OrderCheck = std::function<OrderVerdict(const PlainHand&)>;

// Fills hand.steps (and completes the wins) from the per-seat lists of `hand_json` (one entry of
// "log"): the first candidate the check accepts, else the first legal one, else the first
// candidate. `hand` must already hold the deal, dora, end and wins. Throws FormatError naming the
// entry when no order uses every entry with tiles held (bad tiles, bad call strings, leftovers).
void order_tenhou6_hand(const nlohmann::json& hand_json, PlainHand& hand, const std::string& where,
                        const OrderCheck& check);

}  // namespace riichi::io
