// Registration of the bindings, one function per file.
#pragma once

#include <pybind11/pybind11.h>

namespace riichi::py {

void bind_hands(pybind11::module_& m);       // hands_binding.cpp: parse, format, analyze, score
void bind_game(pybind11::module_& m);        // game_binding.cpp: Game, LoggedGame, read_log
void bind_learn(pybind11::module_& m);       // learn_binding.cpp: action space, plane names
void bind_table(pybind11::module_& m);       // table_binding.cpp: Table (the Python envs' core)
void bind_vector_env(pybind11::module_& m);  // vector_env_binding.cpp: VectorEnv
void bind_dataset(pybind11::module_& m);     // dataset_binding.cpp: DecisionReader
void bind_selfplay(pybind11::module_& m);    // selfplay_binding.cpp: play_games

}  // namespace riichi::py
