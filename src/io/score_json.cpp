#include "io/score_json.hpp"

#include <string>

namespace riichi::io {

namespace {

std::string wind_letter_or_empty(int seat) {
  static constexpr char kLetters[] = "ESWN";
  return seat >= 0 && seat < 4 ? std::string(1, kLetters[seat]) : std::string();
}

}  // namespace

std::string_view score_error_name(ScoreError error) {
  switch (error) {
    case ScoreError::kNone:
      return "none";
    case ScoreError::kNotComplete:
      return "not_complete";
    case ScoreError::kNoYaku:
      return "no_yaku";
    case ScoreError::kRyanhanShibari:
      return "ryanhan_shibari";
    case ScoreError::kInvalidContext:
      return "invalid_context";
  }
  return "unknown";
}

nlohmann::json score_to_json(const ScoreResult& result, const WinVector& vector) {
  using nlohmann::json;
  const WinContext& ctx = vector.context;
  json j;
  j["ok"] = result.ok();
  j["hand"] = format_hand(vector.hand);
  j["win"] = tile_to_string(vector.win);
  j["win_type"] = ctx.tsumo ? "tsumo" : "ron";
  j["seat"] = wind_letter_or_empty(ctx.seat);
  j["round"] = wind_letter_or_empty(ctx.round_wind);
  j["dealer"] = ctx.seat == 0;
  if (!result.ok()) {
    j["error"] = result.error_message.empty() ? std::string(score_error_name(result.error))
                                              : result.error_message;
    j["error_kind"] = score_error_name(result.error);
    return j;
  }

  j["han"] = result.han;
  j["fu"] = result.fu;
  j["fu_raw"] = result.fu_raw;
  j["yaku_han"] = result.yaku_han;
  json yaku = json::array();
  for (const YakuItem& y : result.yaku) {
    json item{{"name", y.name}, {"han", y.han}};
    if (y.yakuman > 0) item["yakuman"] = y.yakuman;
    yaku.push_back(std::move(item));
  }
  j["yaku"] = std::move(yaku);
  json fu_items = json::array();
  for (const FuItem& f : result.fu_items) fu_items.push_back(json{{"name", f.name}, {"fu", f.fu}});
  j["fu_items"] = std::move(fu_items);
  j["dora"] = result.dora;
  j["ura"] = result.ura;
  j["red"] = result.red;
  j["limit"] = result.limit == Limit::kNone ? json(nullptr)
                                            : json(limit_name(result.limit, result.yakuman_units));
  j["yakuman"] = result.yakuman_units;
  j["basic_points"] = result.basic_points;

  const Payments& p = result.payments;
  json payments;
  if (!ctx.tsumo) {
    payments["ron"] = p.ron;
  } else if (ctx.seat == 0) {
    payments["each"] = p.each;
  } else {
    payments["dealer"] = p.dealer;
    payments["non_dealer"] = p.non_dealer;
  }
  payments["honba"] = ctx.honba;
  payments["liable"] = ctx.liable >= 0 ? json(wind_letter_or_empty(ctx.liable)) : json(nullptr);
  json deltas;
  for (int s = 0; s < 4; ++s)
    deltas[wind_letter_or_empty(s)] = p.delta[static_cast<std::size_t>(s)];
  payments["deltas"] = std::move(deltas);
  j["payments"] = std::move(payments);
  j["total"] = p.total;
  j["sticks"] = ctx.riichi_sticks;
  j["sticks_points"] = 1000 * ctx.riichi_sticks;
  j["reading"] = result.reading;
  return j;
}

nlohmann::json parse_error_to_json(const ParseError& error, std::string_view input) {
  return nlohmann::json{
      {"ok", false},
      {"error", "position " + std::to_string(error.position() + 1) + ": " + error.reason()},
      {"position", error.position()},
      {"column", error.position() + 1},
      {"reason", error.reason()},
      {"input", std::string(input)}};
}

}  // namespace riichi::io
