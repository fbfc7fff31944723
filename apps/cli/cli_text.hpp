// Small text helpers shared by the commands' printed reports.
#pragma once

#include <fmt/core.h>

#include <cstddef>
#include <string>

namespace riichi::cli {

// Seat and round winds by index (0 = East).
inline constexpr const char* kWindNames[] = {"East", "South", "West", "North"};

// A probability as a percentage with one decimal ("12.5%").
inline std::string pct(double p) { return fmt::format("{:.1f}%", 100 * p); }

// An int index into a std::array / std::vector without a sign-conversion warning.
constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace riichi::cli
