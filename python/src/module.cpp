// The extension module `riichi._riichi`. The public API is the package `riichi` (python/riichi/),
// which wraps these functions and classes.
#include <pybind11/pybind11.h>

#include <stdexcept>

#include "bindings.hpp"
#include "convert.hpp"
#include "riichi/hand.hpp"

namespace pyb = pybind11;

PYBIND11_MODULE(_riichi, m) {
  m.doc() = "riichi engine bindings (use the package `riichi`)";
  static pyb::exception<std::invalid_argument> error(m, "RiichiError", PyExc_ValueError);
  error.doc() =
      "Bad input or an illegal action, with the engine's message (a subclass of ValueError).";
  riichi::py::set_riichi_error(error);
  pyb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(error.ptr(), e.what());
    } catch (const std::out_of_range& e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });
  riichi::py::bind_hands(m);
  riichi::py::bind_game(m);
  riichi::py::bind_learn(m);
  riichi::py::bind_table(m);
  riichi::py::bind_vector_env(m);
  riichi::py::bind_dataset(m);
  riichi::py::bind_selfplay(m);
  m.attr("__version__") = RIICHI_VERSION;
}
