// The wall (RULES.md §2.3, §2.4): portable seeded shuffle and stacked test walls.
#include "riichi/wall.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace riichi {

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

Xoshiro256::Xoshiro256(std::uint64_t seed) {
  for (auto& w : s_) w = splitmix64(seed);
  if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;
}

// The largest word accepted, Lemire's constant and 2^32 mod n for every small bound (wall.hpp).
const std::array<Xoshiro256::SmallDivisor, Xoshiro256::kSmallBounds + 1> Xoshiro256::kDivisors =
    [] {
      std::array<SmallDivisor, kSmallBounds + 1> t{};
      for (std::uint64_t n = 1; n <= kSmallBounds; ++n)
        t[n] = SmallDivisor{~std::uint64_t{0} - (0 - n) % n, ~std::uint64_t{0} / n + 1,
                            (std::uint64_t{1} << 32) % n, static_cast<std::uint32_t>(n)};
      return t;
    }();

std::uint64_t Xoshiro256::bounded_large(std::uint64_t n) {
  // limit = 2^64 - (2^64 mod n); (0 - n) % n == 2^64 mod n in unsigned arithmetic.
  const std::uint64_t rem = (0 - n) % n;
  const std::uint64_t limit = 0 - rem;  // 0 stands for 2^64 when rem == 0
  for (;;) {
    const std::uint64_t w = next();
    if (rem == 0 || w < limit) return w % n;
  }
}

Wall Wall::from_seed(std::uint64_t seed) {
  Wall w;
  for (int i = 0; i < kNumTiles; ++i) w.tiles[i] = static_cast<std::uint8_t>(i);
  Xoshiro256(seed).shuffle(w.tiles.data(), kNumTiles);
  return w;
}

Wall Wall::from_seed(std::uint64_t seed, const WallShape& shape) {
  if (shape.out_of_game == 0) return from_seed(seed);
  constexpr int kOut = 28;  // 2m-8m: ids 4..31 (WallShape::in_play)
  if (shape.out_of_game == kOut) {
    // The loop below without its per-slot tests: the ids in play ascending (0..3, 32..135),
    // shuffled; the first live_end() of them in the live slots, the out-of-game ids ascending in
    // [live_end(), kLiveTiles), the rest in the dead wall.
    static constexpr std::array<std::uint8_t, kNumTiles - kOut> kInPlay = [] {
      std::array<std::uint8_t, kNumTiles - kOut> ids{};
      for (int i = 0; i < kNumTiles - kOut; ++i)
        ids[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i < 4 ? i : i + kOut);
      return ids;
    }();
    std::array<std::uint8_t, kNumTiles - kOut> play = kInPlay;
    Xoshiro256(seed).shuffle(play.data(), kNumTiles - kOut);
    Wall w;
    const int live = shape.live_end();
    std::copy(play.begin(), play.begin() + live, w.tiles.begin());
    for (int i = 0; i < kOut; ++i)
      w.tiles[static_cast<std::size_t>(live + i)] = static_cast<std::uint8_t>(4 + i);
    std::copy(play.begin() + live, play.end(), w.tiles.begin() + kLiveTiles);
    return w;
  }
  std::array<std::uint8_t, kNumTiles> play{};
  int n = 0;
  for (int id = 0; id < kNumTiles; ++id)
    if (shape.in_play(id)) play[n++] = static_cast<std::uint8_t>(id);
  Xoshiro256(seed).shuffle(play.data(), n);
  Wall w;
  int next_play = 0, next_out = 0;
  for (int slot = 0; slot < kNumTiles; ++slot) {
    if (slot >= shape.live_end() && slot < kLiveTiles) {
      while (shape.in_play(next_out)) ++next_out;
      w.tiles[slot] = static_cast<std::uint8_t>(next_out++);
    } else {
      w.tiles[slot] = play[next_play++];
    }
  }
  return w;
}

namespace {

// Picks a free physical id for `t`: copy 0 for a red five, else the highest free copy.
int take_id(std::array<bool, kNumTiles>& used, Tile t) {
  const int base = t.kind * 4;
  if (t.red) {
    if (!is_five(t.kind) || used[base]) {
      std::string msg = "stacked wall: no red copy left for ";
      msg += tile_to_string(t);
      throw std::invalid_argument(msg);
    }
    used[base] = true;
    return base;
  }
  for (int c = 3; c >= 0; --c) {
    if (!used[base + c]) {
      used[base + c] = true;
      return base + c;
    }
  }
  std::string msg = "stacked wall: more than 4 copies of ";
  msg += tile_to_string(t);
  throw std::invalid_argument(msg);
}

}  // namespace

Wall Wall::stacked(const std::array<std::vector<Tile>, 4>& hands, const std::vector<Tile>& draws,
                   const std::vector<Tile>& dora_indicators, const std::vector<Tile>& rinshan,
                   const std::vector<Tile>& ura_indicators) {
  return stacked(WallShape{}, hands, draws, dora_indicators, rinshan, ura_indicators);
}

Wall Wall::stacked(const WallShape& shape, const std::array<std::vector<Tile>, 4>& hands,
                   const std::vector<Tile>& draws, const std::vector<Tile>& dora_indicators,
                   const std::vector<Tile>& rinshan, const std::vector<Tile>& ura_indicators) {
  std::array<bool, kNumTiles> used{};
  std::array<int, kNumTiles> slot{};
  slot.fill(-1);
  for (int s = shape.live_end(), id = 0; s < kLiveTiles; ++s, ++id) {
    while (shape.in_play(id)) ++id;
    slot[s] = id;
    used[id] = true;  // out of the game: take_id refuses these kinds
  }
  for (int w = 0; w < 4; ++w) {
    const std::size_t want = w < shape.players ? 13 : 0;
    if (hands[w].size() != want)
      throw std::invalid_argument(want ? "stacked wall: a hand needs 13 tiles"
                                       : "stacked wall: no hand for an absent player");
    for (int i = 0; i < static_cast<int>(want); ++i)
      slot[deal_slot(w, i, shape.players)] = take_id(used, hands[w][i]);
  }
  if (draws.size() > static_cast<std::size_t>(shape.live_end() - shape.deal_tiles()))
    throw std::invalid_argument("stacked wall: too many draws");
  for (std::size_t i = 0; i < draws.size(); ++i)
    slot[shape.deal_tiles() + static_cast<int>(i)] = take_id(used, draws[i]);
  if (dora_indicators.size() > 5 || ura_indicators.size() > 5 || rinshan.size() > 4)
    throw std::invalid_argument("stacked wall: at most 5 indicators and 4 rinshan tiles");
  for (std::size_t k = 0; k < dora_indicators.size(); ++k)
    slot[kIndicatorSlots[k]] = take_id(used, dora_indicators[k]);
  for (std::size_t k = 0; k < ura_indicators.size(); ++k)
    slot[kIndicatorSlots[k] + 1] = take_id(used, ura_indicators[k]);
  for (std::size_t k = 0; k < rinshan.size(); ++k)
    slot[kRinshanSlots[k]] = take_id(used, rinshan[k]);
  Wall w;
  int free_id = 0;
  for (int i = 0; i < kNumTiles; ++i) {
    if (slot[i] < 0) {
      while (used[free_id]) ++free_id;
      used[free_id] = true;
      slot[i] = free_id;
    }
    w.tiles[i] = static_cast<std::uint8_t>(slot[i]);
  }
  return w;
}

bool Wall::is_permutation() const {
  std::array<bool, kNumTiles> seen{};
  for (std::uint8_t id : tiles) {
    if (id >= kNumTiles || seen[id]) return false;
    seen[id] = true;
  }
  return true;
}

}  // namespace riichi
