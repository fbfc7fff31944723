// `riichi score "VECTOR" [--rules SPEC] [--json] [--explain]`: scores one win and prints a
// scoring sheet (RULES.md §6-§8) or its JSON form.
#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/score_json.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

namespace riichi::cli {

namespace {

struct ScoreOptions {
  std::string vector;
  std::string rules = "ema2016";
  bool json = false;
  bool explain = false;
};

constexpr const char* kWindNames[] = {"East", "South", "West", "North"};

// Exit status when the vector is well formed but is not a valid win.
constexpr int kExitNoWin = 1;

[[noreturn]] void finish(int code) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::exit(code);
}

std::string display_name(std::string name) {
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

std::string seat_label(int seat) {
  return seat == 0 ? "East (dealer)" : std::string(kWindNames[seat]);
}

std::string indicator_line(const std::vector<Tile>& indicators) {
  std::string out;
  for (Tile t : indicators) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} (dora {})", tile_to_string(t), kind_to_string(dora_of(t.kind)));
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

void print_parse_error(const ParseError& e, const std::string& input) {
  fmt::print(stderr, "error: position {}: {}\n", e.position() + 1, e.reason());
  fmt::print(stderr, "  {}\n  {}^\n", input,
             std::string(std::min(e.position(), input.size()), ' '));
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

void print_sheet(const ScoreResult& r, const WinVector& v, const Rules& rules) {
  const WinContext& c = v.context;
  fmt::print("Hand      {} + {} ({})\n", format_hand(v.hand), tile_to_string(v.win),
             c.tsumo ? "tsumo" : "ron");
  std::string where =
      fmt::format("seat {}, {} round", seat_label(c.seat), kWindNames[c.round_wind]);
  if (!c.tsumo)
    where += fmt::format(", discard from {}",
                         kWindNames[c.discarder >= 0 ? c.discarder : (c.seat + 3) % 4]);
  fmt::print("Situation {}; rules {}\n", where, rules.name);
  if (const std::string f = flags_line(c); !f.empty()) fmt::print("Flags     {}\n", f);
  if (!c.dora_indicators.empty())
    fmt::print("Dora      indicators {}\n", indicator_line(c.dora_indicators));
  if (!c.ura_indicators.empty())
    fmt::print("Ura dora  indicators {}{}\n", indicator_line(c.ura_indicators),
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

void run_score(const ScoreOptions& opt) {
  std::string rules_error;
  const std::optional<Rules> rules = Rules::try_parse(opt.rules, &rules_error);
  if (!rules) {
    fmt::print(stderr, "error: --rules '{}': {}\n", opt.rules, rules_error);
    finish(kExitBadInput);
  }

  WinVector vector;
  try {
    vector = parse_win_vector(opt.vector);
  } catch (const ParseError& e) {
    if (opt.json) fmt::print("{}\n", io::parse_error_to_json(e, opt.vector).dump(2));
    print_parse_error(e, opt.vector);
    finish(kExitBadInput);
  }

  const ScoreResult result = score(vector.hand, vector.win, vector.context, *rules);
  if (opt.json) {
    fmt::print("{}\n", io::score_to_json(result, vector).dump(2));
    if (!result.ok()) finish(kExitNoWin);
    return;
  }
  if (!result.ok()) {
    fmt::print("Hand      {} + {} ({})\n", format_hand(vector.hand), tile_to_string(vector.win),
               vector.context.tsumo ? "tsumo" : "ron");
    fmt::print(stderr, "no valid win ({}): {}\n", io::score_error_name(result.error),
               result.error_message);
    finish(kExitNoWin);
  }
  print_sheet(result, vector, *rules);
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto opt = std::make_shared<ScoreOptions>();
  CLI::App* sub = app.add_subcommand(
      "score", "Score a winning hand given as a win vector and explain every step.");
  sub->add_option("vector", opt->vector,
                  "The win, e.g. \"closed=33m123m123s456s78s win=9s tsumo seat=S flags=riichi\"")
      ->required();
  sub->add_option("--rules", opt->rules,
                  rules_option_help() + ", e.g. tenhou or ema2016,open_tanyao=false")
      ->capture_default_str();
  sub->add_flag("--json", opt->json, "Print the result as JSON");
  sub->add_flag("--explain", opt->explain,
                "Print the full scoring sheet (the default human output already does)");
  sub->footer(
      "Win vector keys (any order; closed, win and ron|tsumo are required):\n"
      "  closed=<tiles>     concealed tiles WITHOUT the winning tile (mpsz: 123m456p11z, 0 = red "
      "5)\n"
      "  melds=[<m> ...]    declared melds: c456s chi (first = called tile), p777p pon,\n"
      "                     m1111z open kan, k2222m added kan, a5555s closed kan\n"
      "  win=<tile>         the winning tile;  ron | tsumo\n"
      "  seat=E|S|W|N       winner's seat wind (default S; E = dealer)\n"
      "  round=E|S|W|N      prevalent wind (default E)\n"
      "  dora=<tiles>       dora indicators (the tiles shown, not the dora)\n"
      "  ura=<tiles>        ura-dora indicators (counted with riichi only)\n"
      "  flags=a,b          riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,\n"
      "                     tenhou, chiihou, renhou\n"
      "  honba=<n>          counters on the table;  sticks=<n> riichi sticks on the table\n"
      "  from=E|S|W|N       discarder of a ron (default: the player before the winner)\n"
      "  pao=E|S|W|N        player liable for daisangen/daisuushii\n"
      "\n"
      "Example:\n"
      "  riichi score \"closed=33m123m123s456s78s win=9s tsumo seat=S round=E flags=riichi\"\n"
      "  -> riichi, menzen tsumo, pinfu, ittsu = 5 han mangan, tsumo 2000/4000\n"
      "\n"
      "Exit status: 0 scored, 1 not a valid win (incomplete, no yaku, shibari), 2 bad input.");
  sub->callback([opt] { run_score(*opt); });
}

}  // namespace riichi::cli
