// The game flow of the `tenhou` preset against real Tenhou games (../shared/data/tenhou-mjlog):
// each hand's result, taken from the log, is fed to next_state; the next hand's round, dealer,
// counters, sticks and scores must be the log's next INIT, the game must end exactly where the
// log ends (agari-yame, tobi, West sudden death included), and final_result must give the log's
// owari points and results.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "io/tenhou_mjlog.hpp"
#include "riichi/game.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace riichi {
namespace {

namespace fs = std::filesystem;
using io::MjlogDrawType;
using io::MjlogEventType;
using io::MjlogGame;
using io::MjlogRound;

std::vector<fs::path> log_files() {
  std::vector<fs::path> files;
  if (!fs::is_directory(RIICHI_MJLOG_DIR)) return files;
  for (const auto& entry : fs::directory_iterator(RIICHI_MJLOG_DIR)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".mjlog" || ext == ".xml"))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Engine seats: 0 = the first dealer.
struct SeatMap {
  int first_dealer = 0;
  int operator()(int file_seat) const { return (file_seat - first_dealer + 4) % 4; }
  std::array<int, 4> scores(const std::array<int, 4>& file) const {
    std::array<int, 4> out{};
    for (int s = 0; s < 4; ++s) out[(*this)(s)] = file[s];
    return out;
  }
};

// The hand's RoundResult as the log tells it.
RoundResult result_of(const MjlogRound& r, const SeatMap& seat) {
  RoundResult res;
  std::array<int, 4> after{};
  if (!r.agari.empty()) {
    res.end = RoundEnd::kWin;
    for (const io::MjlogAgari& a : r.agari) {
      WinRecord w;
      w.winner = seat(a.who);
      w.from = a.tsumo ? -1 : seat(a.from_who);
      res.wins.push_back(w);
    }
    const io::MjlogAgari& last = r.agari.back();
    for (int s = 0; s < 4; ++s) after[s] = last.scores[s] + last.deltas[s];
    res.riichi_sticks_after = 0;
  } else {
    const io::MjlogDraw& d = *r.draw;
    const bool exhaustive =
        d.type == MjlogDrawType::kExhaustive || d.type == MjlogDrawType::kNagashiMangan;
    res.end = exhaustive ? RoundEnd::kExhaustiveDraw : RoundEnd::kAbortiveDraw;
    if (exhaustive)
      for (int s = 0; s < 4; ++s) res.tenpai[seat(s)] = d.shown[s];
    for (int s = 0; s < 4; ++s) after[s] = d.scores[s] + d.deltas[s];
    int stakes = 0;
    for (const io::MjlogEvent& e : r.events)
      stakes += e.type == MjlogEventType::kRiichi && e.step == 2;
    res.riichi_sticks_after = r.sticks + stakes;
  }
  const std::array<int, 4> before = seat.scores(r.scores), now = seat.scores(after);
  for (int s = 0; s < 4; ++s) res.deltas[s] = now[s] - before[s];
  return res;
}

bool complete(const MjlogGame& g) {
  if (!g.has_owari || g.truncated || g.rounds.empty()) return false;
  for (const MjlogRound& r : g.rounds)
    if (!r.finished()) return false;
  return g.type.hanchan && !g.type.three_player;
}

TEST(GameTenhouLogs, FlowAndFinalMatchRealGames) {
  const Rules rules = Rules::tenhou();
  int games = 0;
  for (const fs::path& path : log_files()) {
    SCOPED_TRACE(path.filename().string());
    MjlogGame g;
    try {
      g = io::read_mjlog(path);
    } catch (const std::exception& e) {
      continue;  // malformed on purpose: the parser's own tests cover it
    }
    if (!complete(g)) continue;
    ++games;
    const SeatMap seat{g.first_dealer};
    GameState s = initial_state(rules);
    for (std::size_t k = 0; k < g.rounds.size(); ++k) {
      const MjlogRound& r = g.rounds[k];
      SCOPED_TRACE("round " + std::to_string(r.round) + "-" + std::to_string(r.honba));
      ASSERT_FALSE(s.finished) << "the engine ended the game before the log";
      EXPECT_EQ(s.round_wind * 4 + s.hand_number, r.round);
      EXPECT_EQ(s.dealer, seat(r.dealer));
      EXPECT_EQ(s.honba, r.honba);
      EXPECT_EQ(s.riichi_sticks, r.sticks);
      EXPECT_EQ(s.scores, seat.scores(r.scores));
      s = next_state(s, result_of(r, seat), rules);
    }
    EXPECT_TRUE(s.finished) << "the log ends but the engine goes on: " << hand_name(s);
    const FinalResult f = final_result(s, rules);
    EXPECT_EQ(f.points, seat.scores(g.final_scores));
    for (int fs = 0; fs < 4; ++fs)
      EXPECT_EQ(f.final_scores[seat(fs)], static_cast<int>(g.final_results[fs] * 1000 +
                                                           (g.final_results[fs] < 0 ? -0.5 : 0.5)));
  }
  if (games == 0) GTEST_SKIP() << "no complete Tenhou log in " << RIICHI_MJLOG_DIR;
  EXPECT_GE(games, 40);
}

}  // namespace
}  // namespace riichi
