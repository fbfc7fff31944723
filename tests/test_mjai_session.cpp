// The mjai bot protocol, translation (docs/mjai-protocol.md): what each seat sees, the answers
// parsed into engine actions and the bad answers refused, the bot side's view of a hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "io/mjai_session.hpp"
#include "riichi/game.hpp"

namespace riichi {
namespace {

using io::MjaiAnswer;
using io::MjaiJson;

// A hand-made deal (seat winds East..North = seats 0..3, dealer 0):
//   East  123m 456m 789m 123p 5p   (tenpai on 5p after any draw it discards)
//   South 9s9s 78s 11z 22z 33z 4z 5z 6z   (pon and chi on a discarded 9s)
//   West  111s 222s 333s 444s 6s
//   North 222p 333p 444p 666p 7p
Tile t(const char* mpsz) {
  const std::string s = mpsz;
  const int n = s[0] - '0';
  const int suit = s[1] == 'm' ? 0 : s[1] == 'p' ? 1 : s[1] == 's' ? 2 : 3;
  return Tile{static_cast<std::uint8_t>(suit * 9 + n - 1), false};
}
std::vector<Tile> tiles(std::initializer_list<const char*> list) {
  std::vector<Tile> out;
  for (const char* x : list) out.push_back(t(x));
  return out;
}
std::array<std::vector<Tile>, 4> deal() {
  return {tiles({"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p"}),
          tiles({"9s", "9s", "7s", "8s", "1z", "1z", "2z", "2z", "3z", "3z", "4z", "5z", "6z"}),
          tiles({"1s", "1s", "1s", "2s", "2s", "2s", "3s", "3s", "3s", "4s", "4s", "4s", "6s"}),
          tiles({"2p", "2p", "2p", "3p", "3p", "3p", "4p", "4p", "4p", "6p", "6p", "6p", "7p"})};
}
Round round_with_draws(const std::vector<Tile>& draws) {
  RoundSetup setup;
  setup.scores = {30000, 30000, 30000, 30000};
  return Round(Rules::ema2016(), setup, Wall::stacked(deal(), draws));
}

MjaiAnswer parse(const std::string& line, const Round& r, int seat, bool riichi = false,
                 int from = -1) {
  io::AnswerContext ctx;
  ctx.seat = seat;
  ctx.legal = r.legal_actions(seat);
  ctx.red_fives = false;
  ctx.riichi_declared = riichi;
  ctx.claim_from = from;
  return io::parse_mjai_answer(line, ctx);
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(MjaiSession, SeatViewHidesOtherHandsAndDraws) {
  const Round r = round_with_draws(tiles({"9s"}));
  const MjaiJson start = io::mjai_start_kyoku(r);
  ASSERT_EQ(start["tehais"].size(), 4u);
  const MjaiJson south = io::mjai_for_seat(start, 1);
  for (int s : {0, 2, 3})
    for (const auto& x : south["tehais"][static_cast<std::size_t>(s)]) EXPECT_EQ(x, "?");
  EXPECT_EQ(south["tehais"][1],
            MjaiJson::parse(R"(["7s","8s","9s","9s","E","E","S","S","W","W","N","P","F"])"));
  EXPECT_EQ(south["oya"], 0);
  EXPECT_EQ(south["bakaze"], "E");
  // The dealer's draw: a 9s to the dealer, "?" to everyone else.
  std::vector<MjaiJson> events;
  std::array<int, 4> scores = r.setup().scores;
  io::append_mjai_events(r.events(), 0, r.events().size(), false, scores, nullptr, events);
  ASSERT_EQ(events.size(), 2u);  // the first dora indicator, the draw
  EXPECT_EQ(events[0]["type"], "dora");
  events.erase(events.begin());
  EXPECT_EQ(io::mjai_for_seat(events[0], 0)["pai"], "9s");
  EXPECT_EQ(io::mjai_for_seat(events[0], 2)["pai"], "?");
}

TEST(MjaiSession, AnswersOnATurn) {
  const Round r = round_with_draws(tiles({"9s"}));
  MjaiAnswer a = parse(R"({"type":"dahai","actor":0,"pai":"9s","tsumogiri":true})", r, 0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.type, ActionType::kDiscard);
  EXPECT_EQ(a.action.tile / 4, t("9s").kind);
  EXPECT_TRUE(a.action.tsumogiri);
  a = parse(R"({"type":"dahai","actor":0,"pai":"1m","tsumogiri":false})", r, 0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.tile / 4, 0);
  // Riichi: tenpai on 5p after discarding 9s.
  a = parse(R"({"type":"reach","actor":0})", r, 0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.kind, MjaiAnswer::Kind::kReach);
  a = parse(R"({"type":"dahai","actor":0,"pai":"9s","tsumogiri":true})", r, 0, true);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.type, ActionType::kRiichi);
  // Riichi discarding 1m is not tenpai.
  a = parse(R"({"type":"dahai","actor":0,"pai":"1m"})", r, 0, true);
  EXPECT_TRUE(has(a.error, "riichi dahai 1m is not legal now")) << a.error;
}

TEST(MjaiSession, TsumoAnswer) {
  const Round r = round_with_draws(tiles({"5p"}));
  const MjaiAnswer a = parse(R"({"type":"hora","actor":0,"target":0,"pai":"5p"})", r, 0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.type, ActionType::kTsumo);
}

TEST(MjaiSession, AnswersInAClaimWindow) {
  Round r = round_with_draws(tiles({"9s"}));
  const std::vector<Action>& legal = r.legal_actions(0);
  const auto d = std::find_if(legal.begin(), legal.end(), [](const Action& x) {
    return x.type == ActionType::kDiscard && x.tsumogiri;
  });
  ASSERT_NE(d, legal.end());
  ASSERT_TRUE(r.apply(*d).ok);
  ASSERT_EQ(r.phase(), Phase::kClaim);
  MjaiAnswer a = parse(R"({"type":"pon","actor":1,"target":0,"pai":"9s","consumed":["9s","9s"]})",
                       r, 1, false, 0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.type, ActionType::kPon);
  a = parse(R"({"type":"chi","actor":1,"target":0,"pai":"9s","consumed":["8s","7s"]})", r, 1, false,
            0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.type, ActionType::kChi);
  a = parse(R"({"type":"none"})", r, 1, false, 0);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.action.type, ActionType::kPass);
  // Wrong target, wrong consumed tiles, a ron that is not there.
  a = parse(R"({"type":"pon","actor":1,"target":2,"pai":"9s","consumed":["9s","9s"]})", r, 1, false,
            0);
  EXPECT_TRUE(has(a.error, "target 2 did not discard")) << a.error;
  a = parse(R"({"type":"chi","actor":1,"target":0,"pai":"9s","consumed":["6s","7s"]})", r, 1, false,
            0);
  EXPECT_TRUE(has(a.error, "is not legal now")) << a.error;
  a = parse(R"({"type":"hora","actor":1,"target":0,"pai":"9s"})", r, 1, false, 0);
  EXPECT_TRUE(has(a.error, "hora (ron) is not legal now")) << a.error;
  // A seat with nothing to do must answer none.
  a = parse(R"({"type":"pon","actor":2,"target":0,"pai":"9s","consumed":["9s","9s"]})", r, 2, false,
            0);
  EXPECT_TRUE(has(a.error, "nothing to do")) << a.error;
}

TEST(MjaiSession, MalformedAnswersAreRefusedWithTheReason) {
  const Round r = round_with_draws(tiles({"9s"}));
  const auto error = [&](const std::string& line) { return parse(line, r, 0).error; };
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":0,"pai":"9s")"), "malformed JSON"));
  EXPECT_TRUE(has(error(R"({"type":"dah)"), "malformed JSON"));
  EXPECT_TRUE(has(error(""), "malformed JSON"));
  EXPECT_TRUE(has(error(R"(["dahai"])"), "not a JSON object"));
  EXPECT_TRUE(has(error(R"({"pai":"9s"})"), "missing string field 'type'"));
  EXPECT_TRUE(has(error(R"({"type":"discard","actor":0})"), "unknown answer type 'discard'"));
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":0,"pai":"10s"})"), "bad mjai tile '10s'"));
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":0,"pai":7})"), "not a tile string"));
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":3,"pai":"9s"})"), "wrong actor 3"));
  EXPECT_TRUE(has(error(R"({"type":"dahai","pai":"9s"})"), "missing field 'actor'"));
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":0,"pai":"5mr"})"), "without red fives"));
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":0,"pai":"1s"})"), "dahai 1s is not legal"));
  EXPECT_TRUE(has(error(R"({"type":"none"})"), "'none' (an action is due) is not legal"));
  EXPECT_TRUE(has(error(R"({"type":"ryukyoku","actor":0})"), "kyuushu kyuuhai) is not legal"));
}

TEST(MjaiSession, DefaultActions) {
  Round r = round_with_draws(tiles({"9s"}));
  Action d = io::default_mjai_action(r.legal_actions(0), false);
  EXPECT_EQ(d.type, ActionType::kDiscard);
  EXPECT_TRUE(d.tsumogiri);
  EXPECT_EQ(d.tile / 4, t("9s").kind);
  d = io::default_mjai_action(r.legal_actions(0), true);
  EXPECT_EQ(d.type, ActionType::kRiichi);
  ASSERT_TRUE(r.apply(d).ok);
  EXPECT_EQ(io::default_mjai_action(r.legal_actions(1), false).type, ActionType::kPass);
}

// A bot that records what it is offered and takes the first action of a preferred type.
class ScriptedBot final : public bots::Bot {
 public:
  explicit ScriptedBot(std::vector<ActionType> prefer, std::vector<std::vector<Action>>* seen)
      : prefer_(std::move(prefer)), seen_(seen) {}
  std::string name() const override { return "scripted"; }
  Action choose(const Observation&, std::span<const Action> legal) override {
    seen_->emplace_back(legal.begin(), legal.end());
    for (ActionType t : prefer_)
      for (const Action& a : legal)
        if (a.type == t) return a;
    return legal[0];
  }

 private:
  std::vector<ActionType> prefer_;
  std::vector<std::vector<Action>>* seen_;
};

io::MjaiBotClient scripted_client(std::vector<ActionType> prefer,
                                  std::vector<std::vector<Action>>* seen) {
  return io::MjaiBotClient(
      [prefer, seen](std::uint64_t, int) { return std::make_unique<ScriptedBot>(prefer, seen); },
      Rules::ema2016(), "tester", 0);
}

const char* kStartKyokuSouth =
    R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,)"
    R"("dora_marker":"1p","scores":[30000,30000,30000,30000],"tehais":[)"
    R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
    R"(["9s","9s","7s","8s","E","E","S","S","W","W","N","P","F"],)"
    R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
    R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"]]})";

TEST(MjaiBotClient, FollowsAHandAndCallsFromItsOwnView) {
  std::vector<std::vector<Action>> seen;
  io::MjaiBotClient c = scripted_client({ActionType::kPon}, &seen);
  EXPECT_EQ(MjaiJson::parse(c.answer(R"({"type":"hello","protocol":"mjsonp"})")),
            MjaiJson::parse(R"({"type":"join","name":"tester","room":"default"})"));
  EXPECT_EQ(c.answer(R"({"type":"start_game","id":1,"names":["a","b","c","d"]})"),
            R"({"type":"none"})");
  EXPECT_EQ(c.answer(kStartKyokuSouth), R"({"type":"none"})");
  EXPECT_EQ(c.answer(R"({"type":"tsumo","actor":0,"pai":"?"})"), R"({"type":"none"})");
  EXPECT_TRUE(seen.empty());
  // The dealer discards 9s: South may pon (9s9s), chi (78s) or pass.
  const std::string answer = c.answer(R"({"type":"dahai","actor":0,"pai":"9s","tsumogiri":true})");
  EXPECT_EQ(
      MjaiJson::parse(answer),
      MjaiJson::parse(R"({"type":"pon","actor":1,"target":0,"pai":"9s","consumed":["9s","9s"]})"));
  ASSERT_EQ(seen.size(), 1u);
  std::vector<ActionType> types;
  for (const Action& a : seen[0]) types.push_back(a.type);
  std::sort(types.begin(), types.end());
  EXPECT_EQ(types,
            (std::vector<ActionType>{ActionType::kChi, ActionType::kPon, ActionType::kPass}));
  // After its pon, South discards (the first legal discard: 7s).
  const MjaiJson discard = MjaiJson::parse(
      c.answer(R"({"type":"pon","actor":1,"target":0,"pai":"9s","consumed":["9s","9s"]})"));
  EXPECT_EQ(discard["type"], "dahai");
  EXPECT_EQ(discard["actor"], 1);
  EXPECT_EQ(discard["pai"], "7s");
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(c.answer(R"({"type":"dahai","actor":1,"pai":"7s","tsumogiri":false})"),
            R"({"type":"none"})");
  EXPECT_TRUE(c.last_warning().empty()) << c.last_warning();
}

TEST(MjaiBotClient, DeclaresRiichiThenNamesItsDiscard) {
  std::vector<std::vector<Action>> seen;
  io::MjaiBotClient c = scripted_client({ActionType::kRiichi}, &seen);
  c.answer(R"({"type":"start_game","id":0,"names":["a","b","c","d"]})");
  c.answer(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,)"
           R"("dora_marker":"1p","scores":[30000,30000,30000,30000],"tehais":[)"
           R"(["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"],)"
           R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
           R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"],)"
           R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"]]})");
  EXPECT_EQ(MjaiJson::parse(c.answer(R"({"type":"tsumo","actor":0,"pai":"9s"})")),
            MjaiJson::parse(R"({"type":"reach","actor":0})"));
  const MjaiJson d = MjaiJson::parse(c.answer(R"({"type":"reach","actor":0})"));
  EXPECT_EQ(d["type"], "dahai");
  // The only riichi discards are 9s (wait 5p) and 5p (wait 9s); the first offered is taken.
  EXPECT_TRUE(d["pai"] == "9s" || d["pai"] == "5p") << d.dump();
  EXPECT_EQ(c.answer(R"({"type":"dahai","actor":0,"pai":")" + d["pai"].get<std::string>() +
                     R"(","tsumogiri":false})"),
            R"({"type":"none"})");
}

TEST(MjaiBotClient, RejectsBadEventsWithClearErrors) {
  std::vector<std::vector<Action>> seen;
  io::MjaiBotClient c = scripted_client({}, &seen);
  const auto error = [&](const std::string& line) {
    try {
      c.answer(line);
    } catch (const io::MjaiError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(has(error(R"({"type":"start_ga)"), "malformed JSON"));
  EXPECT_TRUE(has(error(R"([{"type":"tsumo"}])"), "JSON array"));
  EXPECT_TRUE(has(error(R"({"type":"tsumo","actor":0,"pai":"?"})"), "before start_game"));
  EXPECT_TRUE(has(error(R"({"type":"start_game","id":7})"), "field 'id' is not an integer 0..3"));
  EXPECT_TRUE(has(error(R"({"type":"start_game","names":["a","b","c","d"]})"),
                  "start_game has no field 'id'"));
  EXPECT_TRUE(has(error(R"({"type":"start_game","id":1,"seed":"x"})"),
                  "field 'seed' is neither an unsigned integer nor [nonce, key]"));
  EXPECT_TRUE(has(error(R"({"type":"start_game","id":1,"seed":[1,-2]})"), "[nonce, key]"));
  c.answer(R"({"type":"start_game","id":1,"seed":[123,456]})");  // other tools' seed
  EXPECT_EQ(c.seat(), 1);
  c.set_default_seat(2);
  c.answer(R"({"type":"start_game","names":["a","b","c","d"]})");  // a log: no id
  EXPECT_EQ(c.seat(), 2);
  c.answer(R"({"type":"start_game","id":"game-1"})");  // a game id, not a seat
  EXPECT_EQ(c.seat(), 2);
  c.answer(R"({"type":"start_game","id":1})");
  EXPECT_EQ(c.seat(), 1);
  EXPECT_TRUE(has(error(R"({"type":"tsumo","actor":0,"pai":"?"})"), "outside a hand"));
  c.answer(kStartKyokuSouth);
  EXPECT_TRUE(has(error(R"({"type":"dahai","actor":0,"pai":"0z"})"), "bad mjai tile '0z'"));
  EXPECT_TRUE(has(error(R"({"type":"tsumo","actor":1,"pai":"?"})"), "own draw is '?'"));
  EXPECT_TRUE(has(error(R"({"type":"kan","actor":0})"), "unknown event type 'kan'"));
  EXPECT_TRUE(has(error(R"({"type":"pon","actor":1,"target":0,"pai":"9s","consumed":["9s"]})"),
                  "not an array of 2 tiles"));
}

}  // namespace
}  // namespace riichi
