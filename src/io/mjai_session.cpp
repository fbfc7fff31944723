// The mjai protocol, server side: events per seat, answers, and the game loop.
#include "io/mjai_session.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "io/io_internal.hpp"
#include "io/json_text.hpp"
#include "io/mjai.hpp"
#include "io/plain_game.hpp"

namespace riichi::io {

using nlohmann::json;

namespace {

std::string mjai_tile_text(int id, bool red_fives) { return mjai_tile(tile_of_id(id, red_fives)); }

MjaiJson ids_json(const std::uint8_t* ids, int n, bool red_fives) {
  std::vector<Tile> tiles;
  for (int i = 0; i < n; ++i) tiles.push_back(tile_of_id(ids[i], red_fives));
  sort_tiles(tiles);
  MjaiJson a = MjaiJson::array();
  for (Tile t : tiles) a.push_back(mjai_tile(t));
  return a;
}

}  // namespace

MjaiJson mjai_for_seat(const MjaiJson& event, int viewer) {
  const std::string type = event.value("type", "");
  if (type == "start_kyoku" && event.contains("tehais")) {
    MjaiJson e = event;
    for (int s = 0; s < 4; ++s)
      if (s != viewer)
        for (auto& t : e["tehais"][static_cast<std::size_t>(s)]) t = "?";
    return e;
  }
  if (type == "tsumo" && event.value("actor", -1) != viewer) {
    MjaiJson e = event;
    e["pai"] = "?";
    return e;
  }
  return event;
}

MjaiJson mjai_start_game(const std::array<std::string, 4>& names, int seat, const Rules& rules) {
  return {{"type", "start_game"},
          {"id", seat},
          {"names", MjaiJson::array({names[0], names[1], names[2], names[3]})},
          {"aka_flag", rules.red_fives},
          {"rules", full_rules_spec(rules)}};
}

MjaiJson mjai_start_kyoku(const Round& round) {
  const RoundSetup& su = round.setup();
  const bool red = round.rules().red_fives;
  MjaiJson tehais =
      MjaiJson::array({MjaiJson::array(), MjaiJson::array(), MjaiJson::array(), MjaiJson::array()});
  for (const Event& e : round.events())
    if (e.type == EventType::kDeal)
      tehais[static_cast<std::size_t>(e.seat)] = ids_json(e.hand.data(), e.hand_size, red);
  // Three players: seat 3 is 13 unknown tiles, the four-slot shape of Mortal's 3p fork.
  for (int s = round.rules().players; s < 4; ++s)
    tehais[static_cast<std::size_t>(s)] = MjaiJson(std::vector<std::string>(13, "?"));
  return {{"type", "start_kyoku"},
          {"bakaze", kWinds[su.round_wind % 4]},
          {"kyoku", su.hand_number + 1},
          {"honba", su.honba},
          {"kyotaku", su.riichi_sticks},
          {"oya", su.dealer},
          {"dora_marker", mjai_tile_text(round.wall().tiles[Wall::kDoraSlot], red)},
          {"scores", four_json(su.scores)},
          {"tehais", tehais}};
}

void append_mjai_events(const std::vector<Event>& events, std::size_t from, std::size_t to,
                        bool red, std::array<int, 4>& scores, unsigned* reach_sent,
                        std::vector<MjaiJson>& out) {
  for (std::size_t i = from; i < to && i < events.size(); ++i) {
    const Event& e = events[i];
    switch (e.type) {
      case EventType::kDraw:
        out.push_back({{"type", "tsumo"}, {"actor", e.seat}, {"pai", mjai_tile_text(e.tile, red)}});
        break;
      case EventType::kDiscard:
        out.push_back({{"type", "dahai"},
                       {"actor", e.seat},
                       {"pai", mjai_tile_text(e.tile, red)},
                       {"tsumogiri", e.tsumogiri}});
        break;
      case EventType::kCall:
        if (e.meld == MeldType::kAnkan) {
          out.push_back({{"type", "ankan"},
                         {"actor", e.seat},
                         {"consumed", ids_json(e.meld_ids.data(), 4, red)}});
        } else if (e.meld == MeldType::kKakan) {
          out.push_back({{"type", "kakan"},
                         {"actor", e.seat},
                         {"pai", mjai_tile_text(e.meld_ids[3], red)},
                         {"consumed", ids_json(e.meld_ids.data(), 3, red)}});
        } else {
          const int n = e.meld == MeldType::kDaiminkan ? 3 : 2;
          out.push_back({{"type", e.meld == MeldType::kChi   ? "chi"
                                  : e.meld == MeldType::kPon ? "pon"
                                                             : "daiminkan"},
                         {"actor", e.seat},
                         {"target", e.from},
                         {"pai", mjai_tile_text(e.meld_ids[0], red)},
                         {"consumed", ids_json(e.meld_ids.data() + 1, n, red)}});
        }
        break;
      case EventType::kRiichiDeclared:
        if (reach_sent != nullptr && (*reach_sent & (1u << e.seat))) {
          *reach_sent &= ~(1u << e.seat);
          break;
        }
        out.push_back({{"type", "reach"}, {"actor", e.seat}});
        break;
      case EventType::kRiichiAccepted: {
        std::array<int, 4> d{};
        d[static_cast<std::size_t>(e.seat)] = -1000;
        scores[static_cast<std::size_t>(e.seat)] -= 1000;
        out.push_back({{"type", "reach_accepted"},
                       {"actor", e.seat},
                       {"deltas", four_json(d)},
                       {"scores", four_json(scores)}});
        break;
      }
      case EventType::kDoraRevealed:
        out.push_back({{"type", "dora"}, {"dora_marker", mjai_tile_text(e.tile, red)}});
        break;
      case EventType::kKita:  // three players (docs/mjai-protocol.md, "Three players")
        out.push_back(
            {{"type", "nukidora"}, {"actor", e.seat}, {"pai", mjai_tile_text(e.tile, red)}});
        break;
      default:  // deal, win, reveal, draws of the hand: start_kyoku / mjai_hand_end
        break;
    }
  }
}

std::vector<MjaiJson> mjai_hand_end(const GameRecord& record, const GameLog& log) {
  PlainGame all = plain_from_engine(record, log);
  PlainGame last;
  last.names = all.names;
  last.red_fives = all.red_fives;
  last.players = all.players;
  last.hands.push_back(all.hands.back());
  std::vector<MjaiJson> events = to_mjai(last);
  std::vector<MjaiJson> out;
  bool at_end = false;
  for (MjaiJson& e : events) {
    const std::string type = e["type"];
    if (type == "hora" || type == "ryukyoku") at_end = true;
    if (at_end && type != "end_game") out.push_back(std::move(e));
  }
  return out;
}

MjaiJson mjai_end_game(const std::array<int, 4>& scores) {
  return {{"type", "end_game"}, {"scores", four_json(scores)}};
}

// ---------------------------------------------------------------------------------------------
// Answers

namespace {

struct AnswerReader {
  const json& j;
  const AnswerContext& ctx;

  const json& field(const char* key) const {
    const auto it = j.find(key);
    if (it == j.end()) throw MjaiError(fmt::format("missing field '{}'", key));
    return *it;
  }
  int seat_field(const char* key) const {
    const json& v = field(key);
    const std::optional<std::int64_t> seat = int_in_range(v, 0, 3);
    if (!seat) throw MjaiError(fmt::format("field '{}' is not a seat 0..3: {}", key, dump_json(v)));
    return static_cast<int>(*seat);
  }
  Tile tile_field(const json& v, const char* key) const {
    if (!v.is_string())
      throw MjaiError(fmt::format("field '{}' is not a tile string: {}", key, dump_json(v)));
    try {
      const Tile t = parse_mjai_tile(v.get<std::string>());
      if (t.red && !ctx.red_fives)
        throw MjaiError(
            fmt::format("field '{}': red five '{}' without red fives", key, v.get<std::string>()));
      return t;
    } catch (const std::invalid_argument& e) {
      throw MjaiError(fmt::format("field '{}': {}", key, e.what()));
    }
  }
  Tile tile_field(const char* key) const { return tile_field(field(key), key); }
  std::vector<Tile> tiles_field(const char* key) const {
    const json& v = field(key);
    if (!v.is_array()) throw MjaiError(fmt::format("field '{}' is not an array", key));
    std::vector<Tile> out;
    for (const json& t : v) out.push_back(tile_field(t, key));
    sort_tiles(out);
    return out;
  }
  void check_actor() const {
    const int actor = seat_field("actor");
    if (actor != ctx.seat)
      throw MjaiError(
          fmt::format("wrong actor {}: this connection plays seat {}", actor, ctx.seat));
  }
};

Tile tile_of(int id, bool red) { return tile_of_id(id, red); }

std::vector<Tile> uses_tiles(const Action& a, int n, bool red) {
  std::vector<Tile> out;
  for (int i = 0; i < n; ++i) out.push_back(tile_of(a.uses[static_cast<std::size_t>(i)], red));
  sort_tiles(out);
  return out;
}

std::string not_legal(const std::string& what, const AnswerContext& ctx) {
  std::vector<Action> legal(ctx.legal.begin(), ctx.legal.end());
  return fmt::format("{} is not legal now (legal: {})", what,
                     describe_actions(legal, ctx.red_fives));
}

MjaiAnswer action_answer(const Action& a) {
  MjaiAnswer ans;
  ans.kind = MjaiAnswer::Kind::kAction;
  ans.action = a;
  return ans;
}

MjaiAnswer parse_typed(const std::string& type, const AnswerReader& r) {
  const AnswerContext& ctx = r.ctx;
  const bool red = ctx.red_fives;
  const auto find = [&](auto pred) -> const Action* {
    for (const Action& a : ctx.legal)
      if (pred(a)) return &a;
    return nullptr;
  };
  if (type == "none") {
    if (ctx.legal.empty()) return {};
    if (const Action* pass = find([](const Action& a) { return a.type == ActionType::kPass; }))
      return action_answer(*pass);
    throw MjaiError(not_legal("'none' (an action is due)", ctx));
  }
  if (ctx.legal.empty())
    throw MjaiError(
        fmt::format("'{}' answered when this seat has nothing to do (expected none)", type));
  if (type == "dahai") {
    r.check_actor();
    const Tile t = r.tile_field("pai");
    const json* tg = r.j.contains("tsumogiri") ? &r.j["tsumogiri"] : nullptr;
    if (tg != nullptr && !tg->is_boolean()) throw MjaiError("field 'tsumogiri' is not a boolean");
    const ActionType want = ctx.riichi_declared ? ActionType::kRiichi : ActionType::kDiscard;
    const Action* exact = nullptr;
    const Action* any = nullptr;
    for (const Action& a : ctx.legal) {
      if (a.type != want || tile_of(a.tile, red) != t) continue;
      if (any == nullptr) any = &a;
      if (exact == nullptr && (tg == nullptr || tg->get<bool>() == a.tsumogiri)) exact = &a;
    }
    if (exact == nullptr) exact = any;
    if (exact == nullptr)
      throw MjaiError(not_legal(
          fmt::format("{}dahai {}", ctx.riichi_declared ? "riichi " : "", mjai_tile(t)), ctx));
    return action_answer(*exact);
  }
  if (ctx.riichi_declared)
    throw MjaiError(fmt::format("'{}' answered after reach: the riichi dahai is due", type));
  if (type == "reach") {
    r.check_actor();
    if (!find([](const Action& a) { return a.type == ActionType::kRiichi; }))
      throw MjaiError(not_legal("reach", ctx));
    MjaiAnswer ans;
    ans.kind = MjaiAnswer::Kind::kReach;
    return ans;
  }
  if (type == "hora") {
    r.check_actor();
    const int target = r.seat_field("target");
    const bool tsumo = target == ctx.seat;
    if (!tsumo && target != ctx.claim_from)
      throw MjaiError(fmt::format("hora: target {} did not discard the tile in play (seat {})",
                                  target, ctx.claim_from));
    const ActionType want = tsumo ? ActionType::kTsumo : ActionType::kRon;
    const Action* a = find([&](const Action& x) { return x.type == want; });
    if (a == nullptr) throw MjaiError(not_legal(tsumo ? "hora (tsumo)" : "hora (ron)", ctx));
    if (r.j.contains("pai") && r.tile_field("pai").kind != tile_of(a->tile, red).kind)
      throw MjaiError(fmt::format("hora: pai {} is not the winning tile {}", dump_json(r.j["pai"]),
                                  mjai_tile_text(a->tile, red)));
    return action_answer(*a);
  }
  if (type == "chi" || type == "pon" || type == "daiminkan") {
    r.check_actor();
    const int target = r.seat_field("target");
    if (target != ctx.claim_from)
      throw MjaiError(fmt::format("{}: target {} did not discard the tile in play (seat {})", type,
                                  target, ctx.claim_from));
    const Tile pai = r.tile_field("pai");
    const std::vector<Tile> consumed = r.tiles_field("consumed");
    const ActionType want = type == "chi"   ? ActionType::kChi
                            : type == "pon" ? ActionType::kPon
                                            : ActionType::kDaiminkan;
    const int n = want == ActionType::kDaiminkan ? 3 : 2;
    const Action* a = find([&](const Action& x) {
      return x.type == want && tile_of(x.tile, red) == pai && uses_tiles(x, n, red) == consumed;
    });
    if (a == nullptr) throw MjaiError(not_legal(fmt::format("{} {}", type, dump_json(r.j)), ctx));
    return action_answer(*a);
  }
  if (type == "kakan" || type == "ankan") {
    r.check_actor();
    const ActionType want = type == "kakan" ? ActionType::kKakan : ActionType::kAnkan;
    const std::vector<Tile> consumed = r.tiles_field("consumed");
    int kind = consumed.empty() ? -1 : consumed[0].kind;
    if (want == ActionType::kKakan) kind = r.tile_field("pai").kind;
    for (Tile t : consumed)
      if (t.kind != kind) throw MjaiError(fmt::format("{}: consumed tiles differ", type));
    const std::size_t need = want == ActionType::kKakan ? 3 : 4;
    if (consumed.size() != need)
      throw MjaiError(
          fmt::format("{}: consumed has {} tiles, expected {}", type, consumed.size(), need));
    const Action* a = find([&](const Action& x) { return x.type == want && x.tile / 4 == kind; });
    if (a == nullptr) throw MjaiError(not_legal(fmt::format("{} {}", type, dump_json(r.j)), ctx));
    return action_answer(*a);
  }
  if (type == "nukidora") {  // three players: a North set aside (Mortal's 3p fork)
    r.check_actor();
    const Action* a = find([](const Action& x) { return x.type == ActionType::kKita; });
    if (a == nullptr) throw MjaiError(not_legal("nukidora", ctx));
    return action_answer(*a);
  }
  if (type == "ryukyoku") {
    r.check_actor();
    const Action* a = find([](const Action& x) { return x.type == ActionType::kKyuushu; });
    if (a == nullptr) throw MjaiError(not_legal("ryukyoku (kyuushu kyuuhai)", ctx));
    return action_answer(*a);
  }
  throw MjaiError(fmt::format("unknown answer type '{}'", type));
}

}  // namespace

MjaiAnswer parse_mjai_answer(std::string_view line, const AnswerContext& context) {
  MjaiAnswer ans;
  json j;
  try {
    j = parse_json(line);
  } catch (const JsonInputError& e) {
    ans.error = fmt::format("malformed JSON ({}): {}", e.what(),
                            std::string(line.substr(0, std::min<std::size_t>(line.size(), 80))));
    return ans;
  }
  if (!j.is_object()) {
    ans.error = fmt::format("not a JSON object: {}", dump_json(j).substr(0, 80));
    return ans;
  }
  const auto type = j.find("type");
  if (type == j.end() || !type->is_string()) {
    ans.error = "missing string field 'type'";
    return ans;
  }
  try {
    return parse_typed(type->get<std::string>(), AnswerReader{j, context});
  } catch (const MjaiError& e) {
    ans.error = e.what();
    return ans;
  }
}

Action default_mjai_action(std::span<const Action> legal, bool riichi_declared) {
  const auto first = [&](auto pred) -> const Action* {
    for (const Action& a : legal)
      if (pred(a)) return &a;
    return nullptr;
  };
  if (riichi_declared) {
    if (auto a =
            first([](const Action& x) { return x.type == ActionType::kRiichi && x.tsumogiri; }))
      return *a;
    if (auto a = first([](const Action& x) { return x.type == ActionType::kRiichi; })) return *a;
  }
  if (auto a = first([](const Action& x) { return x.type == ActionType::kPass; })) return *a;
  if (auto a = first([](const Action& x) { return x.type == ActionType::kDiscard && x.tsumogiri; }))
    return *a;
  if (auto a = first([](const Action& x) { return x.type == ActionType::kDiscard; })) return *a;
  return legal.front();
}

}  // namespace riichi::io
