// Game records (riichi/record.hpp) and their JSON-lines form (io/record_json.hpp,
// docs/record-format.md): round trip, byte-identical records for a seed, and clear errors for
// corrupt records.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "bot_games.hpp"
#include "io/record_json.hpp"
#include "riichi/record.hpp"
#include "text_lines.hpp"

namespace riichi {
namespace {

using nlohmann::json;

using testing::greedy_game;

using riichi::testing::join_lines;
using riichi::testing::split_lines;

std::vector<io::RecordedGame> read_text(const std::string& text) {
  std::istringstream in(text);
  return io::read_records(in);
}

// The 1-based line number of the first line whose "type" is `type` (and, if given, whose
// "action" is `action`), 0 if none.
int find_line(const std::vector<std::string>& lines, const std::string& type,
              const std::string& action = "") {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const json j = json::parse(lines[i]);
    if (j["type"] == type && (action.empty() || j.value("action", "") == action))
      return static_cast<int>(i) + 1;
  }
  return 0;
}

// The RecordError of reading `text`; fails when it reads fine.
io::RecordError read_error(const std::string& text) {
  try {
    read_text(text);
  } catch (const io::RecordError& e) {
    return e;
  }
  ADD_FAILURE() << "the record was read without error";
  return io::RecordError(-1, "none");
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

class RecordRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(RecordRoundTrip, WriteReadReplayEqualsTheLiveGame) {
  const Rules rules = Rules::parse(GetParam());
  int wins = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const GameRecorder live = greedy_game(rules, seed);
    ASSERT_TRUE(live.log().finished);
    const std::string text = io::game_to_text(live.record(), live.log(), 0);
    const std::vector<io::RecordedGame> games = read_text(text);
    ASSERT_EQ(games.size(), 1u);
    const io::RecordedGame& g = games[0];
    EXPECT_EQ(g.record.seed, seed);
    EXPECT_EQ(g.record.players, live.record().players);
    EXPECT_EQ(full_rules_spec(g.record.rules), full_rules_spec(rules));
    ASSERT_EQ(g.record.actions.size(), live.actions().size());
    ASSERT_EQ(g.action_lines.size(), live.actions().size());
    for (std::size_t i = 0; i < g.record.actions.size(); ++i)
      ASSERT_EQ(to_string(g.record.actions[i], rules.red_fives),
                to_string(live.actions()[i], rules.red_fives))
          << "action " << i;
    const ReplayResult again = replay(g.record);
    ASSERT_TRUE(again.ok()) << again.divergence->message();
    ASSERT_EQ(again.log.hands.size(), live.log().hands.size());
    for (std::size_t h = 0; h < again.log.hands.size(); ++h) {
      EXPECT_EQ(again.log.hands[h].result.deltas, live.log().hands[h].result.deltas);
      EXPECT_EQ(again.log.hands[h].scores_after, live.log().hands[h].scores_after);
      wins += static_cast<int>(live.log().hands[h].result.wins.size());
    }
    EXPECT_EQ(again.log.final.final_scores, live.log().final.final_scores);
    EXPECT_EQ(again.log.final.ranks, live.log().final.ranks);
    EXPECT_FALSE(io::compare_game(g, again.log).has_value());
    // Written again from the replay: the same bytes.
    EXPECT_EQ(io::game_to_text(g.record, again.log, 0), text);
  }
  EXPECT_GT(wins, 0) << "the sample should contain wins to check their scoring lines";
}

INSTANTIATE_TEST_SUITE_P(Presets, RecordRoundTrip,
                         ::testing::Values("ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague",
                                           "wrc",
                                           "tenhou,uma=10000/5000/-5000/-10000,red_fives=false"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Record, SameSeedGivesByteIdenticalRecords) {
  const Rules rules = Rules::ema2016();
  const auto play = [&](std::uint64_t seed) {
    const auto players = bots::make_random_bots(seed);
    const GameRecorder rec = bots::play_recorded(rules, seed, bots::seats_of(players));
    return io::game_to_text(rec.record(), rec.log(), 0);
  };
  const std::string a = play(42), b = play(42), c = play(43);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(Record, FullRulesSpecParsesBackToTheSameFields) {
  for (const char* spec : {"ema2016", "ema2008", "tenhou", "mahjongsoul", "mleague", "wrc",
                           "ema2016,open_tanyao=false,uma=1/2/3/4"}) {
    const Rules r = Rules::parse(spec);
    const Rules back = Rules::parse(full_rules_spec(r));
    EXPECT_EQ(back.fields(), r.fields()) << spec;
    EXPECT_EQ(back.name, r.name) << spec;
  }
}

TEST(Record, TheFileHasEveryKindOfLine) {
  const GameRecorder live = greedy_game(Rules::ema2016(), 3);
  const std::vector<std::string> lines =
      split_lines(io::game_to_text(live.record(), live.log(), 0));
  const json header = json::parse(lines.front());
  EXPECT_EQ(header["type"], "header");
  EXPECT_EQ(header["format"], "riichi-record");
  EXPECT_EQ(header["version"], 1);
  EXPECT_EQ(header["seed"], 3);
  EXPECT_EQ(header["rules"]["preset"], "ema2016");
  EXPECT_EQ(header["rules"]["fields"].size(), Rules::ema2016().fields().size());
  EXPECT_EQ(json::parse(lines.back())["type"], "game_end");
  for (const char* type :
       {"hand", "deal", "draw", "discard", "dora_revealed", "action", "hand_end", "game_end"})
    EXPECT_GT(find_line(lines, type), 0) << type;
  // The first win line explains its score completely.
  const int win = find_line(lines, "win");
  if (win > 0) {
    const json w = json::parse(lines[static_cast<std::size_t>(win - 1)]);
    for (const char* key : {"seat", "from", "win_type", "tile", "hand", "han", "fu", "yaku",
                            "fu_items", "dora", "limit", "payments", "reading"})
      EXPECT_TRUE(w.contains(key)) << key;
    EXPECT_FALSE(w["yaku"].empty());
    EXPECT_TRUE(w["payments"].contains("deltas"));
  }
}

// --- corrupt records ------------------------------------------------------------------------

class CorruptRecord : public ::testing::Test {
 protected:
  void SetUp() override {
    live_ = std::make_unique<GameRecorder>(greedy_game(Rules::ema2016(), 5));
    text_ = io::game_to_text(live_->record(), live_->log(), 0);
    lines_ = split_lines(text_);
  }
  std::unique_ptr<GameRecorder> live_;
  std::string text_;
  std::vector<std::string> lines_;
};

TEST_F(CorruptRecord, BadJsonNamesTheLine) {
  std::vector<std::string> lines = lines_;
  lines[6] = "{\"type\": \"draw\", \"seat\": ";
  const io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), 7);
  EXPECT_TRUE(contains(e.what(), "line 7")) << e.what();
  EXPECT_TRUE(contains(e.what(), "bad JSON")) << e.what();
}

TEST_F(CorruptRecord, UnknownEventTypeNamesTheLineAndTheType) {
  std::vector<std::string> lines = lines_;
  json j = json::parse(lines[4]);
  j["type"] = "dance";
  lines[4] = j.dump();
  const io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), 5);
  EXPECT_TRUE(contains(e.what(), "unknown line type 'dance'")) << e.what();
}

TEST_F(CorruptRecord, LineWithoutTypeOrNotAnObject) {
  std::vector<std::string> lines = lines_;
  lines[3] = "[1, 2, 3]";
  EXPECT_EQ(read_error(join_lines(lines)).line(), 4);
  lines[3] = "{\"seat\": 1}";
  const io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), 4);
  EXPECT_TRUE(contains(e.what(), "missing \"type\"")) << e.what();
}

TEST_F(CorruptRecord, MalformedActionNamesTheLine) {
  std::vector<std::string> lines = lines_;
  const int n = find_line(lines, "action", "discard");
  ASSERT_GT(n, 0);
  json j = json::parse(lines[static_cast<std::size_t>(n - 1)]);
  j["tile"] = "8z";
  lines[static_cast<std::size_t>(n - 1)] = j.dump();
  io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), n);
  EXPECT_TRUE(contains(e.what(), "bad tile '8z'")) << e.what();
  j["tile"] = "5m";
  j["action"] = "fly";
  lines[static_cast<std::size_t>(n - 1)] = j.dump();
  e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), n);
  EXPECT_TRUE(contains(e.what(), "unknown action 'fly'")) << e.what();
}

TEST_F(CorruptRecord, IllegalActionNamesTheActionIndexAndReason) {
  std::vector<std::string> lines = lines_;
  // The first discard: discard a tile the player does not hold (a fifth copy is impossible, so
  // pick a kind absent from the dealer's hand).
  const int n = find_line(lines, "action", "discard");
  ASSERT_GT(n, 0);
  json j = json::parse(lines[static_cast<std::size_t>(n - 1)]);
  const Observation o = [&] {
    Game g(Rules::ema2016(), 5);
    return g.round().observation(j["seat"].get<int>());
  }();
  Counts counts{};
  for (std::uint8_t id : o.concealed) ++counts[static_cast<std::size_t>(id / 4)];
  int absent = 0;
  while (counts[static_cast<std::size_t>(absent)] > 0) ++absent;
  j["tile"] = kind_to_string(absent);
  j["tsumogiri"] = false;
  lines[static_cast<std::size_t>(n - 1)] = j.dump();
  const std::vector<io::RecordedGame> games = read_text(join_lines(lines));
  ASSERT_EQ(games.size(), 1u);
  const ReplayResult r = replay(games[0].record);
  ASSERT_FALSE(r.ok());
  const Divergence& d = *r.divergence;
  EXPECT_EQ(d.action_index, j["n"].get<int>());
  EXPECT_EQ(games[0].action_lines[static_cast<std::size_t>(d.action_index)], n);
  EXPECT_EQ(d.hand_name, "East 1");
  EXPECT_TRUE(contains(d.reason, "not a legal action")) << d.message();
  EXPECT_TRUE(contains(d.found, kind_to_string(absent))) << d.message();
  EXPECT_TRUE(contains(d.expected, "one of:")) << d.message();
  EXPECT_TRUE(contains(d.message(), "action " + std::to_string(d.action_index))) << d.message();
}

TEST_F(CorruptRecord, TruncatedFileIsReported) {
  // Cut between lines: the game never ends.
  std::vector<std::string> half(lines_.begin(),
                                lines_.begin() + static_cast<std::ptrdiff_t>(lines_.size() / 2));
  const std::vector<io::RecordedGame> games = read_text(join_lines(half));
  ASSERT_EQ(games.size(), 1u);
  const ReplayResult r = replay(games[0].record);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.divergence->reason, "ends before the game does"))
      << r.divergence->message();
  EXPECT_EQ(r.divergence->action_index, static_cast<int>(games[0].record.actions.size()));
  // Cut in the middle of a line: bad JSON on the last line.
  const std::string cut = text_.substr(0, text_.size() / 2);
  const io::RecordError e = read_error(cut);
  EXPECT_EQ(e.line(), static_cast<int>(split_lines(cut).size()));
  EXPECT_TRUE(contains(e.what(), "bad JSON")) << e.what();
}

TEST_F(CorruptRecord, MissingOrRepeatedActionLine) {
  std::vector<std::string> lines = lines_;
  const int n = find_line(lines, "action");
  lines.erase(lines.begin() + n - 1);
  const int next = find_line(lines, "action");
  const io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), next);
  EXPECT_TRUE(contains(e.what(), "a line is missing or repeated")) << e.what();
}

TEST_F(CorruptRecord, TamperedScoreIsADivergenceAtThatLine) {
  std::vector<std::string> lines = lines_;
  const int n = find_line(lines, "hand_end");
  ASSERT_GT(n, 0);
  json j = json::parse(lines[static_cast<std::size_t>(n - 1)]);
  j["scores"][0] = j["scores"][0].get<int>() + 1000;
  lines[static_cast<std::size_t>(n - 1)] = j.dump();
  const std::vector<io::RecordedGame> games = read_text(join_lines(lines));
  const ReplayResult r = replay(games[0].record);
  ASSERT_TRUE(r.ok());
  const auto diff = io::compare_game(games[0], r.log);
  ASSERT_TRUE(diff.has_value());
  EXPECT_EQ(diff->line, n);
  EXPECT_EQ(diff->hand_name, "East 1");
  EXPECT_TRUE(contains(diff->message(), "line " + std::to_string(n))) << diff->message();
}

TEST_F(CorruptRecord, ActionAfterTheEndOfTheGame) {
  GameRecord record = live_->record();
  record.actions.push_back(record.actions.back());
  const ReplayResult r = replay(record);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.divergence->action_index, static_cast<int>(record.actions.size()) - 1);
  EXPECT_TRUE(contains(r.divergence->reason, "already over")) << r.divergence->message();
}

TEST_F(CorruptRecord, HeaderProblems) {
  std::vector<std::string> lines = lines_;
  json h = json::parse(lines[0]);
  json bad = h;
  bad["version"] = 99;
  lines[0] = bad.dump();
  EXPECT_TRUE(contains(read_error(join_lines(lines)).what(), "unsupported version 99"));
  bad = h;
  bad["rules"]["fields"]["open_tanyao"] = "maybe";
  lines[0] = bad.dump();
  io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), 1);
  EXPECT_TRUE(contains(e.what(), "open_tanyao")) << e.what();
  bad = h;
  bad.erase("seed");
  lines[0] = bad.dump();
  EXPECT_TRUE(contains(read_error(join_lines(lines)).what(), "missing field 'seed'"));
  // No header at all: the first line is an event.
  lines.erase(lines.begin());
  e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), 1);
  EXPECT_TRUE(contains(e.what(), "before the first header")) << e.what();
  EXPECT_TRUE(contains(read_error("").what(), "empty record"));
}

TEST(Record, SeveralGamesInOneFile) {
  std::string text;
  std::vector<GameRecorder> live;
  for (int g = 0; g < 3; ++g) {
    live.push_back(greedy_game(Rules::tenhou(), 100 + static_cast<std::uint64_t>(g)));
    text += io::game_to_text(live.back().record(), live.back().log(), g);
  }
  const std::vector<io::RecordedGame> games = read_text(text);
  ASSERT_EQ(games.size(), 3u);
  for (int g = 0; g < 3; ++g) {
    EXPECT_EQ(games[static_cast<std::size_t>(g)].game_index, g);
    const ReplayResult r = replay(games[static_cast<std::size_t>(g)].record);
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(io::compare_game(games[static_cast<std::size_t>(g)], r.log).has_value());
  }
  // A header inside an unfinished game.
  std::vector<std::string> lines = split_lines(text);
  const int second =
      static_cast<int>(split_lines(io::game_to_text(live[0].record(), live[0].log(), 0)).size());
  lines.erase(lines.begin() + second - 1);  // drop game 0's game_end line
  const io::RecordError e = read_error(join_lines(lines));
  EXPECT_EQ(e.line(), second);
  EXPECT_TRUE(contains(e.what(), "has ended")) << e.what();
}

}  // namespace
}  // namespace riichi
