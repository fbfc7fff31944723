// The danger model's parts (docs/eval.md, "Danger"): wait shapes weighted by what the table
// shows, the tenpai likelihood of an opponent not in riichi, and the value of its hand. The
// public entry point is eval/danger.hpp; this header is shared with the fitting code
// (eval/danger_fit.hpp) so that both compute the very same features.
//
// Waits. An opponent who is tenpai waits on one of these shapes (113 in all):
//   ryanmen  two-sided: numbers n, n+1 (n = 2..7) waiting on n-1 and n+2     (6 per suit)
//   kanchan  closed: n, n+2 (n = 1..7) waiting on n+1                         (7 per suit)
//   penchan  edge: 1-2 waiting on 3, 8-9 waiting on 7                         (2 per suit)
//   shanpon  a pair of k waiting on k (the other pair is ignored)             (34)
//   tanki    a single k waiting on k                                          (34)
// A shape that waits on a genbutsu kind is impossible (furiten: that is suji and genbutsu).
// Each other shape S gets a weight
//   w(S) = exp(bias[type] + gamma[type] * log combos(S) + sum of the flags of S)
// where combos(S) is the number of ways to hold S from the copies this seat has not seen
// (u(a) * u(b) for a sequence, u(k)(u(k)-1)/2 for a pair, u(k) for a single: kabe, no-chance
// and one-chance, and visible honours, come from here), and the flags read the opponent's
// discards (early / late / riichi tile, suji traps), the dora and its melds. Then
//   r(k) = (sum of w(S) over the shapes waiting on k) / (sum of every w(S))
//   P(k wins | tenpai) = 1 - exp(-mass * r(k))
// `mass` is about the number of kinds a hand waits on. Against an opponent not in riichi this is
// multiplied by P(tenpai and not furiten), a logistic function of its melds and discards.
#pragma once

#include <array>
#include <cstdint>

#include "eval/danger_reading.hpp"

namespace riichi::eval {

enum ShapeType : std::uint8_t {
  kShapeRyanmen,
  kShapeKanchan,
  kShapePenchan,
  kShapeShanponSimple,    // a pair of 2-8
  kShapeShanponTerminal,  // a pair of 1 or 9
  kShapeShanponGuest,     // a pair of an honour that gives it no yaku
  kShapeShanponValue,     // a pair of one of its value honours
  kShapeTankiSimple,
  kShapeTankiTerminal,
  kShapeTankiGuest,
  kShapeTankiValue,
  kNumShapeTypes
};

struct ShapeDef {
  ShapeType type = kShapeRyanmen;
  std::uint8_t num_used = 0;  // kinds held (2 for sequences, 1 for pairs and singles)
  std::array<std::uint8_t, 2> used{};
  std::uint8_t num_waits = 0;
  std::array<std::uint8_t, 2> waits{};
  std::uint8_t honor_kind =
      0;  // for pair / single honours: the kind (value or guest decided later)
};
inline constexpr int kNumShapes = 113;
const std::array<ShapeDef, kNumShapes>& shape_table();

// Flags of a shape (bit i = wait parameter kFlagFirst + i).
enum ShapeFlag : std::uint8_t {
  kFlagEarlyTedashi,     // a sequence using a kind it discarded from the hand in its first 6
  kFlagLateTedashi,      // a sequence using a kind it discarded from the hand later (before riichi)
  kFlagTsumogiriPre,     // a sequence using a kind it discarded as drawn before riichi
  kFlagRiichiMatagi,     // a sequence using the kind of its (tedashi) riichi declaration tile
  kFlagRiichiSuji,       // not ryanmen, waiting on a suji of its tedashi declaration tile
  kFlagSujiTrap,         // not ryanmen, waiting on a suji of another of its tedashi discards
  kFlagDoraSequence,     // a sequence using a dora
  kFlagDoraPair,         // a pair or single of a dora
  kFlagRedDiscarded,     // a sequence using the 5 of a suit whose red five it discarded
  kFlagOffSuit,          // open hand with melds of one suit only; a sequence / pair of another
  kFlagOpenPungs,        // open hand of pons and kans only (2+); a pair or single
  kFlagOpenPair,         // open hand; a pair or single
  kFlagLateBad,          // riichi (or, not in riichi, now) after 12 discards; not ryanmen
  kFlagYaochuuRiichi,    // riichi declared on a terminal / honour from the hand; not ryanmen
  kFlagChasingBad,       // a chasing riichi; not ryanmen
  kFlagTsumogiriRiichi,  // riichi declared on the drawn tile; not ryanmen
  kFlagTanyaoOff,  // open hand of simples only; a shape holding or waiting on a 1, 9 or honour
  kFlagRedFive,    // a sequence holding a 5 whose red copy this seat has not seen
  kNumShapeFlags
};

// Wait parameters: a flat vector (fitted by eval/danger_fit.hpp).
enum WaitParam : std::uint8_t {
  kBiasFirst = 0,                                // kNumShapeTypes biases (ryanmen = 0)
  kGammaSequence = kBiasFirst + kNumShapeTypes,  // log-combos exponents
  kGammaPair,
  kGammaSingle,
  kGammaHonor,    // added for honour pairs and singles
  kSuitDiscards,  // times the opponent's tedashi discards (before riichi) in the shape's suit / 4
  kTsumoMisses,   // times draws since riichi x unseen copies of its waits / unseen tiles
  kFlagFirst,     // kNumShapeFlags flag weights
  kLogMass = kFlagFirst + kNumShapeFlags,
  kNumWaitParams
};

// Tenpai (and not furiten) of an opponent not in riichi: logistic regression.
enum TenpaiParam : std::uint8_t {
  kTenpaiBias,
  kTenpaiMelds1,
  kTenpaiMelds2,
  kTenpaiMelds3,
  kTenpaiMelds4,
  kTenpaiTurn,          // its discards / 6
  kTenpaiTurnOpen,      // the same, for an open hand
  kTenpaiTurnMelds,     // its discards / 6 * melds / 4
  kTenpaiTurnSquared,   // (its discards / 6) squared
  kTenpaiTsumogiri,     // min(tsumogiri streak, 4) / 4
  kTenpaiLastMiddle,    // its latest discard a 3-7 from the hand
  kTenpaiValueCut,      // one of its last 3 discards a dora or yakuhai from the hand
  kTenpaiLiveLow,       // (1 - live tiles / 70) squared, late-hand pressure
  kTenpaiFacingRiichi,  // another seat is in riichi
  kTenpaiPushes,        // min(pushes from the hand against a riichi, 3) / 3
  kTenpaiPushesDrawn,   // min(tsumogiri pushes against a riichi, 3) / 3
  kTenpaiJustCalled,    // at most one discard since its latest call
  kTenpaiMeldValue,     // dora or value pungs in its melds (min(count, 3) / 3)
  kNumTenpaiParams
};

// The value of a ron (documented in docs/eval.md): han = base + known dora + Poisson(hidden).
enum ValueParam : std::uint8_t {
  kValueRiichiHan,        // han of a riichi hand without dora: riichi, ippatsu, other yaku
  kValueOpenHan,          // han of an open hand without dora and value pungs
  kValueDamaHan,          // han of a closed hand not in riichi
  kValueUraPerIndicator,  // expected ura dora per indicator (riichi only)
  kValueHiddenDora,       // scale of the expected dora among its unseen tiles
  kValueFu,               // fu of a typical hand
  kNumValueParams
};

// Index of a shape type's bias and of a flag's weight in DangerParams::wait.
constexpr int bias_param(ShapeType t) { return kBiasFirst + static_cast<int>(t); }
constexpr int flag_param(ShapeFlag f) { return kFlagFirst + static_cast<int>(f); }

struct DangerParams {
  std::array<double, kNumWaitParams> wait{};
  std::array<double, kNumTenpaiParams> tenpai{};
  std::array<double, kNumValueParams> value{};
};
// The parameters fitted on real games (eval/danger_params.cpp; docs/eval.md says how).
const DangerParams& default_danger_params();
// Fitted on the arena's games of the strong and defensive bots instead (docs/bots.md,
// "Fourteenth round"): they predict those bots' deal-ins better, but the strong bot did not play
// better with them, so no bot uses them (`riichi danger-check --params bots` measures them).
const DangerParams& bot_danger_params();
// The priors the fit starts from and is pulled towards: public statistics (docs/eval.md).
const DangerParams& prior_danger_params();
const char* wait_param_name(int i);
const char* tenpai_param_name(int i);
const char* value_param_name(int i);

// One live shape of an opponent: its index in shape_table(), log combos and flags.
struct ShapeTerm {
  std::uint8_t shape = 0;
  ShapeType type = kShapeRyanmen;
  std::uint8_t combos = 0;      // ways to hold it (1..16)
  std::uint8_t suit_count = 0;  // its tedashi discards before riichi in the shape's suit
  float log_combos = 0;         // log combos
  float suit_discards = 0;      // suit_count / 4
  std::uint8_t live_waits = 0;  // unseen copies of the kinds it waits on
  float tsumo_misses = 0;       // ShapeSet::miss_scale * live_waits
  std::uint32_t flags = 0;
};
struct ShapeSet {
  std::array<ShapeTerm, kNumShapes> terms{};
  int size = 0;
  // In riichi: its draws since the declaration / the unseen tiles. A wait it has not drawn in d
  // draws is less likely the more copies are left: likelihood (1 - L/U)^d ~ exp(-d L / U).
  float miss_scale = 0;
};
// The live shapes of opponent `o` (not furiten, combos > 0) with their features.
void live_shapes(const TableReading& t, const OpponentReading& o, ShapeSet& out);
// log w(S) for one shape.
double log_weight(const ShapeTerm& s, const std::array<double, kNumWaitParams>& w);
// P(kind wins | tenpai) for every kind (0 for a kind no live shape waits on). The weights are
// exp(log_weight) computed as products of factors tabulated once per parameter vector.
void wait_probabilities(const ShapeSet& shapes, const std::array<double, kNumWaitParams>& w,
                        std::array<float, kNumKinds>& out);

// Tenpai features of an opponent not in riichi (index = TenpaiParam; [kTenpaiBias] = 1).
std::array<double, kNumTenpaiParams> tenpai_features(const TableReading& t,
                                                     const OpponentReading& o);
double tenpai_probability(const TableReading& t, const OpponentReading& o,
                          const std::array<double, kNumTenpaiParams>& beta);

// The expected payment of a ron by opponent `o` (honba included, sticks excluded) on a tile
// worth `tile_dora` dora itself (the winning tile is in the hand).
double ron_value(const TableReading& t, const OpponentReading& o, int tile_dora, const Rules& rules,
                 const std::array<double, kNumValueParams>& v);
// The same for a tile worth 0, 1, ..., 4 dora, at once.
void ron_values(const TableReading& t, const OpponentReading& o, const Rules& rules,
                const std::array<double, kNumValueParams>& v, std::array<float, 5>& out);

}  // namespace riichi::eval
