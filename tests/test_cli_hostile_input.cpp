// The CLI never aborts on hostile input (issue 21): invalid UTF-8 in a score vector, a hand, a
// Tenhou log's player name; each is exit 2 with a message naming the place.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_run.hpp"
#include "io/json_text.hpp"

namespace riichi {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(CliHostileInput, InvalidUtf8InAScoreVectorOrAHandIsExit2) {
  const std::string vector = write_temp("bad_vector.txt",
                                        "closed=\xff\xfe"
                                        "123m win=1m");
  // The JSON error output names the position and stays valid UTF-8 (it used to abort, 134).
  const testing::CliRun json = testing::run_cli("score --json \"$(cat '" + vector + "')\"", false);
  EXPECT_EQ(json.status, 2) << json.out;
  const std::optional<nlohmann::json> j = io::try_parse_json(json.out);
  ASSERT_TRUE(j) << json.out;
  EXPECT_EQ((*j)["ok"], false);
  EXPECT_EQ((*j)["column"], 8);
  const testing::CliRun text = testing::run_cli("score \"$(cat '" + vector + "')\"");
  EXPECT_EQ(text.status, 2);
  EXPECT_NE(text.out.find("error: position 8"), std::string::npos) << text.out;
  const std::string hand = write_temp("bad_hand.txt", "123m\xe3\x81");
  EXPECT_EQ(testing::run_cli("analyze \"$(cat '" + hand + "')\"").status, 2);
  EXPECT_EQ(testing::run_cli("analyze --json \"$(cat '" + hand + "')\"").status, 2);
}

TEST(CliHostileInput, AnMjlogNameThatIsNotUtf8IsExit2NamingTheAttribute) {
  const std::string log = write_temp(
      "bad_name.mjlog",
      R"(<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,x" ref=""/>)"
      R"(<GO type="169" lobby="0"/><UN n0="%FF%FE" n1="%41" n2="%42" n3="%43" dan="0,0,0,0" )"
      R"(rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/></mjloggm>)");
  for (const std::string cmd : {"tenhou-check", "export --to mjai", "export --to tenhou6"}) {
    const testing::CliRun run = testing::run_cli(cmd + " '" + log + "'");
    EXPECT_EQ(run.status, 2) << cmd << ": " << run.out;
    EXPECT_NE(run.out.find(R"(attribute n0="%FF%FE": not valid UTF-8 once decoded)"),
              std::string::npos)
        << cmd << ": " << run.out;
  }
}

}  // namespace
}  // namespace riichi
