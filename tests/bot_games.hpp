// Test helper: a whole recorded game between greedy random bots (they win, declare riichi and
// call often enough to exercise the records).
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record.hpp"

namespace riichi::testing {

inline GameRecorder greedy_game(const Rules& rules, std::uint64_t seed) {
  std::array<std::unique_ptr<bots::Bot>, 4> players;
  for (int s = 0; s < 4; ++s)
    players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
        bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = true});
  return bots::play_recorded(rules, seed, bots::seats_of(players));
}

// Plays the first legal action of whoever is to play until `seat` must act on its own turn (an
// element of legal_actions() itself: apply() takes it by value, so the record keeps it); false
// when that turn does not come within 500 actions.
inline bool play_first_actions_until_own_turn(GameRecorder& rec, int seat) {
  for (int guard = 0; guard < 500; ++guard) {
    if (rec.game().to_play() == seat && rec.game().round().phase() == Phase::kSelf) return true;
    const int s = rec.game().to_play();
    if (!rec.apply(rec.game().legal_actions(s).front()).ok) return false;
  }
  return false;
}

// A tsumo declared by `seat` without a complete hand, with a tile it holds: refused for a bot, a
// chombo for a human (RULES.md §4.5).
inline Action false_tsumo(const Game& game, int seat) {
  Action a;
  a.type = ActionType::kTsumo;
  a.seat = static_cast<std::int8_t>(seat);
  a.tile = -1;
  for (const Action& legal : game.legal_actions(seat))
    if (legal.type == ActionType::kDiscard) a.tile = legal.tile;
  return a;
}

}  // namespace riichi::testing
