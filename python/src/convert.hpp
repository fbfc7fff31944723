// Conversions between engine values and Python objects: nlohmann::json -> Python, actions and
// observations as dicts, engine errors as riichi.RiichiError (a ValueError).
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>

#include "riichi/game.hpp"
#include "riichi/round.hpp"

namespace riichi::py {

namespace pyb = pybind11;

// riichi.RiichiError (subclass of ValueError), registered by the module.
pyb::object riichi_error();
void set_riichi_error(pyb::object type);
// Raises riichi.RiichiError with `message` (throws pybind11::error_already_set).
[[noreturn]] void raise_error(const std::string& message);

// "tenhou" or "ema2016,open_tanyao=false" -> Rules. Throws std::invalid_argument naming the spec.
Rules rules_from(const std::string& spec);

// A JSON value as plain Python objects (dict, list, str, int, float, bool, None).
pyb::object json_to_py(const nlohmann::json& j);
pyb::object json_to_py(const nlohmann::ordered_json& j);

// {"type", "seat", "tile", "tsumogiri", "uses", "text"}: tile and uses are physical ids
// (0..135, -1 / absent when unused); "text" is the engine's short form ("S discard 5p").
pyb::dict action_to_py(const Action& action, bool red_fives);
// Reads the keys above ("text" is ignored). Raises RiichiError naming a missing or bad key.
Action action_from_py(const pyb::handle& obj);

// The Observation fields of round.hpp plus the game fields of GameObservation.
pyb::dict observation_to_py(const GameObservation& obs, bool red_fives);

}  // namespace riichi::py
