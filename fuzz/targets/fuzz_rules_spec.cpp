// The rules spec ("tenhou,red_fives=false"): Rules::try_parse never throws; a spec that parses
// writes back (full_rules_spec) to the same rules.
#include <cstdlib>

#include "fuzz_common.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riichi;
  std::string error;
  const std::optional<Rules> rules = Rules::try_parse(fuzz::as_text(data, size), &error);
  if (!rules) return 0;
  const std::optional<Rules> again = Rules::try_parse(full_rules_spec(*rules), &error);
  if (!again || full_rules_spec(*again) != full_rules_spec(*rules)) std::abort();
  return 0;
}
