// riichi._riichi.Env: the C++ core of riichi.Env (python/riichi/env.py adds the Gym-style API).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <span>
#include <string>

#include "bindings.hpp"
#include "bots/registry.hpp"
#include "convert.hpp"
#include "env.hpp"
#include "features.hpp"

namespace riichi::py {

namespace {

Env make_env(const std::string& rules, std::uint64_t seed, const std::string& opponents, int seat) {
  return Env(rules_from(rules), seed, bots::parse_bot_list(opponents), seat);
}

void require_started(const Env& env) {
  if (!env.started()) throw std::invalid_argument("call reset() first");
}

pyb::array_t<float> planes(const Env& env) {
  require_started(env);
  pyb::array_t<float> out({kNumPlanes, kNumKinds});
  encode_planes(env.game().observation(env.seat()), env.rules().red_fives,
                std::span<float>(out.mutable_data(), kNumPlanes * kNumKinds));
  return out;
}

pyb::array_t<bool> mask(const Env& env) {
  require_started(env);
  pyb::array_t<bool> out(kNumActions);
  auto view = out.mutable_unchecked<1>();
  for (int i = 0; i < kNumActions; ++i) view(i) = env.slots()[static_cast<std::size_t>(i)] >= 0;
  return out;
}

pyb::tuple step(Env& env, int index) {
  require_started(env);
  StepOutcome o;
  {
    pyb::gil_scoped_release release;
    o = env.step(index);
  }
  pyb::dict info;
  info["score_delta"] = o.score_delta;
  info["hands_settled"] = o.hands_settled;
  info["action_mask"] = mask(env);
  if (o.done) {
    const FinalResult f = env.game().final_result();
    const auto s = static_cast<std::size_t>(env.seat());
    info["final_score"] = f.final_scores[s];
    info["points"] = f.points[s];
    info["rank"] = f.ranks[s];
    info["hands"] = env.game().results().size();
  }
  return pyb::make_tuple(planes(env), o.reward, o.done, info);
}

}  // namespace

void bind_env(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<Env>(m, "Env")
      .def(pyb::init(&make_env), arg("rules") = "tenhou", arg("seed") = 0,
           arg("opponents") = "strong", arg("seat") = 0)
      .def(
          "reset",
          [](Env& env, std::optional<std::uint64_t> seed) {
            {
              pyb::gil_scoped_release release;
              env.reset(seed);
            }
            return planes(env);
          },
          arg("seed") = pyb::none())
      .def("step", &step, arg("action"))
      .def("action_mask", &mask)
      .def("observation_planes", &planes)
      .def("observation",
           [](const Env& env) {
             require_started(env);
             return observation_to_py(env.game().observation(env.seat()), env.rules().red_fives);
           })
      .def("legal_actions",
           [](const Env& env) {
             pyb::list out;
             for (const Action& a : env.legal()) out.append(action_to_py(a, env.rules().red_fives));
             return out;
           })
      .def_property_readonly("seat", &Env::seat)
      .def_property_readonly("game_seed", &Env::game_seed)
      .def_property_readonly("done",
                             [](const Env& env) { return env.started() && env.game().is_over(); });
}

}  // namespace riichi::py
