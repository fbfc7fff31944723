// The web table server's inputs before any table sees them (docs/web-protocol.md): each line is a
// WebSocket message (parse_client_message), and also a request target (path decoding and the
// web-folder path check) and a Host / Origin header value.
#include "fuzz_common.hpp"
#include "protocol.hpp"
#include "request_guard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  const std::string_view text = fuzz::as_text(data, size);
  (void)server::parse_client_message(text);
  static const server::HostGuard guard("127.0.0.1", {"riichi.example"});
  for (std::string_view line : fuzz::lines_of(text)) {
    (void)server::parse_client_message(line);
    std::string error;
    if (const auto path = server::decode_target_path(line, &error))
      if (path->size() > 8) (void)server::safe_relative_path(path->substr(8), &error);
    (void)guard.host_ok(line);
    (void)guard.origin_ok(line);
  }
  return 0;
}
