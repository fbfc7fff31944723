// Playing games between bots: with a full record (records, CLI, tests) or as fast as possible
// (benchmark).
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "bots/bot.hpp"
#include "bots/random_bot.hpp"
#include "riichi/game.hpp"
#include "riichi/record.hpp"

namespace riichi::bots {

using Seats = std::array<Bot*, 4>;

// Four random bots seeded from the game seed (bot_seed(game_seed, seat)).
std::array<std::unique_ptr<Bot>, 4> make_random_bots(std::uint64_t game_seed);
Seats seats_of(const std::array<std::unique_ptr<Bot>, 4>& bots);

// Asks the seat to play for its action (building the observation only when the bot wants it).
Action ask(const Game& game, Bot& bot, int seat);
// Asks the seat to play and applies its choice to `game`, by position when the bot picks by
// position (Bot::choose_index, Game::apply_legal: no search of the legal list; for plain
// discards Bot::choose_discard, without the list at all). `chosen` receives the action applied
// (or refused).
ApplyResult play_turn(Game& game, Bot& bot, int seat, Action& chosen);
// Plain discards in a row, as play_turn would make them turn by turn, without its per-turn
// dispatch (Game::play_discards): while the seat to play has plain discards only
// (Round::discard_only_count) and its bot picks them by count (Bot::discards_by_count,
// Bot::choose_discard >= 0), makes the bot's discard with the claim windows nobody can answer
// and the next draw. A claim window whose seat to answer has a bot that picks by count and wants
// no observation (DiscardRuns::answers) is answered too, as play_turn answers it (choose_index
// with an empty observation, the list of Round::legal_actions); the run goes on after a pass that
// lets the next turn's draw follow, and stops after any other answer (a call or a win, whose
// events the caller may read). Stops at a turn it does not make (nothing of that turn changed: a
// turn with more than discards, a claim window another bot answers, a bot that picks otherwise)
// and after a discard that ends the hand. A position past the count goes to Game::apply_legal, as
// in play_turn: made if legal there, else std::logic_error ("<bot> bot chose an illegal action:
// <reason>"). Returns the number of actions made; `last` receives the last of them.
int play_discards(Game& game, const Seats& bots, Action& last);
// Whether play_discards is worth asking at a table (decided once per game): never when no bot
// picks by count; when some do, only on their turns (a run that reaches a bot that picks
// otherwise has asked the Round for a discard count it does not use).
class DiscardRuns {
 public:
  DiscardRuns(const Seats& bots, int players) {
    for (int s = 0; s < players; ++s) {
      const Bot& bot = *bots[static_cast<std::size_t>(s)];
      if (!bot.discards_by_count()) continue;
      by_count_ |= 1u << s;
      if (!bot.wants_observation()) answers_ |= 1u << s;
      // A random bot that is not greedy: its discards drawn without the virtual call.
      if (auto* r = dynamic_cast<RandomBot*>(bots[static_cast<std::size_t>(s)]); r && !r->greedy())
        random_[static_cast<std::size_t>(s)] = r;
    }
    all_ = by_count_ == (1u << players) - 1;
  }
  // The bot at `seat` when it is a RandomBot that is not greedy (its choose_discard is
  // choose_plain_discard, called directly), else nullptr.
  RandomBot* random(int seat) const { return random_[static_cast<std::size_t>(seat)]; }
  // Whether the bot at `seat` picks its discards by count (Bot::discards_by_count, asked once).
  bool by_count(int seat) const { return by_count_ >> seat & 1; }
  // Whether the bot at `seat` also answers its claim windows within a run: it picks by count and
  // wants no observation (Bot::wants_observation, asked once: play_turn would give it the empty
  // observation at every decision).
  bool answers(int seat) const { return answers_ >> seat & 1; }
  bool answers_any() const { return answers_ != 0; }
  bool worth_asking(const Game& game) const {
    if (all_) return true;
    if (by_count_ == 0) return false;
    const int seat = game.to_play();
    return seat >= 0 && (by_count_ >> seat & 1);
  }

 private:
  unsigned by_count_ = 0;
  unsigned answers_ = 0;
  std::array<RandomBot*, 4> random_{};
  bool all_ = false;
};

// The same with the table's DiscardRuns: which bots pick by count is read from it, not asked
// per turn.
int play_discards(Game& game, const Seats& bots, const DiscardRuns& runs, Action& last);

// Plays a whole game and records it. Player names are the bots' names.
GameRecorder play_recorded(const Rules& rules, std::uint64_t seed, const Seats& bots);

struct FastStats {
  FinalResult final;
  int hands = 0;
  long actions = 0;
};
// Plays a whole game through Game without recording anything.
FastStats play_fast(const Rules& rules, std::uint64_t seed, const Seats& bots);

}  // namespace riichi::bots
