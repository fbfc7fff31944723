// The compact text serialisation of a game (riichi/record_text.hpp): round trip through text
// rebuilds the same game, and malformed text names the token and the reason.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "riichi/record_text.hpp"

namespace riichi {
namespace {

GameRecorder greedy_game(const Rules& rules, std::uint64_t seed) {
  std::array<std::unique_ptr<bots::Bot>, 4> players;
  for (int s = 0; s < 4; ++s)
    players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
        bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = true});
  return bots::play_recorded(rules, seed, bots::seats_of(players));
}

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
  r.actions = {discard, pon, pass};
  const std::string text = to_text(r);
  EXPECT_NE(text.find(" 42 d0.52! p2.41.40.42 x3"), std::string::npos) << text;
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
