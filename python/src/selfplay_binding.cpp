// play_games: games [start, stop) of a self-play run between registry bots, for the Dask layer
// (python/riichi/distributed.py). Game i of a run from `seed` is played from game seed
// seed + i / 4 with the bot list rotated by i % 4 seats (each deal is played from every seat).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "convert.hpp"
#include "io/record_json.hpp"

namespace riichi::py {

namespace {

struct GameOutcome {
  long index = 0;
  std::uint64_t seed = 0;
  int rotation = 0;
  std::array<std::string, 4> players;  // bot name per seat
  FinalResult final;
  int hands = 0;
  std::array<int, 4> wins{}, deal_ins{}, riichi{};
  std::string record;
};

GameOutcome play_one(const Rules& rules, const std::array<std::string, 4>& names,
                     std::uint64_t run_seed, long index, bool with_record) {
  GameOutcome o;
  o.index = index;
  o.seed = run_seed + static_cast<std::uint64_t>(index / 4);
  o.rotation = static_cast<int>(index % 4);
  for (int s = 0; s < 4; ++s)
    o.players[static_cast<std::size_t>(s)] = names[static_cast<std::size_t>((s + o.rotation) % 4)];
  auto bots = bots::make_bots(o.players, o.seed);
  const GameRecorder rec = bots::play_recorded(rules, o.seed, bots::seats_of(bots));
  o.final = rec.game().final_result();
  o.hands = static_cast<int>(rec.game().results().size());
  for (const RoundResult& r : rec.game().results())
    for (const WinRecord& w : r.wins) {
      ++o.wins[static_cast<std::size_t>(w.winner)];
      if (w.from >= 0) ++o.deal_ins[static_cast<std::size_t>(w.from)];
    }
  for (const HandLog& h : rec.log().hands)
    for (const Event& e : h.events)
      if (e.type == EventType::kRiichiDeclared) ++o.riichi[static_cast<std::size_t>(e.seat)];
  if (with_record) {
    GameRecord record = rec.record();
    record.players = o.players;
    o.record = io::game_to_text(record, rec.log(), static_cast<int>(index));
  }
  return o;
}

pyb::dict to_py(const GameOutcome& o, bool with_record) {
  pyb::dict d;
  d["index"] = o.index;
  d["seed"] = o.seed;
  d["rotation"] = o.rotation;
  d["players"] = pyb::cast(o.players);
  d["points"] = pyb::cast(o.final.points);
  d["ranks"] = pyb::cast(o.final.ranks);
  d["final_scores"] = pyb::cast(o.final.final_scores);
  d["hands"] = o.hands;
  d["wins"] = pyb::cast(o.wins);
  d["deal_ins"] = pyb::cast(o.deal_ins);
  d["riichi"] = pyb::cast(o.riichi);
  if (with_record) d["record"] = o.record;
  return d;
}

pyb::list play_games(const std::string& rules_spec, const std::string& bot_list, std::uint64_t seed,
                     long start, long stop, bool with_record) {
  const Rules rules = rules_from(rules_spec);
  const std::array<std::string, 4> names = bots::parse_bot_list(bot_list);
  if (start < 0 || stop < start)
    throw std::invalid_argument("play_games: bad range [" + std::to_string(start) + ", " +
                                std::to_string(stop) + ")");
  std::vector<GameOutcome> outcomes;
  {
    pyb::gil_scoped_release release;
    for (long i = start; i < stop; ++i)
      outcomes.push_back(play_one(rules, names, seed, i, with_record));
  }
  pyb::list out;
  for (const GameOutcome& o : outcomes) out.append(to_py(o, with_record));
  return out;
}

}  // namespace

void bind_selfplay(pyb::module_& m) {
  using pyb::arg;
  m.def("play_games", &play_games, arg("rules"), arg("bots"), arg("seed"), arg("start"),
        arg("stop"), arg("record") = true);
  m.def("bot_names", [] {
    std::vector<std::string> names;
    for (const bots::BotInfo& b : bots::bot_infos()) names.push_back(b.name);
    return names;
  });
}

}  // namespace riichi::py
