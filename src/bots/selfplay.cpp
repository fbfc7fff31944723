#include "bots/selfplay.hpp"

#include <stdexcept>

#include "bots/random_bot.hpp"

namespace riichi::bots {

std::array<std::unique_ptr<Bot>, 4> make_random_bots(std::uint64_t game_seed) {
  std::array<std::unique_ptr<Bot>, 4> bots;
  for (int s = 0; s < 4; ++s)
    bots[static_cast<std::size_t>(s)] = std::make_unique<RandomBot>(bot_seed(game_seed, s));
  return bots;
}

Seats seats_of(const std::array<std::unique_ptr<Bot>, 4>& bots) {
  return {bots[0].get(), bots[1].get(), bots[2].get(), bots[3].get()};
}

namespace {

// The seat's view for its bot: an empty observation when the bot does not want one.
const Observation& view(const Game& game, const Bot& bot, int seat) {
  static const Observation kEmpty;
  if (!bot.wants_observation()) return kEmpty;
  thread_local Observation obs;  // refilled in place: its vectors keep their capacity
  game.round().observe_own(seat, obs);
  if (!bot.own_view_suffices(obs)) game.round().observe_others(seat, obs);
  return obs;
}

}  // namespace

Action ask(const Game& game, Bot& bot, int seat) {
  return bot.choose(view(game, bot, seat), game.legal_actions(seat));
}

ApplyResult play_turn(Game& game, Bot& bot, int seat, Action& chosen) {
  // Plain discards: the bot picks from their number, the Round makes the discard by position.
  // Only on a turn (kSelf, kDiscardOnly): in a claim window the count is 0, not asked.
  const Phase phase = game.round().phase();
  const bool by_count = bot.discards_by_count() && !game.is_over() &&
                        (phase == Phase::kSelf || phase == Phase::kDiscardOnly);
  if (const int count = by_count ? game.round().discard_only_count(seat) : 0; count > 0) {
    if (const int index = bot.choose_discard(count); index >= 0) {
      if (game.apply_discard_only(seat, static_cast<std::size_t>(index), &chosen)) return {};
      return game.apply_legal(seat, static_cast<std::size_t>(index), &chosen);  // refused: why
    }
  }
  const Observation& obs = view(game, bot, seat);
  const std::vector<Action>& legal = game.legal_actions(seat);
  const int index = bot.choose_index(obs, legal);
  if (index < 0) {
    chosen = bot.choose(obs, legal);
    return game.apply(chosen);
  }
  chosen = legal[static_cast<std::size_t>(index)];
  return game.apply_legal(seat, static_cast<std::size_t>(index));
}

int play_discards(Game& game, const Seats& bots, Action& last) {
  return play_discards(game, bots, DiscardRuns(bots, game.rules().players), last);
}

namespace {

[[noreturn]] void throw_illegal_choice(const Bot& bot, const std::string& reason) {
  throw std::logic_error(bot.name() + " bot chose an illegal action: " + reason);
}

// play_turn() past its discard count, for a bot that wants no observation
// (DiscardRuns::answers): the same calls of the bot, without building the observation.
void answer_turn(Game& game, Bot& bot, int seat, Action& chosen) {
  static const Observation kEmpty;  // what view() gives such a bot
  const std::vector<Action>& legal = game.round().legal_actions(seat);
  const int index = bot.choose_index(kEmpty, legal);
  // The list is the Round's cache of this state: the action is applied from it, no reason built.
  if (index >= 0 && game.apply_cached(seat, static_cast<std::size_t>(index), chosen)) return;
  ApplyResult applied;
  if (index < 0) {
    chosen = bot.choose(kEmpty, legal);
    applied = game.apply(chosen);
  } else {
    applied = game.apply_legal(seat, static_cast<std::size_t>(index), &chosen);
  }
  if (!applied.ok) throw_illegal_choice(bot, applied.reason);
}

// After an answer in a claim window (`last`): whether the run goes on. It does after a pass that
// leaves the window open, or after which the next turn's draw was made (the window closed
// without a call). Anything else (a call, a kan's window closed) ends it: the caller may read
// its events.
bool goes_on_after_answer(const Round& round, const Action& last) {
  if (last.type != ActionType::kPass) return false;
  const Phase now = round.phase();
  if (now == Phase::kClaim || now == Phase::kChankan) return true;
  const Event& event = round.events().back();
  return now == Phase::kSelf && event.type == EventType::kDraw && !event.rinshan;
}

// play_discards() past its first test, out of line: the claim windows of bots that answer
// otherwise return without this frame's registers saved and restored.
[[gnu::noinline]] int play_discard_run(Game& game, const Seats& bots, const DiscardRuns& runs,
                                       Action& last) {
  int seat = -1, refused = -1;
  const auto pick = [&bots, &runs, &seat](int s, int count) {
    seat = s;
    if (RandomBot* random = runs.random(s)) return random->choose_plain_discard(count);
    return runs.by_count(s) ? bots[static_cast<std::size_t>(s)]->choose_discard(count) : -1;
  };
  // The run stays in one hand: a hand's end is seen by the caller before the next hand's play.
  const std::size_t hands = game.results().size();
  const Round& round = game.round();  // the current hand's Round (the same object for the next)
  int made = 0;
  // A random bot's answer within the Round's run, pick()'s draws without the list: to a claim
  // window without a ron (Round::claim_call_count: those calls and a pass; the pass three times
  // in four), and on a kita turn (Round::kita_turn_size: the kita and the discards, one uniform
  // draw, as pick() draws on that list). -2 (left to answer_turn below) for other bots.
  const auto answer = [&runs, &round](int s, int n, bool window) {
    RandomBot* random = runs.random(s);
    if (random == nullptr) return -2;
    if (!window) return random->choose_plain_discard(n);
    return random->choose_claim([&round, s] { return round.claim_call_count(s); });
  };
  for (;;) {
    const int now = game.play_discards(pick, answer, last, refused);
    made += now;
    if (refused >= 0) {
      // A position past the count: apply_legal says why (or makes it, if legal after all).
      const ApplyResult applied = game.apply_legal(seat, static_cast<std::size_t>(refused), &last);
      if (!applied.ok) throw_illegal_choice(*bots[static_cast<std::size_t>(seat)], applied.reason);
      return made + 1;
    }
    if (game.results().size() != hands) return made;  // the hand (or the game) is over
    // The run's last action an answer (a random bot's, in the Round's run): after a call, or a
    // pass after which neither the window stays open nor the next draw followed, the caller
    // reads its events (as after answer_turn below).
    if (now > 0 && last.type != ActionType::kDiscard && !goes_on_after_answer(round, last))
      return made;
    // A claim window, or a turn with more than discards (count 0; a pick below 0 is left to
    // play_turn, which asks the bot again): its answer when its bot answers in a run.
    const int answering = round.to_play();
    if (!runs.answers(answering)) return made;
    const Phase phase = round.phase();
    const bool window = phase == Phase::kClaim || phase == Phase::kChankan;
    if (!window && round.discard_only_count(answering) != 0) return made;
    answer_turn(game, *bots[static_cast<std::size_t>(answering)], answering, last);
    ++made;
    if (game.results().size() != hands) return made;
    if (!window) {
      // A plain discard goes on; anything else (riichi, a kan, kita) ends the run: the caller
      // reads it.
      if (last.type != ActionType::kDiscard) return made;
      continue;
    }
    if (!goes_on_after_answer(round, last)) return made;
  }
}

}  // namespace

int play_discards(Game& game, const Seats& bots, const DiscardRuns& runs, Action& last) {
  // A claim window no bot of the table answers within a run (or a game over): nothing to make,
  // and nothing changed (Game::play_discards returns 0 there; a hand just over is ended by the
  // run below, as before).
  const Phase phase = game.round().phase();
  if (game.is_over() ||
      ((phase == Phase::kClaim || phase == Phase::kChankan) && !runs.answers_any()))
    return 0;
  return play_discard_run(game, bots, runs, last);
}

GameRecorder play_recorded(const Rules& rules, std::uint64_t seed, const Seats& bots) {
  std::array<std::string, 4> names;
  for (int s = 0; s < 4; ++s)  // three players: no bot at seat 3
    if (const Bot* b = bots[static_cast<std::size_t>(s)])
      names[static_cast<std::size_t>(s)] = b->name();
  GameRecorder rec(rules, seed, names);
  while (!rec.game().is_over()) {
    const int seat = rec.game().to_play();
    const Action a = ask(rec.game(), *bots[static_cast<std::size_t>(seat)], seat);
    const ApplyResult applied = rec.apply(a);
    if (!applied.ok)
      throw std::logic_error(bots[static_cast<std::size_t>(seat)]->name() +
                             " bot chose an illegal action: " + applied.reason);
  }
  return rec;
}

FastStats play_fast(const Rules& rules, std::uint64_t seed, const Seats& bots) {
  Game game(rules, seed);
  FastStats stats;
  const DiscardRuns runs(bots, rules.players);
  while (!game.is_over()) {
    Action a;
    if (const int made = runs.worth_asking(game) ? play_discards(game, bots, runs, a) : 0;
        made > 0) {
      stats.actions += made;
      continue;
    }
    const int seat = game.to_play();
    const ApplyResult applied = play_turn(game, *bots[static_cast<std::size_t>(seat)], seat, a);
    if (!applied.ok)
      throw std::logic_error(bots[static_cast<std::size_t>(seat)]->name() +
                             " bot chose an illegal action: " + applied.reason);
    ++stats.actions;
  }
  stats.hands = static_cast<int>(game.results().size());
  stats.final = game.final_result();
  return stats;
}

}  // namespace riichi::bots
