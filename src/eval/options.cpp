// Push or fold: every legal action valued (options.hpp; docs/eval.md, "Options: push or fold").
#include "eval/options.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "eval/options_detail.hpp"
#include "eval/options_plan.hpp"
#include "eval/tile_distance.hpp"
#include "riichi/score.hpp"

namespace riichi::eval {

namespace {

using detail::Continuation;
using detail::HandFigures;
using detail::OptionNote;

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

int turn_of(int draws) { return kLastTurn - std::clamp(draws, 0, kLastTurn); }

Meld meld_of(const MeldInfo& m, bool red) {
  Meld out;
  out.type = m.type;
  for (int i = 0; i < m.size(); ++i) out.tiles[at(i)] = tile_of_id(m.ids[at(i)], red);
  return out;
}

// Chi, pon and daiminkan melds from a call action (the called tile first).
Meld call_meld(const Action& a, bool red) {
  Meld m;
  m.type = a.type == ActionType::kChi   ? MeldType::kChi
           : a.type == ActionType::kPon ? MeldType::kPon
                                        : MeldType::kDaiminkan;
  m.tiles[0] = tile_of_id(a.tile, red);
  for (int i = 0; i + 1 < m.size(); ++i) m.tiles[at(i + 1)] = tile_of_id(a.uses[at(i)], red);
  return m;
}

void erase_one(std::vector<Tile>& tiles, Tile t) {
  const auto it = std::find(tiles.begin(), tiles.end(), t);
  if (it != tiles.end()) tiles.erase(it);
}

// Kinds a discard right after a call may not be (kuikae, RULES.md §3.4; the same rule as the
// engine's Round::kuikae_mask, which is private to the round).
std::uint64_t kuikae_forbidden(const Action& call, const Rules& rules) {
  if (!rules.kuikae_forbidden) return 0;
  const int called = kind_of_id(call.tile);
  std::uint64_t m = kind_bit(called);
  if (call.type != ActionType::kChi) return m;
  const int low = std::min({called, kind_of_id(call.uses[0]), kind_of_id(call.uses[1])});
  if (called == low && number_of(low) <= 6) m |= kind_bit(low + 3);
  if (called == low + 2 && number_of(low) >= 2) m |= kind_bit(low - 1);
  return m;
}

bool is_value_honor(int kind, int seat_wind, int round_wind) {
  return is_dragon(kind) || kind == kEast + seat_wind || kind == kEast + round_wind;
}

class Evaluator {
 public:
  Evaluator(const Observation& obs, const Rules& rules, const OptionsSettings& settings)
      : obs_(obs), rules_(rules), settings_(settings), red_(rules.red_fives) {}

  OptionsReport run();

 private:
  void read_position();
  void self_turn();
  void claim_window();
  // A discard of `id` from the hand `rows` were computed for (3n+2), `held` its kinds.
  Continuation discard_value(const HandEv& rows, int id, bool declare, int draws, const Hand& hand,
                             const Counts& held, OptionValue& out, OptionNote& note);
  Continuation pass_value(int draws, OptionValue& out);
  Continuation call_value(const Action& call, int draws, OptionValue& out, OptionNote& note);
  Continuation kan_value(const Action& kan, int draws, OptionValue& out, OptionNote& note);
  Continuation win_value(const Action& win, OptionValue& out, OptionNote& note);
  Continuation kita_value(const Action& kita, int draws, OptionValue& out, OptionNote& note);
  // A kan or kita: the hand `p` (`held`) goes on after the replacement draw; the tile set aside
  // deals in now with `p_now` for `loss_now`.
  Continuation after_replacement(const EvPosition& p, const Counts& held, int draws, double p_now,
                                 double loss_now, OptionValue& out);
  // Push or fold (fold not when the hand is in riichi) of a hand going on.
  Continuation go_on(const HandFigures& f, const Counts& held, int draws) const;
  // `shanten` of the hand going on: a closed hand short of tenpai may still declare riichi.
  HandFigures figures(const EvCurve& curve, int turn, bool riichi, const Hand& hand,
                      int shanten) const;
  EvCurve hand_curve(const EvPosition& p);
  EvPosition position(int turn) const;
  int effective_tiles(const Counts& kinds, int melds) const;
  int deal_in_seat(int kind) const;
  void fill(OptionValue& o, const Continuation& c, int deal_kind) const;
  void keep_stats(const EvStats& s);
  void choose_best();

  const Observation& obs_;
  const Rules& rules_;
  const OptionsSettings& settings_;
  const bool red_;
  EvOptions ev_;
  detail::TableOutlook table_;
  Hand hand_;  // concealed tiles and melds
  Counts held_{};
  std::vector<Tile> visible_, own_discards_;
  int seat_wind_ = 0;
  OptionsReport report_;
  std::vector<OptionNote> notes_;
};

void Evaluator::read_position() {
  const int seat = obs_.seat;
  if (seat < 0 || seat > 3) throw std::invalid_argument("observation seat must be 0..3");
  if (obs_.legal_actions.empty())
    throw std::invalid_argument("seat " + std::to_string(seat) +
                                " has no legal action to evaluate now");
  const auto& melds = obs_.melds[at(seat)];
  const int tiles = static_cast<int>(obs_.concealed.size()) + 3 * static_cast<int>(melds.size());
  if (melds.size() > 4 || (tiles != 13 && tiles != 14))
    throw std::invalid_argument("seat " + std::to_string(seat) + " holds " +
                                std::to_string(obs_.concealed.size()) + " concealed tiles with " +
                                std::to_string(melds.size()) + " melds: not a hand");
  const int players = rules_.players;
  seat_wind_ = (seat - obs_.dealer + players) % players;
  for (int id : obs_.concealed) {
    if (id >= kNumTiles) throw std::invalid_argument("tile id " + std::to_string(id) + " > 135");
    hand_.concealed.push_back(tile_of_id(id, red_));
    ++held_[at(kind_of_id(id))];
  }
  for (const MeldInfo& m : melds) hand_.melds.push_back(meld_of(m, red_));
  for (int s = 0; s < 4; ++s) {
    for (const DiscardInfo& d : obs_.discards[at(s)]) {
      if (!d.called) visible_.push_back(tile_of_id(d.id, red_));
      if (s == seat) own_discards_.push_back(tile_of_id(d.id, red_));
    }
    // Three players: the nukidora set aside (every seat's) are seen.
    visible_.insert(visible_.end(), static_cast<std::size_t>(obs_.kita[at(s)]),
                    Tile{static_cast<std::uint8_t>(kNorth), false});
    if (s == seat) continue;
    for (const MeldInfo& m : obs_.melds[at(s)])
      for (int i = 0; i < m.size(); ++i) visible_.push_back(tile_of_id(m.ids[at(i)], red_));
  }
  ev_ = settings_.ev;
  ev_.opponents = std::min(ev_.opponents, players - 1);
  detail::read_outlook(obs_, rules_, ev_.end_rate, table_);
  ev_.end_rate = detail::push_end_rate(table_);
  report_.seat = seat;
  report_.threat = table_.threat;
  report_.hazard = table_.hazard;
}

EvPosition Evaluator::position(int turn) const {
  EvPosition p;
  p.hand = hand_;
  p.turn = turn;
  p.seat = seat_wind_;
  p.round_wind = obs_.round_wind;
  for (int id : obs_.dora_indicators) p.dora_indicators.push_back(tile_of_id(id, red_));
  p.visible = visible_;
  p.own_discards = own_discards_;
  p.kita = obs_.kita[at(obs_.seat)];
  p.rules = rules_;
  return p;
}

void Evaluator::keep_stats(const EvStats& s) {
  const std::size_t nodes = s.draw_nodes + s.discard_nodes;
  if (nodes >= report_.ev_stats.draw_nodes + report_.ev_stats.discard_nodes) report_.ev_stats = s;
}

// A hand before its draw (3n+1): a riichi hand stays in riichi (declares again at once).
EvCurve Evaluator::hand_curve(const EvPosition& p) {
  EvOptions o = ev_;
  if (obs_.riichi[at(obs_.seat)]) o.riichi = RiichiChoice::kAlways;
  EvStats s;
  const EvCurve c = evaluate_hand(p, o, &s);
  keep_stats(s);
  return c;
}

HandFigures Evaluator::figures(const EvCurve& curve, int turn, bool riichi, const Hand& hand,
                               int shanten) const {
  HandFigures f;
  f.may_riichi =
      !riichi && shanten >= 1 &&
      std::none_of(hand.melds.begin(), hand.melds.end(), [](const Meld& m) { return m.is_open(); });
  f.win = curve.win[at(turn)];
  f.score = curve.score[at(turn)];
  f.tenpai = curve.tenpai[at(turn)];
  f.riichi = riichi;
  f.stick_sunk = obs_.riichi[at(obs_.seat)];
  f.riichi_stick = ev_.riichi_stick;
  return f;
}

Continuation Evaluator::go_on(const HandFigures& f, const Counts& held, int draws) const {
  const Continuation push = detail::push(f, draws, table_);
  if (f.riichi) return push;
  const Continuation fold = detail::fold(held, draws, table_);
  const int to = table_.threat_seat;
  return detail::utility_of(fold, obs_, settings_.utility, to) >
                 detail::utility_of(push, obs_, settings_.utility, to) + settings_.fold_margin
             ? fold
             : push;
}

int Evaluator::effective_tiles(const Counts& kinds, int melds) const {
  if (total(kinds) % 3 != 1) return 0;
  const TileDistance d = necessary_tiles(kinds, part_keys(kinds), melds);
  int n = 0;
  for (int k = 0; k < kNumKinds; ++k)
    if (d.mask >> k & 1) n += table_.reading.unseen[at(k)];
  return n;
}

int Evaluator::deal_in_seat(int kind) const {
  if (kind < 0) return table_.threat_seat;
  return table_.danger.opponents[at(table_.danger.worst_opponent(kind))].seat;
}

void Evaluator::fill(OptionValue& o, const Continuation& c, int deal_kind) const {
  o.plan = c.plan;
  o.exp_score = c.exp();
  o.utility = detail::utility_of(c, obs_, settings_.utility, deal_in_seat(deal_kind));
  o.win_prob = c.win;
  o.tenpai_prob = c.tenpai;
  o.deal_in_prob = c.deal_in_now;
  o.deal_in_later = std::max(0.0, c.deal_in - c.deal_in_now);
  o.win_points = c.win > 0 ? c.win_total / c.win : 0;
  o.deal_in_loss = c.loss;
}

Continuation Evaluator::discard_value(const HandEv& rows, int id, bool declare, int draws,
                                      const Hand& hand, const Counts& held, OptionValue& out,
                                      OptionNote& note) {
  const int melds = static_cast<int>(hand.melds.size());
  const Tile tile = tile_of_id(id, red_);
  const auto row = std::find_if(rows.discards.begin(), rows.discards.end(),
                                [&](const DiscardEv& d) { return d.tile == tile; });
  if (row == rows.discards.end())
    throw std::invalid_argument("discard " + detail::tile_text(id, red_) + " is not in the hand");
  const int turn = turn_of(draws);
  const bool riichi = declare || obs_.riichi[at(obs_.seat)];
  const EvCurve& riichi_curve = row->riichi_value ? *row->riichi_value : row->value;
  const EvCurve& dama_curve = row->dama_value ? *row->dama_value : row->value;
  const EvCurve& curve = riichi ? riichi_curve : dama_curve;
  Counts left = held;
  --left[at(tile.kind)];
  const Continuation go = go_on(figures(curve, turn, riichi, hand, row->shanten), left, draws);
  const int kind = tile.kind;
  const Continuation c =
      detail::after_discard(table_.danger.deal_in[at(kind)], table_.danger.loss[at(kind)], go);
  out.shanten = row->shanten;
  out.effective_tiles = effective_tiles(left, melds);
  note.now_kind = kind;
  note.in_riichi = obs_.riichi[at(obs_.seat)];
  if (row->riichi_value && row->dama_value && !note.in_riichi) {
    const EvCurve& alt = declare ? dama_curve : riichi_curve;
    const Continuation other =
        detail::after_discard(table_.danger.deal_in[at(kind)], table_.danger.loss[at(kind)],
                              go_on(figures(alt, turn, !declare, hand, row->shanten), left, draws));
    note.has_alternative = true;
    note.alt_win = other.win;
    note.alt_value = other.win > 0 ? other.win_total / other.win : 0;
    note.alt_exp = other.exp();
  }
  if (row->shanten == 0) note.wait_tiles = out.effective_tiles;
  return c;
}

Continuation Evaluator::pass_value(int draws, OptionValue& out) {
  EvPosition p = position(turn_of(draws));
  // Passing a ron in riichi is permanent furiten (RULES.md §3.8).
  const bool ron = std::any_of(obs_.legal_actions.begin(), obs_.legal_actions.end(),
                               [](const Action& a) { return a.type == ActionType::kRon; });
  if (ron && obs_.riichi[at(obs_.seat)] && obs_.last_discard >= 0)
    p.own_discards.push_back(tile_of_id(obs_.last_discard, red_));
  const bool riichi = obs_.riichi[at(obs_.seat)];
  const EvCurve curve = hand_curve(p);
  const int melds = static_cast<int>(hand_.melds.size());
  out.shanten = exact_shanten(held_, part_keys(held_), melds);
  out.effective_tiles = effective_tiles(held_, melds);
  return go_on(figures(curve, p.turn, riichi, hand_, out.shanten), held_, draws);
}

Continuation Evaluator::call_value(const Action& call, int draws, OptionValue& out,
                                   OptionNote& note) {
  EvPosition p = position(turn_of(draws));
  const Meld meld = call_meld(call, red_);
  Counts held = held_;
  std::vector<std::uint8_t> ids(obs_.concealed.begin(), obs_.concealed.end());
  for (int i = 0; i + 1 < meld.size(); ++i) {
    erase_one(p.hand.concealed, meld.tiles[at(i + 1)]);
    --held[at(kind_of_id(call.uses[at(i)]))];
    const auto used =
        std::find(ids.begin(), ids.end(), static_cast<std::uint8_t>(call.uses[at(i)]));
    if (call.uses[at(i)] < 0 || used == ids.end())
      throw std::invalid_argument(std::string(action_type_name(call.type)) + ": tile id " +
                                  std::to_string(call.uses[at(i)]) + " is not in the hand");
    ids.erase(used);
  }
  p.hand.melds.push_back(meld);
  erase_one(p.visible, meld.tiles[0]);  // the called tile is in the meld now
  const int melds = static_cast<int>(p.hand.melds.size());
  note.kan_kind = meld.tiles[0].kind;
  note.value_honor = call.type != ActionType::kChi &&
                     is_value_honor(meld.tiles[0].kind, seat_wind_, obs_.round_wind);
  if (call.type == ActionType::kDaiminkan) {  // the rinshan draw comes first
    p.turn = turn_of(draws + 1);
    const EvCurve curve = hand_curve(p);
    out.shanten = exact_shanten(held, part_keys(held), melds);
    out.effective_tiles = effective_tiles(held, melds);
    return go_on(figures(curve, p.turn, false, p.hand, out.shanten), held, draws + 1);
  }
  const HandEv rows = evaluate_discards(p, ev_);
  keep_stats(rows.stats);
  const std::uint64_t forbidden = kuikae_forbidden(call, rules_);
  std::optional<Continuation> best;
  double best_u = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const int id = ids[i];
    if (forbidden & kind_bit(kind_of_id(id))) continue;
    if (i > 0 && tile_of_id(ids[i - 1], red_) == tile_of_id(id, red_)) continue;
    OptionValue o;
    OptionNote n;
    const Continuation c = discard_value(rows, id, false, draws, p.hand, held, o, n);
    const double u = detail::utility_of(c, obs_, settings_.utility, deal_in_seat(n.now_kind));
    if (!best || u > best_u) {
      best = c, best_u = u;
      out.shanten = o.shanten, out.effective_tiles = o.effective_tiles;
      note.now_kind = n.now_kind;
      out.then = Action{ActionType::kDiscard,
                        static_cast<std::int8_t>(obs_.seat),
                        static_cast<std::int16_t>(id),
                        false,
                        {-1, -1, -1}};
    }
  }
  if (!best) throw std::invalid_argument("no discard is allowed after this call (kuikae)");
  return *best;
}

Continuation Evaluator::kan_value(const Action& kan, int draws, OptionValue& out,
                                  OptionNote& note) {
  EvPosition p = position(turn_of(draws + 1));  // the rinshan draw comes first
  const int kind = kind_of_id(kan.tile);
  Counts held = held_;
  note.kan_kind = kind;
  note.value_honor = is_value_honor(kind, seat_wind_, obs_.round_wind);
  double p_now = 0, loss_now = 0;
  if (kan.type == ActionType::kAnkan) {
    Meld m;
    m.type = MeldType::kAnkan;
    int n = 0;
    for (int id : obs_.concealed)
      if (kind_of_id(id) == kind && n < 4) m.tiles[at(n++)] = tile_of_id(id, red_);
    if (n != 4)
      throw std::invalid_argument("ankan " + kind_to_string(kind) + ": " + std::to_string(n) +
                                  " copies held, not 4");
    for (int i = 0; i < n; ++i) erase_one(p.hand.concealed, m.tiles[at(i)]);
    held[at(kind)] = 0;
    p.hand.melds.push_back(m);
  } else {  // kakan: the pon grows; robbing it (chankan) is a ron on that tile
    const Tile added = tile_of_id(kan.tile, red_);
    const bool copy_held = held[at(kind)] > 0;
    erase_one(p.hand.concealed, added);
    if (copy_held) --held[at(kind)];
    bool grown = false;
    for (Meld& m : p.hand.melds)
      if (m.type == MeldType::kPon && m.tiles[0].kind == kind) {
        m.type = MeldType::kKakan;
        m.tiles[3] = added;
        grown = true;
      }
    if (!grown || !copy_held)
      throw std::invalid_argument("kakan " + kind_to_string(kind) +
                                  ": no pon of it and a copy in the hand");
    p_now = table_.danger.deal_in[at(kind)];
    loss_now = table_.danger.loss[at(kind)];
    note.now_kind = kind;
  }
  return after_replacement(p, held, draws, p_now, loss_now, out);
}

Continuation Evaluator::after_replacement(const EvPosition& p, const Counts& held, int draws,
                                          double p_now, double loss_now, OptionValue& out) {
  const int melds = static_cast<int>(p.hand.melds.size());
  const EvCurve curve = hand_curve(p);
  out.shanten = exact_shanten(held, part_keys(held), melds);
  out.effective_tiles = effective_tiles(held, melds);
  const bool riichi = obs_.riichi[at(obs_.seat)];
  return detail::after_discard(
      p_now, loss_now, go_on(figures(curve, p.turn, riichi, p.hand, out.shanten), held, draws + 1));
}

// Kita (three players): the North set aside as one more dora, a replacement draw as after a kan;
// the North may be ronned (without chankan) as a discard of it would be.
Continuation Evaluator::kita_value(const Action& kita, int draws, OptionValue& out,
                                   OptionNote& note) {
  EvPosition p = position(turn_of(draws + 1));  // the replacement draw comes first
  const Tile north = tile_of_id(kita.tile, red_);
  Counts held = held_;
  if (north.kind != kNorth || held[at(kNorth)] == 0)
    throw std::invalid_argument("kita " + detail::tile_text(kita.tile, red_) +
                                ": not a North tile held");
  erase_one(p.hand.concealed, north);
  --held[at(kNorth)];
  ++p.kita;
  p.visible.push_back(north);
  note.now_kind = kNorth;
  return after_replacement(p, held, draws, table_.danger.deal_in[at(kNorth)],
                           table_.danger.loss[at(kNorth)], out);
}

Continuation Evaluator::win_value(const Action& win, OptionValue& out, OptionNote& note) {
  const bool tsumo = win.type == ActionType::kTsumo;
  Hand h = hand_;
  const Tile tile = tile_of_id(win.tile, red_);
  if (tsumo) erase_one(h.concealed, tile);
  WinContext ctx;
  ctx.tsumo = tsumo;
  ctx.seat = seat_wind_;
  ctx.round_wind = obs_.round_wind;
  for (int id : obs_.dora_indicators) ctx.dora_indicators.push_back(tile_of_id(id, red_));
  ctx.riichi = obs_.riichi[at(obs_.seat)];
  ctx.haitei = tsumo && obs_.live_tiles_left == 0;
  ctx.houtei = !tsumo && obs_.phase == Phase::kClaim && obs_.live_tiles_left == 0;
  // A ron on a kakan is chankan; on a kita North (three players) it is not (no kan was made).
  bool kakan = false;
  for (const auto& melds : obs_.melds)
    for (const MeldInfo& m : melds) kakan |= m.type == MeldType::kKakan && m.ids[3] == win.tile;
  ctx.chankan = !tsumo && obs_.phase == Phase::kChankan && (kakan || !rules_.kita);
  bool untouched = obs_.discards[at(obs_.seat)].empty();
  for (const auto& m : obs_.melds) untouched &= m.empty();
  ctx.tenhou = tsumo && untouched && seat_wind_ == 0;
  ctx.chiihou = tsumo && untouched && seat_wind_ != 0;
  ctx.honba = obs_.honba;
  ctx.riichi_sticks = obs_.riichi_sticks;
  ctx.kita = obs_.kita[at(obs_.seat)];
  if (!tsumo)
    for (int s = 0; s < 4; ++s)
      if (s != obs_.seat && !obs_.discards[at(s)].empty() &&
          obs_.discards[at(s)].back().id == win.tile)
        ctx.discarder = (s - obs_.dealer + rules_.players) % rules_.players;
  const ScoreResult r = score(h, tile, ctx, rules_);
  Continuation c;
  c.plan = Plan::kWin;
  out.shanten = -1;
  if (!r.ok()) {
    note.win_detail = r.error_message;
    return c;
  }
  c.win = 1;
  c.tenpai = 1;
  c.win_total = r.payments.total + r.payments.sticks;
  note.win_detail = r.limit != Limit::kNone && r.limit != Limit::kMangan
                        ? limit_name(r.limit, r.yakuman_units)
                        : std::to_string(r.han) + " han " + std::to_string(r.fu) + " fu" +
                              (r.limit == Limit::kMangan ? ", mangan" : "");
  return c;
}

void Evaluator::self_turn() {
  const int draws = detail::draws_left_own_turn(obs_.live_tiles_left, rules_.players);
  report_.turn = turn_of(draws);
  const bool discards =
      std::any_of(obs_.legal_actions.begin(), obs_.legal_actions.end(), [](const Action& a) {
        return a.type == ActionType::kDiscard || a.type == ActionType::kRiichi;
      });
  HandEv rows;
  if (discards) {
    EvOptions o = ev_;
    if (obs_.riichi[at(obs_.seat)]) o.riichi = RiichiChoice::kAlways;
    rows = evaluate_discards(position(report_.turn), o);
    keep_stats(rows.stats);
  }
  const int melds = static_cast<int>(hand_.melds.size());
  for (std::size_t i = 0; i < obs_.legal_actions.size(); ++i) {
    const Action& a = obs_.legal_actions[i];
    OptionValue& o = report_.options[i];
    OptionNote& n = notes_[i];
    Continuation c;
    switch (a.type) {
      case ActionType::kDiscard:
      case ActionType::kRiichi:
        c = discard_value(rows, a.tile, a.type == ActionType::kRiichi, draws, hand_, held_, o, n);
        break;
      case ActionType::kTsumo:
        c = win_value(a, o, n);
        break;
      case ActionType::kAnkan:
      case ActionType::kKakan:
        c = kan_value(a, draws, o, n);
        break;
      case ActionType::kKita:
        c = kita_value(a, draws, o, n);
        break;
      case ActionType::kKyuushu:
        c.plan = Plan::kAbort;
        o.shanten = exact_shanten(held_, part_keys(held_), melds);
        break;
      default:
        throw std::invalid_argument(std::string("unexpected ") + action_type_name(a.type) +
                                    " on the seat's own turn");
    }
    fill(o, c, n.now_kind);
  }
}

void Evaluator::claim_window() {
  const int players = rules_.players;
  int from = (obs_.seat + players - 1) % players;
  for (int s = 0; s < 4; ++s) {
    if (s == obs_.seat) continue;
    const auto& d = obs_.discards[at(s)];
    if (obs_.phase == Phase::kClaim && !d.empty() && d.back().id == obs_.last_discard) from = s;
    for (const MeldInfo& m : obs_.melds[at(s)])
      if (obs_.phase == Phase::kChankan && m.ids[3] == obs_.last_discard) from = s;
  }
  const int pass_draws = detail::draws_left_after(obs_.seat, from, obs_.live_tiles_left, players);
  const int call_draws = detail::draws_left_own_turn(obs_.live_tiles_left, players);
  report_.turn = turn_of(pass_draws);
  for (std::size_t i = 0; i < obs_.legal_actions.size(); ++i) {
    const Action& a = obs_.legal_actions[i];
    OptionValue& o = report_.options[i];
    OptionNote& n = notes_[i];
    Continuation c;
    switch (a.type) {
      case ActionType::kPass:
        c = pass_value(pass_draws, o);
        break;
      case ActionType::kRon:
        c = win_value(a, o, n);
        break;
      case ActionType::kChi:
      case ActionType::kPon:
      case ActionType::kDaiminkan:
        c = call_value(a, call_draws, o, n);
        break;
      default:
        throw std::invalid_argument(std::string("unexpected ") + action_type_name(a.type) +
                                    " in a claim window");
    }
    fill(o, c, n.now_kind);
  }
}

DecisionKind kind_of(ActionType t) {
  switch (t) {
    case ActionType::kDiscard:
      return DecisionKind::kDiscard;
    case ActionType::kRiichi:
      return DecisionKind::kRiichi;
    case ActionType::kChi:
    case ActionType::kPon:
    case ActionType::kDaiminkan:
      return DecisionKind::kCall;
    case ActionType::kPass:
      return DecisionKind::kPass;
    case ActionType::kAnkan:
    case ActionType::kKakan:
      return DecisionKind::kKan;
    case ActionType::kKita:
      return DecisionKind::kKita;
    case ActionType::kTsumo:
    case ActionType::kRon:
      return DecisionKind::kWin;
    case ActionType::kKyuushu:
      return DecisionKind::kKyuushu;
  }
  return DecisionKind::kDiscard;
}

void Evaluator::choose_best() {
  auto& opts = report_.options;
  int best = 0;
  for (int i = 1; i < static_cast<int>(opts.size()); ++i) {
    const OptionValue &o = opts[at(i)], &b = opts[at(best)];
    // Equal values: the drawn tile rather than a held copy of it (tsumogiri shows nothing new).
    if (o.utility > b.utility ||
        (o.utility == b.utility && o.action.tsumogiri && o.kind == b.kind &&
         kind_of_id(o.action.tile) == kind_of_id(b.action.tile)))
      best = i;
  }
  report_.best = best;
  const bool claim = obs_.phase == Phase::kClaim || obs_.phase == Phase::kChankan;
  report_.kind = claim ? DecisionKind::kCall : opts[at(best)].kind;
  for (int i = 0; i < static_cast<int>(opts.size()); ++i)
    opts[at(i)].reason_kind = mistake_kind(report_, i);
}

OptionsReport Evaluator::run() {
  read_position();
  report_.options.resize(obs_.legal_actions.size());
  notes_.resize(obs_.legal_actions.size());
  for (std::size_t i = 0; i < obs_.legal_actions.size(); ++i) {
    report_.options[i].action = obs_.legal_actions[i];
    report_.options[i].kind = kind_of(obs_.legal_actions[i].type);
  }
  if (obs_.phase == Phase::kClaim || obs_.phase == Phase::kChankan)
    claim_window();
  else
    self_turn();
  choose_best();
  if (settings_.reasons) detail::write_reasons(obs_, table_, notes_, report_);
  return std::move(report_);
}

}  // namespace

// The options read each curve at the position's turn only (Evaluator::figures), so the hand-value
// model's recursion stops there (EvOptions::turns_before_position): the values read are the same.
OptionsSettings OptionsSettings::standard() {
  OptionsSettings s;
  s.ev.turns_before_position = false;
  return s;
}

OptionsSettings OptionsSettings::fast() {
  OptionsSettings s;
  s.ev = EvOptions::fast();
  s.ev.turns_before_position = false;
  s.reasons = false;
  return s;
}

OptionsReport evaluate_options(const Observation& obs, const Rules& rules,
                               const OptionsSettings& settings) {
  return Evaluator(obs, rules, settings).run();
}

bool table_threat(const Observation& obs, const Rules& rules) {
  detail::TableOutlook table;
  detail::read_outlook(obs, rules, EvOptions::fast().end_rate, table);
  return table.threat;
}

}  // namespace riichi::eval
