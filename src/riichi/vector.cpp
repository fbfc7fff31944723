// Parser of the win-vector notation (RULES.md §1.3); grammar in vector.hpp.
#include "riichi/vector.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace riichi {

namespace {

constexpr std::string_view kWindLetters = "ESWN";

struct FlagDef {
  std::string_view name;
  bool WinContext::*field;
};
constexpr std::array<FlagDef, 10> kFlags = {{
    {"riichi", &WinContext::riichi},
    {"double_riichi", &WinContext::double_riichi},
    {"ippatsu", &WinContext::ippatsu},
    {"haitei", &WinContext::haitei},
    {"houtei", &WinContext::houtei},
    {"rinshan", &WinContext::rinshan},
    {"chankan", &WinContext::chankan},
    {"tenhou", &WinContext::tenhou},
    {"chiihou", &WinContext::chiihou},
    {"renhou", &WinContext::renhou},
}};

constexpr std::array<std::string_view, 12> kKeys = {"closed", "melds",  "win",  "seat",
                                                    "round",  "dora",   "ura",  "flags",
                                                    "honba",  "sticks", "from", "pao"};

std::string accepted_flags() {
  std::string out;
  for (const FlagDef& f : kFlags) {
    if (!out.empty()) out += ", ";
    out += f.name;
  }
  return out;
}

std::string accepted_keys() {
  std::string out;
  for (std::string_view k : kKeys) {
    if (!out.empty()) out += ", ";
    out += k;
  }
  return out + ", and the words ron or tsumo";
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// One whitespace-separated token of the vector; a '[' ... ']' group may contain spaces.
struct Token {
  std::string_view text;
  std::size_t pos = 0;
};

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) {
      if (text[i] == '[') {
        const std::size_t open = i;
        while (i < text.size() && text[i] != ']') ++i;
        if (i == text.size()) throw ParseError(open, "'[' is never closed by ']'");
      }
      ++i;
    }
    tokens.push_back(Token{text.substr(start, i - start), start});
  }
  return tokens;
}

// Re-throws a ParseError raised while parsing `value` (which starts at `offset` in the whole
// vector) with its position counted from the start of the vector.
template <typename F>
auto rebased(std::size_t offset, std::string_view what, F&& parse) {
  try {
    return parse();
  } catch (const ParseError& e) {
    throw ParseError(offset + e.position(), std::string(what) + ": " + e.reason());
  }
}

int parse_wind(std::string_view key, std::string_view value, std::size_t pos) {
  if (value.size() != 1 || kWindLetters.find(value[0]) == std::string_view::npos)
    throw ParseError(pos, std::string(key) + "= takes a wind letter E, S, W or N, got '" +
                              std::string(value) + "'");
  return static_cast<int>(kWindLetters.find(value[0]));
}

int parse_count(std::string_view key, std::string_view value, std::size_t pos) {
  if (value.empty()) throw ParseError(pos, std::string(key) + "= needs a number (0 or more)");
  int n = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(value[i])))
      throw ParseError(pos + i, std::string(key) + "= takes a whole number 0..999, got '" +
                                    std::string(value) + "'");
    n = n * 10 + (value[i] - '0');
    if (n > 999)
      throw ParseError(
          pos, std::string(key) + "= is too large (at most 999), got '" + std::string(value) + "'");
  }
  return n;
}

// Positions (in the whole vector) of each tile of a tile or meld string, in the order the hand
// parser produces them: every digit is one tile.
std::vector<std::size_t> digit_positions(std::string_view value, std::size_t offset) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < value.size(); ++i)
    if (value[i] >= '0' && value[i] <= '9') out.push_back(offset + i);
  return out;
}

struct PlacedTile {
  Tile tile;
  std::size_t pos;
};

}  // namespace

WinVector parse_win_vector(std::string_view text) {
  WinVector v;
  WinContext& ctx = v.context;
  ctx.seat = 1;        // South
  ctx.round_wind = 0;  // East

  bool seen[kKeys.size()] = {};
  std::size_t closed_pos = 0;
  bool has_win = false, has_closed = false;
  std::size_t win_kind_pos = std::string_view::npos;  // position of the ron/tsumo word
  std::size_t from_pos = 0, pao_pos = 0;
  bool has_from = false, has_pao = false;
  std::vector<PlacedTile> placed;  // closed + meld + win tiles with their positions

  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    throw ParseError(0, "empty vector (expected e.g. \"closed=123m456p789s1122z win=2z ron\")");

  for (const Token& tok : tokenize(text)) {
    const std::size_t eq = tok.text.find('=');
    if (eq == std::string_view::npos) {
      if (tok.text == "ron" || tok.text == "tsumo") {
        if (win_kind_pos != std::string_view::npos)
          throw ParseError(tok.pos, "both ron and tsumo given (or one of them twice); give one");
        win_kind_pos = tok.pos;
        ctx.tsumo = tok.text == "tsumo";
        continue;
      }
      throw ParseError(tok.pos,
                       "unknown word '" + std::string(tok.text) +
                           "' (expected key=value, ron or tsumo; keys: " + accepted_keys() + ")");
    }
    const std::string_view key = tok.text.substr(0, eq);
    const std::string_view value = tok.text.substr(eq + 1);
    const std::size_t vpos = tok.pos + eq + 1;
    std::size_t key_index = kKeys.size();
    for (std::size_t k = 0; k < kKeys.size(); ++k)
      if (kKeys[k] == key) key_index = k;
    if (key_index == kKeys.size())
      throw ParseError(
          tok.pos, "unknown key '" + std::string(key) + "' (accepted: " + accepted_keys() + ")");
    if (seen[key_index]) throw ParseError(tok.pos, "key '" + std::string(key) + "' given twice");
    seen[key_index] = true;

    if (key == "closed") {
      if (value.empty()) throw ParseError(vpos, "closed= needs tiles, e.g. closed=123m456p11z");
      v.hand.concealed = rebased(vpos, "closed", [&] { return parse_tiles(value); });
      const auto positions = digit_positions(value, vpos);
      for (std::size_t i = 0; i < v.hand.concealed.size(); ++i)
        placed.push_back({v.hand.concealed[i], positions[i]});
      closed_pos = vpos;
      has_closed = true;
    } else if (key == "melds") {
      std::string_view inner = value;
      std::size_t ipos = vpos;
      if (!inner.empty() && inner.front() == '[') {
        if (inner.back() != ']')
          throw ParseError(vpos + inner.size(), "melds=[...] must end with ']'");
        inner = inner.substr(1, inner.size() - 2);
        ipos = vpos + 1;
      } else if (inner.find(']') != std::string_view::npos) {
        throw ParseError(vpos + inner.find(']'), "']' without a matching '['");
      }
      if (inner.find_first_not_of(" ,\t") == std::string_view::npos) {
        v.hand.melds.clear();  // melds=[] is an explicit "no melds"
      } else {
        v.hand.melds = rebased(ipos, "melds", [&] { return parse_melds(inner); });
        const auto positions = digit_positions(inner, ipos);
        std::size_t t = 0;
        for (const Meld& m : v.hand.melds)
          for (Tile tile : m.view()) placed.push_back({tile, positions[t++]});
      }
    } else if (key == "win") {
      if (value.empty()) throw ParseError(vpos, "win= needs one tile, e.g. win=9s");
      v.win = rebased(vpos, "win", [&] { return parse_tile(value); });
      placed.push_back({v.win, digit_positions(value, vpos).front()});
      has_win = true;
    } else if (key == "seat") {
      ctx.seat = parse_wind(key, value, vpos);
    } else if (key == "round") {
      ctx.round_wind = parse_wind(key, value, vpos);
    } else if (key == "dora" || key == "ura") {
      std::vector<Tile> tiles;
      if (!value.empty()) tiles = rebased(vpos, key, [&] { return parse_tiles(value); });
      (key == "dora" ? ctx.dora_indicators : ctx.ura_indicators) = std::move(tiles);
    } else if (key == "flags") {
      std::size_t i = 0;
      while (i <= value.size()) {
        const std::size_t comma = std::min(value.find(',', i), value.size());
        const std::string_view name = value.substr(i, comma - i);
        if (!name.empty()) {
          bool found = false;
          for (const FlagDef& f : kFlags)
            if (f.name == name) {
              ctx.*f.field = true;
              found = true;
            }
          if (!found)
            throw ParseError(vpos + i, "unknown flag '" + std::string(name) +
                                           "' (accepted: " + accepted_flags() + ")");
        }
        i = comma + 1;
      }
    } else if (key == "honba") {
      ctx.honba = parse_count(key, value, vpos);
    } else if (key == "sticks") {
      ctx.riichi_sticks = parse_count(key, value, vpos);
    } else if (key == "from") {
      ctx.discarder = parse_wind(key, value, vpos);
      from_pos = tok.pos;
      has_from = true;
    } else if (key == "pao") {
      ctx.liable = parse_wind(key, value, vpos);
      pao_pos = tok.pos;
      has_pao = true;
    }
  }

  if (ctx.double_riichi) ctx.riichi = true;

  if (!has_closed)
    throw ParseError(text.size(),
                     "missing closed=<tiles> (the concealed tiles without the "
                     "winning tile)");
  if (!has_win) throw ParseError(text.size(), "missing win=<tile> (the winning tile)");
  if (win_kind_pos == std::string_view::npos)
    throw ParseError(text.size(), "missing ron or tsumo (how the hand was won)");
  if (has_from && ctx.tsumo)
    throw ParseError(from_pos, "from= names the discarder of a ron; this win is a tsumo");
  if (has_from && ctx.discarder == ctx.seat)
    throw ParseError(from_pos,
                     "from= is the winner's own seat; the discarder must be another "
                     "player");
  if (has_pao && ctx.liable == ctx.seat)
    throw ParseError(pao_pos,
                     "pao= is the winner's own seat; the liable player must be another "
                     "player");

  // Copy and red-five limits over the winner's tiles, reported at the first offending tile in
  // the order the tiles appear in the vector.
  std::sort(placed.begin(), placed.end(),
            [](const PlacedTile& a, const PlacedTile& b) { return a.pos < b.pos; });
  std::vector<Tile> so_far;
  for (const PlacedTile& p : placed) {
    so_far.push_back(p.tile);
    check_tile_limits(so_far, p.pos);
  }

  int count = static_cast<int>(v.hand.concealed.size()) + 1;
  for (std::size_t i = 0; i < v.hand.melds.size(); ++i) count += 3;
  if (count != 14)
    throw ParseError(closed_pos,
                     "wrong tile count: closed (" + std::to_string(v.hand.concealed.size()) +
                         ") + 3 per meld (" + std::to_string(v.hand.melds.size()) +
                         " melds) + the winning tile = " + std::to_string(count) + ", expected 14");
  return v;
}

std::string format_win_vector(const WinVector& v) {
  const WinContext& c = v.context;
  const auto wind = [](int w) { return kWindLetters[static_cast<std::size_t>(w & 3)]; };
  std::string out = "closed=";
  out += format_tiles(v.hand.concealed);
  if (!v.hand.melds.empty()) {
    out += " melds=[";
    for (std::size_t i = 0; i < v.hand.melds.size(); ++i) {
      if (i > 0) out += ' ';
      out += format_meld(v.hand.melds[i]);
    }
    out += ']';
  }
  out += " win=";
  out += tile_to_string(v.win);
  out += c.tsumo ? " tsumo" : " ron";
  out += " seat=";
  out += wind(c.seat);
  out += " round=";
  out += wind(c.round_wind);
  if (!c.dora_indicators.empty()) {
    out += " dora=";
    out += format_tiles(c.dora_indicators);
  }
  if (!c.ura_indicators.empty()) {
    out += " ura=";
    out += format_tiles(c.ura_indicators);
  }
  bool first = true;
  for (const FlagDef& f : kFlags) {
    if (!(c.*f.field) || (f.name == "riichi" && c.double_riichi)) continue;
    out += first ? " flags=" : ",";
    out += f.name;
    first = false;
  }
  if (c.honba > 0) {
    out += " honba=";
    out += std::to_string(c.honba);
  }
  if (c.riichi_sticks > 0) {
    out += " sticks=";
    out += std::to_string(c.riichi_sticks);
  }
  if (!c.tsumo && c.discarder >= 0) {
    out += " from=";
    out += wind(c.discarder);
  }
  if (c.liable >= 0) {
    out += " pao=";
    out += wind(c.liable);
  }
  return out;
}

}  // namespace riichi
