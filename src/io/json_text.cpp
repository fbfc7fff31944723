#include "io/json_text.hpp"

#include <fmt/core.h>

namespace riichi::io {

namespace {

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." ->
// "line 1, column 5: syntax error ...".
std::string parser_reason(const std::exception& e) {
  const std::string w = e.what();
  const auto at = w.find("at line");
  if (at != std::string::npos) return w.substr(at + 3);
  const auto close = w.find("] ");
  return close != std::string::npos ? w.substr(close + 2) : w;
}

template <typename Json>
Json parse_as(std::string_view text, int max_depth) {
  const std::size_t deep = json_depth_violation(text, max_depth);
  if (deep != std::string_view::npos)
    throw JsonInputError(deep, fmt::format("JSON nested deeper than {} levels (arrays and "
                                           "objects) at byte {}",
                                           max_depth, deep));
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw JsonInputError(e.byte > 0 ? e.byte - 1 : 0, "bad JSON: " + parser_reason(e));
  } catch (const nlohmann::json::exception& e) {
    throw JsonInputError(0, "bad JSON: " + parser_reason(e));
  }
}

// The length of the well-formed sequence starting at s[i], or 0 when it is ill-formed.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

}  // namespace

JsonInputError::JsonInputError(std::size_t byte, const std::string& what)
    : std::runtime_error(what), byte_(byte) {}

std::size_t json_depth_violation(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string_view::npos;
}

nlohmann::json parse_json(std::string_view text, int max_depth) {
  return parse_as<nlohmann::json>(text, max_depth);
}

nlohmann::ordered_json parse_ordered_json(std::string_view text, int max_depth) {
  return parse_as<nlohmann::ordered_json>(text, max_depth);
}

std::optional<nlohmann::json> try_parse_json(std::string_view text, std::string* error,
                                             int max_depth) {
  try {
    return parse_json(text, max_depth);
  } catch (const JsonInputError& e) {
    if (error != nullptr) *error = e.what();
    return std::nullopt;
  }
}

std::string dump_json(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string dump_json(const nlohmann::ordered_json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::optional<std::int64_t> int_in_range(const nlohmann::json& v, std::int64_t lo,
                                         std::int64_t hi) {
  std::int64_t value;
  if (v.is_number_unsigned()) {
    const std::uint64_t u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
    value = static_cast<std::int64_t>(u);
  } else if (v.is_number_integer()) {
    value = v.get<std::int64_t>();
  } else {
    return std::nullopt;
  }
  if (value < lo || value > hi) return std::nullopt;
  return value;
}

bool is_valid_utf8(std::string_view text, std::size_t* bad_at) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence(text, i);
    if (n == 0) {
      if (bad_at != nullptr) *bad_at = i;
      return false;
    }
    i += n;
  }
  return true;
}

std::string sanitize_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string utf8_prefix(std::string_view text, std::size_t max_chars) {
  const std::string clean = sanitize_utf8(text);
  std::size_t i = 0;
  for (std::size_t chars = 0; i < clean.size() && chars < max_chars; ++chars)
    i += utf8_sequence(clean, i);
  return clean.substr(0, i);
}

std::size_t utf8_length(std::string_view text) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++chars) {
    const std::size_t n = utf8_sequence(text, i);
    i += n == 0 ? 1 : n;
  }
  return chars;
}

}  // namespace riichi::io
