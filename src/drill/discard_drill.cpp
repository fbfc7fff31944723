// The discard drill's key and grade (the positions are made in discard_positions.cpp).
#include "drill/discard_drill.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "eval/danger.hpp"
#include "eval/ev.hpp"

namespace riichi::drill {

namespace {

std::string shanten_words(int s) { return s <= 0 ? "tenpai" : std::to_string(s) + "-shanten"; }

std::string points(double x) { return std::to_string(static_cast<long>(std::lround(x))); }

std::string percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, p > 0 && p < 0.0995 ? "%.1f%%" : "%.0f%%", 100 * p);
  return buf;
}

// The tiles the seat sees outside its concealed part: indicators, its own melds, and with a
// table every pond (tiles not called) and the other players' melds.
struct Seen {
  Counts counts{};
  std::vector<Tile> visible;       // for the evaluation: ponds and others' melds
  std::vector<Tile> own_discards;  // furiten
};

Seen seen_tiles(const DiscardPosition& p) {
  Seen s;
  for (Tile t : p.dora_indicators) ++s.counts[t.kind];
  for (const Meld& m : p.hand.melds)
    for (Tile t : m.view()) ++s.counts[t.kind];
  if (!p.table) return s;
  const Observation& o = p.observation;
  const bool red = p.rules.red_fives;
  for (std::size_t seat = 0; seat < 4; ++seat) {
    for (const DiscardInfo& d : o.discards[seat]) {
      const Tile t = tile_of_id(d.id, red);
      if (static_cast<int>(seat) == o.seat) s.own_discards.push_back(t);
      if (d.called) continue;
      s.visible.push_back(t);
      ++s.counts[t.kind];
    }
    if (static_cast<int>(seat) == o.seat) continue;
    for (const MeldInfo& m : o.melds[seat])
      for (int i = 0; i < m.size(); ++i) {
        const Tile t = tile_of_id(m.ids[static_cast<std::size_t>(i)], red);
        s.visible.push_back(t);
        ++s.counts[t.kind];
      }
  }
  return s;
}

bool better(const DiscardRow& a, const DiscardRow& b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.shanten != b.shanten) return a.shanten < b.shanten;
  if (a.effective != b.effective) return a.effective > b.effective;
  if (a.tile.kind != b.tile.kind) return a.tile.kind < b.tile.kind;
  return !a.tile.red && b.tile.red;
}

// Why `best` rather than `chosen`, as one clause.
std::string reason_clause(const DiscardRow& best, const DiscardRow& chosen, bool danger) {
  const std::string b = tile_to_string(best.tile), c = tile_to_string(chosen.tile);
  if (danger && chosen.deal_in >= best.deal_in + 0.02)
    return "your " + c + " deals in " + percent(chosen.deal_in) + " of the time (" +
           chosen.danger_reason + "), " + b + " " + percent(best.deal_in);
  if (chosen.shanten > best.shanten)
    return b + " keeps the hand " + shanten_words(best.shanten) + " where your " + c +
           " goes back to " + shanten_words(chosen.shanten);
  if (best.effective >= chosen.effective + 2)
    return b + " keeps " + std::to_string(best.effective) + " effective tiles where your " + c +
           " keeps " + std::to_string(chosen.effective);
  if (best.win >= chosen.win + 0.02)
    return b + " wins more often (" + percent(best.win) + " against " + percent(chosen.win) +
           " for your " + c + ")";
  return b + " wins bigger hands (dora, red fives, yaku; " + percent(best.win) +
         " to win against " + percent(chosen.win) + " for your " + c + ")";
}

std::string describe(const DiscardRow& r, bool danger) {
  std::string out = shanten_words(r.shanten) + " with " + std::to_string(r.effective) +
                    " effective tiles, " + points(r.score) + " points on average (win " +
                    percent(r.win) + (r.riichi ? ", with riichi" : "") + ")";
  if (danger) out += ", " + r.safety + " (deal-in " + percent(r.deal_in) + ")";
  return out;
}

}  // namespace

DiscardKey solve_discard(const DiscardPosition& p) {
  const Seen seen = seen_tiles(p);
  eval::EvPosition ev;
  ev.hand = p.hand;
  ev.turn = p.turn;
  ev.seat = p.seat_wind;
  ev.round_wind = p.round_wind;
  ev.dora_indicators = p.dora_indicators;
  ev.visible = seen.visible;
  ev.own_discards = seen.own_discards;
  ev.rules = p.rules;
  const auto t0 = std::chrono::steady_clock::now();
  const eval::HandEv hand_ev = eval::evaluate_discards(ev, eval::EvOptions::standard());
  DiscardKey key;
  key.ev_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  key.approximate = hand_ev.stats.approximate;
  key.danger = p.table;
  const std::vector<DiscardOption> table = discard_table(p.hand.concealed_counts(), &seen.counts);
  eval::DangerReport danger;
  if (key.danger) eval::assess_danger(p.observation, p.rules, danger);
  for (const eval::DiscardEv& d : hand_ev.discards) {
    DiscardRow row;
    row.tile = d.tile;
    for (const DiscardOption& o : table)
      if (o.kind == d.tile.kind) {
        row.shanten = o.shanten;
        row.effective = o.total;
        row.effective_tiles = o.ukeire;
      }
    const auto t = static_cast<std::size_t>(p.turn);
    row.win = d.value.win[t];
    row.score = d.value.score[t];
    row.tenpai = d.value.tenpai[t];
    row.riichi = d.riichi;
    row.value = row.score;
    if (key.danger) {
      const auto k = static_cast<std::size_t>(d.tile.kind);
      const int worst = danger.worst_opponent(d.tile.kind);
      row.danger = true;
      row.deal_in = danger.deal_in[k];
      row.loss = danger.loss[k];
      row.safety = eval::safety_class_name(
          danger.opponents[static_cast<std::size_t>(worst)].tiles[k].safety.cls);
      row.danger_reason = eval::danger_reason(danger, d.tile.kind);
      row.value = row.score * (1 - row.deal_in) - row.loss;
    }
    key.rows.push_back(std::move(row));
  }
  std::stable_sort(key.rows.begin(), key.rows.end(), better);
  return key;
}

DiscardGrade grade_discard(const DiscardPosition& p, const DiscardKey& key, Tile choice) {
  DiscardGrade g;
  for (std::size_t i = 0; i < key.rows.size(); ++i)
    if (key.rows[i].tile == choice) g.chosen = static_cast<int>(i);
  if (g.chosen < 0)
    throw DrillError(tile_to_string(choice) + " is not a tile of the hand " + format_hand(p.hand));
  const DiscardRow& best = key.rows.front();
  const DiscardRow& mine = key.rows[static_cast<std::size_t>(g.chosen)];
  g.cost = best.value - mine.value;
  const double scale = std::abs(best.value);
  if (g.chosen == 0 || g.cost <= std::max(20.0, 0.02 * scale))
    g.verdict = "best";
  else if (g.cost <= std::max(100.0, 0.10 * scale))
    g.verdict = "good";
  else
    g.verdict = "mistake";
  g.correct = g.verdict == "best";
  const std::string b = tile_to_string(best.tile), c = tile_to_string(mine.tile);
  if (g.chosen == 0)
    g.why = "Right: " + b + " is the best discard: " + describe(best, key.danger) + ".";
  else if (g.correct)
    g.why = "Right: your " + c + " is as good as " + b + " (" + points(mine.score) + " against " +
            points(best.score) + " points): " + describe(mine, key.danger) + ".";
  else
    g.why = std::string(g.verdict == "good" ? "Close: " : "Not the best: ") + b + " is better, " +
            reason_clause(best, mine, key.danger) + "; " + points(best.value) + " points against " +
            points(mine.value) + ".";
  return g;
}

Tile parse_discard_answer(std::string_view text, const DiscardPosition& p) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  Tile t;
  try {
    t = parse_tile(text);
  } catch (const ParseError& e) {
    throw DrillError("the discard '" + std::string(text) + "': " + e.what());
  }
  const std::vector<Tile>& hand = p.hand.concealed;
  if (std::find(hand.begin(), hand.end(), t) != hand.end()) return t;
  for (Tile x : hand)
    if (x.kind == t.kind) return x;  // "5p" for the red five the hand holds
  throw DrillError(tile_to_string(t) + " is not in the hand " + format_tiles(hand));
}

}  // namespace riichi::drill
