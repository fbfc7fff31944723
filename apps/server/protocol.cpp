#include "protocol.hpp"

#include <nlohmann/json.hpp>
#include <optional>

#include "io/json_text.hpp"

namespace riichi::server {

namespace {

using nlohmann::json;

ClientMessage invalid(std::string reason) {
  ClientMessage m;
  m.error = std::move(reason);
  return m;
}

ClientMessage join(const json& msg) {
  const json id = msg.value("table", json());
  if (!id.is_string()) return invalid("join: \"table\" must be a table id string");
  const json name = msg.value("name", json("")), token = msg.value("token", json("")),
             seat = msg.value("seat", json(-1)), watch = msg.value("watch", json(false));
  if (!name.is_string()) return invalid("join: \"name\" must be a string");
  if (!token.is_string() && !token.is_null()) return invalid("join: \"token\" must be a string");
  const std::optional<std::int64_t> s = seat.is_null() ? -1 : io::int_in_range(seat, -1, 3);
  if (!s) return invalid("join: \"seat\" must be 0..3 (or -1 for any free seat)");
  if (!watch.is_boolean()) return invalid("join: \"watch\" must be true or false");
  ClientMessage m;
  m.type = ClientMessage::Type::kJoin;
  m.table = id.get<std::string>();
  m.name = name.get<std::string>();
  m.token = token.is_string() ? token.get<std::string>() : "";
  m.seat = static_cast<int>(*s);
  m.watch = watch.get<bool>();
  return m;
}

ClientMessage action(const json& msg) {
  const json v = msg.value("version", json()), i = msg.value("index", json());
  if (!v.is_number_unsigned()) return invalid("action: \"version\" must be an unsigned integer");
  const std::optional<std::int64_t> index = io::int_in_range(i, 0, 1 << 20);
  if (!index) return invalid("action: \"index\" must be an integer 0..1048576");
  ClientMessage m;
  m.type = ClientMessage::Type::kAction;
  m.version = v.get<std::uint64_t>();
  m.index = static_cast<long>(*index);
  return m;
}

}  // namespace

ClientMessage parse_client_message(std::string_view text) {
  std::string error;
  const std::optional<json> parsed = io::try_parse_json(text, &error);
  if (!parsed) return invalid("bad message: not a JSON object (" + error + ")");
  const json& msg = *parsed;
  if (!msg.is_object()) return invalid("bad message: not a JSON object");
  const json type = msg.value("type", json());
  if (!type.is_string()) return invalid("bad message: no \"type\" string");
  const std::string t = type.get<std::string>();
  if (t == "ping") {
    ClientMessage m;
    m.type = ClientMessage::Type::kPing;
    return m;
  }
  if (t == "join") return join(msg);
  if (t == "action") return action(msg);
  if (t == "analysis") {
    const json e = msg.value("enabled", json());
    if (!e.is_boolean()) return invalid("analysis: \"enabled\" must be true or false");
    ClientMessage m;
    m.type = ClientMessage::Type::kAnalysis;
    m.enabled = e.get<bool>();
    return m;
  }
  return invalid("unknown message type '" + io::utf8_prefix(t, 40) +
                 "' (join, action, analysis, ping)");
}

}  // namespace riichi::server
