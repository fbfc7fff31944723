// The codes of the Tenhou mjlog format (docs/tenhou-mjlog.md): the game type's bits, the meld
// codes, the yaku ids and the URL-encoded player names. Decoding only; the XML parser that calls
// these is tenhou_mjlog.cpp.
#include <algorithm>
#include <array>
#include <iterator>
#include <stdexcept>

#include "io/json_text.hpp"
#include "io/tenhou_mjlog.hpp"

namespace riichi::io {

namespace {

// Yaku ids 0..54 (docs/tenhou-mjlog.md §5). Names follow src/riichi/yaku.cpp; the four seat-wind
// ids and the four round-wind ids share one engine name each.
constexpr MjlogYakuInfo kYaku[] = {
    {0, "menzen_tsumo", 1, 0, false},
    {1, "riichi", 1, 0, false},
    {2, "ippatsu", 1, 0, false},
    {3, "chankan", 1, 1, false},
    {4, "rinshan_kaihou", 1, 1, false},
    {5, "haitei", 1, 1, false},
    {6, "houtei", 1, 1, false},
    {7, "pinfu", 1, 0, false},
    {8, "tanyao", 1, 1, false},
    {9, "iipeikou", 1, 0, false},
    {10, "yakuhai_seat_wind", 1, 1, false},   // East
    {11, "yakuhai_seat_wind", 1, 1, false},   // South
    {12, "yakuhai_seat_wind", 1, 1, false},   // West
    {13, "yakuhai_seat_wind", 1, 1, false},   // North
    {14, "yakuhai_round_wind", 1, 1, false},  // East
    {15, "yakuhai_round_wind", 1, 1, false},  // South
    {16, "yakuhai_round_wind", 1, 1, false},  // West
    {17, "yakuhai_round_wind", 1, 1, false},  // North
    {18, "yakuhai_haku", 1, 1, false},
    {19, "yakuhai_hatsu", 1, 1, false},
    {20, "yakuhai_chun", 1, 1, false},
    {21, "double_riichi", 2, 0, false},
    {22, "chiitoitsu", 2, 0, false},
    {23, "chanta", 2, 1, false},
    {24, "ittsu", 2, 1, false},
    {25, "sanshoku_doujun", 2, 1, false},
    {26, "sanshoku_doukou", 2, 2, false},
    {27, "san_kantsu", 2, 2, false},
    {28, "toitoi", 2, 2, false},
    {29, "san_ankou", 2, 2, false},
    {30, "shousangen", 2, 2, false},
    {31, "honroutou", 2, 2, false},
    {32, "ryanpeikou", 3, 0, false},
    {33, "junchan", 3, 2, false},
    {34, "honitsu", 3, 2, false},
    {35, "chinitsu", 6, 5, false},
    {36, "renhou", 5, 0, false},  // not played at Tenhou (a mangan where it is)
    {37, "tenhou", 0, 0, true},
    {38, "chiihou", 0, 0, true},
    {39, "daisangen", 0, 0, true},
    {40, "suu_ankou", 0, 0, true},
    {41, "suu_ankou_tanki", 0, 0, true},
    {42, "tsuuiisou", 0, 0, true},
    {43, "ryuuiisou", 0, 0, true},
    {44, "chinroutou", 0, 0, true},
    {45, "chuuren_poutou", 0, 0, true},
    {46, "junsei_chuuren_poutou", 0, 0, true},
    {47, "kokushi_musou", 0, 0, true},
    {48, "kokushi_musou_13_sided", 0, 0, true},
    {49, "daisuushii", 0, 0, true},
    {50, "shousuushii", 0, 0, true},
    {51, "suu_kantsu", 0, 0, true},
    {52, "dora", 0, 0, false},  // counters: han = the number of dora
    {53, "ura", 0, 0, false},
    {54, "aka", 0, 0, false},
};
constexpr int kNumYakuIds = static_cast<int>(std::size(kYaku));
static_assert(kNumYakuIds == 55);

}  // namespace

MjlogGameType decode_game_type(int raw) {
  MjlogGameType t;
  t.raw = raw;
  t.vs_humans = raw & 0x01;
  t.red_fives = !(raw & 0x02);
  t.open_tanyao = !(raw & 0x04);
  t.hanchan = raw & 0x08;
  t.three_player = raw & 0x10;
  t.fast = raw & 0x40;
  const bool b20 = raw & 0x20, b80 = raw & 0x80;
  t.lobby = b20 ? (b80 ? MjlogLobby::kHouou : MjlogLobby::kTokujou)
                : (b80 ? MjlogLobby::kJoukyuu : MjlogLobby::kIppan);
  return t;
}

std::string MjlogGameType::label() const {
  static constexpr const char* kLobby[] = {"般", "上", "特", "鳳"};
  std::string s = three_player ? "三" : "四";
  s += kLobby[static_cast<int>(lobby)];
  s += hanchan ? "南" : "東";
  if (open_tanyao) s += "喰";
  if (red_fives) s += "赤";
  if (fast) s += "速";
  return s;
}

bool is_kita_code(int code) { return (code & 0x3C) == 0x20; }

MjlogMeld decode_meld(int code) {
  if (code < 0 || code > 0xFFFF) throw std::invalid_argument("meld code out of range 0..65535");
  MjlogMeld m;
  m.code = code;
  m.from = code & 3;
  if (code & 0x4) {
    // Chi: bits 10.. = (start * 3 + called index), start = suit * 7 + (number - 1) for the
    // lowest tile 1..7; bits 3-4, 5-6, 7-8 = the copy (0..3) of each of the three tiles.
    const int t = code >> 10;
    const int called = t % 3;
    const int start = t / 3;
    if (start >= 21) throw std::invalid_argument("chi: no such run");
    const int kind = start / 7 * 9 + start % 7;
    m.type = MeldType::kChi;
    for (int i = 0; i < 3; ++i) m.tiles[i] = (kind + i) * 4 + ((code >> (3 + 2 * i)) & 3);
    m.called = m.tiles[called];
    if (m.from != 3) throw std::invalid_argument("chi: not called from the previous player");
    return m;
  }
  if (code & 0x18) {
    // Pon (0x08) and kakan (0x10): bits 9.. = (kind * 3 + called index among the three pon
    // tiles); bits 5-6 = the copy left out of the pon (for a kakan: the tile added).
    if ((code & 0x18) == 0x18) throw std::invalid_argument("both pon and kakan bits set");
    const int t = code >> 9;
    const int called = t % 3;
    const int kind = t / 3;
    if (kind >= kNumKinds) throw std::invalid_argument("pon: no such tile");
    const int unused = (code >> 5) & 3;
    std::array<int, 3> pon{};
    for (int copy = 0, n = 0; copy < 4; ++copy) {
      if (copy != unused) pon[n++] = kind * 4 + copy;
    }
    m.called = pon[called];
    if (m.from == 0) throw std::invalid_argument("pon: called from oneself");
    if (code & 0x08) {
      m.type = MeldType::kPon;
      std::copy(pon.begin(), pon.end(), m.tiles.begin());
    } else {
      m.type = MeldType::kKakan;
      for (int copy = 0; copy < 4; ++copy) m.tiles[copy] = kind * 4 + copy;
      m.added = kind * 4 + unused;
    }
    return m;
  }
  if (code & 0x20) throw std::invalid_argument("kita (three-player north) is not a 4-player meld");
  // Kan: bits 8.. = the tile id (the called tile of a daiminkan); from 0 = ankan.
  const int tile = code >> 8;
  if (tile >= kNumTiles) throw std::invalid_argument("kan: no such tile");
  const int kind = tile / 4;
  for (int copy = 0; copy < 4; ++copy) m.tiles[copy] = kind * 4 + copy;
  if (m.from == 0) {
    m.type = MeldType::kAnkan;
  } else {
    m.type = MeldType::kDaiminkan;
    m.called = tile;
  }
  return m;
}

Meld to_meld(const MjlogMeld& meld, bool red_fives) {
  Meld out;
  out.type = meld.type;
  int n = 0;
  if (meld.type == MeldType::kChi) out.tiles[n++] = tile_of_id(meld.called, red_fives);
  for (int i = 0; i < meld.size(); ++i) {
    if (meld.type == MeldType::kChi && meld.tiles[i] == meld.called) continue;
    out.tiles[n++] = tile_of_id(meld.tiles[i], red_fives);
  }
  return out;
}

const MjlogYakuInfo* mjlog_yaku(int id) {
  if (id < 0 || id >= kNumYakuIds) return nullptr;
  return &kYaku[id];
}

std::string url_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) {
      throw std::invalid_argument("truncated %-escape");
    }
    const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
    if (hi < 0 || lo < 0) throw std::invalid_argument("bad %-escape");
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  std::size_t bad = 0;
  if (!is_valid_utf8(out, &bad))
    throw std::invalid_argument("not valid UTF-8 once decoded (byte " + std::to_string(bad) + ")");
  return out;
}

}  // namespace riichi::io
