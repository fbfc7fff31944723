// riichi._riichi.Table: one game of the learning interface (learn/table.hpp) for the Python
// envs (python/riichi/env.py, multiagent.py): the seats without a bot are played from Python.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "bots/registry.hpp"
#include "convert.hpp"
#include "learn/table.hpp"
#include "learn_convert.hpp"

namespace riichi::py {

namespace {

class PyTable {
 public:
  PyTable(const std::string& rules, const std::array<std::string, 4>& bots,
          const std::string& episode, const std::string& reward, const pyb::handle& features,
          const pyb::handle& dtype)
      : table_(config(rules, bots, episode, reward)),
        layout_(learn::kMaxSeats, plane_options(features)),
        float_(float_dtype(dtype)) {}

  learn::Table& table() { return table_; }
  const learn::Table& table() const { return table_; }
  const learn::PlaneLayout& layout() const { return layout_; }

  pyb::array planes(int seat) {
    check_seat(seat);
    pyb::array out = obs_array({layout_.num_planes, learn::kPlaneWidth}, float_);
    if (float_) {
      table_.write_planes(layout_, seat, static_cast<float*>(out.mutable_data()));
    } else {
      table_.write_planes(layout_, seat, static_cast<std::uint8_t*>(out.mutable_data()));
    }
    return out;
  }

  pyb::array_t<bool> mask(int seat) const {
    check_seat(seat);
    pyb::array_t<bool> out(learn::kNumActions);
    table_.write_mask(seat, out.mutable_data());
    return out;
  }

  void check_seat(int seat) const {
    if (!table_.started()) throw std::invalid_argument("call reset() first");
    if (seat < 0 || seat > 3)
      throw std::invalid_argument("seat must be 0..3, got " + std::to_string(seat));
  }

 private:
  static learn::TableConfig config(const std::string& rules, const std::array<std::string, 4>& bots,
                                   const std::string& episode, const std::string& reward) {
    learn::TableConfig c;
    c.rules = rules_from(rules);
    c.bots = bots;
    c.episode = learn::parse_episode(episode);
    c.reward = learn::parse_reward(reward);
    return c;
  }

  learn::Table table_;
  learn::PlaneLayout layout_;
  bool float_;
};

long long index_arg(const pyb::handle& action) {
  // Integers only (Python int, numpy integers); never a float or a bool.
  if (pyb::isinstance<pyb::bool_>(action) || !PyIndex_Check(action.ptr()))
    raise_error("action: expected an integer index, got " +
                std::string(pyb::str(pyb::type::of(action).attr("__name__"))) + " " +
                std::string(pyb::repr(action)));
  return pyb::reinterpret_steal<pyb::object>(PyNumber_Index(action.ptr())).cast<long long>();
}

}  // namespace

void bind_table(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<PyTable>(m, "Table")
      .def(pyb::init<const std::string&, const std::array<std::string, 4>&, const std::string&,
                     const std::string&, const pyb::handle&, const pyb::handle&>(),
           arg("rules"), arg("bots"), arg("episode") = "game", arg("reward") = "game",
           arg("features") = pyb::none(), arg("dtype") = "uint8")
      .def("start_game",
           [](PyTable& t, std::uint64_t seed) {
             pyb::gil_scoped_release release;
             t.table().start_game(seed);
           })
      .def("advance",
           [](PyTable& t) {
             pyb::gil_scoped_release release;
             return t.table().advance();
           })
      .def("apply",
           [](PyTable& t, int seat, const pyb::handle& action) {
             const long long index = index_arg(action);
             if (index < 0 || index >= learn::kNumActions)
               throw std::invalid_argument("action index " + std::to_string(index) +
                                           " out of range 0.." +
                                           std::to_string(learn::kNumActions - 1));
             pyb::gil_scoped_release release;
             t.table().apply_index(seat, static_cast<int>(index));
           })
      .def("planes", &PyTable::planes, arg("seat"))
      .def("mask", &PyTable::mask, arg("seat"))
      .def("take_rewards", [](PyTable& t) { return t.table().take_rewards(); })
      .def_property_readonly("num_planes", [](const PyTable& t) { return t.layout().num_planes; })
      .def_property_readonly("players",
                             [](const PyTable& t) { return t.table().config().rules.players; })
      .def_property_readonly("to_act", [](const PyTable& t) { return t.table().to_act(); })
      .def_property_readonly("started", [](const PyTable& t) { return t.table().started(); })
      .def_property_readonly("game_over", [](const PyTable& t) { return t.table().game_over(); })
      .def_property_readonly("game_seed", [](const PyTable& t) { return t.table().game_seed(); })
      .def_property_readonly("hands",
                             [](const PyTable& t) { return t.table().game().results().size(); })
      .def_property_readonly("hand_name",
                             [](const PyTable& t) { return hand_name(t.table().game().state()); })
      .def_property_readonly("scores",
                             [](const PyTable& t) { return t.table().game().round().scores(); })
      .def("observation",
           [](const PyTable& t, int seat) {
             t.check_seat(seat);
             const Game& g = t.table().game();
             return observation_to_py(g.observation(seat), g.rules().red_fives);
           })
      .def("legal_actions",
           [](const PyTable& t, int seat) {
             t.check_seat(seat);
             const Game& g = t.table().game();
             pyb::list out;
             for (const Action& a : g.legal_actions(seat))
               out.append(action_to_py(a, g.rules().red_fives));
             return out;
           })
      .def("final_result", [](const PyTable& t) {
        const Game& g = t.table().game();
        if (!g.is_over()) throw std::invalid_argument("final_result(): the game is not over");
        const FinalResult f = g.final_result();
        pyb::dict d;
        d["points"] = pyb::cast(f.points);
        d["ranks"] = pyb::cast(f.ranks);
        d["final_scores"] = pyb::cast(f.final_scores);
        return d;
      });
  m.def("check_action_index", &index_arg, arg("action"));
}

}  // namespace riichi::py
