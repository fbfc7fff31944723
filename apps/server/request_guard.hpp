// What the web table server checks before it trusts a request (docs/security.md): the request
// path (percent-decoded, UTF-8, no way out of the web folder), the Host and Origin headers (DNS
// rebinding, cross-site WebSocket), per-client rate limits, and secrets drawn from the operating
// system's secure random source.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace riichi::server {

// `s` with the ASCII letters in lower case (header names, schemes, hosts).
std::string ascii_lower(std::string_view s);

// The path of a request target ("/assets/x.js?v=1" -> "/assets/x.js"), percent-decoded. nullopt,
// with the reason in `*error`, when the target is not an origin-form path ("/..."), holds a bad
// %-escape, a NUL byte, or is not valid UTF-8 once decoded.
std::optional<std::string> decode_target_path(std::string_view target, std::string* error);

// The value of `key` in the query of `target` ("/api/x?name=a%20b" -> "a b"; "" when absent):
// percent-escapes and '+' decoded, a bad escape kept as written.
std::string query_value(const std::string& target, const std::string& key);

// The relative file path of `rel` ("js/app.js") when every segment is a plain name: not empty
// (no "//", no absolute path), not "." or "..", no backslash. nullopt otherwise, with the reason.
std::optional<std::string> safe_relative_path(std::string_view rel, std::string* error);

// Host and Origin checks against DNS rebinding and cross-site requests. Allowed hosts: the
// address the server listens on (any IP address when it listens on all of them, 0.0.0.0 or ::;
// the loopback addresses when it listens on one), "localhost", and the names given with
// --allow-host (case-insensitive, the port ignored). A rebinding attack needs a DNS name: an
// address is always what the browser connected to.
class HostGuard {
 public:
  explicit HostGuard(const std::string& listen_host = "0.0.0.0",
                     std::vector<std::string> allowed_names = {});
  // `host` is a Host header value ("example.org:8080", "[::1]:8080"); empty (HTTP/1.0, no
  // browser) passes.
  bool host_ok(std::string_view host) const;
  // `origin` is an Origin header value ("http://example.org:8080"); "null" and other schemes fail.
  bool origin_ok(std::string_view origin) const;

 private:
  bool address_ok(const std::string& name) const;

  std::vector<std::string> names_;
  std::string listen_;  // the listen address as text, "" when it is 0.0.0.0 or ::
  bool listen_loopback_ = false;
};

// The host name of a Host header value, lower-case, without the port or IPv6 brackets.
std::string host_name_of(std::string_view host);

// At most `per_minute` events per client in any 60 seconds (0: no limit).
class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  explicit RateLimiter(int per_minute) : per_minute_(per_minute) {}
  // Counts the event and returns true when the client is under its limit; false (not counted)
  // otherwise.
  bool allow(const std::string& client, Clock::time_point now = Clock::now());

 private:
  int per_minute_;
  std::mutex mu_;
  std::unordered_map<std::string, std::deque<Clock::time_point>> events_;
};

// Bytes from the operating system's secure random source (getrandom). Throws std::runtime_error
// when it fails.
void secure_random_bytes(void* out, std::size_t n);
std::uint64_t secure_random_u64();
// `bytes` random bytes as lower-case hex (2 * bytes characters).
std::string secure_random_hex(std::size_t bytes);

}  // namespace riichi::server
