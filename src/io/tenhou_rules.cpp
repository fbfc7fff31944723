#include "io/tenhou_rules.hpp"

#include <fmt/core.h>

#include <cctype>
#include <cmath>
#include <optional>

namespace riichi::io {

UnsupportedGame::UnsupportedGame(std::string lobby, std::string why)
    : std::runtime_error(fmt::format("unsupported game: lobby {}: {}", lobby, why)),
      lobby_(std::move(lobby)),
      why_(std::move(why)) {}

int tenhou_log_date(std::string_view name) {
  // YYYYMMDDHH followed by "gm-": the log id Tenhou gives every game.
  for (std::size_t at = name.find("gm-"); at != std::string_view::npos;
       at = name.find("gm-", at + 1)) {
    if (at < 10) continue;
    const std::string_view digits = name.substr(at - 10, 10);
    bool ok = true;
    for (char c : digits) ok = ok && std::isdigit(static_cast<unsigned char>(c));
    if (!ok) continue;
    const int date = std::stoi(std::string(digits.substr(0, 8)));
    const int month = date / 100 % 100, day = date % 100;
    if (date / 10000 >= 2006 && month >= 1 && month <= 12 && day >= 1 && day <= 31) return date;
  }
  return 0;
}

namespace {

constexpr int kKnownTypeBits = 0x1FF;  // humans, no red, no kuitan, hanchan, sanma, lobby, fast,
                                       // and 0x100 (discards shown without shadows: display only)
constexpr int kChipBits = 0x600;       // 祝儀 lobbies (0x200 chips, 0x400 five-chip)
constexpr int kRatioBit = 0x800;       // ratio lobbies (dnovikoff/tenhou test_data/ratio.xml)
constexpr int kTenhouStart = 25000;
constexpr int kTenhouSanmaStart = 35000;

int players_of(const MjlogGame& g) { return g.type.three_player ? 3 : 4; }

// Is this hand the all-last (or a sudden-death) hand of the game? Rounds are numbered 4 per
// wind (three-player logs skip the 4th: South 3 is round 6).
bool all_last(int round, bool hanchan, int players) {
  const int last = (hanchan ? 4 : 0) + players - 1;
  return round >= last;
}

// What the log shows of tenpai-yame: at an exhaustive draw of the all-last hand the dealer was
// tenpai and 1st with 30000 or more; the game ended there (true) or went on (false). nullopt
// when no such draw happened.
std::optional<bool> tenpai_yame_shown(const MjlogGame& g, const Rules& rules) {
  for (std::size_t k = 0; k < g.rounds.size(); ++k) {
    const MjlogRound& r = g.rounds[k];
    const int n = players_of(g);
    if (!r.draw || !all_last(r.round, g.type.hanchan, n)) continue;
    const MjlogDraw& d = *r.draw;
    if (d.type != MjlogDrawType::kExhaustive && d.type != MjlogDrawType::kNagashiMangan) continue;
    // A draw known only by its payments (an mjai ryukyoku without tenpais): the dealer was
    // tenpai when paid; all-zero payments (everyone or no one tenpai) say nothing.
    const bool paid = d.deltas[r.dealer] > 0;
    if (!d.detailed && d.deltas == std::array<int, 4>{}) continue;
    if (!(d.detailed ? d.shown[r.dealer] : paid)) continue;
    std::array<int, 4> after{};
    for (int s = 0; s < n; ++s) after[s] = d.scores[s] + d.deltas[s];
    const auto order = [&](int s) { return (s - g.first_dealer + n) % n; };
    bool first = after[r.dealer] >= rules.target_points;
    for (int s = 0; s < n; ++s)
      if (s != r.dealer && (after[s] > after[r.dealer] ||
                            (after[s] == after[r.dealer] && order(s) < order(r.dealer))))
        first = false;
    if (!first) continue;
    if (k + 1 < g.rounds.size()) return false;
    if (g.has_owari) return true;
  }
  return std::nullopt;
}

// What the log's owari shows of the final rounding: a result with tenths is exact.
std::optional<int> final_rounding_shown(const MjlogGame& g) {
  if (!g.has_owari) return std::nullopt;
  bool rounded_points = true;
  for (int s = 0; s < players_of(g); ++s) {
    const double tenths = std::round(g.final_results[s] * 10);
    if (std::fmod(std::abs(tenths), 10.0) != 0) return 0;
    rounded_points = rounded_points && g.final_scores[s] % 1000 == 0;
  }
  // Whole results: rounded, unless every score was a multiple of 1000 (both readings agree).
  return rounded_points ? std::nullopt : std::optional<int>(1000);
}

// A log that starts after the game's start (a tenhou.net/6 excerpt) and has no final result:
// only its hands are checked, and they do not depend on the starting score.
bool excerpt(const MjlogGame& g) { return g.starts_mid_game && !g.has_owari; }

void check_playable(const MjlogGame& g) {
  check_lobby(g.type);
  const std::string lobby = g.type.label();
  if (g.rounds.empty()) return;
  const MjlogRound& r = g.rounds.front();
  const int n = players_of(g);
  const int start = n == 3 ? kTenhouSanmaStart : kTenhouStart;
  int total = r.sticks * 1000;
  for (int s : r.scores) total += s;
  const bool game_start = r.round == 0 && r.honba == 0 && r.sticks == 0;
  bool even = true;
  for (int s = 0; s < n; ++s) even = even && r.scores[s] == start;
  if ((total != n * start || (game_start && !even)) && !excerpt(g))
    throw UnsupportedGame(lobby, fmt::format("the scores add up to {} (a start of {} each): the "
                                             "engine plays Tenhou's {} each",
                                             total, total / n, start));
}

}  // namespace

void check_lobby(const MjlogGameType& type) {
  const std::string lobby = type.label();
  const std::string named = fmt::format("{} (GO type 0x{:X})", lobby, type.raw);
  if (type.raw & kChipBits)
    throw UnsupportedGame(named,
                          "a chip (祝儀) lobby: chips are paid besides the points and the "
                          "engine does not score them");
  if (type.raw & kRatioBit)
    throw UnsupportedGame(named,
                          "a ratio lobby: 1000 points each and results scaled by a ratio, "
                          "which the engine does not play");
  if (type.raw & ~(kKnownTypeBits | kChipBits))
    throw UnsupportedGame(named, "unknown lobby bits: the rules of this lobby are not known");
}

Rules tenhou_rules(const MjlogGame& game) {
  check_playable(game);
  Rules rules = game.type.three_player ? Rules::tenhou_sanma() : Rules::tenhou();
  rules.red_fives = game.type.red_fives;
  rules.open_tanyao = game.type.open_tanyao;
  rules.east_only = !game.type.hanchan;
  if (excerpt(game) && !game.rounds.empty()) {  // another starting score: its hands still play
    const MjlogRound& r = game.rounds.front();
    int total = r.sticks * 1000;
    for (int s : r.scores) total += s;
    rules.starting_points = total / players_of(game);
  }
  const int date = tenhou_log_date(game.log_id.empty() ? game.file : game.log_id);
  if (date > 0) {
    rules.tenpai_yame = date >= kTenpaiYameSince;
    rules.final_rounding = date >= kExactFinalResultSince ? 0 : 1000;
    return rules;
  }
  // No date: what the log shows, else the rules of today.
  rules.tenpai_yame = tenpai_yame_shown(game, rules).value_or(true);
  rules.final_rounding = final_rounding_shown(game).value_or(0);
  return rules;
}

}  // namespace riichi::io
