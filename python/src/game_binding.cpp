// riichi.Game: a whole game (rules + seed) driven action by action from Python, recorded.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "bindings.hpp"
#include "convert.hpp"
#include "eval/options.hpp"
#include "features.hpp"
#include "io/record_json.hpp"
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

class PyGame {
 public:
  PyGame(const std::string& rules, std::uint64_t seed,
         std::optional<std::array<std::string, 4>> players)
      : rec_(rules_from(rules), seed,
             players.value_or(std::array<std::string, 4>{"P0", "P1", "P2", "P3"})) {}

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
    const auto slots = action_slots(game().legal_actions(seat_or_to_play(seat)), red());
    pyb::array_t<bool> mask(kNumActions);
    auto view = mask.mutable_unchecked<1>();
    for (int i = 0; i < kNumActions; ++i) view(i) = slots[static_cast<std::size_t>(i)] >= 0;
    return mask;
  }

  void apply(const pyb::handle& action) {
    Action a;
    if (pyb::isinstance<pyb::int_>(action) && !pyb::isinstance<pyb::bool_>(action)) {
      a = from_index(action.cast<int>());
    } else {
      a = action_from_py(action);
    }
    const ApplyResult r = rec_.apply(a);
    if (!r.ok) throw std::invalid_argument(r.reason);
  }

  int index_of(const pyb::handle& action) const {
    return action_index(action_from_py(action), red());
  }

  pyb::dict observation(int seat) const {
    return observation_to_py(game().observation(seat_or_to_play(seat)), red());
  }

  pyb::array_t<float> planes(int seat) const {
    pyb::array_t<float> out({kNumPlanes, kNumKinds});
    encode_planes(game().observation(seat_or_to_play(seat)), red(),
                  std::span<float>(out.mutable_data(), kNumPlanes * kNumKinds));
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

  std::string record() const { return io::game_to_text(rec_.record(), rec_.log(), 0); }

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

 private:
  Action from_index(int index) const {
    const int seat = seat_or_to_play(std::nullopt);
    if (index < 0 || index >= kNumActions)
      throw std::invalid_argument("action index " + std::to_string(index) + " out of range 0.." +
                                  std::to_string(kNumActions - 1));
    const std::vector<Action>& legal = game().legal_actions(seat);
    const int slot = action_slots(legal, red())[static_cast<std::size_t>(index)];
    if (slot < 0)
      throw std::invalid_argument("action index " + std::to_string(index) +
                                  " is not legal for seat " + std::to_string(seat) +
                                  " now; legal: " + describe_actions(legal, red()));
    return legal[static_cast<std::size_t>(slot)];
  }

  GameRecorder rec_;
};

}  // namespace

void bind_game(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<PyGame>(m, "Game")
      .def(
          pyb::init<const std::string&, std::uint64_t, std::optional<std::array<std::string, 4>>>(),
          arg("rules") = "tenhou", arg("seed") = 0, arg("players") = pyb::none())
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
      .def("legal_actions", &PyGame::legal_actions, arg("seat") = pyb::none())
      .def("action_mask", &PyGame::action_mask, arg("seat") = pyb::none())
      .def("action_index", &PyGame::index_of, arg("action"))
      .def("apply", &PyGame::apply, arg("action"))
      .def("observation", &PyGame::observation, arg("seat"))
      .def("observation_planes", &PyGame::planes, arg("seat"))
      .def("clone", [](const PyGame& g) { return PyGame(g); })
      .def("__copy__", [](const PyGame& g) { return PyGame(g); })
      .def("__deepcopy__", [](const PyGame& g, pyb::dict) { return PyGame(g); })
      .def("evaluate", &PyGame::evaluate, arg("seat") = pyb::none(), arg("fast") = false)
      .def("record", &PyGame::record)
      .def("final_result", &PyGame::final_result);
  m.attr("NUM_ACTIONS") = kNumActions;
  m.attr("NUM_PLANES") = kNumPlanes;
}

}  // namespace riichi::py
