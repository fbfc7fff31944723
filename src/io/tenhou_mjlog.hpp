// Tenhou mjlog import (docs/tenhou-mjlog.md): the XML game records of tenhou.net parsed into plain
// structs. Parsing only: no rule is applied here beyond the format's own consistency (tile ids in
// range, seats 0..3, well-formed attribute lists). Replaying a log through the engine is separate.
//
// Units: every score is in points (the file's hundreds multiplied by 100). Seats are the file's
// seats 0..3 (seat 0 is the first dealer's seat only when TAIKYOKU oya = 0). Tiles are the file's
// physical ids 0..135 (id / 4 = kind as in riichi/tile.hpp; ids 16, 52, 88 are the red fives when
// the game plays with them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "riichi/hand.hpp"

namespace riichi::io {

// A malformed or unsupported mjlog. Names the file, the element (tag name, or "xml" for an XML
// syntax error) and where it is: `index` = the element's 0-based index among the children of
// <mjloggm> (-1 when unknown), `offset` = byte offset in the file (-1 when unknown).
class MjlogError : public std::runtime_error {
 public:
  MjlogError(std::string file, std::string element, int index, std::ptrdiff_t offset,
             std::string reason);
  const std::string& file() const { return file_; }
  const std::string& element() const { return element_; }
  int index() const { return index_; }
  std::ptrdiff_t offset() const { return offset_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string file_;
  std::string element_;
  int index_;
  std::ptrdiff_t offset_;
  std::string reason_;
};

// GO type: the lobby's rule bits.
enum class MjlogLobby : std::uint8_t { kIppan, kJoukyuu, kTokujou, kHouou };

struct MjlogGameType {
  int raw = 0;
  bool vs_humans = false;                 // 0x01 (0 = a game against the computer)
  bool red_fives = true;                  // 0x02 clear (the bit means "no red fives")
  bool open_tanyao = true;                // 0x04 clear (the bit means "no kuitan")
  bool hanchan = true;                    // 0x08 set: east-south game; clear: east only (tonpuusen)
  bool three_player = false;              // 0x10
  bool fast = false;                      // 0x40 (soku: shorter thinking time)
  MjlogLobby lobby = MjlogLobby::kIppan;  // 0x20 / 0x80: 00 ippan, 80 joukyuu, 20 tokujou, A0 houou
  // The lobby's short name as Tenhou writes it, e.g. "四鳳南喰赤" for 169.
  std::string label() const;
};
MjlogGameType decode_game_type(int raw);

// One call, decoded from the packed `m` of <N>.
struct MjlogMeld {
  int code = 0;                    // the raw value
  MeldType type = MeldType::kPon;  // riichi/hand.hpp: chi, pon, daiminkan, kakan, ankan
  std::array<int, 4> tiles{};      // tile ids, ascending; size() of them are used
  int called = -1;                 // the tile taken from another player (-1 for ankan); for a
                                   // kakan, the tile taken by the original pon
  int added = -1;                  // kakan: the tile added to the pon
  int from = 0;                    // relative seat of the player called from: 0 = self (ankan),
                                   // 1 = next (shimocha), 2 = opposite, 3 = previous (kamicha)
  int size() const { return type >= MeldType::kDaiminkan ? 4 : 3; }
};
// Decodes the bits of `m` (docs/tenhou-mjlog.md §3). Throws std::invalid_argument for a value
// that is not a 4-player meld (kita, impossible tiles, out of range).
MjlogMeld decode_meld(int code);
// A kita (three players): bit 5 set and bits 2-4 (chi, pon, kakan) clear; the North's id is in
// bits 8-15 (m = id << 8 | 0x20).
bool is_kita_code(int code);

// The engine's meld (riichi/hand.hpp): tiles as kinds with the red flag (ids 16/52/88 are red
// when `red_fives`); a chi's called tile first.
Meld to_meld(const MjlogMeld& meld, bool red_fives);

// Yaku ids 0..54 of AGARI yaku= / yakuman=.
struct MjlogYakuInfo {
  int id = 0;
  std::string_view name;  // the engine's name (riichi/yaku.cpp), or dora / ura / aka
  int closed_han = 0;     // 0 for yakuman
  int open_han = 0;       // 0: closed only
  bool yakuman = false;
};
// nullptr when id is not 0..54.
const MjlogYakuInfo* mjlog_yaku(int id);

struct MjlogYaku {
  int id = 0;
  std::string name;
  int han = 0;  // 0 for a yakuman
};

enum class MjlogEventType : std::uint8_t {
  kDraw,       // T U V W
  kDiscard,    // D E F G
  kCall,       // N
  kRiichi,     // REACH step 1 (declaration) or 2 (accepted, stick paid)
  kDora,       // DORA: a new indicator after a kan
  kBye,        // BYE: a player disconnected
  kReconnect,  // UN with a single name: the player came back
  kKita,       // N with bit 0x20 (three players): the North `tile` set aside as nukidora
};

struct MjlogEvent {
  MjlogEventType type = MjlogEventType::kDraw;
  int who = -1;                              // seat (-1 for kDora)
  int tile = -1;                             // kDraw, kDiscard, kDora, kKita
  bool tsumogiri = false;                    // kDiscard: the tile just drawn by the same player
  MjlogMeld meld;                            // kCall
  int step = 0;                              // kRiichi
  std::optional<std::array<int, 4>> scores;  // kRiichi step 2: scores after the stick
  std::string name;                          // kReconnect: the (decoded) name
  int element = -1;                          // index of the element among the children of <mjloggm>
};

// The liable seat (MjlogAgari::pao, PlainWin::pao) of an unscored win whose log does not say
// (Mortal's mjai hora): the replay leaves the liability to the engine and checks the payments.
inline constexpr int kPaoUnknown = -2;

struct MjlogAgari {
  int who = -1;
  int from_who = -1;  // == who for tsumo
  bool tsumo = false;
  std::vector<int> hand;         // hai: the concealed tiles, winning tile included
  std::vector<MjlogMeld> melds;  // m, without the kita
  int kita = 0;                  // kita in m (three players)
  int win_tile = -1;             // machi
  int fu = 0;
  int points = 0;                    // the hand's value, without honba or sticks
  int limit = 0;                     // 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman,
                                     // 5 yakuman
  std::vector<MjlogYaku> yaku;       // yaku= without the dora counters
  std::vector<MjlogYaku> yakuman;    // yakuman= (han 0 each)
  int dora = 0, ura = 0, aka = 0;    // ids 52, 53, 54
  int han = 0;                       // yaku han + dora + ura + aka (0 for yakuman)
  std::vector<int> dora_indicators;  // doraHai
  std::vector<int> ura_indicators;   // doraHaiUra
  int honba = 0, sticks = 0;         // ba
  std::array<int, 4> scores{};       // sc: before the hand's payments (riichi sticks paid)
  std::array<int, 4> deltas{};       // sc: the changes
  int pao = -1;                      // paoWho (-1 none, kPaoUnknown)
  bool scored = true;  // false: only who won is known (a tenhou.net/6 log without the points)
  int element = -1;
};

enum class MjlogDrawType : std::uint8_t {
  kExhaustive,     // no type: wall exhausted
  kNineTerminals,  // yao9 (kyuushu kyuuhai)
  kFourRiichi,     // reach4
  kTripleRon,      // ron3
  kFourKans,       // kan4
  kFourWinds,      // kaze4
  kNagashiMangan,  // nm
};
std::string_view draw_type_name(MjlogDrawType type);  // "exhaustive", "yao9", ...

struct MjlogDraw {
  MjlogDrawType type = MjlogDrawType::kExhaustive;
  int honba = 0, sticks = 0;    // ba
  std::array<int, 4> scores{};  // sc before
  std::array<int, 4> deltas{};  // sc changes
  std::array<bool, 4> shown{};  // hai0..3 present (tenpai, or the yao9 declarer)
  std::array<std::vector<int>, 4> hands;
  bool detailed = true;  // false: only "a draw" is known (io/plain_game.hpp end_detailed)
  int element = -1;
};

struct MjlogRound {
  int round = 0;  // seed[0]: 0..3 East 1..4, 4..7 South 1..4, 8.. West
  int honba = 0;
  int sticks = 0;  // riichi sticks on the table at the start
  std::array<int, 2> dice{};
  int dora_indicator = -1;
  std::array<int, 4> scores{};            // ten
  int dealer = 0;                         // oya
  std::array<std::vector<int>, 4> hands;  // hai0..3: 13 tiles each
  std::vector<MjlogEvent> events;
  std::vector<MjlogAgari> agari;  // one, or several for a multiple ron
  std::optional<MjlogDraw> draw;
  bool finished() const { return !agari.empty() || draw.has_value(); }
  int element = -1;  // the INIT element
};

struct MjlogGame {
  std::string file;
  // The Tenhou log id ("2010081709gm-00a9-0000-fe3371ad": date, hour, lobby type, lobby, hash)
  // when known: the file's name, or a tenhou.net/6 log's "ref". It dates the game's rules
  // (io/tenhou_rules.hpp).
  std::string log_id;
  std::string version;  // mjloggm ver
  MjlogGameType type;
  int lobby_id = -1;                 // GO lobby (custom lobby number), -1 when absent
  std::array<std::string, 4> names;  // UN n0..n3, URL-decoded (UTF-8)
  std::array<int, 4> dan{};          // UN dan (-1 when absent)
  std::array<double, 4> rate{};      // UN rate
  std::array<std::string, 4> sex;    // UN sx
  std::string shuffle;               // SHUFFLE seed (the wall generator), "" when absent
  int first_dealer = 0;              // TAIKYOKU oya
  // BYE / reconnection UN before the first INIT (a player left while the table was forming:
  // legal in real logs, e.g. 2021070103gm-00a9-0000-b9ea66d3).
  std::vector<MjlogEvent> pregame;
  std::vector<MjlogRound> rounds;
  bool has_owari = false;
  std::array<int, 4> final_scores{};      // owari: points
  std::array<double, 4> final_results{};  // owari: the game result after uma/oka (e.g. 49.0)
  // True when the log stops before the game's end (no owari): the rounds parsed are kept and
  // `truncation` says where it stops ("mid-round", "between rounds", "xml cut").
  bool truncated = false;
  std::string truncation;
  // The log starts after the game's first hand (a tenhou.net/6 excerpt): the first hand's start
  // is not compared with the game's start.
  bool starts_mid_game = false;
};

// Parses one mjlog. `file` names the source in errors. Throws MjlogError.
MjlogGame parse_mjlog(std::string_view xml, const std::string& file = "<mjlog>");
// Reads and parses a file (plain XML; a gzip-compressed file is rejected with a clear error).
MjlogGame read_mjlog(const std::filesystem::path& path);

// "%E5%8F%8D" -> UTF-8 bytes. Throws std::invalid_argument on a malformed escape or when the
// result is not valid UTF-8.
std::string url_decode(std::string_view text);

}  // namespace riichi::io
