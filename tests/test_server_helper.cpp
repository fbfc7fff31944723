// The web table's helper (apps/server/helper_json.hpp) on hand-made positions: its waits, shapes,
// warnings and danger follow from the rules (RULES.md: yaku, furiten, genbutsu), its options
// from the seat's legal set only.
#include <gtest/gtest.h>

#include <string>

#include "bot_positions.hpp"
#include "helper_json.hpp"

namespace riichi::testing {
namespace {

using nlohmann::json;

json helper(const Position& p, const Rules& rules = Rules::ema2016()) {
  Observation o = p.obs();
  o.legal_actions = p.legal();
  return server::helper_json(o, rules);
}

std::string wait_names(const json& h) {
  std::string s;
  for (const json& w : h["waits"]["tiles"]) s += w["tile"]["name"].get<std::string>() + " ";
  return s;
}

bool has_warning(const json& h, const std::string& kind) {
  for (const json& w : h["warnings"])
    if (w["kind"] == kind) return true;
  return false;
}

TEST(ServerHelper, OpenHandWithoutYakuIsWarned) {
  // After chi 234m: 678p 345s 99m 34p waits on 2p / 5p (ryanmen). The 9m pair breaks tanyao, the
  // hand is open (no pinfu, no menzen tsumo, no riichi) and has no yakuhai, no sanshoku, no
  // ittsu: neither wait has a yaku (RULES.md, a win needs one yaku; dora are not yaku).
  Position p;
  p.seat(0).live_tiles(50).hand("678p345s99m34p");
  p.meld(0, MeldType::kChi, "2m3m4m", 3);
  const json h = helper(p);
  EXPECT_EQ(wait_names(h), "2p 5p ");
  for (const json& w : h["waits"]["tiles"]) {
    EXPECT_FALSE(w["yaku"].get<bool>()) << h.dump();
    EXPECT_EQ(w["shapes"], json::array({"ryanmen"}));
  }
  EXPECT_TRUE(has_warning(h, "no_yaku")) << h.dump();
  EXPECT_TRUE(h["options"].empty());  // no decision: nothing to choose
  EXPECT_TRUE(h["decision"].is_null());
}

TEST(ServerHelper, OpenTanyaoHasYaku) {
  // The same shape with a 55s pair: every tile simple, both waits (2p, 5p) simple: open tanyao
  // (kuitan, allowed in EMA 2016) is a yaku; no warning.
  Position p;
  p.seat(0).live_tiles(50).hand("678p345s55s34p");
  p.meld(0, MeldType::kChi, "2m3m4m", 3);
  const json h = helper(p);
  EXPECT_EQ(wait_names(h), "2p 5p ");
  for (const json& w : h["waits"]["tiles"]) {
    EXPECT_TRUE(w["yaku"].get<bool>()) << h.dump();
  }
  EXPECT_FALSE(has_warning(h, "no_yaku"));
}

TEST(ServerHelper, OwnDiscardOfAWaitIsFuriten) {
  // 123m 456m 789p 11s 56p waits on 4p / 7p; 7p is in the own pond: furiten (RULES.md §3.8),
  // no ron on any wait.
  Position p;
  p.seat(0).live_tiles(50).hand("123m456m789p11s56p");
  p.discards(0, "1z7p");
  const json h = helper(p);
  EXPECT_EQ(wait_names(h), "4p 7p ");
  EXPECT_TRUE(h["waits"]["tiles"][1]["furiten"].get<bool>());
  EXPECT_FALSE(h["waits"]["tiles"][0]["furiten"].get<bool>());
  EXPECT_TRUE(has_warning(h, "furiten"));
  EXPECT_FALSE(has_warning(h, "no_yaku"));  // a closed hand: menzen tsumo, riichi
}

TEST(ServerHelper, ShapesOfAShanponAndKanchan) {
  // 123m 456m 789s 11p 33p: shanpon on 1p / 3p. 123m 456m 789s 55z 13p: kanchan on 2p.
  Position a;
  a.seat(0).live_tiles(50).hand("123m456m789s11p33p");
  const json ha = helper(a);
  EXPECT_EQ(wait_names(ha), "1p 3p ");
  EXPECT_EQ(ha["waits"]["tiles"][0]["shapes"], json::array({"shanpon"}));
  Position b;
  b.seat(0).live_tiles(50).hand("123m456m789s55z13p");
  const json hb = helper(b);
  EXPECT_EQ(wait_names(hb), "2p ");
  EXPECT_EQ(hb["waits"]["tiles"][0]["shapes"], json::array({"kanchan"}));
  // 4 - the 2p seen (none) = 4 left.
  EXPECT_EQ(hb["waits"]["tiles"][0]["remaining"], 4);
}

TEST(ServerHelper, TurnShowsTheThreeBestOptionsBestFirst) {
  Position p;
  p.seat(0).live_tiles(60).hand("123m456p789s23m5m1z").drawn("9p");
  p.discards(1, "9m").discards(2, "1s").discards(3, "2z");
  p.allow_discards();
  const json h = helper(p);
  EXPECT_EQ(h["decision"], "discard");
  ASSERT_EQ(h["options"].size(), 3U);
  EXPECT_TRUE(h["options"][0]["best"].get<bool>());
  for (std::size_t i = 0; i < 3; ++i) {
    const json& o = h["options"][i];
    EXPECT_EQ(o["type"], "discard");
    EXPECT_FALSE(o["reason"].get<std::string>().empty());
    EXPECT_GE(o["win_prob"].get<double>(), 0.0);
    EXPECT_LE(o["win_prob"].get<double>(), o["tenpai_prob"].get<double>() + 1e-9);
    if (i > 0) {
      EXPECT_GE(h["options"][i - 1]["exp_score"].get<long>(), o["exp_score"].get<long>());
    }
  }
  // 1-shanten: 123m 456p 789s 23m + 5m 1z 9p: the honour 1z or the lone 9p / 5m go first;
  // the complete sets 123m 456p 789s and the 23m ryanmen are never among the best three.
  for (const json& o : h["options"]) {
    const std::string t = o["tile"]["name"];
    EXPECT_TRUE(t == "1z" || t == "9p" || t == "5m") << h.dump();
  }
}

TEST(ServerHelper, RiichiLeavesOnlyWhatRiichiAllows) {
  // In riichi the table's legal set is the drawn tile (tsumogiri) alone: the helper shows that
  // option and nothing else.
  Position p;
  p.seat(0).live_tiles(40).hand("123m456m789p234s5p").drawn("1z");
  p.discards(0, "9s8s2z", 2);
  Observation o = p.obs();
  Action tsumogiri;
  tsumogiri.type = ActionType::kDiscard;
  tsumogiri.seat = 0;
  tsumogiri.tile = static_cast<std::int16_t>(o.drawn);
  tsumogiri.tsumogiri = true;
  o.legal_actions = {tsumogiri};
  const json h = server::helper_json(o, Rules::ema2016());
  ASSERT_EQ(h["options"].size(), 1U) << h.dump();
  EXPECT_EQ(h["options"][0]["action"], "discard 1z");
  EXPECT_EQ(wait_names(h), "5p ");  // tenpai after the tsumogiri: the 5p tanki
}

TEST(ServerHelper, AWinLetPassAfterRiichiIsFuriten) {
  // In riichi on the 5p tanki, with no 5p in the pond: only the table knows that a 5p was let
  // pass after the riichi, which makes the hand furiten for the rest of the hand (RULES.md §3.8,
  // riichi furiten). Told when the table says so, not otherwise.
  Position p;
  p.seat(0).live_tiles(40).hand("123m456m789p234s5p").drawn("1z");
  p.discards(0, "9s8s2z", 2);
  Observation o = p.obs();
  o.riichi[0] = true;
  Action tsumogiri;
  tsumogiri.type = ActionType::kDiscard;
  tsumogiri.seat = 0;
  tsumogiri.tile = static_cast<std::int16_t>(o.drawn);
  tsumogiri.tsumogiri = true;
  o.legal_actions = {tsumogiri};
  EXPECT_FALSE(has_warning(server::helper_json(o, Rules::ema2016(), false), "furiten"));
  const json h = server::helper_json(o, Rules::ema2016(), true);
  ASSERT_TRUE(has_warning(h, "furiten")) << h.dump();
  EXPECT_NE(h["warnings"].back()["text"].get<std::string>().find("after your riichi"),
            std::string::npos);
}

TEST(ServerHelper, ClaimWindowValuesEveryCallAndPass) {
  Position p;
  p.seat(0).live_tiles(50).hand("77z123m456p78s19m1z");
  p.claim_window("7z", 1);
  p.allow_call(ActionType::kPon, "7z", "7z7z");
  const json h = helper(p);
  EXPECT_EQ(h["decision"], "call");
  ASSERT_EQ(h["options"].size(), 2U) << h.dump();
  bool pon = false, pass = false;
  for (const json& o : h["options"]) {
    pon |= o["type"] == "pon" && o["then"].is_string();
    pass |= o["type"] == "pass";
  }
  EXPECT_TRUE(pon && pass) << h.dump();
}

TEST(ServerHelper, DangerAgainstRiichiOnEveryHeldKind) {
  // South (seat 1) is in riichi; 3s is in its pond: genbutsu, it cannot ron it (furiten).
  Position p;
  p.seat(0).live_tiles(40).hand("123m456p789s3s4s7m8m").drawn("1z");
  p.discards(1, "3s9m2z", 1).discards(2, "1s").discards(3, "2s");
  p.allow_discards();
  const json h = helper(p);
  ASSERT_TRUE(h["threat"].get<bool>());
  const json& d = h["danger"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d["opponents"][0]["seat"], 1);
  EXPECT_TRUE(d["opponents"][0]["riichi"].get<bool>());
  // The distinct kinds held: 1m 2m 3m 7m 8m 4p 5p 6p 3s 4s 7s 8s 9s 1z.
  EXPECT_EQ(d["tiles"].size(), 14U);
  for (const json& t : d["tiles"]) {
    EXPECT_EQ(t["by_opponent"].size(), 3U);
    if (t["tile"]["name"] == "3s") {
      EXPECT_EQ(t["by_opponent"][0].get<double>(), 0.0) << t.dump();
    }
    EXPECT_FALSE(t["reason"].get<std::string>().empty());
  }
}

TEST(ServerHelper, NoThreatNoDanger) {
  Position p;
  p.seat(0).live_tiles(66).hand("123m456p789s23m5m1z").drawn("9p");
  p.allow_discards();
  const json h = helper(p);
  EXPECT_FALSE(h["threat"].get<bool>());
  EXPECT_TRUE(h["danger"].is_null());
}

}  // namespace
}  // namespace riichi::testing

#include "http_gzip.hpp"
#include "io/log_reader.hpp"

namespace riichi::testing {
namespace {

TEST(ServerGzip, AcceptEncodingAsRfc9110Reads) {
  EXPECT_TRUE(server::accepts_gzip("gzip, deflate, br"));
  EXPECT_TRUE(server::accepts_gzip("br;q=1.0, GZIP;q=0.5"));
  EXPECT_TRUE(server::accepts_gzip("*"));
  EXPECT_FALSE(server::accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(server::accepts_gzip("gzip;q=0.000, br"));
  EXPECT_FALSE(server::accepts_gzip("deflate, br"));
  EXPECT_FALSE(server::accepts_gzip(""));
  EXPECT_FALSE(server::accepts_gzip("xgzip"));
}

TEST(ServerGzip, RoundTripAndWhatIsWorthIt) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "{\"tile\":{\"id\":" + std::to_string(i % 136) + "}},";
  const std::string z = server::gzip(text);
  ASSERT_TRUE(io::is_gzip(z));
  EXPECT_EQ(io::gunzip(z, "test"), text);
  EXPECT_LT(z.size() * 4, text.size());
  EXPECT_TRUE(server::worth_gzip("application/json", 5000));
  EXPECT_TRUE(server::worth_gzip("text/javascript; charset=utf-8", 5000));
  EXPECT_FALSE(server::worth_gzip("application/json", 100));
  EXPECT_FALSE(server::worth_gzip("image/png", 50000));
}

}  // namespace
}  // namespace riichi::testing
