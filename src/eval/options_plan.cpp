#include "eval/options_plan.hpp"

#include <algorithm>
#include <cmath>

namespace riichi::eval::detail {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Expected noten payments at an exhaustive draw (RULES.md §4.2: 3000 split between the tenpai
// and the noten players; 2000 with three players, round_settle.cpp), the first `players` - 1
// opponents tenpai independently with `tenpai[i]`; for this seat tenpai (`me` true) or not.
double noten_exchange(const std::array<double, 3>& tenpai, bool me, int players) {
  const int opponents = players - 1;
  const double pot = 1000.0 * opponents;
  double total = 0;
  for (int mask = 0; mask < 1 << opponents; ++mask) {
    double p = 1;
    int n = me ? 1 : 0;
    for (int i = 0; i < opponents; ++i) {
      const bool t = (mask >> i) & 1;
      p *= t ? tenpai[at(i)] : 1 - tenpai[at(i)];
      n += t;
    }
    if (n == 0 || n == players) continue;
    total += p * (me ? pot / n : -pot / (players - n));
  }
  return total;
}

// P(the hand reaches the exhaustive draw) when this seat does not win: nobody else wins before
// each of the `draws` own turns (the threats' hazard `h`, at least kDrawHazard) and none of its
// discards deals in (`p` each).
double reach_draw(int draws, double h, double p) {
  return std::pow((1 - std::max(h, kDrawHazard)) * (1 - p), draws);
}

}  // namespace

void read_outlook(const Observation& obs, const Rules& rules, double base_end_rate,
                  TableOutlook& out) {
  read_table(obs, rules, out.reading);
  assess_danger(out.reading, rules, out.danger);
  const TableReading& t = out.reading;
  double unseen = 0, deal = 0, loss = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    const double n = t.unseen[at(k)];
    unseen += n;
    deal += n * out.danger.deal_in[at(k)];
    loss += n * out.danger.loss[at(k)];
  }
  out.rand_deal_in = unseen > 0 ? deal / unseen : 0;
  out.rand_loss = unseen > 0 ? loss / unseen : 0;
  double quiet = 1;  // no tenpai opponent wins before the next own draw
  std::array<double, 3> draw_tenpai{};
  double most = -1, not_tenpai = 0, q = 0, v = 0;
  int read = 0;
  out.threat = false;
  out.threat_seat = -1;
  for (int i = 0; i < 3; ++i) {
    const OpponentDanger& o = out.danger.opponents[at(i)];
    if (!t.opponents[at(i)].present) continue;  // three players: the empty seat
    quiet *= 1 - kThreatWinRate * o.tenpai;
    draw_tenpai[at(i)] = o.riichi ? 1.0 : std::max<double>(o.tenpai, kDrawTenpaiRate);
    if (o.riichi || o.tenpai >= kThreatTenpai) out.threat = true;
    if (o.tenpai > most) most = o.tenpai, out.threat_seat = o.seat;
    if (!o.riichi) not_tenpai += 1 - o.tenpai;
    if (o.tenpai > 0.01 && unseen > 0) {  // a random tile against this opponent once tenpai
      double deal_i = 0, value_i = 0;
      for (int k = 0; k < kNumKinds; ++k) {
        deal_i += t.unseen[at(k)] * o.tiles[at(k)].deal_in;
        value_i += t.unseen[at(k)] * o.tiles[at(k)].value;
      }
      q += deal_i / (unseen * o.tenpai);
      v += value_i / unseen;
      ++read;
    }
  }
  out.new_threat = 1 - std::pow(1 - kTenpaiRate, not_tenpai);
  if (read > 0) out.threat_deal_in = q / read, out.threat_value = v / read;
  out.hazard = std::max(base_end_rate, 1 - quiet);
  out.tenpai_payment = noten_exchange(draw_tenpai, true, rules.players);
  out.noten_payment = noten_exchange(draw_tenpai, false, rules.players);
  out.red_fives = rules.red_fives;
  out.win_bonus = 1000.0 * obs.riichi_sticks + 300.0 * obs.honba;
}

// A threat appearing before the j-th later discard (the first one: `new_threat` per turn while the
// hand is on) costs the cheaper of pushing through it (a deal-in on one of the discards left) and
// folding then (the share of the win value still to come, and the tenpai payment at the draw).
// A riichi hand cannot fold. `stick` is the riichi stick part of the win total; `draw_swing`
// what being tenpai rather than noten at the draw is worth now.
void later_threats(const HandFigures& f, int draws, const TableOutlook& t, double stick,
                   double draw_swing, Continuation& c) {
  const double n = t.new_threat * (f.riichi ? kRiichiThreatFactor : 1.0);
  const double q = t.threat_deal_in, v = t.threat_value;
  if (n <= 0 || draws <= 0) return;
  const double h = t.hazard, p = t.rand_deal_in;
  const double gross = c.win_total, net = c.win_total - stick;  // net: the stick not paid
  // Pushing through: each later discard deals in with q while the hand is on: nobody won (h and
  // the new threat's own win rate), no deal-in yet, and this hand has not won (its win rate).
  const double r = std::clamp((1 - h - kThreatWinRate) * (1 - q) * (1 - f.win / draws), 0.0, 1.0);
  double on = 1, calm = 1;  // the hand is on; no new threat yet
  for (int j = 1; j <= draws; ++j) {
    on *= 1 - h;
    const double first = on * std::max(0.0, 1 - f.win * (j - 1) / draws) * calm * n;
    const int left = draws - j + 1;
    const double hit = q * (r < 1 ? (1 - std::pow(r, left)) / (1 - r) : left);
    const double through = hit * v;
    const double share = static_cast<double>(left) / draws;
    // Pushing through, the win still to come is also cut by the new threat ending the hand first
    // (about half of the turns left, on average, before this hand's own win).
    const double cut = 1 - std::pow((1 - kThreatWinRate) * (1 - q), 0.5 * left);
    const double give_up = std::max(0.0, net * share + draw_swing);
    if (f.riichi || through + cut * net * share <= give_up) {
      c.deal_in += first * hit;
      c.loss += first * through;
      c.win -= first * cut * share * f.win;
      c.win_total -= first * cut * share * gross;
      c.other += first * cut * share * stick;
    } else {
      c.win -= first * share * f.win;
      c.win_total -= first * share * gross;
      c.other += first * (share * stick - draw_swing);
    }
    on *= 1 - p;
    calm *= 1 - n;
  }
  c.win = std::max(0.0, c.win);
}

Continuation push(const HandFigures& f, int draws, const TableOutlook& t) {
  Continuation c;
  c.plan = Plan::kPush;
  const double h = t.hazard, p = t.rand_deal_in, l = t.rand_loss;
  // Before the j-th later discard the hand is still on if nobody won before each of the j draws,
  // none of the j - 1 discards dealt in, and it has not won yet (its win spread evenly over the
  // draws left).
  double on = 1;
  for (int j = 1; j <= draws; ++j) {
    const double reach = on * (1 - h) * std::max(0.0, 1 - f.win * j / draws);
    c.deal_in += reach * p;
    c.loss += reach * l;
    on *= (1 - h) * (1 - p);
  }
  c.win = f.win;
  c.tenpai = f.tenpai;
  // The riichi stick: the model's score is E[points; win] - stick x P(riichi, no win): for a
  // riichi hand P(no win); for a closed hand that may still declare, about P(tenpai, no win).
  const double stick = f.riichi       ? f.riichi_stick * (1 - f.win)
                       : f.may_riichi ? f.riichi_stick * std::max(0.0, f.tenpai - f.win)
                                      : 0;
  c.win_total = f.score + stick + f.win * t.win_bonus;
  if (!f.stick_sunk) c.other -= stick;
  // The exhaustive draw: reached when nobody won and the hand never dealt in.
  const double draw = std::max(0.0, reach_draw(draws, t.hazard, p) - f.win);
  const double tenpai_at_draw = f.riichi    ? 1.0
                                : f.win < 1 ? std::clamp((f.tenpai - f.win) / (1 - f.win), 0.0, 1.0)
                                            : 1.0;
  c.other += draw * (tenpai_at_draw * t.tenpai_payment + (1 - tenpai_at_draw) * t.noten_payment);
  later_threats(f, draws, t, stick, draw * tenpai_at_draw * (t.tenpai_payment - t.noten_payment),
                c);
  return c;
}

Continuation fold(const Counts& held, int draws, const TableOutlook& t) {
  Continuation c;
  c.plan = Plan::kFold;
  // The held tiles, safest first (at most 14).
  struct Risk {
    float loss, deal_in;
  };
  std::array<Risk, 14> risks{};
  int n = 0;
  for (int k = 0; k < kNumKinds && n < 14; ++k)
    for (int i = 0; i < held[at(k)] && n < 14; ++i)
      risks[at(n++)] = {t.danger.loss[at(k)], t.danger.deal_in[at(k)]};
  std::sort(risks.begin(), risks.begin() + n,
            [](const Risk& a, const Risk& b) { return a.loss < b.loss; });
  const double h = t.hazard;
  double on = 1, safe = 1;  // nobody won before, none of the discards dealt in
  for (int j = 1; j <= draws; ++j) {
    on *= 1 - h;
    const bool own = j <= n;
    const double p = own ? risks[at(j - 1)].deal_in : t.rand_deal_in;
    const double l = own ? risks[at(j - 1)].loss : t.rand_loss;
    c.deal_in += on * safe * p;
    c.loss += on * safe * l;
    safe *= 1 - p;
  }
  c.other = reach_draw(draws, h, 0) * safe * t.noten_payment;
  return c;
}

Continuation after_discard(double p_now, double loss_now, const Continuation& after) {
  Continuation c = after;
  const double go = 1 - p_now;
  c.win = go * after.win;
  c.win_total = go * after.win_total;
  c.tenpai = go * after.tenpai;
  c.other = go * after.other;
  c.deal_in = p_now + go * after.deal_in;
  c.loss = loss_now + go * after.loss;
  c.deal_in_now = p_now;
  return c;
}

double utility_of(const Continuation& c, const Observation& obs, const Utility& u, int deal_in_to) {
  if (!u) return c.exp();
  double value = 0;
  const double rest = std::max(0.0, 1 - c.win - c.deal_in);
  if (c.win > 0) value += c.win * u(obs, Outcome{Outcome::kWin, c.win_total / c.win, -1});
  if (c.deal_in > 0)
    value += c.deal_in * u(obs, Outcome{Outcome::kDealIn, -c.loss / c.deal_in, deal_in_to});
  if (rest > 0) value += rest * u(obs, Outcome{Outcome::kOther, c.other / rest, -1});
  return value;
}

int draws_left_own_turn(int live_tiles, int players) { return std::max(0, live_tiles) / players; }

int draws_left_after(int seat, int from, int live_tiles, int players) {
  const int offset = ((seat - from) % players + players) % players;  // draws until this seat's
  const int first = offset == 0 ? players : offset;
  return live_tiles >= first ? (live_tiles - first) / players + 1 : 0;
}

}  // namespace riichi::eval::detail
