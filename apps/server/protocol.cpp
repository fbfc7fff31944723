#include "protocol.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <optional>

#include "io/json_text.hpp"
#include "table.hpp"

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
  const json expect = msg.value("action", json());
  if (!expect.is_null() && !expect.is_string())
    return invalid("action: \"action\" must be an action type name like \"discard\" or \"chi\"");
  ClientMessage m;
  m.type = ClientMessage::Type::kAction;
  m.version = v.get<std::uint64_t>();
  m.index = static_cast<long>(*index);
  if (expect.is_string()) m.expect = io::utf8_prefix(expect.get<std::string>(), 40);
  return m;
}

// {"type":"options","auto_win":true,...}: at least one toggle, each true or false.
ClientMessage options(const json& msg) {
  ClientMessage m;
  m.type = ClientMessage::Type::kOptions;
  for (const auto& [key, value] : msg.items()) {
    if (key == "type") continue;
    int* field = key == "auto_win"       ? &m.auto_win
                 : key == "auto_discard" ? &m.auto_discard
                 : key == "no_calls"     ? &m.no_calls
                                         : nullptr;
    if (field == nullptr)
      return invalid("options: unknown option '" + io::utf8_prefix(key, 40) +
                     "' (auto_win, auto_discard, no_calls)");
    if (!value.is_boolean()) return invalid("options: \"" + key + "\" must be true or false");
    *field = value.get<bool>() ? 1 : 0;
  }
  if (m.auto_win < 0 && m.auto_discard < 0 && m.no_calls < 0)
    return invalid("options: give at least one of auto_win, auto_discard, no_calls");
  return m;
}

// {"type":"timer","turn_ms":N,"bank_ms":M}: N = 0 turns the timer off.
ClientMessage timer(const json& msg) {
  for (const auto& item : msg.items())
    if (item.key() != "type" && item.key() != "turn_ms" && item.key() != "bank_ms")
      return invalid("timer: unknown field '" + io::utf8_prefix(item.key(), 40) +
                     "' (turn_ms, bank_ms)");
  const std::optional<std::int64_t> turn =
      io::int_in_range(msg.value("turn_ms", json()), 0, kMaxTurnMs);
  if (!turn) return invalid(fmt::format("timer: \"turn_ms\" must be an integer 0..{}", kMaxTurnMs));
  const std::optional<std::int64_t> bank =
      io::int_in_range(msg.value("bank_ms", json(0)), 0, kMaxBankMs);
  if (!bank) return invalid(fmt::format("timer: \"bank_ms\" must be an integer 0..{}", kMaxBankMs));
  ClientMessage m;
  m.type = ClientMessage::Type::kTimer;
  m.turn_ms = static_cast<int>(*turn);
  m.bank_ms = static_cast<int>(*bank);
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
  if (t == "ready") {
    ClientMessage m;
    m.type = ClientMessage::Type::kReady;
    return m;
  }
  if (t == "options") return options(msg);
  if (t == "timer") return timer(msg);
  return invalid("unknown message type '" + io::utf8_prefix(t, 40) +
                 "' (join, action, analysis, ready, options, timer, ping)");
}

}  // namespace riichi::server
