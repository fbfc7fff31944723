#include "bots/registry.hpp"

#include <functional>
#include <stdexcept>

#include "bots/defensive_bot.hpp"
#include "bots/efficiency_bot.hpp"
#include "bots/random_bot.hpp"
#include "bots/strong_bot.hpp"

namespace riichi::bots {

namespace {

struct Entry {
  BotInfo info;
  std::function<std::unique_ptr<Bot>(std::uint64_t, const Rules&)> make;
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> kEntries = {
      {{"random", "a uniformly random legal action (always wins; calls 1 time in 4)"},
       [](std::uint64_t seed, const Rules&) { return std::make_unique<RandomBot>(seed); }},
      {{"greedy", "random, but riichi when it may and discards keeping the lowest shanten"},
       [](std::uint64_t seed, const Rules&) {
         return std::make_unique<RandomBot>(seed, RandomBot::Options{.greedy = true});
       }},
      {{"efficiency", "plays for speed: lowest shanten, most effective tiles, riichi, yaku calls"},
       [](std::uint64_t seed, const Rules& rules) {
         return std::make_unique<EfficiencyBot>(seed, rules);
       }},
      {{"defensive",
        "efficiency, but folds to riichi and threats with safe tiles (genbutsu, suji)"},
       [](std::uint64_t seed, const Rules& rules) {
         return std::make_unique<DefensiveBot>(seed, rules);
       }},
      {{"strong", "plays by value (eval::evaluate_options): discards, riichi, calls, push or fold"},
       [](std::uint64_t seed, const Rules& rules) {
         return std::make_unique<StrongBot>(seed, rules);
       }},
  };
  return kEntries;
}

const Entry* find(std::string_view name) {
  for (const Entry& e : entries())
    if (e.info.name == name) return &e;
  return nullptr;
}

}  // namespace

const std::vector<BotInfo>& bot_infos() {
  static const std::vector<BotInfo> kInfos = [] {
    std::vector<BotInfo> infos;
    for (const Entry& e : entries()) infos.push_back(e.info);
    return infos;
  }();
  return kInfos;
}

std::string bot_names() {
  std::string names;
  for (const Entry& e : entries()) {
    if (!names.empty()) names += ", ";
    names += e.info.name;
  }
  return names;
}

bool is_bot_name(std::string_view name) { return find(name) != nullptr; }

std::unique_ptr<Bot> make_bot(std::string_view name, std::uint64_t seed) {
  return make_bot(name, seed, Rules::ema2016());
}

std::unique_ptr<Bot> make_bot(std::string_view name, std::uint64_t seed, const Rules& rules) {
  const Entry* e = find(name);
  if (e == nullptr) {
    std::string msg = "unknown bot '";
    msg += name;
    msg += "' (known: ";
    msg += bot_names();
    msg += ")";
    throw std::invalid_argument(msg);
  }
  return e->make(seed, rules);
}

std::array<std::unique_ptr<Bot>, 4> make_bots(const std::array<std::string, 4>& names,
                                              std::uint64_t game_seed) {
  return make_bots(names, game_seed, Rules::ema2016());
}

std::array<std::unique_ptr<Bot>, 4> make_bots(const std::array<std::string, 4>& names,
                                              std::uint64_t game_seed, const Rules& rules) {
  std::array<std::unique_ptr<Bot>, 4> bots;
  for (int s = 0; s < rules.players; ++s) {  // three players: seat 3 has no bot
    const auto i = static_cast<std::size_t>(s);
    bots[i] = make_bot(names[i], bot_seed(game_seed, s), rules);
  }
  return bots;
}

std::array<std::string, 4> parse_bot_list(std::string_view list) { return parse_bot_list(list, 4); }

std::array<std::string, 4> parse_bot_list(std::string_view list, int players) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    parts.emplace_back(list.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (parts.size() != 1 && parts.size() != static_cast<std::size_t>(players)) {
    std::string msg = "expected one bot name or ";
    msg += players == 3 ? "three (three-player rules)" : "four";
    msg += " separated by commas, got ";
    msg += std::to_string(parts.size());
    msg += " in '";
    msg += list;
    msg += "'";
    throw std::invalid_argument(msg);
  }
  for (const std::string& p : parts)
    if (!is_bot_name(p)) make_bot(p, 0);  // throws with the list of known names
  if (parts.size() == 1) return {parts[0], parts[0], parts[0], players == 3 ? "" : parts[0]};
  return {parts[0], parts[1], parts[2], players == 3 ? "" : parts[3]};
}

}  // namespace riichi::bots
