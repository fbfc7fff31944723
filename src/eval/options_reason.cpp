// Push or fold in words: the one-line reason of each option, the names of the kinds, and what a
// choice against the best option is about (mistake_kind).
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "eval/options_detail.hpp"

namespace riichi::eval {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::string points(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", std::round(x));
  return buf;
}

std::string shanten_text(int s) {
  if (s < 0) return "a complete hand";
  if (s == 0) return "tenpai";
  if (s >= 8) return "no shanten";
  return std::to_string(s) + "-shanten";
}

std::string win_text(const OptionValue& o) {
  if (o.win_prob <= 0) return "no win";
  return "win " + percent_text(o.win_prob) + " for " + points(o.win_points);
}

// "tenpai on 8 tiles" / "1-shanten, 24 tiles".
std::string hand_text(const OptionValue& o) {
  if (o.shanten == 0) return "tenpai on " + std::to_string(o.effective_tiles) + " tiles";
  return shanten_text(o.shanten) + ", " + std::to_string(o.effective_tiles) + " tiles";
}

const OptionValue* find_kind(const OptionsReport& r, DecisionKind kind) {
  for (const OptionValue& o : r.options)
    if (o.kind == kind) return &o;
  return nullptr;
}

// The best option other than `skip` (-1 if none).
int runner_up(const OptionsReport& r, int skip) {
  int best = -1;
  for (int i = 0; i < static_cast<int>(r.options.size()); ++i)
    if (i != skip && (best < 0 || r.options[at(i)].utility > r.options[at(best)].utility)) best = i;
  return best;
}

bool call_like(DecisionKind k) {
  return k == DecisionKind::kCall || k == DecisionKind::kPass || k == DecisionKind::kKan ||
         k == DecisionKind::kKyuushu || k == DecisionKind::kKita;
}

// What separates options a and b.
ReasonKind nature(const OptionsReport& r, const OptionValue& a, const OptionValue& b) {
  if (a.kind == DecisionKind::kWin || b.kind == DecisionKind::kWin) return ReasonKind::kWin;
  if (call_like(a.kind) || call_like(b.kind)) return ReasonKind::kCall;
  if (a.kind == DecisionKind::kRiichi || b.kind == DecisionKind::kRiichi)
    return ReasonKind::kRiichi;
  if (r.threat) {
    if (a.plan != b.plan) return ReasonKind::kPushFold;
    const double gap = std::abs(a.exp_score - b.exp_score);
    if (std::abs(a.deal_in_loss - b.deal_in_loss) >= 0.5 * gap) return ReasonKind::kPushFold;
  }
  return ReasonKind::kEfficiency;
}

ReasonKind own_nature(const OptionsReport& r, const OptionValue& o) {
  if (o.kind == DecisionKind::kWin) return ReasonKind::kWin;
  if (call_like(o.kind)) return ReasonKind::kCall;
  if (o.kind == DecisionKind::kRiichi) return ReasonKind::kRiichi;
  return r.threat ? ReasonKind::kPushFold : ReasonKind::kEfficiency;
}

// Against the opponent with the largest expected loss on the tile, or, when the tile costs
// next to nothing, against the most likely tenpai one ("genbutsu 2m against East's riichi").
std::string danger_text(const detail::TableOutlook& t, int kind) {
  int who = t.danger.worst_opponent(kind);
  if (t.danger.opponents[at(who)].tiles[at(kind)].loss < 1)
    for (int i = 0; i < 3; ++i)
      if (t.danger.opponents[at(i)].seat == t.threat_seat) who = i;
  return danger_reason(t.danger.opponents[at(who)], kind) + " deal-in";
}

std::string discard_reason(const detail::TableOutlook& t, const detail::OptionNote& n,
                           const OptionValue& o, const OptionsReport& r, bool red) {
  std::string tile = detail::tile_text(o.action.tile, red);
  if (o.action.tsumogiri && !n.in_riichi) tile += " (tsumogiri)";
  if (n.in_riichi)
    return "tsumogiri " + tile + " in riichi: " + win_text(o) + "; " + danger_text(t, n.now_kind);
  const bool riichi = o.kind == DecisionKind::kRiichi;
  std::string prefix = find_kind(r, DecisionKind::kWin) ? "decline the win: " : "";
  if (o.plan == Plan::kFold)
    return prefix + "fold: " + danger_text(t, n.now_kind) + "; " + shanten_text(o.shanten) +
           " is not worth the risk";
  if (n.has_alternative) {
    std::string s = (riichi ? "riichi on " : "dama on ") + tile + ": " + hand_text(o) + ", " +
                    win_text(o) + " (" + (riichi ? "dama" : "riichi") + ": win " +
                    percent_text(n.alt_win) + " for " + points(n.alt_value) + ")";
    const bool better = o.exp_score >= n.alt_exp;
    if (riichi && better) s += "; riichi adds value and the wait is good enough";
    if (riichi && !better) s += "; riichi is final and costs the stick";
    if (!riichi && better) {
      std::string why;
      if (o.win_points >= 0.6 * n.alt_value)
        why = points(o.win_points) + " already, riichi adds little";
      if (n.wait_tiles <= 4) why += std::string(why.empty() ? "" : " and ") + "the wait is bad";
      if (r.threat) why += std::string(why.empty() ? "" : "; ") + "dama can still fold";
      if (!why.empty()) s += "; " + why;
    }
    if (r.threat) s += "; " + danger_text(t, n.now_kind);
    return s;
  }
  if (r.threat)
    return prefix + "push: " + danger_text(t, n.now_kind) + " for a " + shanten_text(o.shanten) +
           " hand (" + win_text(o) + ")";
  return prefix + "cut " + tile + ": " + hand_text(o) + ", " + win_text(o);
}

std::string call_reason(const detail::TableOutlook& t, const detail::OptionNote& n,
                        const OptionValue& o, const OptionsReport& r, bool red) {
  const std::string name = action_type_name(o.action.type);
  std::string s = name + " " + kind_to_string(n.kan_kind);
  if (n.value_honor) s += " (yakuhai: a yaku)";
  if (o.action.type != ActionType::kDaiminkan)
    s += ", then cut " + detail::tile_text(o.then.tile, red);
  const OptionValue* pass = find_kind(r, DecisionKind::kPass);
  s += ": ";
  if (pass) s += shanten_text(pass->shanten) + " -> ";
  s += shanten_text(o.shanten);
  if (o.win_prob <= 0 && o.plan == Plan::kPush)
    s += ", no yaku left: the hand cannot win";
  else
    s += ", " + win_text(o);
  if (pass) s += " (passing: " + win_text(*pass) + ")";
  if (o.plan == Plan::kFold) s += "; then fold";
  if (r.threat && n.now_kind >= 0) s += "; " + danger_text(t, n.now_kind);
  return s;
}

std::string option_reason(const Observation& obs, const detail::TableOutlook& t,
                          const detail::OptionNote& n, const OptionValue& o,
                          const OptionsReport& r) {
  const bool red = t.red_fives;
  switch (o.kind) {
    case DecisionKind::kDiscard:
    case DecisionKind::kRiichi:
      return discard_reason(t, n, o, r, red);
    case DecisionKind::kCall:
      return call_reason(t, n, o, r, red);
    case DecisionKind::kWin: {
      if (o.win_prob <= 0) return "not a valid win: " + n.win_detail;
      return std::string(o.action.type == ActionType::kTsumo ? "tsumo" : "ron") + ": " +
             points(o.win_points) + " points (" + n.win_detail + "), take the win";
    }
    case DecisionKind::kPass: {
      std::string s = "pass: ";
      if (const OptionValue* ron = find_kind(r, DecisionKind::kWin))
        s += "decline the ron (" + points(ron->win_points) + " points); ";
      if (o.plan == Plan::kFold) return s + "decline the call and fold, " + shanten_text(o.shanten);
      return s + "keep the hand, " + hand_text(o) + ", " + win_text(o);
    }
    case DecisionKind::kKan: {
      std::string s = std::string(action_type_name(o.action.type)) + " " +
                      kind_to_string(n.kan_kind) + ": a rinshan draw and a new dora indicator, " +
                      hand_text(o) + ", " + win_text(o);
      if (n.now_kind >= 0) s += "; chankan: " + danger_text(t, n.now_kind);
      return s;
    }
    case DecisionKind::kKita: {
      std::string s = "kita: the North set aside as a dora, a replacement draw, " + hand_text(o) +
                      ", " + win_text(o);
      if (r.threat) s += "; ron on it: " + danger_text(t, kNorth);
      return s;
    }
    case DecisionKind::kKyuushu: {
      const int other = runner_up(r, static_cast<int>(&o - r.options.data()));
      std::string s = "kyuushu kyuuhai: abort the hand (0 points)";
      if (other >= 0) s += " rather than play on (" + points(r.options[at(other)].exp_score) + ")";
      return s;
    }
  }
  (void)obs;
  return "";
}

}  // namespace

namespace detail {

std::string tile_text(int id, bool red_fives) { return tile_to_string(tile_of_id(id, red_fives)); }

void write_reasons(const Observation& obs, const TableOutlook& table,
                   const std::vector<OptionNote>& notes, OptionsReport& report) {
  for (std::size_t i = 0; i < report.options.size(); ++i)
    report.options[i].reason = option_reason(obs, table, notes[i], report.options[i], report);
}

}  // namespace detail

const char* decision_kind_name(DecisionKind kind) {
  static const char* const kNames[] = {"discard", "riichi", "call",    "pass",
                                       "kan",     "win",    "kyuushu", "kita"};
  return kNames[static_cast<int>(kind)];
}

const char* reason_kind_name(ReasonKind kind) {
  static const char* const kNames[] = {"efficiency", "push_fold", "call", "riichi", "win"};
  return kNames[static_cast<int>(kind)];
}

const char* plan_name(Plan plan) {
  static const char* const kNames[] = {"push", "fold", "win", "abort"};
  return kNames[static_cast<int>(plan)];
}

ReasonKind mistake_kind(const OptionsReport& report, int chosen) {
  if (chosen < 0 || chosen >= static_cast<int>(report.options.size()) || report.best < 0)
    throw std::invalid_argument("mistake_kind: option " + std::to_string(chosen) +
                                " is not in the report");
  const OptionValue& best = report.options[at(report.best)];
  if (chosen != report.best) return nature(report, best, report.options[at(chosen)]);
  const int other = runner_up(report, chosen);
  return other < 0 ? own_nature(report, best) : nature(report, best, report.options[at(other)]);
}

}  // namespace riichi::eval
