// The bot interface: a bot sees what one seat may know and picks one of the legal actions.
#pragma once

#include <span>
#include <string>

#include "riichi/round.hpp"

namespace riichi::bots {

class Bot {
 public:
  virtual ~Bot() = default;
  // A short name for records and summaries ("random").
  virtual std::string name() const = 0;
  // Picks one of `legal` (never empty). `observation` is the seat's view (Round::observation);
  // a bot that returns false from wants_observation() may receive an empty observation, which
  // spares the caller building it.
  virtual Action choose(const Observation& observation, std::span<const Action> legal) = 0;
  virtual bool wants_observation() const { return true; }
  // Whether choose() and choose_index() read only what Round::observe_own writes (the own
  // hand and melds, the indicators, the visible counts, the scalars) at the decision whose own
  // view is `own` (observe_own's, for the seat to decide): self-play fills that part first and
  // copies the other seats' discards and melds and the legal list (Round::observe_others) only
  // when this is false.
  virtual bool own_view_suffices(const Observation& /*own*/) const { return false; }
  // Optional fast path for self-play: the position in `legal` of the action choose() would
  // return for the same arguments (a call of either is one decision), or -1 when the bot only
  // implements choose(), which the caller then asks. Game::apply_legal applies the position
  // without searching the list.
  virtual int choose_index(const Observation& /*observation*/, std::span<const Action> /*legal*/) {
    return -1;
  }
  // Optional faster path for a bot whose discards_by_count() is true: when the seat's legal
  // actions are `count` plain discards and nothing else (Round::discard_only_count), the
  // position of the choice choose_index would make on that list, without the list or an
  // observation; -1 when the bot needs them after all. Other bots are never asked (the caller
  // does not count).
  virtual bool discards_by_count() const { return false; }
  virtual int choose_discard(int /*count*/) { return -1; }
};

}  // namespace riichi::bots
