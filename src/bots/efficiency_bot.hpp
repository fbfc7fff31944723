// The efficiency bot ("efficiency"): plays for speed with the analysis layer, from the
// observation only.
//
//   * Wins: always takes a legal tsumo or ron.
//   * Discards: the lowest shanten after the discard; among those, the most effective tiles
//     (ukeire), counting the copies it can see (own hand, every discard, every meld, the dora
//     indicators); then the tile least worth keeping: an isolated guest wind, then a value
//     honour (a dead honour first), then terminals, 2/8, and middle tiles last; a dora or a lone
//     red five is kept. A plain copy is discarded before a red five, the drawn copy before
//     another.
//   * Riichi: declared whenever it is legal (closed and tenpai after the chosen discard) and the
//     wait has copies left.
//   * Calls (chi, pon): only when the call keeps a yaku and lowers the shanten (after the best
//     discard). An open hand's yaku comes from a plan: a value-honour pung (yakuhai, the only one
//     that needs nothing else), tanyao when the rules allow kuitan (Rules::open_tanyao; the bot
//     takes its Rules at construction, ema2016 by default), honitsu or toitoi when the hand is
//     close (2-shanten or better after the call), or a value-honour pair to pung later. Once open,
//     discards keep to the plans that remain (yaochuu tiles go first for tanyao, ...).
//     Daiminkan: only on an open hand, when it does not worsen the shanten.
//   * Kans: ankan and kakan when the hand does not get worse (same shanten or better; when
//     tenpai, no fewer winning tiles).
//   * Kyuushu kyuuhai: declared when offered, unless kokushi is close (10+ terminal/honour
//     kinds).
//   * Everything else: pass.
//
// Deterministic: no randomness is needed (ties go to the lower tile kind); the seed is kept for
// the registry's uniform interface.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "bots/bot.hpp"
#include "bots/bot_view.hpp"
#include "riichi/rules.hpp"

namespace riichi::bots {

class EfficiencyBot : public Bot {
 public:
  explicit EfficiencyBot(std::uint64_t seed, const Rules& rules = Rules::ema2016());

  std::string name() const override { return "efficiency"; }
  Action choose(const Observation& observation, std::span<const Action> legal) override;
  // The position of choose()'s action in `legal` (every choice is an element of the list).
  int choose_index(const Observation& observation, std::span<const Action> legal) override;
  // read_view() is all it reads of the observation.
  bool own_view_suffices(const Observation& /*own*/) const override { return true; }

  const Rules& rules() const { return rules_; }

  // The building blocks (also used by the defensive bot). `v` = read_view(observation).
  // The plans of the current hand (kPlanFree when no plan is left: then it plays for tenpai).
  std::uint16_t plans(const HandView& v) const;
  // The building blocks return an element of `legal`.
  // On its own turn (kSelf / kDiscardOnly), after wins were taken.
  const Action& choose_turn(const HandView& v, std::span<const Action> legal) const;
  // The efficiency discard (riichi when allowed): `evals`/`best` from evaluate_discards.
  const Action& discard_or_riichi(std::span<const Action> legal, const DiscardEval& best) const;
  // A claim window: a call that keeps a yaku and lowers the shanten, else pass.
  const Action& choose_claim(const HandView& v, std::span<const Action> legal) const;
  // Whether an ankan/kakan keeps the hand as good as the best discard.
  bool kan_is_good(const HandView& v, const Action& kan, const DiscardEval& best) const;
  // The lowest shanten after calling `call` (chi, pon, daiminkan) and the best discard; 99 if
  // the call leaves no yaku plan.
  int call_shanten(const HandView& v, const Action& call) const;

 private:
  // choose()'s action, an element of `legal`.
  const Action& pick(const Observation& observation, std::span<const Action> legal);

  Rules rules_;
};

// Returns the legal tsumo or ron, or nullptr.
const Action* find_win(std::span<const Action> legal);
// Returns the first legal action of `type`, or nullptr.
const Action* find_type(std::span<const Action> legal, ActionType type);

}  // namespace riichi::bots
