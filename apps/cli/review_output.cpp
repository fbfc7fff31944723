#include "review_output.hpp"

#include <fmt/core.h>

#include <cmath>

#include "cli_text.hpp"
#include "riichi/hand.hpp"

namespace riichi::cli {

namespace {

constexpr const char* kWinds[] = {"East", "South", "West", "North"};

std::string tiles_text(const std::vector<std::uint8_t>& ids, bool red, int skip = -1) {
  std::vector<Tile> tiles;
  for (std::uint8_t id : ids)
    if (static_cast<int>(id) != skip) tiles.push_back(tile_of_id(id, red));
  return format_tiles(tiles);
}

// "123m456p789s1z + 5s [pon 777z]".
std::string hand_text(const Observation& o, bool red) {
  std::string s = tiles_text(o.concealed, red, o.drawn);
  if (o.drawn >= 0) s += " + " + tile_to_string(tile_of_id(o.drawn, red));
  for (const MeldInfo& m : o.melds[at(o.seat)]) {
    std::vector<std::uint8_t> ids(m.ids.begin(), m.ids.begin() + m.size());
    s += fmt::format(" [{} {}]",
                     m.type == MeldType::kChi   ? "chi"
                     : m.type == MeldType::kPon ? "pon"
                                                : "kan",
                     tiles_text(ids, red));
  }
  return s;
}

std::string seat_name(const review::GameReview& g, int seat) {
  return fmt::format("P{} {}", g.log_seat(seat), g.names[at(seat)]);
}

// The seat wind of `seat` (three players: East, South, West only).
int wind_of(const review::GameReview& g, int seat, const Observation& o) {
  return (seat - o.dealer + g.num_players) % g.num_players;
}

std::string decision_text(const review::GameReview& g, const review::Decision& d) {
  const Observation& o = d.position;
  const bool red = g.rules.red_fives;
  std::string s = fmt::format("{} turn {} | {} ({} wind) | {} | dora {} | wall {}{}\n", d.hand,
                              d.turn, seat_name(g, d.seat), kWinds[wind_of(g, d.seat, o)],
                              hand_text(o, red), tiles_text(o.dora_indicators, red),
                              o.live_tiles_left, d.threat ? " | threat" : "");
  if (o.last_discard >= 0)
    s += fmt::format("  on {}'s {}\n", kWinds[wind_of(g, o.to_play, o)],
                     tile_to_string(tile_of_id(o.last_discard, red)));
  s += fmt::format(
      "  took: {}   best: {}   loss {:.0f}{}\n", d.actual_row().action, d.best_row().action,
      d.ev_loss,
      d.ev_loss > 0 ? fmt::format(" ({})", eval::reason_kind_name(d.loss_kind)) : std::string());
  for (std::size_t i = 0; i < d.options.size(); ++i) {
    const review::OptionRow& r = d.options[i];
    const bool best = static_cast<int>(i) == d.best, took = static_cast<int>(i) == d.actual;
    s += fmt::format("  {}{} {:<24} {:>8.0f}  win {:>6}  deal-in {:>6}  {}\n", best ? '*' : ' ',
                     took ? '>' : ' ', r.action, r.exp_score, pct(r.win_prob), pct(r.deal_in_prob),
                     r.reason);
  }
  return s;
}

std::string summary_text(const review::Summary& s, const std::vector<review::Decision>& ds) {
  std::string out = fmt::format(
      "decisions {}, agreement top-1 {} ({}), top-3 {} ({}), loss total {:.0f}, mean {:.1f} "
      "points per decision\n",
      s.decisions, s.top1, pct(s.decisions ? 1.0 * s.top1 / s.decisions : 0), s.top3,
      pct(s.decisions ? 1.0 * s.top3 / s.decisions : 0), s.total_loss, s.mean_loss);
  out += "loss by kind:";
  for (int k = 0; k < 5; ++k) {
    const review::KindLoss& kl = s.by_kind[at(k)];
    out +=
        fmt::format(" {} {:.0f} ({}){}", eval::reason_kind_name(static_cast<eval::ReasonKind>(k)),
                    kl.loss, kl.decisions, k < 4 ? "," : "\n");
  }
  if (!s.costliest.empty()) out += "costliest decisions:\n";
  for (std::size_t i = 0; i < s.costliest.size(); ++i) {
    const review::Decision& d = ds[at(s.costliest[i])];
    out += fmt::format("  {:2}. {:>6.0f}  {} turn {}: {} (best {}): {}\n", i + 1, d.ev_loss, d.hand,
                       d.turn, d.actual_row().action, d.best_row().action, d.actual_row().reason);
  }
  return out;
}

}  // namespace

std::string review_text(const review::GameReview& g, double min_loss) {
  std::string players;
  for (int s : g.seats) players += (players.empty() ? "" : ", ") + seat_name(g, s);
  std::string out =
      fmt::format("== {} ({}, rules {}) review of {}\n", g.game, g.format, g.rules.name, players);
  for (const std::string& n : g.notes) out += "note: " + n + "\n";
  for (const review::Decision& d : g.decisions)
    if (d.ev_loss >= min_loss) out += decision_text(g, d);
  out += "-- summary of " + g.game + "\n";
  out += summary_text(g.summary, g.decisions);
  for (const review::PlayerRecord& p : g.players)
    out +=
        fmt::format("P{} {}: {} hands, {} wins, {} deal-ins, {} riichi, {} called; final {} ({})\n",
                    p.log_seat, p.name, p.hands, p.wins, p.deal_ins, p.riichi, p.called_hands,
                    p.final_score, p.rank ? fmt::format("rank {}", p.rank) : "unfinished");
  return out + "\n";
}

std::string overall_text(const std::vector<review::GameReview>& games) {
  std::vector<review::Decision> all;
  for (const review::GameReview& g : games)
    for (const review::Decision& d : g.decisions) {
      all.push_back(d);
      all.back().hand = g.game + " " + d.hand;
    }
  return fmt::format("== {} games\n", games.size()) + summary_text(review::summarize(all), all);
}

}  // namespace riichi::cli
