// The game review's SQLite store (docs/review.md, "Stats across games"): one row per reviewed
// game and one per player reviewed in it, so that a player's record can be computed over every
// game stored, across runs. Reviewing a game again replaces its rows.
//
//   ReviewDb db = ReviewDb::open("reviews.db");
//   db.store(game_review, review::game_rows(game_review));  // one transaction per game
//   review::PlayerStats s = review::player_stats(name, db.rows(name));
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "review/stats.hpp"

struct sqlite3;

namespace riichi::io {

inline constexpr int kReviewDbVersion = 1;
inline constexpr const char* kReviewDbFormat = "riichi-review";

// Not an SQLite file, another kind of database, an unknown version, an I/O error: the message
// names the file and the reason.
class ReviewDbError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ReviewDb {
 public:
  // Creates the file and its tables when missing.
  static ReviewDb open(const std::string& path);
  ReviewDb(ReviewDb&& other) noexcept;
  ReviewDb& operator=(ReviewDb&&) = delete;
  ReviewDb(const ReviewDb&) = delete;
  ReviewDb& operator=(const ReviewDb&) = delete;
  ~ReviewDb();

  // Stores the game (its summary JSON) and its rows (review::game_rows), replacing an earlier
  // review of the same game.
  void store(const review::GameReview& review, const std::vector<review::GameRow>& rows);
  // Every stored game of the player `name` (exact name), by date then game.
  std::vector<review::GameRow> rows(const std::string& name) const;
  // The names stored, most games first.
  std::vector<std::string> names() const;
  int count_games() const;

 private:
  ReviewDb(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  void exec(const char* sql) const;
  [[noreturn]] void fail(const std::string& what) const;
  void check_schema();

  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace riichi::io
