#include "riichi/tile.hpp"

namespace riichi {

std::string kind_to_string(int kind) {
  static constexpr char kSuitLetters[] = {'m', 'p', 's', 'z'};
  return std::string{static_cast<char>('0' + number_of(kind)), kSuitLetters[kind / 9]};
}

std::string tile_to_string(Tile tile) {
  std::string s = kind_to_string(tile.kind);
  if (tile.red) s[0] = '0';
  return s;
}

}  // namespace riichi
