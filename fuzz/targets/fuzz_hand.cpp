// Hand notation (RULES.md §1.3): parse_hand and parse_tiles, then the analysis of a hand that
// parses (shanten, waits, discard table).
#include "fuzz_common.hpp"
#include "riichi/analysis.hpp"
#include "riichi/hand.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    (void)parse_tiles(text);
  } catch (const ParseError&) {
  }
  Hand hand;
  try {
    hand = parse_hand(text);
  } catch (const ParseError&) {
    return 0;
  }
  (void)format_hand(hand);
  try {
    (void)analyze(hand);
  } catch (const std::invalid_argument&) {  // documented: a tile count analysis cannot take
  }
  return 0;
}
