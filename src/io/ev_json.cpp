#include "io/ev_json.hpp"

#include <cctype>
#include <stdexcept>

#include "io/analysis_json.hpp"
#include "io/io_internal.hpp"

namespace riichi::io {

namespace {

std::vector<Tile> tiles_of(const std::string& what, const std::string& text) {
  if (text.empty()) return {};
  try {
    return parse_tiles(text);
  } catch (const ParseError& e) {
    throw std::invalid_argument(what + " '" + text + "': " + e.what());
  }
}

nlohmann::json by_turn(const std::array<double, eval::kTurns>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (double v : values) out.push_back(v);
  return out;
}

nlohmann::json curve_json(const eval::EvCurve& c, int turn) {
  return {{"tenpai_prob", c.tenpai[turn]},      {"win_prob", c.win[turn]},
          {"exp_score", c.score[turn]},         {"tenpai_prob_by_turn", by_turn(c.tenpai)},
          {"win_prob_by_turn", by_turn(c.win)}, {"exp_score_by_turn", by_turn(c.score)}};
}

}  // namespace

int wind_index(const std::string& text) {
  if (text.size() != 1) return -1;
  switch (std::toupper(static_cast<unsigned char>(text[0]))) {
    case 'E':
      return 0;
    case 'S':
      return 1;
    case 'W':
      return 2;
    case 'N':
      return 3;
    default:
      return -1;
  }
}

EvSetup ev_setup(const Hand& hand, const EvRequest& r) {
  EvSetup s;
  if (r.model == "reference") {
    s.options = eval::EvOptions::reference();
  } else if (r.model == "default") {
    s.options = eval::EvOptions::standard();
  } else if (r.model == "fast") {
    s.options = eval::EvOptions::fast();
  } else {
    throw std::invalid_argument("model '" + r.model + "': expected default, fast or reference");
  }
  if (r.turn < 0 || r.turn > eval::kLastTurn)
    throw std::invalid_argument("turn " + std::to_string(r.turn) + ": the turn must be 0.." +
                                std::to_string(eval::kLastTurn) + " (draws made so far)");
  eval::EvPosition& p = s.position;
  p.hand = hand;
  p.turn = r.turn;
  p.seat = wind_index(r.seat);
  if (p.seat < 0) throw std::invalid_argument("seat '" + r.seat + "': expected E, S, W or N");
  p.round_wind = wind_index(r.round);
  if (p.round_wind < 0)
    throw std::invalid_argument("round '" + r.round + "': expected E, S, W or N");
  p.dora_indicators = tiles_of("dora", r.dora);
  p.visible = tiles_of("visible", r.visible);
  std::string error;
  const std::optional<Rules> rules = Rules::try_parse(r.rules, &error);
  if (!rules) throw std::invalid_argument("rules '" + r.rules + "': " + error);
  p.rules = *rules;
  return s;
}

nlohmann::json analysis_ev_to_json(const HandAnalysis& analysis, const eval::HandEv& ev,
                                   const EvSetup& setup, double ms) {
  nlohmann::json j = analysis_to_json(analysis);
  const int turn = setup.position.turn;
  nlohmann::json discards = nlohmann::json::array();
  for (const eval::DiscardEv& d : ev.discards) {
    nlohmann::json row = {{"tile", tile_to_string(d.tile)}, {"shanten", d.shanten}};
    for (const DiscardOption& o : analysis.discards) {
      if (o.kind != d.tile.kind) continue;
      row["shanten"] = o.shanten;
      row["ukeire_total"] = o.total;
      row["ukeire"] = kind_counts_json(o.ukeire);
    }
    nlohmann::json e = curve_json(d.value, turn);
    e["riichi"] = d.riichi;
    if (d.riichi_value) e["riichi_option"] = curve_json(*d.riichi_value, turn);
    if (d.dama_value) e["dama_option"] = curve_json(*d.dama_value, turn);
    row["ev"] = e;
    discards.push_back(row);
  }
  j["discards"] = discards;
  j["ev_model"] = setup.options.name;
  j["ev_turn"] = turn;
  j["ev_time_ms"] = ms;
  const eval::EvStats& st = ev.stats;
  j["ev_stats"] = {
      {"draw_nodes", st.draw_nodes},   {"discard_nodes", st.discard_nodes}, {"edges", st.edges},
      {"wins_scored", st.wins_scored}, {"search_extra", st.extra_used},     {"capped", st.capped},
      {"approximate", st.approximate}};
  return j;
}

}  // namespace riichi::io
