// Registration of the bindings, one function per file.
#pragma once

#include <pybind11/pybind11.h>

namespace riichi::py {

void bind_hands(pybind11::module_& m);     // hands_binding.cpp: parse, format, analyze, score
void bind_game(pybind11::module_& m);      // game_binding.cpp: Game
void bind_env(pybind11::module_& m);       // env_binding.cpp: Env
void bind_selfplay(pybind11::module_& m);  // selfplay_binding.cpp: play_games

}  // namespace riichi::py
