#include "features.hpp"

#include <algorithm>

namespace riichi::py {

namespace {

constexpr int kKinds = kNumKinds;

class Planes {
 public:
  explicit Planes(std::span<float> out) : out_(out) { std::fill(out.begin(), out.end(), 0.0f); }
  void set(int plane, int kind, float value = 1.0f) {
    out_[static_cast<std::size_t>(plane * kKinds + kind)] = value;
  }
  void fill(int plane, float value) {
    for (int k = 0; k < kKinds; ++k) set(plane, k, value);
  }

 private:
  std::span<float> out_;
};

int tile_class(int id, bool red_fives) {
  const int kind = kind_of_id(id);
  if (red_fives && is_red_id(id)) return kNumKinds + kind / 9;
  return kind;
}

void encode_own(const Observation& o, bool red_fives, Planes& p) {
  std::array<int, kKinds> counts{};
  for (std::uint8_t id : o.concealed) {
    ++counts[static_cast<std::size_t>(kind_of_id(id))];
    if (red_fives && is_red_id(id)) p.set(kPlaneRed, kind_of_id(id));
  }
  for (int k = 0; k < kKinds; ++k)
    for (int c = 0; c < counts[static_cast<std::size_t>(k)] && c < 4; ++c) p.set(kPlaneHand + c, k);
  if (o.drawn >= 0) p.set(kPlaneDrawn, kind_of_id(o.drawn));
  if (o.last_discard >= 0) p.set(kPlaneClaimTile, kind_of_id(o.last_discard));
}

void encode_seat(const Observation& o, int rel, Planes& p) {
  const auto abs = static_cast<std::size_t>((o.seat + rel) % 4);
  std::array<int, kKinds> meld_counts{};
  for (const MeldInfo& m : o.melds[abs])
    for (int i = 0; i < m.size(); ++i) ++meld_counts[static_cast<std::size_t>(m.ids[i] / 4)];
  for (int k = 0; k < kKinds; ++k)
    for (int c = 0; c < meld_counts[static_cast<std::size_t>(k)] && c < 4; ++c)
      p.set(kPlaneMelds + rel * 4 + c, k);
  const auto& discards = o.discards[abs];
  for (std::size_t i = 0; i < discards.size(); ++i) {
    const int kind = kind_of_id(discards[i].id);
    p.set(kPlaneDiscardKinds + rel, kind);
    if (discards[i].riichi) p.set(kPlaneRiichiTile + rel, kind);
    if (i < static_cast<std::size_t>(kDiscardSlots))
      p.set(kPlaneDiscardOrder + rel * kDiscardSlots + static_cast<int>(i), kind);
  }
  if (o.riichi[abs]) p.fill(kPlaneRiichi + rel, 1.0f);
  p.fill(kPlaneScores + rel, static_cast<float>(o.scores[abs]) / 100000.0f);
}

}  // namespace

void encode_planes(const GameObservation& obs, bool red_fives, std::span<float> out) {
  Planes p(out);
  const Observation& o = obs.hand;
  encode_own(o, red_fives, p);
  for (int rel = 0; rel < 4; ++rel) encode_seat(o, rel, p);
  for (std::size_t i = 0; i < o.dora_indicators.size() && i < 5; ++i)
    p.set(kPlaneDoraIndicator + static_cast<int>(i), kind_of_id(o.dora_indicators[i]));
  p.fill(kPlaneRoundWind + std::clamp(o.round_wind, 0, 3), 1.0f);
  p.fill(kPlaneSeatWind + (o.seat - o.dealer + 4) % 4, 1.0f);
  p.fill(kPlaneHonba, static_cast<float>(o.honba) / 10.0f);
  p.fill(kPlaneSticks, static_cast<float>(o.riichi_sticks) / 10.0f);
  p.fill(kPlaneLiveTiles, static_cast<float>(o.live_tiles_left) / 70.0f);
  p.fill(kPlaneHandNumber + std::clamp(obs.hand_number, 0, 3), 1.0f);
}

int action_index(const Action& a, bool red_fives) {
  switch (a.type) {
    case ActionType::kDiscard:
      return kActDiscard + tile_class(a.tile, red_fives);
    case ActionType::kRiichi:
      return kActRiichi + tile_class(a.tile, red_fives);
    case ActionType::kTsumo:
      return kActTsumo;
    case ActionType::kRon:
      return kActRon;
    case ActionType::kChi: {
      const int called = kind_of_id(a.tile);
      const int low = std::min(kind_of_id(a.uses[0]), kind_of_id(a.uses[1]));
      const int high = std::max(kind_of_id(a.uses[0]), kind_of_id(a.uses[1]));
      if (called < low) return kActChiLow;
      if (called > high) return kActChiHigh;
      return kActChiMid;
    }
    case ActionType::kPon:
      return kActPon;
    case ActionType::kDaiminkan:
      return kActDaiminkan;
    case ActionType::kKakan:
    case ActionType::kAnkan:
      return kActSelfKan + kind_of_id(a.tile);
    case ActionType::kKyuushu:
      return kActKyuushu;
    case ActionType::kPass:
      return kActPass;
  }
  return kActPass;
}

std::array<int, kNumActions> action_slots(std::span<const Action> legal, bool red_fives) {
  std::array<int, kNumActions> slots;
  slots.fill(-1);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    int& slot = slots[static_cast<std::size_t>(action_index(legal[i], red_fives))];
    if (slot < 0) slot = static_cast<int>(i);
  }
  return slots;
}

}  // namespace riichi::py
