// Seat winds with three players in the exchange formats (issue 20): East, South, West over three
// seats, so the seat before the dealer is West (with four it would be North). Checked on the 100
// real Tenhou sanma logs: every seat-wind yakuhai that Tenhou wrote (yaku ids 10-13) must come
// back the same when the game is written again as mjlog and as tenhou.net/6.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "io/plain_game.hpp"
#include "io/plain_mjlog.hpp"
#include "io/tenhou6.hpp"
#include "io/tenhou_mjlog.hpp"

namespace riichi::io {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSeatWindJa[4] = {"自風 東", "自風 南", "自風 西", "自風 北"};

// The seat-wind yaku of a win (10 + wind), or -1.
int seat_wind_yaku(const MjlogAgari& a) {
  for (const MjlogYaku& y : a.yaku)
    if (y.id >= 10 && y.id <= 13) return y.id;
  return -1;
}

TEST(SanmaSeatWinds, RealSeatWindYakuSurviveExport) {
  const fs::path dir = fs::path(RIICHI_SHARED_DATA_DIR) / "tenhou-sanma";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) GTEST_SKIP() << "no sanma logs in " << dir;
  int checked = 0, before_dealer = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const MjlogGame original = read_mjlog(entry.path());
    const PlainGame plain = plain_from_mjlog(original);
    ASSERT_EQ(plain.players, 3) << entry.path();
    const MjlogGame again = mjlog_from_plain(plain, entry.path().string());
    const std::string t6 = to_tenhou6_text(plain);
    EXPECT_EQ(t6.find("自風 北"), std::string::npos) << entry.path() << ": no seat is North";
    ASSERT_EQ(again.rounds.size(), original.rounds.size()) << entry.path();
    for (std::size_t r = 0; r < original.rounds.size(); ++r) {
      const MjlogRound& o = original.rounds[r];
      for (std::size_t w = 0; w < o.agari.size(); ++w) {
        const int id = seat_wind_yaku(o.agari[w]);
        if (id < 0) continue;
        const int wind = (o.agari[w].who - o.dealer + 3) % 3;        // three seats: E, S, W
        EXPECT_EQ(id, 10 + wind) << entry.path() << " round " << r;  // Tenhou agrees
        EXPECT_EQ(seat_wind_yaku(again.rounds[r].agari[w]), id) << entry.path() << " round " << r;
        EXPECT_NE(t6.find(kSeatWindJa[id - 10]), std::string::npos) << entry.path();
        ++checked;
        before_dealer += o.agari[w].who < o.dealer;  // where 4 seats would say North
      }
    }
  }
  EXPECT_GT(checked, 0);
  EXPECT_GT(before_dealer, 0) << "no case where three and four seats give different winds";
}

}  // namespace
}  // namespace riichi::io
