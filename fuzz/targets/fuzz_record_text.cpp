// The compact record text ("riichi/1 <rules> <seed> <action>..."), as the web server stores
// games: parse, replay, write back.
#include "fuzz_common.hpp"
#include "riichi/record.hpp"
#include "riichi/record_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  GameRecord record;
  try {
    record = record_from_text(fuzz::as_text(data, size));
  } catch (const std::invalid_argument&) {
    return 0;
  }
  (void)to_text(record);
  (void)replay(record);
  return 0;
}
