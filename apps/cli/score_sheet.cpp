// The scoring sheet of `riichi score` (also printed by `riichi drill score`).
#include "score_sheet.hpp"

#include <fmt/core.h>

#include <string>
#include <utility>
#include <vector>

#include "cli_text.hpp"
#include "riichi/dora.hpp"

namespace riichi::cli {

namespace {

std::string display_name(std::string name) {
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

std::string seat_label(int seat) {
  return seat == 0 ? "East (dealer)" : std::string(kWindNames[seat]);
}

std::string indicator_line(const std::vector<Tile>& indicators, const Rules& rules) {
  std::string out;
  for (Tile t : indicators) {
    if (!out.empty()) out += ", ";
    out +=
        fmt::format("{} (dora {})", tile_to_string(t), kind_to_string(dora_in_play(t.kind, rules)));
  }
  return out;
}

std::string flags_line(const WinContext& c) {
  std::vector<std::string> names;
  if (c.double_riichi)
    names.push_back("double riichi");
  else if (c.riichi)
    names.push_back("riichi");
  if (c.ippatsu) names.push_back("ippatsu");
  if (c.haitei) names.push_back("haitei");
  if (c.houtei) names.push_back("houtei");
  if (c.rinshan) names.push_back("rinshan");
  if (c.chankan) names.push_back("chankan");
  if (c.tenhou) names.push_back("tenhou");
  if (c.chiihou) names.push_back("chiihou");
  if (c.renhou) names.push_back("renhou");
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Who pays what: from the per-seat deltas, or from the payment fields when they are empty.
std::vector<std::pair<int, int>> payers(const ScoreResult& r, const WinContext& c) {
  std::vector<std::pair<int, int>> out;
  for (int s = 0; s < 4; ++s)
    if (r.payments.delta[static_cast<std::size_t>(s)] < 0)
      out.emplace_back(s, -r.payments.delta[static_cast<std::size_t>(s)]);
  if (!out.empty()) return out;
  if (!c.tsumo) {
    const int from = c.discarder >= 0 ? c.discarder : (c.seat + 3) % 4;
    out.emplace_back(from, r.payments.ron);
    return out;
  }
  for (int s = 0; s < 4; ++s) {
    if (s == c.seat) continue;
    const int pay = c.seat == 0 ? r.payments.each
                    : s == 0    ? r.payments.dealer
                                : r.payments.non_dealer;
    out.emplace_back(s, pay);
  }
  return out;
}

}  // namespace

void print_score_sheet(const ScoreResult& r, const WinVector& v, const Rules& rules) {
  const WinContext& c = v.context;
  fmt::print("Hand      {} + {} ({})\n", format_hand(v.hand), tile_to_string(v.win),
             c.tsumo ? "tsumo" : "ron");
  std::string where =
      fmt::format("seat {}, {} round", seat_label(c.seat), kWindNames[c.round_wind]);
  if (!c.tsumo)
    where += fmt::format(
        ", discard from {}",
        kWindNames[c.discarder >= 0 ? c.discarder : (c.seat + rules.players - 1) % rules.players]);
  fmt::print("Situation {}; rules {}\n", where, rules.name);
  if (const std::string f = flags_line(c); !f.empty()) fmt::print("Flags     {}\n", f);
  if (!c.dora_indicators.empty())
    fmt::print("Dora      indicators {}\n", indicator_line(c.dora_indicators, rules));
  if (!c.ura_indicators.empty())
    fmt::print("Ura dora  indicators {}{}\n", indicator_line(c.ura_indicators, rules),
               c.riichi ? "" : " (not used: no riichi)");
  if (c.honba > 0 || c.riichi_sticks > 0)
    fmt::print("Table     {} honba, {} riichi stick{}\n", c.honba, c.riichi_sticks,
               c.riichi_sticks == 1 ? "" : "s");
  if (c.liable >= 0) fmt::print("Pao       {} is liable\n", kWindNames[c.liable]);

  fmt::print("\nYaku\n");
  for (const YakuItem& y : r.yaku) {
    if (y.yakuman > 0)
      fmt::print("  {:<28} {}\n", display_name(y.name),
                 y.yakuman == 1 ? std::string("yakuman") : fmt::format("yakuman x{}", y.yakuman));
    else
      fmt::print("  {:<28} {:>2} han\n", display_name(y.name), y.han);
  }
  if (r.yakuman_units == 0) {
    if (r.dora > 0) fmt::print("  {:<28} {:>2} han\n", "dora", r.dora);
    if (r.ura > 0) fmt::print("  {:<28} {:>2} han\n", "ura dora", r.ura);
    if (r.red > 0) fmt::print("  {:<28} {:>2} han\n", "red fives", r.red);
    fmt::print("  {:<28} {:>2} han", "total", r.han);
    if (r.han != r.yaku_han) fmt::print(" ({} from yaku)", r.yaku_han);
    fmt::print("\n");
  } else {
    fmt::print("  (yakuman: other yaku and dora are not counted)\n");
  }

  if (r.yakuman_units == 0) {
    fmt::print("\nFu\n");
    for (const FuItem& f : r.fu_items) fmt::print("  {:<28} {:>3}\n", display_name(f.name), f.fu);
    if (r.fu == 25 && r.fu_raw == 25)
      fmt::print("  {:<28} {:>3} fu (seven pairs: flat, not rounded)\n", "total", r.fu);
    else if (r.fu_raw == r.fu)
      fmt::print("  {:<28} {:>3} fu\n", "total", r.fu);
    else
      fmt::print("  {:<28} {:>3} -> {} fu (rounded up to 10)\n", "total", r.fu_raw, r.fu);
    if (r.han >= 5) fmt::print("  (fu do not change the value at 5 han or more)\n");
  }

  fmt::print("\nValue     ");
  if (r.yakuman_units > 0)
    fmt::print("{}", limit_name(r.limit, r.yakuman_units));
  else if (r.limit != Limit::kNone)
    fmt::print("{} han {} fu: {}", r.han, r.fu, limit_name(r.limit, r.yakuman_units));
  else
    fmt::print("{} han {} fu", r.han, r.fu);
  fmt::print(" (basic points {})\n", r.basic_points);

  const Payments& p = r.payments;
  std::string headline;
  if (!c.tsumo)
    headline = fmt::format("ron {}", p.ron);
  else if (c.seat == 0)
    headline = fmt::format("tsumo {} all", p.each);
  else
    headline = fmt::format("tsumo {}/{} (non-dealers/dealer)", p.non_dealer, p.dealer);
  fmt::print("Payment   {}\n", headline);
  const int discarder = c.tsumo ? -1 : c.discarder >= 0 ? c.discarder : (c.seat + 3) % 4;
  for (const auto& [seat, amount] : payers(r, c)) {
    std::string role = seat == 0 ? "dealer" : "";
    if (seat == discarder) role += role.empty() ? "discarder" : ", discarder";
    if (seat == c.liable) role += role.empty() ? "liable" : ", liable";
    fmt::print("          {:<24} pays {}\n",
               fmt::format("{}{}", kWindNames[seat], role.empty() ? "" : " (" + role + ")"),
               amount);
  }
  if (c.honba > 0)
    fmt::print("          (includes {} honba: +{} per payer{})\n", c.honba,
               (c.tsumo ? 100 : 300) * c.honba, c.tsumo ? "" : ", paid by the discarder");
  const int stick_points = 1000 * c.riichi_sticks;
  if (stick_points > 0)
    fmt::print("          riichi sticks: {} x 1000 = {}\n", c.riichi_sticks, stick_points);
  fmt::print("Total     {} receives {}", kWindNames[c.seat], p.total);
  if (stick_points > 0) fmt::print(" + {} in sticks = {}", stick_points, p.total + stick_points);
  fmt::print("\n");
  if (!r.reading.empty()) fmt::print("Reading   {}\n", r.reading);
}

}  // namespace riichi::cli
