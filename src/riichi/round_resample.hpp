// Determinisation: a Round equal to a real one in everything one seat can see, with everything it
// cannot see (the other hands, the order of the unseen wall, the ura and future kan indicators,
// the rinshan tiles) drawn at random, consistent with the play so far (OpenSpiel's
// ResampleFromInfostate, the root of an information-set search). round_resample.cpp.
//
//   Round guess = determinise(round, seat, seed);
//   // guess.observation(seat) equals round.observation(seat) field for field; play it out.
//
// What is kept: the setup (scores, sticks, dealer, honba), the seat's own deal and draws, every
// public tile with its physical id (discards with their tsumogiri / riichi / called flags, the
// melds, the kita, the dora indicators), and the actions in their order, re-applied to a Round
// dealt from a new wall laid out slot for slot like the real one.
//
// What is drawn, and from what distribution (docs/bots.md, "Eleventh round"):
//   - each other seat's hidden tiles (its current concealed hand and the tiles it held and then
//     gave up publicly) are placed in its deal and draws so that the play is legal: a tsumogiri
//     discard was the tile drawn at that turn, a tedashi discard was held before that turn's
//     draw, the tiles a seat called, added to a pon, declared in an ankan or set aside as kita
//     were in its hand by then (a kita is taken to be the tile drawn at that turn), and every
//     discard or call names the lowest copy held of its tile as the engine does (a conflicting
//     hidden copy is exchanged with a random unseen wall tile);
//   - a seat in riichi holds, after its declaration, a tenpai hand: a random complete shape
//     built from the unseen tiles (a pair, then groups picked uniformly among the pungs and runs
//     the unseen counts allow; or, for a closed hand without kans, seven pairs with probability
//     1/8) minus one tile picked uniformly, redrawn while it would have won on a tile it let go
//     since its declaration (a tile it drew, or another seat's discard unless it is furiten);
//   - everything else (the other non-riichi hands, the live wall still to be drawn, the dead
//     wall's hidden tiles) is a uniform shuffle of the remaining unseen ids.
// A drawn deal that the re-applied play does not accept (e.g. an ankan after riichi that
// changes the waits) or that does not give the same observation is rejected and drawn again.
//
// In a claim window where `seat` is not the seat to play, whether another seat has a call is
// itself hidden: the result's to_play may then differ. Throws std::invalid_argument for a seat
// out of range, a round already over or a round with a §4.5 offence (dead hand, chombo
// pending), std::runtime_error when no consistent deal is found in 400 draws.
#pragma once

#include <cstdint>

#include "riichi/round.hpp"

namespace riichi {

Round determinise(const Round& round, int seat, std::uint64_t seed);

// Whether two observations are equal field for field (legal actions included).
bool same_observation(const Observation& a, const Observation& b);

}  // namespace riichi
