// Placeholder until the scoring command lands (owned by the scoring work).
#include "commands.hpp"

namespace riichi::cli {
void add_score_command(CLI::App&) {}
}  // namespace riichi::cli
