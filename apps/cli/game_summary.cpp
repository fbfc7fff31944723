#include "game_summary.hpp"

#include <fmt/core.h>

#include <string>
#include <vector>

#include "cli_text.hpp"

namespace riichi::cli {

namespace {

constexpr const char* kWindLetters[] = {"E", "S", "W", "N"};

// A seat with its seat wind (East, South, West with three players).
std::string who(int seat, int dealer, int players) {
  std::string s = player_label(seat);
  s += " (";
  s += kWindLetters[(seat - dealer + players) % players];
  s += ")";
  return s;
}

std::string display(std::string name) {
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

std::string signed_points(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }

std::string abortive_words(AbortiveDraw a) {
  switch (a) {
    case AbortiveDraw::kKyuushuKyuuhai:
      return "kyuushu kyuuhai (nine terminals and honours)";
    case AbortiveDraw::kSuufonRenda:
      return "suufon renda (four identical wind discards)";
    case AbortiveDraw::kSuukaikan:
      return "suukaikan (four kans by several players)";
    case AbortiveDraw::kSuuchaRiichi:
      return "suucha riichi (four riichi)";
    case AbortiveDraw::kSanchahou:
      return "sanchahou (triple ron)";
    case AbortiveDraw::kNone:
      break;
  }
  return "abortive draw";
}

std::string end_words(GameEnd e) {
  switch (e) {
    case GameEnd::kLastHand:
      return "the last hand was played";
    case GameEnd::kAgariYame:
      return "agari-yame: the all-last dealer is first";
    case GameEnd::kBankruptcy:
      return "a score went below zero";
    case GameEnd::kSuddenDeath:
      return "West round sudden death: a player reached the target";
    case GameEnd::kWestLimit:
      return "the West round ended";
    case GameEnd::kNotOver:
      break;
  }
  return "not over";
}

std::string win_lines(const WinRecord& w, const HandLog& hand, int players) {
  const int dealer = hand.setup.dealer;
  const ScoreResult& r = w.score;
  std::string out = "  ";
  out += who(w.winner, dealer, players);
  out += ' ';
  if (w.from < 0) {
    out += "tsumo";
  } else {
    out += "ron from ";
    out += who(w.from, dealer, players);
  }
  out += " on ";
  out += tile_to_string(w.win);
  out += ": ";
  std::string yaku;
  for (const YakuItem& y : r.yaku) {
    if (!yaku.empty()) yaku += ", ";
    yaku += display(y.name);
    if (y.yakuman > 0)
      yaku += y.yakuman == 1 ? " (yakuman)" : fmt::format(" (yakuman x{})", y.yakuman);
    else
      yaku += fmt::format(" {}", y.han);
  }
  if (r.yakuman_units == 0) {
    if (r.dora > 0) yaku += fmt::format(", dora {}", r.dora);
    if (r.ura > 0) yaku += fmt::format(", ura {}", r.ura);
    if (r.red > 0) yaku += fmt::format(", red {}", r.red);
  }
  out += yaku;
  out += "\n    ";
  if (r.yakuman_units > 0)
    out += limit_name(r.limit, r.yakuman_units);
  else if (r.limit != Limit::kNone)
    out += fmt::format("{} han {} fu, {}", r.han, r.fu, limit_name(r.limit, r.yakuman_units));
  else
    out += fmt::format("{} han {} fu", r.han, r.fu);
  const Payments& p = r.payments;
  if (w.from >= 0)
    out += fmt::format(": ron {}", p.ron);
  else if (w.winner == dealer)
    out += fmt::format(": tsumo {} all", p.each);
  else
    out += fmt::format(": tsumo {}/{}", p.non_dealer, p.dealer);
  out += fmt::format(" -> {} points", p.total);
  if (p.sticks > 0) out += fmt::format(" + {} in riichi sticks", p.sticks);
  if (w.liable >= 0) {
    out += " (pao: ";
    out += player_label(w.liable);
    out += " liable)";
  }
  out += "\n    hand ";
  out += format_hand(w.hand);
  out += " + ";
  out += tile_to_string(w.win);
  out += "\n";
  return out;
}

}  // namespace

std::string player_label(int seat) { return fmt::format("P{}", seat); }

std::string hand_summary(const HandLog& hand, const Rules& rules) {
  const RoundSetup& s = hand.setup;
  std::string out =
      fmt::format("{}, {} honba, {} riichi stick{}; dealer {}\n", hand.name, s.honba,
                  s.riichi_sticks, s.riichi_sticks == 1 ? "" : "s", player_label(s.dealer));
  const RoundResult& r = hand.result;
  std::vector<int> riichi;
  for (const Event& e : hand.events)
    if (e.type == EventType::kRiichiAccepted) riichi.push_back(e.seat);
  if (!riichi.empty()) {
    out += "  riichi:";
    for (int seat : riichi) {
      out += ' ';
      out += who(seat, s.dealer, rules.players);
    }
    out += "\n";
  }
  switch (r.end) {
    case RoundEnd::kWin:
      for (const WinRecord& w : r.wins) out += win_lines(w, hand, rules.players);
      break;
    case RoundEnd::kExhaustiveDraw: {
      std::string tenpai, noten, nagashi;
      for (int seat = 0; seat < rules.players; ++seat) {
        std::string& list = r.tenpai[static_cast<std::size_t>(seat)] ? tenpai : noten;
        if (!list.empty()) list += ", ";
        list += who(seat, s.dealer, rules.players);
        if (r.nagashi[static_cast<std::size_t>(seat)]) {
          if (!nagashi.empty()) nagashi += ", ";
          nagashi += who(seat, s.dealer, rules.players);
        }
      }
      out += "  exhaustive draw: tenpai ";
      out += tenpai.empty() ? std::string("none") : tenpai;
      out += "; noten ";
      out += noten.empty() ? std::string("none") : noten;
      out += '\n';
      if (!nagashi.empty()) {
        out += "  nagashi mangan: ";
        out += nagashi;
        out += '\n';
      }
      for (const Event& e : hand.events) {
        if (e.type != EventType::kReveal) continue;
        std::vector<Tile> tiles;
        for (int i = 0; i < e.hand_size; ++i)
          tiles.push_back(tile_of_id(e.hand[static_cast<std::size_t>(i)], rules.red_fives));
        out += "    ";
        out += who(e.seat, s.dealer, rules.players);
        out += " shows ";
        out += format_tiles(tiles);
        out += '\n';
      }
      break;
    }
    case RoundEnd::kAbortiveDraw:
      out += "  abortive draw: ";
      out += abortive_words(r.abortive);
      out += '\n';
      break;
    case RoundEnd::kChombo:
      out += "  chombo by ";
      out += who(r.chombo_seat, s.dealer, rules.players);
      out += '\n';
      break;
  }
  std::string moves;
  for (int seat = 0; seat < 4; ++seat) {
    const int d = r.deltas[static_cast<std::size_t>(seat)];
    if (d == 0) continue;
    if (!moves.empty()) moves += "  ";
    moves += player_label(seat);
    moves += ' ';
    moves += signed_points(d);
  }
  out += "  payments: ";
  out += moves.empty() ? std::string("none") : moves;
  out += '\n';
  out += "  scores:  ";
  for (int seat = 0; seat < rules.players; ++seat)
    out += fmt::format(" {} {:>6}", player_label(seat),
                       hand.scores_after[static_cast<std::size_t>(seat)]);
  out += fmt::format("   (honba {}, sticks {})\n", hand.honba_after, hand.riichi_sticks_after);
  return out;
}

std::string final_table(const GameLog& log, const GameRecord& record) {
  const FinalResult& f = log.final;
  std::string out =
      fmt::format("Final table ({} hands; {}", log.hands.size(), end_words(log.final_state.end));
  if (f.leftover_sticks > 0)
    out += fmt::format("; {} leftover riichi stick{} to first place", f.leftover_sticks,
                       f.leftover_sticks == 1 ? "" : "s");
  out += ")\n";
  out += fmt::format("  {:<8} {:<14} {:>7} {:>5} {:>7} {:>8} {:>8}\n", "player", "name", "points",
                     "rank", "uma", "penalty", "final");
  for (int seat = 0; seat < record.rules.players; ++seat) {  // three players: no empty seat 3
    const auto i = static_cast<std::size_t>(seat);
    out += fmt::format("  {:<8} {:<14} {:>7} {:>5} {:>7} {:>8} {:>8}\n", player_label(seat),
                       record.players[i], f.points[i], f.ranks[i], signed_points(f.uma[i]),
                       f.penalties[i] == 0 ? std::string("-") : fmt::format("-{}", f.penalties[i]),
                       signed_points(f.final_scores[i]));
  }
  return out;
}

std::string game_summary(const GameRecord& record, const GameLog& log, const std::string& title) {
  std::string out = title;
  out += '\n';
  for (const HandLog& hand : log.hands) {
    out += '\n';
    out += hand_summary(hand, record.rules);
  }
  out += "\n";
  if (log.finished)
    out += final_table(log, record);
  else
    out += "(the game is not over)\n";
  return out;
}

}  // namespace riichi::cli
