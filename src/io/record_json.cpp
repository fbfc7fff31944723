// The JSON-lines game record (docs/record-format.md).
#include "io/record_json.hpp"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>
#include <utility>

#include "io/io_internal.hpp"
#include "io/json_text.hpp"
#include "riichi/dora.hpp"
#include "riichi/hand.hpp"

namespace riichi::io {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr const char* kFrameTypes[] = {"header", "hand", "action", "hand_end", "game_end"};
constexpr const char* kActionNames[] = {"discard",   "riichi", "tsumo", "ron",     "chi",  "pon",
                                        "daiminkan", "kakan",  "ankan", "kyuushu", "pass", "kita"};

template <typename Ids>
std::string tiles_text(const Ids& ids, std::size_t n, bool red) {
  std::vector<Tile> tiles;
  tiles.reserve(n);
  for (std::size_t i = 0; i < n; ++i) tiles.push_back(tile_of_id(ids[i], red));
  return format_tiles(tiles);
}

const char* round_end_name(RoundEnd e) {
  switch (e) {
    case RoundEnd::kWin:
      return "win";
    case RoundEnd::kExhaustiveDraw:
      return "exhaustive_draw";
    case RoundEnd::kAbortiveDraw:
      return "abortive_draw";
    case RoundEnd::kChombo:
      return "chombo";
  }
  return "?";
}

const char* abortive_name(AbortiveDraw a) {
  switch (a) {
    case AbortiveDraw::kNone:
      return "none";
    case AbortiveDraw::kKyuushuKyuuhai:
      return "kyuushu_kyuuhai";
    case AbortiveDraw::kSuufonRenda:
      return "suufon_renda";
    case AbortiveDraw::kSuukaikan:
      return "suukaikan";
    case AbortiveDraw::kSuuchaRiichi:
      return "suucha_riichi";
    case AbortiveDraw::kSanchahou:
      return "sanchahou";
  }
  return "?";
}

const char* game_end_name(GameEnd e) {
  switch (e) {
    case GameEnd::kNotOver:
      return "not_over";
    case GameEnd::kLastHand:
      return "last_hand";
    case GameEnd::kAgariYame:
      return "agari_yame";
    case GameEnd::kBankruptcy:
      return "bankruptcy";
    case GameEnd::kSuddenDeath:
      return "sudden_death";
    case GameEnd::kWestLimit:
      return "west_limit";
  }
  return "?";
}

ordered_json seat_or_null(int seat) { return seat >= 0 ? ordered_json(seat) : ordered_json(); }

ordered_json int_array(const std::array<int, 4>& a) {
  return ordered_json::array({a[0], a[1], a[2], a[3]});
}

ordered_json seat_list(const std::array<bool, 4>& flags) {
  ordered_json out = ordered_json::array();
  for (int s = 0; s < 4; ++s)
    if (flags[static_cast<std::size_t>(s)]) out.push_back(s);
  return out;
}

// The win line: who, on what, and the whole scoring explanation.
ordered_json win_line(const Event& e, const HandLog& hand, const std::vector<std::uint8_t>& dora,
                      const Rules& rules) {
  const bool red = rules.red_fives;
  ordered_json j;
  j["type"] = "win";
  const std::size_t index = e.index >= 0 ? static_cast<std::size_t>(e.index) : 0;
  if (index >= hand.result.wins.size()) {
    j["seat"] = e.seat;
    j["error"] = "no such win in the result";
    return j;
  }
  const WinRecord& w = hand.result.wins[index];
  const ScoreResult& r = w.score;
  const int dealer = hand.setup.dealer;
  j["seat"] = w.winner;
  j["from"] = seat_or_null(w.from);
  j["win_type"] = w.from < 0 ? "tsumo" : "ron";
  j["tile"] = tile_to_string(w.win);
  j["hand"] = format_hand(w.hand);
  j["seat_wind"] = wind_letter((w.winner - dealer + rules.players) % rules.players);
  j["liable"] = seat_or_null(w.liable);
  j["han"] = r.han;
  j["fu"] = r.fu;
  j["fu_raw"] = r.fu_raw;
  j["yaku_han"] = r.yaku_han;
  ordered_json yaku = ordered_json::array();
  bool riichi = false;
  for (const YakuItem& y : r.yaku) {
    ordered_json item;
    item["name"] = y.name;
    item["han"] = y.han;
    if (y.yakuman > 0) item["yakuman"] = y.yakuman;
    yaku.push_back(std::move(item));
    riichi |= y.name == "riichi" || y.name == "double_riichi";
  }
  j["yaku"] = std::move(yaku);
  ordered_json fu = ordered_json::array();
  for (const FuItem& f : r.fu_items) {
    ordered_json item;
    item["name"] = f.name;
    item["fu"] = f.fu;
    fu.push_back(std::move(item));
  }
  j["fu_items"] = std::move(fu);
  j["dora"] = r.dora;
  j["ura"] = r.ura;
  j["red"] = r.red;
  j["limit"] =
      r.limit == Limit::kNone ? ordered_json() : ordered_json(limit_name(r.limit, r.yakuman_units));
  j["yakuman"] = r.yakuman_units;
  j["basic_points"] = r.basic_points;
  j["dora_indicators"] = tiles_text(dora, dora.size(), red);
  j["ura_indicators"] =
      riichi ? tiles_text(hand.ura_indicators, hand.ura_indicators.size(), red) : std::string();
  const Payments& p = r.payments;
  ordered_json pay;
  if (w.from >= 0) {
    pay["ron"] = p.ron;
  } else if (w.winner == dealer) {
    pay["each"] = p.each;
  } else {
    pay["dealer"] = p.dealer;
    pay["non_dealer"] = p.non_dealer;
  }
  pay["honba"] = hand.setup.honba;
  pay["total"] = p.total;
  pay["sticks"] = p.sticks;
  // Payments::delta is by seat wind; the record speaks of absolute seats.
  // Three players: seat winds over seats 0..2 (seat 3 empty).
  const int players = rules.players;
  std::array<int, 4> deltas{};
  for (int s = 0; s < players; ++s)
    deltas[static_cast<std::size_t>(s)] =
        p.delta[static_cast<std::size_t>((s - dealer + players) % players)];
  deltas[static_cast<std::size_t>(w.winner)] += p.sticks;
  pay["deltas"] = int_array(deltas);
  j["payments"] = std::move(pay);
  j["reading"] = r.reading;
  return j;
}

ordered_json event_line(const Event& e, const HandLog& hand, std::vector<std::uint8_t>& dora,
                        const Rules& rules) {
  const bool red = rules.red_fives;
  ordered_json j;
  j["type"] = event_type_name(e.type);
  switch (e.type) {
    case EventType::kDeal:
    case EventType::kReveal:
      j["seat"] = e.seat;
      j["tiles"] = tiles_text(e.hand, e.hand_size, red);
      break;
    case EventType::kDraw:
      j["seat"] = e.seat;
      j["tile"] = tile_text(e.tile, red);
      j["rinshan"] = e.rinshan;
      break;
    case EventType::kDiscard:
      j["seat"] = e.seat;
      j["tile"] = tile_text(e.tile, red);
      j["tsumogiri"] = e.tsumogiri;
      j["riichi"] = e.riichi;
      break;
    case EventType::kCall: {
      j["seat"] = e.seat;
      j["call"] = meld_type_name(e.meld);
      Meld m;
      m.type = e.meld;
      for (int i = 0; i < m.size(); ++i)
        m.tiles[static_cast<std::size_t>(i)] =
            tile_of_id(e.meld_ids[static_cast<std::size_t>(i)], red);
      j["meld"] = format_meld(m);
      if (e.meld == MeldType::kKakan)
        j["tile"] = tile_text(e.meld_ids[3], red);
      else if (e.meld != MeldType::kAnkan)
        j["tile"] = tile_text(e.meld_ids[0], red);
      j["from"] = seat_or_null(e.from);
      break;
    }
    case EventType::kRiichiDeclared:
    case EventType::kRiichiAccepted:
      j["seat"] = e.seat;
      break;
    case EventType::kDoraRevealed:
      dora.push_back(static_cast<std::uint8_t>(e.tile));
      j["indicator"] = tile_text(e.tile, red);
      j["dora"] = kind_to_string(dora_in_play(e.tile / 4, rules));  // sanma: 1m -> 9m
      break;
    case EventType::kWin:
      return win_line(e, hand, dora, rules);
    case EventType::kExhaustiveDraw:
      j["tenpai"] = seat_list(hand.result.tenpai);
      j["nagashi"] = seat_list(hand.result.nagashi);
      j["deltas"] = int_array(hand.result.deltas);
      break;
    case EventType::kAbortiveDraw:
      j["kind"] = abortive_name(hand.result.abortive);
      j["seat"] = seat_or_null(e.seat);
      break;
    case EventType::kKita:
      j["seat"] = e.seat;
      j["tile"] = tile_text(e.tile, red);
      break;
  }
  return j;
}

[[noreturn]] void fail(int line, const std::string& what) { throw RecordError(line, what); }

const json& field(const json& j, const char* key, int line, const char* what) {
  const auto it = j.find(key);
  if (it == j.end()) {
    std::string m = what;
    m += ": missing field '";
    m += key;
    m += "'";
    fail(line, m);
  }
  return *it;
}

std::string string_field(const json& j, const char* key, int line, const char* what) {
  const json& v = field(j, key, line, what);
  if (!v.is_string()) {
    std::string m = what;
    m += ": field '";
    m += key;
    m += "' must be a string";
    fail(line, m);
  }
  return v.get<std::string>();
}

// The physical id standing for a tile value: copy 0 for a red five, else copy 3 (never red).
std::int16_t id_of(Tile t) { return static_cast<std::int16_t>(t.kind * 4 + (t.red ? 0 : 3)); }

bool is_event_or_frame(const std::string& type) {
  for (int e = 0; e < kNumEventTypes; ++e)
    if (type == event_type_name(static_cast<EventType>(e))) return true;
  for (const char* t : kFrameTypes)
    if (type == t) return true;
  return false;
}

std::string known_types() {
  std::string s;
  for (const char* t : kFrameTypes) s += (s.empty() ? "" : ", ") + std::string(t);
  for (int e = 0; e < kNumEventTypes; ++e) {
    s += ", ";
    s += event_type_name(static_cast<EventType>(e));
  }
  return s;
}

Rules rules_from_header(const json& rules, int line) {
  if (!rules.is_object()) fail(line, "header: 'rules' must be an object");
  const std::string preset = string_field(rules, "preset", line, "header rules");
  std::string spec = preset;
  const auto fields = rules.find("fields");
  if (fields != rules.end()) {
    if (!fields->is_object()) fail(line, "header: rules.fields must be an object");
    for (const auto& [key, value] : fields->items()) {
      if (!value.is_string())
        fail(line, "header: rules.fields." + key + " must be a string (e.g. \"true\", \"4\")");
      spec += ',';
      spec += key;
      spec += '=';
      spec += value.get<std::string>();
    }
  }
  std::string error;
  const std::optional<Rules> parsed = Rules::try_parse(spec, &error);
  if (!parsed) fail(line, "header: " + error);
  return *parsed;
}

}  // namespace

std::string wind_letter(int wind) {
  static constexpr char kLetters[] = "ESWN";
  return wind >= 0 && wind < 4 ? std::string(1, kLetters[wind]) : std::string("?");
}

RecordError::RecordError(int line, const std::string& what)
    : std::runtime_error(line > 0 ? "line " + std::to_string(line) + ": " + what : what),
      line_(line),
      reason_(what) {}

ordered_json action_to_json(const Action& a, bool red) {
  ordered_json j;
  j["seat"] = a.seat;
  j["action"] = action_type_name(a.type);
  // Every field the engine compares when it matches an action (Round::matches): the tile, the
  // tsumogiri flag and the tiles used from the hand.
  if (a.tile >= 0 && a.tile < kNumTiles) j["tile"] = tile_text(a.tile, red);
  if (a.type == ActionType::kDiscard || a.type == ActionType::kRiichi || a.tsumogiri)
    j["tsumogiri"] = a.tsumogiri;
  std::vector<int> uses;
  for (const auto u : a.uses)
    if (u >= 0 && u < kNumTiles) uses.push_back(u);
  if (!uses.empty()) j["uses"] = tiles_text(uses, uses.size(), red);
  return j;
}

Action action_from_json(const json& j, bool red_fives) {
  (void)red_fives;  // red fives are written '0' whatever the rules; replay refuses wrong ones
  if (!j.is_object()) throw std::invalid_argument("an action must be a JSON object");
  Action a;
  const auto seat = j.find("seat");
  if (seat == j.end() || !seat->is_number_integer() || seat->get<std::int64_t>() < 0 ||
      seat->get<std::int64_t>() > 3)
    throw std::invalid_argument("action: 'seat' must be a seat 0..3");
  a.seat = static_cast<std::int8_t>(seat->get<std::int64_t>());
  const auto name = j.find("action");
  if (name == j.end() || !name->is_string())
    throw std::invalid_argument("action: missing 'action' (discard, riichi, tsumo, ...)");
  const std::string n = name->get<std::string>();
  int type = -1;
  for (int i = 0; i < static_cast<int>(std::size(kActionNames)); ++i)
    if (n == kActionNames[i]) type = i;
  if (type < 0) {
    std::string m = "action: unknown action '" + n + "' (expected one of:";
    for (const char* k : kActionNames) m += std::string(" ") + k;
    throw std::invalid_argument(m + ")");
  }
  a.type = static_cast<ActionType>(type);
  const bool needs_tile = a.type != ActionType::kKyuushu && a.type != ActionType::kPass;
  const auto tile = j.find("tile");
  if (tile != j.end() || needs_tile) {
    if (tile == j.end() || !tile->is_string())
      throw std::invalid_argument("action: " + n + " needs a 'tile' (mpsz, e.g. \"5p\")");
    try {
      a.tile = id_of(parse_tile(tile->get<std::string>()));
    } catch (const ParseError& e) {
      throw std::invalid_argument("action: bad tile '" + tile->get<std::string>() +
                                  "': " + e.reason());
    }
  }
  const bool needs_tsumogiri = a.type == ActionType::kDiscard || a.type == ActionType::kRiichi;
  const auto t = j.find("tsumogiri");
  if (t != j.end() || needs_tsumogiri) {
    if (t == j.end() || !t->is_boolean())
      throw std::invalid_argument("action: " + n + " needs 'tsumogiri' (true or false)");
    a.tsumogiri = t->get<bool>();
  }
  std::size_t want = 0;
  if (a.type == ActionType::kChi || a.type == ActionType::kPon) want = 2;
  if (a.type == ActionType::kDaiminkan) want = 3;
  const auto u = j.find("uses");
  if (u != j.end() || want > 0) {
    if (u == j.end() || !u->is_string())
      throw std::invalid_argument("action: " + n + " needs 'uses' (the tiles from the hand)");
    std::vector<Tile> tiles;
    try {
      tiles = parse_tiles(u->get<std::string>());
    } catch (const ParseError& e) {
      throw std::invalid_argument("action: bad 'uses' '" + u->get<std::string>() +
                                  "': " + e.reason());
    }
    if ((want > 0 && tiles.size() != want) || tiles.size() > 3)
      throw std::invalid_argument("action: " + n + " uses " + std::to_string(want) +
                                  " tiles from the hand, not " + std::to_string(tiles.size()));
    for (std::size_t i = 0; i < tiles.size(); ++i) a.uses[i] = id_of(tiles[i]);
  }
  return a;
}

std::vector<ordered_json> game_to_lines(const GameRecord& record, const GameLog& log,
                                        int game_index) {
  const bool red = record.rules.red_fives;
  std::vector<ordered_json> lines;
  {
    ordered_json h;
    h["type"] = "header";
    h["format"] = kRecordFormatName;
    h["version"] = kRecordFormatVersion;
    h["game"] = game_index;
    h["seed"] = record.seed;
    h["players"] = ordered_json::array(
        {record.players[0], record.players[1], record.players[2], record.players[3]});
    ordered_json rules;
    rules["preset"] = record.rules.name;
    ordered_json fields;
    for (const auto& [key, value] : record.rules.fields()) fields[key] = value;
    rules["fields"] = std::move(fields);
    h["rules"] = std::move(rules);
    lines.push_back(std::move(h));
  }
  std::vector<std::uint8_t> dora;
  for (std::size_t hi = 0; hi < log.hands.size(); ++hi) {
    const HandLog& hand = log.hands[hi];
    dora.clear();
    ordered_json start;
    start["type"] = "hand";
    start["hand"] = hand.name;
    start["index"] = hi;
    start["round_wind"] = wind_letter(hand.setup.round_wind);
    start["hand_number"] = hand.setup.hand_number + 1;
    start["dealer"] = hand.setup.dealer;
    start["honba"] = hand.setup.honba;
    start["riichi_sticks"] = hand.setup.riichi_sticks;
    start["scores"] = int_array(hand.setup.scores);
    start["wall_seed"] = hand.setup.wall_seed;
    lines.push_back(std::move(start));
    std::size_t next_event = 0;
    auto events_until = [&](std::size_t end) {
      for (; next_event < end && next_event < hand.events.size(); ++next_event)
        lines.push_back(event_line(hand.events[next_event], hand, dora, record.rules));
    };
    for (int k = 0; k < hand.num_actions(); ++k) {
      events_until(static_cast<std::size_t>(hand.action_events[static_cast<std::size_t>(k)]));
      const int n = hand.first_action + k;
      ordered_json a;
      a["type"] = "action";
      a["n"] = n;
      const ordered_json body = action_to_json(record.actions[static_cast<std::size_t>(n)], red);
      for (const auto& [key, value] : body.items()) a[key] = value;
      // Human input that may commit chombo / dead hand (RULES.md §4.5) replays in that mode.
      if (record.mode(static_cast<std::size_t>(n)) == InputMode::kHuman) a["human"] = true;
      lines.push_back(std::move(a));
    }
    events_until(hand.events.size());
    ordered_json end;
    end["type"] = "hand_end";
    end["hand"] = hand.name;
    end["result"] = round_end_name(hand.result.end);
    if (hand.result.end == RoundEnd::kAbortiveDraw)
      end["abortive"] = abortive_name(hand.result.abortive);
    if (hand.result.end == RoundEnd::kChombo) end["chombo_seat"] = hand.result.chombo_seat;
    end["deltas"] = int_array(hand.result.deltas);
    end["scores"] = int_array(hand.scores_after);
    end["honba"] = hand.honba_after;
    end["riichi_sticks"] = hand.riichi_sticks_after;
    lines.push_back(std::move(end));
  }
  if (log.finished) {
    const FinalResult& f = log.final;
    ordered_json g;
    g["type"] = "game_end";
    g["reason"] = game_end_name(log.final_state.end);
    g["hands"] = log.hands.size();
    g["leftover_sticks"] = f.leftover_sticks;
    g["points"] = int_array(f.points);
    g["ranks"] = int_array(f.ranks);
    g["uma"] = int_array(f.uma);
    g["penalties"] = int_array(f.penalties);
    g["final_scores"] = int_array(f.final_scores);
    lines.push_back(std::move(g));
  }
  return lines;
}

void write_game(std::ostream& out, const GameRecord& record, const GameLog& log, int game_index) {
  for (const ordered_json& line : game_to_lines(record, log, game_index))
    out << dump_json(line) << '\n';
}

std::string game_to_text(const GameRecord& record, const GameLog& log, int game_index) {
  std::ostringstream out;
  write_game(out, record, log, game_index);
  return out.str();
}

std::vector<RecordedGame> read_records(std::istream& in) {
  std::vector<RecordedGame> games;
  std::string text;
  int line_no = 0;
  bool game_over = false;
  while (std::getline(in, text)) {
    ++line_no;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t'; }))
      continue;
    json j;
    try {
      j = parse_json(text);
    } catch (const JsonInputError& e) {
      fail(line_no, e.what());
    }
    if (!j.is_object()) fail(line_no, "a line must be a JSON object");
    const auto type_it = j.find("type");
    if (type_it == j.end() || !type_it->is_string())
      fail(line_no, "missing \"type\" (one of: " + known_types() + ")");
    const std::string type = type_it->get<std::string>();
    if (!is_event_or_frame(type))
      fail(line_no, "unknown line type '" + type + "' (expected one of: " + known_types() + ")");

    if (type == "header") {
      if (!games.empty() && !game_over)
        fail(line_no, "a new game starts before game " + std::to_string(games.back().game_index) +
                          " has ended (no game_end line: the file is truncated?)");
      const std::string format = string_field(j, "format", line_no, "header");
      if (format != kRecordFormatName)
        fail(line_no, "header: format is '" + format + "', expected '" + kRecordFormatName + "'");
      const json& version = field(j, "version", line_no, "header");
      if (!version.is_number_integer() || version.get<std::int64_t>() != kRecordFormatVersion)
        fail(line_no, "header: unsupported version " + dump_json(version) + " (this reader reads " +
                          std::to_string(kRecordFormatVersion) + ")");
      RecordedGame g;
      g.header_line = line_no;
      const auto game = j.find("game");
      g.game_index = game != j.end() && game->is_number_integer()
                         ? static_cast<int>(game->get<std::int64_t>())
                         : static_cast<int>(games.size());
      const json& seed = field(j, "seed", line_no, "header");
      if (!seed.is_number_unsigned())
        fail(line_no, "header: 'seed' must be an unsigned 64-bit integer");
      g.record.seed = seed.get<std::uint64_t>();
      const json& players = field(j, "players", line_no, "header");
      if (!players.is_array() || players.size() != 4)
        fail(line_no, "header: 'players' must be an array of 4 names");
      for (std::size_t s = 0; s < 4; ++s) {
        if (!players[s].is_string()) fail(line_no, "header: 'players' must be strings");
        g.record.players[s] = players[s].get<std::string>();
      }
      g.record.rules = rules_from_header(field(j, "rules", line_no, "header"), line_no);
      games.push_back(std::move(g));
      game_over = false;
      continue;
    }
    if (games.empty()) fail(line_no, "'" + type + "' line before the first header line");
    if (game_over)
      fail(line_no, "'" + type + "' line after the game_end line of game " +
                        std::to_string(games.back().game_index));
    RecordedGame& g = games.back();
    if (type == "action") {
      const json& n = field(j, "n", line_no, "action");
      const std::size_t expected = g.record.actions.size();
      if (!n.is_number_unsigned() || n.get<std::uint64_t>() != expected)
        fail(line_no, "action number " + dump_json(n) + " where " + std::to_string(expected) +
                          " was expected (a line is missing or repeated)");
      try {
        g.record.actions.push_back(action_from_json(j, g.record.rules.red_fives));
      } catch (const std::invalid_argument& e) {
        fail(line_no, e.what());
      }
      const auto human = j.find("human");
      if (human != j.end() && !human->is_boolean())
        fail(line_no, "action: 'human' must be true or false");
      if (human != j.end() && human->get<bool>()) {
        g.record.modes.resize(g.record.actions.size(), InputMode::kLegalOnly);
        g.record.modes.back() = InputMode::kHuman;
      }
      g.action_lines.push_back(line_no);
    } else if (type == "game_end") {
      game_over = true;
    }
    g.lines.emplace_back(line_no, std::move(j));
  }
  if (games.empty()) fail(0, line_no == 0 ? "empty record" : "no header line in the record");
  return games;
}

std::string LineDivergence::message() const {
  std::string m;
  if (line > 0) {
    m += "line ";
    m += std::to_string(line);
  } else {
    m += "end of file";
  }
  if (!hand_name.empty()) m += " (" + hand_name + ")";
  m += ": the replay differs from the record\n  record: ";
  m += found.empty() ? std::string("(nothing)") : found;
  m += "\n  replay: ";
  m += expected.empty() ? std::string("(nothing)") : expected;
  return m;
}

std::optional<LineDivergence> compare_game(const RecordedGame& game, const GameLog& log) {
  const std::vector<ordered_json> lines = game_to_lines(game.record, log, game.game_index);
  std::string hand_name;
  const std::size_t n = std::max(lines.size() - 1, game.lines.size());
  for (std::size_t i = 0; i < n; ++i) {
    const ordered_json* produced = i + 1 < lines.size() ? &lines[i + 1] : nullptr;
    const std::pair<int, json>* read = i < game.lines.size() ? &game.lines[i] : nullptr;
    if (produced && (*produced)["type"] == "hand") hand_name = (*produced)["hand"];
    const std::string produced_text = produced ? dump_json(*produced) : std::string();
    if (produced && read && json(*produced) == read->second) continue;
    LineDivergence d;
    d.line = read ? read->first : 0;
    d.hand_name = hand_name;
    d.expected = produced_text;
    d.found = read ? dump_json(read->second) : std::string();
    return d;
  }
  return std::nullopt;
}

}  // namespace riichi::io
