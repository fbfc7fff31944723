#include "table_json.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <stdexcept>

#include "io/json_text.hpp"
#include "io/record_json.hpp"
#include "riichi/game.hpp"
#include "riichi/waits.hpp"

namespace riichi::server {

namespace {

std::string tile_name(int id, bool red) { return tile_to_string(tile_of_id(id, red)); }

void add_counts(Counts& counts, int id) {
  std::uint8_t& c = counts[static_cast<std::size_t>(kind_of_id(id))];
  if (c < 4) ++c;
}

// Sanma (Rules::no_manzu_2_to_8): the kinds 2m..8m are not in the game.
bool out_of_game(const Rules& rules, int kind) {
  return rules.no_manzu_2_to_8 && kind >= 1 && kind <= 7;
}

// The effective tiles, without the kinds the game does not have.
json kind_counts_json(const std::vector<KindCount>& tiles, const Rules& rules) {
  json out = json::array();
  for (const KindCount& k : tiles)
    if (!out_of_game(rules, k.kind))
      out.push_back(json{{"tile", tile_json(k.kind * 4 + 1, false)}, {"remaining", k.remaining}});
  return out;
}

}  // namespace

json tile_json(int id, bool red) {
  if (id < 0 || id >= kNumTiles) return nullptr;
  return json{{"id", id}, {"name", tile_name(id, red)}};
}

json tiles_json(const std::vector<std::uint8_t>& ids, bool red) {
  json out = json::array();
  for (std::uint8_t id : ids) out.push_back(tile_json(id, red));
  return out;
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kSelf:
      return "self";
    case Phase::kDiscardOnly:
      return "discard_only";
    case Phase::kClaim:
      return "claim";
    case Phase::kChankan:
      return "chankan";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

std::string action_label(const Action& a, bool red) {
  std::string s = action_type_name(a.type);
  switch (a.type) {
    case ActionType::kDiscard:
    case ActionType::kRiichi:
    case ActionType::kTsumo:
    case ActionType::kRon:
    case ActionType::kKakan:
    case ActionType::kAnkan:
    case ActionType::kKita:
      if (a.tile >= 0) {
        s += ' ';
        s += tile_name(a.tile, red);
      }
      break;
    case ActionType::kChi:
    case ActionType::kPon:
    case ActionType::kDaiminkan:
      s += ' ';
      for (std::int16_t u : a.uses)
        if (u >= 0) s += tile_name(u, red);
      s += " <- ";
      s += tile_name(a.tile, red);
      break;
    case ActionType::kKyuushu:
    case ActionType::kPass:
      break;
  }
  return s;
}

json legal_json(const std::vector<Action>& legal, bool red) {
  json out = json::array();
  for (const Action& a : legal) {
    json tiles = json::array();
    for (std::int16_t u : a.uses)
      if (u >= 0) tiles.push_back(tile_json(u, red));
    if (a.type == ActionType::kAnkan) {
      // The four copies of the kind.
      for (int c = 0; c < 4; ++c) tiles.push_back(tile_json(kind_of_id(a.tile) * 4 + c, red));
    }
    out.push_back(json{{"type", action_type_name(a.type)},
                       {"tile", tile_json(a.tile, red)},
                       {"tiles", std::move(tiles)},
                       {"tsumogiri", a.tsumogiri},
                       {"label", action_label(a, red)}});
  }
  return out;
}

json discards_json(const std::vector<DiscardInfo>& discards, bool red) {
  json out = json::array();
  for (const DiscardInfo& d : discards)
    out.push_back(json{{"tile", tile_json(d.id, red)},
                       {"tsumogiri", d.tsumogiri},
                       {"riichi", d.riichi},
                       {"called", d.called}});
  return out;
}

json melds_json(const std::vector<MeldInfo>& melds, bool red) {
  json out = json::array();
  for (const MeldInfo& m : melds) {
    json tiles = json::array();
    for (int i = 0; i < m.size(); ++i)
      tiles.push_back(tile_json(m.ids[static_cast<size_t>(i)], red));
    const bool called = m.type != MeldType::kAnkan;
    out.push_back(json{{"type", meld_type_name(m.type)},
                       {"tiles", std::move(tiles)},
                       {"called", called ? tile_json(m.ids[0], red) : json(nullptr)},
                       {"called_index", called ? 0 : -1},
                       {"from", m.from}});
  }
  return out;
}

json observation_json(const Observation& o, bool red) {
  std::vector<std::uint8_t> concealed;
  for (std::uint8_t id : o.concealed)
    if (id != o.drawn) concealed.push_back(id);
  json discards = json::array(), melds = json::array();
  for (int s = 0; s < 4; ++s) {
    discards.push_back(discards_json(o.discards[static_cast<size_t>(s)], red));
    melds.push_back(melds_json(o.melds[static_cast<size_t>(s)], red));
  }
  return json{{"seat", o.seat},
              {"concealed", tiles_json(concealed, red)},
              {"drawn", tile_json(o.drawn, red)},
              {"discards", std::move(discards)},
              {"melds", std::move(melds)},
              {"riichi", o.riichi},
              {"concealed_count", o.concealed_count},
              {"kita", o.kita},
              {"dora_indicators", tiles_json(o.dora_indicators, red)},
              {"tiles_left", o.live_tiles_left},
              {"to_play", o.to_play},
              {"phase", phase_name(o.phase)},
              {"last_discard", tile_json(o.last_discard, red)}};
}

Counts visible_counts(const Observation& o, const Rules& rules) {
  Counts visible = count_visible(o);  // discards, melds, nukidora, indicators (round.hpp)
  for (int kind = 0; kind < kNumKinds; ++kind)
    if (out_of_game(rules, kind)) visible[static_cast<size_t>(kind)] = 4;
  return visible;
}

json analysis_json(const Observation& o, const Rules& rules) {
  Counts concealed{};
  for (std::uint8_t id : o.concealed) add_counts(concealed, id);
  const Counts visible = visible_counts(o, rules);
  const int n = static_cast<int>(o.concealed.size());
  if (n % 3 == 2) {
    const std::vector<DiscardOption> table = discard_table(concealed, &visible);
    json discards = json::array();
    int best = 8;
    for (const DiscardOption& d : table) {
      best = std::min(best, d.shanten);
      discards.push_back(json{{"tile", tile_json(d.kind * 4 + 1, false)},
                              {"shanten", d.shanten},
                              {"ukeire", d.total},
                              {"waits", kind_counts_json(d.ukeire, rules)}});
    }
    return json{{"shanten", best}, {"discards", std::move(discards)}};
  }
  if (n % 3 == 1) {
    const Ukeire u = ukeire(concealed, &visible);
    return json{{"shanten", u.shanten},
                {"waits", kind_counts_json(u.tiles, rules)},
                {"ukeire", u.total},
                {"discards", json::array()}};
  }
  return nullptr;
}

json hand_result_json(const GameRecord& record, const HandLog& hand) {
  GameLog one;
  one.hands.push_back(hand);
  const std::vector<nlohmann::ordered_json> lines = io::game_to_lines(record, one, 0);
  const bool red = record.rules.red_fives;
  json wins = json::array();
  json draw = nullptr;
  json out;
  for (const auto& line : lines) {
    const std::string type = line.value("type", "");
    if (type == "win") {
      json w = json(line);
      const WinRecord* rec = nullptr;
      for (const WinRecord& wr : hand.result.wins)
        if (wr.winner == w.value("seat", -1)) rec = &wr;
      if (rec != nullptr) {
        // The hand as scoring sees it has tiles, not ids: each gets a distinct copy id of its
        // kind (a red five copy 0).
        std::array<int, kNumKinds> used{};
        auto tile_obj = [&](const Tile& t) {
          const int copy = t.red ? 0 : 1 + used[t.kind]++ % 3;
          return json{{"id", t.kind * 4 + copy}, {"name", tile_to_string(t)}};
        };
        json tiles = json::array();
        for (const Tile& t : rec->hand.concealed) tiles.push_back(tile_obj(t));
        w["hand_tiles"] = std::move(tiles);
        w["win_tile"] = tile_obj(rec->win);
        w["melds_text"] = json::array();
        for (const Meld& m : rec->hand.melds) w["melds_text"].push_back(format_meld(m));
        // What each seat of the game gains or pays (Payments::delta is by seat wind, and a
        // three-player game has three winds), the sticks to the winner.
        const Payments& p = rec->score.payments;
        const int n = record.rules.players;
        json deltas = json::array();
        for (int s = 0; s < n; ++s)
          deltas.push_back(p.delta[static_cast<size_t>((s - hand.setup.dealer + n) % n)] +
                           (s == rec->winner ? p.sticks : 0));
        if (w.contains("payments")) w["payments"]["deltas"] = std::move(deltas);
      }
      wins.push_back(std::move(w));
    } else if (type == "exhaustive_draw" || type == "abortive_draw") {
      if (draw.is_null()) draw = json{{"hands", json::array()}};
      draw["kind"] = type == "exhaustive_draw" ? "exhaustive" : line.value("kind", "abortive");
      draw["tenpai"] = json::array();
      draw["nagashi"] = json::array();
      for (int s = 0; s < 4; ++s) {
        if (hand.result.tenpai[static_cast<size_t>(s)]) draw["tenpai"].push_back(s);
        if (hand.result.nagashi[static_cast<size_t>(s)]) draw["nagashi"].push_back(s);
      }
    } else if (type == "reveal") {
      if (draw.is_null()) draw = json{{"hands", json::array()}};
      json tiles = json::array();
      for (const Event& e : hand.events)
        if (e.type == EventType::kReveal && e.seat == line.value("seat", -1))
          for (int i = 0; i < e.hand_size; ++i)
            tiles.push_back(tile_json(e.hand[static_cast<size_t>(i)], red));
      draw["hands"].push_back(json{{"seat", line.value("seat", -1)}, {"tiles", std::move(tiles)}});
    } else if (type == "hand_end") {
      out["hand"] = line.value("hand", "");
      out["result"] = line.value("result", "");
      if (line.contains("chombo_seat")) out["chombo_seat"] = line["chombo_seat"];
      // One entry per seat of the game (three in sanma).
      json deltas = json(line["deltas"]), scores = json(line["scores"]);
      deltas.erase(deltas.begin() + std::min<std::ptrdiff_t>(record.rules.players, deltas.size()),
                   deltas.end());
      scores.erase(scores.begin() + std::min<std::ptrdiff_t>(record.rules.players, scores.size()),
                   scores.end());
      out["deltas"] = std::move(deltas);
      out["scores"] = std::move(scores);
      out["honba"] = line.value("honba", 0);
      out["riichi_sticks"] = line.value("riichi_sticks", 0);
    }
  }
  if (!draw.is_null() && !draw.contains("kind")) draw["kind"] = "exhaustive";
  out["wins"] = std::move(wins);
  out["draw"] = std::move(draw);
  return out;
}

json seat_values(const std::array<int, 4>& values, int players) {
  return json(std::vector<int>(values.begin(), values.begin() + std::clamp(players, 0, 4)));
}

json final_json(const GameLog& log, const std::array<std::string, 4>& players, int num_players) {
  if (!log.finished) return nullptr;
  const FinalResult& f = log.final;
  static constexpr const char* kEnds[] = {"not_over",   "last_hand",    "agari_yame",
                                          "bankruptcy", "sudden_death", "west_limit"};
  const auto end = static_cast<std::size_t>(log.final_state.end);
  const int n = std::clamp(num_players, 0, 4);
  return json{{"reason", end < 6 ? kEnds[end] : "?"},
              {"points", seat_values(f.points, n)},
              {"ranks", seat_values(f.ranks, n)},
              {"uma", seat_values(f.uma, n)},
              {"penalties", seat_values(f.penalties, n)},
              {"final_scores", seat_values(f.final_scores, n)},
              {"leftover_sticks", f.leftover_sticks},
              {"players", std::vector<std::string>(players.begin(), players.begin() + n)},
              {"hands", log.hands.size()}};
}

json frame_json(const Round& round, const Action* action) {
  const bool red = round.rules().red_fives;
  json hands = json::array(), drawn = json::array(), discards = json::array(),
       melds = json::array(), kita = json::array();
  for (int s = 0; s < 4; ++s) {
    const Observation o = round.observation(s);
    kita.push_back(o.kita[static_cast<size_t>(s)]);
    std::vector<std::uint8_t> concealed;
    for (std::uint8_t id : o.concealed)
      if (id != o.drawn) concealed.push_back(id);
    hands.push_back(tiles_json(concealed, red));
    drawn.push_back(tile_json(o.drawn, red));
    discards.push_back(discards_json(o.discards[static_cast<size_t>(s)], red));
    melds.push_back(melds_json(o.melds[static_cast<size_t>(s)], red));
  }
  const Observation o = round.observation(0);
  std::string label;
  if (action != nullptr) {
    label = "ESWN"[round.seat_wind(action->seat)];  // three players: E, S, W
    label += ' ';
    label += action_label(*action, red);
  }
  return json{{"action", action != nullptr ? json(label) : json(nullptr)},
              {"seat", action != nullptr ? action->seat : -1},
              {"hands", std::move(hands)},
              {"drawn", std::move(drawn)},
              {"discards", std::move(discards)},
              {"melds", std::move(melds)},
              {"kita", std::move(kita)},
              {"riichi", o.riichi},
              {"dora_indicators", tiles_json(o.dora_indicators, red)},
              {"scores", round.scores()},
              {"riichi_sticks", round.riichi_sticks()},
              {"tiles_left", round.live_tiles_left()},
              {"to_play", round.to_play()},
              {"phase", phase_name(round.phase())}};
}

ReplayedHand replay_hand(const Rules& rules, const RoundSetup& setup, const Wall& wall,
                         const std::vector<Action>& actions, bool frames) {
  ReplayedHand out;
  HandLog& hand = out.log;
  hand.setup = setup;
  hand.name = hand_name(setup.round_wind, setup.hand_number);
  Round round(rules, setup, wall);
  if (frames) out.frames.push_back(frame_json(round, nullptr));
  for (std::size_t i = 0; i < actions.size(); ++i) {
    hand.action_events.push_back(static_cast<int>(round.events().size()));
    const ApplyResult r = round.apply(actions[i], InputMode::kHuman);
    if (!r.ok)
      throw std::runtime_error(fmt::format("{}: action {} ({}) refused: {}", hand.name, i,
                                           to_string(actions[i], rules.red_fives), r.reason));
    if (frames) out.frames.push_back(frame_json(round, &actions[i]));
  }
  hand.events = round.events();
  if (round.is_over()) hand.result = round.result();
  for (int s = 0; s < 4; ++s)
    hand.scores_after[static_cast<size_t>(s)] =
        setup.scores[static_cast<size_t>(s)] + hand.result.deltas[static_cast<size_t>(s)];
  hand.riichi_sticks_after = hand.result.riichi_sticks_after;
  hand.honba_after = setup.honba;
  hand.ura_indicators = ura_indicators_seen(round);
  return out;
}

namespace {

json replay_hand_of(const GameRecord& record, const HandLog& h) {
  const auto first = record.actions.begin() + h.first_action;
  const std::vector<Action> actions(first, first + h.num_actions());
  ReplayedHand r = replay_hand(
      record.rules, h.setup, Wall::from_seed(h.setup.wall_seed, wall_shape(record.rules)), actions);
  json result = hand_result_json(record, h);
  return json{{"name", h.name},
              {"honba", h.setup.honba},
              {"dealer", h.setup.dealer},
              {"frames", std::move(r.frames)},
              {"result", std::move(result)}};
}

}  // namespace

void add_replay_hands(const GameRecord& record, const GameLog& log, ReplayText& out) {
  for (const HandLog& h : log.hands) out.add_hand(replay_hand_of(record, h));
}

void ReplayText::add_hand(const json& hand) {
  text_ += hands_ == 0 ? '[' : ',';
  text_ += io::dump_json(hand);
  ++hands_;
}

std::string ReplayText::finish(const json& head) const {
  std::string out = io::dump_json(head);
  out.pop_back();  // '}'
  if (out.size() > 1) out += ',';
  out += "\"hands\":";
  out += hands_ == 0 ? "[]" : text_ + "]";
  out += '}';
  return out;
}

}  // namespace riichi::server
