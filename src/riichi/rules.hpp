// Rules: one plain options struct holding every preset difference (RULES.md §9, §10, §11).
//
// A preset is a named value of this struct; `parse("ema2016,open_tanyao=false")` starts from a
// preset and applies key=value overrides. Each field is read in exactly one place: where the
// rule it governs lives (yaku.cpp, fu.cpp, score.cpp, and later the table).
#pragma once

#include <array>
#include <cstdint>
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

enum class MultiRonSticks : std::uint8_t {
  kAfterDiscarder,     // riichi winners keep their own; the rest to the first winner after the
                       // discarder (EMA, RULES.md §5.2)
  kAfterRiichiPlayer,  // SA-1 book reading: a loser's stick to the first winner after him
  kAllToClosest,       // Tenhou: every stick to the winner closest to the discarder
};
enum class TemporaryFuritenEnd : std::uint8_t {
  kOwnDrawOrClaim,    // EMA 2016: the player's next draw or claim
  kOwnDrawOrAnyCall,  // EMA 2008: the player's next draw, or any chi/pon/kan by anyone
  kOwnDiscard,        // Tenhou: the player's next discard
};
enum class KanAfterRiichi : std::uint8_t {
  kWaitsAndPungOnly,  // EMA: drawn tile, waits unchanged, the three tiles a pung in every reading
  kWaitsUnchanged,    // Tenhou: drawn tile, waits unchanged
};
enum class ChomboPenalty : std::uint8_t {
  kAfterUma,       // EMA 2016 tournament: -20000 after uma
  kReverseMangan,  // EMA 2008: mangan paid at once
  kNone,           // Tenhou: the engine forbids the offences
};

struct Rules {
  std::string name = "ema2016";  // the preset it started from (informational)

  // --- players and tiles (three-player mahjong, sanma: docs/rules-presets.md)
  // Seats 0..players-1 take part; with three players seat 3 is empty (no hand, score 0) and the
  // seat winds are East, South, West.
  int players = 4;  // 4, or 3 (sanma)
  // Sanma: the 28 tiles 2m-8m are out of the game (108 tiles; a 1m indicator shows 9m as dora).
  bool no_manzu_2_to_8 = false;
  bool chi_allowed = true;  // sanma: no chi
  // Nukidora (kita): a North tile is set aside in the player's turn and replaced from the dead
  // wall like a kan; each counts as one dora (and as a North for the indicators).
  bool kita = false;
  // With fewer than four players a tsumo is paid by the players present only (tsumo-son, the
  // absent player's share is lost); false: the absent share is split between the payers.
  bool tsumo_loss = true;

  // --- tiles and dora
  bool red_fives = false;  // one red five per suit (5p and 5s only without 2m-8m), +1 han each

  // --- yaku
  bool open_tanyao = true;  // kuitan
  RenhouValue renhou = RenhouValue::kMangan;
  DoubleRiichiStyle double_riichi = DoubleRiichiStyle::kPlusOne;
  bool tsuuiisou_seven_pairs = true;   // SA-3 / OQ-9
  bool ryuuiisou_needs_hatsu = false;  // SA-8
  NagashiMangan nagashi_mangan = NagashiMangan::kNone;

  // --- limits
  bool kazoe_yakuman = false;     // 13+ han = yakuman (else 11+ = sanbaiman)
  bool kiriage_mangan = false;    // 4 han 30 fu and 3 han 60 fu (basic 1920) count as mangan
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

  // --- the table (RULES.md §2-§5, §9) ------------------------------------------------------
  // Calls and furiten
  bool kuikae_forbidden = true;                                                      // §3.4
  TemporaryFuritenEnd temporary_furiten_end = TemporaryFuritenEnd::kOwnDrawOrClaim;  // §3.8
  // Kan dora of daiminkan/kakan revealed at the next discard or kan (Tenhou) instead of
  // immediately (§2.6). Ankan dora are always immediate.
  bool open_kan_dora_delayed = false;
  // Riichi (§3.7)
  int riichi_min_points = 0;      // OQ-5: 1000 in Tenhou; 0 = no minimum, even below zero
  int riichi_min_live_tiles = 4;  // live tiles remaining at the declaration
  KanAfterRiichi kan_after_riichi = KanAfterRiichi::kWaitsAndPungOnly;
  // Multiple ron (§3.3, §5.1, §5.2)
  bool sanchahou = false;  // triple ron is an abortive draw (Tenhou)
  bool head_bump = false;  // atamahane: only the ron closest after the discarder wins

  bool honba_to_every_winner = true;  // else only the winner closest to the discarder
  MultiRonSticks multi_ron_sticks = MultiRonSticks::kAfterDiscarder;
  // Abortive draws (§4.4)
  bool kyuushu_kyuuhai = false;
  bool suufon_renda = false;
  bool suukaikan = false;  // four kans by several players abort the hand
  bool suucha_riichi = false;
  bool abortive_draw_dealer_repeats = true;  // SA-2 / OQ-4
  // Exhaustive draw (§4.2): a non-riichi tenpai hand is declared tenpai automatically (OQ-20).
  bool auto_declare_tenpai = true;
  ChomboPenalty chombo = ChomboPenalty::kAfterUma;  // §4.5
  // Game (§5.4, §5.5)
  int starting_points = 30000;
  int return_points = 30000;  // final = points - return_points + uma (+ oka to 1st)
  // The score someone must reach for the game to end in the sudden-death round and for
  // agari-yame there (west_sudden_death); Mahjong Soul ends at 30000 but counts from 25000.
  int target_points = 30000;
  std::array<int, 4> uma = {15000, 5000, -5000, -15000};  // with three players uma[3] = 0
  bool split_ties = true;          // tied ranks share uma and leftover sticks; else seat order
  bool bankruptcy = false;         // tobi: the game ends when a score goes below 0
  bool west_sudden_death = false;  // Tenhou: West round until someone has >= target_points
  bool agari_yame = false;         // Tenhou: the all-last dealer in 1st ends the game
  // With agari_yame, an all-last dealer who is 1st and tenpai at an exhaustive draw also ends
  // the game (RULES.md §5.4 reading); off in Tenhou, whose real logs play on (dnovikoff-bug1).
  bool tenpai_yame = false;
  bool east_only = false;  // OQ-21: a tonpuusen (East round only)
  // OQ-15 Tenhou: in the final score the points are rounded to this unit (1000; a half unit
  // away from zero: 24500 -> 25000, -7500 -> -8000), 1st taking the difference so that the sum
  // stays 0 (as in real Tenhou logs); 0 = exact.
  int final_rounding = 0;

  static Rules ema2016();
  static Rules ema2008();
  static Rules tenhou();
  static Rules mahjongsoul();  // Mahjong Soul four-player ranked rules (nearest: tenhou)
  static Rules mleague();      // M.League official rules (nearest: tenhou)
  static Rules wrc();  // World Riichi Championship rules, current edition (nearest: ema2016)
  static Rules tenhou_sanma();       // Tenhou three-player ranked lobbies (nearest: tenhou)
  static Rules mahjongsoul_sanma();  // Mahjong Soul three-player rooms (nearest: tenhou_sanma)

  // Preset names accepted by parse, in the order they are offered to a user: "ema2016",
  // "ema2008", "tenhou", "mahjongsoul", "mleague", "wrc", "tenhou_sanma",
  // "mahjongsoul_sanma". docs/rules-presets.md
  // cites a source for every value in which a preset differs from the preset it is built on.
  static std::vector<std::string> preset_names();
  // One line per preset for lobbies and --help: what it is, and what it is built on.
  struct PresetInfo {
    std::string name;
    std::string description;
  };
  static const std::vector<PresetInfo>& preset_infos();
  // Every key accepted in an override, with its current value as text.
  std::vector<std::pair<std::string, std::string>> fields() const;

  // "PRESET[,key=value...]" or "key=value,..." (starting from ema2016). Throws
  // std::invalid_argument listing what is accepted when a name, key or value is unknown.
  static Rules parse(std::string_view spec);
  static std::optional<Rules> try_parse(std::string_view spec, std::string* error = nullptr);
};

}  // namespace riichi
