// Comparing rule sets field by field (Rules::fields), for the preset tests.
#pragma once

#include <cstddef>
#include <set>
#include <string>

#include "riichi/rules.hpp"

namespace riichi::testing {

// The keys (Rules::fields) whose values differ between two rule sets.
inline std::set<std::string> differing_keys(const Rules& a, const Rules& b) {
  std::set<std::string> out;
  const auto fa = a.fields();
  const auto fb = b.fields();
  for (std::size_t i = 0; i < fa.size(); ++i)
    if (fa[i].second != fb[i].second) out.insert(fa[i].first);
  return out;
}

}  // namespace riichi::testing
