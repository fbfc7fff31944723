#include "bots/random_bot.hpp"

#include <array>

#include "riichi/shanten.hpp"

namespace riichi::bots {

namespace {

bool is_win(ActionType t) { return t == ActionType::kTsumo || t == ActionType::kRon; }
bool is_call(ActionType t) {
  return t == ActionType::kChi || t == ActionType::kPon || t == ActionType::kDaiminkan;
}

}  // namespace

std::uint64_t bot_seed(std::uint64_t game_seed, int seat) {
  std::uint64_t z = game_seed + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(seat + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Action RandomBot::choose(const Observation& observation, std::span<const Action> legal) {
  return legal[static_cast<std::size_t>(choose_index(observation, legal))];
}

int RandomBot::choose_index(const Observation& observation, std::span<const Action> legal) {
  return static_cast<int>(options_.greedy ? pick_greedy(observation, legal) : pick(legal));
}

// The same draw as pick() on a list of `count` discards.
int RandomBot::choose_discard(int count) {
  if (options_.greedy) return -1;
  return choose_plain_discard(count);
}

std::size_t RandomBot::pick_greedy(const Observation& obs, std::span<const Action> legal) {
  if (legal.size() == 1) return 0;
  int riichi = 0, discards = 0, kans = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const Action& a = legal[i];
    if (is_win(a.type)) return i;
    riichi += a.type == ActionType::kRiichi;
    discards += a.type == ActionType::kDiscard;
    kans += a.type == ActionType::kAnkan || a.type == ActionType::kKakan;
  }
  if (discards == 0 && riichi == 0) return pick(legal);  // claim windows, kyuushu only, ...
  if (kans > 0 && (rng_.next() & 1)) {
    std::uint64_t k = rng_.bounded(static_cast<std::uint64_t>(kans));
    for (std::size_t i = 0; i < legal.size(); ++i)
      if ((legal[i].type == ActionType::kAnkan || legal[i].type == ActionType::kKakan) && k-- == 0)
        return i;
  }
  const ActionType want = riichi > 0 ? ActionType::kRiichi : ActionType::kDiscard;
  Counts counts{};
  for (std::uint8_t id : obs.concealed) ++counts[static_cast<std::size_t>(id / 4)];
  if (obs.drawn >= 0 && obs.concealed.size() % 3 != 2)
    ++counts[static_cast<std::size_t>(obs.drawn / 4)];
  const bool full = total(counts) == 14;
  std::array<int, 64> best{};
  int n_best = 0, best_shanten = 99;
  for (std::size_t i = 0; i < legal.size() && i < 1024; ++i) {
    const Action& a = legal[i];
    if (a.type != want || a.tile < 0) continue;
    auto& c = counts[static_cast<std::size_t>(a.tile / 4)];
    if (c == 0) continue;  // the observation disagrees: ignore this tile
    --c;
    const int sh = full ? shanten(counts) : shanten_standard(counts);
    ++c;
    if (sh < best_shanten) best_shanten = sh, n_best = 0;
    if (sh == best_shanten && n_best < static_cast<int>(best.size()))
      best[static_cast<std::size_t>(n_best++)] = static_cast<int>(i);
  }
  if (n_best == 0) return pick(legal);
  // Kita (three players) instead of a North discard as good as the best: a free draw and dora.
  for (int i = 0; i < n_best; ++i)
    if (legal[static_cast<std::size_t>(best[static_cast<std::size_t>(i)])].tile / 4 == kNorth)
      for (std::size_t j = 0; j < legal.size(); ++j)
        if (legal[j].type == ActionType::kKita) return j;
  return static_cast<std::size_t>(
      best[static_cast<std::size_t>(rng_.bounded(static_cast<std::uint64_t>(n_best)))]);
}

std::size_t RandomBot::pick(std::span<const Action> legal) {
  if (legal.size() == 1) return 0;
  // A list that starts with a discard holds discards and riichi declarations only (the order
  // of Round::legal_actions): the uniform pick below, without the pass over the list.
  if (legal[0].type == ActionType::kDiscard) return rng_.bounded(legal.size());
  // A claim window: call with probability call_rate (53-bit uniform), then pick the call, else
  // pass. A list that starts with a call holds the calls, then the pass (no ron).
  const auto claim = [&](std::size_t calls, std::size_t pass) -> std::size_t {
    const double u = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53;
    if (u >= options_.call_rate) return pass;
    std::uint64_t k = rng_.bounded(calls);
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (is_call(legal[i].type) && k-- == 0) return i;
    return pass;  // not reached: `calls` calls are listed
  };
  if (is_call(legal[0].type)) return claim(legal.size() - 1, legal.size() - 1);
  // One pass for the kinds of action offered (a bit per ActionType); calls are counted and
  // positions looked up only when needed.
  unsigned types = 0;
  for (const Action& a : legal) types |= 1u << static_cast<int>(a.type);
  constexpr unsigned kCallTypes = 1u << static_cast<int>(ActionType::kChi) |
                                  1u << static_cast<int>(ActionType::kPon) |
                                  1u << static_cast<int>(ActionType::kDaiminkan);
  int calls = 0;
  if (types & kCallTypes)
    for (const Action& a : legal) calls += is_call(a.type);
  const auto offered = [&](ActionType t) { return (types >> static_cast<int>(t) & 1) != 0; };
  const auto first = [&](auto wanted) {
    std::size_t i = 0;
    while (!wanted(legal[i].type)) ++i;
    return i;
  };
  if (options_.always_win && (offered(ActionType::kTsumo) || offered(ActionType::kRon)))
    return first(is_win);
  const int kyuushu =
      offered(ActionType::kKyuushu)
          ? static_cast<int>(first([](ActionType t) { return t == ActionType::kKyuushu; }))
          : -1;
  if (kyuushu >= 0 && (rng_.next() & 1)) return static_cast<std::size_t>(kyuushu);
  if (offered(ActionType::kPass) && calls > 0)
    return claim(static_cast<std::size_t>(calls),
                 first([](ActionType t) { return t == ActionType::kPass; }));
  std::size_t choice = rng_.bounded(legal.size());
  if (static_cast<int>(choice) == kyuushu) choice = (choice + 1) % legal.size();
  return choice;
}

}  // namespace riichi::bots
