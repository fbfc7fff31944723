// The arena for the Dask layer (python/riichi/distributed.py): play games [start, stop) of an
// arena run (bots::play_arena_game: the same seeds and seat rotation as `riichi arena`), and the
// arena's one aggregation (bots::summarize) of per-game results into its statistics table.
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "bots/arena.hpp"
#include "bots/registry.hpp"
#include "convert.hpp"
#include "io/arena_report.hpp"
#include "io/record_json.hpp"

namespace riichi::py {

namespace {

// SeatResult fields as (name, member) pairs: one list for both directions.
template <typename F>
void for_seat_fields(F&& f) {
  f("seat", &bots::SeatResult::seat);
  f("rank", &bots::SeatResult::rank);
  f("points", &bots::SeatResult::points);
  f("final_score", &bots::SeatResult::final_score);
  f("hands", &bots::SeatResult::hands);
  f("wins", &bots::SeatResult::wins);
  f("tsumo", &bots::SeatResult::tsumo);
  f("deal_ins", &bots::SeatResult::deal_ins);
  f("riichi", &bots::SeatResult::riichi);
  f("calls", &bots::SeatResult::calls);
  f("win_points", &bots::SeatResult::win_points);
}

pyb::dict result_to_py(const bots::GameResult& g) {
  pyb::dict d;
  d["index"] = g.index;
  d["block"] = g.block;
  d["rotation"] = g.rotation;
  d["seed"] = g.seed;
  d["hands"] = g.hands;
  pyb::list seats;
  for (const bots::SeatResult& s : g.seats) {
    pyb::dict x;
    x["bot"] = s.bot;
    for_seat_fields([&](const char* name, auto member) { x[name] = s.*member; });
    seats.append(x);
  }
  d["seats"] = seats;
  return d;
}

template <typename T>
T field(const pyb::dict& d, const char* key, const char* where) {
  if (!d.contains(key)) throw std::invalid_argument(std::string(where) + ": missing '" + key + "'");
  try {
    return d[key].cast<T>();
  } catch (const pyb::cast_error&) {
    throw std::invalid_argument(std::string(where) + ": bad value of '" + key + "'");
  }
}

bots::GameResult result_from_py(const pyb::handle& obj) {
  if (!pyb::isinstance<pyb::dict>(obj))
    throw std::invalid_argument("game result: expected a dict as returned by play_games");
  const auto d = pyb::reinterpret_borrow<pyb::dict>(obj);
  bots::GameResult g;
  g.index = field<int>(d, "index", "game result");
  const std::string where = "game result " + std::to_string(g.index);
  g.block = field<int>(d, "block", where.c_str());
  g.rotation = field<int>(d, "rotation", where.c_str());
  g.seed = field<std::uint64_t>(d, "seed", where.c_str());
  g.hands = field<int>(d, "hands", where.c_str());
  const auto seats = field<std::vector<pyb::dict>>(d, "seats", where.c_str());
  if (seats.size() != 4) throw std::invalid_argument(where + ": expected 4 seats");
  for (std::size_t s = 0; s < 4; ++s) {
    bots::SeatResult& r = g.seats[s];
    r.bot = field<std::string>(seats[s], "bot", where.c_str());
    for_seat_fields([&](const char* name, auto member) {
      using T = std::remove_reference_t<decltype(r.*member)>;
      r.*member = field<T>(seats[s], name, where.c_str());
    });
  }
  return g;
}

pyb::list play_games(const std::string& rules, const std::string& bot_list, std::uint64_t seed,
                     int start, int stop, bool with_record) {
  bots::ArenaConfig config;
  config.rules = rules_from(rules);
  config.bots = bots::parse_bot_list(bot_list, config.rules.players);  // "a,b,c" with three
  config.seed = seed;
  config.games = stop;
  if (start < 0 || stop < start)
    throw std::invalid_argument("play_games: bad range [" + std::to_string(start) + ", " +
                                std::to_string(stop) + ")");
  std::vector<bots::GameResult> results;
  std::vector<std::string> records;
  {
    pyb::gil_scoped_release release;
    for (int i = start; i < stop; ++i) {
      std::optional<GameRecorder> rec;
      results.push_back(bots::play_arena_game(config, i, with_record ? &rec : nullptr));
      if (with_record) records.push_back(io::game_to_text(rec->record(), rec->log(), i));
    }
  }
  pyb::list out;
  for (std::size_t i = 0; i < results.size(); ++i) {
    pyb::dict d = result_to_py(results[i]);
    if (with_record) d["record"] = records[i];
    out.append(d);
  }
  return out;
}

bots::ArenaTable summarize(const pyb::iterable& results) {
  std::vector<bots::GameResult> games;
  for (const pyb::handle& r : results) games.push_back(result_from_py(r));
  std::sort(games.begin(), games.end(),
            [](const bots::GameResult& a, const bots::GameResult& b) { return a.index < b.index; });
  return bots::summarize(games);
}

}  // namespace

void bind_selfplay(pyb::module_& m) {
  using pyb::arg;
  m.def("play_games", &play_games, arg("rules"), arg("bots"), arg("seed"), arg("start"),
        arg("stop"), arg("record") = true);
  m.def(
      "arena_table",
      [](const pyb::iterable& results) {
        return json_to_py(io::arena_table_json(summarize(results)));
      },
      arg("results"));
  m.def(
      "arena_table_text",
      [](const pyb::iterable& results) { return io::arena_table_text(summarize(results)); },
      arg("results"));
  m.def("bot_names", [] {
    std::vector<std::string> names;
    for (const bots::BotInfo& b : bots::bot_infos()) names.push_back(b.name);
    return names;
  });
}

}  // namespace riichi::py
