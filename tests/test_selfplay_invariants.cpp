// Random self-play invariants (issue 4): for every preset, at least 100,000 hands of play
// between random bots (RIICHI_QUICK=1: 1/50 of that), checking at every step
//   * at least one legal action for the seat to play and for every seat that must answer;
//   * points + riichi sticks on the table constant (within the hand and across the game);
// and on every `kFullCheckEvery`-th game (one in 16), at every step,
//   * all 136 tiles accounted for (with three players the 28 out of the game too): hands, melds,
//   uncalled discards, the undrawn live wall and
//     the dead wall, each physical tile exactly once (computed here from public accessors, and
//     Round::audit());
//   * no observation shows another seat's concealed tiles (nor an unrevealed indicator), and each
//     seat's observation shows its own hand exactly;
// and for every game, that replaying its record gives the same events and results, and on some
// games (one in 128) that the JSON-lines text reads back and replays to the same text.
//
// `RIICHI_SOAK_HANDS=N` raises the count (make soak: 1,000,000 hands per preset).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "io/record_json.hpp"
#include "random_hands.hpp"
#include "riichi/record.hpp"

namespace riichi {
namespace {

constexpr int kFullCheckEvery = 16;   // games with the tile and observation checks at every step
constexpr int kJsonCheckEvery = 128;  // games whose JSON text is read back and replayed
constexpr int kGreedyEvery = 4;       // every 4th game: greedy bots (more wins, riichi, kans)

int hands_wanted() {
  if (const char* soak = std::getenv("RIICHI_SOAK_HANDS"); soak && *soak)
    return std::max(1, std::atoi(soak));
  return testing::iterations(100000);
}

// North tiles set aside as nukidora in the current hand, per seat, as the test saw them played.
using KitaIds = std::array<std::vector<std::uint8_t>, 4>;

// Every physical tile exactly once (the 28 ids 2m-8m of a three-player wall included: they lie
// out of the game in the wall), from public accessors and the kita the test saw played.
std::string account_tiles(const Round& r, const KitaIds& kita) {
  std::array<int, kNumTiles> seen{};
  int replacements = 0;  // replacement draws from the dead wall: one per kan and per kita
  for (int s = 0; s < 4; ++s) {
    for (std::uint8_t id : r.concealed_ids(s)) ++seen[id];
    for (const MeldInfo& m : r.melds(s)) {
      for (int i = 0; i < m.size(); ++i) ++seen[m.ids[static_cast<std::size_t>(i)]];
      replacements += m.size() == 4;
    }
    const auto& set_aside = kita[static_cast<std::size_t>(s)];
    for (std::uint8_t id : set_aside) ++seen[id];
    replacements += static_cast<int>(set_aside.size());
  }
  const Observation pub = r.observation(0);
  for (const auto& discards : pub.discards)
    for (const DiscardInfo& d : discards)
      if (!d.called) ++seen[d.id];
  if (r.phase() == Phase::kChankan) return r.audit();  // mid-kan or kita: the engine's own count
  for (int s = 0; s < 4; ++s)
    if (r.kita_count(s) != static_cast<int>(kita[static_cast<std::size_t>(s)].size()))
      return "seat " + std::to_string(s) + " has a kita the test did not see played";
  // Undrawn live tiles [next, live_end), then the tiles out of the game and the dead wall up to
  // 136, without the replacement tiles already drawn.
  const WallShape shape = wall_shape(r.rules());
  const int live_end = shape.live_end() - replacements;
  const int next = live_end - r.live_tiles_left();
  if (next < shape.deal_tiles() || replacements > 8) return "impossible wall position";
  std::array<bool, kNumTiles> drawn_replacement{};
  for (int k = 0; k < replacements; ++k)
    drawn_replacement[static_cast<std::size_t>(Wall::rinshan_slot(k, shape))] = true;
  for (int i = next; i < kNumTiles; ++i)
    if (!drawn_replacement[static_cast<std::size_t>(i)])
      ++seen[r.wall().tiles[static_cast<std::size_t>(i)]];
  std::string err;
  for (int id = 0; id < kNumTiles; ++id)
    if (seen[static_cast<std::size_t>(id)] != 1)
      err += "tile id " + std::to_string(id) + " seen " +
             std::to_string(seen[static_cast<std::size_t>(id)]) + " times; ";
  return err;
}

// What seat `seat` observes: its own hand exactly, nobody else's concealed tile.
std::string check_observations(const Round& r) {
  std::array<std::vector<std::uint8_t>, 4> concealed;
  std::array<int, kNumTiles> owner{};
  owner.fill(-1);
  for (int s = 0; s < 4; ++s) {
    concealed[static_cast<std::size_t>(s)] = r.concealed_ids(s);
    for (std::uint8_t id : concealed[static_cast<std::size_t>(s)]) owner[id] = s;
  }
  std::string err;
  for (int s = 0; s < 4; ++s) {
    const Observation o = r.observation(s);
    if (o.seat != s) err += "observation of the wrong seat; ";
    if (o.concealed != concealed[static_cast<std::size_t>(s)])
      err += "seat " + std::to_string(s) + " does not see its own hand exactly; ";
    std::vector<int> shown(o.concealed.begin(), o.concealed.end());
    if (o.drawn >= 0) shown.push_back(o.drawn);
    for (const auto& ds : o.discards)
      for (const DiscardInfo& d : ds) shown.push_back(d.id);
    for (const auto& ms : o.melds)
      for (const MeldInfo& m : ms)
        for (int i = 0; i < m.size(); ++i) shown.push_back(m.ids[static_cast<std::size_t>(i)]);
    for (std::uint8_t id : o.dora_indicators) shown.push_back(id);
    for (int id : shown)
      if (id < 0 || id >= kNumTiles ||
          (owner[static_cast<std::size_t>(id)] >= 0 && owner[static_cast<std::size_t>(id)] != s))
        err += "seat " + std::to_string(s) + " sees tile id " + std::to_string(id) +
               " concealed by another seat; ";
    for (std::size_t k = 0; k < o.dora_indicators.size(); ++k)
      if (k >= Wall::kIndicatorSlots.size() ||
          o.dora_indicators[k] !=
              r.wall().tiles[static_cast<std::size_t>(Wall::kIndicatorSlots[k])])
        err += "an indicator that is not a revealed indicator slot; ";
    for (const Action& a : o.legal_actions)
      if (a.seat != s) err += "another seat's action in the observation; ";
    for (int t = 0; t < 4; ++t)
      if (o.concealed_count[static_cast<std::size_t>(t)] !=
          static_cast<int>(concealed[static_cast<std::size_t>(t)].size()))
        err += "wrong concealed count; ";
  }
  return err;
}

bool same_event(const Event& a, const Event& b) {
  return a.type == b.type && a.seat == b.seat && a.tile == b.tile && a.from == b.from &&
         a.index == b.index && a.tsumogiri == b.tsumogiri && a.riichi == b.riichi &&
         a.rinshan == b.rinshan && a.meld == b.meld && a.meld_ids == b.meld_ids &&
         a.hand_size == b.hand_size && a.hand == b.hand;
}

std::string compare_logs(const GameLog& live, const GameLog& again) {
  if (live.hands.size() != again.hands.size()) return "different number of hands";
  for (std::size_t h = 0; h < live.hands.size(); ++h) {
    const HandLog& a = live.hands[h];
    const HandLog& b = again.hands[h];
    const std::string where = "hand " + std::to_string(h) + " (" + a.name + "): ";
    if (a.events.size() != b.events.size()) return where + "different number of events";
    for (std::size_t e = 0; e < a.events.size(); ++e)
      if (!same_event(a.events[e], b.events[e])) return where + "event " + std::to_string(e);
    if (a.action_events != b.action_events) return where + "actions at other event positions";
    if (a.result.deltas != b.result.deltas) return where + "different deltas";
    if (a.result.wins.size() != b.result.wins.size()) return where + "different wins";
    for (std::size_t w = 0; w < a.result.wins.size(); ++w)
      if (a.result.wins[w].score.payments.total != b.result.wins[w].score.payments.total ||
          a.result.wins[w].score.han != b.result.wins[w].score.han ||
          a.result.wins[w].score.fu != b.result.wins[w].score.fu)
        return where + "different score";
    if (a.scores_after != b.scores_after) return where + "different scores after";
  }
  if (live.finished != again.finished) return "one finished, the other not";
  if (live.final.final_scores != again.final.final_scores) return "different final scores";
  if (live.final.points != again.final.points) return "different final points";
  return "";
}

struct Totals {
  long hands = 0, games = 0, steps = 0, wins = 0, draws = 0, aborts = 0, riichi = 0, calls = 0,
       kans = 0;
};

class SelfplayInvariants : public ::testing::TestWithParam<const char*> {};

TEST_P(SelfplayInvariants, RandomPlay) {
  const Rules rules = Rules::parse(GetParam());
  const int wanted = hands_wanted();
  const int table_points = rules.players * rules.starting_points;
  Totals t;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t seed = 1; t.hands < wanted; ++seed) {
    const bool full = t.games % kFullCheckEvery == 0;
    const bool greedy = t.games % kGreedyEvery == kGreedyEvery - 1;
    std::array<std::unique_ptr<bots::Bot>, 4> players;
    for (int s = 0; s < 4; ++s)
      players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
          bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = greedy});
    GameRecorder rec(rules, seed, {"a", "b", "c", "d"});
    KitaIds kita;
    while (!rec.game().is_over()) {
      const Game& g = rec.game();
      const Round& r = g.round();
      int kita_now = 0, kita_seen = 0;
      for (int s = 0; s < 4; ++s) {
        kita_now += r.kita_count(s);
        kita_seen += static_cast<int>(kita[static_cast<std::size_t>(s)].size());
      }
      if (kita_now < kita_seen) kita = {};  // a new hand
      const int seat = g.to_play();
      ASSERT_GE(seat, 0) << "seed " << seed << ": nobody to play in a running game";
      ASSERT_FALSE(g.legal_actions(seat).empty()) << "seed " << seed << ": seat " << seat;
      for (int p : r.pending_seats())
        ASSERT_FALSE(g.legal_actions(p).empty())
            << "seed " << seed << ": pending seat " << p << " has no legal action";
      int points = 1000 * r.riichi_sticks();
      for (int s : r.scores()) points += s;
      ASSERT_EQ(points, table_points) << "seed " << seed << ": points + sticks changed";
      if (full) {
        const std::string tiles = account_tiles(r, kita);
        ASSERT_EQ(tiles, "") << "seed " << seed << " "
                             << hand_name(r.setup().round_wind, r.setup().hand_number);
        const std::string obs = check_observations(r);
        ASSERT_EQ(obs, "") << "seed " << seed;
      }
      const Action a = bots::ask(g, *players[static_cast<std::size_t>(seat)], seat);
      const ApplyResult applied = rec.apply(a);
      ASSERT_TRUE(applied.ok) << "seed " << seed << ": " << applied.reason;
      if (a.type == ActionType::kKita)
        kita[static_cast<std::size_t>(a.seat)].push_back(static_cast<std::uint8_t>(a.tile));
      ++t.steps;
    }
    const GameLog& log = rec.log();
    ASSERT_TRUE(log.finished);
    for (const HandLog& h : log.hands) {
      int points = 1000 * h.riichi_sticks_after;
      for (int s : h.scores_after) points += s;
      ASSERT_EQ(points, table_points) << "seed " << seed << " after " << h.name;
      t.wins += h.result.end == RoundEnd::kWin;
      t.draws += h.result.end == RoundEnd::kExhaustiveDraw;
      t.aborts += h.result.end == RoundEnd::kAbortiveDraw;
      for (const Event& e : h.events) {
        t.riichi += e.type == EventType::kRiichiAccepted;
        t.calls += e.type == EventType::kCall;
        t.kans += e.type == EventType::kCall && e.meld >= MeldType::kDaiminkan;
      }
    }
    int final_points = 0, final_sum = 0;
    for (int s = 0; s < 4; ++s) {
      final_points += log.final.points[static_cast<std::size_t>(s)];
      final_sum += log.final.final_scores[static_cast<std::size_t>(s)];
    }
    ASSERT_EQ(final_points, table_points) << "seed " << seed << ": leftover sticks lost";
    ASSERT_EQ(final_sum, 0) << "seed " << seed << ": final scores do not sum to zero";

    const ReplayResult again = replay(rec.record());
    ASSERT_TRUE(again.ok()) << "seed " << seed << ": " << again.divergence->message();
    ASSERT_EQ(compare_logs(log, again.log), "") << "seed " << seed;
    if (t.games % kJsonCheckEvery == 0) {
      const std::string text = io::game_to_text(rec.record(), log, 0);
      std::istringstream in(text);
      const std::vector<io::RecordedGame> games = io::read_records(in);
      ASSERT_EQ(games.size(), 1u);
      const ReplayResult from_text = replay(games[0].record);
      ASSERT_TRUE(from_text.ok()) << "seed " << seed << ": " << from_text.divergence->message();
      const auto diff = io::compare_game(games[0], from_text.log);
      ASSERT_FALSE(diff.has_value()) << "seed " << seed << ": " << diff->message();
      ASSERT_EQ(io::game_to_text(games[0].record, from_text.log, 0), text) << "seed " << seed;
    }
    t.hands += static_cast<long>(log.hands.size());
    ++t.games;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "[ %s ] %ld hands in %ld games, %ld actions, %.1f s: %ld wins, %ld exhaustive draws, %ld "
      "abortive draws, %ld riichi, %ld calls (%ld kans)\n",
      GetParam(), t.hands, t.games, t.steps, seconds, t.wins, t.draws, t.aborts, t.riichi, t.calls,
      t.kans);
  EXPECT_GE(t.hands, wanted);
  EXPECT_GT(t.wins, 0);
  EXPECT_GT(t.riichi, 0);
  EXPECT_GT(t.calls, 0);
}

INSTANTIATE_TEST_SUITE_P(Presets, SelfplayInvariants,
                         ::testing::Values("ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague",
                                           "wrc", "tenhou_sanma", "mahjongsoul_sanma"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace riichi
