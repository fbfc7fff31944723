// The positions of the discard drill: generated hands (levels 1-2), self-play tables (3-4) and
// real games (5). See discard_drill.hpp.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <system_error>

#include "bots/registry.hpp"
#include "drill/discard_drill.hpp"
#include "drill/hand_maker.hpp"
#include "io/log_reader.hpp"
#include "io/tenhou_replay.hpp"
#include "riichi/shanten.hpp"

#ifndef RIICHI_DRILL_LOGS_DIR
#define RIICHI_DRILL_LOGS_DIR ""
#endif

namespace riichi::drill {

namespace fs = std::filesystem;

namespace {

constexpr int kTries = 400;
constexpr const char* kWindNames[] = {"East", "South", "West", "North"};

// Several discards keep the best shanten, and they do not all keep as many tiles.
bool has_choice(const Counts& hand, const Counts& visible) {
  const std::vector<DiscardOption> table = discard_table(hand, &visible);
  int keep = 0;
  bool differ = false;
  for (const DiscardOption& d : table) {
    if (d.shanten != table.front().shanten) break;
    ++keep;
    differ = differ || d.total != table.front().total;
  }
  return keep >= 2 && differ;
}

Counts counts_with(const std::vector<Tile>& tiles) { return counts_of(tiles); }

void common_fields(Rng& rng, DiscardPosition& p, int turn_lo, int turn_hi) {
  p.turn = rng.between(turn_lo, turn_hi);
  p.seat_wind = rng.below(4);
  p.round_wind = rng.below(2);
  p.source = "generated";
}

std::string shanten_words(int s) { return s <= 0 ? "tenpai" : std::to_string(s) + "-shanten"; }

// Level 1: 14 tiles from a seeded wall at 1 or 2 shanten with a real choice.
DiscardPosition efficiency(Rng& rng, DiscardPosition p) {
  for (int t = 0; t < kTries * 10; ++t) {
    const Wall w = Wall::from_seed(rng.next());
    std::vector<Tile> tiles;
    for (int i = 0; i < 14; ++i) tiles.push_back(tile_of_id(w.tiles[i], p.rules.red_fives));
    const Tile indicator = tile_of_id(w.tiles[14], p.rules.red_fives);
    const Counts c = counts_with(tiles);
    const int sh = shanten(c);
    if (sh < 1 || sh > 2) continue;
    Counts seen{};
    seen[indicator.kind] = 1;
    if (!has_choice(c, seen)) continue;
    p.drawn = tiles.back();
    p.hand.concealed = std::move(tiles);
    p.dora_indicators = {indicator};
    common_fields(rng, p, 2, 8);
    p.title = "Efficiency: " + shanten_words(sh) + ", turn " + std::to_string(p.turn);
    return p;
  }
  throw DrillError("discard level 1: no position found (generator exhausted)");
}

// Level 2: a complete hand with one or two tiles exchanged, tenpai or 1-shanten.
DiscardPosition value(Rng& rng, DiscardPosition p) {
  for (int t = 0; t < kTries; ++t) {
    TilePool pool;
    std::vector<Tile> tiles;
    bool ok = true;
    for (int i = 0; i < 4 && ok; ++i) {
      const auto s = random_set(rng, pool, SetOptions{});
      if (s) append(tiles, *s);
      ok = s.has_value();
    }
    const auto pair = ok ? random_pair(rng, pool, SetOptions{}) : std::nullopt;
    if (!pair) continue;
    append_kind(tiles, *pair, 2);
    Tile drawn{};
    for (int e = rng.between(1, 2); e > 0; --e) {
      const std::size_t i = static_cast<std::size_t>(rng.below(14));
      int k = random_kind(rng, SetOptions{});
      if (!pool.fits(k, 1)) k = tiles[i].kind;
      pool.take(k);
      tiles[i] = drawn = Tile{static_cast<std::uint8_t>(k), false};
    }
    const Counts c = counts_with(tiles);
    const int sh = shanten(c);
    if (sh < 0 || sh > 1) continue;
    // The dora: half the time one of the hand's kinds.
    int dora = rng.chance(50) ? tiles[static_cast<std::size_t>(rng.below(14))].kind
                              : random_kind(rng, SetOptions{});
    int ind = 0;
    while (dora_of(ind) != dora) ++ind;
    if (!pool.fits(ind, 1)) continue;
    Counts seen{};
    seen[ind] = 1;
    if (!has_choice(c, seen)) continue;
    if (p.rules.red_fives) {
      bool red[3] = {false, false, false};
      for (Tile& x : tiles)
        if (is_five(x.kind) && !red[x.kind / 9] && rng.chance(50)) x.red = red[x.kind / 9] = true;
      for (const Tile& x : tiles)
        if (x.kind == drawn.kind) drawn = x;
    }
    p.drawn = drawn;
    p.hand.concealed = std::move(tiles);
    p.dora_indicators = {Tile{static_cast<std::uint8_t>(ind), false}};
    common_fields(rng, p, 5, 12);
    p.title = "Value: " + shanten_words(sh) + ", turn " + std::to_string(p.turn);
    return p;
  }
  throw DrillError("discard level 2: no position found (generator exhausted)");
}

// The position of `seat` in a round (its turn, after a draw).
void from_round(const Round& r, int seat, DiscardPosition& p) {
  const Observation obs = r.observation(seat);
  p.hand = r.hand(seat);
  if (obs.drawn >= 0) p.drawn = tile_of_id(obs.drawn, r.rules().red_fives);
  p.turn = std::clamp(18 - obs.live_tiles_left / 4, 0, 18);
  p.seat_wind = r.seat_wind(seat);
  p.round_wind = r.setup().round_wind;
  p.honba = obs.honba;
  p.riichi_sticks = obs.riichi_sticks;
  p.dora_indicators.clear();
  for (std::uint8_t id : obs.dora_indicators)
    p.dora_indicators.push_back(tile_of_id(id, r.rules().red_fives));
  p.table = true;
  p.observation = obs;
}

bool can_tsumo(const std::vector<Action>& legal) {
  return std::any_of(legal.begin(), legal.end(),
                     [](const Action& a) { return a.type == ActionType::kTsumo; });
}

bool other_riichi(const Round& r, int seat) {
  for (int s = 0; s < 4; ++s)
    if (s != seat && r.in_riichi(s)) return true;
  return false;
}

RoundSetup random_setup(Rng& rng, const Rules& rules) {
  RoundSetup s;
  s.round_wind = rng.below(2);
  s.hand_number = rng.below(4);
  s.dealer = s.hand_number;
  s.honba = rng.chance(30) ? rng.between(1, 3) : 0;
  s.riichi_sticks = rng.chance(20) ? 1 : 0;
  int sum = 0;
  for (int i = 0; i < 3; ++i) {
    s.scores[static_cast<std::size_t>(i)] = rules.starting_points + 1000 * rng.between(-8, 8);
    sum += s.scores[static_cast<std::size_t>(i)] - rules.starting_points;
  }
  s.scores[3] = rules.starting_points - sum - 1000 * s.riichi_sticks;
  s.wall_seed = rng.next();
  return s;
}

// Levels 3-4: four `efficiency` bots play a seeded hand; the learner's seat stops at its turn
// `target` (level 3, nobody in riichi) or at its first turn after an opponent's riichi (4).
DiscardPosition self_play(Rng& rng, DiscardPosition p) {
  const bool riichi = p.id.level == 4;
  for (int t = 0; t < kTries; ++t) {
    const RoundSetup setup = random_setup(rng, p.rules);
    const int learner = rng.below(4);
    const int target = rng.between(4, 9);
    auto bots = bots::make_bots({"efficiency", "efficiency", "efficiency", "efficiency"},
                                setup.wall_seed, p.rules);
    Round r(p.rules, setup);
    while (!r.is_over()) {
      const int seat = r.to_play();
      const Observation obs = r.observation(seat);
      if (seat == learner && r.phase() == Phase::kSelf && obs.drawn >= 0 && !r.in_riichi(seat) &&
          !can_tsumo(obs.legal_actions)) {
        const int own = static_cast<int>(obs.discards[static_cast<std::size_t>(seat)].size());
        const bool wanted = riichi ? other_riichi(r, seat)
                                   : own >= target && !other_riichi(r, seat) &&
                                         shanten(r.hand(seat).concealed_counts()) <= 3;
        if (wanted) {
          from_round(r, seat, p);
          p.source = "self-play (efficiency bots), wall seed " + std::to_string(setup.wall_seed);
          p.title = std::string(riichi ? "Against a riichi" : "At the table") + ": " +
                    kWindNames[setup.round_wind] + " " + std::to_string(setup.hand_number + 1) +
                    ", turn " + std::to_string(p.turn);
          return p;
        }
        if (riichi ? false : own > target) break;
      }
      const Action a = bots[static_cast<std::size_t>(seat)]->choose(obs, obs.legal_actions);
      if (!r.apply(a).ok) break;
    }
  }
  throw DrillError("discard level " + std::to_string(p.id.level) +
                   ": no position found (generator exhausted)");
}

std::vector<fs::path> scan_log_files(const std::string& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string ext = it->path().extension().string();
    if (ext == ".mjlog" || ext == ".xml" || ext == ".gz") out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A log read and replayed once per process (level 5 draws many positions from few files).
struct ReplayedLog {
  io::MjlogGame game;
  Rules rules;
  io::GameReplay rep;
};

std::mutex cache_mu;

// The log files under `dir`, scanned once per directory.
std::vector<fs::path> log_files(const std::string& dir) {
  static std::map<std::string, std::vector<fs::path>> cache;
  std::lock_guard lock(cache_mu);
  auto it = cache.find(dir);
  if (it == cache.end()) it = cache.emplace(dir, scan_log_files(dir)).first;
  return it->second;
}

// The replay of `file`, or null when it is not a four-player Tenhou game the engine plays.
std::shared_ptr<const ReplayedLog> replayed_log(const fs::path& file) {
  static std::map<std::string, std::shared_ptr<const ReplayedLog>> cache;
  {
    std::lock_guard lock(cache_mu);
    const auto it = cache.find(file.string());
    if (it != cache.end()) return it->second;
  }
  std::shared_ptr<const ReplayedLog> out;
  try {
    std::vector<io::LogGame> games = io::read_log(file);
    if (!games.empty() && games.front().tenhou) {
      auto log = std::make_shared<ReplayedLog>();
      log->game = std::move(*games.front().tenhou);
      log->rules = games.front().rules;
      log->rep = io::replay_mjlog(log->game, log->rules);
      out = std::move(log);
    }
  } catch (const std::exception&) {
    // a lobby the engine does not play (three players), a damaged file: null
  }
  std::lock_guard lock(cache_mu);
  cache.emplace(file.string(), out);
  return out;
}

// Level 5: a random discard of a random log (a hand the engine replays exactly).
bool from_log(Rng& rng, const fs::path& file, DiscardPosition& p) {
  const std::shared_ptr<const ReplayedLog> log = replayed_log(file);
  if (!log) return false;
  const io::MjlogGame& game = log->game;
  const Rules& rules = log->rules;
  const io::GameReplay& rep = log->rep;
  if (rep.hands.empty()) return false;
  const std::size_t h = static_cast<std::size_t>(rng.below(static_cast<int>(rep.hands.size())));
  const io::HandReplay& hand = rep.hands[h];
  if (hand.mismatch || h >= game.rounds.size()) return false;
  const io::ConvertedRound conv = io::convert_round(game.rounds[h], game.first_dealer);
  // The discards a player chose after a draw, out of riichi: pick one.
  std::vector<std::size_t> choices;
  {
    Round r(rules, conv.setup, conv.wall);
    for (std::size_t j = 0; j < hand.actions.size(); ++j) {
      const Action& a = hand.actions[j];
      if ((a.type == ActionType::kDiscard || a.type == ActionType::kRiichi) &&
          r.phase() == Phase::kSelf && !r.in_riichi(a.seat) && r.observation(a.seat).drawn >= 0)
        choices.push_back(j);
      if (!r.apply(a).ok) return false;
    }
  }
  if (choices.empty()) return false;
  const std::size_t pick =
      choices[static_cast<std::size_t>(rng.below(static_cast<int>(choices.size())))];
  Round r(rules, conv.setup, conv.wall);
  for (std::size_t j = 0; j < pick; ++j) r.apply(hand.actions[j]);
  const Action& a = hand.actions[pick];
  p.rules = rules;
  from_round(r, a.seat, p);
  p.played = tile_of_id(a.tile, rules.red_fives);
  const std::string name = file.filename().string();
  p.source = "Tenhou log " + name + ", " + hand.name + ", seat " + kWindNames[p.seat_wind] + " (" +
             game.names[static_cast<std::size_t>((a.seat + game.first_dealer) % 4)] + ")";
  p.title = std::string("Real game: ") + hand.name + ", turn " + std::to_string(p.turn);
  return true;
}

DiscardPosition real_game(Rng& rng, DiscardPosition p, const std::string& logs_dir) {
  const std::string dir = drill_logs_dir(logs_dir);
  const std::vector<fs::path> files = log_files(dir);
  if (files.empty())
    throw DrillError("discard level 5 needs Tenhou logs: none found in '" + dir +
                     "' (give --logs DIR or set RIICHI_DRILL_LOGS)");
  for (int t = 0; t < 40; ++t) {
    const fs::path& f = files[static_cast<std::size_t>(rng.below(static_cast<int>(files.size())))];
    if (from_log(rng, f, p)) return p;
  }
  throw DrillError("discard level 5: no readable four-player Tenhou log found in '" + dir + "'");
}

}  // namespace

std::string drill_logs_dir(const std::string& dir) {
  if (!dir.empty()) return dir;
  if (const char* env = std::getenv("RIICHI_DRILL_LOGS"); env != nullptr && *env != '\0')
    return env;
  return RIICHI_DRILL_LOGS_DIR;
}

DiscardPosition make_discard_position(const ProblemId& id, const Rules& rules,
                                      const std::string& logs_dir) {
  check_problem_id(id);
  if (id.kind != DrillKind::kDiscard) throw DrillError("not a discard problem id");
  Rng rng(problem_seed(id));
  DiscardPosition p;
  p.id = id;
  p.rules = rules;
  switch (id.level) {
    case 1:
      return efficiency(rng, p);
    case 2:
      return value(rng, p);
    case 3:
    case 4:
      return self_play(rng, p);
    default:
      return real_game(rng, p, logs_dir);
  }
}

}  // namespace riichi::drill
