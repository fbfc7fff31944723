// The tile-danger model of the defensive bot: which opponents threaten, and how dangerous each
// tile kind is to discard against them, from the observation only.
//
// Threats:
//   * an opponent in riichi (weight kRiichiWeight);
//   * an open hand that looks ready and valuable (weight kOpenWeight): 3+ melds, or 2+ melds all
//     of one suit with honours (a honitsu / toitoi look) that show a dora or a value-honour pung.
//
// Danger of a kind against one threat (0 = safe ... 15 = a live middle tile), in this order:
//   genbutsu  0   the threat discarded the kind (furiten), or, against a riichi, another player
//                 discarded it after the riichi and the threat did not ron it. Turn order is
//                 estimated from the discard indices (j * 4 + seat offset from the dealer);
//                 calls that skip turns make this an approximation (on the safe side mostly).
//   honours   1 with 3+ copies visible (own hand included), 3 with 2, 6 with 1, 8 with none
//             (+1 for the threat's value honours with at most 1 visible);
//   suji/kabe every two-sided (ryanmen) wait on the kind is ruled out: by suji (the kind 3 away
//             is genbutsu) or kabe (4 copies of a neighbour visible): 1-9 -> 2, 2-8 -> 3,
//             3-7 -> 4; one side ruled out for 4-6 (half suji): 7;
//   the rest  1-9 -> 6, 2-8 -> 8, 3-7 -> 9, 4-6 -> 10;
//   then -1 when 3 copies are visible (few shanpon/tanki waits left), +2 when the kind is dora.
#pragma once

#include <array>
#include <cstdint>

#include "bots/bot_view.hpp"
#include "riichi/round.hpp"

namespace riichi::bots {

inline constexpr int kRiichiWeight = 10;
inline constexpr int kOpenWeight = 6;

struct Threat {
  int seat = -1;
  int seat_wind = 27;  // the threat's seat wind kind (its value honours: dragons, this, round)
  int weight = 0;
  bool riichi = false;
  std::uint64_t genbutsu = 0;  // bit per kind safe against this seat
};

// Whether `seat` may be a threat by what observe_own shows of it: in riichi, or holding two
// melds or more. A seat's m melds take 3m of its 13 tiles (a kan's fourth tile and a kita are
// replaced from the dead wall), so it holds 13 - 3m concealed tiles, 14 - 3m on its turn: two
// melds or more is at most 8 tiles. A seat for which this is false is never a threat.
inline bool may_threaten(const Observation& obs, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  return obs.riichi[s] || obs.concealed_count[s] <= 8;
}

class SafetyModel {
 public:
  SafetyModel(const Observation& obs, const HandView& v);

  int num_threats() const { return num_threats_; }
  bool riichi_threat() const;  // some opponent is in riichi
  const Threat& threat(int i) const { return threats_[static_cast<std::size_t>(i)]; }

  // Danger of discarding `kind` against threat `i` (see the table above).
  int danger(int i, int kind) const;
  // Weighted sum over the threats (weight x danger).
  int total_danger(int kind) const;

 private:
  Counts seen_{};  // own hand + visible, per kind
  std::array<std::uint8_t, kNumKinds> dora_{};
  int round_wind_ = 27;
  std::array<Threat, 3> threats_{};
  int num_threats_ = 0;
};

}  // namespace riichi::bots
