// Reading any game log by its content (docs/tenhou-mjlog.md §9): the one entry point for every
// reader (tenhou-check, export, the web import, later the game review and the Python datasets).
// Formats, found by content and never by the file's extension:
//   * Tenhou mjlog XML, plain or gzip-compressed (as tenhou.net serves .mjlog files);
//   * tenhou.net/6 JSON (Tenhou's viewer format; Mahjong Soul games exported in it too);
//   * the engine's JSON-lines records (docs/record-format.md);
//   * mjai JSON lines.
// Tenhou logs (mjlog, tenhou.net/6, mjai) come as MjlogGame with physical tile ids and the rules
// the log says (io/tenhou_rules.hpp); engine records carry their own rules.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "io/plain_game.hpp"
#include "io/record_json.hpp"
#include "io/tenhou_mjlog.hpp"
#include "riichi/rules.hpp"

namespace riichi::io {

enum class LogFormat : std::uint8_t { kMjlog, kTenhou6, kRecord, kMjai };
const char* log_format_name(LogFormat format);  // "mjlog", "tenhou6", "record", "mjai"

// A file that is no game log, or gzip data that does not inflate. Format errors inside a log
// are the format's own (MjlogError, FormatError, RecordError); a lobby the engine does not
// play is UnsupportedGame (io/tenhou_rules.hpp).
class LogError : public std::runtime_error {
 public:
  LogError(const std::string& file, const std::string& reason);
};

// The format of `text` (already inflated), or nullopt when it is none of them.
std::optional<LogFormat> detect_log_format(std::string_view text);
bool is_gzip(std::string_view bytes);
// Inflates gzip data (at most 64 MiB out). Throws LogError naming `file` and the byte.
std::string gunzip(std::string_view bytes, const std::string& file);

struct LogGame {
  std::string source;  // the file, with "#N" for the Nth game of a file holding several
  LogFormat format = LogFormat::kMjlog;
  bool gzipped = false;
  std::optional<MjlogGame> tenhou;     // kMjlog, kTenhou6, kMjai: the game with tile ids
  std::optional<RecordedGame> record;  // kRecord
  Rules rules;                         // as the log says, or the override
  // The game as a PlainGame (an engine record is replayed: throws FormatError naming the line
  // where the replay diverges).
  PlainGame to_plain() const;
};

// Every game of `bytes` (a file's content). `rules` overrides the rules the log says (a lobby
// the engine does not play is still refused). Throws as above.
std::vector<LogGame> parse_log(std::string_view bytes, const std::string& source,
                               const std::optional<Rules>& rules = std::nullopt);
std::vector<LogGame> read_log(const std::filesystem::path& path,
                              const std::optional<Rules>& rules = std::nullopt);

}  // namespace riichi::io
