#include "danger_samples.hpp"

#include "cli_text.hpp"
#include "io/tenhou_replay.hpp"
#include "log_hands.hpp"
#include "riichi/round.hpp"
#include "riichi/score.hpp"
#include "riichi/waits.hpp"

namespace riichi::cli {

namespace {

bool is_answer(ActionType t) {
  return t == ActionType::kRon || t == ActionType::kPass || t == ActionType::kChi ||
         t == ActionType::kPon || t == ActionType::kDaiminkan;
}

// The kinds `seat` can ron now: its waits unless it is furiten; out of riichi, only the waits
// that give it a yaku (a plain copy of the kind, no situational yaku such as houtei).
std::uint64_t ron_kinds(const Round& r, int seat) {
  if (r.is_furiten(seat)) return 0;
  Counts c{};
  for (std::uint8_t id : r.concealed_ids(seat)) ++c[id / 4];
  const std::vector<Wait> ws = waits(c);
  if (ws.empty()) return 0;
  std::uint64_t m = 0;
  if (r.in_riichi(seat)) {
    for (const Wait& w : ws) m |= eval::kind_bit(w.kind);
    return m;
  }
  const Observation o = r.observation(seat);
  WinContext ctx;
  ctx.seat = r.seat_wind(seat);
  ctx.round_wind = r.setup().round_wind;
  for (std::uint8_t id : o.dora_indicators)
    ctx.dora_indicators.push_back(tile_of_id(id, r.rules().red_fives));
  const Hand hand = r.hand(seat);
  for (const Wait& w : ws) {
    const Tile win{static_cast<std::uint8_t>(w.kind), false};
    if (score(hand, win, ctx, r.rules()).ok()) m |= eval::kind_bit(w.kind);
  }
  return m;
}

void replay_hand(const io::MjlogRound& log, int first_dealer, const io::HandReplay& hand,
                 const Rules& rules, int game, SampleSet& out) {
  const io::ConvertedRound conv = io::convert_round(log, first_dealer);
  Round round(rules, conv.setup, conv.wall);
  const std::vector<Action>& acts = hand.actions;
  std::vector<std::size_t> mine;  // samples of this hand
  for (std::size_t j = 0; j < acts.size(); ++j) {
    const Action& a = acts[j];
    if (a.type == ActionType::kDiscard || a.type == ActionType::kRiichi) {
      DangerSample s;
      s.game = game;
      eval::read_table(round.observation(a.seat), rules, s.table);
      s.kind = static_cast<std::uint8_t>(a.tile / 4);
      s.red = rules.red_fives && is_red_id(a.tile);
      for (int i = 0; i < 3; ++i) s.waits[at(i)] = ron_kinds(round, s.table.opponents[at(i)].seat);
      for (std::size_t k = j + 1; k < acts.size() && is_answer(acts[k].type); ++k)
        if (acts[k].type == ActionType::kRon && acts[k].tile == a.tile)
          s.ronned |= static_cast<std::uint8_t>(1u << ((acts[k].seat - a.seat + 3) % 4));
      mine.push_back(out.samples.size());
      out.samples.push_back(s);
    }
    if (!round.apply(acts[j]).ok) return;  // replay_mjlog applied the same actions
  }
  if (!round.is_over() || mine.empty()) return;
  DangerSample& last = out.samples[mine.back()];
  for (const WinRecord& w : round.result().wins)
    if (w.from >= 0 && last.ronned) {
      const int i = (w.winner - w.from + 3) % 4;
      if (i >= 0 && i < 3 && (last.ronned >> i & 1)) last.paid[at(i)] = w.score.payments.ron;
    }
}

}  // namespace

bool DangerSample::riichi_context() const {
  for (const auto& o : table.opponents)
    if (o.riichi) return true;
  return false;
}

bool DangerSample::ronned_by_riichi() const {
  for (int i = 0; i < 3; ++i)
    if ((ronned >> i & 1) && table.opponents[at(i)].riichi) return true;
  return false;
}

void collect_danger_samples(const io::MjlogGame& game, const Rules& rules,
                            std::unordered_set<std::string>& seen, SampleSet& out) {
  const int index = static_cast<int>(out.games.size());
  out.games.push_back(game.file);
  const io::GameReplay rep = io::replay_mjlog(game, rules);
  const HandTally tally = for_each_new_hand(
      game, rep, seen, [&](const io::MjlogRound& log, const io::HandReplay& hand) {
        replay_hand(log, game.first_dealer, hand, rules, index, out);
      });
  out.hands += tally.hands;
  out.duplicate_hands += tally.duplicate_hands;
  out.mismatched_hands += tally.mismatched_hands;
}

}  // namespace riichi::cli
