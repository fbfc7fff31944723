#include "riichi/hand.hpp"

#include <algorithm>
#include <numeric>

namespace riichi {

ParseError::ParseError(std::size_t position, const std::string& reason)
    : std::invalid_argument("position " + std::to_string(position + 1) + ": " + reason),
      position_(position),
      reason_(reason) {}

int Meld::base_kind() const {
  int lowest = tiles[0].kind;
  for (int i = 1; i < size(); ++i) lowest = std::min<int>(lowest, tiles[i].kind);
  return lowest;
}

Counts counts_of(std::span<const Tile> tiles) {
  Counts counts{};
  for (Tile t : tiles) ++counts[t.kind];
  return counts;
}

int total(const Counts& counts) { return std::accumulate(counts.begin(), counts.end(), 0); }

Counts Hand::concealed_counts() const { return counts_of(concealed); }

Counts Hand::all_counts() const {
  Counts counts = concealed_counts();
  for (const Meld& m : melds)
    for (Tile t : m.view()) ++counts[t.kind];
  return counts;
}

int Hand::red_fives() const {
  int reds = 0;
  for (Tile t : concealed) reds += t.red;
  for (const Meld& m : melds)
    for (Tile t : m.view()) reds += t.red;
  return reds;
}

namespace {

bool is_suit_letter(char c) { return c == 'm' || c == 'p' || c == 's' || c == 'z'; }
bool is_meld_letter(char c) { return c == 'c' || c == 'p' || c == 'm' || c == 'k' || c == 'a'; }
bool is_separator(char c) { return c == ' ' || c == ','; }

int suit_index(char c) { return c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : 3; }

// Reads digits then a suit letter starting at `i`; appends the tiles and the position of each
// one's digit. Returns the index after the suit letter.
std::size_t read_group(std::string_view text, std::size_t i, std::vector<Tile>& out,
                       std::vector<std::size_t>& positions) {
  const std::size_t start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == text.size()) {
    if (i == start) throw ParseError(start, "expected tile digits");
    throw ParseError(i, "digits '" + std::string(text.substr(start, i - start)) +
                            "' are not followed by a suit letter (m, p, s or z)");
  }
  if (!is_suit_letter(text[i])) {
    if (i == start)
      throw ParseError(i, std::string("unexpected character '") + text[i] +
                              "' (expected a digit 0-9 or a suit letter m, p, s, z)");
    throw ParseError(i, std::string("unexpected character '") + text[i] +
                            "' (expected a digit or a suit letter m, p, s, z)");
  }
  if (i == start)
    throw ParseError(i, std::string("empty group: suit letter '") + text[i] + "' has no digits");
  const int suit = suit_index(text[i]);
  for (std::size_t j = start; j < i; ++j) {
    const int digit = text[j] - '0';
    if (suit == 3 && (digit < 1 || digit > 7))
      throw ParseError(j, std::string("'") + text[j] + "z' is not a tile (honours are 1z-7z)");
    const bool red = digit == 0;
    const int number = red ? 5 : digit;
    out.push_back(Tile{static_cast<std::uint8_t>(suit * 9 + number - 1), red});
    positions.push_back(j);
  }
  return i + 1;
}

Meld make_meld(char letter, const std::vector<Tile>& tiles, std::size_t pos) {
  Meld meld;
  std::string name;
  switch (letter) {
    case 'c':
      meld.type = MeldType::kChi;
      name = "chi";
      break;
    case 'p':
      meld.type = MeldType::kPon;
      name = "pon";
      break;
    case 'm':
      meld.type = MeldType::kDaiminkan;
      name = "daiminkan";
      break;
    case 'k':
      meld.type = MeldType::kKakan;
      name = "kakan";
      break;
    default:
      meld.type = MeldType::kAnkan;
      name = "ankan";
      break;
  }
  const std::size_t want = meld.is_kan() ? 4 : 3;
  if (tiles.size() != want)
    throw ParseError(pos, name + " needs " + std::to_string(want) + " tiles, got " +
                              std::to_string(tiles.size()));
  std::copy(tiles.begin(), tiles.end(), meld.tiles.begin());
  if (meld.type == MeldType::kChi) {
    std::array<int, 3> k = {tiles[0].kind, tiles[1].kind, tiles[2].kind};
    std::sort(k.begin(), k.end());
    if (is_honor(k[0]) || k[1] != k[0] + 1 || k[2] != k[0] + 2 || k[0] / 9 != k[2] / 9)
      throw ParseError(pos, "chi must be three consecutive tiles of one suit");
  } else {
    for (const Tile& t : tiles)
      if (t.kind != tiles[0].kind)
        throw ParseError(pos, name + " must be " + std::to_string(want) + " tiles of one kind");
  }
  return meld;
}

struct Parsed {
  std::vector<Tile> concealed;
  std::vector<Meld> melds;
};

// Copy and red-five limits, checked tile by tile so that the error names the offending digit.
class LimitChecker {
 public:
  void add(Tile t, std::size_t position) {
    if (++counts_[t.kind] > 4)
      throw ParseError(position, "more than four copies of " + kind_to_string(t.kind) +
                                     " (this is the fifth; a red five counts as a five)");
    if (t.red && ++reds_[t.kind / 9] > 1)
      throw ParseError(
          position, "a second red five " + tile_to_string(t) + " (there is one red five per suit)");
  }

 private:
  Counts counts_{};
  std::array<int, 3> reds_{};
};

Parsed parse_all(std::string_view text, bool allow_concealed, bool allow_melds) {
  Parsed parsed;
  LimitChecker limits;
  bool any = false;
  std::size_t i = 0;
  if (text.empty()) throw ParseError(0, "empty hand");
  while (i < text.size()) {
    if (is_separator(text[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    if (is_meld_letter(text[i]) && i + 1 < text.size() && text[i + 1] >= '0' &&
        text[i + 1] <= '9') {
      if (!allow_melds) throw ParseError(i, "meld tokens are not allowed here");
      std::vector<Tile> tiles;
      std::vector<std::size_t> positions;
      i = read_group(text, i + 1, tiles, positions);
      parsed.melds.push_back(make_meld(text[start], tiles, start));
      for (std::size_t t = 0; t < tiles.size(); ++t) limits.add(tiles[t], positions[t]);
    } else {
      if (!allow_concealed) throw ParseError(i, "expected a meld token such as c456s or p777z");
      std::vector<Tile> tiles;
      std::vector<std::size_t> positions;
      i = read_group(text, i, tiles, positions);
      parsed.concealed.insert(parsed.concealed.end(), tiles.begin(), tiles.end());
      for (std::size_t t = 0; t < tiles.size(); ++t) limits.add(tiles[t], positions[t]);
    }
    any = true;
  }
  if (!any) throw ParseError(0, "empty hand");
  return parsed;
}

}  // namespace

void check_tile_limits(std::span<const Tile> tiles, std::size_t position) {
  Counts counts = counts_of(tiles);
  std::array<int, 3> reds{};
  for (Tile t : tiles)
    if (t.red && is_five(t.kind)) ++reds[t.kind / 9];
  for (int k = 0; k < kNumKinds; ++k)
    if (counts[k] > 4)
      throw ParseError(position, "more than four copies of " + kind_to_string(k) + " (" +
                                     std::to_string(counts[k]) + ")");
  static constexpr char kSuits[] = "mps";
  for (int s = 0; s < 3; ++s)
    if (reds[s] > 1)
      throw ParseError(position,
                       std::string("more than one red five (0") + kSuits[s] + ") in the hand");
}

std::vector<Tile> parse_tiles(std::string_view text) {
  return parse_all(text, true, false).concealed;
}

Tile parse_tile(std::string_view text) {
  std::vector<Tile> tiles = parse_tiles(text);
  if (tiles.size() != 1) {
    const std::size_t second = text.find_first_of("0123456789", text.find_first_of("mpsz") + 1);
    throw ParseError(second == std::string_view::npos ? 0 : second,
                     "expected exactly one tile, got " + std::to_string(tiles.size()));
  }
  return tiles[0];
}

Hand parse_hand(std::string_view text) {
  Parsed parsed = parse_all(text, true, true);
  return Hand{std::move(parsed.concealed), std::move(parsed.melds)};
}

std::vector<Meld> parse_melds(std::string_view text) { return parse_all(text, false, true).melds; }

std::string format_tiles(std::span<const Tile> tiles) {
  std::vector<Tile> sorted(tiles.begin(), tiles.end());
  std::sort(sorted.begin(), sorted.end(), [](Tile a, Tile b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.red > b.red;
  });
  std::string out;
  static constexpr char kSuits[] = "mpsz";
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    out += sorted[i].red ? '0' : static_cast<char>('0' + number_of(sorted[i].kind));
    if (i + 1 == sorted.size() || sorted[i + 1].kind / 9 != sorted[i].kind / 9)
      out += kSuits[sorted[i].kind / 9];
  }
  return out;
}

std::string format_meld(const Meld& meld) {
  static constexpr char kLetters[] = {'c', 'p', 'm', 'k', 'a'};
  std::string out(1, kLetters[static_cast<int>(meld.type)]);
  std::vector<Tile> tiles(meld.view().begin(), meld.view().end());
  if (meld.type == MeldType::kChi) {
    // Keep the called tile first, the other two in ascending order.
    std::sort(tiles.begin() + 1, tiles.end(), [](Tile a, Tile b) { return a.kind < b.kind; });
    for (Tile t : tiles) out += t.red ? '0' : static_cast<char>('0' + number_of(t.kind));
    out += "mpsz"[tiles[0].kind / 9];
    return out;
  }
  return out + format_tiles(tiles);
}

std::string format_hand(const Hand& hand) {
  std::string out = format_tiles(hand.concealed);
  for (const Meld& m : hand.melds) {
    if (!out.empty()) out += ' ';
    out += format_meld(m);
  }
  return out;
}

std::string format_counts(const Counts& counts) {
  std::vector<Tile> tiles;
  for (int k = 0; k < kNumKinds; ++k)
    for (int c = 0; c < counts[k]; ++c) tiles.push_back(Tile{static_cast<std::uint8_t>(k), false});
  return format_tiles(tiles);
}

const char* meld_type_name(MeldType type) {
  switch (type) {
    case MeldType::kChi:
      return "chi";
    case MeldType::kPon:
      return "pon";
    case MeldType::kDaiminkan:
      return "daiminkan";
    case MeldType::kKakan:
      return "kakan";
    case MeldType::kAnkan:
      return "ankan";
  }
  return "?";
}

}  // namespace riichi
