// Features of a discard candidate, for the discard model learnt from Tenhou houou players
// (docs/bots.md, "Eighth round"). One place serves both sides: `riichi discard-samples` writes
// them for every discard of real games (apps/cli/discard_samples_cmd.cpp), tools/
// fit_discard_model.py fits a conditional logit (a softmax over the candidates of a position) on
// them and writes the weights into discard_params.cpp, and discard_model_pick() plays the best
// scored candidate.
//
// A candidate is a tile kind the hand may discard; every feature reads the seat's own view
// (HandView, from the observation: no hidden information). Shanten and effective tiles are
// under the efficiency bot's yaku plans (EfficiencyBot::plans), effective tiles counting the
// copies the seat can see. kDiscardFeatureNames lists them, in order, with their definitions.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "bots/bot_view.hpp"
#include "riichi/round.hpp"

namespace riichi::bots {

inline constexpr int kDiscardFeatures = 30;

// Short names (the dump's header and the fit's report), in feature order.
extern const std::array<const char*, kDiscardFeatures> kDiscardFeatureNames;

using DiscardFeatureVector = std::array<float, kDiscardFeatures>;

struct DiscardCandidate {
  int kind = -1;
  int shanten = 99;  // after the discard, under the plans
  int ukeire = 0;    // effective tiles after the discard (copies not seen)
  DiscardFeatureVector f{};
};

// The candidates of a position: every kind of `kinds` (bit per kind; kinds not held are
// skipped) as a discard of the seat's 3n+2 hand `v` (read_view(obs, ...)), under `plans`.
// `efficiency_kind` is the kind the efficiency bot discards there (-1: none). Writes up to 34
// entries into `out` and returns how many.
int discard_candidates(const Observation& obs, const HandView& v, std::uint16_t plans,
                       std::uint64_t kinds, int efficiency_kind,
                       std::span<DiscardCandidate, kNumKinds> out);

// The model's score of one candidate: the fitted weights (discard_params.cpp) times the features.
double discard_score(const DiscardFeatureVector& f);
// The fitted weights, in feature order.
extern const std::array<double, kDiscardFeatures> kDiscardWeights;

// The index of the candidate with the highest score among out[0, n) (the first of equal scores),
// only among the candidates of the lowest shanten when `lowest_shanten_only`; -1 when n is 0.
int discard_model_pick(std::span<const DiscardCandidate> candidates, int n,
                       bool lowest_shanten_only);

// The weights of the quiet-table discard fitted to self-play outcomes (discard_outcome_params.cpp,
// tools/fit_discard_outcomes.py; docs/bots.md, "Ninth round"), in feature order: w . f(c) -
// w . f(e) estimates the points a hand gains by discarding c instead of the efficiency move e.
extern const std::array<double, kDiscardFeatures> kDiscardOutcomeWeights;

// Among the candidates of the lowest shanten of out[0, n), the index of the one with the highest
// score under `weights` (the first of equal scores) when it scores more than `margin` above the
// candidate of kind `efficiency_kind`; otherwise that candidate's index (-1 when none has that
// kind).
int discard_outcome_pick(
    std::span<const DiscardCandidate> candidates, int n, int efficiency_kind, double margin,
    const std::array<double, kDiscardFeatures>& weights = kDiscardOutcomeWeights);

// The action discarding `kind` in the manner of `move` (a discard or a riichi declaration of
// the same seat, from `legal`): `move` itself for its own kind; otherwise riichi on `kind` when
// `move` is a riichi and that riichi is legal, else the plain discard, the non-red copy first.
// `move` when `legal` has no discard of `kind`.
Action discard_kind_action(std::span<const Action> legal, const Action& move, int kind);

}  // namespace riichi::bots
