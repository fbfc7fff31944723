// Same games after a speed-up (issue 22 item 1): the records of seeded random-bot hanchan under
// every preset hash to the values taken on main before the table was made faster (commit
// f3cb815). A record is the text of record_text.hpp without its rules spec (the spec lists every
// field of Rules, so it changes when a field is added while the games stay the same): the seed
// and every action, then the final scores. The expected values are not the code's own output
// after the change: they were computed once on the unchanged engine, and a faster Round must
// reproduce them exactly (tools/record_goldens.sh checks the CLI's JSON records the same way for
// three presets and four bot kinds).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bots/random_bot.hpp"
#include "bots/selfplay.hpp"
#include "riichi/game.hpp"
#include "riichi/record.hpp"
#include "riichi/record_text.hpp"

namespace riichi {
namespace {

constexpr int kGamesPerPreset = 12;

// FNV-1a, 64 bits.
std::uint64_t fnv1a(std::uint64_t h, std::string_view bytes) {
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ull;
  }
  return h;
}

// The record text from the seed on ("riichi/1 <spec> " left out), then the final scores.
std::string record_body(const GameRecorder& rec) {
  const std::string text = to_text(rec.record());
  const std::size_t spec_end = text.find(' ', text.find(' ') + 1);
  std::string body = text.substr(spec_end + 1);
  for (const int score : rec.log().final.final_scores) body += ' ' + std::to_string(score);
  return body;
}

std::uint64_t preset_hash(const std::string& preset, bool greedy) {
  const Rules rules = Rules::parse(preset);
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (std::uint64_t seed = 1; seed <= kGamesPerPreset; ++seed) {
    std::array<std::unique_ptr<bots::Bot>, 4> players;
    for (int s = 0; s < 4; ++s)
      players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
          bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = greedy});
    const GameRecorder rec = bots::play_recorded(rules, seed, bots::seats_of(players));
    EXPECT_TRUE(rec.log().finished) << preset << " seed " << seed;
    h = fnv1a(h, record_body(rec));
    h = fnv1a(h, "\n");
  }
  return h;
}

struct Expected {
  const char* preset;
  bool greedy;
  std::uint64_t hash;
};

// Taken on main at f3cb815 (before the issue-22 round changes of Round). wrc plays the same
// random games as ema2016 here: none of their differences is reached by these twelve games.
constexpr Expected kExpected[] = {
    {"ema2016", false, 0xb5c7a8fc8ceacc46ull},      {"ema2008", false, 0x1e5ff99e945befd0ull},
    {"tenhou", false, 0x211e547f9e1f0e0cull},       {"mahjongsoul", false, 0x22c0af0517f6cdd8ull},
    {"mleague", false, 0x6310f79285e63e6cull},      {"wrc", false, 0xb5c7a8fc8ceacc46ull},
    {"tenhou_sanma", false, 0xdaf7439911162742ull}, {"ema2016", true, 0xc460927ecdded8a3ull},
    {"tenhou", true, 0x24c91392514ad708ull},        {"tenhou_sanma", true, 0x6cd6d635f2994388ull},
};

TEST(SelfplayChecksum, EveryPresetPlaysTheSameRandomGames) {
  for (const Expected& e : kExpected) {
    const std::uint64_t got = preset_hash(e.preset, e.greedy);
    EXPECT_EQ(got, e.hash) << e.preset << (e.greedy ? " greedy" : " random") << ": 0x" << std::hex
                           << got;
  }
}

std::array<std::unique_ptr<bots::Bot>, 4> random_bots(std::uint64_t seed, bool greedy) {
  std::array<std::unique_ptr<bots::Bot>, 4> players;
  for (int s = 0; s < 4; ++s)
    players[static_cast<std::size_t>(s)] = std::make_unique<bots::RandomBot>(
        bots::bot_seed(seed, s), bots::RandomBot::Options{.greedy = greedy});
  return players;
}

// The fast path (bots::play_fast: the bot's choice applied by its position in the legal list,
// Game::apply_legal, no search) plays the games of the recorded path (the action searched in the
// list, whose records hash to the values above): the same hands, actions and final scores.
TEST(SelfplayChecksum, ApplyByPositionPlaysTheRecordedGames) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou", "tenhou_sanma"}) {
    const Rules rules = Rules::parse(preset);
    for (const bool greedy : {false, true}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const GameRecorder rec =
            bots::play_recorded(rules, seed, bots::seats_of(random_bots(seed, greedy)));
        const bots::FastStats fast =
            bots::play_fast(rules, seed, bots::seats_of(random_bots(seed, greedy)));
        EXPECT_EQ(fast.final.final_scores, rec.log().final.final_scores) << preset << seed;
        EXPECT_EQ(static_cast<std::size_t>(fast.hands), rec.log().hands.size()) << preset << seed;
        EXPECT_EQ(static_cast<std::size_t>(fast.actions), rec.actions().size()) << preset << seed;
      }
    }
  }
}

// Game::apply_legal is apply() of the listed action; a position outside the list, a seat with
// nothing to do and a finished game are refused with a reason, the state unchanged.
TEST(SelfplayChecksum, ApplyLegalRefusesWhatApplyRefuses) {
  Game by_action(Rules::ema2016(), 7), by_index(Rules::ema2016(), 7);
  const int seat = by_index.to_play();
  const std::size_t n = by_index.legal_actions(seat).size();
  ASSERT_GT(n, 1u);  // a dealt hand of 14 tiles has more than one discard
  const ApplyResult out_of_range = by_index.apply_legal(seat, n);
  EXPECT_FALSE(out_of_range.ok);
  EXPECT_NE(out_of_range.reason.find("no legal action " + std::to_string(n)), std::string::npos)
      << out_of_range.reason;
  const int idle = (seat + 1) % 4;
  const ApplyResult not_to_play = by_index.apply_legal(idle, 0);
  EXPECT_FALSE(not_to_play.ok);
  EXPECT_EQ(not_to_play.reason, "seat " + std::to_string(idle) + " has nothing to do now");
  EXPECT_FALSE(by_index.apply_legal(-1, 0).ok);
  EXPECT_EQ(by_index.legal_actions(seat).size(), n);  // refusals changed nothing
  // Played out with the last legal action at every step, both ways: the same game.
  while (!by_index.is_over()) {
    const int s = by_index.to_play();
    const std::size_t last = by_index.legal_actions(s).size() - 1;
    ASSERT_TRUE(by_action.apply(by_action.legal_actions(s)[last]).ok);
    ASSERT_TRUE(by_index.apply_legal(s, last).ok);
    ASSERT_EQ(by_action.round().events().size(), by_index.round().events().size());
  }
  EXPECT_TRUE(by_action.is_over());
  EXPECT_EQ(by_index.final_result().final_scores, by_action.final_result().final_scores);
  EXPECT_EQ(by_index.results().size(), by_action.results().size());
  const ApplyResult over = by_index.apply_legal(0, 0);
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.reason.find("the game is over"), std::string::npos) << over.reason;
}

// The discards a seat may name on its turn without kuikae (RULES.md §3.1, round.hpp), derived
// from its concealed ids alone: per kind in order, a red five, the lowest plain copy, the drawn
// tile (tsumogiri); a riichi hand discards the drawn tile only (§3.7).
std::vector<Action> discard_names(const Round& round, int seat, int drawn) {
  std::vector<Action> out;
  Action a;
  a.type = ActionType::kDiscard;
  a.seat = static_cast<std::int8_t>(seat);
  const auto add = [&](int id) {
    a.tile = static_cast<std::int16_t>(id);
    a.tsumogiri = id == drawn;
    out.push_back(a);
  };
  if (round.in_riichi(seat)) {
    add(drawn);
    return out;
  }
  const std::vector<std::uint8_t> ids = round.concealed_ids(seat);
  for (int kind = 0; kind < kNumKinds; ++kind) {
    int red = -1, plain = -1;
    bool has_drawn = false;
    for (const std::uint8_t id : ids) {
      if (id / 4 != kind) continue;
      if (id == drawn)
        has_drawn = true;
      else if (round.rules().red_fives && is_red_id(id))
        red = id;
      else if (plain < 0)
        plain = id;
    }
    if (red >= 0) add(red);
    if (plain >= 0) add(plain);
    if (has_drawn) add(drawn);
  }
  return out;
}

// Round::apply_discard_only: made only for the state and seat counted, below the count; the
// same as apply_legal at that position; refused (nothing changed) otherwise.
TEST(SelfplayChecksum, ApplyDiscardOnlyNeedsTheCount) {
  const Rules rules = Rules::tenhou();
  Game game(rules, 7);
  EXPECT_FALSE(game.apply_discard_only(game.to_play(), 0));  // not counted
  // Past the first go-around (kyuushu is offered there): a turn of plain discards.
  while (game.round().discard_only_count(game.to_play()) < 2) {
    const int to_play = game.to_play();
    ASSERT_TRUE(game.apply_legal(to_play, game.legal_actions(to_play).size() - 1).ok);
  }
  Round round = game.round();
  const int seat = round.to_play();
  const int count = round.discard_only_count(seat);
  ASSERT_GT(count, 1);
  EXPECT_FALSE(round.apply_discard_only((seat + 1) % 4, 0));  // another seat
  EXPECT_FALSE(round.apply_discard_only(seat, static_cast<std::size_t>(count)));
  EXPECT_EQ(round.events().size(), game.round().events().size());  // nothing changed
  Round by_list = round;
  Action made;
  ASSERT_TRUE(round.apply_discard_only(seat, 1, &made));
  EXPECT_EQ(made, by_list.legal_actions(seat)[1]);
  ASSERT_TRUE(by_list.apply_legal(seat, 1).ok);
  ASSERT_EQ(round.events().size(), by_list.events().size());
  EXPECT_EQ(round.events().back().tile, by_list.events().back().tile);
  EXPECT_EQ(round.to_play(), by_list.to_play());
  EXPECT_FALSE(round.apply_discard_only(seat, 0));  // the count was for the state before
  // Through Game: refused once the game is over.
  while (!game.is_over()) ASSERT_TRUE(game.apply_legal(game.to_play(), 0).ok);
  EXPECT_FALSE(game.apply_discard_only(0, 0));
}

// Round::discard_only_count / discard_only_action (the random bot's discards without the list)
// against the list itself: at every decision of seeded games with calls, riichi and kans (greedy
// bots calling often), a positive count is the size of legal_actions(), which then holds
// discards only, and discard_only_action(i) is its element i. Turns after a call (kuikae),
// in riichi and with red fives are among them; a list of discards only is rarely left to the
// slow path (the count is 0 only when a kan, kita, riichi, tsumo or kyuushu was possible).
TEST(SelfplayChecksum, DiscardOnlyIsTheListOfDiscards) {
  for (const char* preset : {"ema2016", "ema2008", "tenhou", "tenhou_sanma"}) {
    const Rules rules = Rules::parse(preset);
    long fast = 0, discard_lists = 0, after_call = 0, in_riichi = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      Game game(rules, seed);
      bots::RandomBot bot(seed, bots::RandomBot::Options{.call_rate = 0.8, .greedy = true});
      while (!game.is_over()) {
        const int seat = game.to_play();
        const Round& round = game.round();
        const int count = round.discard_only_count(seat);
        const std::vector<Action> legal = game.legal_actions(seat);
        bool discards_only = true;
        for (const Action& a : legal) discards_only &= a.type == ActionType::kDiscard;
        discard_lists += discards_only;
        if (count > 0 && round.phase() == Phase::kSelf) {
          ASSERT_EQ(discard_names(round, seat, game.observation(seat).hand.drawn), legal)
              << preset << " seed " << seed;
        }
        if (count > 0) {
          ++fast;
          after_call += round.phase() == Phase::kDiscardOnly;
          in_riichi += round.in_riichi(seat);
          ASSERT_TRUE(discards_only) << preset << " seed " << seed;
          ASSERT_EQ(static_cast<std::size_t>(count), legal.size()) << preset << " seed " << seed;
          for (std::size_t i = 0; i < legal.size(); ++i)
            ASSERT_EQ(round.discard_only_action(seat, i), legal[i])
                << preset << " seed " << seed << " " << to_string(legal[i], rules.red_fives);
        }
        ASSERT_TRUE(game.apply(bot.choose(game.observation(seat).hand, legal)).ok);
      }
    }
    EXPECT_GT(after_call, 0) << preset;
    EXPECT_GT(in_riichi, 0) << preset;
    EXPECT_GT(fast * 10, discard_lists * 9) << preset << ": " << fast << " of " << discard_lists;
  }
}

// Round::play_discards makes, in a row, the discards apply_discard_only makes one at a time: it
// asks pick(seat, count) with the seat to play and discard_only_count(seat), makes the pick, and
// stops at a turn that is not a plain discard (count 0) or at the end of the hand. Checked
// against a copy of the hand driven by apply_discard_only, run after run, over whole hands (the
// turns between runs, calls, riichi and wins included, taken by both copies alike).
TEST(SelfplayChecksum, PlayDiscardsIsApplyDiscardOnlyInARow) {
  for (const char* preset : {"ema2016", "tenhou", "tenhou_sanma"}) {
    const Rules rules = Rules::parse(preset);
    long runs = 0, made_in_all = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      Round round = Game(rules, seed).round();
      Round by_one = round;
      int picks = 0;
      while (!round.is_over()) {
        int asked = 0, refused = 0;
        Action last, made_by_one;
        const int made = round.play_discards(
            [&](int seat, int count) {
              EXPECT_EQ(seat, by_one.to_play());
              EXPECT_EQ(count, by_one.discard_only_count(seat));
              ++asked;
              const int index = (picks++ * 7) % count;
              EXPECT_TRUE(
                  by_one.apply_discard_only(seat, static_cast<std::size_t>(index), &made_by_one));
              return index;
            },
            last, refused);
        EXPECT_EQ(made, asked) << preset << " seed " << seed;
        EXPECT_EQ(refused, -1);
        ASSERT_EQ(round.events().size(), by_one.events().size()) << preset << " seed " << seed;
        ASSERT_EQ(round.to_play(), by_one.to_play());
        if (made > 0) {
          ++runs;
          made_in_all += made;
          EXPECT_EQ(last.type, ActionType::kDiscard);
          EXPECT_EQ(last, made_by_one) << preset << " seed " << seed;
          EXPECT_EQ(round.events().back().tile, by_one.events().back().tile);
        }
        if (round.is_over()) break;
        // Stopped at a turn that is not a plain discard: taken by both copies the same way.
        const int seat = round.to_play();
        EXPECT_EQ(round.discard_only_count(seat), 0) << preset << " seed " << seed;
        const std::size_t last_action = round.legal_actions(seat).size() - 1;
        ASSERT_TRUE(round.apply_legal(seat, last_action).ok);
        ASSERT_TRUE(by_one.apply_legal(seat, last_action).ok);
      }
      EXPECT_TRUE(by_one.is_over());
      EXPECT_EQ(round.result().deltas, by_one.result().deltas) << preset << " seed " << seed;
    }
    EXPECT_GT(runs, 8) << preset;
    EXPECT_GT(made_in_all, runs) << preset;  // runs of more than one discard
  }
}

// Round::claim_call_count is the number of calls in the seat's claim list when that list is
// calls and a pass (no ron), counted without the list; Round::pass_claim is apply() of that
// list's pass; Round::kita_turn_size is the size of a turn's list that is one kita and the
// discards (three players). Checked against legal_actions() and a copy that applies the pass from
// the list, at every claim window of whole hands played by a fixed rule of choice.
TEST(SelfplayChecksum, ClaimCallCountAndPassClaimMatchTheList) {
  const auto is_call = [](ActionType t) {
    return t == ActionType::kChi || t == ActionType::kPon || t == ActionType::kDaiminkan;
  };
  for (const char* preset : {"tenhou", "ema2016", "mleague", "tenhou_sanma"}) {
    const Rules rules = Rules::parse(preset);
    int counted = 0, chi_windows = 0, kita_turns = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      Round round = Game(rules, seed).round();
      int picks = 0;
      while (!round.is_over()) {
        const int seat = round.to_play();
        if (round.phase() == Phase::kClaim) {
          const std::vector<Action> legal = round.legal_actions(seat);
          // The seat to answer has more than a pass (the window tested it has a call or a ron).
          EXPECT_GT(legal.size(), 1u) << preset << " " << seed;
          if (const int calls = round.claim_call_count(seat); calls > 0) {
            ++counted;
            ASSERT_EQ(legal.size(), static_cast<std::size_t>(calls) + 1) << preset << " " << seed;
            for (int i = 0; i < calls; ++i) {
              EXPECT_TRUE(is_call(legal[static_cast<std::size_t>(i)].type));
              chi_windows += legal[static_cast<std::size_t>(i)].type == ActionType::kChi;
            }
            EXPECT_EQ(legal.back().type, ActionType::kPass);
            Round by_list = round, by_pass = round;
            Action passed;
            by_pass.pass_claim(seat, passed);
            EXPECT_EQ(passed, legal.back());
            ASSERT_TRUE(by_list.apply(legal.back()).ok);
            ASSERT_EQ(by_pass.events().size(), by_list.events().size()) << preset << " " << seed;
            EXPECT_EQ(by_pass.events().back().type, by_list.events().back().type);
            EXPECT_EQ(by_pass.events().back().tile, by_list.events().back().tile);
            EXPECT_EQ(by_pass.phase(), by_list.phase());
            EXPECT_EQ(by_pass.to_play(), by_list.to_play());
            EXPECT_EQ(by_pass.is_furiten(seat), by_list.is_furiten(seat));
            if (!by_pass.is_over()) {
              EXPECT_EQ(by_pass.legal_actions(by_pass.to_play()),
                        by_list.legal_actions(by_list.to_play()));
            }
          } else {
            EXPECT_EQ(round.claim_call_count(seat), 0);
          }
        }
        if (round.phase() == Phase::kSelf && round.discard_only_count(seat) == 0) {
          // A kita turn: the kita first, then the discards only (three players).
          const std::vector<Action>& legal = round.legal_actions(seat);
          round.discard_only_count(seat);  // asked again for this state (the cache)
          if (const int size = round.kita_turn_size(seat); size > 0) {
            ++kita_turns;
            ASSERT_EQ(legal.size(), static_cast<std::size_t>(size)) << preset << " " << seed;
            EXPECT_EQ(legal[0].type, ActionType::kKita);
            for (std::size_t i = 1; i < legal.size(); ++i)
              EXPECT_EQ(legal[i].type, ActionType::kDiscard);
          } else {
            const bool only_kita_and_discards =
                legal.size() >= 2 && legal[0].type == ActionType::kKita &&
                std::all_of(legal.begin() + 1, legal.end(),
                            [](const Action& a) { return a.type == ActionType::kDiscard; });
            EXPECT_FALSE(only_kita_and_discards && !round.in_riichi(seat)) << preset << " " << seed;
          }
        }
        const std::vector<Action>& legal = round.legal_actions(seat);
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(round.apply(legal[static_cast<std::size_t>(picks++ * 7) % legal.size()]).ok);
      }
    }
    EXPECT_GT(counted, 20) << preset;
    if (rules.chi_allowed) {
      EXPECT_GT(chi_windows, 0) << preset;
    }
    if (rules.kita) {
      EXPECT_GT(kita_turns, 10) << preset;
    }
  }
}

// A pick past the count or below 0 stops the run before that turn, nothing changed (a pick past
// the count is returned in `refused`); bots::play_discards reports a bot's refused position as
// the callers of play_turn do.
TEST(SelfplayChecksum, PlayDiscardsStopsAtARefusedPick) {
  Game game(Rules::ema2016(), 3);
  const int seat = game.to_play();
  const int count = game.round().discard_only_count(seat);
  ASSERT_GT(count, 0);
  const std::size_t events = game.round().events().size();
  Action last;
  int refused = 0;
  EXPECT_EQ(game.play_discards([](int, int n) { return n; }, last, refused), 0);
  EXPECT_EQ(refused, count);
  EXPECT_EQ(game.play_discards([](int, int) { return -1; }, last, refused), 0);
  EXPECT_EQ(refused, -1);
  EXPECT_EQ(game.round().events().size(), events);
  EXPECT_EQ(game.to_play(), seat);

  class PastTheCount final : public bots::Bot {
   public:
    std::string name() const override { return "past"; }
    Action choose(const Observation&, std::span<const Action> legal) override { return legal[0]; }
    bool discards_by_count() const override { return true; }
    int choose_discard(int n) override { return n; }
  };
  PastTheCount past;
  const bots::Seats seats{&past, &past, &past, &past};
  try {
    bots::play_discards(game, seats, last);
    ADD_FAILURE() << "a position past the count was made";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("past bot chose an illegal action: no legal action"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(game.round().events().size(), events);
}

}  // namespace
}  // namespace riichi
