// JSON views of the table for the web page (docs/web-protocol.md): tiles as {id, name}, a seat's
// observation and legal actions, the learner's analysis, the hand's result with the engine's
// explanation, the final table, and spectator frames for replays.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "riichi/record.hpp"
#include "riichi/round.hpp"

namespace riichi::server {

using nlohmann::json;

// {"id": 52, "name": "4p"}; null for an id outside 0..135.
json tile_json(int id, bool red_fives);
json tiles_json(const std::vector<std::uint8_t>& ids, bool red_fives);

const char* phase_name(Phase phase);  // "self", "discard_only", "claim", "chankan", "over"

// "chi 4p6p <- 5p", "discard 5p", "riichi 5p", "pass".
std::string action_label(const Action& action, bool red_fives);
json legal_json(const std::vector<Action>& legal, bool red_fives);

json discards_json(const std::vector<DiscardInfo>& discards, bool red_fives);
json melds_json(const std::vector<MeldInfo>& melds, bool red_fives);
json observation_json(const Observation& obs, bool red_fives);

// Copies of each kind the seat sees outside its concealed hand: ponds (a called tile counts in
// its meld), every meld, the North tiles set aside (kita), the dora indicators; a kind out of
// the game (2m..8m in sanma) counts as all four seen.
Counts visible_counts(const Observation& obs, const Rules& rules);

// The learner's helper for a seat's observation (shanten, discard table with effective tiles
// counted against the tiles the seat can see, none of a kind out of the game); null when the
// seat holds no 3n+1 / 3n+2 hand.
json analysis_json(const Observation& obs, const Rules& rules);

// The result of `hand` (a finished hand of `record`'s game): wins with the engine's explanation,
// the draw with the hands shown, deltas and scores after. `hand_index` numbers it in the log.
json hand_result_json(const GameRecord& record, const HandLog& hand);

// The entries of the seats that take part (`players` of them: seat 3 has none in a
// three-player game).
json seat_values(const std::array<int, 4>& values, int players);

// The final table of a finished game (arrays of `players` entries, one per seat).
json final_json(const GameLog& log, const std::array<std::string, 4>& players, int num_players);

// The table as a spectator sees it (every hand open) after `action` (null for the deal).
json frame_json(const Round& round, const Action* action);

// A replay's JSON text built hand by hand: each hand is written out as soon as it is made, so that
// a long game never holds the frames of all its hands at once (docs/security.md, memory).
class ReplayText {
 public:
  void add_hand(const json& hand);
  int hands() const { return hands_; }
  // `head` (an object without "hands") with the hands added.
  std::string finish(const json& head) const;

 private:
  std::string text_;
  int hands_ = 0;
};
// Adds every hand of a recorded game to `out` as replay hands ({name, honba, dealer, frames,
// result}), one hand at a time.
void add_replay_hands(const GameRecord& record, const GameLog& log, ReplayText& out);

// Replays one hand dealt from `wall` with `actions`; builds its HandLog (events, result, ura)
// and, with `frames`, its frames. Throws std::runtime_error naming the action when one is
// refused.
struct ReplayedHand {
  HandLog log;
  json frames = json::array();
};
ReplayedHand replay_hand(const Rules& rules, const RoundSetup& setup, const Wall& wall,
                         const std::vector<Action>& actions, bool frames = true);

}  // namespace riichi::server
