#include "http_gzip.hpp"

#include <zlib.h>

#include <cctype>
#include <stdexcept>

#include "request_guard.hpp"

namespace riichi::server {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool accepts_gzip(std::string_view header) {
  const std::string h = ascii_lower(header);
  std::string_view rest = h;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    std::string_view item = trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const std::size_t semi = item.find(';');
    const std::string_view coding = trim(item.substr(0, semi));
    if (coding != "gzip" && coding != "*") continue;
    if (semi == std::string_view::npos) return true;
    // "q=0", "q=0.0", "q=0.000" refuse; any other weight accepts.
    std::string_view q = trim(item.substr(semi + 1));
    if (q.substr(0, 2) != "q=") return true;
    q.remove_prefix(2);
    return q.find_first_not_of("0.") != std::string_view::npos;
  }
  return false;
}

bool worth_gzip(std::string_view type, std::size_t size) {
  if (size < 1024) return false;
  for (std::string_view t : {"application/json", "text/", "image/svg+xml"})
    if (type.substr(0, t.size()) == t) return true;
  return false;
}

std::string gzip(std::string_view data) {
  z_stream z{};
  // windowBits 15 + 16: a gzip header and trailer; level 6 (zlib's default trade-off).
  if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("gzip: deflateInit2 failed");
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  const std::size_t n = z.total_out;
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("gzip: deflate failed");
  out.resize(n);
  return out;
}

}  // namespace riichi::server
