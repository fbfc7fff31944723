#include "bots/arena.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "bots/random_bot.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"

namespace riichi::bots {

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  std::uint64_t z = x + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Riichi declarations and calls per seat in the current hand, and their per-game totals.
// Riichi comes from the actions applied (a legal riichi action is a declaration); calls from the
// hand's events (an answer in a claim window becomes a call only when the window resolves to it).
class HandTracker {
 public:
  void after_apply(const Game& game, const Action& action, int seat) {
    if (action.type == ActionType::kRiichi) riichi_[static_cast<std::size_t>(seat)] = true;
    if (game.results().size() != hands_seen_) {
      close_hand();
      hands_seen_ = game.results().size();
      events_seen_ = 0;  // the round is now the next hand (a call never ends a hand)
      return;
    }
    const std::vector<Event>& events = game.round().events();
    // A discard (or a riichi declaration) never makes a call: the windows it opens are answered
    // by later actions, and one nobody can answer closes without a call. Its events are skipped.
    if (action.type == ActionType::kDiscard || action.type == ActionType::kRiichi) {
      events_seen_ = events.size();
      return;
    }
    for (std::size_t i = events_seen_; i < events.size(); ++i) {
      const Event& e = events[i];
      if (e.type == EventType::kCall && e.meld <= MeldType::kDaiminkan)
        called_[static_cast<std::size_t>(e.seat)] = true;
    }
    events_seen_ = events.size();
  }

  int riichi_hands(int seat) const { return riichi_hands_[static_cast<std::size_t>(seat)]; }
  int call_hands(int seat) const { return call_hands_[static_cast<std::size_t>(seat)]; }

 private:
  void close_hand() {
    for (std::size_t s = 0; s < 4; ++s) {
      riichi_hands_[s] += riichi_[s] ? 1 : 0;
      call_hands_[s] += called_[s] ? 1 : 0;
    }
    riichi_ = {};
    called_ = {};
  }

  std::size_t hands_seen_ = 0;
  std::size_t events_seen_ = 0;
  std::array<bool, 4> riichi_{};
  std::array<bool, 4> called_{};
  std::array<int, 4> riichi_hands_{};
  std::array<int, 4> call_hands_{};
};

// `turn(bot, seat, chosen)` asks the bot and applies its choice; `discards(last)` first makes
// the plain discards in a row it can (play_discards; 0 when none) and gives the last of them.
template <class Turn, class Discards>
void play_out(const Game& game, const std::array<std::unique_ptr<Bot>, 4>& bots, Turn turn,
              Discards discards, HandTracker& tracker) {
  while (!game.is_over()) {
    if (Action last; discards(last) > 0) {
      tracker.after_apply(game, last, last.seat);  // a discard: only the hand's end is read
      continue;
    }
    const int seat = game.to_play();
    Bot& bot = *bots[static_cast<std::size_t>(seat)];
    Action a;
    const ApplyResult applied = turn(bot, seat, a);
    if (!applied.ok) {
      std::string msg = bot.name();
      msg += " bot chose an illegal action: ";
      msg += applied.reason;
      throw std::logic_error(msg);
    }
    tracker.after_apply(game, a, seat);
  }
}

void fill_result(const Game& game, const HandTracker& tracker,
                 const std::array<std::string, 4>& names, GameResult& out) {
  const FinalResult fin = game.final_result();
  out.hands = static_cast<int>(game.results().size());
  for (std::size_t s = 0; s < static_cast<std::size_t>(game.rules().players); ++s) {
    SeatResult& r = out.seats[s];
    const int seat = static_cast<int>(s);
    r.bot = names[s];
    r.seat = seat;
    r.rank = fin.ranks[s];
    r.points = fin.points[s];
    r.final_score = fin.final_scores[s];
    r.hands = out.hands;
    r.riichi = tracker.riichi_hands(seat);
    r.calls = tracker.call_hands(seat);
  }
  for (const RoundResult& hand : game.results()) {
    std::array<bool, 4> dealt_in{};
    for (const WinRecord& w : hand.wins) {
      SeatResult& r = out.seats[static_cast<std::size_t>(w.winner)];
      ++r.wins;
      if (w.from < 0) ++r.tsumo;
      r.win_points += w.score.payments.total;
      if (w.from >= 0) dealt_in[static_cast<std::size_t>(w.from)] = true;
    }
    for (std::size_t s = 0; s < 4; ++s) out.seats[s].deal_ins += dealt_in[s] ? 1 : 0;
  }
}

}  // namespace

std::uint64_t arena_game_seed(std::uint64_t run_seed, int block) {
  return splitmix64(run_seed ^ splitmix64(static_cast<std::uint64_t>(block) + 0x61726E61ull));
}

std::array<std::string, 4> seat_bots(const std::array<std::string, 4>& list, int rotation,
                                     int players) {
  std::array<std::string, 4> out;
  const auto n = static_cast<std::size_t>(players);
  for (std::size_t s = 0; s < n; ++s) out[s] = list[(s + static_cast<std::size_t>(rotation)) % n];
  return out;
}

int repeated_rotations(const std::array<std::string, 4>& list, int rotation, int players) {
  const std::array<std::string, 4> seating = seat_bots(list, rotation, players);
  int repeats = 0;
  for (int r = 0; r < rotation; ++r)
    if (seat_bots(list, r, players) == seating) ++repeats;
  return repeats;
}

GameResult play_arena_game(const ArenaConfig& config, int index,
                           std::optional<GameRecorder>* recorder) {
  GameResult result;
  result.index = index;
  const int seats = config.rules.players;
  result.block = index / seats;
  result.rotation = index % seats;
  result.seed = arena_game_seed(config.seed, result.block);
  const std::array<std::string, 4> names = seat_bots(config.bots, result.rotation, seats);
  const int repeat = repeated_rotations(config.bots, result.rotation, seats);
  std::array<std::unique_ptr<Bot>, 4> players;
  for (int s = 0; s < seats; ++s) {
    const std::string& name = names[static_cast<std::size_t>(s)];
    const std::uint64_t seed = bot_seed(result.seed, s + 4 * repeat);
    // The bots judge under the game's rules (red fives, limits, payments, the tile set).
    players[static_cast<std::size_t>(s)] = make_bot(name, seed, config.rules);
  }
  HandTracker tracker;
  if (recorder != nullptr) {
    recorder->emplace(config.rules, result.seed, names);
    GameRecorder& rec = **recorder;
    const auto turn = [&rec](Bot& bot, int seat, Action& a) {
      a = ask(rec.game(), bot, seat);
      return rec.apply(a);
    };
    play_out(
        rec.game(), players, turn, [](Action&) { return 0; }, tracker);
    fill_result(rec.game(), tracker, names, result);
  } else {
    Game game(config.rules, result.seed);
    const auto turn = [&game](Bot& bot, int seat, Action& a) {
      return play_turn(game, bot, seat, a);
    };
    const Seats table = seats_of(players);
    const DiscardRuns runs(table, seats);
    const auto discards = [&game, &table, &runs](Action& last) {
      return runs.worth_asking(game) ? play_discards(game, table, runs, last) : 0;
    };
    play_out(game, players, turn, discards, tracker);
    fill_result(game, tracker, names, result);
  }
  return result;
}

ArenaRun run_arena(const ArenaConfig& config, const ArenaCallbacks& callbacks,
                   std::atomic<bool>* cancel) {
  if (config.games < 0) throw std::invalid_argument("the number of games must not be negative");
  if (config.threads < 1) throw std::invalid_argument("the number of threads must be at least 1");
  if (config.rules.players != 3 && config.rules.players != 4)
    throw std::invalid_argument("the rules must be for 3 or 4 players");
  for (int s = 0; s < config.rules.players; ++s)
    make_bot(config.bots[static_cast<std::size_t>(s)], 0);  // throws for an unknown name

  const auto start = std::chrono::steady_clock::now();
  // Finished games in finishing order (sorted by index at the end): memory grows with the games
  // played, not with the games asked for.
  std::vector<GameResult> results;
  std::mutex results_mutex;
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;

  auto worker = [&] {
    std::optional<GameRecorder> recorder;
    while (!failed.load(std::memory_order_relaxed) &&
           (cancel == nullptr || !cancel->load(std::memory_order_relaxed))) {
      const int g = next.fetch_add(1, std::memory_order_relaxed);
      if (g >= config.games) break;
      try {
        GameResult r = play_arena_game(config, g, config.record ? &recorder : nullptr);
        if (callbacks.on_game) callbacks.on_game(r, config.record ? &*recorder : nullptr);
        {
          const std::lock_guard<std::mutex> lock(results_mutex);
          results.push_back(std::move(r));
        }
        const int d = done.fetch_add(1, std::memory_order_relaxed) + 1;
        if (callbacks.on_progress) callbacks.on_progress(d);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  const int workers = std::min(config.threads, std::max(config.games, 1));
  if (workers == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < workers; ++t) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
  }
  if (error) std::rethrow_exception(error);

  ArenaRun run;
  std::sort(results.begin(), results.end(),
            [](const GameResult& a, const GameResult& b) { return a.index < b.index; });
  run.games = std::move(results);
  run.cancelled = static_cast<int>(run.games.size()) < config.games;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

Estimate mean_ci95(std::span<const double> values) {
  Estimate e;
  if (values.empty()) return e;
  double sum = 0;
  for (double v : values) sum += v;
  const double n = static_cast<double>(values.size());
  e.value = sum / n;
  if (values.size() < 2) return e;
  double sq = 0;
  for (double v : values) sq += (v - e.value) * (v - e.value);
  e.ci95 = 1.96 * std::sqrt(sq / (n - 1)) / std::sqrt(n);
  return e;
}

Estimate proportion_ci95(long long hits, long long n) {
  Estimate e;
  if (n <= 0) return e;
  const double p = static_cast<double>(hits) / static_cast<double>(n);
  e.value = p;
  e.ci95 = 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(n));
  return e;
}

namespace {

struct Accumulator {
  std::string name;
  std::vector<double> ranks, scores, points;
  std::array<long long, 4> rank_counts{};
  long long hands = 0, wins = 0, tsumo = 0, deal_ins = 0, riichi = 0, calls = 0;
  long long win_points = 0;

  void add(const SeatResult& r) {
    ranks.push_back(r.rank);
    scores.push_back(r.final_score);
    points.push_back(r.points);
    if (r.rank >= 1 && r.rank <= 4) ++rank_counts[static_cast<std::size_t>(r.rank - 1)];
    hands += r.hands;
    wins += r.wins;
    tsumo += r.tsumo;
    deal_ins += r.deal_ins;
    riichi += r.riichi;
    calls += r.calls;
    win_points += r.win_points;
  }

  BotStats stats() const {
    BotStats b;
    b.name = name;
    b.games = static_cast<int>(ranks.size());
    b.hands = hands;
    b.avg_rank = mean_ci95(ranks);
    for (std::size_t k = 0; k < 4; ++k) b.rank_rates[k] = proportion_ci95(rank_counts[k], b.games);
    b.avg_score = mean_ci95(scores);
    b.avg_points = mean_ci95(points);
    b.win_rate = proportion_ci95(wins, hands);
    b.deal_in_rate = proportion_ci95(deal_ins, hands);
    b.riichi_rate = proportion_ci95(riichi, hands);
    b.call_rate = proportion_ci95(calls, hands);
    b.wins = wins;
    b.tsumo = tsumo;
    b.avg_win = wins > 0 ? static_cast<double>(win_points) / static_cast<double>(wins) : 0.0;
    return b;
  }
};

}  // namespace

ArenaTable summarize(std::span<const GameResult> games) {
  std::vector<Accumulator> acc;
  // Per game: for each bot (index in acc) the sum and count of its ranks.
  std::vector<std::vector<std::pair<std::size_t, double>>> game_ranks;
  ArenaTable table;
  for (const GameResult& g : games) {
    ++table.games;
    table.hands += g.hands;
    std::vector<std::pair<std::size_t, double>>& per_bot = game_ranks.emplace_back();
    std::array<int, 4> counts{};
    for (const SeatResult& r : g.seats) {
      if (r.bot.empty()) {  // the empty seat of a three-player game
        table.players = 3;
        continue;
      }
      std::size_t i = 0;
      while (i < acc.size() && acc[i].name != r.bot) ++i;
      if (i == acc.size()) acc.emplace_back().name = r.bot;
      acc[i].add(r);
      std::size_t k = 0;
      while (k < per_bot.size() && per_bot[k].first != i) ++k;
      if (k == per_bot.size()) per_bot.emplace_back(i, 0.0);
      per_bot[k].second += r.rank;
      ++counts[k];
    }
    for (std::size_t k = 0; k < per_bot.size(); ++k) per_bot[k].second /= counts[k];
  }
  for (const Accumulator& a : acc) table.bots.push_back(a.stats());
  for (std::size_t i = 0; i < acc.size(); ++i) {
    for (std::size_t j = i + 1; j < acc.size(); ++j) {
      std::vector<double> diffs;
      for (const auto& per_bot : game_ranks) {
        const double* ri = nullptr;
        const double* rj = nullptr;
        for (const auto& [bot, rank] : per_bot) {
          if (bot == i) ri = &rank;
          if (bot == j) rj = &rank;
        }
        if (ri != nullptr && rj != nullptr) diffs.push_back(*ri - *rj);
      }
      if (diffs.empty()) continue;
      RankDifference d;
      d.a = acc[i].name;
      d.b = acc[j].name;
      d.games = static_cast<int>(diffs.size());
      d.diff = mean_ci95(diffs);
      table.differences.push_back(std::move(d));
    }
  }
  return table;
}

}  // namespace riichi::bots
