// The score vector notation (RULES.md §1.3, `riichi score`): parse, score under each preset, and
// the JSON of the result or of the parse error (invalid UTF-8 included).
#include "fuzz_common.hpp"
#include "io/json_text.hpp"
#include "io/score_json.hpp"
#include "riichi/score.hpp"
#include "riichi/vector.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  const std::string text(fuzz::as_text(data, size));
  WinVector v;
  try {
    v = parse_win_vector(text);
  } catch (const ParseError& e) {
    (void)io::dump_json(io::parse_error_to_json(e, text));
    return 0;
  }
  for (const Rules& rules : {Rules::ema2016(), Rules::ema2008(), Rules::tenhou()}) {
    const ScoreResult r = score(v.hand, v.win, v.context, rules);
    (void)io::dump_json(io::score_to_json(r, v));
  }
  return 0;
}
