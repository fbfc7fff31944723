// Game review (docs/review.md): a real game replayed through the engine, and at every decision
// of the chosen player every legal option valued by the evaluation layer (eval/options.hpp):
// the action taken, the engine's best, the points lost against it, and why.
//
//   std::vector<io::LogGame> games = io::read_log(path);       // any format, by content
//   std::vector<int> seats = review::resolve_player(games[0], "ASAPIN");  // or "" = every seat
//   review::GameReview r = review::review_game(games[0], seats);
//   r.decisions[i].ev_loss, r.summary.mean_loss, r.summary.costliest
//
// Seats: `seat` fields are the engine's seats (seat 0 = the first dealer); `log_seat` is the seat
// as the log numbers it (Tenhou's n0..n3 order), the one a user names.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "eval/options.hpp"
#include "io/log_reader.hpp"
#include "riichi/round.hpp"
#include "riichi/rules.hpp"

namespace riichi::review {

// A player name or seat the log does not have; the message lists the names present.
class PlayerError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// One option of a decision, as the review shows it.
struct OptionRow {
  std::string action;  // "discard 5p", "riichi 3s", "pon 5p (0p5p)", "pass", "tsumo", ...
  eval::DecisionKind kind = eval::DecisionKind::kDiscard;
  double exp_score = 0;     // expected points from here on
  double win_prob = 0;      // P(win this hand)
  double deal_in_prob = 0;  // P(the tile discarded now deals in)
  std::string reason;       // the evaluator's one line
};

struct Decision {
  int hand_index = 0;                                      // index of the hand in the game
  std::string hand;                                        // "East 1, 0 honba"
  int seat = 0;                                            // engine seat
  int log_seat = 0;                                        // the log's seat
  int turn = 1;                                            // the seat's discards so far + 1
  eval::DecisionKind kind = eval::DecisionKind::kDiscard;  // of the action taken
  int actual = 0;                                          // index in options
  int best = 0;                                            // index in options
  int rank = 1;        // 1 + options strictly better than the action taken
  double ev_loss = 0;  // options[best].exp_score - options[actual].exp_score, >= 0
  eval::ReasonKind loss_kind = eval::ReasonKind::kEfficiency;  // what the loss is about
  bool threat = false;  // an opponent in riichi or likely tenpai
  std::vector<OptionRow> options;
  Observation position;  // what the seat saw (legal_actions cleared), for the board
  const OptionRow& actual_row() const { return options[static_cast<std::size_t>(actual)]; }
  const OptionRow& best_row() const { return options[static_cast<std::size_t>(best)]; }
};

// The loss of one kind of mistake (eval::ReasonKind).
struct KindLoss {
  int decisions = 0;  // decisions with a loss of this kind (> 0.5 points)
  double loss = 0;
};

struct Summary {
  int decisions = 0;
  int top1 = 0;  // the action taken was the best (or worth as much)
  int top3 = 0;  // among the three best
  double total_loss = 0;
  double mean_loss = 0;               // total_loss / decisions
  std::array<KindLoss, 5> by_kind{};  // indexed by eval::ReasonKind
  std::vector<int> costliest;         // indices in decisions, the ten largest losses first
};

// What happened to the player in the game (for the stats across games).
struct PlayerRecord {
  int seat = 0;      // engine seat
  int log_seat = 0;  // the log's seat
  std::string name;
  int hands = 0;  // hands played (replayed)
  int wins = 0, deal_ins = 0, riichi = 0, called_hands = 0;
  long win_points = 0;      // sum of the points received by winning (honba and sticks included)
  long deal_in_points = 0;  // sum of the points paid by dealing in (> 0)
  int final_score = 0;      // points at the end (the log's final scores when it has them)
  int rank = 0;             // 1..4 by the final scores (0: unknown)
};

struct GameReview {
  std::string game;    // the log id, else the source file ("#N" for the Nth game of a file)
  std::string source;  // the file
  std::string format;  // "mjlog", "tenhou6", "record", "mjai"
  Rules rules;
  std::array<std::string, 4> names;  // by engine seat
  std::vector<int> seats;            // the seats reviewed (engine seats)
  std::vector<Decision> decisions;
  Summary summary;                    // over every decision of the seats reviewed
  std::vector<PlayerRecord> players;  // one per seat reviewed
  std::vector<std::string> notes;     // hands that could not be replayed, and why
  std::string date;                   // "YYYY-MM" from a Tenhou log id, "" when unknown
  int first_dealer = 0;               // the log's seat of engine seat 0
  int num_players = 4;                // 3 for a three-player game (engine seats 0..2)
  int log_seat(int seat) const { return (seat + first_dealer) % num_players; }
};

struct ReviewSettings {
  eval::OptionsSettings options = eval::OptionsSettings::standard();
};

// The engine seats of the player named by `spec`: "" or "all" = every seat; "0".."3" = the log's
// seat; otherwise a player's name (exact, then ignoring case). Throws PlayerError listing the names
// present when there is no such player.
std::vector<int> resolve_player(const io::LogGame& game, const std::string& spec);

// The players' names by engine seat.
std::array<std::string, 4> player_names(const io::LogGame& game);

// Replays `game` and judges every decision of `seats` (a decision: the seat had two legal
// actions or more). A hand the engine cannot replay is skipped with a note. Throws
// std::invalid_argument when a seat is out of range.
GameReview review_game(const io::LogGame& game, const std::vector<int>& seats,
                       const ReviewSettings& settings = {});

// The summary of `decisions` (also used to merge several games).
Summary summarize(const std::vector<Decision>& decisions);

// "discard 5p", "riichi 3s", "chi 4s (35s)", "pon 5p (0p5p)", "ankan 1z", "pass", "ron 5m".
std::string action_text(const Action& action, bool red_fives);

}  // namespace riichi::review
