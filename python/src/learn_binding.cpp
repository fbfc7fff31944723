// The action space and the observation planes as the module shows them: NUM_ACTIONS, the ACT_*
// offsets, action_name, plane_names / num_planes for a choice of feature groups.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "learn/action_space.hpp"
#include "learn/planes.hpp"
#include "learn_convert.hpp"

namespace riichi::py {

void bind_learn(pyb::module_& m) {
  using pyb::arg;
  namespace l = learn;
  m.attr("NUM_ACTIONS") = l::kNumActions;
  m.attr("NUM_PLANES") = l::PlaneLayout(l::kMaxSeats, l::PlaneOptions{}).num_planes;
  pyb::dict offsets;
  offsets["ACT_DISCARD"] = l::kActDiscard;
  offsets["ACT_TSUMOGIRI"] = l::kActTsumogiri;
  offsets["ACT_RIICHI"] = l::kActRiichi;
  offsets["ACT_RIICHI_TSUMOGIRI"] = l::kActRiichiTsumogiri;
  offsets["ACT_TSUMO"] = l::kActTsumo;
  offsets["ACT_RON"] = l::kActRon;
  offsets["ACT_CHI"] = l::kActChi;
  offsets["ACT_CHI_RED"] = l::kActChiRed;
  offsets["ACT_PON"] = l::kActPon;
  offsets["ACT_PON_RED"] = l::kActPonRed;
  offsets["ACT_DAIMINKAN"] = l::kActDaiminkan;
  offsets["ACT_SELF_KAN"] = l::kActSelfKan;
  offsets["ACT_KYUUSHU"] = l::kActKyuushu;
  offsets["ACT_PASS"] = l::kActPass;
  offsets["ACT_KITA"] = l::kActKita;
  m.attr("ACTION_OFFSETS") = offsets;
  m.def("action_name", &l::action_name, arg("index"));
  m.def(
      "plane_names",
      [](const pyb::handle& features) {
        return l::PlaneLayout(l::kMaxSeats, plane_options(features)).names();
      },
      arg("features") = pyb::none());
  m.def(
      "num_planes",
      [](const pyb::handle& features) {
        return l::PlaneLayout(l::kMaxSeats, plane_options(features)).num_planes;
      },
      arg("features") = pyb::none());
}

}  // namespace riichi::py
