// The messages a WebSocket client sends (docs/web-protocol.md), read and checked before any table
// sees them: one JSON object, nested at most io::kMaxJsonDepth deep, with typed fields in range.
//
//   const ClientMessage m = parse_client_message(text);
//   if (!m.ok()) reply_error(m.error);
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace riichi::server {

struct ClientMessage {
  enum class Type { kInvalid, kPing, kJoin, kAction, kAnalysis, kReady, kOptions, kTimer };
  Type type = Type::kInvalid;
  std::string error;  // kInvalid: what is wrong, for the client
  // join
  std::string table;
  std::string name;
  std::string token;
  int seat = -1;  // -1: any free human seat
  bool watch = false;
  // action
  std::uint64_t version = 0;
  long index = 0;
  std::string expect;  // optional "action": the action type the client means ("chi", "kita")
  // analysis
  bool enabled = false;
  // options: the toggles given (-1 absent, 0 off, 1 on)
  int auto_win = -1, auto_discard = -1, no_calls = -1;
  // timer
  int turn_ms = 0, bank_ms = 0;
  bool ok() const { return type != Type::kInvalid; }
};

ClientMessage parse_client_message(std::string_view text);

}  // namespace riichi::server
