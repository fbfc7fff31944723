// riichi._riichi.DecisionReader: the decisions of game logs as numpy batches
// (learn/log_decisions.hpp); python/riichi/dataset.py iterates it.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "convert.hpp"
#include "learn/log_decisions.hpp"
#include "learn_convert.hpp"

namespace riichi::py {

namespace {

class PyDecisionReader {
 public:
  PyDecisionReader(const std::vector<std::filesystem::path>& paths, const pyb::handle& features,
                   const pyb::handle& dtype, bool forced, const std::optional<std::string>& rules,
                   bool skip_errors)
      : reader_(paths, options(features, forced, rules, skip_errors)), float_(float_dtype(dtype)) {}

  // The next batch of at most `capacity` rows, or None at the end.
  pyb::object next(int capacity) {
    if (capacity < 1)
      throw std::invalid_argument("batch size must be >= 1, got " + std::to_string(capacity));
    const pyb::ssize_t n = capacity;
    pyb::array obs = obs_array({n, reader_.layout().num_planes, learn::kPlaneWidth}, float_);
    pyb::array_t<bool> mask({n, static_cast<pyb::ssize_t>(learn::kNumActions)});
    pyb::array_t<std::int16_t> action(n), hand(n);
    pyb::array_t<std::int8_t> seat(n), rank(n);
    pyb::array_t<std::int32_t> source(n), game(n), step(n);
    learn::DecisionOutputs out;
    out.obs_u8 = float_ ? nullptr : static_cast<std::uint8_t*>(obs.mutable_data());
    out.obs_f32 = float_ ? static_cast<float*>(obs.mutable_data()) : nullptr;
    out.mask = mask.mutable_data();
    out.action = action.mutable_data();
    out.seat = seat.mutable_data();
    out.source = source.mutable_data();
    out.game = game.mutable_data();
    out.hand = hand.mutable_data();
    out.step = step.mutable_data();
    out.rank = rank.mutable_data();
    int rows = 0;
    {
      pyb::gil_scoped_release release;
      rows = reader_.next(capacity, out);
    }
    if (rows == 0) return pyb::none();
    const pyb::slice first(0, rows, 1);
    pyb::dict batch;
    batch["obs"] = obs[first];
    batch["mask"] = mask[first];
    batch["action"] = action[first];
    batch["seat"] = seat[first];
    batch["source"] = source[first];
    batch["game"] = game[first];
    batch["hand"] = hand[first];
    batch["step"] = step[first];
    batch["rank"] = rank[first];
    return batch;
  }

  const learn::DecisionReader& reader() const { return reader_; }

 private:
  static learn::DecisionOptions options(const pyb::handle& features, bool forced,
                                        const std::optional<std::string>& rules, bool skip_errors) {
    learn::DecisionOptions o;
    o.planes = plane_options(features);
    o.forced = forced;
    if (rules) o.rules = rules_from(*rules);
    o.skip_errors = skip_errors;
    return o;
  }

  learn::DecisionReader reader_;
  bool float_;
};

}  // namespace

void bind_dataset(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<PyDecisionReader>(m, "DecisionReader")
      .def(pyb::init<const std::vector<std::filesystem::path>&, const pyb::handle&,
                     const pyb::handle&, bool, const std::optional<std::string>&, bool>(),
           arg("paths"), arg("features") = pyb::none(), arg("dtype") = "uint8",
           arg("forced") = false, arg("rules") = pyb::none(), arg("skip_errors") = false)
      .def("next", &PyDecisionReader::next, arg("capacity"))
      .def_property_readonly(
          "num_planes", [](const PyDecisionReader& r) { return r.reader().layout().num_planes; })
      .def_property_readonly("sources",
                             [](const PyDecisionReader& r) { return r.reader().sources(); })
      .def_property_readonly("errors",
                             [](const PyDecisionReader& r) { return r.reader().errors(); })
      .def_property_readonly("skipped",
                             [](const PyDecisionReader& r) { return r.reader().skipped(); })
      .def_property_readonly("games", [](const PyDecisionReader& r) { return r.reader().games(); })
      .def_property_readonly("decisions",
                             [](const PyDecisionReader& r) { return r.reader().decisions(); })
      .def_property_readonly("offences",
                             [](const PyDecisionReader& r) { return r.reader().offences(); });
}

}  // namespace riichi::py
