// The compact text serialisation of a game (riichi/record_text.hpp): round trip through text
// rebuilds the same game, and malformed text names the token and the reason.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "bot_games.hpp"
#include "io/record_json.hpp"
#include "riichi/record_text.hpp"

namespace riichi {
namespace {

using testing::greedy_game;

TEST(RecordText, RoundTripRebuildsTheGame) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou"}) {
    const GameRecorder live = greedy_game(Rules::parse(preset), 11);
    const std::string text = to_text(live.record());
    const GameRecord back = record_from_text(text);
    EXPECT_EQ(back.seed, live.record().seed);
    EXPECT_EQ(back.actions, live.record().actions);
    EXPECT_EQ(back.rules.fields(), live.record().rules.fields());
    EXPECT_EQ(to_text(back), text);  // stable
    const ReplayResult again = replay(back);
    ASSERT_TRUE(again.ok()) << again.divergence->message();
    ASSERT_EQ(again.log.hands.size(), live.log().hands.size());
    EXPECT_EQ(again.log.final.final_scores, live.log().final.final_scores);
  }
}

// Three players: the kita (a letter of its own, no NUL in the text: the web server stores the
// text in SQLite, where a NUL cut the game short) round-trips with the rest.
TEST(RecordText, SanmaGameWithKitaRoundTrips) {
  const GameRecorder live = greedy_game(Rules::tenhou_sanma(), 11);
  int kita = 0;
  for (const Action& a : live.record().actions) kita += a.type == ActionType::kKita;
  ASSERT_GT(kita, 0) << "the seeded game should set a North aside";
  const std::string text = to_text(live.record());
  EXPECT_EQ(text.find('\0'), std::string::npos);
  const GameRecord back = record_from_text(text);
  EXPECT_EQ(back.actions, live.record().actions);
  const ReplayResult again = replay(back);
  ASSERT_TRUE(again.ok()) << again.divergence->message();
  EXPECT_EQ(again.log.final.final_scores, live.log().final.final_scores);
}

TEST(RecordText, IsCompact) {
  const GameRecorder live = greedy_game(Rules::ema2016(), 3);
  const std::string text = to_text(live.record());
  // A few characters per action: far smaller than the JSON-lines log.
  EXPECT_LT(text.size(), 400 + 9 * live.record().actions.size());
}

TEST(RecordText, TokenFormat) {
  GameRecord r;
  r.rules = Rules::ema2016();
  r.seed = 42;
  Action discard;
  discard.type = ActionType::kDiscard;
  discard.seat = 0;
  discard.tile = 52;
  discard.tsumogiri = true;
  Action pon;
  pon.type = ActionType::kPon;
  pon.seat = 2;
  pon.tile = 41;
  pon.uses = {40, 42, -1};
  Action pass;
  pass.type = ActionType::kPass;
  pass.seat = 3;
  Action kita;  // three players: seat 1 sets the North id 121 aside
  kita.type = ActionType::kKita;
  kita.seat = 1;
  kita.tile = 121;
  r.actions = {discard, pon, pass, kita};
  const std::string text = to_text(r);
  EXPECT_NE(text.find(" 42 d0.52! p2.41.40.42 x3 b1.121"), std::string::npos) << text;
  EXPECT_EQ(record_from_text(text).actions, r.actions);
}

TEST(RecordText, MalformedTextNamesTheToken) {
  const std::string head = "riichi/1 ema2016 7 ";
  auto error_of = [](const std::string& text) {
    try {
      record_from_text(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("hello").find("not a riichi/1"), std::string::npos);
  EXPECT_NE(error_of("riichi/1 ema2016 x7").find("seed"), std::string::npos);
  EXPECT_NE(error_of("riichi/1 nosuch 7").find("unknown preset"), std::string::npos);
  EXPECT_NE(error_of(head + "d0.52 z1").find("action 2 'z1': unknown action letter"),
            std::string::npos);
  EXPECT_NE(error_of(head + "d5.3").find("seat"), std::string::npos);
  EXPECT_NE(error_of(head + "d0.136").find("0..135"), std::string::npos);
  EXPECT_NE(error_of(head + "d0.1.2.3.4.5").find("at most"), std::string::npos);
  EXPECT_NE(error_of(head + "d0x3").find("expected '.'"), std::string::npos);
  // A well-formed but illegal action is a replay divergence, not a parse error.
  const GameRecord r = record_from_text(head + "t3.0");
  EXPECT_FALSE(replay(r).ok());
}

}  // namespace
}  // namespace riichi

namespace riichi {
namespace {

// RULES.md §4.5 / §8.4: "Chombo EMA 2008 by South: South -8000 (E +4000, W +2000, N +2000);
// replay, h unchanged". A human false tsumo is recorded, and the record replays to the same
// chombo through the text and the JSON-lines forms.
TEST(RecordText, HumanChomboReplays) {
  GameRecorder rec(Rules::ema2008(), 5);
  // Play legal actions until South (seat 1, a non-dealer in East 1) must act on its own turn.
  ASSERT_TRUE(testing::play_first_actions_until_own_turn(rec, 1));
  const Action false_tsumo = testing::false_tsumo(rec.game(), 1);
  ASSERT_FALSE(rec.apply(false_tsumo).ok);  // refused for a bot
  const ApplyResult applied = rec.apply(false_tsumo, InputMode::kHuman);
  ASSERT_TRUE(applied.ok) << applied.reason;
  ASSERT_EQ(rec.log().hands.size(), 1u);
  const RoundResult& result = rec.log().hands[0].result;
  EXPECT_EQ(result.end, RoundEnd::kChombo);
  EXPECT_EQ(result.chombo_seat, 1);
  EXPECT_EQ(result.deltas, (std::array<int, 4>{4000, -8000, 2000, 2000}));

  const GameRecord record = rec.record();
  ASSERT_EQ(record.mode(record.actions.size() - 1), InputMode::kHuman);
  const GameRecord back = record_from_text(to_text(record));
  const ReplayResult again = replay(back);
  // The record stops after the chombo (the game goes on): the only divergence is its end.
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.divergence->action_index, 2) << again.divergence->message();
  EXPECT_NE(again.divergence->reason.find("ends before"), std::string::npos);
  ASSERT_EQ(again.log.hands.size(), 1u);
  EXPECT_EQ(again.log.hands[0].result.end, RoundEnd::kChombo);
  EXPECT_EQ(again.log.hands[0].result.deltas, result.deltas);
  // The JSON-lines record marks the action "human" and reads it back.
  std::istringstream lines(io::game_to_text(record, rec.log(), 0));
  const std::vector<io::RecordedGame> read = io::read_records(lines);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].record.modes, record.modes);
  // Without the human mark the same record diverges: bots cannot commit chombo.
  GameRecord legal_only = back;
  legal_only.modes.clear();
  const ReplayResult refused = replay(legal_only);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.divergence->action_index, 1) << refused.divergence->message();
}

}  // namespace
}  // namespace riichi
