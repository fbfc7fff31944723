// gzip Content-Encoding of the server's answers (issue 17: a hanchan's replay is ~4 MB of JSON,
// about 10x smaller gzipped). Answers above a small size whose type compresses (JSON, scripts,
// styles, SVG, HTML) are sent gzipped to a client whose Accept-Encoding takes gzip.
#pragma once

#include <string>
#include <string_view>

namespace riichi::server {

// Whether an Accept-Encoding header value takes gzip ("gzip, deflate, br"; "gzip;q=0" refuses).
bool accepts_gzip(std::string_view accept_encoding);

// Whether an answer of this type and size is worth compressing.
bool worth_gzip(std::string_view content_type, std::size_t size);

// The gzip stream of `data` (RFC 1952). Throws std::runtime_error when zlib fails.
std::string gzip(std::string_view data);

}  // namespace riichi::server
