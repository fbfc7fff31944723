// Chombo and dead hand (RULES.md §4.5) for human input and replayed records: apply() with
// InputMode::kHuman, declare_chombo(), declare_dead_hand(), and their settlement. Bots never
// reach this file: legal_actions never offers an offence, and every check elsewhere is behind
// `offence_seen_`.
#include <string>

#include "riichi/round.hpp"
#include "riichi/shanten.hpp"
#include "riichi/waits.hpp"

namespace riichi {

namespace {

constexpr std::uint64_t kind_bit(int kind) { return std::uint64_t{1} << kind; }

ApplyResult refuse(const std::string& why) { return {false, why}; }

bool window(Phase p) { return p == Phase::kClaim || p == Phase::kChankan; }

}  // namespace

const char* chombo_reason_name(ChomboReason reason) {
  static constexpr const char* kNames[] = {
      "none",           "false_win", "noten_riichi", "illegal_riichi_kan", "dead_hand_claim",
      "tiles_revealed", "other"};
  return kNames[static_cast<int>(reason)];
}

const char* dead_hand_reason_name(DeadHandReason reason) {
  static constexpr const char* kNames[] = {"none",           "wrong_tile_count", "invalid_call",
                                           "kuikae",         "riichi_open_hand", "invalid_riichi",
                                           "empty_win_call", "tiles_revealed",   "other"};
  return kNames[static_cast<int>(reason)];
}

// ------------------------------------------------------------------------------------------
// Entry points

ApplyResult Round::apply(Action action, InputMode mode) {
  ApplyResult res = apply(action);
  if (res.ok || mode == InputMode::kLegalOnly || phase_ == Phase::kOver || action.seat < 0 ||
      action.seat > 3)
    return res;
  // §4.5 Tenhou: the engine forbids the offences.
  if (rules_.chombo == ChomboPenalty::kNone) {
    res.reason += " (no chombo or dead hand under these rules: illegal actions are refused)";
    return res;
  }
  ApplyResult off = apply_offence(action);
  if (!off.ok) off.reason = res.reason + " (" + off.reason + ")";
  return off;
}

ApplyResult Round::declare_chombo(int seat, ChomboReason reason) {
  if (phase_ == Phase::kOver) return refuse("the hand is over");
  if (seat < 0 || seat > 3) return refuse("seat must be 0..3");
  if (reason == ChomboReason::kNone) return refuse("a chombo needs a reason");
  if (rules_.chombo == ChomboPenalty::kNone)
    return refuse("no chombo under these rules (RULES.md §4.5): illegal actions are refused");
  ++version_;
  offence_seen_ = true;
  if (!window(phase_)) {
    settle_chombo(seat, reason);
  } else if (seat != current_ && answers_[seat].seat < 0) {
    answer_offence(seat, reason);  // an answer in the window: voided if another seat wins
  } else {
    window_chombo_[seat] = reason;  // settled when the window closes, unless someone wins
  }
  ++version_;
  return {};
}

ApplyResult Round::declare_dead_hand(int seat, DeadHandReason reason) {
  if (phase_ == Phase::kOver) return refuse("the hand is over");
  if (seat < 0 || seat > 3) return refuse("seat must be 0..3");
  if (reason == DeadHandReason::kNone) return refuse("a dead hand needs a reason");
  if (rules_.chombo == ChomboPenalty::kNone)
    return refuse("no dead hand under these rules (RULES.md §4.5): illegal actions are refused");
  if (is_dead(seat)) return refuse("the hand of seat " + std::to_string(seat) + " is already dead");
  ++version_;
  make_dead(seat, reason);
  if (window(phase_) && (pending_ >> seat & 1)) drop_from_window(seat);
  ++version_;
  return {};
}

// ------------------------------------------------------------------------------------------
// Offences submitted as actions

ApplyResult Round::apply_offence(const Action& a) {
  ++version_;
  const ApplyResult res = window(phase_) ? offence_in_window(a) : offence_on_turn(a);
  ++version_;
  return res;
}

// The seat holds the distinct ids a.uses[0..n).
bool Round::has_legal(int seat, ActionType type) const {
  for (const Action& l : legal_actions(seat))
    if (l.type == type) return true;
  return false;
}

bool Round::holds(int seat, const Action& a, int n) const {
  for (int i = 0; i < n; ++i) {
    const int id = a.uses[i];
    if (id < 0 || id >= kNumTiles || !(seats_[seat].ids[id >> 6] >> (id & 63) & 1)) return false;
    for (int j = 0; j < i; ++j)
      if (a.uses[j] == id) return false;
  }
  return true;
}

// A ron or a call in a claim window (§3.3) that the legal set does not contain.
ApplyResult Round::offence_in_window(const Action& a) {
  const int seat = a.seat;
  if (seat == current_) return refuse("the discarder cannot claim its own tile");
  if (answers_[seat].seat >= 0) return refuse("this seat has already answered");
  const bool dead = is_dead(seat);
  switch (a.type) {
    case ActionType::kRon:
      if (a.tile < 0 || a.tile / 4 != claim_id_ / 4) return refuse("a ron is on the tile claimed");
      if (has_legal(seat, ActionType::kRon)) return refuse("the valid ron names another tile");
      // §4.5: an invalid win shown, or a claim with a dead hand.
      answer_offence(seat, dead ? ChomboReason::kDeadHandClaim : ChomboReason::kFalseWin);
      return {};
    case ActionType::kChi:
    case ActionType::kPon:
    case ActionType::kDaiminkan: {
      if (phase_ != Phase::kClaim) return refuse("a kan tile can only be robbed by ron");
      if (a.tile < 0 || a.tile / 4 != claim_id_ / 4) return refuse("a call is on the tile claimed");
      if (!holds(seat, a, a.type == ActionType::kDaiminkan ? 3 : 2))
        return refuse("the call uses tiles the seat does not hold");
      if (dead) {
        answer_offence(seat, ChomboReason::kDeadHandClaim);  // §4.5 claiming with a dead hand
      } else {
        make_dead(seat, DeadHandReason::kInvalidCall);  // §4.5: the call is void
        drop_from_window(seat);
      }
      return {};
    }
    default:
      return refuse("not an offence the rules name");
  }
}

// An action on the seat's own turn (kSelf / kDiscardOnly) that the legal set does not contain.
ApplyResult Round::offence_on_turn(const Action& action) {
  const int seat = action.seat;
  if (seat != current_) return refuse("it is not this seat's turn");
  Seat& s = seats_[seat];
  Action a = action;
  const bool held = a.tile >= 0 && a.tile < kNumTiles && (s.ids[a.tile >> 6] >> (a.tile & 63) & 1);
  a.tsumogiri = a.tile == drawn_;
  switch (a.type) {
    case ActionType::kTsumo:
      if (has_legal(seat, ActionType::kTsumo)) return refuse("tsumo is on the tile just drawn");
      // §4.5: an invalid win shown (a dead hand: a claim with a dead hand).
      settle_chombo(seat, is_dead(seat) ? ChomboReason::kDeadHandClaim : ChomboReason::kFalseWin);
      return {};
    case ActionType::kDiscard:
      if (!held) return refuse("the seat does not hold that tile");
      if (s.riichi) return refuse("a riichi hand discards the drawn tile");
      if (phase_ != Phase::kDiscardOnly || !(kuikae_forbidden_ & kind_bit(a.tile / 4)))
        return refuse("not an offence the rules name");
      make_dead(seat, DeadHandReason::kKuikae);  // §3.4: committed swap-calling
      discard(a);
      return {};
    case ActionType::kRiichi: {
      if (!held) return refuse("the seat does not hold that tile");
      if (s.riichi) return refuse("the seat is already in riichi");
      if (is_dead(seat)) return refuse("a dead hand cannot declare riichi");
      // §3.7 conditions 1, 3, 4: the declaration is void, the tile a plain discard.
      DeadHandReason dead = DeadHandReason::kNone;
      if (s.open || phase_ == Phase::kDiscardOnly)
        dead = DeadHandReason::kRiichiOpenHand;
      else if (live_tiles_left() < rules_.riichi_min_live_tiles ||
               (rules_.riichi_min_points > 0 && scores_[seat] < rules_.riichi_min_points))
        dead = DeadHandReason::kInvalidRiichi;
      if (dead != DeadHandReason::kNone) {
        make_dead(seat, dead);
        a.type = ActionType::kDiscard;
        discard(a);
        return {};
      }
      Counts c = s.counts;
      --c[a.tile / 4];
      Counts own = c;
      for (int m = 0; m < s.num_melds; ++m) own[s.melds[m].ids[0] / 4] += 4;  // ankan only
      if (shanten(c) == 0 && is_tenpai_for_payment(c, own))
        return refuse("a valid riichi, but not as submitted");
      // §3.7 condition 2 broken: a noten riichi, a chombo once the hand is shown at a draw.
      s.noten_riichi = true;
      offence_seen_ = true;
      discard(a);
      return {};
    }
    case ActionType::kAnkan: {
      if (a.tile < 0 || a.tile >= kNumTiles) return refuse("an ankan needs a tile");
      const int k = a.tile / 4;
      if (phase_ != Phase::kSelf || s.counts[k] != 4) return refuse("an ankan needs four tiles");
      if (is_dead(seat)) return refuse("a dead hand cannot declare a kan");
      if (!s.riichi || live_tiles_left() == 0 || total_kans_ >= 4)
        return refuse("no kan now (§2.7, §2.8)");
      // §3.7: an illegal kan after riichi, a chombo when found at the win or at the draw.
      s.illegal_riichi_kan = true;
      offence_seen_ = true;
      a.tile = static_cast<std::int16_t>(k * 4);
      a.tsumogiri = false;
      a.uses = {-1, -1, -1};
      declare_kan(a);
      return {};
    }
    default:
      return refuse("not an offence the rules name");
  }
}

// ------------------------------------------------------------------------------------------
// State changes and settlement

void Round::make_dead(int seat, DeadHandReason reason) {
  seats_[seat].dead = reason;
  seats_[seat].wait_kinds = 0;  // no tsumo, ron or kan after riichi (update_waits keeps it so)
  offence_seen_ = true;
}

// A seat leaves the claim window without a call (a void call, a chombo answer, a dead hand).
void Round::drop_from_window(int seat) {
  answers_[seat] = Action{ActionType::kPass,
                          static_cast<std::int8_t>(seat),
                          static_cast<std::int16_t>(claim_id_),
                          false,
                          {-1, -1, -1}};
  pending_ &= ~(1u << seat);
  win_capable_ &= ~(1u << seat);
  if (!pending_) close_claim_window();
}

void Round::answer_offence(int seat, ChomboReason reason) {
  window_chombo_[seat] = reason;
  offence_seen_ = true;
  drop_from_window(seat);
}

// The chombo a win by `seat` turns into, kNone for a valid win.
ChomboReason Round::win_offence(int seat) const {
  const Seat& s = seats_[seat];
  if (s.dead != DeadHandReason::kNone) return ChomboReason::kDeadHandClaim;
  if (s.illegal_riichi_kan) return ChomboReason::kIllegalRiichiKan;  // §3.7, found at the win
  if (s.noten_riichi) return ChomboReason::kNotenRiichi;
  return ChomboReason::kNone;
}

// §4.5, SA-9: at a draw the riichi hands are shown; a noten riichi or an illegal kan after
// riichi is found then. The first offender from East is charged (one chombo per hand).
bool Round::chombo_at_draw(bool exhaustive) {
  for (int w = 0; w < rules_.players; ++w) {
    const int seat = (setup_.dealer + w) % rules_.players;
    const Seat& s = seats_[seat];
    if (!(exhaustive ? s.riichi : s.riichi_accepted)) continue;
    if (s.illegal_riichi_kan) return settle_chombo(seat, ChomboReason::kIllegalRiichiKan), true;
    if (s.noten_riichi) return settle_chombo(seat, ChomboReason::kNotenRiichi), true;
  }
  return false;
}

// §4.5, §5.2: this hand's riichi stakes back to their owners; reverse mangan at once
// (kReverseMangan) or nothing now (kAfterUma: the game counts chombo_seat, -20000 after uma).
void Round::settle_chombo(int seat, ChomboReason reason) {
  for (int s = 0; s < 4; ++s) {
    if (!seats_[s].riichi_accepted) continue;
    scores_[s] += 1000;
    --sticks_;
  }
  if (rules_.chombo == ChomboPenalty::kReverseMangan) {
    for (int p = 0; p < rules_.players; ++p) {
      if (p == seat) continue;
      const int pay = seat_wind(seat) == 0 || seat_wind(p) == 0 ? 4000 : 2000;
      scores_[p] += pay;
      scores_[seat] -= pay;
    }
  }
  result_.end = RoundEnd::kChombo;
  result_.chombo_seat = seat;
  chombo_reason_ = reason;
  reveal_hand(seat);  // the hand shown
  finish();
}

}  // namespace riichi
