// rollout_values(): candidates played out from shared determinisations (rollout.hpp).
#include "eval/rollout.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "riichi/round_resample.hpp"

namespace riichi::eval {
namespace {

constexpr int kMaxSteps = 4000;  // a hand has a few hundred decisions at most

// splitmix64: the i-th seed of a stream (determinisations and players draw apart).
std::uint64_t mix(std::uint64_t seed, std::uint64_t i) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (i + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double std_error(const std::vector<double>& xs) {
  const double n = static_cast<double>(xs.size());
  double mean = 0, ss = 0;
  for (double x : xs) mean += x;
  mean /= n;
  for (double x : xs) ss += (x - mean) * (x - mean);
  return std::sqrt(ss / (n - 1) / n);
}

}  // namespace

int play_out(Round& round, int seat, std::array<std::unique_ptr<RolloutPlayer>, 4>& players) {
  for (int step = 0; step < kMaxSteps && !round.is_over(); ++step) {
    const int s = round.to_play();
    const std::vector<Action>& legal = round.legal_actions(s);
    const std::size_t i = players[s]->pick(round, s, legal);
    if (i >= legal.size() || !round.apply(legal[i]).ok)
      throw std::runtime_error("play_out: seat " + std::to_string(s) + "'s pick refused");
  }
  if (!round.is_over()) throw std::runtime_error("play_out: the hand did not end");
  return round.result().deltas[seat];
}

std::vector<RolloutValue> rollout_values(const Round& round, int seat,
                                         std::span<const Action> candidates,
                                         const RolloutPlayers& players,
                                         const RolloutOptions& options) {
  if (round.is_over() || round.to_play() != seat)
    throw std::invalid_argument("rollout_values: seat " + std::to_string(seat) +
                                " is not the seat to play");
  if (options.determinisations < 2)
    throw std::invalid_argument("rollout_values: determinisations must be 2 or more");
  const std::vector<Action> legal = round.legal_actions(seat);
  for (const Action& c : candidates)
    if (std::find(legal.begin(), legal.end(), c) == legal.end())
      throw std::invalid_argument("rollout_values: " + to_string(c, round.rules().red_fives) +
                                  " is not a legal action");
  const std::size_t n = static_cast<std::size_t>(options.determinisations);
  std::vector<std::vector<double>> points(candidates.size(), std::vector<double>(n));
  for (std::size_t d = 0; d < n; ++d) {
    const Round guess = determinise(round, seat, mix(options.seed, 2 * d));
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      Round r = guess;
      if (!r.apply(candidates[c]).ok)
        throw std::logic_error("rollout_values: a legal candidate refused on a determinisation");
      auto seats = players(mix(options.seed, 2 * d + 1));
      points[c][d] = play_out(r, seat, seats);
    }
  }
  std::vector<RolloutValue> out(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    out[c].action = candidates[c];
    for (double p : points[c]) out[c].mean += p;
    out[c].mean /= static_cast<double>(n);
    out[c].std_error = std_error(points[c]);
    std::vector<double> diff(n);
    for (std::size_t d = 0; d < n; ++d) diff[d] = points[c][d] - points[0][d];
    out[c].diff_std_error = std_error(diff);
  }
  return out;
}

}  // namespace riichi::eval
