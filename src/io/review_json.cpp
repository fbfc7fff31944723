#include "io/review_json.hpp"

#include <cmath>

#include "io/io_internal.hpp"

namespace riichi::io {

namespace {

using nlohmann::ordered_json;
constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

double round_to(double x, double unit) { return std::round(x / unit) * unit; }

ordered_json rules_json(const Rules& rules) {
  ordered_json j;
  j["preset"] = rules.name;
  ordered_json fields = ordered_json::object();
  for (const auto& [key, value] : rules.fields()) fields[key] = value;
  j["fields"] = fields;
  return j;
}

ordered_json option_json(const review::OptionRow& o) {
  ordered_json j;
  j["action"] = o.action;
  j["kind"] = eval::decision_kind_name(o.kind);
  j["exp_score"] = round_to(o.exp_score, 0.1);
  j["win_prob"] = round_to(o.win_prob, 1e-4);
  j["deal_in_prob"] = round_to(o.deal_in_prob, 1e-4);
  j["reason"] = o.reason;
  return j;
}

ordered_json decision_json(const review::Decision& d, bool red, bool with_board) {
  ordered_json j;
  j["hand"] = d.hand;
  j["hand_index"] = d.hand_index;
  j["seat"] = d.log_seat;
  j["turn"] = d.turn;
  j["kind"] = eval::decision_kind_name(d.kind);
  j["actual"] = d.actual_row().action;
  j["best"] = d.best_row().action;
  j["ev_loss"] = round_to(d.ev_loss, 0.1);
  j["rank"] = d.rank;
  j["loss_kind"] = eval::reason_kind_name(d.loss_kind);
  j["threat"] = d.threat;
  j["reason"] = d.actual_row().reason;
  ordered_json opts = ordered_json::array();
  for (const review::OptionRow& o : d.options) opts.push_back(option_json(o));
  j["options"] = opts;
  if (with_board) j["board"] = board_to_json(d.position, red);
  return j;
}

ordered_json record_json(const review::PlayerRecord& p) {
  ordered_json j;
  j["seat"] = p.log_seat;
  j["name"] = p.name;
  j["hands"] = p.hands;
  j["wins"] = p.wins;
  j["deal_ins"] = p.deal_ins;
  j["riichi"] = p.riichi;
  j["called_hands"] = p.called_hands;
  j["win_points"] = p.win_points;
  j["deal_in_points"] = p.deal_in_points;
  j["final_score"] = p.final_score;
  j["rank"] = p.rank;
  return j;
}

}  // namespace

ordered_json summary_to_json(const review::Summary& s,
                             const std::vector<review::Decision>& decisions) {
  ordered_json j;
  j["decisions"] = s.decisions;
  j["top1"] = s.top1;
  j["top3"] = s.top3;
  j["top1_rate"] = s.decisions ? round_to(1.0 * s.top1 / s.decisions, 1e-4) : 0.0;
  j["top3_rate"] = s.decisions ? round_to(1.0 * s.top3 / s.decisions, 1e-4) : 0.0;
  j["total_loss"] = round_to(s.total_loss, 0.1);
  j["mean_loss"] = round_to(s.mean_loss, 0.1);
  ordered_json kinds;
  for (int k = 0; k < 5; ++k) {
    const review::KindLoss& kl = s.by_kind[at(k)];
    kinds[eval::reason_kind_name(static_cast<eval::ReasonKind>(k))] = {
        {"decisions", kl.decisions}, {"loss", round_to(kl.loss, 0.1)}};
  }
  j["loss_by_kind"] = kinds;
  ordered_json worst = ordered_json::array();
  for (int i : s.costliest) {
    const review::Decision& d = decisions[at(i)];
    worst.push_back({{"decision", i},
                     {"hand", d.hand},
                     {"turn", d.turn},
                     {"actual", d.actual_row().action},
                     {"best", d.best_row().action},
                     {"ev_loss", round_to(d.ev_loss, 0.1)},
                     {"loss_kind", eval::reason_kind_name(d.loss_kind)},
                     {"reason", d.actual_row().reason}});
  }
  j["costliest"] = worst;
  return j;
}

ordered_json review_to_json(const review::GameReview& r, bool with_boards) {
  ordered_json j;
  j["game"] = r.game;
  j["source"] = r.source;
  j["format"] = r.format;
  j["rules"] = rules_json(r.rules);
  ordered_json names = ordered_json::array();
  const int players = r.rules.players;  // three players: the fourth name stays empty
  for (int s = 0; s < 4; ++s)
    names.push_back(s < players ? r.names[at((s - r.first_dealer + players) % players)] : "");
  j["players"] = names;
  if (with_boards) j["players_by_seat"] = r.names;  // the boards' seats are the engine's
  if (r.seats.size() == 1)
    j["player"] = r.log_seat(r.seats[0]);
  else
    j["player"] = nullptr;
  ordered_json ds = ordered_json::array();
  for (const review::Decision& d : r.decisions)
    ds.push_back(decision_json(d, r.rules.red_fives, with_boards));
  j["decisions"] = ds;
  j["summary"] = summary_to_json(r.summary, r.decisions);
  ordered_json recs = ordered_json::array();
  for (const review::PlayerRecord& p : r.players) recs.push_back(record_json(p));
  j["record"] = recs;
  j["notes"] = r.notes;
  return j;
}

ordered_json board_to_json(const Observation& o, bool red) {
  ordered_json j;
  j["seat"] = o.seat;
  j["dealer"] = o.dealer;
  j["round_wind"] = o.round_wind;
  j["honba"] = o.honba;
  j["sticks"] = o.riichi_sticks;
  j["scores"] = o.scores;
  ordered_json hand = ordered_json::array();
  for (std::uint8_t id : o.concealed)
    if (static_cast<int>(id) != o.drawn) hand.push_back(tile_text(id, red));
  j["hand"] = hand;
  j["drawn"] = o.drawn >= 0 ? ordered_json(tile_text(o.drawn, red)) : ordered_json(nullptr);
  ordered_json melds = ordered_json::array(), ponds = ordered_json::array();
  for (int s = 0; s < 4; ++s) {
    ordered_json ms = ordered_json::array();
    for (const MeldInfo& m : o.melds[at(s)]) {
      ordered_json tiles = ordered_json::array();
      for (int i = 0; i < m.size(); ++i) tiles.push_back(tile_text(m.ids[at(i)], red));
      ms.push_back({{"type", m.type == MeldType::kChi     ? "chi"
                             : m.type == MeldType::kPon   ? "pon"
                             : m.type == MeldType::kAnkan ? "ankan"
                             : m.type == MeldType::kKakan ? "kakan"
                                                          : "daiminkan"},
                    {"tiles", tiles},
                    {"from", m.from}});
    }
    melds.push_back(ms);
    ordered_json pond = ordered_json::array();
    for (const DiscardInfo& d : o.discards[at(s)])
      pond.push_back({{"tile", tile_text(d.id, red)},
                      {"tsumogiri", d.tsumogiri},
                      {"riichi", d.riichi},
                      {"called", d.called}});
    ponds.push_back(pond);
  }
  j["melds"] = melds;
  j["ponds"] = ponds;
  j["riichi"] = o.riichi;
  ordered_json dora = ordered_json::array();
  for (std::uint8_t id : o.dora_indicators) dora.push_back(tile_text(id, red));
  j["dora"] = dora;
  j["wall"] = o.live_tiles_left;
  if (o.last_discard >= 0) j["claim"] = tile_text(o.last_discard, red);
  return j;
}

ordered_json stats_to_json(const review::PlayerStats& s) {
  ordered_json j;
  j["player"] = s.name;
  j["games"] = s.games;
  j["ranked_games"] = s.ranked_games;
  j["mean_rank"] = s.mean_rank;
  j["mean_rank_ci95"] = s.rank_ci95;
  j["rank_rates"] = s.rank_rates;
  j["hands"] = s.hands;
  j["win_rate"] = s.win_rate;
  j["deal_in_rate"] = s.deal_in_rate;
  j["riichi_rate"] = s.riichi_rate;
  j["call_rate"] = s.call_rate;
  j["mean_win"] = s.mean_win;
  j["mean_deal_in"] = s.mean_deal_in;
  j["decisions"] = s.decisions;
  j["top1_rate"] = s.top1_rate;
  j["top3_rate"] = s.top3_rate;
  j["mean_loss"] = s.mean_loss;
  ordered_json trend = ordered_json::array();
  for (const review::MonthLoss& m : s.trend)
    trend.push_back({{"month", m.month},
                     {"games", m.games},
                     {"decisions", m.decisions},
                     {"mean_loss", m.mean_loss}});
  j["trend"] = trend;
  return j;
}

}  // namespace riichi::io
