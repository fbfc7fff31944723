// Any game log by content (io/log_reader.hpp, the reader of tenhou-check, export, the web import,
// the review and the datasets): mjlog XML plain or gzip, tenhou.net/6 JSON, records, mjai lines.
// Every game read is replayed through the engine (a Tenhou log) as the review does.
#include "fuzz_common.hpp"
#include "io/log_reader.hpp"
#include "io/tenhou_replay.hpp"
#include "io/tenhou_rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  std::vector<io::LogGame> games;
  try {
    games = io::parse_log(fuzz::as_text(data, size), "fuzz");
  } catch (const io::LogError&) {
    return 0;
  } catch (const io::MjlogError&) {
    return 0;
  } catch (const io::FormatError&) {
    return 0;
  } catch (const io::RecordError&) {
    return 0;
  } catch (const io::UnsupportedGame&) {
    return 0;
  }
  for (const io::LogGame& g : games)
    if (g.tenhou) (void)io::replay_mjlog(*g.tenhou, g.rules);
  return 0;
}
