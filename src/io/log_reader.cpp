#include "io/log_reader.hpp"

#include <fmt/core.h>
#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/json_text.hpp"
#include "io/mjai.hpp"
#include "io/plain_mjlog.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_rules.hpp"
#include "riichi/record.hpp"

namespace riichi::io {

namespace {

constexpr std::size_t kMaxInflated = 64u << 20;

std::string_view skip_space(std::string_view s) {
  std::size_t i = 0;
  if (s.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // UTF-8 byte order mark
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
  return s.substr(i);
}

std::string_view first_line(std::string_view s) {
  const std::size_t nl = s.find('\n');
  return nl == std::string_view::npos ? s : s.substr(0, nl);
}

// The games of a tenhou.net/6 text: one object (pretty-printed or on one line), or several, one
// per line (JSON lines, as `riichi export --to tenhou6` writes several games). Blank lines apart.
// (A game on one line ends it with its closing brace; a pretty-printed one opens with "{" alone.)
std::vector<std::string_view> tenhou6_games(std::string_view text) {
  const std::string_view s = skip_space(text);
  std::string_view line = first_line(s);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
    line.remove_suffix(1);
  if (line.size() == s.size() || line.size() < 2 || line.back() != '}') return {s};  // one game
  std::vector<std::string_view> games;
  for (std::string_view rest = s; !rest.empty();) {
    const std::string_view one = first_line(rest);
    rest.remove_prefix(std::min(rest.size(), one.size() + 1));
    if (!skip_space(one).empty()) games.push_back(one);
  }
  return games;
}

}  // namespace

const char* log_format_name(LogFormat format) {
  switch (format) {
    case LogFormat::kMjlog:
      return "mjlog";
    case LogFormat::kTenhou6:
      return "tenhou6";
    case LogFormat::kRecord:
      return "record";
    case LogFormat::kMjai:
      return "mjai";
  }
  return "?";
}

LogError::LogError(const std::string& file, const std::string& reason)
    : std::runtime_error(fmt::format("{}: {}", file, reason)) {}

bool is_gzip(std::string_view b) {
  return b.size() >= 2 && static_cast<unsigned char>(b[0]) == 0x1f &&
         static_cast<unsigned char>(b[1]) == 0x8b;
}

std::string gunzip(std::string_view bytes, const std::string& file) {
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) throw LogError(file, "gzip: cannot start");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  zs.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  char buf[1 << 15];
  int rc = Z_OK;
  while (rc == Z_OK) {
    zs.next_out = reinterpret_cast<Bytef*>(buf);
    zs.avail_out = sizeof buf;
    rc = inflate(&zs, Z_NO_FLUSH);
    out.append(buf, sizeof buf - zs.avail_out);
    if (out.size() > kMaxInflated) rc = Z_MEM_ERROR;
    if (rc == Z_BUF_ERROR && zs.avail_in == 0) break;  // input ended early
  }
  const std::size_t at = zs.total_in;
  inflateEnd(&zs);
  if (rc == Z_STREAM_END) return out;
  const char* why = rc == Z_MEM_ERROR ? "more than 64 MiB once inflated" : "corrupt or cut short";
  throw LogError(file, fmt::format("gzip data {} (at byte {})", why, at));
}

std::optional<LogFormat> detect_log_format(std::string_view text) {
  const std::string_view s = skip_space(text);
  if (s.empty()) return std::nullopt;
  if (s.front() == '<') {
    if (s.find("<mjloggm") != std::string_view::npos) return LogFormat::kMjlog;
    return std::nullopt;
  }
  if (s.front() != '{') return std::nullopt;
  // tenhou.net/6: one object with "log"; JSON lines: the first line is an object with "type".
  const std::string_view line = first_line(s);
  const nlohmann::json j = try_parse_json(line).value_or(nlohmann::json());
  if (j.is_object() && j.contains("type") && j["type"].is_string()) {
    const std::string type = j["type"].get<std::string>();
    if (type == "start_game") return LogFormat::kMjai;
    if (type == "header") return LogFormat::kRecord;
  }
  if (s.find("\"log\"") != std::string_view::npos) return LogFormat::kTenhou6;
  return LogFormat::kRecord;  // JSON lines: the record reader names the bad line
}

PlainGame LogGame::to_plain() const {
  if (tenhou) return plain_from_mjlog(*tenhou);
  const ReplayResult result = replay(record->record);
  if (result.divergence) {
    const Divergence& d = *result.divergence;
    const int line =
        d.action_index >= 0 && d.action_index < static_cast<int>(record->action_lines.size())
            ? record->action_lines[static_cast<std::size_t>(d.action_index)]
            : record->header_line;
    throw FormatError(fmt::format("{}: line {}", source, line), d.message());
  }
  return plain_from_engine(record->record, result.log);
}

std::vector<LogGame> parse_log(std::string_view bytes, const std::string& source,
                               const std::optional<Rules>& rules) {
  LogGame g;
  g.source = source;
  g.gzipped = is_gzip(bytes);
  std::string inflated;
  if (g.gzipped) {
    inflated = gunzip(bytes, source);
    bytes = inflated;
  }
  const std::optional<LogFormat> format = detect_log_format(bytes);
  if (!format)
    throw LogError(source, "not a game log (mjlog XML, tenhou.net/6 JSON, engine record or mjai)");
  g.format = *format;
  std::vector<LogGame> out;
  auto add_tenhou = [&](LogGame& one) {  // a Tenhou log's game, with the rules it says
    const Rules from_log = tenhou_rules(*one.tenhou);  // refuses what the engine does not play
    one.rules = rules ? *rules : from_log;
    out.push_back(std::move(one));
  };
  switch (g.format) {
    case LogFormat::kMjlog:
      g.tenhou = parse_mjlog(bytes, source);
      g.tenhou->log_id = std::filesystem::path(source).stem().string();
      break;
    case LogFormat::kTenhou6: {
      const std::vector<std::string_view> games = tenhou6_games(bytes);
      for (std::size_t i = 0; i < games.size(); ++i) {
        LogGame one = g;
        if (games.size() > 1) one.source = fmt::format("{}#{}", source, i + 1);
        try {
          one.tenhou = parse_tenhou6_game(games[i], one.source);
        } catch (const FormatError& e) {
          if (games.size() == 1) throw;
          throw FormatError(one.source, e.what());  // which game of the file
        }
        if (one.tenhou->log_id.empty())
          one.tenhou->log_id = std::filesystem::path(source).stem().string() +
                               (games.size() > 1 ? fmt::format("#{}", i + 1) : "");
        add_tenhou(one);
      }
      return out;
    }
    case LogFormat::kMjai:
      g.tenhou = mjlog_from_plain(parse_mjai(bytes), source);
      break;
    case LogFormat::kRecord: {
      std::istringstream in{std::string(bytes)};
      std::vector<RecordedGame> games = read_records(in);
      for (RecordedGame& r : games) {
        LogGame one = g;
        one.source = games.size() > 1 ? fmt::format("{}#{}", source, r.game_index + 1) : source;
        one.rules = rules ? *rules : r.record.rules;
        one.record = std::move(r);
        out.push_back(std::move(one));
      }
      return out;
    }
  }
  add_tenhou(g);
  return out;
}

std::vector<LogGame> read_log(const std::filesystem::path& path,
                              const std::optional<Rules>& rules) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LogError(path.string(), "cannot read the file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse_log(buf.str(), path.string(), rules);
}

}  // namespace riichi::io
