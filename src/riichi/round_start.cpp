// A hand's construction and the next hand in place (Round::restart, Game::start_hand); the deal
// itself is in round.cpp (RULES.md §2.4).
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "riichi/round.hpp"

namespace riichi {

Round::Round(const Rules& rules, const RoundSetup& setup)
    : Round(rules, setup, Wall::from_seed(setup.wall_seed, wall_shape(rules))) {}

Round::Round(const Rules& rules, const RoundSetup& setup, const Wall& wall)
    : Round(rules, setup, wall, std::vector<Event>{}, std::vector<Action>{}) {}

Round::Round(const Rules& rules, const RoundSetup& setup, const Wall& wall,
             std::vector<Event>&& events, std::vector<Action>&& legal)
    : rules_(rules),
      setup_(setup),
      wall_(wall),
      scores_(setup.scores),
      sticks_(setup.riichi_sticks),
      live_end_(wall_shape(rules).live_end()),
      events_(std::move(events)),
      legal_(std::move(legal)) {
  events_.clear();
  legal_.clear();
  events_.reserve(192);
  legal_.reserve(32);  // a hand's longest lists fit: no regrowth during play
  deal();
}

void Round::restart(const Rules& rules, const RoundSetup& setup, const Wall* wall) {
  // Every member as the constructor leaves it, assigned in place: no temporary Round built and
  // moved (~4 KB) each hand. The two buffers keep their memory. The steps that may throw (the
  // reserves, the Rules copy with its name) come first: a throw leaves the previous hand whole.
  // A member added to Round is reset here too (as its initializer in round.hpp gives it).
  events_.reserve(192);
  legal_.reserve(32);
  if (&rules != &rules_) rules_ = rules;
  setup_ = setup;
  if (wall == nullptr)
    wall_ = Wall::from_seed(setup_.wall_seed, wall_shape(rules_));
  else if (wall != &wall_)
    wall_ = *wall;
  static_assert(std::is_trivially_destructible_v<Seat>);  // reused storage, no destructor due
  for (Seat& s : seats_) std::construct_at(&s);  // value-initialized in place, no temporary
  scores_ = setup_.scores;
  sticks_ = setup_.riichi_sticks;
  next_ = 0;
  live_end_ = wall_shape(rules_).live_end();
  rinshan_used_ = 0;
  indicators_ = 1;
  visible_ = {};
  pending_kan_dora_ = 0;
  total_kans_ = 0;
  suukaikan_pending_ = false;
  interrupted_ = false;
  first_discards_ = 0;
  current_ = 0;
  drawn_ = -1;
  drawn_rinshan_ = false;
  haitei_draw_ = false;
  phase_ = Phase::kSelf;
  kuikae_forbidden_ = 0;
  claim_id_ = -1;
  claim_kakan_ = false;
  claim_kita_ = false;
  claim_kan_ = Action{};
  pending_ = 0;
  win_capable_ = 0;
  answers_ = {};
  claim_calls_ = {};
  window_chombo_ = {};
  offence_seen_ = false;
  chombo_reason_ = ChomboReason::kNone;
  result_ = RoundResult{};
  events_.clear();
  legal_.clear();
  legal_seat_ = -1;
  legal_version_ = ~0u;
  discard_only_seat_ = -1;
  discard_only_version_ = ~0u;
  discard_only_ = detail::DiscardNames{};
  kita_names_ = 0;
  version_ = 0;
  deal();
}

}  // namespace riichi
