// riichi._riichi.VectorEnv: N games stepped per call with the GIL released (learn/vector_env.hpp).
// The arrays are allocated once and written in place by every call; python/riichi/vector_env.py
// returns them (or copies) with the Gymnasium-style API.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "convert.hpp"
#include "learn/vector_env.hpp"
#include "learn_convert.hpp"

namespace riichi::py {

namespace {

class PyVectorEnv {
 public:
  PyVectorEnv(int num_envs, const std::string& rules, const std::array<std::string, 4>& bots,
              std::uint64_t seed, const std::string& episode, const std::string& reward,
              const pyb::handle& features, const pyb::handle& dtype, int threads)
      : env_(config(num_envs, rules, bots, seed, episode, reward, features, threads)),
        float_(float_dtype(dtype)) {
    const pyb::ssize_t n = num_envs;
    obs_ = obs_array({n, env_.layout().num_planes, learn::kPlaneWidth}, float_);
    mask_ = pyb::array_t<bool>({n, static_cast<pyb::ssize_t>(learn::kNumActions)});
    seat_ = pyb::array_t<std::int8_t>(n);
    rewards_ = pyb::array_t<float>({n, pyb::ssize_t{4}});
    terminated_ = pyb::array_t<bool>(n);
    truncated_ = pyb::array_t<bool>(n);
    final_scores_ = pyb::array_t<float>({n, pyb::ssize_t{4}});
    ranks_ = pyb::array_t<std::int8_t>({n, pyb::ssize_t{4}});
    game_seed_ = pyb::array_t<std::uint64_t>(n);
    out_.obs_u8 = float_ ? nullptr : static_cast<std::uint8_t*>(obs_.mutable_data());
    out_.obs_f32 = float_ ? static_cast<float*>(obs_.mutable_data()) : nullptr;
    out_.mask = mask_.mutable_data();
    out_.seat = seat_.mutable_data();
    out_.rewards = rewards_.mutable_data();
    out_.terminated = terminated_.mutable_data();
    out_.truncated = truncated_.mutable_data();
    out_.final_scores = final_scores_.mutable_data();
    out_.ranks = ranks_.mutable_data();
    out_.game_seed = game_seed_.mutable_data();
  }

  pyb::tuple reset(std::optional<std::uint64_t> seed) {
    {
      pyb::gil_scoped_release release;
      env_.reset(seed, out_);
    }
    return outputs();
  }

  pyb::tuple step(
      const pyb::array_t<std::int64_t, pyb::array::c_style | pyb::array::forcecast>& actions) {
    if (actions.ndim() != 1 || actions.shape(0) != env_.num_envs())
      throw std::invalid_argument("actions: expected shape (" + std::to_string(env_.num_envs()) +
                                  ",), got " + std::to_string(actions.ndim()) + " dimensions of " +
                                  std::to_string(actions.ndim() ? actions.shape(0) : 0));
    const std::int64_t* a = actions.data();
    {
      pyb::gil_scoped_release release;
      env_.step(a, out_);
    }
    return outputs();
  }

  const learn::VectorEnv& env() const { return env_; }

 private:
  static learn::VectorEnvConfig config(int num_envs, const std::string& rules,
                                       const std::array<std::string, 4>& bots, std::uint64_t seed,
                                       const std::string& episode, const std::string& reward,
                                       const pyb::handle& features, int threads) {
    learn::VectorEnvConfig c;
    c.table.rules = rules_from(rules);
    c.table.bots = bots;
    c.table.episode = learn::parse_episode(episode);
    c.table.reward = learn::parse_reward(reward);
    c.num_envs = num_envs;
    c.seed = seed;
    c.planes = plane_options(features);
    c.threads = threads;
    return c;
  }

  pyb::tuple outputs() const {
    return pyb::make_tuple(obs_, mask_, seat_, rewards_, terminated_, truncated_, final_scores_,
                           ranks_, game_seed_);
  }

  learn::VectorEnv env_;
  bool float_;
  pyb::array obs_;
  pyb::array_t<bool> mask_;
  pyb::array_t<std::int8_t> seat_;
  pyb::array_t<float> rewards_;
  pyb::array_t<bool> terminated_, truncated_;
  pyb::array_t<float> final_scores_;
  pyb::array_t<std::int8_t> ranks_;
  pyb::array_t<std::uint64_t> game_seed_;
  learn::VectorOutputs out_;
};

}  // namespace

void bind_vector_env(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<PyVectorEnv>(m, "VectorEnv")
      .def(pyb::init<int, const std::string&, const std::array<std::string, 4>&, std::uint64_t,
                     const std::string&, const std::string&, const pyb::handle&, const pyb::handle&,
                     int>(),
           arg("num_envs"), arg("rules"), arg("bots"), arg("seed") = 0, arg("episode") = "game",
           arg("reward") = "game", arg("features") = pyb::none(), arg("dtype") = "uint8",
           arg("threads") = 1)
      .def("reset", &PyVectorEnv::reset, arg("seed") = pyb::none())
      .def("step", &PyVectorEnv::step, arg("actions"))
      .def_property_readonly("num_envs", [](const PyVectorEnv& v) { return v.env().num_envs(); })
      .def_property_readonly("num_planes",
                             [](const PyVectorEnv& v) { return v.env().layout().num_planes; })
      .def_property_readonly("threads",
                             [](const PyVectorEnv& v) { return v.env().config().threads; });
}

}  // namespace riichi::py
