// The practice drills (src/drill, docs/drills.md). Expected answers come from the rules and
// from hands worked out by hand, never from the drill's own output:
//   * waits: every generated hand is tenpai, and its key is exactly the set of kinds that
//     complete it, found by brute force with the shanten counter (not the waits code), with
//     remaining = 4 - copies owned; the book's 19 shapes (ch. IV, docs/book-wait-shapes.md)
//     each appear in every block of 19 level-2 problems with the book's counts (figure IV.5);
//   * score: every problem is a valid win under its rules and the tiles exist; its payment is
//     the RULES.md §8.1 formula applied to the key's han and fu (or §8.2 limit table);
//   * discard: positions are legal hands; a hand-derived position has the derived best discard.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "drill/discard_drill.hpp"
#include "drill/drill.hpp"
#include "drill/drill_json.hpp"
#include "drill/score_drill.hpp"
#include "drill/waits_drill.hpp"
#include "riichi/hand.hpp"
#include "riichi/shanten.hpp"
#include "riichi/tile.hpp"

namespace riichi::drill {
namespace {

ProblemId Id(DrillKind kind, int level, std::uint64_t seed, int index) {
  return ProblemId{kind, level, seed, index};
}

// Every kind that completes the 3n+1 concealed part, by the shanten counter (a wait on a kind
// whose four copies are all in the hand's own melds still completes it: "karaten", 0 left).
std::vector<int> BruteForceWaits(const Hand& hand) {
  std::vector<int> out;
  for (int k = 0; k < kNumKinds; ++k) {
    Counts c = hand.concealed_counts();
    if (c[k] >= 4) continue;
    ++c[k];
    if (shanten(c) == -1) out.push_back(k);
  }
  return out;
}

void ExpectLegalTiles(const Hand& hand, const std::vector<Tile>& extra, const std::string& what) {
  Counts c = hand.all_counts();
  for (Tile t : extra) ++c[t.kind];
  for (int k = 0; k < kNumKinds; ++k)
    EXPECT_LE(c[k], 4) << what << ": five copies of " << kind_to_string(k);
}

// ------------------------------------------------------------------------------ waits

TEST(DrillWaits, EveryProblemIsTenpaiAndItsKeyIsTheBruteForceWaits) {
  for (int level = 1; level <= max_level(DrillKind::kWaits); ++level)
    for (std::uint64_t seed : {1ull, 77ull, 123456789ull})
      for (int i = 0; i < 150; ++i) {
        const WaitsProblem p = make_waits_problem(Id(DrillKind::kWaits, level, seed, i));
        const std::string what = "level " + std::to_string(level) + " seed " +
                                 std::to_string(seed) + " #" + std::to_string(i) + " " +
                                 format_hand(p.hand);
        ASSERT_EQ(p.hand.concealed.size() % 3, 1u) << what;
        ASSERT_EQ(p.hand.concealed.size() + 3 * p.hand.melds.size(), 13u) << what;
        ExpectLegalTiles(p.hand, {}, what);
        const std::vector<int> brute = BruteForceWaits(p.hand);
        ASSERT_FALSE(brute.empty()) << what << " is not tenpai";
        std::vector<int> key;
        const Counts own = p.hand.all_counts();
        for (const Wait& w : p.waits) {
          key.push_back(w.kind);
          EXPECT_EQ(w.remaining, 4 - own[w.kind]) << what << " " << kind_to_string(w.kind);
          EXPECT_NE(w.shapes, 0u) << what << " " << kind_to_string(w.kind) << " has no shape";
        }
        EXPECT_EQ(key, brute) << what;
        if (level == 5) {
          EXPECT_GE(p.hand.melds.size(), 1u) << what;
        }
        if (level <= 4) {
          EXPECT_TRUE(p.hand.melds.empty()) << what;
        }
        if (level == 3) {
          EXPECT_GE(p.waits.size(), 3u) << what;
        }
      }
}

TEST(DrillWaits, LevelOneHandsWaitOnTheNamedBasicShape) {
  // The title names the shape; each wait must carry it (ch. III.3's five waits, IV.1.2).
  const std::vector<std::pair<std::string, WaitShape>> names = {
      {"ryanmen", WaitShape::kRyanmen}, {"kanchan", WaitShape::kKanchan},
      {"penchan", WaitShape::kPenchan}, {"shanpon", WaitShape::kShanpon},
      {"tanki", WaitShape::kTanki},     {"nobetan", WaitShape::kTanki}};
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    const WaitsProblem p = make_waits_problem(Id(DrillKind::kWaits, 1, 5, i));
    bool named = false;
    for (const auto& [name, shape] : names)
      if (p.title.find(name) != std::string::npos) {
        named = true;
        seen.insert(name);
        for (const Wait& w : p.waits) EXPECT_TRUE(w.has(shape)) << p.title << " " << w.kind;
        if (name == "nobetan") {
          EXPECT_EQ(p.waits.size(), 2u) << format_hand(p.hand);
        }
        if (name == "tanki" || name == "kanchan" || name == "penchan") {
          EXPECT_EQ(p.waits.size(), 1u) << format_hand(p.hand);
        }
        break;
      }
    EXPECT_TRUE(named) << p.title;
  }
  EXPECT_EQ(seen.size(), names.size());
}

// The book's figure IV.5: per shape, the remaining copies of each wait (kinds ascending in the
// book's pinzu orientation) and the total (docs/book-wait-shapes.md).
struct BookCount {
  std::vector<int> remaining;
  int total;
};
const std::vector<BookCount> kBookCounts = {
    {{4, 3, 4}, 11},    {{3, 3, 3}, 9},        {{3, 2, 4}, 9},    {{4, 1, 2}, 7},
    {{4, 3, 3, 4}, 14}, {{4, 2, 3, 4}, 13},    {{3, 2, 4}, 9},    {{4, 3, 3, 3, 4}, 17},
    {{4, 3}, 7},        {{4, 2, 4}, 10},       {{4, 3, 3}, 10},   {{1, 2, 2, 4}, 9},
    {{2, 1, 2}, 5},     {{4, 1, 3, 1, 4}, 13}, {{1, 1, 3, 4}, 9}, {{4, 3, 4}, 11},
    {{2, 3, 4}, 9},     {{4, 2, 3, 4}, 13},    {{4, 3, 3, 3}, 13}};

TEST(DrillWaits, EveryBlockOfNineteenShowsTheBooksNineteenShapesWithTheBooksCounts) {
  ASSERT_EQ(kBookCounts.size(), static_cast<std::size_t>(kBookShapes));
  for (std::uint64_t seed : {0ull, 9ull, 2024ull})
    for (int block = 0; block < 3; ++block) {
      std::set<int> shapes;
      for (int i = 0; i < kBookShapes; ++i) {
        const WaitsProblem p =
            make_waits_problem(Id(DrillKind::kWaits, 2, seed, block * kBookShapes + i));
        ASSERT_GE(p.book_shape, 1);
        ASSERT_LE(p.book_shape, kBookShapes);
        shapes.insert(p.book_shape);
        const BookCount& book = kBookCounts[static_cast<std::size_t>(p.book_shape - 1)];
        std::vector<int> got;
        for (const Wait& w : p.waits) got.push_back(w.remaining);
        // Mirrored or moved to another suit, the waits come in another order: compare the
        // counts as multisets.
        std::vector<int> want = book.remaining;
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        EXPECT_EQ(got, want) << "shape " << p.book_shape << " " << format_hand(p.hand);
        EXPECT_EQ(p.waits_total(), book.total) << "shape " << p.book_shape;
        EXPECT_NE(p.title.find(book_shape(p.book_shape).section), std::string::npos) << p.title;
      }
      EXPECT_EQ(shapes.size(), static_cast<std::size_t>(kBookShapes)) << "seed " << seed;
    }
}

TEST(DrillWaits, TheSameIdGivesTheSameProblem) {
  for (int level = 1; level <= 5; ++level) {
    const WaitsProblem a = make_waits_problem(Id(DrillKind::kWaits, level, 42, 7));
    const WaitsProblem b = make_waits_problem(Id(DrillKind::kWaits, level, 42, 7));
    EXPECT_EQ(format_hand(a.hand), format_hand(b.hand));
    EXPECT_EQ(a.title, b.title);
  }
  // Different seeds give different sessions.
  std::set<std::string> hands;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    hands.insert(format_hand(make_waits_problem(Id(DrillKind::kWaits, 4, seed, 0)).hand));
  EXPECT_GE(hands.size(), 18u);
}

TEST(DrillWaits, GradingASanmenchan) {
  // Book IV.1.1: 23456p waits on 1p, 4p and 7p.
  WaitsProblem p;
  p.hand = parse_hand("23456p123m456s11z");
  p.waits = waits(p.hand.concealed_counts());
  WaitsGrade g = grade_waits(p, parse_waits_answer("1p4p7p"));
  EXPECT_TRUE(g.correct) << g.summary;
  g = grade_waits(p, parse_waits_answer("147p"));
  EXPECT_TRUE(g.correct);
  g = grade_waits(p, parse_waits_answer("1p 4p 9p"));
  EXPECT_FALSE(g.correct);
  EXPECT_EQ(g.found, (std::vector<int>{parse_tile("1p").kind, parse_tile("4p").kind}));
  EXPECT_EQ(g.missed, std::vector<int>{parse_tile("7p").kind});
  EXPECT_EQ(g.wrong, std::vector<int>{parse_tile("9p").kind});
  EXPECT_NE(g.summary.find("missed 7p"), std::string::npos) << g.summary;
  EXPECT_NE(g.summary.find("9p"), std::string::npos) << g.summary;
  EXPECT_THROW(parse_waits_answer("xyz"), DrillError);
  EXPECT_THROW(parse_waits_answer(""), DrillError);
}

TEST(DrillIds, BadIdsAreRefusedWithTheirReason) {
  EXPECT_THROW(make_waits_problem(Id(DrillKind::kWaits, 6, 1, 0)), DrillError);
  EXPECT_THROW(make_waits_problem(Id(DrillKind::kWaits, 0, 1, 0)), DrillError);
  EXPECT_THROW(make_waits_problem(Id(DrillKind::kWaits, 1, 1, -1)), DrillError);
  EXPECT_THROW(make_waits_problem(Id(DrillKind::kScore, 1, 1, 0)), DrillError);
  EXPECT_THROW(make_score_problem(Id(DrillKind::kScore, 5, 1, 0), Rules::ema2016()), DrillError);
  try {
    level_title(DrillKind::kScore, 9);
    FAIL() << "level 9 accepted";
  } catch (const DrillError& e) {
    EXPECT_NE(std::string(e.what()).find("9"), std::string::npos) << e.what();
  }
  EXPECT_EQ(parse_drill_kind("discard"), DrillKind::kDiscard);
  EXPECT_FALSE(parse_drill_kind("nanikiru").has_value());
}

// ------------------------------------------------------------------------------ score

int Ceil100(int x) { return (x + 99) / 100 * 100; }

// RULES.md §8.1 / §8.2: the payments for han and fu (or a limit), honba included, in the form
// of the answer (ron {n}; dealer tsumo {each}; non-dealer tsumo {non-dealers, dealer}).
std::vector<int> RulesPayment(const ScoreResult& key, bool tsumo, bool dealer, int honba) {
  int basic = 0;
  switch (key.limit) {
    case Limit::kNone:
      basic = std::min(key.fu * (1 << (key.han + 2)), 2000);
      break;
    case Limit::kMangan:
      basic = 2000;
      break;
    case Limit::kHaneman:
      basic = 3000;
      break;
    case Limit::kBaiman:
      basic = 4000;
      break;
    case Limit::kSanbaiman:
      basic = 6000;
      break;
    case Limit::kKazoeYakuman:
      basic = 8000;
      break;
    case Limit::kYakuman:
      basic = 8000 * key.yakuman_units;
      break;
  }
  if (!tsumo) return {Ceil100((dealer ? 6 : 4) * basic) + 300 * honba};
  if (dealer) return {Ceil100(2 * basic) + 100 * honba};
  return {Ceil100(basic) + 100 * honba, Ceil100(2 * basic) + 100 * honba};
}

// §8.1: 5 han and more by the han; under 5 han the cap of 2000 basic points is a mangan.
Limit RulesLimit(int han, int fu, const Rules& rules) {
  if (han <= 4) return fu * (1 << (han + 2)) >= 2000 ? Limit::kMangan : Limit::kNone;
  if (han >= 13 && rules.kazoe_yakuman) return Limit::kKazoeYakuman;
  if (han >= 11) return Limit::kSanbaiman;
  if (han >= 8) return Limit::kBaiman;
  if (han >= 6) return Limit::kHaneman;
  if (han >= 5) return Limit::kMangan;
  return Limit::kNone;
}

TEST(DrillScore, EveryProblemIsAValidWinPaidByTheRulesFormula) {
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()})
    for (int level = 1; level <= max_level(DrillKind::kScore); ++level)
      for (int i = 0; i < 120; ++i) {
        const ScoreProblem p = make_score_problem(Id(DrillKind::kScore, level, 3, i), rules);
        const std::string what = rules.name + " level " + std::to_string(level) + " #" +
                                 std::to_string(i) + ": " + p.text;
        // The text is the problem: it reads back to a win the engine accepts under the rules.
        const WinVector v = parse_win_vector(p.text);
        const ScoreResult again = score(v.hand, v.win, v.context, rules);
        ASSERT_TRUE(again.ok()) << what << ": " << again.error_message;
        EXPECT_FALSE(again.yaku.empty()) << what;
        EXPECT_EQ(again.payments.total, p.key.payments.total) << what;
        std::vector<Tile> extra = v.context.dora_indicators;
        extra.push_back(v.win);
        for (Tile t : v.context.ura_indicators) extra.push_back(t);
        ExpectLegalTiles(v.hand, extra, what);
        const WinContext& c = v.context;
        const bool dealer = c.seat == 0;
        EXPECT_EQ(expected_payment(p), RulesPayment(p.key, c.tsumo, dealer, c.honba)) << what;
        if (p.key.limit != Limit::kYakuman) {
          EXPECT_EQ(p.key.limit, RulesLimit(p.key.han, p.key.fu, rules)) << what;
          if (p.key.limit == Limit::kNone) {
            EXPECT_EQ(p.key.fu % 10 == 0 || p.key.fu == 25, true) << what;
            EXPECT_GE(p.key.fu, p.key.fu_raw) << what;
          }
        }
        if (level == 1) {
          EXPECT_TRUE(v.hand.melds.empty()) << what;
          EXPECT_EQ(p.key.limit, Limit::kNone) << what;
          EXPECT_EQ(c.honba, 0) << what;
        }
        if (level <= 3) {
          EXPECT_NE(p.key.limit, Limit::kYakuman) << what;
        }
      }
}

TEST(DrillScore, TheLevelsShowWhatTheyPromise) {
  int open = 0, limits = 0, yakuman = 0, chiitoi = 0, honba = 0;
  for (int i = 0; i < 300; ++i) {
    const ScoreProblem p2 = make_score_problem(Id(DrillKind::kScore, 2, 11, i), Rules::ema2016());
    open += p2.vector.hand.melds.empty() ? 0 : 1;
    honba += p2.vector.context.honba > 0;
    const ScoreProblem p3 = make_score_problem(Id(DrillKind::kScore, 3, 11, i), Rules::ema2016());
    limits += p3.key.limit != Limit::kNone;
    const ScoreProblem p4 = make_score_problem(Id(DrillKind::kScore, 4, 11, i), Rules::ema2016());
    yakuman += p4.key.limit == Limit::kYakuman;
    chiitoi += p4.key.fu == 25;
  }
  EXPECT_GT(open, 60);
  EXPECT_GT(honba, 30);
  EXPECT_GT(limits, 60);
  EXPECT_GT(yakuman, 5);
  EXPECT_GT(chiitoi, 5);
}

ScoreProblem ProblemOf(const std::string& text, const Rules& rules) {
  ScoreProblem p;
  p.id = Id(DrillKind::kScore, 1, 0, 0);
  p.rules = rules;
  p.vector = parse_win_vector(text);
  p.text = text;
  p.key = score(p.vector.hand, p.vector.win, p.vector.context, rules);
  return p;
}

TEST(DrillScore, GradingAHandWorkedOutByHand) {
  // riichi 1 + dora 2 (indicator 6s: two 7s) = 3 han; fu 20 + 10 menzen ron + 2 penchan (789m
  // waiting on 7m) = 32 -> 40; non-dealer ron 40 x 2^5 x 4 = 5120 -> 5200 (RULES.md §8.1).
  const ScoreProblem p = ProblemOf(
      "closed=45689m456p34577s win=7m ron seat=S round=E dora=6s flags=riichi", Rules::ema2016());
  ASSERT_TRUE(p.key.ok()) << p.key.error_message;
  EXPECT_EQ(p.key.han, 3);
  EXPECT_EQ(p.key.fu, 40);
  EXPECT_TRUE(grade_score(p, parse_score_answer("3 40 5200")).correct);
  EXPECT_TRUE(grade_score(p, parse_score_answer("3han 40fu 5200")).correct);
  const ScoreGrade wrong = grade_score(p, parse_score_answer("3 30 3900"));
  EXPECT_FALSE(wrong.correct);
  EXPECT_TRUE(wrong.han.ok);
  EXPECT_FALSE(wrong.fu.ok);
  EXPECT_FALSE(wrong.payment.ok);
  EXPECT_EQ(wrong.fu.expected, "40 fu");
}

TEST(DrillScore, GradingATsumoAndALimit) {
  // A closed dealer mangan: riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + dora 1 (indicator 1m: 2m) = 5
  // han: mangan, dealer tsumo 4000 all (RULES.md §8.2).
  const ScoreProblem p =
      ProblemOf("closed=234m345p67s33456s win=5s tsumo seat=E round=E dora=1m flags=riichi",
                Rules::ema2016());
  ASSERT_TRUE(p.key.ok()) << p.key.error_message;
  EXPECT_EQ(p.key.limit, Limit::kMangan);
  EXPECT_EQ(expected_payment(p), std::vector<int>{4000});
  EXPECT_TRUE(grade_score(p, parse_score_answer("mangan 4000 all")).correct);
  EXPECT_TRUE(grade_score(p, parse_score_answer("mangan 4000")).correct);
  EXPECT_FALSE(grade_score(p, parse_score_answer("haneman 6000")).correct);
  // Non-dealer tsumo 2 han 30 fu: 30 x 2^4 = 480 -> 500 / 1000 (riichi 1 + tsumo 1; fu 20 +
  // 2 tsumo + 2 kanchan = 24 -> 30; the West pair is neither seat nor round wind; dora 5z).
  const ScoreProblem q =
      ProblemOf("closed=123m46p678s33z456s win=5p tsumo seat=S round=E dora=7z flags=riichi",
                Rules::ema2016());
  ASSERT_TRUE(q.key.ok()) << q.key.error_message;
  EXPECT_EQ(q.key.han, 2);
  EXPECT_EQ(q.key.fu, 30);
  EXPECT_EQ(expected_payment(q), (std::vector<int>{500, 1000}));
  EXPECT_TRUE(grade_score(q, parse_score_answer("2 30 500/1000")).correct);
  EXPECT_FALSE(grade_score(q, parse_score_answer("2 30 1000/500")).correct);
}

TEST(DrillScore, AnswersAreReadOrRefusedByName) {
  ScoreAnswer a = parse_score_answer("3 30 3900");
  EXPECT_EQ(a.han, 3);
  EXPECT_EQ(a.fu, 30);
  EXPECT_EQ(a.payment, std::vector<int>{3900});
  a = parse_score_answer("2 40 700/1300");
  EXPECT_EQ(a.payment, (std::vector<int>{700, 1300}));
  a = parse_score_answer("mangan 8000");
  EXPECT_EQ(a.limit, Limit::kMangan);
  EXPECT_FALSE(a.han.has_value());
  a = parse_score_answer("4 40 2600 all");
  EXPECT_EQ(a.payment, std::vector<int>{2600});
  try {
    parse_score_answer("3 thirty 3900");
    FAIL() << "accepted";
  } catch (const DrillError& e) {
    EXPECT_NE(std::string(e.what()).find("thirty"), std::string::npos) << e.what();
  }
}

// ------------------------------------------------------------------------------ discard

TEST(DrillDiscard, PositionsAreLegalHandsAtTheirLevel) {
  for (int level = 1; level <= 4; ++level)
    for (int i = 0; i < 12; ++i) {
      const DiscardPosition p =
          make_discard_position(Id(DrillKind::kDiscard, level, 5, i), Rules::ema2016());
      const std::string what =
          "level " + std::to_string(level) + " #" + std::to_string(i) + " " + format_hand(p.hand);
      ASSERT_EQ(p.hand.concealed.size() % 3, 2u) << what;
      ASSERT_EQ(p.hand.concealed.size() + 3 * p.hand.melds.size(), 14u) << what;
      ExpectLegalTiles(p.hand, p.dora_indicators, what);
      EXPECT_GE(p.turn, 0);
      EXPECT_LE(p.turn, 18);
      const int sh = shanten(p.hand.concealed_counts());
      EXPECT_GE(sh, 0) << what << " is already complete";
      if (level == 1) {
        EXPECT_GE(sh, 1) << what;
        EXPECT_LE(sh, 2) << what;
      }
      EXPECT_EQ(p.table, level >= 3) << what;
      if (level >= 3) {
        int riichi = 0;
        for (int s = 0; s < 4; ++s)
          if (s != p.observation.seat && p.observation.riichi[static_cast<std::size_t>(s)])
            ++riichi;
        if (level == 3) {
          EXPECT_EQ(riichi, 0) << what;
        }
        if (level == 4) {
          EXPECT_GE(riichi, 1) << what;
        }
      }
      const DiscardPosition again =
          make_discard_position(Id(DrillKind::kDiscard, level, 5, i), Rules::ema2016());
      EXPECT_EQ(format_hand(again.hand), format_hand(p.hand));
    }
}

TEST(DrillDiscard, RealGamePositionsHoldThePlayersActualDiscard) {
  const std::string dir = std::string(RIICHI_SHARED_DATA_DIR) + "/tenhou-mjlog";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no Tenhou logs in " << dir;
  for (int i = 0; i < 8; ++i) {
    const DiscardPosition p =
        make_discard_position(Id(DrillKind::kDiscard, 5, 2, i), Rules::ema2016(), dir);
    const std::string what = p.source + " " + format_hand(p.hand);
    ASSERT_EQ(p.hand.concealed.size() % 3, 2u) << what;
    ASSERT_TRUE(p.played.has_value()) << what;
    EXPECT_NE(std::find(p.hand.concealed.begin(), p.hand.concealed.end(), *p.played),
              p.hand.concealed.end())
        << what << " lacks the played " << tile_to_string(*p.played);
    EXPECT_TRUE(p.table) << what;
    EXPECT_EQ(p.rules.name, "tenhou") << what;  // the log's rules, not the drill's
    EXPECT_EQ(p.source.rfind("Tenhou log ", 0), 0u) << what;
  }
  EXPECT_THROW(make_discard_position(Id(DrillKind::kDiscard, 5, 2, 0), Rules::ema2016(),
                                     "/nonexistent-logs"),
               DrillError);
}

TEST(DrillDiscard, AHandWorkedOutByHand) {
  // 123m 456p 789s 11z 22z + 7z: only the red dragon breaks nothing; it leaves a shanpon on
  // East and South, 2 + 2 = 4 tiles (every other discard leaves the hand 1-shanten or worse).
  DiscardPosition p;
  p.id = Id(DrillKind::kDiscard, 1, 0, 0);
  p.rules = Rules::ema2016();
  p.hand = parse_hand("123m456p789s1122z7z");
  p.drawn = parse_tile("7z");
  p.turn = 6;
  p.seat_wind = 1;
  p.round_wind = 0;
  p.dora_indicators = {parse_tile("9m")};
  const DiscardKey key = solve_discard(p);
  ASSERT_FALSE(key.rows.empty());
  EXPECT_EQ(tile_to_string(key.rows.front().tile), "7z");
  EXPECT_EQ(key.rows.front().shanten, 0);
  EXPECT_EQ(key.rows.front().effective, 4);
  for (std::size_t i = 1; i < key.rows.size(); ++i) EXPECT_GE(key.rows[i].shanten, 1);
  const DiscardGrade best = grade_discard(p, key, parse_tile("7z"));
  EXPECT_TRUE(best.correct) << best.why;
  EXPECT_EQ(best.verdict, "best");
  const DiscardGrade bad = grade_discard(p, key, parse_tile("5p"));
  EXPECT_FALSE(bad.correct);
  EXPECT_EQ(bad.verdict, "mistake") << bad.why;
  EXPECT_GT(bad.cost, 0);
  EXPECT_FALSE(bad.why.empty());
  EXPECT_THROW(parse_discard_answer("3s", p), DrillError);  // not in the hand
  EXPECT_THROW(parse_discard_answer("zz", p), DrillError);
}

TEST(DrillJson, ProblemsCarryTheirKeysAndAnswersAreGraded) {
  DrillRequest req;
  req.id = Id(DrillKind::kWaits, 2, 8, 3);
  const nlohmann::json j = problem_json(req, true);
  ASSERT_TRUE(j.contains("hand"));
  ASSERT_TRUE(j["answer"].contains("waits"));
  std::string all;
  for (const auto& w : j["answer"]["waits"]) {
    EXPECT_TRUE(w.contains("shapes"));
    EXPECT_TRUE(w.contains("remaining"));
    all += w["tile"].get<std::string>();
  }
  EXPECT_TRUE(grade_json(req, all)["correct"].get<bool>());
  const nlohmann::json wrong = grade_json(req, nlohmann::json{{"tiles", {"1z"}}});
  EXPECT_FALSE(wrong["correct"].get<bool>());
  EXPECT_FALSE(problem_json(req, false).contains("answer"));
  EXPECT_THROW(grade_json(req, nlohmann::json{{"tiles", 5}}), DrillError);

  req.id = Id(DrillKind::kScore, 1, 8, 0);
  const nlohmann::json s = problem_json(req, true);
  for (const char* f : {"han", "fu", "limit", "payments", "total"})
    EXPECT_TRUE(s["answer"].contains(f)) << f;
  EXPECT_TRUE(s.contains("vector"));
}

}  // namespace
}  // namespace riichi::drill
