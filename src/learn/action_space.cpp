#include "learn/action_space.hpp"

#include <algorithm>
#include <stdexcept>

namespace riichi::learn {

int tile_class(int id, bool red_fives) {
  const int kind = kind_of_id(id);
  if (red_fives && is_red_id(id)) return kNumKinds + kind / 9;
  return kind;
}

namespace {

bool uses_red(const Action& a, bool red_fives) {
  if (!red_fives) return false;
  return std::any_of(a.uses.begin(), a.uses.end(),
                     [](std::int16_t u) { return u >= 0 && is_red_id(u); });
}

int chi_position(const Action& a) {
  const int called = kind_of_id(a.tile);
  const int low = std::min(kind_of_id(a.uses[0]), kind_of_id(a.uses[1]));
  const int high = std::max(kind_of_id(a.uses[0]), kind_of_id(a.uses[1]));
  if (called < low) return 0;
  if (called > high) return 2;
  return 1;
}

const char* const kTileClassNames[kTileClasses] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p",
    "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s",
    "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z", "0m", "0p", "0s"};
const char* const kChiNames[3] = {"low", "mid", "high"};

}  // namespace

int action_index(const Action& a, bool red_fives) {
  switch (a.type) {
    case ActionType::kDiscard:
      return a.tsumogiri ? kActTsumogiri : kActDiscard + tile_class(a.tile, red_fives);
    case ActionType::kRiichi:
      return a.tsumogiri ? kActRiichiTsumogiri : kActRiichi + tile_class(a.tile, red_fives);
    case ActionType::kTsumo:
      return kActTsumo;
    case ActionType::kRon:
      return kActRon;
    case ActionType::kChi:
      return (uses_red(a, red_fives) ? kActChiRed : kActChi) + chi_position(a);
    case ActionType::kPon:
      return uses_red(a, red_fives) ? kActPonRed : kActPon;
    case ActionType::kDaiminkan:
      return kActDaiminkan;
    case ActionType::kKakan:
    case ActionType::kAnkan:
      return kActSelfKan + kind_of_id(a.tile);
    case ActionType::kKyuushu:
      return kActKyuushu;
    case ActionType::kPass:
      return kActPass;
    case ActionType::kKita:
      return kActKita;
  }
  return kActPass;
}

void action_slots(std::span<const Action> legal, bool red_fives, ActionSlots& out) {
  out.fill(-1);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    std::int16_t& slot = out[static_cast<std::size_t>(action_index(legal[i], red_fives))];
    if (slot < 0) slot = static_cast<std::int16_t>(i);
  }
}

std::string action_name(int i) {
  if (i < 0 || i >= kNumActions)
    throw std::invalid_argument("action index " + std::to_string(i) + " out of range 0.." +
                                std::to_string(kNumActions - 1));
  if (i < kActTsumogiri) return std::string("discard ") + kTileClassNames[i];
  if (i == kActTsumogiri) return "tsumogiri";
  if (i < kActRiichiTsumogiri) return std::string("riichi ") + kTileClassNames[i - kActRiichi];
  if (i == kActRiichiTsumogiri) return "riichi tsumogiri";
  if (i >= kActChi && i < kActPon) {
    std::string name = std::string("chi ") + kChiNames[(i - kActChi) % 3];
    return i >= kActChiRed ? name + " red" : name;
  }
  if (i >= kActSelfKan && i < kActKyuushu)
    return std::string("kan ") + kTileClassNames[i - kActSelfKan];
  switch (i) {
    case kActTsumo:
      return "tsumo";
    case kActRon:
      return "ron";
    case kActPon:
      return "pon";
    case kActPonRed:
      return "pon red";
    case kActDaiminkan:
      return "daiminkan";
    case kActKyuushu:
      return "kyuushu";
    case kActKita:
      return "kita";
    default:
      return "pass";
  }
}

}  // namespace riichi::learn
