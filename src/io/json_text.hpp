// JSON text in and out, safe on hostile input (docs/security.md), and UTF-8 text helpers. Every
// JSON document the project reads goes through parse_json (a nesting limit, a clear error naming
// the byte), and every JSON text it writes goes through dump_json (invalid UTF-8 in a string is
// replaced by U+FFFD instead of throwing).
//
//   const nlohmann::json j = io::parse_json(line);         // throws io::JsonInputError
//   std::string text = io::dump_json(j);                   // never throws on bad UTF-8
//   std::string name = io::utf8_prefix(raw_name, 40);      // at most 40 characters, whole ones
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace riichi::io {

// The deepest nesting of arrays and objects any reader accepts. The project's own formats nest
// at most 5 deep; the limit keeps recursive walks of a parsed value (copy, compare, dump) far
// from the stack's end.
inline constexpr int kMaxJsonDepth = 64;

// A JSON text that cannot be read: malformed, or nested too deep. `byte` is the 0-based offset
// of the fault.
class JsonInputError : public std::runtime_error {
 public:
  JsonInputError(std::size_t byte, const std::string& what);
  std::size_t byte() const { return byte_; }

 private:
  std::size_t byte_;
};

// The offset of the first array or object opened deeper than `max_depth`, or npos. Strings are
// skipped (a bracket inside a string does not count).
std::size_t json_depth_violation(std::string_view text, int max_depth = kMaxJsonDepth);

// Parses one JSON value. Throws JsonInputError: "nested deeper than 64 levels at byte N" or the
// parser's "syntax error at byte N: ..." (also for invalid UTF-8 inside a string).
nlohmann::json parse_json(std::string_view text, int max_depth = kMaxJsonDepth);
nlohmann::ordered_json parse_ordered_json(std::string_view text, int max_depth = kMaxJsonDepth);
// The same without exceptions: nullopt, with the reason in `*error` when given.
std::optional<nlohmann::json> try_parse_json(std::string_view text, std::string* error = nullptr,
                                             int max_depth = kMaxJsonDepth);

// The JSON text of `j` (compact, or indented by `indent` spaces). Invalid UTF-8 in a string is
// replaced by U+FFFD: a name cut mid-character never stops a server or a command.
std::string dump_json(const nlohmann::json& j, int indent = -1);
std::string dump_json(const nlohmann::ordered_json& j, int indent = -1);

// The value of `v` when it is an integer within [lo, hi]; nullopt for any other value (a large
// unsigned value is out of range, never wrapped around: 2^32 + 1 is not 1).
std::optional<std::int64_t> int_in_range(const nlohmann::json& v, std::int64_t lo, std::int64_t hi);

// UTF-8 (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
// True when `text` is well-formed; else the offset of the first bad byte in `*bad_at`.
bool is_valid_utf8(std::string_view text, std::size_t* bad_at = nullptr);
// `text` with every ill-formed sequence replaced by U+FFFD.
std::string sanitize_utf8(std::string_view text);
// The first `max_chars` characters (code points) of `text`, sanitized first: never cut inside a
// character.
std::string utf8_prefix(std::string_view text, std::size_t max_chars);
// The number of characters (code points) of well-formed `text`.
std::size_t utf8_length(std::string_view text);

}  // namespace riichi::io
