// Wins and draws: ron/tsumo legality, scoring context, settlement of one or several winners,
// riichi stakes and sticks, exhaustive and abortive draws (RULES.md §3.3, §3.7, §3.8, §4.1-§4.4,
// §4.6, §5.1, §5.2).
#include <array>
#include <bit>
#include <span>

#include "riichi/round.hpp"
#include "riichi/waits.hpp"

namespace riichi {

Hand Round::hand(int seat) const {
  Hand h;
  const Seat& s = seats_[seat];
  h.concealed.reserve(14);
  for (int id = 0; id < kNumTiles; ++id)
    if (s.ids[id >> 6] >> (id & 63) & 1) h.concealed.push_back(tile_of_id(id, rules_.red_fives));
  h.melds.reserve(s.num_melds);
  for (int m = 0; m < s.num_melds; ++m) {
    Meld meld;
    meld.type = s.melds[m].type;
    for (int i = 0; i < s.melds[m].size(); ++i)
      meld.tiles[i] = tile_of_id(s.melds[m].ids[i], rules_.red_fives);
    h.melds.push_back(meld);
  }
  return h;
}

// The scoring context of a win by `seat` on tile `id` (from = discarder or kan player, -1 tsumo).
// Without `indicators` the dora and ura indicators are left out: enough to decide whether the
// win is valid (dora are never yaku), and no allocation.
WinContext Round::win_context(int seat, bool tsumo, int id, int from, bool indicators) const {
  (void)id;
  const Seat& s = seats_[seat];
  WinContext ctx;
  ctx.tsumo = tsumo;
  ctx.seat = seat_wind(seat);
  ctx.round_wind = setup_.round_wind;
  const bool riichi = s.riichi_accepted;
  for (int k = 0; k < indicators_ && indicators; ++k) {
    ctx.dora_indicators.push_back(
        tile_of_id(wall_.tiles[Wall::kIndicatorSlots[k]], rules_.red_fives));
    if (riichi)
      ctx.ura_indicators.push_back(
          tile_of_id(wall_.tiles[Wall::kIndicatorSlots[k] + 1], rules_.red_fives));
  }
  ctx.riichi = riichi;
  ctx.double_riichi = riichi && s.double_riichi;
  ctx.ippatsu = riichi && s.ippatsu;
  ctx.haitei = tsumo && haitei_draw_;                                        // §2.8
  ctx.houtei = !tsumo && phase_ == Phase::kClaim && live_tiles_left() == 0;  // §2.8
  ctx.rinshan = tsumo && drawn_rinshan_;                                     // §2.7
  ctx.chankan = !tsumo && phase_ == Phase::kChankan && !claim_kita_;         // §3.6
  ctx.kita = s.num_kita;
  const bool first = uninterrupted_first_turn(seat);  // §3.9
  ctx.tenhou = tsumo && first && ctx.seat == 0;
  ctx.chiihou = tsumo && first && ctx.seat != 0;
  ctx.renhou = !tsumo && first && ctx.seat != 0 && rules_.renhou != RenhouValue::kNone;
  ctx.honba = setup_.honba;
  ctx.discarder = from >= 0 ? seat_wind(from) : -1;
  ctx.liable = s.liable >= 0 ? seat_wind(s.liable) : -1;
  return ctx;
}

ScoreResult Round::score_win(int seat, bool tsumo, int id, int from, int honba, int sticks) const {
  Hand h = hand(seat);
  const Tile win = tile_of_id(id, rules_.red_fives);
  if (tsumo) {
    for (std::size_t i = 0; i < h.concealed.size(); ++i) {
      if (h.concealed[i] == win) {
        h.concealed.erase(h.concealed.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
  }
  WinContext ctx = win_context(seat, tsumo, id, from);
  ctx.honba = honba;
  ctx.riichi_sticks = sticks;
  return score(h, win, ctx, rules_);
}

// Whether score_win(seat, tsumo, id, from, honba) would score the win (no error), without
// building the hand, the indicators or the result.
bool Round::win_scores(int seat, bool tsumo, int id, int from, int honba) const {
  const Seat& s = seats_[seat];
  const Tile win = tile_of_id(id, rules_.red_fives);
  std::array<Tile, 14> concealed;
  int n = 0;
  bool win_removed = !tsumo;  // a tsumo tile is in the hand: one copy equal to it is left out
  for (int w = 0; w < 3; ++w) {
    for (std::uint64_t bits = s.ids[w]; bits && n < 14; bits &= bits - 1) {
      const Tile t = tile_of_id(64 * w + std::countr_zero(bits), rules_.red_fives);
      if (!win_removed && t == win) {
        win_removed = true;
        continue;
      }
      concealed[n++] = t;
    }
  }
  std::array<Meld, 4> melds;
  for (int m = 0; m < s.num_melds; ++m) {
    melds[m].type = s.melds[m].type;
    for (int i = 0; i < s.melds[m].size(); ++i)
      melds[m].tiles[i] = tile_of_id(s.melds[m].ids[i], rules_.red_fives);
  }
  WinContext ctx = win_context(seat, tsumo, id, from, false);
  ctx.honba = honba;
  return score_value(std::span<const Tile>(concealed.data(), n),
                     std::span<const Meld>(melds.data(), s.num_melds), win, ctx, rules_)
      .ok();
}

// §4.1: ron needs the tile among the waits (checked by the caller), no furiten (§3.8) and a
// scoring hand (a yaku; EMA 2008 ryanhan shibari).
bool Round::can_ron(int seat, int id) const {
  if (is_furiten(seat)) return false;
  return win_scores(seat, false, id, current_, setup_.honba);
}

// Tsumo on the drawn tile, allowed while furiten (§3.8).
bool Round::can_tsumo(int seat) const {
  if (drawn_ < 0 || !(seats_[seat].wait_kinds >> (drawn_ / 4) & 1)) return false;
  return win_scores(seat, true, drawn_, -1, setup_.honba);
}

// §3.7: the declaration tile was not ronned; the stake goes on the table, ippatsu starts.
void Round::accept_riichi(int seat) {
  Seat& s = seats_[seat];
  s.riichi_accepted = true;
  s.ippatsu = true;
  scores_[seat] -= 1000;
  ++sticks_;
  Event e;
  e.type = EventType::kRiichiAccepted;
  e.seat = static_cast<std::int8_t>(seat);
  events_.push_back(e);
}

void Round::record_win(int seat, int from, int id, const ScoreResult& res) {
  const int np = rules_.players;
  for (int w = 0; w < np; ++w) scores_[(setup_.dealer + w) % np] += res.payments.delta[w];
  scores_[seat] += res.payments.sticks;
  WinRecord rec;
  rec.winner = seat;
  rec.from = from;
  rec.liable = seats_[seat].liable;
  rec.hand = hand(seat);
  rec.win = tile_of_id(id, rules_.red_fives);
  if (from < 0) {
    for (std::size_t i = 0; i < rec.hand.concealed.size(); ++i) {
      if (rec.hand.concealed[i] == rec.win) {
        rec.hand.concealed.erase(rec.hand.concealed.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
  }
  rec.score = res;
  Event e;
  e.type = EventType::kWin;
  e.seat = static_cast<std::int8_t>(seat);
  e.from = static_cast<std::int8_t>(from);
  e.tile = static_cast<std::int16_t>(id);
  e.index = static_cast<std::int8_t>(result_.wins.size());
  events_.push_back(e);
  result_.wins.push_back(std::move(rec));
  if (seat_wind(seat) == 0) result_.dealer_won = true;
}

// §3.3, §5.1, §5.2 (SA-1): one or several rons on the same tile, closest to the discarder first.
void Round::settle_rons(unsigned ron_mask, int from, int id) {
  const int np = rules_.players;
  int winners[3], n = 0;
  for (int k = 1; k < np; ++k)
    if (ron_mask >> ((from + k) % np) & 1) winners[n++] = (from + k) % np;
  const int closest = winners[0];
  std::array<int, 4> sticks{};
  int left = sticks_;
  if (rules_.multi_ron_sticks != MultiRonSticks::kAllToClosest && n > 1) {
    for (int i = 0; i < n; ++i) {  // riichi winners take back their own stick
      if (seats_[winners[i]].riichi_accepted) ++sticks[winners[i]], --left;
    }
    if (rules_.multi_ron_sticks == MultiRonSticks::kAfterRiichiPlayer) {
      for (int r = 0; r < np; ++r) {  // a loser's stick: the first winner after him
        if (!seats_[r].riichi_accepted || (ron_mask >> r & 1)) continue;
        for (int k = 1; k < np; ++k) {
          if (!(ron_mask >> ((r + k) % np) & 1)) continue;
          ++sticks[(r + k) % np], --left;
          break;
        }
      }
    }
  }
  sticks[closest] += left;
  sticks_ = 0;
  for (int i = 0; i < n; ++i) {
    const int w = winners[i];
    const int honba = rules_.honba_to_every_winner || w == closest ? setup_.honba : 0;
    record_win(w, from, id, score_win(w, false, id, from, honba, sticks[w]));
  }
  result_.end = RoundEnd::kWin;
  finish();
}

void Round::settle_tsumo(int seat) {
  if (offence_seen_) {  // §4.5: e.g. an illegal kan after riichi, found at the win
    const ChomboReason offence = win_offence(seat);
    if (offence != ChomboReason::kNone) return settle_chombo(seat, offence);
  }
  const int sticks = sticks_;
  sticks_ = 0;
  record_win(seat, -1, drawn_, score_win(seat, true, drawn_, -1, setup_.honba, sticks));
  result_.end = RoundEnd::kWin;
  finish();
}

void Round::reveal_hand(int seat) {
  Event e;
  e.type = EventType::kReveal;
  e.seat = static_cast<std::int8_t>(seat);
  const Seat& s = seats_[seat];
  for (int id = 0; id < kNumTiles && e.hand_size < 14; ++id)
    if (s.ids[id >> 6] >> (id & 63) & 1) e.hand[e.hand_size++] = static_cast<std::uint8_t>(id);
  events_.push_back(e);
}

bool Round::tenpai_for_payment(int seat) const {
  const Seat& s = seats_[seat];
  if (s.shanten != 0 || s.dead != DeadHandReason::kNone) return false;  // §4.2, §4.5
  Counts own = s.counts;
  for (int m = 0; m < s.num_melds; ++m)
    for (int i = 0; i < s.melds[m].size(); ++i) ++own[s.melds[m].ids[i] / 4];
  return is_tenpai_for_payment(s.counts, own);
}

// §4.3 nagashi mangan: discards all terminals/honours, none claimed (EMA 2008: closed hand).
bool Round::nagashi(int seat) const {
  const Seat& s = seats_[seat];
  if (rules_.nagashi_mangan == NagashiMangan::kNone || !s.nagashi_ok || s.num_discards == 0 ||
      s.dead != DeadHandReason::kNone)  // §4.5: a dead hand cannot win
    return false;
  return rules_.nagashi_mangan != NagashiMangan::kWin || !s.open;
}

// §4.2 exhaustive draw: tenpai declarations (riichi hands always; others per
// auto_declare_tenpai, OQ-20), noten payments, or nagashi mangan (§4.3) in their place.
void Round::exhaustive_draw() {
  if (offence_seen_ && chombo_at_draw(true)) return;  // §4.5: riichi hands are shown
  const int np = rules_.players;
  int tenpai_count = 0;
  for (int w = 0; w < np; ++w) {  // SA-10: declarations in turn from East
    const int seat = (setup_.dealer + w) % np;
    const bool tenpai =
        (rules_.auto_declare_tenpai || seats_[seat].riichi) && tenpai_for_payment(seat);
    result_.tenpai[seat] = tenpai;
    tenpai_count += tenpai;
    if (tenpai || seats_[seat].riichi) reveal_hand(seat);
  }
  result_.dealer_tenpai = result_.tenpai[setup_.dealer];
  result_.end = RoundEnd::kExhaustiveDraw;
  bool any_nagashi = false;
  for (int s = 0; s < np; ++s) any_nagashi |= result_.nagashi[s] = nagashi(s);
  if (any_nagashi) {
    pay_nagashi();
  } else if (tenpai_count > 0 && tenpai_count < np) {
    // 1000 per opponent: 3000 with four players, 2000 with three (Tenhou sanma logs).
    const int pool = 1000 * (np - 1);
    for (int s = 0; s < np; ++s)
      scores_[s] += result_.tenpai[s] ? pool / tenpai_count : -pool / (np - tenpai_count);
  }
  Event e;
  e.type = EventType::kExhaustiveDraw;
  events_.push_back(e);
  finish();
}

// §4.3: mangan tsumo-style payments per nagashi player. EMA 2008: a win (counters, sticks to the
// first nagashi winner from East, OQ-13); Tenhou: a draw settlement without counters (OQ-14).
void Round::pay_nagashi() {
  const bool win = rules_.nagashi_mangan == NagashiMangan::kWin;
  const int h = win ? setup_.honba : 0;
  const int np = rules_.players;  // three players: tsumo-son, the absent share is not paid
  int first = -1;
  for (int w = 0; w < np; ++w) {
    const int seat = (setup_.dealer + w) % np;
    if (!result_.nagashi[seat]) continue;
    if (first < 0) first = seat;
    for (int p = 0; p < np; ++p) {
      if (p == seat) continue;
      const int pay = (w == 0 || p == setup_.dealer ? 4000 : 2000) + 100 * h;
      scores_[p] -= pay;
      scores_[seat] += pay;
    }
  }
  if (!win) return;
  result_.end = RoundEnd::kWin;
  result_.dealer_won = result_.nagashi[setup_.dealer];
  scores_[first] += 1000 * sticks_;
  sticks_ = 0;
}

// §4.4: the hand ends without payment; sticks stay; riichi hands are shown (SA-9).
void Round::abortive_draw(AbortiveDraw kind, int seat) {
  if (offence_seen_ && chombo_at_draw(false)) return;  // §4.5, SA-9: riichi hands are shown
  result_.end = RoundEnd::kAbortiveDraw;
  result_.abortive = kind;
  for (int s = 0; s < 4; ++s)
    if (seats_[s].riichi_accepted) reveal_hand(s);
  Event e;
  e.type = EventType::kAbortiveDraw;
  e.seat = static_cast<std::int8_t>(seat);
  events_.push_back(e);
  finish();
}

void Round::finish() {
  phase_ = Phase::kOver;
  pending_ = 0;
  for (int s = 0; s < 4; ++s) result_.deltas[s] = scores_[s] - setup_.scores[s];
  result_.riichi_sticks_after = sticks_;
  ++version_;
}

}  // namespace riichi
