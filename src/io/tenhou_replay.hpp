// Replaying Tenhou mjlog games through the engine (issue 5, part 2;
// docs/tenhou-rules-from-logs.md).
//
// Each round of a parsed log (io/tenhou_mjlog.hpp) becomes a stacked wall holding the log's exact
// tile ids (hands from INIT hai0..3, the live draws from tiles[52] on, the dora indicator from
// INIT seed, kan dora from DORA, rinshan tiles = the draws that follow kans, ura indicators from
// AGARI doraHaiUra) and is played with Rules::tenhou() from the round setup of INIT. The log's
// draws, discards, riichi, calls, wins and kyuushu become engine Actions; the seats the log shows
// not calling pass. The engine's outcome is then compared with the log's, hand by hand, and the
// game flow (next INIT, final scores, owari) with game.hpp.
//
// Engine seats: seat 0 is the log's first dealer (TAIKYOKU oya), as in game.hpp.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "io/tenhou_mjlog.hpp"
#include "riichi/outcome.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"
#include "riichi/wall.hpp"

namespace riichi::io {

// A difference between the engine and the log.
struct ReplayMismatch {
  int round_index = -1;   // index in MjlogGame::rounds (-1: the game's end)
  std::string hand;       // "East 1, 0 honba" or "end of game"
  int action_index = -1;  // index of the refused action in the hand's actions, -1 if none
  std::string what;       // e.g. "han of P2's win", "action refused"
  std::string expected;   // the log's value
  std::string got;        // the engine's value
  int element = -1;       // the log's AGARI / RYUUKYOKU element compared (mjai: the event's line)
  std::string message() const;  // "East 1, 0 honba: han of P2's win: expected 3, got 2"
};

// The conversion of one round: the wall, the setup, and the log's moves as engine actions (the
// passes are inserted while playing, as they depend on who may call).
struct ConvertedRound {
  RoundSetup setup;  // engine seats
  Wall wall;
};

// Converts one round (seats rotated so that engine seat 0 = first_dealer). Throws MjlogError-free
// std::invalid_argument when the log's tiles cannot form a wall (an id used twice, too many draws).
ConvertedRound convert_round(const MjlogRound& round, int first_dealer);
// The same under `rules` (three players: seats rotated mod 3, the sanma wall of wall.hpp).
ConvertedRound convert_round(const MjlogRound& round, int first_dealer, const Rules& rules);

struct HandReplay {
  std::string name;                        // "East 1, 0 honba"
  std::vector<Action> actions;             // every action applied (passes included)
  std::optional<RoundResult> result;       // the engine's result when the hand ended
  std::optional<ReplayMismatch> mismatch;  // the first difference in this hand
};

struct GameReplay {
  std::string file;
  std::vector<HandReplay> hands;  // one per round of the log (a truncated last round included)
  int hands_checked = 0;          // finished rounds of the log compared
  std::vector<ReplayMismatch> mismatches;  // the first of each hand, then the game's end
  bool truncated = false;
  std::string truncation;
};

// The name a yaku is compared by: Tenhou writes the single-wait suu ankou, the 13-sided kokushi
// and the pure chuuren with their own yaku ids (41, 48, 46) even when they count as single
// yakuman, where the engine names them by the plain yakuman; without double_yakuman both sides
// compare by the plain name.
std::string replay_yaku_name(const std::string& name, const Rules& rules);

// Plays every round of `game` through the engine with `rules` (default Rules::tenhou()) and
// compares. Never throws on a parsed game: every problem is a mismatch.
GameReplay replay_mjlog(const MjlogGame& game, const Rules& rules = Rules::tenhou());

}  // namespace riichi::io
