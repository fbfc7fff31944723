// The legal actions of a hand (RULES.md §3.1-§3.3, §3.7, §4.4): the list cache, the player's
// turn (tsumo, kyuushu, kans, kita, then the discards and riichi declarations of round.cpp's
// discard_actions) and the claim windows' answers (the calls: round_calls.cpp).
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "riichi/round.hpp"

namespace riichi {

namespace {

bool has_id(const std::array<std::uint64_t, 3>& ids, int id) {
  return ids[id >> 6] >> (id & 63) & 1;
}

}  // namespace

const std::vector<Action>& Round::legal_actions(int seat) const {
  if (seat != legal_seat_ || version_ != legal_version_) {
    legal_.clear();
    if (seat >= 0 && seat < 4) compute_legal(seat, legal_);
    legal_seat_ = seat;
    legal_version_ = version_;
  }
  return legal_;
}

void Round::compute_legal(int seat, std::vector<Action>& out) const {
  switch (phase_) {
    case Phase::kSelf:
      if (seat != current_) break;
      // §4.5: a dead hand cannot win, call, declare a kan or riichi (or abort the hand).
      if (seats_[seat].dead != DeadHandReason::kNone)
        discard_actions(seat, false, out);
      else
        self_actions(seat, out);
      break;
    case Phase::kDiscardOnly:
      if (seat == current_) discard_actions(seat, false, out);
      break;
    case Phase::kClaim:
    case Phase::kChankan:
      if (pending_ >> seat & 1) claim_actions(seat, out);
      break;
    case Phase::kOver:
      break;
  }
}

void Round::self_actions(int seat, std::vector<Action>& out) const {
  const Seat& s = seats_[seat];
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  if (can_tsumo(seat)) {
    a.type = ActionType::kTsumo;
    a.tile = static_cast<std::int16_t>(drawn_);
    out.push_back(a);
  }
  // §4.4 kyuushu kyuuhai: first turn, >= 9 distinct terminal/honour kinds.
  if (rules_.kyuushu_kyuuhai && uninterrupted_first_turn(seat)) {
    int kinds = 0;
    for (int k : kYaochuuKinds) kinds += s.counts[k] > 0;
    if (kinds >= 9) out.push_back(Action{ActionType::kKyuushu, a.seat, -1, false, {-1, -1, -1}});
  }
  // §2.7-§2.8: kans need a live tile left and fewer than 4 kans.
  if (live_tiles_left() > 0 && total_kans_ < 4) {
    for (std::uint64_t m = s.quad_kinds; m; m &= m - 1) {
      const int k = std::countr_zero(m);
      if (!s.riichi || kan_allowed_in_riichi(seat, k))
        out.push_back(Action{
            ActionType::kAnkan, a.seat, static_cast<std::int16_t>(k * 4), false, {-1, -1, -1}});
    }
    for (int m = 0; m < s.num_melds && !s.riichi; ++m) {
      const MeldInfo& meld = s.melds[m];
      const int k = meld.ids[0] / 4;
      if (meld.type != MeldType::kPon || s.counts[k] == 0) continue;
      for (int c = 0; c < 4; ++c) {
        if (has_id(s.ids, k * 4 + c))
          out.push_back(Action{ActionType::kKakan,
                               a.seat,
                               static_cast<std::int16_t>(k * 4 + c),
                               false,
                               {-1, -1, -1}});
      }
    }
  }
  if (rules_.kita) kita_actions(seat, out);
  discard_actions(seat, true, out);
}

// §3.7 riichi conditions other than tenpai.
bool Round::riichi_possible(int seat) const {
  const Seat& s = seats_[seat];
  // A tile lowers the shanten of every form by at most one: the cached shanten of the hand
  // before the draw (s.shanten, 3n+1 tiles) rules out most hands without a table lookup.
  return !s.riichi && !s.open && live_tiles_left() >= rules_.riichi_min_live_tiles &&
         (rules_.riichi_min_points == 0 || scores_[seat] >= rules_.riichi_min_points) &&
         s.shanten <= 1 && s.hand_shanten.shanten() <= 0;
}

// Answers in a claim window: ron, pon, daiminkan, chi (§3.2), and always pass.
void Round::claim_actions(int seat, std::vector<Action>& out) const {
  out.clear();
  const Seat& s = seats_[seat];
  Action a;
  a.seat = static_cast<std::int8_t>(seat);
  a.tile = static_cast<std::int16_t>(claim_id_);
  if ((win_capable_ >> seat & 1) && can_ron(seat, claim_id_)) {  // never a dead hand (§4.5)
    a.type = ActionType::kRon;
    out.push_back(a);
  }
  // §2.8: the last discard is for ron only; riichi hands only ron (§3.7).
  // §4.5: a dead hand cannot call.
  if (phase_ == Phase::kClaim && live_tiles_left() > 0 && !s.riichi &&
      s.dead == DeadHandReason::kNone)
    call_actions(seat, out);
  a.type = ActionType::kPass;
  out.push_back(a);
}

}  // namespace riichi
