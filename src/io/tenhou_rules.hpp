// The rules of a Tenhou game, read from its log (docs/tenhou-rules-from-logs.md §5). The one
// place that maps a log to riichi::Rules: the lobby bits of `GO type` (East-only or hanchan, red
// fives, open tanyao, three players, chips) and the rules Tenhou changed over the years, found
// from the log's date (its log id, "2010081709gm-00a9-0000-fe3371ad") or, without a date, from
// what the log itself shows. Every reader (tenhou-check, export, the web import) calls it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "io/tenhou_mjlog.hpp"
#include "riichi/rules.hpp"

namespace riichi::io {

// A game the engine does not play: a chip (祝儀) lobby, unknown lobby bits, another starting
// score (a three-player game is played under Rules::tenhou_sanma()). `lobby` is the lobby's name
// ("三鳳南喰赤", "GO type 0x0A09"), `why` the reason.
class UnsupportedGame : public std::runtime_error {
 public:
  UnsupportedGame(std::string lobby, std::string why);
  const std::string& lobby() const { return lobby_; }
  const std::string& why() const { return why_; }

 private:
  std::string lobby_;
  std::string why_;
};

// Refuses a lobby the engine does not play from its GO type alone (chips, a ratio lobby,
// unknown bits): throws UnsupportedGame. The mjlog parser calls it at <GO>.
void check_lobby(const MjlogGameType& type);

// The date of a Tenhou log id found in `name` (a file name, a path or a tenhou.net/6 "ref"):
// "2010081709gm-00a9-0000-fe3371ad" -> 20100817. 0 when there is none.
int tenhou_log_date(std::string_view name);

// The rules Tenhou changed over the years, as a date (YYYYMMDD) on which the new rule is first
// seen (docs/tenhou-rules-from-logs.md §5).
constexpr int kTenpaiYameSince = 20100601;        // all-last dealer tenpai and 1st ends the game
constexpr int kExactFinalResultSince = 20220101;  // final results no longer rounded to 1000

// The rules of `game`: Rules::tenhou() (Rules::tenhou_sanma() for a three-player lobby, GO type
// 0x10) with its lobby bits and the rules of its date
// (game.log_id; without one, what the log shows: the owari results and the all-last draws).
// Throws UnsupportedGame for a game the engine does not play.
Rules tenhou_rules(const MjlogGame& game);

}  // namespace riichi::io
