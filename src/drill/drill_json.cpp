#include "drill/drill_json.hpp"

#include <algorithm>

#include "io/score_json.hpp"

namespace riichi::drill {

using nlohmann::json;

namespace {

constexpr const char* kWinds = "ESWN";
constexpr const char* kRelative[] = {"self", "shimocha", "toimen", "kamicha"};

std::string wind(int w) { return std::string(1, kWinds[w & 3]); }

json tiles_json(const std::vector<Tile>& tiles) {
  json out = json::array();
  for (Tile t : tiles) out.push_back(tile_to_string(t));
  return out;
}

json kinds_json(const std::vector<int>& kinds) {
  json out = json::array();
  for (int k : kinds) out.push_back(kind_to_string(k));
  return out;
}

std::vector<Tile> sorted(std::vector<Tile> tiles) {
  std::stable_sort(tiles.begin(), tiles.end(), [](Tile a, Tile b) {
    return a.kind != b.kind ? a.kind < b.kind : a.red && !b.red;
  });
  return tiles;
}

json meld_json(const Meld& m) {
  return json{{"type", meld_type_name(m.type)},
              {"text", format_meld(m)},
              {"tiles", tiles_json(std::vector<Tile>(m.view().begin(), m.view().end()))}};
}

json melds_json(const std::vector<Meld>& melds) {
  json out = json::array();
  for (const Meld& m : melds) out.push_back(meld_json(m));
  return out;
}

json header(const ProblemId& id, const Rules& rules, const std::string& title,
            const std::string& question) {
  return json{{"drill", drill_kind_name(id.kind)},
              {"level", id.level},
              {"level_title", level_title(id.kind, id.level)},
              {"seed", id.seed},
              {"index", id.index},
              {"rules", rules.name},
              {"title", title},
              {"question", question}};
}

json shapes_json(const Wait& w) {
  json out = json::array();
  for (int s = 0; s < kNumWaitShapes; ++s)
    if (w.shapes >> s & 1) out.push_back(wait_shape_name(static_cast<WaitShape>(s)));
  return out;
}

// The table as the seat sees it, seats listed from itself in turn order.
json table_json(const DiscardPosition& p) {
  const Observation& o = p.observation;
  const bool red = p.rules.red_fives;
  json seats = json::array();
  for (int r = 0; r < 4; ++r) {
    const int s = (o.seat + r) % 4;
    const auto si = static_cast<std::size_t>(s);
    json pond = json::array();
    for (const DiscardInfo& d : o.discards[si])
      pond.push_back(json{{"tile", tile_to_string(tile_of_id(d.id, red))},
                          {"tsumogiri", d.tsumogiri},
                          {"riichi", d.riichi},
                          {"called", d.called}});
    json melds = json::array();
    for (const MeldInfo& m : o.melds[si]) {
      std::vector<Tile> tiles;
      for (int i = 0; i < m.size(); ++i)
        tiles.push_back(tile_of_id(m.ids[static_cast<std::size_t>(i)], red));
      melds.push_back(json{{"type", meld_type_name(m.type)},
                           {"tiles", tiles_json(tiles)},
                           {"from", m.from < 0 ? -1 : (m.from - o.seat + 4) % 4}});
    }
    seats.push_back(json{{"relative", kRelative[r]},
                         {"wind", wind((s - o.dealer + 4) % 4)},
                         {"riichi", o.riichi[si]},
                         {"score", o.scores[si]},
                         {"concealed_count", o.concealed_count[si]},
                         {"pond", std::move(pond)},
                         {"melds", std::move(melds)}});
  }
  return json{{"seats", std::move(seats)}, {"tiles_left", o.live_tiles_left}};
}

json position_json(const DiscardPosition& p) {
  std::vector<Tile> concealed = p.hand.concealed;
  if (p.drawn) {
    const auto it = std::find(concealed.begin(), concealed.end(), *p.drawn);
    if (it != concealed.end()) concealed.erase(it);
  }
  std::vector<Tile> dora;
  for (Tile t : p.dora_indicators)
    dora.push_back(Tile{static_cast<std::uint8_t>(dora_of(t.kind)), false});
  return json{{"hand", format_hand(p.hand)},
              {"concealed", tiles_json(sorted(concealed))},
              {"drawn", p.drawn ? json(tile_to_string(*p.drawn)) : json(nullptr)},
              {"melds", melds_json(p.hand.melds)},
              {"dora_indicators", tiles_json(p.dora_indicators)},
              {"dora", tiles_json(dora)},
              {"turn", p.turn},
              {"draws_left", 18 - p.turn},
              {"seat_wind", wind(p.seat_wind)},
              {"round_wind", wind(p.round_wind)},
              {"honba", p.honba},
              {"riichi_sticks", p.riichi_sticks},
              {"rules", p.rules.name},
              {"source", p.source},
              {"table", p.table ? table_json(p) : json(nullptr)}};
}

json row_json(const DiscardRow& r) {
  json eff = json::array();
  for (const KindCount& k : r.effective_tiles)
    eff.push_back(json{{"tile", kind_to_string(k.kind)}, {"remaining", k.remaining}});
  json j{{"tile", tile_to_string(r.tile)},    {"shanten", r.shanten}, {"effective", r.effective},
         {"effective_tiles", std::move(eff)}, {"win_prob", r.win},    {"exp_score", r.score},
         {"tenpai_prob", r.tenpai},           {"riichi", r.riichi},   {"value", r.value}};
  if (r.danger) {
    j["deal_in"] = r.deal_in;
    j["loss"] = r.loss;
    j["safety"] = r.safety;
    j["danger_reason"] = r.danger_reason;
  }
  return j;
}

std::string text_of(const json& answer, const char* field) {
  if (answer.is_string()) return answer.get<std::string>();
  if (answer.is_object() && answer.contains(field) && answer[field].is_string())
    return answer[field].get<std::string>();
  throw DrillError(std::string("the answer must be a text or an object with \"") + field + "\"");
}

std::vector<int> waits_answer(const json& a) {
  if (a.is_object() && a.contains("tiles") && a["tiles"].is_array()) {
    std::string text;
    for (const json& t : a["tiles"]) {
      if (!t.is_string()) throw DrillError("\"tiles\" must be a list of tile strings like \"4p\"");
      text += t.get<std::string>();
    }
    return parse_waits_answer(text);
  }
  return parse_waits_answer(text_of(a, "tiles"));
}

std::optional<int> optional_int(const json& a, const char* field) {
  if (!a.contains(field) || a[field].is_null()) return std::nullopt;
  if (!a[field].is_number_integer() || a[field].get<long>() < 0 || a[field].get<long>() > 1000)
    throw DrillError(std::string("\"") + field + "\" must be a whole number (0..1000) or null");
  return a[field].get<int>();
}

ScoreAnswer score_answer(const json& a) {
  if (a.is_string()) return parse_score_answer(a.get<std::string>());
  if (!a.is_object()) throw DrillError("the answer must be a text or an object {han, fu, payment}");
  ScoreAnswer s;
  s.han = optional_int(a, "han");
  s.fu = optional_int(a, "fu");
  if (a.contains("limit") && !a["limit"].is_null() && a["limit"] != "") {
    if (!a["limit"].is_string()) throw DrillError("\"limit\" must be a limit name or null");
    s.limit = parse_limit(a["limit"].get<std::string>());
    if (!s.limit)
      throw DrillError("\"limit\": '" + a["limit"].get<std::string>() +
                       "' is not a limit (mangan, haneman, baiman, sanbaiman, kazoe, yakuman)");
    if (const auto u = optional_int(a, "yakuman")) s.yakuman_units = *u;
  }
  const json pay = a.value("payment", json());
  if (pay.is_string()) {
    s.payment = parse_score_answer(pay.get<std::string>()).payment;
  } else if (pay.is_array() && (pay.size() == 1 || pay.size() == 2)) {
    for (const json& x : pay) {
      if (!x.is_number_integer() || x.get<long>() < 0 || x.get<long>() > 10'000'000)
        throw DrillError("\"payment\" holds whole numbers of points");
      s.payment.push_back(x.get<int>());
    }
  } else {
    throw DrillError("\"payment\" must be [points], [non-dealers, dealer] or \"a/b\"");
  }
  return s;
}

}  // namespace

json waits_json(const WaitsProblem& p, bool with_answer) {
  json j = header(p.id, Rules::ema2016(), p.title, "Select every winning tile.");
  j.erase("rules");  // waits do not depend on the rules
  j["hand"] = format_hand(p.hand);
  j["problem"] = json{{"hand", format_hand(p.hand)},
                      {"concealed", tiles_json(sorted(p.hand.concealed))},
                      {"melds", melds_json(p.hand.melds)},
                      {"title", p.title},
                      {"note", p.note},
                      {"book_shape", p.book_shape == 0 ? json(nullptr) : json(p.book_shape)}};
  if (!with_answer) return j;
  json ws = json::array();
  for (const Wait& w : p.waits)
    ws.push_back(json{
        {"tile", kind_to_string(w.kind)}, {"shapes", shapes_json(w)}, {"remaining", w.remaining}});
  j["answer"] = json{{"waits", std::move(ws)}, {"total", p.waits_total()}};
  return j;
}

json discard_json(const DiscardPosition& p, const DiscardKey* key) {
  json j = header(p.id, p.rules, p.title, "What do you discard?");
  j["position"] = position_json(p);
  j["problem"] = json{{"position", j["position"]}, {"title", p.title}};
  if (key == nullptr) return j;
  json table = json::array();
  for (const DiscardRow& r : key->rows) table.push_back(row_json(r));
  j["answer"] = json{{"best", tile_to_string(key->rows.front().tile)},
                     {"table", std::move(table)},
                     {"ranked_by", key->danger ? "exp_score x (1 - deal_in) - loss" : "exp_score"},
                     {"ev_model", "default"},
                     {"ev_ms", key->ev_ms},
                     {"approximate", key->approximate},
                     {"played", p.played ? json(tile_to_string(*p.played)) : json(nullptr)}};
  return j;
}

json score_json(const ScoreProblem& p, bool with_answer) {
  json j = header(p.id, p.rules, p.title,
                  "How much is it worth? Give han and fu (or the limit) and the payment.");
  const WinContext& c = p.vector.context;
  j["vector"] = p.text;
  json flags = json::array();
  for (const auto& [on, name] : {std::pair{c.double_riichi, "double_riichi"},
                                 {c.riichi && !c.double_riichi, "riichi"},
                                 {c.ippatsu, "ippatsu"},
                                 {c.haitei, "haitei"},
                                 {c.houtei, "houtei"},
                                 {c.rinshan, "rinshan"},
                                 {c.chankan, "chankan"}})
    if (on) flags.push_back(name);
  j["problem"] = json{{"vector", p.text},
                      {"hand", format_hand(p.vector.hand)},
                      {"concealed", tiles_json(sorted(p.vector.hand.concealed))},
                      {"melds", melds_json(p.vector.hand.melds)},
                      {"win", tile_to_string(p.vector.win)},
                      {"win_type", c.tsumo ? "tsumo" : "ron"},
                      {"seat", wind(c.seat)},
                      {"round", wind(c.round_wind)},
                      {"dealer", c.seat == 0},
                      {"dora_indicators", tiles_json(c.dora_indicators)},
                      {"ura_indicators", tiles_json(c.ura_indicators)},
                      {"flags", std::move(flags)},
                      {"honba", c.honba},
                      {"sticks", c.riichi_sticks},
                      {"payment_form", !c.tsumo      ? "ron"
                                       : c.seat == 0 ? "each"
                                                     : "non_dealer/dealer"}};
  if (!with_answer) return j;
  json a = io::score_to_json(p.key, p.vector);
  const std::vector<int> pay = expected_payment(p);
  a["payment"] = pay;
  a["payment_text"] = payment_text(pay, c.tsumo, c.seat == 0);
  j["answer"] = std::move(a);
  return j;
}

json problem_json(const DrillRequest& r, bool with_answer) {
  switch (r.id.kind) {
    case DrillKind::kWaits:
      return waits_json(make_waits_problem(r.id), with_answer);
    case DrillKind::kDiscard: {
      const DiscardPosition p = make_discard_position(r.id, r.rules, r.logs_dir);
      if (!with_answer) return discard_json(p, nullptr);
      const DiscardKey key = solve_discard(p);
      return discard_json(p, &key);
    }
    case DrillKind::kScore:
      return score_json(make_score_problem(r.id, r.rules), with_answer);
  }
  throw DrillError("unknown drill");
}

namespace {

json part_json(const PartGrade& g) {
  return json{{"checked", g.checked}, {"ok", g.ok}, {"expected", g.expected}, {"given", g.given}};
}

}  // namespace

json grade_json(const DrillRequest& r, const json& answer) {
  json out;
  switch (r.id.kind) {
    case DrillKind::kWaits: {
      const WaitsProblem p = make_waits_problem(r.id);
      const WaitsGrade g = grade_waits(p, waits_answer(answer));
      out = json{{"correct", g.correct},
                 {"summary", g.summary},
                 {"grade", json{{"found", kinds_json(g.found)},
                                {"missed", kinds_json(g.missed)},
                                {"wrong", kinds_json(g.wrong)}}},
                 {"problem", waits_json(p, true)}};
      break;
    }
    case DrillKind::kDiscard: {
      const DiscardPosition p = make_discard_position(r.id, r.rules, r.logs_dir);
      const Tile choice = parse_discard_answer(text_of(answer, "tile"), p);
      const DiscardKey key = solve_discard(p);
      const DiscardGrade g = grade_discard(p, key, choice);
      out = json{{"correct", g.correct},
                 {"summary", g.why},
                 {"grade", json{{"verdict", g.verdict},
                                {"chosen", tile_to_string(choice)},
                                {"best", tile_to_string(key.rows.front().tile)},
                                {"chosen_rank", g.chosen + 1},
                                {"cost", g.cost}}},
                 {"problem", discard_json(p, &key)}};
      break;
    }
    case DrillKind::kScore: {
      const ScoreProblem p = make_score_problem(r.id, r.rules);
      const ScoreGrade g = grade_score(p, score_answer(answer));
      out = json{{"correct", g.correct},
                 {"summary", g.summary},
                 {"grade", json{{"han", part_json(g.han)},
                                {"fu", part_json(g.fu)},
                                {"limit", part_json(g.limit)},
                                {"payment", part_json(g.payment)}}},
                 {"problem", score_json(p, true)}};
      break;
    }
  }
  return out;
}

namespace {

int int_field(const json& r, const char* field, int fallback) {
  if (!r.contains(field) || r[field].is_null()) return fallback;
  if (!r[field].is_number_integer())
    throw DrillError(std::string("'") + field + "' must be an integer");
  return r[field].get<int>();
}

std::uint64_t seed_field(const json& r) {
  if (!r.contains("seed") || r["seed"].is_null()) return 0;
  const json& s = r["seed"];
  if (s.is_number_unsigned()) return s.get<std::uint64_t>();
  if (s.is_string()) {
    const std::string text = s.get<std::string>();
    std::uint64_t v = 0;
    std::size_t used = 0;
    try {
      v = std::stoull(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == text.size() && !text.empty() && text[0] != '-') return v;
  }
  throw DrillError("'seed' must be a non-negative integer (a number or decimal text)");
}

}  // namespace

DrillRequest request_from_json(const json& r) {
  if (!r.is_object()) throw DrillError("the request must be a JSON object");
  if (!r.contains("drill") || !r["drill"].is_string())
    throw DrillError("'drill' is missing (waits, discard or score)");
  const std::string name = r["drill"].get<std::string>();
  const std::optional<DrillKind> kind = parse_drill_kind(name);
  if (!kind) throw DrillError("unknown drill '" + name + "' (waits, discard or score)");
  DrillRequest out;
  out.id = ProblemId{*kind, int_field(r, "level", 1), seed_field(r), int_field(r, "index", 0)};
  check_problem_id(out.id);
  if (r.contains("rules") && !r["rules"].is_null()) {
    if (!r["rules"].is_string()) throw DrillError("'rules' must be a preset name");
    std::string error;
    const std::optional<Rules> rules = Rules::try_parse(r["rules"].get<std::string>(), &error);
    if (!rules) throw DrillError("'rules': " + error);
    out.rules = *rules;
  }
  return out;
}

json catalogue_json() {
  json drills = json::array();
  for (int k = 0; k < kNumDrillKinds; ++k) {
    const auto kind = static_cast<DrillKind>(k);
    json levels = json::array();
    for (int level = 1; level <= max_level(kind); ++level)
      levels.push_back(json{{"level", level}, {"title", level_title(kind, level)}});
    drills.push_back(json{{"name", drill_kind_name(kind)}, {"levels", std::move(levels)}});
  }
  return json{{"drills", std::move(drills)}, {"presets", Rules::preset_names()}};
}

}  // namespace riichi::drill
