// The waits drill: a tenpai hand; the learner selects every winning tile. The key is the
// engine's analysis (riichi::analyze: every kind that completes the hand, its shapes, and the
// copies left: 4 minus those in the hand, its melds included).
//
// How each level is made (always tenpai: a complete hand less one tile, or a book shape):
//   1  a basic wait of the book's ch. III.3 (ryanmen, kanchan, penchan, shanpon, tanki, and the
//      nobetan of ch. IV.1.2) completed by random sets; kept only when the hand waits on exactly
//      the shape's tiles with that shape;
//   2  one of the book's 19 seven-tile shapes (ch. IV, docs/book-wait-shapes.md) in a random
//      suit, mirrored and shifted where its waits stay the same, completed by two random sets of
//      other suits; problems 19k .. 19k+18 of a session show each shape once (a seeded order);
//   3  a one-suit shape of 10 or 13 tiles waiting on at least three kinds;
//   4  a random closed hand (standard, seven pairs or thirteen orphans) less one tile;
//   5  a random hand with one to three melds (chi, pon, kans) less one concealed tile.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "drill/drill.hpp"
#include "riichi/hand.hpp"
#include "riichi/waits.hpp"

namespace riichi::drill {

inline constexpr int kBookShapes = 19;

struct BookShape {
  int number;           // 1..19, the order of docs/book-wait-shapes.md
  const char* french;   // the book's name
  const char* english;  // English / Japanese
  const char* tiles;    // the shape in pinzu, with an unrelated pair in honours for #1 and #4
  const char* section;  // the book's section
};
const BookShape& book_shape(int number);  // 1..19

struct WaitsProblem {
  ProblemId id;
  Hand hand;                // the concealed part has 3n+1 tiles
  std::string title;        // what to look for: "Kantankan (book IV.3.3, shape 16 of 19)"
  std::string note;         // the book's name or a hint ("Attente au milieu"), may be empty
  int book_shape = 0;       // level 2: 1..19
  std::vector<Wait> waits;  // the key, ascending kind
  int waits_total() const;  // copies left over every wait
};

// Throws DrillError for a bad id (drill kind must be waits).
WaitsProblem make_waits_problem(const ProblemId& id);

struct WaitsGrade {
  bool correct = false;     // exactly the winning kinds
  std::vector<int> found;   // winning kinds the learner picked
  std::vector<int> missed;  // winning kinds not picked
  std::vector<int> wrong;   // picked kinds that do not win
  std::string summary;      // one sentence
};

WaitsGrade grade_waits(const WaitsProblem& problem, std::vector<int> kinds);
// "1p4p7p", "1p 4p 7p", "147p": the kinds picked (a red five counts as its five). Throws
// DrillError naming the fault (not a tile, nothing picked).
std::vector<int> parse_waits_answer(std::string_view text);
// "ryanmen+tanki": the shapes of a wait.
std::string shape_names(const Wait& w);

}  // namespace riichi::drill
