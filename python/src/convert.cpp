#include "convert.hpp"

#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string_view>

namespace riichi::py {

namespace {

pyb::object& error_type_storage() {
  static pyb::object type;  // set once by the module (kept alive by the module's attribute)
  return type;
}

template <typename Json>
pyb::object to_py(const Json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return pyb::none();
    case nlohmann::json::value_t::boolean:
      return pyb::bool_(j.template get<bool>());
    case nlohmann::json::value_t::number_integer:
      return pyb::int_(j.template get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return pyb::int_(j.template get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return pyb::float_(j.template get<double>());
    case nlohmann::json::value_t::string:
      return pyb::str(j.template get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      pyb::list out;
      for (const auto& item : j) out.append(to_py(item));
      return out;
    }
    case nlohmann::json::value_t::object: {
      pyb::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[pyb::str(it.key())] = to_py(it.value());
      return out;
    }
    default:
      return pyb::none();
  }
}

constexpr const char* kPhaseNames[] = {"self", "discard_only", "claim", "chankan", "over"};
constexpr const char* kMeldNames[] = {"chi", "pon", "daiminkan", "kakan", "ankan"};

ActionType action_type_of(std::string_view name) {
  for (int t = 0; t <= static_cast<int>(ActionType::kPass); ++t)
    if (name == action_type_name(static_cast<ActionType>(t))) return static_cast<ActionType>(t);
  std::string msg = "action: unknown type '";
  msg += name;
  msg += "' (expected discard, riichi, tsumo, ron, chi, pon, daiminkan, kakan, ankan, kyuushu, ";
  msg += "pass)";
  raise_error(msg);
}

int int_field(const pyb::dict& d, const char* key, int low, int high, int fallback, bool required) {
  if (!d.contains(key)) {
    if (required) raise_error(std::string("action: missing key '") + key + "'");
    return fallback;
  }
  const pyb::handle v = d[key];
  if (v.is_none()) return fallback;
  if (!pyb::isinstance<pyb::int_>(v) || pyb::isinstance<pyb::bool_>(v))
    raise_error(std::string("action: '") + key + "' must be an int");
  const long value = v.cast<long>();
  if (value < low || value > high) {
    std::string msg = "action: '";
    msg += key;
    msg += "' = " + std::to_string(value) + " out of range " + std::to_string(low) + ".." +
           std::to_string(high);
    raise_error(msg);
  }
  return static_cast<int>(value);
}

pyb::list ids_to_py(const std::vector<std::uint8_t>& ids) {
  pyb::list out;
  for (std::uint8_t id : ids) out.append(static_cast<int>(id));
  return out;
}

}  // namespace

pyb::object riichi_error() { return error_type_storage(); }

void set_riichi_error(pyb::object type) { error_type_storage() = std::move(type); }

void raise_error(const std::string& message) {
  PyErr_SetString(error_type_storage().ptr(), message.c_str());
  throw pyb::error_already_set();
}

Rules rules_from(const std::string& spec) {
  std::string error;
  std::optional<Rules> rules = Rules::try_parse(spec, &error);
  if (!rules) throw std::invalid_argument("rules '" + spec + "': " + error);
  return *rules;
}

pyb::object json_to_py(const nlohmann::json& j) { return to_py(j); }
pyb::object json_to_py(const nlohmann::ordered_json& j) { return to_py(j); }

pyb::dict action_to_py(const Action& a, bool red_fives) {
  pyb::dict d;
  d["type"] = action_type_name(a.type);
  d["seat"] = static_cast<int>(a.seat);
  d["tile"] = static_cast<int>(a.tile);
  d["tsumogiri"] = a.tsumogiri;
  pyb::list uses;
  for (std::int16_t u : a.uses)
    if (u >= 0) uses.append(static_cast<int>(u));
  d["uses"] = uses;
  d["text"] = to_string(a, red_fives);
  return d;
}

Action action_from_py(const pyb::handle& obj) {
  if (!pyb::isinstance<pyb::dict>(obj))
    raise_error(
        "action: expected a dict like {'type': 'discard', 'seat': 0, 'tile': 53} (as "
        "returned by legal_actions), got " +
        std::string(pyb::str(pyb::type::of(obj).attr("__name__"))));
  const pyb::dict d = pyb::reinterpret_borrow<pyb::dict>(obj);
  if (!d.contains("type")) raise_error("action: missing key 'type'");
  if (!pyb::isinstance<pyb::str>(d["type"])) raise_error("action: 'type' must be a str");
  Action a;
  a.type = action_type_of(d["type"].cast<std::string>());
  a.seat = static_cast<std::int8_t>(int_field(d, "seat", 0, 3, -1, true));
  a.tile = static_cast<std::int16_t>(int_field(d, "tile", -1, kNumTiles - 1, -1, false));
  if (d.contains("tsumogiri")) {
    if (!pyb::isinstance<pyb::bool_>(d["tsumogiri"]))
      raise_error("action: 'tsumogiri' must be a bool");
    a.tsumogiri = d["tsumogiri"].cast<bool>();
  }
  if (d.contains("uses") && !d["uses"].is_none()) {
    const pyb::handle uses = d["uses"];
    if (!pyb::isinstance<pyb::list>(uses) && !pyb::isinstance<pyb::tuple>(uses))
      raise_error("action: 'uses' must be a list of tile ids");
    const pyb::sequence seq = pyb::reinterpret_borrow<pyb::sequence>(uses);
    if (seq.size() > 3) raise_error("action: 'uses' holds more than 3 tile ids");
    for (std::size_t i = 0; i < seq.size(); ++i) {
      if (!pyb::isinstance<pyb::int_>(seq[i])) raise_error("action: 'uses' must hold ints");
      const long id = seq[i].cast<long>();
      if (id < 0 || id >= kNumTiles)
        raise_error("action: 'uses' id " + std::to_string(id) + " out of range 0..135");
      a.uses[i] = static_cast<std::int16_t>(id);
    }
  }
  return a;
}

pyb::dict observation_to_py(const GameObservation& g, bool red_fives) {
  const Observation& o = g.hand;
  pyb::dict d;
  d["seat"] = o.seat;
  d["dealer"] = o.dealer;
  d["round_wind"] = o.round_wind;
  d["honba"] = o.honba;
  d["riichi_sticks"] = o.riichi_sticks;
  d["scores"] = pyb::cast(o.scores);
  d["concealed"] = ids_to_py(o.concealed);
  d["drawn"] = o.drawn;
  pyb::list discards, melds;
  for (int s = 0; s < 4; ++s) {
    pyb::list seat_discards;
    for (const DiscardInfo& di : o.discards[static_cast<std::size_t>(s)]) {
      pyb::dict x;
      x["tile"] = static_cast<int>(di.id);
      x["tsumogiri"] = di.tsumogiri;
      x["riichi"] = di.riichi;
      x["called"] = di.called;
      seat_discards.append(x);
    }
    discards.append(seat_discards);
    pyb::list seat_melds;
    for (const MeldInfo& m : o.melds[static_cast<std::size_t>(s)]) {
      pyb::dict x;
      x["type"] = kMeldNames[static_cast<int>(m.type)];
      pyb::list ids;
      for (int i = 0; i < m.size(); ++i) ids.append(static_cast<int>(m.ids[i]));
      x["tiles"] = ids;
      x["from"] = static_cast<int>(m.from);
      seat_melds.append(x);
    }
    melds.append(seat_melds);
  }
  d["discards"] = discards;
  d["melds"] = melds;
  d["riichi"] = pyb::cast(o.riichi);
  d["concealed_count"] = pyb::cast(o.concealed_count);
  d["dora_indicators"] = ids_to_py(o.dora_indicators);
  d["live_tiles_left"] = o.live_tiles_left;
  d["to_play"] = o.to_play;
  d["phase"] = kPhaseNames[static_cast<int>(o.phase)];
  d["last_discard"] = o.last_discard;
  pyb::list legal;
  for (const Action& a : o.legal_actions) legal.append(action_to_py(a, red_fives));
  d["legal_actions"] = legal;
  d["hand_name"] = g.hand_name;
  d["hand_number"] = g.hand_number;
  d["hands_played"] = g.hands_played;
  d["game_scores"] = pyb::cast(g.game_scores);
  d["game_over"] = g.game_over;
  return d;
}

}  // namespace riichi::py
