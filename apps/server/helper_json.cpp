#include "helper_json.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "eval/options.hpp"
#include "riichi/score.hpp"
#include "riichi/waits.hpp"
#include "table_json.hpp"

namespace riichi::server {

namespace {

using nlohmann::json;

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// A probability with four decimals (the page shows percentages).
double prob(double p) { return std::round(std::clamp(p, 0.0, 1.0) * 10000.0) / 10000.0; }

json kind_json(int kind) { return tile_json(kind * 4 + 1, false); }

bool is_open(const Observation& o) {
  const auto& melds = o.melds[at(o.seat)];
  return std::any_of(melds.begin(), melds.end(),
                     [](const MeldInfo& m) { return m.type != MeldType::kAnkan; });
}

// Whether a win on `kind` (ron or tsumo) has a yaku for the hand `concealed` (3n+1 ids).
bool wins_with_yaku(const Observation& o, const Rules& rules, const std::vector<int>& concealed,
                    int kind) {
  const bool red = rules.red_fives;
  Hand hand;
  for (int id : concealed) hand.concealed.push_back(tile_of_id(id, red));
  for (const MeldInfo& m : o.melds[at(o.seat)]) {
    Meld meld;
    meld.type = m.type;
    for (int i = 0; i < m.size(); ++i) meld.tiles[at(i)] = tile_of_id(m.ids[at(i)], red);
    hand.melds.push_back(meld);
  }
  WinContext ctx;
  ctx.seat = (o.seat - o.dealer + rules.players) % rules.players;
  ctx.kita = o.kita[at(o.seat)];  // nukidora: a dora each
  ctx.round_wind = o.round_wind;
  ctx.riichi = o.riichi[at(o.seat)];
  for (std::uint8_t id : o.dora_indicators) ctx.dora_indicators.push_back(tile_of_id(id, red));
  const Tile win{static_cast<std::uint8_t>(kind), false};
  for (bool tsumo : {false, true}) {
    ctx.tsumo = tsumo;
    if (score_value(hand, win, ctx, rules).ok()) return true;
  }
  return false;
}

bool in_own_pond(const Observation& o, int kind) {
  const auto& pond = o.discards[at(o.seat)];
  return std::any_of(pond.begin(), pond.end(),
                     [kind](const DiscardInfo& d) { return kind_of_id(d.id) == kind; });
}

std::string kinds_text(const std::vector<int>& kinds) {
  std::string s;
  for (int k : kinds) {
    if (!s.empty()) s += ' ';
    s += kind_to_string(k);
  }
  return s;
}

// The waits of the 3n+1 hand `concealed` with their shapes, yaku and furiten, and the warnings
// they call for; null waits when the hand is not tenpai.
void add_waits(const Observation& o, const Rules& rules, const std::vector<int>& concealed,
               const json& after, json& out) {
  Counts held{};
  for (int id : concealed) ++held[at(kind_of_id(id))];
  const Counts visible = visible_counts(o, rules);
  const std::vector<Wait> ws = waits(held, &visible);
  if (ws.empty()) return;
  json tiles = json::array();
  std::vector<int> no_yaku, furiten;
  for (const Wait& w : ws) {
    json shapes = json::array();
    for (int s = 0; s < kNumWaitShapes; ++s)
      if (w.has(static_cast<WaitShape>(s))) shapes.push_back(wait_shape_name(WaitShape(s)));
    const bool yaku = wins_with_yaku(o, rules, concealed, w.kind);
    const bool own = in_own_pond(o, w.kind);
    if (!yaku) no_yaku.push_back(w.kind);
    if (own) furiten.push_back(w.kind);
    tiles.push_back(json{{"tile", kind_json(w.kind)},
                         {"remaining", w.remaining},
                         {"shapes", std::move(shapes)},
                         {"yaku", yaku},
                         {"furiten", own}});
  }
  out["waits"] = json{{"after", after}, {"tiles", std::move(tiles)}};
  const std::string when = after.is_null() ? "" : " after " + after.get<std::string>();
  // A closed hand always has menzen tsumo (and riichi): only an open hand can be left without.
  if (is_open(o) && !no_yaku.empty()) {
    const bool none = no_yaku.size() == ws.size();
    out["warnings"].push_back(json{
        {"kind", "no_yaku"},
        {"text",
         none ? "No yaku" + when + ": this open hand cannot win on " + kinds_text(no_yaku) +
                    " (dora are not yaku)."
              : "No yaku on " + kinds_text(no_yaku) + when + ": only the other waits can win."}});
  }
  if (!furiten.empty())
    out["warnings"].push_back(json{
        {"kind", "furiten"},
        {"text", "Furiten" + when + ": " + kinds_text(furiten) +
                     " is in your discards, so you cannot ron on any wait; only tsumo wins."}});
}

json option_json(const eval::OptionValue& v, bool best, bool red) {
  return json{{"action", action_label(v.action, red)},
              {"type", action_type_name(v.action.type)},
              {"tile", tile_json(v.action.tile, red)},
              {"then", v.kind == eval::DecisionKind::kCall ? json(action_label(v.then, red))
                                                           : json(nullptr)},
              {"exp_score", std::lround(v.exp_score)},
              {"win_prob", prob(v.win_prob)},
              {"tenpai_prob", prob(v.tenpai_prob)},
              {"deal_in_prob", prob(v.deal_in_prob)},
              {"shanten", v.shanten},
              {"effective_tiles", v.effective_tiles},
              {"reason", v.reason},
              {"best", best}};
}

// The options best first, one per label (two copies of a kind, from the hand and tsumogiri, are
// one choice): every one in a claim window, else the three best.
json options_json(const eval::OptionsReport& r, bool claim, bool red) {
  std::vector<int> order(r.options.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&r](int a, int b) {
    const double ua = r.options[at(a)].utility, ub = r.options[at(b)].utility;
    return ua > ub || (ua == ub && a == r.best);
  });
  json out = json::array();
  std::vector<std::string> labels;
  for (int i : order) {
    std::string label = action_label(r.options[at(i)].action, red);
    if (std::find(labels.begin(), labels.end(), label) != labels.end()) continue;
    labels.push_back(std::move(label));
    out.push_back(option_json(r.options[at(i)], i == r.best, red));
    if (!claim && out.size() == 3) break;
  }
  return out;
}

// The 3n+1 hand the waits are read from: the hand held in a claim window or between turns, the
// hand after the best discard on a turn (with its label); empty when there is none.
std::vector<int> waits_hand(const Observation& o, const eval::OptionsReport* r, bool red,
                            json& after) {
  std::vector<int> hand(o.concealed.begin(), o.concealed.end());
  if (hand.size() % 3 == 1) return hand;
  if (hand.size() % 3 != 2 || r == nullptr || r->best < 0) return {};
  const eval::OptionValue& best = r->options[at(r->best)];
  const ActionType t = best.action.type;
  if ((t != ActionType::kDiscard && t != ActionType::kRiichi) || best.shanten != 0) return {};
  const auto it = std::find(hand.begin(), hand.end(), best.action.tile);
  if (it == hand.end()) return {};
  hand.erase(it);
  after = action_label(best.action, red);
  return hand;
}

bool threatened(const eval::DangerReport& d) {
  return std::any_of(d.opponents.begin(), d.opponents.end(),
                     [](const eval::OpponentDanger& o) { return o.riichi || o.tenpai >= 0.35F; });
}

}  // namespace

json danger_json(const eval::DangerReport& d, std::uint64_t held) {
  json opponents = json::array();
  for (const eval::OpponentDanger& o : d.opponents)
    opponents.push_back(json{{"seat", o.seat}, {"riichi", o.riichi}, {"tenpai", prob(o.tenpai)}});
  json tiles = json::array();
  for (int k = 0; k < kNumKinds; ++k) {
    if ((held >> k & 1) == 0) continue;
    json by = json::array();
    for (const eval::OpponentDanger& o : d.opponents) by.push_back(prob(o.tiles[at(k)].deal_in));
    tiles.push_back(json{{"tile", kind_json(k)},
                         {"deal_in", prob(d.deal_in[at(k)])},
                         {"loss", std::lround(d.loss[at(k)])},
                         {"by_opponent", std::move(by)},
                         {"reason", eval::danger_reason(d, k)}});
  }
  return json{{"opponents", std::move(opponents)}, {"tiles", std::move(tiles)}};
}

// The furiten the pond cannot show: a winning tile let pass since the riichi (for the rest of the
// hand) or in this go-around (temporary), told when the waits are the hand's own (in riichi, or
// 13 tiles in a claim window) and the pond explains nothing.
void add_passed_win_furiten(const Observation& o, bool table_furiten, json& out) {
  if (!table_furiten || out["waits"].is_null()) return;
  for (const json& w : out["warnings"])
    if (w["kind"] == "furiten") return;
  const bool riichi = o.riichi[static_cast<size_t>(o.seat)];
  const bool claim = o.phase == Phase::kClaim || o.phase == Phase::kChankan;
  if (!riichi && !claim) return;
  out["warnings"].push_back(json{
      {"kind", "furiten"},
      {"text", riichi ? std::string("Furiten: you let a winning tile pass after your riichi, so "
                                    "you cannot ron for the rest of the hand; only tsumo wins.")
                      : std::string("Furiten: you let a winning tile pass in this go-around, so "
                                    "you cannot ron now; only tsumo wins.")}});
}

json helper_json(const Observation& o, const Rules& rules, bool table_furiten) {
  const bool red = rules.red_fives;
  json out{{"decision", nullptr}, {"threat", false},           {"options", json::array()},
           {"waits", nullptr},    {"warnings", json::array()}, {"danger", nullptr}};
  eval::OptionsReport report;
  const bool decide = !o.legal_actions.empty();
  if (decide) {
    report = eval::evaluate_options(o, rules);
    out["decision"] = eval::decision_kind_name(report.kind);
    const bool claim = o.phase == Phase::kClaim || o.phase == Phase::kChankan;
    out["options"] = options_json(report, claim, red);
  }
  json after = nullptr;
  const std::vector<int> hand = waits_hand(o, decide ? &report : nullptr, red, after);
  if (!hand.empty()) add_waits(o, rules, hand, after, out);
  add_passed_win_furiten(o, table_furiten, out);
  const eval::DangerReport danger = eval::assess_danger(o, rules);
  if (threatened(danger)) {
    std::uint64_t held = 0;
    for (std::uint8_t id : o.concealed) held |= std::uint64_t{1} << kind_of_id(id);
    out["threat"] = true;
    out["danger"] = danger_json(danger, held);
  }
  return out;
}

}  // namespace riichi::server
