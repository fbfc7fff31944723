// The mjlog importer (src/io/tenhou_mjlog.*) on the 45 real Tenhou logs of
// ../shared/data/tenhou-mjlog (RIICHI_MJLOG_DIR): every file parses, and each game is replayed at
// the level of tiles and points (no rules): every tile id seen in a round is distinct, draws,
// discards and calls follow each other as the table allows, each hand's payments add up to the
// riichi sticks collected, and the final scores are the start plus every change. Also: truncated
// copies, and a seeded fuzz run over corrupted copies (the codes and the parser on small cases are
// in test_tenhou_mjlog_codes.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_rules.hpp"
#include "mjlog_test_files.hpp"
#include "riichi/hand.hpp"

namespace riichi::io {
namespace {

using mjlog_test::LogFiles;
using mjlog_test::ReadFile;
namespace fs = std::filesystem;

int Sum(const std::array<int, 4>& a) { return std::accumulate(a.begin(), a.end(), 0); }

// Replays one round at the level of tiles and points, without rules. Returns the problems found
// (empty = consistent). `scores` holds every seat's points going in and is updated; `sticks` is
// the riichi sticks on the table going in, updated too.
std::vector<std::string> CheckRound(const MjlogRound& r, std::array<int, 4>& scores, int& sticks,
                                    int* tsumogiri_count) {
  std::vector<std::string> problems;
  auto problem = [&](int element, const std::string& what) {
    std::string s = "element #";
    s += std::to_string(element);
    s += ": ";
    s += what;
    problems.push_back(s);
  };
  if (r.scores != scores) problem(r.element, "INIT ten differs from the previous end");
  if (r.sticks != sticks) problem(r.element, "INIT sticks differ from the sticks left");

  std::set<int> seen;  // every tile id revealed to its owner: hands, draws, indicators
  auto reveal = [&](int tile, int element) {
    if (!seen.insert(tile).second) problem(element, "tile " + std::to_string(tile) + " twice");
  };
  std::array<std::set<int>, 4> hand;
  std::array<std::vector<MjlogMeld>, 4> melds;
  for (int p = 0; p < 4; ++p) {
    for (int t : r.hands[p]) {
      reveal(t, r.element);
      hand[p].insert(t);
    }
  }
  reveal(r.dora_indicator, r.element);
  std::vector<int> indicators = {r.dora_indicator};

  int next_drawer = r.dealer;  // who draws next (-1: nobody may draw now)
  int must_discard = -1;       // who must discard next (-1: nobody)
  int last_discarder = -1, last_discard = -1, last_added = -1;
  int riichi_pending = -1;  // declared (step 1), waiting for the discard and step 2
  int draws = 0;
  for (const MjlogEvent& ev : r.events) {
    const int p = ev.who;
    switch (ev.type) {
      case MjlogEventType::kDraw:
        if (p != next_drawer) problem(ev.element, "draw out of turn");
        if (hand[p].size() % 3 != 1) problem(ev.element, "draw with a full hand");
        reveal(ev.tile, ev.element);
        hand[p].insert(ev.tile);
        ++draws;
        next_drawer = -1;
        must_discard = p;
        last_discarder = -1;
        last_added = -1;
        break;
      case MjlogEventType::kDiscard:
        if (p != must_discard) problem(ev.element, "discard out of turn");
        if (!hand[p].erase(ev.tile)) problem(ev.element, "discard of a tile not in the hand");
        if (ev.tsumogiri && tsumogiri_count) ++*tsumogiri_count;
        must_discard = -1;
        next_drawer = (p + 1) % 4;
        last_discarder = p;
        last_discard = ev.tile;
        break;
      case MjlogEventType::kCall: {
        const MjlogMeld& m = ev.meld;
        if (m.type == MeldType::kChi || m.type == MeldType::kPon ||
            m.type == MeldType::kDaiminkan) {
          if (last_discarder < 0 || (p + m.from) % 4 != last_discarder) {
            problem(ev.element, "call from a player who did not just discard");
          }
          if (m.called != last_discard) problem(ev.element, "called tile is not the discard");
          for (int i = 0; i < m.size(); ++i) {
            if (m.tiles[i] != m.called && !hand[p].erase(m.tiles[i])) {
              problem(ev.element, "called meld uses a tile not in the hand");
            }
          }
          melds[p].push_back(m);
          last_discarder = -1;
          if (m.type == MeldType::kDaiminkan) {
            must_discard = -1;
            next_drawer = p;
          } else {
            must_discard = p;
            next_drawer = -1;
          }
        } else {
          if (p != must_discard) problem(ev.element, "kan out of turn");
          if (m.type == MeldType::kAnkan) {
            for (int i = 0; i < 4; ++i) {
              if (!hand[p].erase(m.tiles[i])) problem(ev.element, "ankan of tiles not held");
            }
            melds[p].push_back(m);
          } else {  // kakan: the pon becomes a kan
            if (!hand[p].erase(m.added)) problem(ev.element, "kakan of a tile not held");
            auto pon = std::find_if(melds[p].begin(), melds[p].end(), [&](const MjlogMeld& x) {
              return x.type == MeldType::kPon && x.tiles[0] / 4 == m.tiles[0] / 4;
            });
            if (pon == melds[p].end()) {
              problem(ev.element, "kakan without a pon");
            } else {
              if (pon->called != m.called || pon->from != m.from) {
                problem(ev.element, "kakan differs from its pon");
              }
              *pon = m;
            }
            last_added = m.added;
          }
          must_discard = -1;
          next_drawer = p;
        }
        break;
      }
      case MjlogEventType::kRiichi:
        if (ev.step == 1) {
          if (p != must_discard) problem(ev.element, "riichi declared out of turn");
          riichi_pending = p;
        } else {
          if (riichi_pending != p || last_discarder != p) {
            problem(ev.element, "riichi accepted without the declaration and discard");
          }
          riichi_pending = -1;
          scores[p] -= 1000;
          ++sticks;
          // (The dnovikoff copies leave ten out of step 2.)
          if (ev.scores && *ev.scores != scores) {
            problem(ev.element, "REACH ten differs from the scores after the stick");
          }
        }
        break;
      case MjlogEventType::kDora:
        reveal(ev.tile, ev.element);
        indicators.push_back(ev.tile);
        break;
      case MjlogEventType::kBye:
      case MjlogEventType::kKita:  // three players only: these are four-player logs
      case MjlogEventType::kReconnect:
        break;
    }
  }
  if (draws > 70) problem(r.element, "more than 70 draws");

  for (std::size_t i = 0; i < r.agari.size(); ++i) {
    const MjlogAgari& a = r.agari[i];
    std::set<int> expect = hand[a.who];
    if (a.tsumo) {
      if (a.win_tile < 0 || !expect.count(a.win_tile)) problem(a.element, "tsumo tile not held");
    } else {
      const int ron_tile = last_added >= 0 ? last_added : last_discard;
      const int from = last_added >= 0 ? -2 : last_discarder;
      if (a.win_tile != ron_tile) problem(a.element, "ron on a tile that was not just played");
      if (from != -2 && a.from_who != from) problem(a.element, "fromWho is not the discarder");
      expect.insert(a.win_tile);
    }
    if (std::set<int>(a.hand.begin(), a.hand.end()) != expect || a.hand.size() != expect.size()) {
      problem(a.element, "AGARI hai differs from the replayed hand");
    }
    std::multiset<int> got_melds, want_melds;
    for (const MjlogMeld& m : a.melds) got_melds.insert(m.code);
    for (const MjlogMeld& m : melds[a.who]) want_melds.insert(m.code);
    if (got_melds != want_melds) problem(a.element, "AGARI m differs from the calls made");
    if (a.dora_indicators != indicators) problem(a.element, "doraHai differs from INIT + DORA");
    if (i == 0) {
      for (int u : a.ura_indicators) reveal(u, a.element);
    }
    if (a.scores != scores) problem(a.element, "sc before differs from the replayed scores");
    if (a.honba != r.honba) problem(a.element, "ba honba differs");
    if (i == 0 && a.sticks != sticks) problem(a.element, "ba sticks differ from the table");
    if (i > 0 && a.sticks != 0) problem(a.element, "sticks paid twice in a multiple ron");
    if (Sum(a.deltas) != 1000 * a.sticks) problem(a.element, "payments do not add up");
    if (a.pao < 0 && !a.tsumo) {
      for (int s = 0; s < 4; ++s) {
        if (s != a.who && s != a.from_who && a.deltas[s] != 0) {
          problem(a.element, "a bystander pays for a ron");
        }
      }
    }
    for (int s = 0; s < 4; ++s) scores[s] += a.deltas[s];
    sticks = 0;
    // A hand's value: the winner's gain without honba and sticks (exact except under pao). In a
    // multiple ron only the first winner (the nearest after the discarder) takes the honba and
    // the sticks; the later AGARI still shows the honba in ba.
    if (a.pao < 0) {
      const int honba_bonus = i == 0 ? 300 * a.honba : 0;
      if (a.deltas[a.who] != a.points + honba_bonus + 1000 * a.sticks) {
        problem(a.element, "the winner's gain is not ten points + honba + sticks");
      }
    }
  }
  if (r.draw) {
    const MjlogDraw& d = *r.draw;
    if (d.scores != scores) problem(d.element, "sc before differs from the replayed scores");
    if (d.honba != r.honba || d.sticks != sticks) problem(d.element, "ba differs");
    if (Sum(d.deltas) != 0) problem(d.element, "draw payments do not add up to zero");
    for (int p = 0; p < 4; ++p) {
      if (!d.shown[p]) continue;
      if (std::set<int>(d.hands[p].begin(), d.hands[p].end()) != hand[p]) {
        problem(d.element, "a shown hand differs from the replayed hand");
      }
    }
    if (d.type == MjlogDrawType::kNineTerminals) {
      int shown = 0;
      for (int p = 0; p < 4; ++p) shown += d.shown[p] && d.hands[p].size() == 14;
      if (shown != 1) problem(d.element, "yao9 without the declarer's 14 tiles");
    }
    for (int s = 0; s < 4; ++s) scores[s] += d.deltas[s];
  }
  return problems;
}

struct GameCheck {
  std::vector<std::string> problems;
  int hands = 0;
  int tsumogiri = 0;
};

GameCheck CheckGame(const MjlogGame& g) {
  GameCheck c;
  std::array<int, 4> scores{25000, 25000, 25000, 25000};
  int sticks = 0;
  for (const MjlogRound& r : g.rounds) {
    if (r.finished()) ++c.hands;
    for (std::string& p : CheckRound(r, scores, sticks, &c.tsumogiri)) {
      c.problems.push_back("round " + std::to_string(r.round) + "-" + std::to_string(r.honba) +
                           ": " + p);
    }
  }
  if (g.has_owari) {
    // Sticks left on the table at the end go to the first place (Tenhou).
    std::array<int, 4> expect = scores;
    if (sticks > 0) {
      int top = 0;
      for (int s = 1; s < 4; ++s) {
        // Ties: the seat nearer the first dealer ranks higher.
        const int rel_s = (s - g.first_dealer + 4) % 4, rel_top = (top - g.first_dealer + 4) % 4;
        if (scores[s] > scores[top] || (scores[s] == scores[top] && rel_s < rel_top)) top = s;
      }
      expect[top] += 1000 * sticks;
    }
    if (g.final_scores != expect) c.problems.push_back("owari scores differ from the replay");
    double total = 0;
    for (double v : g.final_results) total += v;
    if (std::abs(total) > 0.05) c.problems.push_back("owari results do not sum to 0");
  }
  return c;
}

TEST(MjlogFiles, AllRealLogsParseAndReplayConsistently) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  EXPECT_EQ(files.size(), 45u);
  int hands = 0, rounds = 0, truncated = 0, tsumogiri = 0, agari = 0, draws = 0;
  for (const fs::path& f : files) {
    SCOPED_TRACE(f.filename().string());
    MjlogGame g;
    try {
      g = read_mjlog(f);
    } catch (const MjlogError& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    EXPECT_EQ(g.type.raw, 169);
    EXPECT_EQ(g.type.label(), "四鳳南喰赤");
    EXPECT_TRUE(g.type.red_fives && g.type.open_tanyao && g.type.hanchan && g.type.vs_humans);
    EXPECT_FALSE(g.type.three_player || g.type.fast);
    for (const std::string& n : g.names) EXPECT_FALSE(n.empty());
    ASSERT_FALSE(g.rounds.empty());
    GameCheck c = CheckGame(g);
    for (const std::string& p : c.problems) ADD_FAILURE() << p;
    hands += c.hands;
    tsumogiri += c.tsumogiri;
    rounds += static_cast<int>(g.rounds.size());
    truncated += g.truncated;
    for (const MjlogRound& r : g.rounds) {
      agari += static_cast<int>(r.agari.size());
      draws += r.draw.has_value();
      EXPECT_LE(r.agari.size(), 2u);
    }
  }
  EXPECT_EQ(truncated, 2);
  EXPECT_GT(tsumogiri, 1000);
  // Counts over the 45 files (the README's inventory): 453 INIT, 378 AGARI, 80 RYUUKYOKU.
  EXPECT_EQ(rounds, 453);
  EXPECT_EQ(agari, 378);
  EXPECT_EQ(draws, 80);
  std::printf(
      "[ mjlog ] %zu files, %d rounds, %d finished hands, %d wins, %d draws, %d truncated\n",
      files.size(), rounds, hands, agari, draws, truncated);
}

TEST(MjlogFiles, TruncatedCopiesAreFlaggedAndKeepWhatTheyHave) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  const fs::path dir = RIICHI_MJLOG_DIR;
  const MjlogGame full = read_mjlog(dir / "2011020401gm-00a9-0000-f6eff225.mjlog");
  const MjlogGame no_game_end =
      read_mjlog(dir / "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog");
  const MjlogGame no_round_end =
      read_mjlog(dir / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog");
  EXPECT_FALSE(full.truncated);
  EXPECT_TRUE(full.has_owari);
  EXPECT_TRUE(no_game_end.truncated);
  EXPECT_EQ(no_game_end.truncation, "between rounds");
  EXPECT_TRUE(no_game_end.rounds.back().finished());
  EXPECT_TRUE(no_round_end.truncated);
  EXPECT_EQ(no_round_end.truncation, "mid-round");
  EXPECT_FALSE(no_round_end.rounds.back().finished());
  EXPECT_FALSE(no_round_end.rounds.back().events.empty());
  // The shortened copies are prefixes of the full game.
  EXPECT_LE(no_game_end.rounds.size(), full.rounds.size());
  EXPECT_EQ(no_round_end.rounds.size(), full.rounds.size());
  for (std::size_t i = 0; i + 1 < no_round_end.rounds.size(); ++i) {
    EXPECT_EQ(no_round_end.rounds[i].events.size(), full.rounds[i].events.size());
  }
  // Every other file is complete.
  for (const fs::path& f : files) {
    if (f.filename().string().find("-no-") != std::string::npos) continue;
    EXPECT_FALSE(read_mjlog(f).truncated) << f;
  }
}

// Fuzz: truncated and byte-corrupted copies of the real logs give a result or an MjlogError,
// never a crash or another exception (run under ASan/UBSan by `make asan`).
TEST(MjlogFuzz, CorruptedCopiesNeverCrash) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  std::vector<std::string> texts;
  for (const fs::path& f : files) texts.push_back(ReadFile(f));
  const bool quick = std::getenv("RIICHI_QUICK") != nullptr;
  const int variants = quick ? 1500 : 6000;
  std::mt19937 rng(20240605);
  static constexpr std::string_view kBytes = "<>/=\"', 0123456789-TDNAGRIabcx%&;\x00\xff";
  int results = 0, errors = 0, truncated = 0;
  for (int v = 0; v < variants; ++v) {
    std::string text = texts[rng() % texts.size()];
    const int mode = static_cast<int>(rng() % 4);
    if (mode == 0 || mode == 3) {  // cut at a random byte
      text.resize(rng() % (text.size() + 1));
    }
    if (mode >= 1) {  // corrupt 1..8 bytes
      const int n = 1 + static_cast<int>(rng() % 8);
      for (int i = 0; i < n && !text.empty(); ++i) {
        const std::size_t at = rng() % text.size();
        text[at] = (rng() % 2) ? kBytes[rng() % kBytes.size()] : static_cast<char>(rng() % 256);
      }
    }
    if (mode == 2 && text.size() > 10) {  // drop a slice
      const std::size_t at = rng() % text.size();
      text.erase(at, rng() % 200);
    }
    try {
      MjlogGame g = parse_mjlog(text, "fuzz-" + std::to_string(v));
      ++results;
      truncated += g.truncated;
      // A result is usable: replaying it must not crash either.
      (void)CheckGame(g);
    } catch (const MjlogError& e) {
      ++errors;
      EXPECT_FALSE(std::string(e.what()).empty());
    } catch (const UnsupportedGame& e) {  // a corrupted GO type naming another lobby
      ++errors;
      EXPECT_FALSE(e.lobby().empty());
    } catch (const std::exception& e) {
      ADD_FAILURE() << "variant " << v << ": unexpected exception " << e.what();
    }
  }
  EXPECT_GT(results, 0);
  EXPECT_GT(errors, 0);
  std::printf("[ mjlog ] fuzz: %d variants, %d results (%d truncated), %d MjlogErrors\n", variants,
              results, truncated, errors);
}

}  // namespace
}  // namespace riichi::io
