// Python-side arguments of the learning interface: feature groups, observation dtypes, seats.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <string>

#include "learn/planes.hpp"

namespace riichi::py {

namespace pyb = pybind11;

// None (the default groups), "default,shanten", "all", "base" or an iterable of group names:
// tsumogiri, call_sources, shanten, oracle. Raises RiichiError naming an unknown group.
learn::PlaneOptions plane_options(const pyb::handle& features);
// "uint8" or "float32" (any spelling numpy.dtype accepts); true for float32.
bool float_dtype(const pyb::handle& dtype);
// A zeroed (rows..., C, 34) array of the dtype.
pyb::array obs_array(std::vector<pyb::ssize_t> shape, bool float32);

}  // namespace riichi::py
