// Export to tenhou.net/6 JSON and mjai JSON lines (docs/export-formats.md): round trips on engine
// games (every preset, several seeds) and on the real Tenhou logs of RIICHI_MJLOG_DIR, hand-checked
// tile and call encodings, malformed input.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bots/selfplay.hpp"
#include "cli_run.hpp"
#include "io/json_text.hpp"
#include "io/mjai.hpp"
#include "io/plain_game.hpp"
#include "io/plain_mjlog.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_mjlog.hpp"
#include "riichi/record.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace riichi::io {
namespace {

namespace fs = std::filesystem;

PlainGame engine_game(const Rules& rules, std::uint64_t seed) {
  auto bots = bots::make_random_bots(seed);
  const GameRecorder rec = bots::play_recorded(rules, seed, bots::seats_of(bots));
  return plain_from_engine(rec.record(), rec.log());
}

std::vector<fs::path> mjlog_files() {
  std::vector<fs::path> files;
  const fs::path dir = RIICHI_MJLOG_DIR;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const auto ext = entry.path().extension();
    if (ext == ".mjlog" || ext == ".xml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Both round trips of one game; returns "" or what differs.
std::string round_trips(const PlainGame& game) {
  const PlainGame from_mjai = parse_mjai(to_mjai_text(game));
  if (std::string d = diff_games(game, from_mjai); !d.empty()) return "mjai: " + d;
  const PlainGame from_t6 = parse_tenhou6(to_tenhou6_text(game));
  if (std::string d = diff_games(game, from_t6); !d.empty()) return "tenhou6: " + d;
  return "";
}

// Sanity of the conversion itself: the payments of the wins add up to the hand's payments and
// every win's concealed tiles follow from the steps.
void check_consistent(const PlainGame& game, const std::string& what) {
  for (std::size_t i = 0; i < game.hands.size(); ++i) {
    const PlainHand& h = game.hands[i];
    if (h.end != HandEnd::kWin) continue;
    std::array<int, 4> sum{};
    for (const PlainWin& w : h.wins)
      for (int s = 0; s < 4; ++s) sum[s] += w.deltas[s];
    EXPECT_EQ(sum, h.deltas) << what << " hand " << i;
    PlainHand copy = h;
    for (PlainWin& w : copy.wins) w.concealed.clear();
    ASSERT_NO_THROW(complete_wins(copy, what));
    for (std::size_t k = 0; k < h.wins.size(); ++k) {
      EXPECT_EQ(copy.wins[k].concealed, h.wins[k].concealed) << what << " hand " << i;
      EXPECT_EQ(copy.wins[k].tile, h.wins[k].tile) << what << " hand " << i;
    }
  }
}

TEST(ExportRoundTrip, EngineGamesEveryPreset) {
  int games = 0, hands = 0, kita = 0;
  int presets = 0;
  for (const std::string& preset : Rules::preset_names()) {
    const Rules rules = Rules::parse(preset);
    ++presets;
    for (std::uint64_t seed : {1u, 2u, 3u, 42u, 2024u}) {
      const PlainGame game = engine_game(rules, seed);
      const std::string what = preset + " seed " + std::to_string(seed);
      ASSERT_FALSE(game.hands.empty()) << what;
      check_consistent(game, what);
      EXPECT_EQ(game.players, rules.players) << what;
      EXPECT_EQ(round_trips(game), "") << what;
      ++games;
      hands += static_cast<int>(game.hands.size());
      for (const PlainHand& h : game.hands)
        for (const PlainStep& s : h.steps) kita += s.type == StepType::kKita;
    }
  }
  EXPECT_EQ(games, 5 * presets);
  EXPECT_GT(hands, games * 4);
  EXPECT_GT(kita, 0);  // tenhou_sanma games set Norths aside
}

TEST(ExportRoundTrip, RealTenhouLogs) {
  const auto files = mjlog_files();
  if (files.empty()) GTEST_SKIP() << "no Tenhou logs in " RIICHI_MJLOG_DIR;
  int hands = 0, calls = 0;
  for (const fs::path& file : files) {
    const MjlogGame mj = read_mjlog(file);
    const PlainGame game = plain_from_mjlog(mj);
    check_consistent(game, file.filename().string());
    EXPECT_EQ(round_trips(game), "") << file.filename();
    hands += static_cast<int>(game.hands.size());
    for (const PlainHand& h : game.hands)
      for (const PlainStep& s : h.steps)
        calls += s.type >= StepType::kChi && s.type <= StepType::kAnkan;
  }
  EXPECT_GT(hands, 400);
  EXPECT_GT(calls, 900);  // docs/tenhou-mjlog.md: 401 chi, 517 pon, 21 kakan, 5 daiminkan, 19 ankan
}

// The 100 real three-player games: the kita ("f44", "nukidora") and the absent seat 3 go out
// and come back (the engine's replay of the exports: ctest export_check_sanma).
TEST(ExportRoundTrip, RealSanmaLogs) {
  const fs::path dir = RIICHI_SHARED_DATA_DIR "/tenhou-sanma";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) GTEST_SKIP() << "no sanma logs in " << dir;
  int games = 0, hands = 0, kita = 0, pons = 0;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const PlainGame game = plain_from_mjlog(read_mjlog(entry.path()));
    const std::string what = entry.path().filename().string();
    ASSERT_EQ(game.players, 3) << what;
    check_consistent(game, what);
    EXPECT_EQ(round_trips(game), "") << what;
    ++games;
    hands += static_cast<int>(game.hands.size());
    for (const PlainHand& h : game.hands) {
      EXPECT_TRUE(h.deal[3].empty()) << what;
      for (const PlainStep& s : h.steps) {
        kita += s.type == StepType::kKita;
        pons += s.type == StepType::kPon;
        EXPECT_NE(s.type, StepType::kChi) << what;
      }
    }
  }
  EXPECT_EQ(games, 100);
  EXPECT_EQ(hands, 932);  // as `riichi tenhou-check ../shared/data/tenhou-sanma` counts them
  EXPECT_EQ(kita, 2380);  // the <N> melds with (m & 0x3C) == 0x20 in the mjlogs, counted apart
  EXPECT_GT(pons, 500);
}

// ------------------------------------------------------------------------------------------
// Hand-checked encodings

Tile t(const char* mpsz) { return parse_tile(mpsz); }

TEST(ExportEncoding, MjaiTiles) {
  // mjai: number + suit letter, "r" after a red five; honours by letter (P = white, F = green,
  // C = red dragon).
  EXPECT_EQ(mjai_tile(t("1m")), "1m");
  EXPECT_EQ(mjai_tile(t("0p")), "5pr");
  EXPECT_EQ(mjai_tile(t("9s")), "9s");
  EXPECT_EQ(mjai_tile(t("1z")), "E");
  EXPECT_EQ(mjai_tile(t("4z")), "N");
  EXPECT_EQ(mjai_tile(t("5z")), "P");
  EXPECT_EQ(mjai_tile(t("6z")), "F");
  EXPECT_EQ(mjai_tile(t("7z")), "C");
  EXPECT_EQ(parse_mjai_tile("5sr"), t("0s"));
  EXPECT_THROW(parse_mjai_tile("4sr"), std::invalid_argument);
  EXPECT_THROW(parse_mjai_tile("0m"), std::invalid_argument);
  EXPECT_THROW(parse_mjai_tile("X"), std::invalid_argument);
}

TEST(ExportEncoding, Tenhou6Tiles) {
  // tenhou.net/6: 10 * (suit + 1) + number; honours 41..47 in E S W N White Green Red order;
  // red fives 51 52 53.
  EXPECT_EQ(tenhou6_tile(t("1m")), 11);
  EXPECT_EQ(tenhou6_tile(t("9m")), 19);
  EXPECT_EQ(tenhou6_tile(t("5p")), 25);
  EXPECT_EQ(tenhou6_tile(t("7s")), 37);
  EXPECT_EQ(tenhou6_tile(t("1z")), 41);
  EXPECT_EQ(tenhou6_tile(t("7z")), 47);
  EXPECT_EQ(tenhou6_tile(t("0m")), 51);
  EXPECT_EQ(tenhou6_tile(t("0p")), 52);
  EXPECT_EQ(tenhou6_tile(t("0s")), 53);
  EXPECT_EQ(parse_tenhou6_tile(53), t("0s"));
  EXPECT_THROW(parse_tenhou6_tile(20), std::invalid_argument);
  EXPECT_THROW(parse_tenhou6_tile(48), std::invalid_argument);
}

// A triple ron (sanchahou, an abortive draw under Tenhou rules): tenhou.net/6 and mjai name no
// winner; turned into the Tenhou structs for the replay, the three seats other than the
// discarder are the ones shown (as an mjlog's ron3 shows them), so that the replay declares
// their rons.
TEST(ExportEncoding, TripleRonShowsTheThreeOtherSeats) {
  PlainHand h;
  const char* deals[4] = {"1234567899m123p", "1234567899p123s", "1234567899s123m",
                          "1122334455667z"};
  for (int s = 0; s < 4; ++s) {
    h.deal[s] = parse_tiles(deals[s]);
    sort_tiles(h.deal[s]);
  }
  h.dora = {t("1z")};
  h.scores = {25000, 25000, 25000, 25000};
  PlainStep draw;
  draw.type = StepType::kDraw;
  draw.who = 1;
  draw.tile = t("7z");
  PlainStep discard = draw;
  discard.type = StepType::kDiscard;
  discard.tsumogiri = true;
  h.steps = {draw, discard};
  h.end = HandEnd::kTripleRon;
  const MjlogRound r = mjlog_round_from_plain(h, true, "triple ron");
  ASSERT_TRUE(r.draw.has_value());
  EXPECT_EQ(r.draw->type, MjlogDrawType::kTripleRon);
  EXPECT_EQ(r.draw->shown, (std::array<bool, 4>{true, false, true, true}));
}

PlainStep call(StepType type, int who, int from, const char* tile, const char* consumed) {
  PlainStep s;
  s.type = type;
  s.who = who;
  s.from = from;
  if (tile) s.tile = t(tile);
  s.consumed = parse_tiles(consumed);
  sort_tiles(s.consumed);
  return s;
}

TEST(ExportEncoding, Tenhou6Calls) {
  // Chi: always from the previous player: "c" + called + the two own tiles ascending.
  // 7p called with red 5p and 6p: c 27 52 26.
  EXPECT_EQ(tenhou6_call(call(StepType::kChi, 1, 0, "7p", "06p"), nullptr), "c275226");
  // Pon: the letter stands before the called tile, at 0 (from the previous player, kamicha),
  // 2 (opposite) or 4 (next player, shimocha). Seat 0 pons North (44) from seat 3 (its
  // kamicha): p444444; from seat 2: 44p4444; from seat 1: 4444p44.
  EXPECT_EQ(tenhou6_call(call(StepType::kPon, 0, 3, "4z", "44z"), nullptr), "p444444");
  EXPECT_EQ(tenhou6_call(call(StepType::kPon, 0, 2, "4z", "44z"), nullptr), "44p4444");
  EXPECT_EQ(tenhou6_call(call(StepType::kPon, 0, 1, "4z", "44z"), nullptr), "4444p44");
  // Daiminkan: "m" at 0, 2 or 6 (the called tile is the last of four from the next player).
  // Seat 2 kans 9s (39) from seat 1 (kamicha): m39393939; from seat 3 (shimocha): 393939m39.
  EXPECT_EQ(tenhou6_call(call(StepType::kDaiminkan, 2, 1, "9s", "999s"), nullptr), "m39393939");
  EXPECT_EQ(tenhou6_call(call(StepType::kDaiminkan, 2, 3, "9s", "999s"), nullptr), "393939m39");
  EXPECT_EQ(tenhou6_call(call(StepType::kDaiminkan, 2, 0, "9s", "999s"), nullptr), "39m393939");
  // Kakan: the pon string with "k" + the added tile in front of the called tile. A pon of 5p
  // called (plain 25) from the opposite seat, 5p + red 5p in hand ("25p2552"), extended with
  // the last plain 5p: 25k252552.
  const PlainStep pon = call(StepType::kPon, 0, 2, "5p", "50p");
  EXPECT_EQ(tenhou6_call(pon, nullptr), "25p2552");
  PlainStep kakan = call(StepType::kKakan, 0, -1, "5p", "550p");
  EXPECT_EQ(tenhou6_call(kakan, &pon), "25k252552");
  // Ankan: three tiles, "a", the fourth (the red five last): 252525a52.
  EXPECT_EQ(tenhou6_call(call(StepType::kAnkan, 3, -1, nullptr, "5550p"), nullptr), "252525a52");
}

TEST(ExportEncoding, Tenhou6PointText) {
  PlainWin w;
  w.who = w.from = 1;  // non-dealer tsumo, 30 fu 1 han: 300 / 500 (basic 240)
  w.fu = 30;
  w.han = 1;
  EXPECT_EQ(tenhou6_points_text(w, 0), "30符1飜300-500点");
  w.from = 2;  // ron: 4 x 240 = 960 -> 1000
  EXPECT_EQ(tenhou6_points_text(w, 0), "30符1飜1000点");
  w.who = w.from = 0;  // dealer tsumo: 2 x 240 -> 500 all
  EXPECT_EQ(tenhou6_points_text(w, 0), "30符1飜500点∀");
  w.limit = Limit::kMangan;
  w.han = 5;
  EXPECT_EQ(tenhou6_points_text(w, 0), "満貫4000点∀");
  w.who = 3;
  w.from = 3;
  EXPECT_EQ(tenhou6_points_text(w, 0), "満貫2000-4000点");
  w.limit = Limit::kYakuman;
  w.yakuman_units = 1;
  w.from = 1;
  EXPECT_EQ(tenhou6_points_text(w, 0), "役満32000点");
}

// ------------------------------------------------------------------------------------------
// Malformed input

std::string mjai_error(const std::string& text) {
  try {
    parse_mjai(text);
  } catch (const FormatError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string t6_error(const std::string& text) {
  try {
    parse_tenhou6(text);
  } catch (const FormatError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ExportErrors, MalformedMjai) {
  EXPECT_EQ(mjai_error(""), "line 0: no start_game (empty log)");
  EXPECT_EQ(mjai_error("{\"type\":\"start_game\"}\n{bad"),
            mjai_error("{\"type\":\"start_game\"}\n{bad"));
  EXPECT_NE(mjai_error("{\"type\":\"start_game\"}\n{bad").find("line 2: bad JSON"),
            std::string::npos);
  EXPECT_EQ(mjai_error("{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}"),
            "line 1: 'tsumo' before start_game");
  EXPECT_EQ(
      mjai_error("{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}"),
      "line 2: 'tsumo' outside a hand (no start_kyoku)");
  EXPECT_EQ(mjai_error("{\"type\":\"start_game\"}\n{\"type\":\"fly\"}"),
            "line 2: 'fly' outside a hand (no start_kyoku)");
  // Corrupt a real export line by line: a wrong tile, a wrong seat, a missing field.
  const PlainGame game = engine_game(Rules::tenhou(), 7);
  std::string text = to_mjai_text(game);
  std::string bad = text;
  bad.replace(bad.find("\"pai\":\""), 9, "\"pai\":\"0");
  EXPECT_NE(mjai_error(bad).find("bad mjai tile"), std::string::npos) << mjai_error(bad);
  bad = text;
  bad.replace(bad.find("\"actor\":"), 9, "\"actor\":7");
  EXPECT_NE(mjai_error(bad).find("not a seat 0..3"), std::string::npos) << mjai_error(bad);
  bad = text;
  bad.replace(bad.find("\"tsumogiri\":"), 11, "\"tsumogirx\"");
  EXPECT_NE(mjai_error(bad).find("missing field 'tsumogiri'"), std::string::npos)
      << mjai_error(bad);
  // Truncated: every prefix of the log is an error or a shorter game, never a crash.
  for (std::size_t cut = 0; cut < text.size(); cut += 997) {
    try {
      parse_mjai(text.substr(0, cut));
    } catch (const FormatError&) {
    }
  }
}

TEST(ExportErrors, MalformedTenhou6) {
  EXPECT_NE(t6_error("").find("bad JSON"), std::string::npos) << t6_error("");
  EXPECT_EQ(t6_error("[]"), "tenhou6: not a JSON object");
  EXPECT_EQ(t6_error("{\"name\":[\"a\",\"b\",\"c\",\"d\"]}"), "tenhou6: missing field 'log'");
  const PlainGame game = engine_game(Rules::tenhou(), 7);
  const std::string text = to_tenhou6_text(game);
  // A discard no one holds: replace the first hand's first discard list entry.
  nlohmann::json j = nlohmann::json::parse(text);
  j["log"][0][6][0] = 11;
  j["log"][0][4] = nlohmann::json::array({41, 41, 41, 41, 42, 42, 42, 42, 43, 43, 43, 43, 44});
  const std::string err = t6_error(j.dump());
  EXPECT_EQ(err.rfind("log[0]", 0), 0u) << err;
  j = nlohmann::json::parse(text);
  j["log"][0][5].push_back("x123");
  EXPECT_EQ(t6_error(j.dump()).rfind("log[0]", 0), 0u) << t6_error(j.dump());
  j = nlohmann::json::parse(text);
  j["log"][0][4][0] = 99;
  EXPECT_NE(t6_error(j.dump()).find("bad tenhou6 tile 99"), std::string::npos)
      << t6_error(j.dump());
  for (std::size_t cut = 0; cut < text.size(); cut += 1009) {
    try {
      parse_tenhou6(text.substr(0, cut));
    } catch (const FormatError&) {
    }
  }
}

// Three players: the first hand of a real sanma game, read off its mjlog by hand
// (2020010113gm-00b9-0000-0d78d9f6: <T46/> 3p, <N who="0" m="31520"/> a kita of the North id
// 123, <T60/> 7p, <D113/> South), as tenhou.net/6 writes it ("f44" among the discards, seat 3's
// lists empty, 4 scores with a 0) and as mjai writes it ("nukidora", 13 "?" for seat 3).
TEST(ExportEncoding, SanmaKitaAndAbsentSeat) {
  const fs::path file =
      fs::path(RIICHI_SHARED_DATA_DIR) / "tenhou-sanma/2020010113gm-00b9-0000-0d78d9f6.txt.xml";
  std::error_code ec;
  if (!fs::exists(file, ec)) GTEST_SKIP() << "no sanma log " << file;
  const PlainGame game = plain_from_mjlog(read_mjlog(file));
  const nlohmann::ordered_json t6 = to_tenhou6(game);
  const auto& hand = t6["log"][0];
  EXPECT_EQ(hand[1], nlohmann::json::parse("[35000,35000,35000,0]"));
  EXPECT_EQ(hand[5][0], 23);  // seat 0 takes: 3p, then the replacement 7p
  EXPECT_EQ(hand[5][1], 27);
  EXPECT_EQ(hand[6][0], "f44");  // seat 0 discards: the kita, then South
  EXPECT_EQ(hand[6][1], 42);
  for (int k = 13; k <= 15; ++k) EXPECT_EQ(hand[k], nlohmann::json::array()) << k;
  EXPECT_EQ(t6["name"][3], "");
  const PlainGame back = parse_tenhou6(dump_json(t6));
  EXPECT_EQ(back.players, 3);
  const std::vector<PlainStep>& st = back.hands[0].steps;
  ASSERT_GE(st.size(), 4u);
  EXPECT_EQ(st[0].type, StepType::kDraw);
  EXPECT_EQ(st[0].tile, t("3p"));
  EXPECT_EQ(st[1].type, StepType::kKita);
  EXPECT_EQ(st[1].who, 0);
  EXPECT_EQ(st[1].tile, t("4z"));
  EXPECT_EQ(st[2].tile, t("7p"));
  EXPECT_EQ(st[3].type, StepType::kDiscard);
  EXPECT_EQ(st[3].tile, t("2z"));
  const std::string mjai = to_mjai_text(game);
  EXPECT_NE(mjai.find("{\"type\":\"nukidora\",\"actor\":0,\"pai\":\"N\"}"), std::string::npos);
  EXPECT_NE(
      mjai.find("[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"]]"),
      std::string::npos);
  EXPECT_EQ(parse_mjai(mjai).players, 3);
  // The three-entry shape of other writers: names, scores, deltas and tenpais of 3 seats.
  std::string three = mjai;
  const std::string four_scores = "\"scores\":[35000,35000,35000,0]";
  const auto kyoku = three.find(four_scores);
  ASSERT_NE(kyoku, std::string::npos);
  three.replace(kyoku, four_scores.size(), "\"scores\":[35000,35000,35000]");
  const PlainGame three_back = parse_mjai(three);
  EXPECT_EQ(three_back.hands[0].scores, (std::array<int, 4>{35000, 35000, 35000, 0}));
  EXPECT_EQ(diff_games(game, three_back), "");
}

TEST(ExportErrors, MalformedSanma) {
  // A kita in a four-player log, a kita of another tile, tiles for the absent seat.
  const PlainGame four = engine_game(Rules::tenhou(), 7);
  nlohmann::json j = nlohmann::json::parse(to_tenhou6_text(four));
  j["log"][0][6].push_back("f44");
  EXPECT_EQ(t6_error(j.dump()).rfind("log[0]", 0), 0u) << t6_error(j.dump());
  const PlainGame three = engine_game(Rules::tenhou_sanma(), 7);
  const std::string text = to_tenhou6_text(three);
  j = nlohmann::json::parse(text);
  j["log"][0][6].push_back("f45");
  EXPECT_NE(t6_error(j.dump()).find("bad discard entry 'f45'"), std::string::npos)
      << t6_error(j.dump());
  j = nlohmann::json::parse(text);
  j["log"][1][13] = nlohmann::json::array({11});
  EXPECT_EQ(t6_error(j.dump()), "log[1][13]: not an empty list (seat 3 of three players)");
  EXPECT_EQ(mjai_error("{\"type\":\"start_game\"}\n" + to_mjai(four)[1].dump() +
                       "\n{\"type\":\"nukidora\",\"actor\":0,\"pai\":\"N\"}"),
            "line 3: a nukidora with four players");
  std::string m = to_mjai_text(three);
  const auto at = m.find("\"type\":\"nukidora\"");
  if (at != std::string::npos) {
    m.replace(m.find("\"pai\":\"N\"", at), 9, "\"pai\":\"E\"");
    EXPECT_NE(mjai_error(m).find("a nukidora of no North"), std::string::npos) << mjai_error(m);
  }
  m = to_mjai_text(three);
  m.replace(m.find("\"actor\":"), 9, "\"actor\":3");
  EXPECT_NE(mjai_error(m).find("not a seat 0..2"), std::string::npos) << mjai_error(m);
}

// ------------------------------------------------------------------------------------------
// CLI

TEST(ExportCli, EngineRecordAndMjlogToBothFormats) {
  const fs::path dir = fs::temp_directory_path() / "riichi_export_test";
  fs::create_directories(dir);
  const std::string rec = (dir / "games.jsonl").string();
  ASSERT_EQ(testing::run_cli("selfplay --rules tenhou --seed 11 --games 2 --quiet --record " + rec)
                .status,
            0);
  const auto mjai = testing::run_cli("export --to mjai " + rec, false);
  ASSERT_EQ(mjai.status, 0) << mjai.out;
  // The two games follow each other: split at the second start_game.
  const auto second = mjai.out.find("{\"type\":\"start_game\"", 1);
  ASSERT_NE(second, std::string::npos);
  const PlainGame first = parse_mjai(mjai.out.substr(0, second));
  EXPECT_EQ(diff_games(first, engine_game(Rules::tenhou(), 11)), "");
  const std::string out = (dir / "games.t6").string();
  const auto t6 = testing::run_cli("export --to tenhou6 " + rec + " -o " + out);
  ASSERT_EQ(t6.status, 0) << t6.out;
  std::ifstream in(out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(diff_games(parse_tenhou6(line), engine_game(Rules::tenhou(), 11)), "");
  const auto files = mjlog_files();
  if (!files.empty()) {
    const auto r = testing::run_cli("export --to tenhou6 '" + files[0].string() + "'", false);
    ASSERT_EQ(r.status, 0);
    EXPECT_EQ(diff_games(parse_tenhou6(r.out), plain_from_mjlog(read_mjlog(files[0]))), "");
  }
}

TEST(ExportCli, BadInputExits2WithThePlace) {
  const fs::path dir = fs::temp_directory_path() / "riichi_export_test";
  fs::create_directories(dir);
  const std::string bad = (dir / "bad.jsonl").string();
  std::ofstream(bad) << "{\"bad\n";
  auto r = testing::run_cli("export --to mjai " + bad);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(testing::contains(r.out, "line 1")) << r.out;
  const std::string xml = (dir / "bad.xml").string();
  std::ofstream(xml) << "<mjloggm ver=\"2.3\"><FOO/></mjloggm>";
  r = testing::run_cli("export --to tenhou6 " + xml);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(testing::contains(r.out, "FOO")) << r.out;
  r = testing::run_cli("export --to mjai " + (dir / "missing.jsonl").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(testing::contains(r.out, "cannot read")) << r.out;
  r = testing::run_cli("export --to json " + bad);
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace riichi::io
