// Rules: one plain options struct holding every preset difference (RULES.md §9, §10, §11).
//
// A preset is a named value of this struct; `parse("ema2016,open_tanyao=false")` starts from a
// preset and applies key=value overrides. Each field is read in exactly one place: where the
// rule it governs lives (yaku.cpp, fu.cpp, score.cpp, and later the table).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace riichi {

enum class RenhouValue : std::uint8_t { kNone, kMangan, kYakuman };
enum class DoubleRiichiStyle : std::uint8_t {
  kPlusOne,  // EMA: riichi 1 + double riichi 1
  kTwoHan,   // Tenhou: double riichi 2, replacing riichi
};
enum class PaoHonba : std::uint8_t {
  kDiscarder,  // EMA: on a ron by a third player's discard, the discarder pays the counters
  kLiable,     // Tenhou: the liable player pays the counters
};
enum class NagashiMangan : std::uint8_t {
  kNone,  // EMA 2016
  kWin,   // EMA 2008: closed hand only, counts as a win
  kDraw,  // Tenhou: own calls allowed, a draw settlement
};

struct Rules {
  std::string name = "ema2016";  // the preset it started from (informational)

  // --- tiles and dora
  bool red_fives = false;  // one red five per suit, +1 han each

  // --- yaku
  bool open_tanyao = true;  // kuitan
  RenhouValue renhou = RenhouValue::kMangan;
  DoubleRiichiStyle double_riichi = DoubleRiichiStyle::kPlusOne;
  bool tsuuiisou_seven_pairs = true;   // SA-3 / OQ-9
  bool ryuuiisou_needs_hatsu = false;  // SA-8
  NagashiMangan nagashi_mangan = NagashiMangan::kNone;

  // --- limits
  bool kazoe_yakuman = false;     // 13+ han = yakuman (else 11+ = sanbaiman)
  bool double_yakuman = false;    // daisuushii, 13-wait kokushi, 9-wait chuuren, tanki suuankou
  bool yakuman_stacking = false;  // different yakuman add up

  // --- fu
  int double_wind_pair_fu = 4;  // a pair that is both seat and round wind: 4 (or 2, SA-5)

  // --- win conditions
  int ryanhan_shibari_honba = 0;   // with >= this many counters a win needs 2 han of yaku; 0 = off
  bool kokushi_robs_ankan = true;  // kokushi may ron an ankan tile

  // --- pao (liability)
  PaoHonba pao_honba = PaoHonba::kDiscarder;
  bool pao_counts_ankan = true;  // OQ-6: an ankan counts as a declared dragon/wind set

  static Rules ema2016();
  static Rules ema2008();
  static Rules tenhou();

  // Preset names accepted by parse: "ema2016", "ema2008", "tenhou".
  static std::vector<std::string> preset_names();
  // Every key accepted in an override, with its current value as text.
  std::vector<std::pair<std::string, std::string>> fields() const;

  // "PRESET[,key=value...]" or "key=value,..." (starting from ema2016). Throws
  // std::invalid_argument listing what is accepted when a name, key or value is unknown.
  static Rules parse(std::string_view spec);
  static std::optional<Rules> try_parse(std::string_view spec, std::string* error = nullptr);
};

}  // namespace riichi
