// The scoring drill: a winning hand with its context (ron or tsumo, seat, round, dora, riichi,
// honba, sticks) as a win vector of `riichi score`; the learner gives han and fu (or names the
// limit) and the payment. The key is the engine's scoring sheet (riichi::score under the
// problem's rules: each yaku, each fu item, the rounding, the limit, the payments).
//
// How each level is made: four sets and a pair (seven pairs, thirteen orphans and yakuman
// themes at level 4) drawn under a theme (any, pinfu, tanyao, yakuhai, honitsu, chinitsu,
// toitoi, chanta), some sets declared as melds from level 2, a winning tile taken from the
// concealed part, and a context drawn per level; kept only when it is a valid win under the
// rules (complete, a yaku, EMA 2008's two-han minimum) and its value suits the level:
//   1  closed, under mangan, no counters           2  open hands and pungs, honba and sticks
//   3  anything but yakuman: limits, kans, dealer, ura dora, red fives under Tenhou rules
//   4  everything: seven pairs, yakuman, ippatsu, haitei / houtei, rinshan, double riichi
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "drill/drill.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

namespace riichi::drill {

struct ScoreProblem {
  ProblemId id;
  Rules rules;
  WinVector vector;
  std::string text;   // the vector in the notation of `riichi score`
  std::string title;  // "Non-dealer ron, open hand"
  ScoreResult key;    // the engine's sheet
};

// Throws DrillError for a bad id (the drill kind must be score).
ScoreProblem make_score_problem(const ProblemId& id, const Rules& rules);

// What the learner says: han and fu, or a limit; and the payment in the form of `riichi score`:
// ron {points}, a dealer's tsumo {each}, a non-dealer's tsumo {non-dealers, dealer}, honba
// included (riichi sticks are not a payment).
struct ScoreAnswer {
  std::optional<int> han, fu;
  std::optional<Limit> limit;
  int yakuman_units = 1;  // with limit == kYakuman
  std::vector<int> payment;
};

// "3 30 3900", "3han 30fu 1000/2000", "mangan 8000", "4 40 2600 all", "yakuman x2 64000".
// A number of 200 or more (or A/B) is the payment; smaller ones are han, then fu. Throws
// DrillError naming the word it cannot read.
ScoreAnswer parse_score_answer(std::string_view text);
// "mangan", "haneman", "baiman", "sanbaiman", "kazoe" / "kazoe yakuman", "yakuman".
std::optional<Limit> parse_limit(std::string_view word);

// The payment the key expects, in the answer's form.
std::vector<int> expected_payment(const ScoreProblem& problem);
// "3900", "1000/2000", "2600 all".
std::string payment_text(const std::vector<int>& payment, bool tsumo, bool dealer);

struct PartGrade {
  bool checked = false;  // this part was graded
  bool ok = false;
  std::string expected, given;
};

struct ScoreGrade {
  bool correct = false;
  PartGrade han, fu, limit, payment;
  std::string summary;  // one sentence
};

// Han is graded when given (and required unless a limit is named); fu when it matters (4 han
// or less, no yakuman); the limit when named (required for a yakuman); the payment always.
ScoreGrade grade_score(const ScoreProblem& problem, const ScoreAnswer& answer);

}  // namespace riichi::drill
