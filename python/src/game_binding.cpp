// riichi.Game: a whole game (rules + seed, or a log's walls) driven action by action from
// Python, recorded; riichi.read_log: the games of a log as the engine plays them.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "bindings.hpp"
#include "convert.hpp"
#include "eval/options.hpp"
#include "io/record_json.hpp"
#include "learn/action_space.hpp"
#include "learn/hand_tracker.hpp"
#include "learn/log_decisions.hpp"
#include "learn/planes.hpp"
#include "learn_convert.hpp"
#include "riichi/record.hpp"

namespace riichi::py {

namespace {

pyb::dict option_to_py(const eval::OptionValue& o, bool red) {
  pyb::dict d;
  d["action"] = action_to_py(o.action, red);
  d["kind"] = eval::decision_kind_name(o.kind);
  d["plan"] = eval::plan_name(o.plan);
  d["reason_kind"] = eval::reason_kind_name(o.reason_kind);
  d["exp_score"] = o.exp_score;
  d["utility"] = o.utility;
  d["win_prob"] = o.win_prob;
  d["tenpai_prob"] = o.tenpai_prob;
  d["deal_in_prob"] = o.deal_in_prob;
  d["deal_in_later"] = o.deal_in_later;
  d["win_points"] = o.win_points;
  d["deal_in_loss"] = o.deal_in_loss;
  d["shanten"] = o.shanten;
  d["effective_tiles"] = o.effective_tiles;
  d["then"] = o.kind == eval::DecisionKind::kCall && o.then.type == ActionType::kDiscard
                  ? pyb::object(action_to_py(o.then, red))
                  : pyb::object(pyb::none());
  d["reason"] = o.reason;
  return d;
}

pyb::dict options_report_to_py(const eval::OptionsReport& r, bool red) {
  pyb::dict d;
  d["seat"] = r.seat;
  d["turn"] = r.turn;
  d["kind"] = eval::decision_kind_name(r.kind);
  d["threat"] = r.threat;
  d["hazard"] = r.hazard;
  d["best"] = r.best;
  pyb::list options;
  for (const eval::OptionValue& o : r.options) options.append(option_to_py(o, red));
  d["options"] = options;
  return d;
}

using Players = std::array<std::string, 4>;

std::vector<Wall> walls_from(const std::vector<std::vector<int>>& walls) {
  std::vector<Wall> out;
  for (std::size_t w = 0; w < walls.size(); ++w) {
    const std::vector<int>& ids = walls[w];
    if (ids.size() != static_cast<std::size_t>(kNumTiles))
      raise_error("walls[" + std::to_string(w) + "]: expected 136 tile ids, got " +
                  std::to_string(ids.size()));
    Wall wall;
    for (int i = 0; i < kNumTiles; ++i) {
      const int id = ids[static_cast<std::size_t>(i)];
      if (id < 0 || id >= kNumTiles)
        raise_error("walls[" + std::to_string(w) + "][" + std::to_string(i) +
                    "] = " + std::to_string(id) + ": not a tile id 0..135");
      wall.tiles[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(id);
    }
    if (!wall.is_permutation())
      raise_error("walls[" + std::to_string(w) + "]: not every id 0..135 exactly once");
    out.push_back(wall);
  }
  return out;
}

class PyGame {
 public:
  PyGame(const std::string& rules, std::uint64_t seed, std::optional<Players> players,
         const std::vector<std::vector<int>>& walls)
      : rec_(walls.empty() ? Game(rules_from(rules), seed)
                           : Game(rules_from(rules), seed, walls_from(walls)),
             players.value_or(Players{"P0", "P1", "P2", "P3"})),
        given_walls_(!walls.empty()) {}

  // The game of `logged` after its first `stop` actions (all of them by default).
  PyGame(const learn::LoggedGame& logged, std::optional<std::size_t> stop)
      : rec_(logged.new_game(), logged.names), given_walls_(!logged.walls.empty()) {
    const std::size_t n = std::min(stop.value_or(logged.actions.size()), logged.actions.size());
    for (std::size_t i = 0; i < n; ++i) {
      const InputMode mode = i < logged.modes.size() ? logged.modes[i] : InputMode::kLegalOnly;
      const ApplyResult r = rec_.apply(logged.actions[i], mode);
      if (!r.ok)
        throw std::invalid_argument(logged.source + ": action " + std::to_string(i) + ": " +
                                    r.reason);
    }
  }

  const Game& game() const { return rec_.game(); }
  bool red() const { return game().rules().red_fives; }

  int seat_or_to_play(std::optional<int> seat) const {
    const int s = seat.value_or(game().to_play());
    if (!seat && s < 0) throw std::invalid_argument("the game is over: no seat is to play");
    if (s < 0 || s > 3) throw std::invalid_argument("seat must be 0..3, got " + std::to_string(s));
    return s;
  }

  pyb::list legal_actions(std::optional<int> seat) const {
    pyb::list out;
    for (const Action& a : game().legal_actions(seat_or_to_play(seat)))
      out.append(action_to_py(a, red()));
    return out;
  }

  pyb::array_t<bool> action_mask(std::optional<int> seat) const {
    learn::ActionSlots slots;
    learn::action_slots(game().legal_actions(seat_or_to_play(seat)), red(), slots);
    pyb::array_t<bool> mask(learn::kNumActions);
    auto view = mask.mutable_unchecked<1>();
    for (int i = 0; i < learn::kNumActions; ++i) view(i) = slots[static_cast<std::size_t>(i)] >= 0;
    return mask;
  }

  void apply(const pyb::handle& action) {
    Action a;
    if (pyb::isinstance<pyb::int_>(action) && !pyb::isinstance<pyb::bool_>(action)) {
      a = from_index(action.cast<long long>());
    } else {
      a = action_from_py(action);
    }
    const ApplyResult r = rec_.apply(a);
    if (!r.ok) throw std::invalid_argument(r.reason);
  }

  int index_of(const pyb::handle& action) const {
    return learn::action_index(action_from_py(action), red());
  }

  pyb::dict observation(int seat) const {
    return observation_to_py(game().observation(seat_or_to_play(seat)), red());
  }

  pyb::array planes(int seat, const pyb::handle& features, const pyb::handle& dtype) {
    const learn::PlaneLayout layout(learn::kMaxSeats, plane_options(features));
    const bool f32 = float_dtype(dtype);
    pyb::array out = obs_array({layout.num_planes, learn::kPlaneWidth}, f32);
    seat = seat_or_to_play(seat);
    tracker_.sync(game().round(), game().setups().size());
    if (f32) {
      learn::write_planes(layout, game().round(), tracker_, seat,
                          static_cast<float*>(out.mutable_data()));
    } else {
      learn::write_planes(layout, game().round(), tracker_, seat,
                          static_cast<std::uint8_t*>(out.mutable_data()));
    }
    return out;
  }

  // Every legal action of `seat` valued (eval::evaluate_options, docs/eval.md "Options: push or
  // fold"), from what the seat sees.
  pyb::dict evaluate(std::optional<int> seat, bool fast) const {
    const int s = seat_or_to_play(seat);
    Observation obs = game().observation(s).hand;
    obs.legal_actions = game().legal_actions(s);
    const eval::OptionsReport r = eval::evaluate_options(
        obs, game().rules(),
        fast ? eval::OptionsSettings::fast() : eval::OptionsSettings::standard());
    return options_report_to_py(r, red());
  }

  std::string record() const {
    if (given_walls_)
      throw std::invalid_argument(
          "record(): this game was dealt from given walls (a log), which a record (rules, seed "
          "and actions) cannot hold");
    return io::game_to_text(rec_.record(), rec_.log(), 0);
  }

  pyb::dict final_result() const {
    if (!game().is_over()) throw std::invalid_argument("final_result(): the game is not over");
    const FinalResult f = game().final_result();
    pyb::dict d;
    d["points"] = pyb::cast(f.points);
    d["ranks"] = pyb::cast(f.ranks);
    d["uma"] = pyb::cast(f.uma);
    d["penalties"] = pyb::cast(f.penalties);
    d["final_scores"] = pyb::cast(f.final_scores);
    d["leftover_sticks"] = f.leftover_sticks;
    return d;
  }

  std::size_t num_actions() const { return rec_.actions().size(); }

 private:
  Action from_index(long long index) const {
    const int seat = seat_or_to_play(std::nullopt);
    if (index < 0 || index >= learn::kNumActions)
      throw std::invalid_argument("action index " + std::to_string(index) + " out of range 0.." +
                                  std::to_string(learn::kNumActions - 1));
    const std::vector<Action>& legal = game().legal_actions(seat);
    learn::ActionSlots slots;
    learn::action_slots(legal, red(), slots);
    const int slot = slots[static_cast<std::size_t>(index)];
    if (slot < 0)
      throw std::invalid_argument("action index " + std::to_string(index) + " (" +
                                  learn::action_name(static_cast<int>(index)) +
                                  ") is not legal for seat " + std::to_string(seat) +
                                  " now; legal: " + describe_actions(legal, red()));
    return legal[static_cast<std::size_t>(slot)];
  }

  GameRecorder rec_;
  bool given_walls_ = false;
  learn::HandTracker tracker_;
};

std::vector<io::LogGame> log_games(const pyb::handle& source,
                                   const std::optional<std::string>& rules) {
  std::optional<Rules> r;
  if (rules) r = rules_from(*rules);
  if (pyb::isinstance<pyb::bytes>(source)) {
    const std::string bytes = source.cast<std::string>();
    pyb::gil_scoped_release release;
    return io::parse_log(bytes, "<bytes>", r);
  }
  const std::filesystem::path path = source.cast<std::filesystem::path>();
  pyb::gil_scoped_release release;
  return io::read_log(path, r);
}

pyb::list read_logged(const pyb::handle& source, const std::optional<std::string>& rules) {
  std::vector<learn::LoggedGame> games;
  try {
    const std::vector<io::LogGame> parsed = log_games(source, rules);
    pyb::gil_scoped_release release;
    for (const io::LogGame& g : parsed) games.push_back(learn::logged_game(g));
  } catch (const pyb::error_already_set&) {
    throw;
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
  pyb::list out;
  for (learn::LoggedGame& g : games) out.append(pyb::cast(std::move(g)));
  return out;
}

}  // namespace

void bind_game(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<learn::LoggedGame>(m, "LoggedGame")
      .def_readonly("source", &learn::LoggedGame::source)
      .def_property_readonly(
          "format", [](const learn::LoggedGame& g) { return io::log_format_name(g.format); })
      .def_property_readonly("rules",
                             [](const learn::LoggedGame& g) { return full_rules_spec(g.rules); })
      .def_readonly("names", &learn::LoggedGame::names)
      .def_readonly("ranks", &learn::LoggedGame::ranks)
      .def_readonly("stopped", &learn::LoggedGame::stopped)
      .def_readonly("notes", &learn::LoggedGame::notes)
      .def_property_readonly("num_hands", [](const learn::LoggedGame& g) { return g.walls.size(); })
      .def_property_readonly("actions", [](const learn::LoggedGame& g) {
        pyb::list out;
        for (const Action& a : g.actions) out.append(action_to_py(a, g.rules.red_fives));
        return out;
      });
  m.def("read_log", &read_logged, arg("source"), arg("rules") = pyb::none());

  pyb::class_<PyGame>(m, "Game")
      .def(pyb::init<const std::string&, std::uint64_t, std::optional<Players>,
                     const std::vector<std::vector<int>>&>(),
           arg("rules") = "tenhou", arg("seed") = 0, arg("players") = pyb::none(),
           arg("walls") = std::vector<std::vector<int>>{})
      .def(pyb::init<const learn::LoggedGame&, std::optional<std::size_t>>(), arg("logged"),
           arg("stop") = pyb::none())
      .def_property_readonly("seed", [](const PyGame& g) { return g.game().seed(); })
      .def_property_readonly("rules",
                             [](const PyGame& g) { return full_rules_spec(g.game().rules()); })
      .def_property_readonly("is_over", [](const PyGame& g) { return g.game().is_over(); })
      .def_property_readonly("to_play", [](const PyGame& g) { return g.game().to_play(); })
      .def_property_readonly("hand_name",
                             [](const PyGame& g) { return hand_name(g.game().state()); })
      .def_property_readonly("hands_dealt",
                             [](const PyGame& g) { return g.game().results().size(); })
      .def_property_readonly("scores", [](const PyGame& g) { return g.game().round().scores(); })
      .def_property_readonly("num_actions", &PyGame::num_actions)
      .def("legal_actions", &PyGame::legal_actions, arg("seat") = pyb::none())
      .def("action_mask", &PyGame::action_mask, arg("seat") = pyb::none())
      .def("action_index", &PyGame::index_of, arg("action"))
      .def("apply", &PyGame::apply, arg("action"))
      .def("observation", &PyGame::observation, arg("seat"))
      .def("observation_planes", &PyGame::planes, arg("seat"), arg("features") = pyb::none(),
           arg("dtype") = "uint8")
      .def("clone", [](const PyGame& g) { return PyGame(g); })
      .def("evaluate", &PyGame::evaluate, arg("seat") = pyb::none(), arg("fast") = false)
      .def("record", &PyGame::record)
      .def("final_result", &PyGame::final_result);
}

}  // namespace riichi::py
