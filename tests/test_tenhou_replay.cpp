// Tenhou mjlog replay (io/tenhou_replay.hpp): the stacked wall of a round, the replay of every
// real log through the engine with the tenhou preset (0 mismatches), the comparison's power to
// see a wrong rule (each preset field the logs settle, changed, gives a mismatch in the hand that
// shows it: docs/tenhou-rules-from-logs.md), truncated and tampered logs, and the CLI.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_replay.hpp"
#include "riichi/rules.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace riichi {
namespace {

namespace fs = std::filesystem;
using io::MjlogEventType;
using io::MjlogGame;
using io::MjlogRound;

const fs::path kDir = RIICHI_MJLOG_DIR;

#define REQUIRE_LOGS()                                                       \
  if (!fs::is_directory(kDir)) GTEST_SKIP() << "no Tenhou logs in " << kDir; \
  static_assert(true)

std::vector<fs::path> replay_log_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".mjlog" || ext == ".xml"))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

MjlogGame load(const std::string& name) { return io::read_mjlog(kDir / name); }

TEST(TenhouReplay, WallHoldsTheLogsTilesInTheEngineLayout) {
  REQUIRE_LOGS();
  const MjlogGame g = load("double-ron.mjlog");
  const MjlogRound& r = g.rounds.front();
  const io::ConvertedRound c = io::convert_round(r, g.first_dealer);
  EXPECT_TRUE(c.wall.is_permutation());
  EXPECT_EQ(c.setup.dealer, (r.dealer - g.first_dealer + 4) % 4);
  EXPECT_EQ(c.setup.honba, r.honba);
  EXPECT_EQ(c.setup.riichi_sticks, r.sticks);
  for (int w = 0; w < 4; ++w)
    for (int i = 0; i < 13; ++i)
      EXPECT_EQ(c.wall.tiles[deal_slot(w, i)], r.hands[(r.dealer + w) % 4][i]);
  EXPECT_EQ(c.wall.tiles[Wall::kDoraSlot], r.dora_indicator);
  int slot = Wall::kDealTiles;
  for (const io::MjlogEvent& e : r.events) {
    if (e.type == MjlogEventType::kCall && e.meld.type >= MeldType::kDaiminkan) break;
    if (e.type == MjlogEventType::kDraw) {
      EXPECT_EQ(c.wall.tiles[slot++], e.tile);
    }
  }
}

TEST(TenhouReplay, RinshanAndKanDoraSlots) {
  REQUIRE_LOGS();
  int kans = 0;
  for (const fs::path& path : replay_log_files()) {
    const MjlogGame g = io::read_mjlog(path);
    for (const MjlogRound& r : g.rounds) {
      const io::ConvertedRound c = io::convert_round(r, g.first_dealer);
      ASSERT_TRUE(c.wall.is_permutation());
      int rinshan = 0, dora = 1;
      bool after_kan = false;
      for (const io::MjlogEvent& e : r.events) {
        if (e.type == MjlogEventType::kCall && e.meld.type >= MeldType::kDaiminkan) {
          after_kan = true;
          ++kans;
        } else if (e.type == MjlogEventType::kDraw && after_kan) {
          EXPECT_EQ(c.wall.tiles[Wall::kRinshanSlots[rinshan++]], e.tile);
          after_kan = false;
        } else if (e.type == MjlogEventType::kDora) {
          EXPECT_EQ(c.wall.tiles[Wall::kIndicatorSlots[dora++]], e.tile);
        }
      }
      for (const io::MjlogAgari& a : r.agari)
        for (std::size_t k = 0; k < a.ura_indicators.size(); ++k)
          EXPECT_EQ(c.wall.tiles[Wall::kIndicatorSlots[k] + 1], a.ura_indicators[k]);
    }
  }
  EXPECT_EQ(kans, 21 + 5 + 19);  // kakan, daiminkan, ankan in the 45 logs (docs/tenhou-mjlog.md)
}

TEST(TenhouReplay, EveryRealLogMatchesTheEngine) {
  REQUIRE_LOGS();
  int games = 0, hands = 0, with_passes = 0;
  for (const fs::path& path : replay_log_files()) {
    SCOPED_TRACE(path.filename().string());
    const MjlogGame g = io::read_mjlog(path);
    const io::GameReplay rep = io::replay_mjlog(g);
    ++games;
    hands += rep.hands_checked;
    for (const io::ReplayMismatch& m : rep.mismatches) ADD_FAILURE() << m.message();
    for (const io::HandReplay& h : rep.hands) {
      if (g.truncated && &h == &rep.hands.back() && !g.rounds.back().finished()) {
        EXPECT_FALSE(h.result.has_value());
        continue;
      }
      EXPECT_TRUE(h.result.has_value()) << h.name;
      with_passes += std::any_of(h.actions.begin(), h.actions.end(),
                                 [](const Action& a) { return a.type == ActionType::kPass; });
    }
  }
  EXPECT_EQ(games, 45);
  EXPECT_EQ(hands, 452);
  EXPECT_GT(with_passes, 100);
}

TEST(TenhouReplay, TruncatedLogIsCheckedAsFarAsItGoes) {
  REQUIRE_LOGS();
  const io::GameReplay rep =
      io::replay_mjlog(load("2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"));
  EXPECT_TRUE(rep.truncated);
  EXPECT_EQ(rep.truncation, "mid-round");
  EXPECT_EQ(rep.hands_checked, 7);
  ASSERT_EQ(rep.hands.size(), 8u);
  EXPECT_FALSE(rep.hands.back().result.has_value());
  EXPECT_FALSE(rep.hands.back().actions.empty());
  EXPECT_TRUE(rep.mismatches.empty());
}

// Each rule the logs settle: the preset changed in that one field must disagree with the log,
// in the hand named (docs/tenhou-rules-from-logs.md cites the same hands).
struct Settled {
  const char* override_spec;
  const char* file;
  const char* hand;  // the first mismatch's hand
  const char* what;  // part of its description
};

TEST(TenhouReplay, ChangingASettledRuleIsSeen) {
  REQUIRE_LOGS();
  const Settled cases[] = {
      {"honba_to_every_winner=true", "2020052700gm-00a9-0000-75a4695c.mjlog", "East 2, 2 honba",
       "score changes"},
      {"multi_ron_sticks=after_discarder", "double-ron.mjlog", "East 4, 0 honba", "ba sticks"},
      {"open_kan_dora_delayed=false", "2020052700gm-00a9-0000-75a4695c.mjlog", "East 4, 0 honba",
       "doraHai"},
      {"nagashi_mangan=none", "2019082700gm-00a9-0000-63d1f136.mjlog", "East 4, 0 honba",
       "end of hand"},
      {"double_riichi=plus_one", "dnovikoff-bug6.xml", "East 2, 0 honba", "yaku"},
      {"final_rounding=0", "2010081709gm-00a9-0000-fe3371ad.mjlog", "end of game", "owari"},
      {"tenpai_yame=true", "dnovikoff-bug1.xml", "South 4, 2 honba", "INIT"},
      {"west_sudden_death=false", "2011020416gm-00a9-0000-025480d4.mjlog", "West 1, 0 honba",
       "INIT"},
      {"bankruptcy=false", "2017040900gm-00a9-0000-af5434e3.mjlog", "end of game", "end of game"},
      {"agari_yame=false", "dnovikoff-bug4.xml", "end of game", "end of game"},
      {"red_fives=false", "2010102910gm-00a9-0000-cdb9804c.mjlog", "East 1, 0 honba", "aka"},
  };
  for (const Settled& c : cases) {
    SCOPED_TRACE(c.override_spec);
    const io::GameReplay base = io::replay_mjlog(load(c.file));
    EXPECT_TRUE(base.mismatches.empty());
    const io::GameReplay rep =
        io::replay_mjlog(load(c.file), Rules::parse(std::string("tenhou,") + c.override_spec));
    ASSERT_FALSE(rep.mismatches.empty());
    EXPECT_EQ(rep.mismatches.front().hand, c.hand) << rep.mismatches.front().message();
    EXPECT_NE(rep.mismatches.front().message().find(c.what), std::string::npos)
        << rep.mismatches.front().message();
  }
}

TEST(TenhouReplay, RefusedActionIsAMismatchWithItsIndex) {
  REQUIRE_LOGS();
  MjlogGame g = load("double-ron.mjlog");
  // The first discard of the first hand becomes a tile its player does not hold.
  MjlogRound& r = g.rounds.front();
  auto it = std::find_if(r.events.begin(), r.events.end(), [](const io::MjlogEvent& e) {
    return e.type == MjlogEventType::kDiscard;
  });
  ASSERT_NE(it, r.events.end());
  const int who = it->who;
  int other = -1;
  for (int id : r.hands[(who + 1) % 4]) other = id;
  it->tile = other;
  it->tsumogiri = false;
  const io::GameReplay rep = io::replay_mjlog(g);
  ASSERT_FALSE(rep.mismatches.empty());
  const io::ReplayMismatch& m = rep.mismatches.front();
  EXPECT_EQ(m.hand, "East 1, 0 honba");
  EXPECT_EQ(m.what, "action refused");
  EXPECT_GE(m.action_index, 0);
  EXPECT_FALSE(m.got.empty());  // the engine's reason
}

TEST(TenhouReplay, ImpossibleTilesAreAMismatchNotACrash) {
  REQUIRE_LOGS();
  MjlogGame g = load("double-ron.mjlog");
  MjlogRound& r = g.rounds.front();
  r.hands[1][0] = r.hands[0][0];  // one id dealt twice
  EXPECT_THROW(io::convert_round(r, g.first_dealer), std::invalid_argument);
  const io::GameReplay rep = io::replay_mjlog(g);
  ASSERT_FALSE(rep.mismatches.empty());
  EXPECT_EQ(rep.mismatches.front().what, "wall");
}

// Corrupted games (tiles, seats, events dropped or duplicated) give mismatches, never a crash.
TEST(TenhouReplay, CorruptedGamesNeverCrash) {
  REQUIRE_LOGS();
  const MjlogGame base = load("2020052700gm-00a9-0000-75a4695c.mjlog");
  std::uint64_t x = 12345;
  auto next = [&](int n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((x >> 33) % static_cast<std::uint64_t>(n));
  };
  int mismatched = 0;
  for (int run = 0; run < 300; ++run) {
    MjlogGame g = base;
    for (int k = 0; k < 3; ++k) {
      MjlogRound& r = g.rounds[static_cast<std::size_t>(next(static_cast<int>(g.rounds.size())))];
      if (r.events.empty()) continue;
      auto& e = r.events[static_cast<std::size_t>(next(static_cast<int>(r.events.size())))];
      switch (next(5)) {
        case 0:
          e.tile = next(136);
          break;
        case 1:
          e.who = next(4);
          break;
        case 2:
          r.events.erase(r.events.begin() + next(static_cast<int>(r.events.size())));
          break;
        case 3:
          r.events.push_back(e);
          break;
        default:
          r.hands[static_cast<std::size_t>(next(4))][0] = next(136);
          break;
      }
    }
    const io::GameReplay rep = io::replay_mjlog(g);
    mismatched += !rep.mismatches.empty();
  }
  EXPECT_GT(mismatched, 250);
}

TEST(TenhouReplay, CliSummaryAndExitStatus) {
  REQUIRE_LOGS();
  const std::string file = (kDir / "double-ron.mjlog").string();
  const testing::CliRun ok = testing::run_cli("tenhou-check '" + file + "'");
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_TRUE(testing::contains(ok.out, "double-ron.mjlog: 4 hands, all match")) << ok.out;
  EXPECT_TRUE(testing::contains(ok.out, "1 games, 4 hands, 0 mismatches")) << ok.out;
  const testing::CliRun bad = testing::run_cli(
      "tenhou-check --rules tenhou,multi_ron_sticks=after_discarder '" + file + "'");
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_TRUE(testing::contains(bad.out, "1 games, 4 hands, 1 mismatches")) << bad.out;
  EXPECT_TRUE(testing::contains(bad.out, "East 4, 0 honba")) << bad.out;
  const testing::CliRun missing = testing::run_cli("tenhou-check /nonexistent/x.mjlog");
  EXPECT_EQ(missing.status, 2) << missing.out;
}

}  // namespace
}  // namespace riichi
