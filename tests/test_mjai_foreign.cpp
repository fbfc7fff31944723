// mjai as other tools write it (docs/export-formats.md §3): Mortal's and mjai-reviewer's logs
// give a hora as who, from, deltas and ura markers only and a ryukyoku as its deltas only; the
// engine scores such wins itself and checks the deltas, and a replay that cannot go on is an
// error naming the event. The yaku names are mjai's (gimite/mjai), the three dragon yakuhai as
// one "sangenpai", mapped back on reading.
//
// tests/data/mjai/mortal_two_kyoku.jsonl is written by hand in Mortal's event format
// (libriichi/src/mjai/event.rs): East 1, West riichis on its second discard, North's white
// dragon is ponned by South (no ippatsu), West rons North's 4s: riichi + pinfu, 2 han 30 fu,
// 2000 (RULES.md §8), plus the riichi stick: deltas [0, 0, 3000, -2000]. East 2: the dealer
// (South) draws into ten different terminals and honours and declares kyuushu kyuuhai.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.hpp"
#include "io/json_text.hpp"
#include "io/log_reader.hpp"
#include "io/mjai.hpp"
#include "learn/log_decisions.hpp"

#ifndef RIICHI_SOURCE_DIR
#define RIICHI_SOURCE_DIR "."
#endif
#ifndef RIICHI_SHARED_DATA_DIR
#define RIICHI_SHARED_DATA_DIR "../shared/data"
#endif

namespace riichi::io {
namespace {

namespace fs = std::filesystem;

const fs::path kMortalLog = fs::path(RIICHI_SOURCE_DIR) / "tests/data/mjai/mortal_two_kyoku.jsonl";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string text_of(const std::vector<nlohmann::ordered_json>& events) {
  std::string out;
  for (const nlohmann::ordered_json& e : events) out += dump_json(e) + "\n";
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// Every action of the log played on the game it deals.
Game played(const learn::LoggedGame& g) {
  Game game = g.new_game();
  for (const Action& a : g.actions) EXPECT_TRUE(game.apply(a).ok);
  return game;
}

TEST(MjaiForeign, MortalLogReadsAsUnscoredWinAndBareDraw) {
  const PlainGame g = parse_mjai(slurp(kMortalLog));
  ASSERT_EQ(g.hands.size(), 2u);
  const PlainHand& h = g.hands[0];
  ASSERT_EQ(h.wins.size(), 1u);
  const PlainWin& w = h.wins[0];
  EXPECT_FALSE(w.scored);
  EXPECT_EQ(w.who, 2);
  EXPECT_EQ(w.from, 3);
  EXPECT_EQ(w.line, 27);
  EXPECT_EQ(w.tile, parse_mjai_tile("4s"));  // found by following the tiles
  EXPECT_EQ(w.deltas, (std::array<int, 4>{0, 0, 3000, -2000}));
  EXPECT_EQ(h.ura, std::vector<Tile>{parse_mjai_tile("N")});
  const PlainHand& d = g.hands[1];
  EXPECT_EQ(d.end, HandEnd::kNineTerminals);  // the ryukyoku comes right after a draw
  EXPECT_FALSE(d.end_detailed);
  EXPECT_EQ(d.end_line, 31);
  EXPECT_EQ(d.deltas, (std::array<int, 4>{}));
}

TEST(MjaiForeign, MortalLogReplaysAndTheEngineScoresTheWin) {
  const std::vector<LogGame> games = parse_log(slurp(kMortalLog), "mortal.jsonl");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].format, LogFormat::kMjai);
  const learn::LoggedGame lg = learn::logged_game(games[0]);
  EXPECT_EQ(lg.stopped, "");
  EXPECT_EQ(lg.notes, "");
  const Game game = played(lg);
  ASSERT_EQ(game.results().size(), 2u);
  const RoundResult& win = game.results()[0];
  ASSERT_EQ(win.end, RoundEnd::kWin);
  ASSERT_EQ(win.wins.size(), 1u);
  const ScoreResult& sc = win.wins[0].score;
  EXPECT_EQ(sc.han, 2);
  EXPECT_EQ(sc.fu, 30);
  std::vector<std::string> yaku;
  for (const YakuItem& y : sc.yaku) yaku.push_back(y.name);
  std::sort(yaku.begin(), yaku.end());
  EXPECT_EQ(yaku, (std::vector<std::string>{"pinfu", "riichi"}));
  const RoundResult& draw = game.results()[1];
  EXPECT_EQ(draw.end, RoundEnd::kAbortiveDraw);
  EXPECT_EQ(draw.abortive, AbortiveDraw::kKyuushuKyuuhai);
  // East 2 started from the scores the engine paid: the log's start_kyoku agrees.
  EXPECT_EQ(game.setups()[1].scores, (std::array<int, 4>{25000, 25000, 27000, 23000}));
}

TEST(MjaiForeign, MjaiReviewerStartGameReadsTheSame) {
  std::vector<std::string> lines = lines_of(slurp(kMortalLog));
  lines[0] = R"({"type":"start_game","kyoku_first":0,"aka_flag":true,"names":["a","b","c","d"]})";
  const learn::LoggedGame lg = learn::logged_game(parse_log(joined(lines), "reviewer.json")[0]);
  EXPECT_EQ(lg.stopped, "");
  EXPECT_EQ(lg.notes, "");
  EXPECT_EQ(played(lg).results().size(), 2u);
}

// The dataset reads the file to its end; every decision's action is in the mask.
TEST(MjaiForeign, DatasetReadsTheMortalLog) {
  learn::DecisionReader reader({kMortalLog}, learn::DecisionOptions{});
  std::vector<std::int16_t> action(256);
  std::unique_ptr<bool[]> mask(new bool[256 * learn::kNumActions]);
  learn::DecisionOutputs out;
  out.action = action.data();
  out.mask = mask.get();
  int rows = 0;
  for (int n; (n = reader.next(256, out)) > 0;) {
    for (int r = 0; r < n; ++r)
      EXPECT_TRUE(mask[static_cast<std::size_t>(r * learn::kNumActions + action[r])]);
    rows += n;
  }
  EXPECT_TRUE(reader.errors().empty());
  EXPECT_EQ(reader.games(), 1);
  // Counted by hand: the nine discards after a draw with a choice (West's 8s in riichi has
  // none), South's discard after its pon, South's pon or pass, West's ron or pass, West's chi of
  // South's 2m or pass (the only other call anyone could make: 9p comes when West is in riichi),
  // and the dealer's kyuushu or discard in East 2.
  EXPECT_EQ(rows, 9 + 1 + 1 + 1 + 1 + 1);
}

// Deltas the engine does not pay: an error naming the hora's line, never a silent stop.
TEST(MjaiForeign, WrongDeltasAreAnErrorNamingTheEvent) {
  std::vector<std::string> lines = lines_of(slurp(kMortalLog));
  ASSERT_NE(lines[26].find("\"hora\""), std::string::npos);
  lines[26] =
      R"({"type":"hora","actor":2,"target":3,"deltas":[0,0,4900,-3900],"ura_markers":["N"]})";
  const learn::LoggedGame lg = learn::logged_game(parse_log(joined(lines), "bad.jsonl")[0]);
  EXPECT_NE(lg.notes.find("line 27: East 1, 0 honba: P2's win: score changes"), std::string::npos)
      << lg.notes;
  EXPECT_NE(lg.notes.find("expected P0 0 P1 0 P2 4900 P3 -3900, got P0 0 P1 0 P2 3000 P3 -2000"),
            std::string::npos)
      << lg.notes;

  const fs::path tmp = fs::temp_directory_path() / "riichi_mjai_bad_deltas.jsonl";
  std::ofstream(tmp) << joined(lines);
  learn::DecisionReader reader({tmp}, learn::DecisionOptions{});
  std::vector<std::int16_t> action(256);
  learn::DecisionOutputs out;
  out.action = action.data();
  try {
    while (reader.next(256, out) > 0) {
    }
    ADD_FAILURE() << "the dataset read a log whose deltas the engine does not pay";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("line 27"), std::string::npos) << e.what();
  }
  fs::remove(tmp);
}

TEST(MjaiForeign, MissingDeltasComeFromTheNextScoresOrAreAnError) {
  std::vector<std::string> lines = lines_of(slurp(kMortalLog));
  lines[26] = R"({"type":"hora","actor":2,"target":3,"ura_markers":["N"]})";
  const PlainGame g = parse_mjai(joined(lines));
  EXPECT_EQ(g.hands[0].wins[0].deltas, (std::array<int, 4>{0, 0, 3000, -2000}));
  // The last hand's deltas with no end_game scores: nothing to find them from.
  lines[30] = R"({"type":"ryukyoku"})";
  try {
    parse_mjai(joined(lines));
    ADD_FAILURE() << "read";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.where(), "line 31");
  }
  lines[32] = R"({"type":"end_game","scores":[25000,25000,27000,23000]})";
  EXPECT_EQ(parse_mjai(joined(lines)).hands[1].deltas, (std::array<int, 4>{}));
}

// mjai's yaku names (gimite/mjai Hora), both ways; the dragon yakuhai are one "sangenpai".
TEST(MjaiForeign, YakuNamesAreMjais) {
  EXPECT_EQ(mjai_yaku_name("riichi"), "reach");
  EXPECT_EQ(mjai_yaku_name("menzen_tsumo"), "menzenchin_tsumoho");
  EXPECT_EQ(mjai_yaku_name("tanyao"), "tanyaochu");
  EXPECT_EQ(mjai_yaku_name("houtei"), "hoteiraoyui");
  EXPECT_EQ(mjai_yaku_name("yakuhai_hatsu"), "sangenpai");
  EXPECT_EQ(mjai_yaku_name("yakuhai_seat_wind"), "jikaze");
  EXPECT_EQ(mjai_yaku_name("ura"), "uradora");
  EXPECT_EQ(mjai_yaku_name("renhou"), "renhou");  // no mjai name: kept
  EXPECT_EQ(engine_yaku_name("ikkitsukan"), "ittsu");
  EXPECT_EQ(engine_yaku_name("akadora"), "aka");
  EXPECT_EQ(engine_yaku_name("suanko"), "suu_ankou");
}

// A scored hora in the original mjai's shape (hora_tehais, uradora_markers, yakus, fu, fan):
// South holds 234m 789p C C C, P P, S S and rons East's white dragon: chun + haku, sangenpai 2
// (no chanta: 234m has no terminal). Fu: 20,
// closed ron 10, concealed honour pung 8, the ron-completed P pung 4, a pair of South's own wind
// 2 = 44 -> 50; 2 han 50 fu = 3200 (RULES.md §8).
std::vector<std::string> sangenpai_log(int han) {
  return {
      R"({"type":"start_game","names":["a","b","c","d"]})",
      R"({"type":"start_kyoku","bakaze":"E","dora_marker":"9s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["2m","6m","7m","8m","2p","3p","4p","9p","1s","1s","E","E","S"],["2m","3m","4m","7p","8p","9p","C","C","C","P","P","S","S"],["2m","3m","4m","9m","9m","6p","7p","8p","2s","6s","7s","8s","N"],["4m","6m","8m","1p","3p","4p","2s","7s","W","W","N","F","F"]]})",
      R"({"type":"tsumo","actor":0,"pai":"P"})",
      R"({"type":"dahai","actor":0,"pai":"P","tsumogiri":true})",
      R"({"type":"hora","actor":1,"target":0,"pai":"P","hora_tehais":["2m","3m","4m","7p","8p","9p","C","C","C","P","P","S","S"],"uradora_markers":[],"yakus":[["sangenpai",)" +
          std::to_string(han) +
          R"(]],"fu":50,"fan":2,"hora_points":3200,"deltas":[-3200,3200,0,0],"scores":[21800,28200,25000,25000]})",
      R"({"type":"end_kyoku"})",
      R"({"type":"end_game"})"};
}

TEST(MjaiForeign, SangenpaiIsSplitByTheDragonPungsAndReplays) {
  const PlainGame g = parse_mjai(joined(sangenpai_log(2)));
  const PlainWin& w = g.hands.at(0).wins.at(0);
  ASSERT_TRUE(w.scored);
  EXPECT_EQ(w.yaku, (std::vector<PlainYaku>{{"yakuhai_haku", 1, 0}, {"yakuhai_chun", 1, 0}}));
  const learn::LoggedGame lg = learn::logged_game(parse_log(joined(sangenpai_log(2)), "m")[0]);
  EXPECT_EQ(lg.stopped, "");
  EXPECT_EQ(lg.notes, "");  // the engine's yaku, fu and payments are the log's
  // Exported again: one sangenpai of 2 han, read back to the same game.
  const std::string text = to_mjai_text(g);
  EXPECT_NE(text.find(R"("yakus":[["sangenpai",2]])"), std::string::npos) << text;
  EXPECT_EQ(diff_games(g, parse_mjai(text)), "");
  // A sangenpai the hand does not hold: an error naming the hora's line.
  try {
    parse_mjai(joined(sangenpai_log(1)));
    ADD_FAILURE() << "read";
  } catch (const FormatError& e) {
    EXPECT_EQ(e.where(), "line 5");
    EXPECT_NE(std::string(e.what()).find("sangenpai 1 han, but the winner holds 2 dragon pungs"),
              std::string::npos)
        << e.what();
  }
}

// Each shared real game exported to mjai and cut down to what Mortal writes (hora: actor,
// target, deltas, ura_markers; ryukyoku: deltas; reach_accepted: actor; end_game bare) replays
// action for action as the full export does: the engine scores every win and finds every draw.
// (mjai carries no rules nor date: a game is replayed under the default Tenhou rules, so the
// full export is the reference, not the mjlog.)
std::string mortal_shaped(const std::vector<nlohmann::ordered_json>& events) {
  std::string out;
  for (const nlohmann::ordered_json& e : events) {
    const std::string type = e["type"];
    nlohmann::ordered_json m = e;
    auto keep = [&](std::initializer_list<const char*> keys) {
      m = nlohmann::ordered_json{{"type", type}};
      for (const char* k : keys)
        if (e.contains(k)) m[k] = e[k];
    };
    if (type == "hora") keep({"actor", "target", "deltas", "ura_markers"});
    if (type == "ryukyoku") keep({"deltas"});
    if (type == "reach_accepted") keep({"actor"});
    if (type == "end_game") keep({});
    out += dump_json(m) + "\n";
  }
  return out;
}

TEST(MjaiForeign, SharedRealGamesReplayFromMortalShapedLogs) {
  const fs::path dir = fs::path(RIICHI_SHARED_DATA_DIR) / "tenhou-mjlog";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no logs in " << dir;
  int games = 0, wins = 0, draws = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".md") continue;
    const std::vector<nlohmann::ordered_json> events =
        to_mjai(read_log(entry.path())[0].to_plain());
    const learn::LoggedGame want = learn::logged_game(parse_log(text_of(events), "full.json")[0]);
    const std::string text = mortal_shaped(events);
    ASSERT_EQ(text.find("\"fu\""), std::string::npos);
    const learn::LoggedGame got = learn::logged_game(parse_log(text, "mortal.json")[0]);
    EXPECT_EQ(got.stopped, want.stopped) << entry.path();
    EXPECT_EQ(got.notes, "") << entry.path();
    ASSERT_EQ(got.actions.size(), want.actions.size()) << entry.path();
    const Game a = played(want), b = played(got);
    EXPECT_EQ(a.state().scores, b.state().scores) << entry.path();
    for (const RoundResult& r : b.results()) {
      wins += static_cast<int>(r.wins.size());
      draws += r.end != RoundEnd::kWin;
    }
    ++games;
  }
  EXPECT_EQ(games, 45);
  EXPECT_GT(wins, 300);
  EXPECT_GT(draws, 50);
}

// The mjai bot follows the hand-written Mortal log from every seat (no "id": --seat), answering
// each event.
TEST(MjaiForeign, BotFollowsTheMortalLogFromEverySeat) {
  const std::size_t events = lines_of(slurp(kMortalLog)).size();
  for (int seat = 0; seat < 4; ++seat) {
    const testing::CliRun run =
        testing::run_cli("mjai-bot --bot greedy --rules tenhou --seat " + std::to_string(seat) +
                             " < '" + kMortalLog.string() + "'",
                         false);
    EXPECT_EQ(run.status, 0) << "seat " << seat << ": " << run.out;
    EXPECT_EQ(lines_of(run.out).size(), events) << "seat " << seat << ": " << run.out;
  }
}

}  // namespace
}  // namespace riichi::io
