// The mjlog format's codes and the parser on small cases (src/io/tenhou_mjlog_codes.cpp and
// tenhou_mjlog.cpp): meld bits decoded by hand, the yaku table against the real logs, the first
// round of a game, abortive draws, pao, kan dora timing, and errors with their positions. The
// replay of every real log and the fuzz run are in test_tenhou_mjlog.cpp.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "io/tenhou_mjlog.hpp"
#include "io/tenhou_rules.hpp"
#include "mjlog_test_files.hpp"

namespace riichi::io {
namespace {

using mjlog_test::LogFiles;
namespace fs = std::filesystem;

// Meld bits by hand (docs/tenhou-mjlog.md §3), from 2010081709gm-00a9-0000-fe3371ad.mjlog unless
// said otherwise:
//  * 46185 = 0b1011010001101001, after D120 (player 0), N who=3. Low bits: m & 3 = 1 (from the
//    next player: 0 is 3's shimocha); bit 2 clear, bit 3 set -> pon. m >> 9 = 90 = 30 * 3 + 0:
//    kind 30 (North), called index 0; (m >> 5) & 3 = 3: copy 3 is left out -> tiles 120 121 122,
//    called = the first of them = 120, the discard.
//  * 54431 = 0b1101010010011111, after F93 (player 2), N who=3. m & 3 = 3 (the previous player);
//    bit 2 set -> chi. m >> 10 = 53 = 17 * 3 + 2: run start 17 = suit 2 (souzu) * 7 + 3, i.e.
//    4s (kind 21), called index 2. Copies: (m >> 3) & 3 = 3, (m >> 5) & 3 = 0, (m >> 7) & 3 = 1
//    -> 4s copy 3 = 87, 5s copy 0 = 88 (the red five), 6s copy 1 = 93; called = 93.
//  * 16947 = 0x4233, N who=1 then AGARI machi=45 (chankan, yaku id 3). m & 3 = 3; bit 4 set ->
//    kakan. m >> 9 = 33 = 11 * 3 + 0: kind 11 (3p), called index 0; (m >> 5) & 3 = 1: copy 1
//    (id 45) is the added tile; the pon was 44 46 47, 44 called. Its pon is 16939 = 16947 - 8.
//  * 27139 = 0x6A03 (2011020415...e037b629), after F106, N who=3: bits 2..5 clear -> kan;
//    m & 3 = 3 -> daiminkan from player 2; m >> 8 = 0x6A = 106 = the called tile, kind 26 (9s).
//  * 31744 = 0x7C00 (2011020414...ef18f336), after T124, N who=0: m & 3 = 0 -> ankan;
//    m >> 8 = 124: kind 31 (White), tiles 124..127.
TEST(MjlogMeld, HandDecodedExamples) {
  MjlogMeld pon = decode_meld(46185);
  EXPECT_EQ(pon.type, MeldType::kPon);
  EXPECT_EQ(pon.size(), 3);
  EXPECT_EQ(pon.from, 1);
  EXPECT_EQ(pon.called, 120);
  EXPECT_EQ((std::array<int, 3>{pon.tiles[0], pon.tiles[1], pon.tiles[2]}),
            (std::array<int, 3>{120, 121, 122}));

  MjlogMeld chi = decode_meld(54431);
  EXPECT_EQ(chi.type, MeldType::kChi);
  EXPECT_EQ(chi.from, 3);
  EXPECT_EQ(chi.called, 93);
  EXPECT_EQ((std::array<int, 3>{chi.tiles[0], chi.tiles[1], chi.tiles[2]}),
            (std::array<int, 3>{87, 88, 93}));

  MjlogMeld kakan = decode_meld(16947);
  EXPECT_EQ(kakan.type, MeldType::kKakan);
  EXPECT_EQ(kakan.size(), 4);
  EXPECT_EQ(kakan.from, 3);
  EXPECT_EQ(kakan.called, 44);
  EXPECT_EQ(kakan.added, 45);
  EXPECT_EQ(kakan.tiles, (std::array<int, 4>{44, 45, 46, 47}));
  MjlogMeld its_pon = decode_meld(16939);
  EXPECT_EQ(its_pon.type, MeldType::kPon);
  EXPECT_EQ(its_pon.called, 44);
  EXPECT_EQ((std::array<int, 3>{its_pon.tiles[0], its_pon.tiles[1], its_pon.tiles[2]}),
            (std::array<int, 3>{44, 46, 47}));

  MjlogMeld daiminkan = decode_meld(27139);
  EXPECT_EQ(daiminkan.type, MeldType::kDaiminkan);
  EXPECT_EQ(daiminkan.from, 3);
  EXPECT_EQ(daiminkan.called, 106);
  EXPECT_EQ(daiminkan.tiles, (std::array<int, 4>{104, 105, 106, 107}));

  MjlogMeld ankan = decode_meld(31744);
  EXPECT_EQ(ankan.type, MeldType::kAnkan);
  EXPECT_EQ(ankan.from, 0);
  EXPECT_EQ(ankan.called, -1);
  EXPECT_EQ(ankan.tiles, (std::array<int, 4>{124, 125, 126, 127}));

  // As the engine's melds: a chi's called tile first; the red five keeps its flag.
  EXPECT_EQ(format_meld(to_meld(chi, true)), format_meld(parse_melds("c640s").at(0)));
  EXPECT_EQ(format_meld(to_meld(chi, false)), format_meld(parse_melds("c645s").at(0)));
  EXPECT_EQ(format_meld(to_meld(pon, true)), format_meld(parse_melds("p444z").at(0)));
  EXPECT_EQ(format_meld(to_meld(kakan, true)), format_meld(parse_melds("k3333p").at(0)));
  EXPECT_EQ(format_meld(to_meld(ankan, true)), format_meld(parse_melds("a5555z").at(0)));

  EXPECT_THROW(decode_meld(0x20 | (120 << 8)), std::invalid_argument);  // kita (3-player)
  EXPECT_THROW(decode_meld(136 << 8 | 1), std::invalid_argument);       // no tile 136
  EXPECT_THROW(decode_meld(70000), std::invalid_argument);
  EXPECT_THROW(decode_meld((21 * 3) << 10 | 0x4 | 3), std::invalid_argument);  // no such run
}

// Every meld code in the files decodes; every chi is a run of one suit; all distinct tiles.
TEST(MjlogMeld, EveryCodeInTheFilesDecodes) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  std::map<MeldType, int> by_type;
  for (const fs::path& f : files) {
    for (const MjlogRound& r : read_mjlog(f).rounds) {
      for (const MjlogEvent& ev : r.events) {
        if (ev.type != MjlogEventType::kCall) continue;
        const MjlogMeld& m = ev.meld;
        ++by_type[m.type];
        for (int i = 1; i < m.size(); ++i) EXPECT_LT(m.tiles[i - 1], m.tiles[i]) << m.code;
        if (m.type == MeldType::kChi) {
          EXPECT_EQ(m.tiles[0] / 4 / 9, m.tiles[2] / 4 / 9);
          EXPECT_EQ(m.tiles[2] / 4 - m.tiles[0] / 4, 2);
        } else {
          EXPECT_EQ(m.tiles[0] / 4, m.tiles[m.size() - 1] / 4);
        }
      }
    }
  }
  EXPECT_GT(by_type[MeldType::kChi], 0);
  EXPECT_GT(by_type[MeldType::kPon], 0);
  EXPECT_GT(by_type[MeldType::kKakan], 0);
  EXPECT_GT(by_type[MeldType::kDaiminkan], 0);
  EXPECT_GT(by_type[MeldType::kAnkan], 0);
  std::printf("[ mjlog ] calls: %d chi, %d pon, %d kakan, %d daiminkan, %d ankan\n",
              by_type[MeldType::kChi], by_type[MeldType::kPon], by_type[MeldType::kKakan],
              by_type[MeldType::kDaiminkan], by_type[MeldType::kAnkan]);
}

// The yaku table against the logs: each yaku's han is its closed value on a closed hand and its
// open value on an open hand; dora counters add up; limits match the han.
TEST(MjlogYaku, TableAgreesWithTheLogs) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  std::set<int> ids_seen;
  for (const fs::path& f : files) {
    for (const MjlogRound& r : read_mjlog(f).rounds) {
      for (const MjlogAgari& a : r.agari) {
        SCOPED_TRACE(f.filename().string() + " element " + std::to_string(a.element));
        const bool open = std::any_of(a.melds.begin(), a.melds.end(), [](const MjlogMeld& m) {
          return m.type != MeldType::kAnkan;
        });
        int han = a.dora + a.ura + a.aka;
        for (const MjlogYaku& y : a.yaku) {
          const MjlogYakuInfo* info = mjlog_yaku(y.id);
          ASSERT_NE(info, nullptr);
          EXPECT_EQ(y.name, info->name);
          EXPECT_EQ(y.han, open ? info->open_han : info->closed_han) << y.name;
          han += y.han;
          ids_seen.insert(y.id);
        }
        EXPECT_EQ(a.han, han);
        if (!a.yakuman.empty()) {
          EXPECT_EQ(a.limit, 5);
          EXPECT_TRUE(a.yaku.empty());
        } else if (han >= 13) {
          EXPECT_EQ(a.limit, 5);  // kazoe yakuman
        } else if (han >= 6) {
          EXPECT_EQ(a.limit, han >= 11 ? 4 : han >= 8 ? 3 : 2);
        } else {
          EXPECT_LE(a.limit, 1);
        }
        if (a.tsumo && a.yakuman.empty()) {
          EXPECT_EQ(open, std::none_of(a.yaku.begin(), a.yaku.end(),
                                       [](const MjlogYaku& y) { return y.id == 0; }));
        }
      }
    }
  }
  // Spot checks of ids seen in the files: tsumo, riichi, ippatsu, chankan, pinfu, tanyao.
  for (int id : {0, 1, 2, 3, 7, 8}) EXPECT_TRUE(ids_seen.count(id)) << id;
  EXPECT_EQ(mjlog_yaku(41)->name, "suu_ankou_tanki");
  EXPECT_EQ(mjlog_yaku(54)->name, "aka");
  EXPECT_EQ(mjlog_yaku(55), nullptr);
}

TEST(MjlogParse, FirstRoundOfAGame) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  const MjlogGame g =
      read_mjlog(fs::path(RIICHI_MJLOG_DIR) / "2010081709gm-00a9-0000-fe3371ad.mjlog");
  EXPECT_EQ(g.version, "2.3");
  EXPECT_EQ(g.names[1], "ASAPIN");  // %41%53%41%50%49%4E
  EXPECT_EQ(g.names[0], "\xE5\x8F\x8D\xE9\x99\xBD\xE5\xAD\x90\xE3\x81\x95\xE3\x82\x93");
  EXPECT_EQ(g.dan, (std::array<int, 4>{16, 17, 17, 17}));
  EXPECT_EQ(g.rate[0], 2121);
  EXPECT_EQ(g.sex[3], "F");
  EXPECT_EQ(g.first_dealer, 0);
  EXPECT_FALSE(g.shuffle.empty());
  const MjlogRound& r = g.rounds.at(0);
  EXPECT_EQ(r.round, 0);
  EXPECT_EQ(r.dice, (std::array<int, 2>{3, 3}));
  EXPECT_EQ(r.dora_indicator, 20);
  EXPECT_EQ(r.scores, (std::array<int, 4>{25000, 25000, 25000, 25000}));
  EXPECT_EQ(r.hands[0].front(), 34);
  // <T77/><D120/><N who="3" m="46185" /><G135/><T86/><D69/><U74/><E74/>
  ASSERT_GE(r.events.size(), 8u);
  EXPECT_EQ(r.events[0].type, MjlogEventType::kDraw);
  EXPECT_EQ(r.events[0].tile, 77);
  EXPECT_EQ(r.events[1].type, MjlogEventType::kDiscard);
  EXPECT_FALSE(r.events[1].tsumogiri);
  EXPECT_EQ(r.events[2].type, MjlogEventType::kCall);
  EXPECT_EQ(r.events[2].who, 3);
  EXPECT_FALSE(r.events[3].tsumogiri);  // after a call nothing was drawn
  EXPECT_TRUE(r.events[7].tsumogiri);   // U74 E74
  ASSERT_EQ(r.agari.size(), 1u);
  const MjlogAgari& a = r.agari[0];
  // <AGARI ba="0,1" ... machi="21" ten="30,7700,0" yaku="11,1,34,2,52,1" who="1" fromWho="2"
  //  sc="250,0,250,87,240,-77,250,0" />
  EXPECT_EQ(a.who, 1);
  EXPECT_EQ(a.from_who, 2);
  EXPECT_FALSE(a.tsumo);
  EXPECT_EQ(a.melds.size(), 3u);
  EXPECT_EQ(a.win_tile, 21);
  EXPECT_EQ(a.fu, 30);
  EXPECT_EQ(a.points, 7700);
  EXPECT_EQ(a.limit, 0);
  ASSERT_EQ(a.yaku.size(), 2u);
  EXPECT_EQ(a.yaku[0].name, "yakuhai_seat_wind");
  EXPECT_EQ(a.yaku[1].name, "honitsu");
  EXPECT_EQ(a.yaku[1].han, 2);
  EXPECT_EQ(a.dora, 1);
  EXPECT_EQ(a.han, 4);
  EXPECT_EQ(a.sticks, 1);
  EXPECT_EQ(a.deltas, (std::array<int, 4>{0, 8700, -7700, 0}));
  EXPECT_EQ(a.scores[2], 24000);
  EXPECT_EQ(g.final_scores, (std::array<int, 4>{20100, 35800, 5200, 38900}));
  EXPECT_DOUBLE_EQ(g.final_results[3], 49.0);
}

TEST(MjlogParse, AbortiveDrawsPaoAndDisconnections) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  std::map<std::string, int> draw_types;
  int pao = 0, byes = 0, reconnects = 0, yakuman = 0, double_rons = 0;
  for (const fs::path& f : files) {
    const MjlogGame g = read_mjlog(f);
    for (const MjlogRound& r : g.rounds) {
      if (r.draw) ++draw_types[std::string(draw_type_name(r.draw->type))];
      double_rons += r.agari.size() == 2;
      for (const MjlogAgari& a : r.agari) {
        pao += a.pao >= 0;
        yakuman += !a.yakuman.empty();
        if (a.pao >= 0) {
          EXPECT_EQ(a.yakuman.at(0).name, "daisangen");
          EXPECT_LT(a.deltas[a.pao], 0);
        }
      }
      for (const MjlogEvent& ev : r.events) {
        byes += ev.type == MjlogEventType::kBye;
        reconnects += ev.type == MjlogEventType::kReconnect;
      }
    }
  }
  EXPECT_EQ(draw_types["yao9"], 6);
  EXPECT_EQ(draw_types["reach4"], 1);
  EXPECT_EQ(draw_types["kan4"], 1);
  EXPECT_EQ(draw_types["kaze4"], 1);
  EXPECT_EQ(draw_types["nm"], 1);
  EXPECT_EQ(draw_types["exhaustive"], 70);
  EXPECT_EQ(pao, 2);
  EXPECT_EQ(double_rons, 6);
  EXPECT_EQ(yakuman, 4);
  EXPECT_EQ(byes, 2);
  EXPECT_EQ(reconnects, 1);
}

// When the logs write a kan's new indicator (docs/tenhou-mjlog.md §2): after an ankan at once;
// after a daiminkan or kakan once the replacement tile is drawn, or at the next kan declared
// before the discard. A win right after the kan (rinshan, chankan) comes without it.
TEST(MjlogParse, KanDoraTiming) {
  const auto files = LogFiles();
  SKIP_WITHOUT_LOGS(files);
  int kans = 0;
  for (const fs::path& f : files) {
    for (const MjlogRound& r : read_mjlog(f).rounds) {
      const auto& ev = r.events;
      for (std::size_t i = 0; i < ev.size(); ++i) {
        if (ev[i].type != MjlogEventType::kCall || !(ev[i].meld.size() == 4)) continue;
        ++kans;
        SCOPED_TRACE(f.filename().string() + " element " + std::to_string(ev[i].element));
        const std::size_t next = i + 1;
        if (next == ev.size()) continue;  // chankan: the round ends with AGARI
        if (ev[i].meld.type == MeldType::kAnkan) {
          EXPECT_EQ(ev[next].type, MjlogEventType::kDora);
          continue;
        }
        if (ev[next].type == MjlogEventType::kDora) {
          // The indicator of an earlier kan, revealed at this one: then this kan's own follows.
          ASSERT_GE(i, 2u);
          EXPECT_EQ(ev[i - 1].type, MjlogEventType::kDraw);
          EXPECT_EQ(ev[i - 2].type, MjlogEventType::kCall);
          continue;
        }
        EXPECT_EQ(ev[next].type, MjlogEventType::kDraw);  // the replacement tile
        EXPECT_EQ(ev[next].who, ev[i].who);
        if (next + 1 == ev.size()) continue;  // rinshan kaihou
        EXPECT_TRUE(ev[next + 1].type == MjlogEventType::kDora ||
                    ev[next + 1].type == MjlogEventType::kCall);
      }
    }
  }
  EXPECT_EQ(kans, 21 + 5 + 19);
}

// Errors ---------------------------------------------------------------------------------------

const char* kHeader =
    "<mjloggm ver=\"2.3\"><GO type=\"169\"/><UN n0=\"a\" n1=\"b\" n2=\"c\" n3=\"d\"/>"
    "<TAIKYOKU oya=\"0\"/>";
const char* kInit =
    "<INIT seed=\"0,0,0,3,3,20\" ten=\"250,250,250,250\" oya=\"0\" "
    "hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" hai1=\"13,14,15,16,17,18,19,21,22,23,24,25,26\" "
    "hai2=\"27,28,29,30,31,32,33,34,35,36,37,38,39\" "
    "hai3=\"40,41,42,43,44,45,46,47,48,49,50,51,52\"/>";

MjlogError ErrorOf(const std::string& xml) {
  try {
    parse_mjlog(xml, "test.mjlog");
  } catch (const MjlogError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << xml;
  return MjlogError("", "", -1, -1, "");
}

TEST(MjlogErrors, NameTheFileTheElementAndItsPosition) {
  std::string xml = std::string(kHeader) + kInit + "<T60/><X12/></mjloggm>";
  MjlogError e = ErrorOf(xml);
  EXPECT_EQ(e.file(), "test.mjlog");
  EXPECT_EQ(e.element(), "X12");
  EXPECT_EQ(e.index(), 5);
  EXPECT_EQ(e.offset(), static_cast<std::ptrdiff_t>(xml.find("<X12")));
  EXPECT_NE(std::string(e.what()).find("unknown element"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("test.mjlog"), std::string::npos);

  e = ErrorOf(std::string(kHeader) + kInit + "<N who=\"7\" m=\"1\"/></mjloggm>");
  EXPECT_EQ(e.element(), "N");
  EXPECT_NE(e.reason().find("who"), std::string::npos) << e.what();
  e = ErrorOf(std::string(kHeader) + kInit + "<N who=\"1\" m=\"12x\"/></mjloggm>");
  EXPECT_NE(e.reason().find("m=\"12x\""), std::string::npos) << e.what();
  e = ErrorOf(std::string(kHeader) + kInit + "<T999/></mjloggm>");
  EXPECT_EQ(e.element(), "T999");
  e = ErrorOf(std::string(kHeader) + kInit + "<REACH who=\"1\"/></mjloggm>");
  EXPECT_NE(e.reason().find("missing attribute step"), std::string::npos) << e.what();
  e = ErrorOf(std::string(kHeader) + "<T12/></mjloggm>");
  EXPECT_NE(e.reason().find("outside a round"), std::string::npos) << e.what();
  e = ErrorOf(std::string(kHeader) + kInit + "<T60/><D60/ <D61/></mjloggm>");
  EXPECT_EQ(e.element(), "xml");
  EXPECT_GT(e.offset(), 0);
  e = ErrorOf("<other/>");
  EXPECT_NE(e.reason().find("mjloggm"), std::string::npos);
  e = ErrorOf("");
  EXPECT_EQ(e.element(), "xml");
  e = ErrorOf(std::string("\x1f\x8b\x08\x00", 4));
  EXPECT_NE(e.reason().find("gzip"), std::string::npos);
  e = ErrorOf(std::string(kHeader) + kInit +
              "<AGARI who=\"0\" fromWho=\"0\" hai=\"0\" machi=\"0\" ten=\"30,1000,0\" "
              "yaku=\"60,1\" doraHai=\"20\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\"/>"
              "</mjloggm>");
  EXPECT_NE(e.reason().find("unknown yaku id"), std::string::npos) << e.what();
}

TEST(MjlogErrors, ThreePlayerLobbyAndKita) {
  // 0xB9 = 0xA9 | 0x10: a three-player Phoenix game (issue 20: read, played as tenhou_sanma).
  const MjlogGame g = parse_mjlog("<mjloggm ver=\"2.3\"><GO type=\"185\"/></mjloggm>");
  EXPECT_TRUE(g.type.three_player);
  // A kita is m = id << 8 | 0x20 (2020010100gm-00b9-0000-18a1410f: m="31264" = North id 122);
  // a pon with bit 5 set is a pon (m="49705").
  EXPECT_TRUE(is_kita_code(31264));
  EXPECT_EQ(31264 >> 8, 122);
  EXPECT_FALSE(is_kita_code(49705));
  EXPECT_EQ(decode_meld(49705).type, MeldType::kPon);
  // A kita in a four-player game, or of a tile that is no North, is an error naming the element.
  EXPECT_THROW(parse_mjlog("<mjloggm ver=\"2.3\"><GO type=\"169\"/><N who=\"0\" m=\"31264\"/>"
                           "</mjloggm>"),
               MjlogError);
  EXPECT_EQ(decode_game_type(185).label(), "三鳳南喰赤");
  EXPECT_EQ(decode_game_type(0x41 | 0x02 | 0x04).label(), "四般東速");
  EXPECT_EQ(decode_game_type(0x89).lobby, MjlogLobby::kJoukyuu);
  EXPECT_EQ(decode_game_type(0x29).lobby, MjlogLobby::kTokujou);
}

TEST(MjlogParse, TruncatedXmlKeepsTheCompleteElements) {
  const std::string text = std::string(kHeader) + kInit + "<T60/><D60/><U53/><E5";
  MjlogGame g = parse_mjlog(text, "cut.mjlog");
  EXPECT_TRUE(g.truncated);
  EXPECT_EQ(g.truncation, "xml cut");
  ASSERT_EQ(g.rounds.size(), 1u);
  EXPECT_EQ(g.rounds[0].events.size(), 3u);
  EXPECT_TRUE(g.rounds[0].events[1].tsumogiri);
  // Cut inside an attribute of INIT: no round survives, still a result.
  g = parse_mjlog(std::string(kHeader) + "<INIT seed=\"0,0", "cut.mjlog");
  EXPECT_TRUE(g.truncated);
  EXPECT_TRUE(g.rounds.empty());
}

TEST(MjlogParse, UrlDecode) {
  EXPECT_EQ(url_decode("%41%53a"), "ASa");
  EXPECT_EQ(url_decode("plain"), "plain");
  EXPECT_THROW(url_decode("%4"), std::invalid_argument);
  EXPECT_THROW(url_decode("%G1"), std::invalid_argument);
  EXPECT_THROW(url_decode("abc%"), std::invalid_argument);
}

}  // namespace
}  // namespace riichi::io
