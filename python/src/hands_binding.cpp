// parse, format, analyze, score: the hand tools, returning the CLI's JSON fields as dicts.
#include <pybind11/stl.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "convert.hpp"
#include "eval/tile_distance.hpp"
#include "io/analysis_json.hpp"
#include "io/ev_json.hpp"
#include "io/score_json.hpp"
#include "riichi/analysis.hpp"
#include "riichi/hand.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

namespace riichi::py {

namespace {

constexpr const char* kHandMeldNames[] = {"chi", "pon", "daiminkan", "kakan", "ankan"};

// Re-throws a ParseError with what was being parsed: "hand '12x': position 3: ...".
template <typename F>
auto parsing(const char* what, const std::string& text, F&& f) {
  try {
    return f();
  } catch (const ParseError& e) {
    std::string msg = what;
    msg += " '" + text + "': " + e.what();
    throw std::invalid_argument(msg);
  }
}

pyb::list tile_strings(std::span<const Tile> tiles) {
  pyb::list out;
  for (Tile t : tiles) out.append(tile_to_string(t));
  return out;
}

pyb::dict parse_to_py(const std::string& text) {
  const Hand hand = parsing("hand", text, [&] { return parse_hand(text); });
  pyb::dict d;
  d["concealed"] = tile_strings(hand.concealed);
  pyb::list melds;
  for (const Meld& meld : hand.melds) {
    pyb::dict x;
    x["type"] = kHandMeldNames[static_cast<int>(meld.type)];
    x["tiles"] = tile_strings(meld.view());
    x["open"] = meld.is_open();
    x["text"] = format_meld(meld);
    melds.append(x);
  }
  d["melds"] = melds;
  d["text"] = format_hand(hand);
  return d;
}

std::string format_text(const std::string& text) {
  return format_hand(parsing("hand", text, [&] { return parse_hand(text); }));
}

std::string format_ids(const std::vector<int>& ids, bool red_fives) {
  std::vector<Tile> tiles;
  for (int id : ids) {
    if (id < 0 || id >= kNumTiles)
      throw std::invalid_argument("tile id " + std::to_string(id) + " out of range 0..135");
    tiles.push_back(tile_of_id(id, red_fives));
  }
  return format_tiles(tiles);
}

pyb::object analyze_to_py(const std::string& text, const std::string& visible_text, bool ev,
                          const io::EvRequest& request) {
  const Hand hand = parsing("hand", text, [&] { return parse_hand(text); });
  std::vector<Tile> visible;
  if (!visible_text.empty())
    visible = parsing("visible", visible_text, [&] { return parse_tiles(visible_text); });
  const HandAnalysis a = analyze(hand, visible);
  if (!ev) return json_to_py(io::analysis_to_json(a));
  if (a.concealed_tiles % 3 != 2)
    throw std::invalid_argument(
        "ev: the hand must discard: 3n+2 concealed tiles (14 with the melds written out), got " +
        std::to_string(a.concealed_tiles));
  io::EvRequest r = request;
  r.visible = visible_text;
  const io::EvSetup setup = io::ev_setup(hand, r);
  eval::check_position(setup.position, setup.options);
  eval::init_tile_distance_tables();  // once per process: not part of the evaluation's time
  const auto start = std::chrono::steady_clock::now();
  eval::HandEv result;
  {
    pyb::gil_scoped_release release;  // pure C++: other Python threads may run meanwhile
    result = eval::evaluate_discards(setup.position, setup.options);
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return json_to_py(io::analysis_ev_to_json(a, result, setup, ms));
}

pyb::object score_to_py(const std::string& text, const std::string& rules_spec) {
  const Rules rules = rules_from(rules_spec);
  const WinVector v = parsing("win vector", text, [&] { return parse_win_vector(text); });
  return json_to_py(io::score_to_json(score(v.hand, v.win, v.context, rules), v));
}

}  // namespace

void bind_hands(pyb::module_& m) {
  m.def("parse_hand", &parse_to_py, pyb::arg("text"));
  m.def("format_hand", &format_text, pyb::arg("text"));
  m.def("format_ids", &format_ids, pyb::arg("ids"), pyb::arg("red_fives") = false);
  m.def(
      "analyze",
      [](const std::string& hand, const std::string& visible, bool ev, const std::string& model,
         int turn, const std::string& dora, const std::string& seat, const std::string& round,
         const std::string& rules) {
        return analyze_to_py(hand, visible, ev,
                             io::EvRequest{model, turn, dora, seat, round, "", rules});
      },
      pyb::arg("hand"), pyb::arg("visible") = "", pyb::arg("ev") = false,
      pyb::arg("model") = "default", pyb::arg("turn") = 1, pyb::arg("dora") = "",
      pyb::arg("seat") = "S", pyb::arg("round") = "E", pyb::arg("rules") = "ema2016");
  m.def("score", &score_to_py, pyb::arg("vector"), pyb::arg("rules") = "ema2016");
  m.def(
      "rules_spec", [](const std::string& spec) { return full_rules_spec(rules_from(spec)); },
      pyb::arg("rules"));
  m.def("presets", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const Rules::PresetInfo& p : Rules::preset_infos())
      out.emplace_back(p.name, p.description);
    return out;
  });
}

}  // namespace riichi::py
