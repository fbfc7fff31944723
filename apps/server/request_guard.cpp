#include "request_guard.hpp"

#include <sys/random.h>

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "io/json_text.hpp"

namespace riichi::server {

namespace {

// "a%20b+c" -> "a b c".
std::string url_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() &&
               std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
               std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::string query_value(const std::string& target, const std::string& key) {
  const std::size_t q = target.find('?');
  if (q == std::string::npos) return "";
  std::size_t pos = q + 1;
  while (pos <= target.size()) {
    std::size_t end = target.find('&', pos);
    if (end == std::string::npos) end = target.size();
    const std::string pair = target.substr(pos, end - pos);
    const std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) == key)
      return eq == std::string::npos ? "" : url_decode(pair.substr(eq + 1));
    pos = end + 1;
  }
  return "";
}

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<boost::asio::ip::address> ip_literal(const std::string& name) {
  boost::system::error_code ec;
  const boost::asio::ip::address a = boost::asio::ip::make_address(name, ec);
  if (ec) return std::nullopt;
  return a;
}

}  // namespace

std::optional<std::string> decode_target_path(std::string_view target, std::string* error) {
  const auto fail = [&](const std::string& why) -> std::optional<std::string> {
    if (error != nullptr) *error = why;
    return std::nullopt;
  };
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target[0] != '/') return fail("the request target must be a path (/...)");
  std::string out;
  out.reserve(target.size());
  for (std::size_t i = 0; i < target.size(); ++i) {
    if (target[i] != '%') {
      out += target[i];
      continue;
    }
    if (i + 2 >= target.size()) return fail("truncated %-escape in the path");
    const int hi = hex_value(target[i + 1]), lo = hex_value(target[i + 2]);
    if (hi < 0 || lo < 0) return fail("bad %-escape in the path");
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  if (out.find('\0') != std::string::npos) return fail("a NUL byte in the path");
  std::size_t bad = 0;
  if (!io::is_valid_utf8(out, &bad))
    return fail("the path is not valid UTF-8 (byte " + std::to_string(bad) + " once decoded)");
  return out;
}

std::optional<std::string> safe_relative_path(std::string_view rel, std::string* error) {
  const auto fail = [&](const std::string& why) -> std::optional<std::string> {
    if (error != nullptr) *error = why;
    return std::nullopt;
  };
  if (rel.empty()) return fail("empty file path");
  if (rel.find('\\') != std::string_view::npos) return fail("'\\' is not allowed in a path");
  std::size_t start = 0;
  while (start <= rel.size()) {
    const std::size_t slash = std::min(rel.find('/', start), rel.size());
    const std::string_view segment = rel.substr(start, slash - start);
    if (segment.empty()) return fail("empty path segment (absolute path or '//')");
    if (segment == "." || segment == "..") return fail("'.' and '..' are not allowed in a path");
    start = slash + 1;
  }
  return std::string(rel);
}

std::string host_name_of(std::string_view host) {
  std::string_view name = host;
  if (!name.empty() && name[0] == '[') {
    const std::size_t close = name.find(']');
    name = close == std::string_view::npos ? name.substr(1) : name.substr(1, close - 1);
  } else if (name.find(':') == name.rfind(':')) {  // at most one colon: "name:port"
    name = name.substr(0, name.find(':'));
  }
  std::string out = ascii_lower(name);
  if (!out.empty() && out.back() == '.') out.pop_back();  // "localhost." is "localhost"
  return out;
}

HostGuard::HostGuard(const std::string& listen_host, std::vector<std::string> allowed_names) {
  for (const std::string& n : allowed_names) names_.push_back(host_name_of(n));
  if (const auto a = ip_literal(host_name_of(listen_host)); a && !a->is_unspecified()) {
    listen_ = a->to_string();
    listen_loopback_ = a->is_loopback();
  }
}

bool HostGuard::address_ok(const std::string& name) const {
  const auto a = ip_literal(name);
  if (!a) return false;
  if (listen_.empty()) return true;  // listening on every address
  return a->to_string() == listen_ || (listen_loopback_ && a->is_loopback());
}

bool HostGuard::host_ok(std::string_view host) const {
  if (host.empty()) return true;
  const std::string name = host_name_of(host);
  if (name.empty()) return false;
  if (name == "localhost" || address_ok(name)) return true;
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

bool HostGuard::origin_ok(std::string_view origin) const {
  for (std::string_view scheme : {"http://", "https://"}) {
    if (ascii_lower(origin.substr(0, scheme.size())) != scheme) continue;
    const std::string_view rest = origin.substr(scheme.size());
    const std::string_view hostport = rest.substr(0, rest.find('/'));
    return !hostport.empty() && host_ok(hostport);
  }
  return false;
}

bool RateLimiter::allow(const std::string& client, Clock::time_point now) {
  if (per_minute_ <= 0) return true;
  std::lock_guard lock(mu_);
  const auto window_start = now - std::chrono::minutes(1);
  if (events_.size() > 10000) {  // forget clients idle for a minute
    for (auto it = events_.begin(); it != events_.end();)
      it = it->second.empty() || it->second.back() <= window_start ? events_.erase(it) : ++it;
  }
  std::deque<Clock::time_point>& times = events_[client];
  while (!times.empty() && times.front() <= window_start) times.pop_front();
  if (static_cast<int>(times.size()) >= per_minute_) return false;
  times.push_back(now);
  return true;
}

void secure_random_bytes(void* out, std::size_t n) {
  auto* p = static_cast<unsigned char*>(out);
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("getrandom failed: ") + std::strerror(errno));
    }
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

std::uint64_t secure_random_u64() {
  std::uint64_t v = 0;
  secure_random_bytes(&v, sizeof v);
  return v;
}

std::string secure_random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  secure_random_bytes(raw.data(), bytes);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes);
  for (unsigned char c : raw) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace riichi::server
