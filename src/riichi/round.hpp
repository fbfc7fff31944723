// One hand of play (RULES.md §2-§4): the deal, turns, calls, riichi, furiten, kans, wins and
// draws, as a state machine in the style of OpenSpiel.
//
//   Round r(rules, setup);                       // deals from Wall::from_seed(setup.wall_seed)
//   while (!r.is_over()) {
//     const int seat = r.to_play();
//     const auto& acts = r.legal_actions(seat);  // never empty for to_play()
//     r.apply(acts[pick]);                        // ApplyResult{ok, reason}
//   }
//   RoundResult res = r.result();
//
// Seats are absolute (0..3); the seat wind of s is (s - setup.dealer) mod 4. Draws from the
// wall are automatic: after a discard nobody claims, the next player draws and is to play.
//
// Phases:
//   kSelf        the player to play holds 3n+2 tiles after a draw (tsumo, kans, riichi,
//                kyuushu, discard)
//   kDiscardOnly after a chi or pon: discard only (kuikae restrictions, RULES.md §3.4)
//   kClaim       a claim window on a discard: every seat with a possible call answers (ron,
//                pon, daiminkan, chi or pass); resolved by ron > pon/kan > chi (§3.3)
//   kChankan     a claim window on a kakan tile (or an ankan tile for kokushi): ron or pass
//   kOver        the hand has ended; result() is final
//
// Human input and replayed records may also commit the offences of RULES.md §4.5 (chombo,
// dead hand): apply(action, InputMode::kHuman), declare_chombo(), declare_dead_hand()
// (round_chombo.cpp).
//
// A claim window opens only when some seat has a call: otherwise the game proceeds at once.
// The Round stores a copy of the Rules (a small value) and is a copyable value type: clone()
// (or a plain copy) continues independently.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "riichi/hand.hpp"
#include "riichi/outcome.hpp"
#include "riichi/rules.hpp"
#include "riichi/shanten_table.hpp"
#include "riichi/wall.hpp"

namespace riichi {

enum class ActionType : std::uint8_t {
  kDiscard,    // tile = the id discarded; tsumogiri = it is the tile just drawn
  kRiichi,     // riichi declaration + discard of `tile` (tsumogiri as for kDiscard)
  kTsumo,      // tile = the drawn tile
  kRon,        // tile = the discard (or kakan / ankan tile for chankan)
  kChi,        // tile = the discard; uses[0..1] = the two ids from the hand
  kPon,        // tile = the discard; uses[0..1] = the two ids from the hand
  kDaiminkan,  // tile = the discard; uses[0..2] = the three ids from the hand
  kKakan,      // tile = the id added to the pon
  kAnkan,      // tile = one id of the kind (the lowest held); the four ids of the kind are used
  kKyuushu,    // kyuushu kyuuhai (RULES.md §4.4)
  kPass,       // decline every call in a claim window
  kKita,       // nukidora (rules.kita): tile = the North id set aside; a rinshan draw follows
};
const char* action_type_name(ActionType type);  // "discard", "riichi", "tsumo", ...

struct Action {
  ActionType type = ActionType::kPass;
  std::int8_t seat = -1;
  std::int16_t tile = -1;  // physical id 0..135, -1 when unused
  bool tsumogiri = false;
  std::array<std::int16_t, 3> uses{-1, -1, -1};  // ids from the hand for chi/pon/daiminkan
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

// The wall's shape under `rules` (three players, 2m-8m out of the game).
inline WallShape wall_shape(const Rules& rules) {
  return WallShape{rules.players, rules.no_manzu_2_to_8 ? 28 : 0};
}

namespace detail {

// The tiles a seat may name for a discard (§3.1), from its id bitset: per held kind its lowest
// copy, a red five (copy 0 of a five under red_fives) apart from the plain copies, the kinds
// kuikae forbids left out, and the drawn tile apart, after the others of its kind. The order
// depends only on what the player can name (kind, red, drawn), never on physical copy ids, so a
// bot that tracks tiles by name (mjai) sees the same list. (round.cpp)
//
// Most kinds have exactly one name (their lowest copy): only the drawn tile's kind beside other
// copies and a red five beside a plain copy have more. The count is one popcount of the kinds
// plus those few kinds' names, and the list is walked by kind.
struct DiscardNames {
  // The held ids but the forbidden kinds' and the drawn tile when it is a name apart.
  std::array<std::uint64_t, 3> ids{};
  std::uint64_t kinds = 0;    // kinds with at least one name (bit per kind)
  std::uint64_t special = 0;  // those with more than one name
  int drawn = -1;             // the drawn id, -1 when none is held
  int count = 0;              // names in all, the drawn tile included
  bool red_fives = false;

  DiscardNames() = default;
  // `held_kinds`: the kinds of `held` (bit per kind); `held_count`: how many (its popcount).
  DiscardNames(const std::array<std::uint64_t, 3>& held, std::uint64_t held_kinds, int held_count,
               int drawn_id, std::uint64_t forbidden, bool red_fives) {
    set(held, held_kinds, held_count, drawn_id, forbidden, red_fives);
  }
  // The same in place (every field written).
  void set(const std::array<std::uint64_t, 3>& held, std::uint64_t held_kinds, int held_count,
           int drawn_id, std::uint64_t forbidden, bool red_fives);
  // A riichi hand's list: the drawn tile only (§3.7).
  static DiscardNames drawn_only(int drawn_id);
  void set_drawn_only(int drawn_id);
  // The id at a position of the list (index < count). Most turns have one name per kind: the
  // index-th kind's lowest copy, inline; the others walk the kinds (id_at_special).
  int id_at(int index) const {
    if (special != 0) return id_at_special(index);
    std::uint64_t run = kinds;
    for (; index > 0; --index) run &= run - 1;
    return lowest_copy(std::countr_zero(run));
  }
  // f(id) for every name, in the order of the list.
  template <typename F>
  void for_each(F&& f) const {
    for (std::uint64_t m = kinds; m; m &= m - 1) {
      const int kind = std::countr_zero(m);
      if (!(special >> kind & 1)) {
        f(lowest_copy(kind));
        continue;
      }
      each_name(kind, f);
    }
  }

 private:
  unsigned copies(int kind) const {
    return static_cast<unsigned>(ids[kind >> 4] >> ((kind & 15) * 4)) & 15u;
  }
  int lowest_copy(int kind) const { return kind * 4 + std::countr_zero(copies(kind)); }
  // f(id) for the names of a kind in list order: the red five (copy 0) beside a plain copy, the
  // lowest plain copy, the drawn tile when it is a name apart.
  template <typename F>
  void each_name(int kind, F&& f) const {
    unsigned plain = copies(kind);
    if (red_fives && is_five(kind) && (plain & 1u)) {
      f(kind * 4);
      plain &= ~1u;
    }
    if (plain) f(kind * 4 + std::countr_zero(plain));
    if (drawn >= 0 && drawn / 4 == kind) f(drawn);
  }
  int id_at_special(int index) const;
};

}  // namespace detail

// A short human-readable form: "S discard 5p", "W pon 0p5p <- 5p", for error messages.
std::string to_string(const Action& action, bool red_fives);

// How apply() treats an action outside the legal set (RULES.md §4.5).
//   kLegalOnly  refused with a reason (bots, and every preset whose `rules.chombo` is kNone)
//   kHuman      human input or a replayed record: an offence the rules name is applied with its
//               consequence (chombo or dead hand, see Round::apply); anything else is refused.
enum class InputMode : std::uint8_t { kLegalOnly, kHuman };

// Why a hand ended in chombo (RULES.md §4.5).
enum class ChomboReason : std::uint8_t {
  kNone,
  kFalseWin,          // tsumo / ron declared on a hand that is not a valid win ("false mahjong")
  kNotenRiichi,       // a riichi hand not tenpai, found at the draw where riichi hands are shown
  kIllegalRiichiKan,  // an ankan after riichi the rules forbid (§3.7), found at the win or draw
  kDeadHandClaim,     // a call or a win claimed with a dead hand
  kTilesRevealed,     // play made impossible: too many tiles exposed / revealed (adjudicated)
  kOther,             // any other offence adjudicated outside the engine
};
const char* chombo_reason_name(ChomboReason reason);  // "false_win", "noten_riichi", ...

// Why a seat's hand is dead (RULES.md §4.5): it cannot win, call, declare a kan or riichi, and is
// noten at the exhaustive draw; it goes on drawing and discarding.
enum class DeadHandReason : std::uint8_t {
  kNone,
  kWrongTileCount,  // too many / too few tiles (adjudicated: the engine keeps the count)
  kInvalidCall,     // a chi / pon / kan the rules do not allow; the call itself is void
  kKuikae,          // a swap-call discard where kuikae is forbidden (§3.4)
  kRiichiOpenHand,  // riichi declared on an open hand; the declaration is void (§3.7)
  kInvalidRiichi,   // riichi with too few live tiles / points (§3.7); the declaration is void
  kEmptyWinCall,    // ron / tsumo called and not shown (adjudicated)
  kTilesRevealed,   // EMA 2008: tiles revealed from an opponent's hand or the dead wall
  kOther,
};
const char* dead_hand_reason_name(DeadHandReason reason);  // "wrong_tile_count", ...

struct ApplyResult {
  bool ok = true;
  std::string reason;  // why the action was refused; empty when ok
};

enum class Phase : std::uint8_t { kSelf, kDiscardOnly, kClaim, kChankan, kOver };

// A discard as everyone sees it (RULES.md §3.1).
struct DiscardInfo {
  std::uint8_t id = 0;
  bool tsumogiri = false;
  bool riichi = false;  // the riichi declaration tile (turned sideways)
  bool called = false;  // taken by another player's chi/pon/daiminkan
};

// A declared meld with its physical ids. For chi/pon/daiminkan ids[0] is the called tile;
// for kakan ids[3] is the added tile. `from` is the seat it was called from (-1 for ankan).
struct MeldInfo {
  MeldType type = MeldType::kPon;
  std::array<std::uint8_t, 4> ids{};
  std::int8_t from = -1;
  int size() const { return type >= MeldType::kDaiminkan ? 4 : 3; }
};

// What one seat may know (RULES.md §3): its own concealed tiles and everything public.
struct Observation {
  int seat = 0;
  int dealer = 0;
  int round_wind = 0;
  int honba = 0;
  int riichi_sticks = 0;  // sticks on the table now, including this hand's accepted stakes
  std::array<int, 4> scores{};
  std::vector<std::uint8_t> concealed;  // own concealed ids, ascending
  int drawn = -1;                       // own tile just drawn (id), -1 if none
  std::array<std::vector<DiscardInfo>, 4> discards;
  std::array<std::vector<MeldInfo>, 4> melds;
  std::array<bool, 4> riichi{};  // declared and accepted (or declared this turn)
  std::array<int, 4> concealed_count{};
  std::array<int, 4> kita{};                  // North tiles set aside as nukidora (rules.kita)
  std::vector<std::uint8_t> dora_indicators;  // ids, in order of revelation
  // Copies of each kind seen outside the concealed hands: uncalled discards, every meld's tiles
  // (own included), the North tiles set aside and the dora indicators, as count_visible() counts
  // them from the fields above. Round keeps them as tiles leave the hands, not recounted per
  // observation; an observation built field by field sets them with count_visible().
  Counts visible{};
  int live_tiles_left = 0;
  int to_play = -1;
  Phase phase = Phase::kSelf;
  int last_discard = -1;  // id in the claim window, -1 if none
  std::vector<Action> legal_actions;
};

// Observation::visible recounted from the observation's discards, melds, kita and indicators
// (a North set aside is counted as one copy of North: its id is not in the observation).
Counts count_visible(const Observation& o);

enum class EventType : std::uint8_t {
  kDeal,            // seat, hand[0..hand_size) = its 13 dealt ids
  kDraw,            // seat, tile, rinshan
  kDiscard,         // seat, tile, tsumogiri, riichi (the declaration tile)
  kCall,            // seat, meld, meld_ids (called tile first; kakan: added tile last), from
  kRiichiDeclared,  // seat (before its declaration discard)
  kRiichiAccepted,  // seat (stake paid: the declaration tile was not ronned)
  kDoraRevealed,    // tile = the indicator id
  kWin,             // seat, from (-1 tsumo), tile, index = position in result().wins
  kReveal,          // seat, hand = concealed ids shown at an exhaustive draw (tenpai hands)
  kExhaustiveDraw,  // payments in result().deltas, tenpai/nagashi in result()
  kAbortiveDraw,    // seat = the declarer for kyuushu (else -1); kind in result().abortive
  kKita,            // seat, tile = the North id set aside as nukidora (rules.kita)
};
inline constexpr int kNumEventTypes = 12;
const char* event_type_name(EventType type);

struct Event {
  EventType type = EventType::kDeal;
  std::int8_t seat = -1;
  std::int16_t tile = -1;  // physical id 0..135
  std::int8_t from = -1;
  std::int8_t index = -1;
  bool tsumogiri = false;
  bool riichi = false;
  bool rinshan = false;
  MeldType meld = MeldType::kPon;
  std::array<std::uint8_t, 4> meld_ids{};
  std::uint8_t hand_size = 0;
  std::array<std::uint8_t, 14> hand{};
};

class Round {
 public:
  // Deals from Wall::from_seed(setup.wall_seed).
  Round(const Rules& rules, const RoundSetup& setup);
  // Deals from a given (e.g. stacked) wall; setup.wall_seed is ignored.
  Round(const Rules& rules, const RoundSetup& setup, const Wall& wall);

  Round clone() const { return *this; }
  // The next hand in place (Game::start_hand): *this = Round(rules, setup), or from `wall` when
  // given, keeping the memory of the event log and of the legal list.
  void restart(const Rules& rules, const RoundSetup& setup, const Wall* wall = nullptr);

  // The actions `seat` may take now (empty if it has nothing to do). The reference stays
  // valid until the next call of a non-const method or of legal_actions. The order is fixed
  // (records and seeded bots depend on it): on the player's turn tsumo, kyuushu, ankan, kakan,
  // kita, then the discards (by tile, the drawn tile after the others of its kind), then the
  // riichi declarations in the same order; in a claim window ron, the calls, then pass.
  const std::vector<Action>& legal_actions(int seat) const;
  // Applies a legal action. An action not in the legal set is refused (state unchanged).
  // Chi/pon choices are matched by tile value (a plain 5p for any plain 5p copy). The action is
  // taken by value: callers may pass an element of legal_actions(), which applying rewrites.
  ApplyResult apply(Action action);
  // The same with InputMode::kHuman (RULES.md §4.5, human input and replays; never needed by
  // bots, as legal_actions never offers an offence). Under `rules.chombo` == kNone (Tenhou)
  // every action outside the legal set is refused with a reason. Otherwise an action outside
  // the legal set is:
  //   tsumo / ron on a hand that is not a valid win      chombo kFalseWin (kDeadHandClaim if
  //                                                      the hand is dead)
  //   chi / pon / daiminkan with held tiles              dead hand kInvalidCall, the call is void
  //                                                      (chombo kDeadHandClaim if already dead)
  //   a discard forbidden by kuikae (§3.4)               the discard is made; dead hand kKuikae
  //   riichi on an open hand / with too few live tiles   a plain discard; dead hand
  //   riichi on a closed hand not tenpai after discard   accepted; chombo kNotenRiichi if the
  //                                                      hand is shown at a draw
  //   an ankan in riichi that §3.7 forbids               made; chombo kIllegalRiichiKan at the
  //                                                      seat's win or at a draw
  //   anything else (tiles not held, not this seat's turn, ...) is refused, state unchanged.
  // A ron or call in a claim window is an answer: the window waits for the other seats, and a
  // valid ron by another seat on the same tile voids the chombo (§4.5 "chombo voided if another
  // player wins"; applied in both EMA presets, EMA 2008 being silent).
  ApplyResult apply(Action action, InputMode mode);
  // Applies legal_actions(seat)[index] without searching the list (self-play with a bot that
  // picks by position: the same as apply(legal_actions(seat)[index]), without the search).
  // Refused with a reason when the hand is over, the seat has nothing to do or index is out of
  // range.
  // `applied`, when given, receives the action applied.
  ApplyResult apply_legal(int seat, std::size_t index, Action* applied = nullptr);
  // Self-play's answer by position: applies legal_actions(seat)[index] when that list is the
  // cache of this state (the list the caller chose from) and index is inside it, and returns
  // true; otherwise returns false and changes nothing (apply_legal then applies it or says why).
  // No reason built. `applied` receives the action applied.
  bool apply_cached(int seat, std::size_t index, Action& applied) {
    if (seat != legal_seat_ || version_ != legal_version_ || index >= legal_.size()) return false;
    applied = legal_[index];
    apply_found(applied);
    return true;
  }
  // Self-play's claim answers by count (the random bot, bots::play_discards): in a kClaim window,
  // the number of calls (chi, pon, daiminkan) in legal_actions(seat) when that list is those
  // calls and a pass (no ron offered: the seat's waits do not hold the tile), counted without
  // building the list (on the first request: the window only tested that there is one); 0
  // otherwise (not the seat's window to answer, a ron offered or possible: ask
  // legal_actions()). Its calls are legal_actions(seat)[0, count).
  int claim_call_count(int seat) const {
    if (phase_ != Phase::kClaim || !claim_answered_by_count(seat)) return 0;
    std::int8_t& calls = claim_calls_[static_cast<std::size_t>(seat)];
    if (calls < 0) calls = static_cast<std::int8_t>(call_count(seat));
    return calls;
  }
  // Self-play's kita turns (three players): when discard_only_count(seat) was asked for this
  // state and gave 0 because the only action besides the plain discards is a kita, the size of
  // legal_actions(seat) (the kita first, then the discards), else 0. A discard at position
  // i >= 1 of that list is the play_discards run's discard i - 1, made without the list.
  int kita_turn_size(int seat) const {
    if (seat != discard_only_seat_ || version_ != discard_only_version_ || kita_names_ == 0)
      return 0;
    return kita_names_ + 1;
  }
  // Self-play's pass in a claim window: apply() of the pass of legal_actions(seat) (the seat is
  // pending: to_play() or any seat whose answer is awaited), without the list. `made` receives
  // the pass. When it was the last answer awaited the window closes (a call, the next draw, the
  // hand's end) as after apply().
  void pass_claim(int seat, Action& made);
  // Self-play without the list: when every legal action of `seat` is a plain discard (no win,
  // kyuushu, kan, kita or riichi declaration is offered; always so in kDiscardOnly), their
  // number, counted from the seat's tile bitset; 0 otherwise (nothing to do, a claim window, or
  // any other action offered: ask legal_actions()). For index below it,
  // discard_only_action(seat, index) is legal_actions(seat)[index] and apply_legal(seat, index)
  // makes that discard, neither building the list.
  int discard_only_count(int seat) const;
  Action discard_only_action(int seat, std::size_t index) const;
  // Self-play's discard: makes discard_only_action(seat, index) when discard_only_count(seat) was
  // asked for this state and index is below it, and returns true; otherwise returns false and
  // changes nothing (apply_legal then says why). No list, no search, no reason built.
  // `applied`, when given, receives the action made.
  bool apply_discard_only(int seat, std::size_t index, Action* applied = nullptr);
  // Self-play's plain discards in a row: apply_discard_only's discards without a call and a check
  // per action. While the seat to play has plain discards only (discard_only_count() > 0),
  // pick(seat, count) gives the position of its discard in that list and the discard is made,
  // with the claim window nobody can answer and the next draw. Stops at a turn with more than
  // discards, a claim window someone can answer, a pick outside [0, count) (nothing of that turn
  // changed but its count asked; `refused` receives a pick >= count, else -1) and at the end of
  // the hand. Returns the number of discards made; `last` receives the last of them.
  template <class Pick>
  int play_discards(Pick&& pick, Action& last, int& refused) {
    return play_discards(
        pick, [](int, int, bool) { return -2; }, last, refused);
  }
  // The same, also answering the claim windows without a ron (claim_call_count() > 0, also one
  // open at the start) and the kita turns (kita_turn_size() > 0). answer(seat, 0, true) gives
  // -1 for a pass (made, pass_claim), a call's position below claim_call_count(seat) (made from
  // legal_actions(seat); the run stops after it), or -2 to leave the window to the caller (the
  // run stops, nothing of the window changed); the calls are counted only when the answer asks
  // claim_call_count(seat) (most answers are a pass). After a pass the run goes on while the window
  // stays open, or when the next draw followed (kSelf after a live draw); it stops when anything
  // else followed (another seat's call, the hand's end). answer(seat, size, false) gives the
  // position in a kita turn's list: 0 the kita (made from legal_actions(seat); the run stops
  // after it), 1 .. size - 1 a discard (made as pick's, the run goes on), -2 (or any other
  // value) to leave the turn to the caller. Returns the number of actions made (discards and
  // answers); `last` receives the last.
  template <class Pick, class Answer>
  int play_discards(Pick&& pick, Answer&& answer, Action& last, int& refused) {
    refused = -1;
    int made = 0;
    // Each discard and the next turn's count in one call (discard_and_count): 0 when the next
    // turn is not a seat's plain discards (a claim window, the hand over, more than discards).
    int count =
        phase_ == Phase::kSelf || phase_ == Phase::kDiscardOnly ? discard_only_count(current_) : 0;
    for (;;) {
      if (count == 0) {
        if (phase_ == Phase::kSelf) {
          const int seat = current_;
          const int size = kita_turn_size(seat);
          if (size == 0) break;
          const int choice = answer(seat, size, false);
          if (choice < 0 || choice >= size) break;
          ++made;
          if (choice == 0) {
            legal_actions(seat);  // the kita, first in the list, cached for this state
            apply_cached(seat, 0, last);
            break;
          }
          count = discard_and_count(seat, choice - 1, last);
          continue;
        }
        if (phase_ != Phase::kClaim) break;
        const int seat = to_play();
        if (!claim_answered_by_count(seat)) break;
        const int call = answer(seat, 0, true);
        if (call < -1 || (call >= 0 && call >= claim_call_count(seat))) break;
        ++made;
        if (call >= 0) {
          legal_actions(seat);  // the list the call is taken from, cached for this state
          apply_cached(seat, static_cast<std::size_t>(call), last);
          break;
        }
        pass_claim(seat, last);
        if (phase_ == Phase::kClaim) continue;  // another seat still to answer
        if (phase_ != Phase::kSelf || events_.back().type != EventType::kDraw ||
            events_.back().rinshan)
          break;
        count = discard_only_count(current_);
        continue;
      }
      const int seat = current_;
      const int index = pick(seat, count);
      if (index < 0 || index >= count) {
        if (index >= count) refused = index;
        break;
      }
      ++made;
      count = discard_and_count(seat, index, last);
    }
    return made;
  }

  // Chombo adjudicated outside the engine (or any offence above), settled per `rules.chombo`
  // (§4.5): kReverseMangan pays at once (non-dealer offender 4000 to East and 2000 to each
  // other, East offender 4000 to each); kAfterUma pays nothing now (the game applies -20000
  // after uma). Either way this hand's riichi stakes go back to their owners, earlier sticks
  // stay on the table, result().end = kChombo with chombo_seat (no counter, no rotation: the
  // game replays the hand). Declared during a claim window it is settled when the window
  // closes, and voided if another seat wins on that tile. Refused under kNone (Tenhou).
  ApplyResult declare_chombo(int seat, ChomboReason reason);
  // A dead hand adjudicated outside the engine (e.g. a wrong tile count on a physical table).
  // Refused under `rules.chombo` == kNone and for a seat already dead.
  ApplyResult declare_dead_hand(int seat, DeadHandReason reason);
  bool is_dead(int seat) const { return seats_[seat].dead != DeadHandReason::kNone; }
  DeadHandReason dead_hand_reason(int seat) const { return seats_[seat].dead; }
  // The reason of result().chombo_seat's chombo (kNone unless result().end == kChombo).
  ChomboReason chombo_reason() const { return chombo_reason_; }

  Observation observation(int seat) const;
  // The same written into `out`, whose vectors keep their capacity: no allocation once warm
  // (self-play asks for an observation at every decision).
  void observe(int seat, Observation& out) const;
  // observe() without what a bot weighing its own hand does not read: the other seats'
  // discards and melds and legal_actions are left empty (every other field as observe()
  // writes it). For self-play bots that say so (bots::Bot::own_view_suffices).
  void observe_own(int seat, Observation& out) const;
  // Completes observe_own's `out` for the same seat and state into observe()'s: the other
  // seats' discards and melds, every seat's discards and legal_actions.
  void observe_others(int seat, Observation& out) const;

  // The seat expected to act: the player in kSelf/kDiscardOnly, else the first pending seat
  // of the claim window in turn order after the discarder; -1 when over.
  int to_play() const;
  // Seats that still have to answer (bit s = seat s).
  unsigned pending_mask() const;
  std::vector<int> pending_seats() const;
  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::kOver; }
  const RoundResult& result() const { return result_; }
  const std::vector<Event>& events() const { return events_; }

  const Rules& rules() const { return rules_; }
  const RoundSetup& setup() const { return setup_; }
  const Wall& wall() const { return wall_; }  // omniscient: records and tests only
  int live_tiles_left() const { return live_end_ - next_; }
  int seat_wind(int seat) const { return (seat - setup_.dealer + rules_.players) % rules_.players; }
  int players() const { return rules_.players; }
  int kita_count(int seat) const { return seats_[seat].num_kita; }
  std::array<int, 4> scores() const { return scores_; }
  int riichi_sticks() const { return sticks_; }
  // Omniscient accessors (records, tests): a seat's concealed ids ascending, its melds.
  std::vector<std::uint8_t> concealed_ids(int seat) const;
  std::vector<MeldInfo> melds(int seat) const;
  Hand hand(int seat) const;  // concealed tiles and melds as scoring sees them
  bool in_riichi(int seat) const { return seats_[seat].riichi; }
  bool is_furiten(int seat) const;
  // Test aid: every id 0..135 is in exactly one place (hands, melds, uncalled discards, the
  // unused wall). Returns an empty string when it holds, else what is wrong.
  std::string audit() const;

  // Capacity of the per-seat discard list (far above the possible maximum).
  static constexpr int kMaxDiscards = 96;

 private:
  struct Seat {
    Counts counts{};                     // concealed kinds
    std::array<std::uint64_t, 3> ids{};  // concealed physical ids (bitset)
    std::array<MeldInfo, 4> melds{};
    std::array<DiscardInfo, kMaxDiscards> discards{};
    std::uint64_t discard_kinds = 0;  // kinds ever discarded (permanent furiten)
    // Kept with `counts` by add_tile / remove_tile (keys only: shanten() reads the classes).
    detail::KeyedHandShanten hand_shanten;
    // Kinds held at least once, twice (a pon on a discard) and four times (an ankan), bit per
    // kind, kept with `counts` by add_tile / remove_tile: the claim window's and the turn's
    // checks are mask tests.
    std::uint64_t held_kinds = 0;
    std::uint64_t pair_kinds = 0;
    std::uint64_t quad_kinds = 0;
    std::uint64_t wait_kinds = 0;  // cached waits of the 3n+1 concealed part
    // Kinds of the seat's pons (bit per kind), kept by the call and the kakan: a kakan is
    // possible where it meets held_kinds (offers_more_than_discards, without the meld loop).
    std::uint64_t pon_kinds = 0;
    // Cached shanten of the 3n+1 concealed part: exact when 1 or less, else a lower bound of 2
    // or more (discard_from_hand); only `<= 1` and `== 0` are asked of it.
    std::int8_t shanten = 8;
    std::uint8_t num_melds = 0;
    std::uint8_t num_discards = 0;
    std::uint8_t num_kans = 0;
    std::uint8_t num_kita = 0;       // North tiles set aside (nukidora)
    std::uint8_t num_concealed = 0;  // tiles in `counts`, kept by deal / add_tile / remove_tile
    std::array<std::uint8_t, 4> kita_ids{};
    bool open = false;    // a chi, pon, daiminkan or kakan
    bool riichi = false;  // declared (stake paid once accepted)
    bool riichi_accepted = false;
    bool double_riichi = false;
    bool ippatsu = false;
    bool temporary_furiten = false;
    bool riichi_furiten = false;
    bool nagashi_ok = true;   // discards all yaochuu and none called
    std::int8_t liable = -1;  // pao: the seat liable for this hand's yakuman
    // §4.5 offences, only ever set through InputMode::kHuman / declare_*.
    DeadHandReason dead = DeadHandReason::kNone;
    bool noten_riichi = false;        // riichi declared on a hand not tenpai for payment
    bool illegal_riichi_kan = false;  // an ankan after riichi that §3.7 forbids
    // Unused: pads the seat from 592 bytes to 640 (5 x 128), so that the address of
    // seats_[seat] is a lea and a shift instead of three or four instructions (round 12).
    std::array<std::uint8_t, 48> padding{};
  };
  static_assert(sizeof(Seat) == 640, "Seat padded to 5 x 128 bytes (see `padding`)");

  // The constructor with the event log's and the legal list's buffers (emptied, reused).
  Round(const Rules& rules, const RoundSetup& setup, const Wall& wall, std::vector<Event>&& events,
        std::vector<Action>&& legal);
  // round.cpp: flow
  void deal();
  void draw(bool rinshan);
  void enter_self();
  void discard(const Action& a);
  void open_claim_window(Phase window);
  void close_claim_window();
  void close_without_ron(const Action* chosen);
  void next_turn();
  void reveal_indicator();
  void flip_pending_kan_dora();
  void update_waits(int seat);
  // One tile into / out of a hand, keeping counts, ids, masks, hand_shanten and visible_.
  // add_tile and remove_held are inline in round.cpp (draw, discard); remove_tile is the
  // out-of-line form for round_calls.cpp.
  void add_tile(Seat& s, int id);
  void remove_held(Seat& s, int id);
  void remove_tile(int seat, int id);
  int first_id(int seat, int kind, bool want_red) const;
  // The held copies of `kind` as 4 bits (bit c = id kind*4 + c). A kind's four ids never
  // straddle two words of the id bitset (16 kinds per 64-bit word).
  unsigned held_copies(int seat, int kind) const {
    return static_cast<unsigned>(seats_[seat].ids[kind >> 4] >> ((kind & 15) * 4)) & 15u;
  }
  // §3.9: the seat has not discarded yet and no call has been made by anyone.
  bool uninterrupted_first_turn(int seat) const {
    return !interrupted_ && seats_[seat].num_discards == 0;
  }
  void compute_legal(int seat, std::vector<Action>& out) const;
  void self_actions(int seat, std::vector<Action>& out) const;
  void discard_actions(int seat, bool riichi, std::vector<Action>& out) const;
  void claim_actions(int seat, std::vector<Action>& out) const;
  void call_actions(int seat, std::vector<Action>& out) const;
  // call_actions()'s size without the list (claim_call_count).
  int call_count(int seat) const;
  // Whether call_actions() offers a call (call_count() > 0; open_claim_window).
  bool has_call(int seat) const;
  // In a kClaim window: the seat is still to answer, without a ron offered (its list is its
  // calls, at least one, and a pass: claim_call_count).
  bool claim_answered_by_count(int seat) const {
    return (pending_ >> seat & 1) && !(win_capable_ >> seat & 1);
  }
  // call_actions()'s body: out.push_back(action) for each call, in list order (round_calls.cpp).
  template <typename Out>
  void calls_into(int seat, Out& out) const;
  bool riichi_possible(int seat) const;
  // What self_actions may offer besides the discards on the player's turn (kSelf): kNothing,
  // kOnlyKita (one kita, listed first) or kMore (anything else; the caller builds the list).
  enum class TurnExtras : std::uint8_t { kNothing, kOnlyKita, kMore };
  TurnExtras turn_extras(const Seat& s, int seat) const;  // s = seats_[seat]
  // The discard at `index` of the list discard_only_count() counted for `seat` (index below the
  // count), made; `made` receives it.
  void make_discard_only(int seat, int index, Action& made);
  // That discard's action, written into `made` (make_discard_only, discard_and_count,
  // discard_only_action): its name from discard_only_, tsumogiri when it is the drawn tile.
  void name_discard_only(int seat, int index, Action& made) const {
    made = Action{};
    made.type = ActionType::kDiscard;
    made.seat = static_cast<std::int8_t>(seat);
    made.tile = static_cast<std::int16_t>(discard_only_.id_at(index));
    made.tsumogiri = made.tile == discard_only_.drawn;
  }
  // play_discards' step: make_discard_only(seat, index, made), then discard_only_count() of the
  // next turn (cached as that call caches it) when the discard led to one (kSelf after the next
  // draw), else 0. One call with discard(), the draw and the count inline (round.cpp).
  int discard_and_count(int seat, int index, Action& made);
  // discard_only_count()'s count for the player to play in kSelf / kDiscardOnly (seat ==
  // current_), its cache set; `forbidden` is kuikae_forbidden_ (0 after a draw).
  int count_discards(int seat, std::uint64_t forbidden) const;
  // discard() with its plain discard's tail (no window, riichi or kan pending) drawing inline
  // when kInRun (discard_and_count), else as discard().
  template <bool kInRun>
  void discard_as(const Action& a);
  // draw()'s body, inline where round.cpp wants it (draw() itself, discard_and_count).
  void draw_inline(bool rinshan);
  // round_calls.cpp: calls and kans
  void call(const Action& a);
  void declare_kan(const Action& a);
  void complete_kan(int seat, const Action& a);
  bool kan_allowed_in_riichi(int seat, int kind) const;
  void kita_actions(int seat, std::vector<Action>& out) const;
  void declare_kita(const Action& a);
  void complete_kita(int seat, const Action& a);
  bool kuikae_leaves_discard(int seat, std::uint64_t forbidden, int used_a, int used_b) const;
  std::uint64_t kuikae_mask(MeldType type, int called_kind, int run_low) const;
  void check_pao(int seat, int kind, int from);
  void cancel_ippatsu();
  void clear_temporary_furiten_on_call(int caller);
  // round_settle.cpp: wins and draws
  bool can_ron(int seat, int id) const;
  bool can_tsumo(int seat) const;
  WinContext win_context(int seat, bool tsumo, int id, int from, bool indicators = true) const;
  bool win_scores(int seat, bool tsumo, int id, int from, int honba) const;
  void settle_rons(unsigned ron_mask, int from, int id);
  ScoreResult score_win(int seat, bool tsumo, int id, int from, int honba, int sticks) const;
  void settle_tsumo(int seat);
  void record_win(int seat, int from, int id, const ScoreResult& res);
  void reveal_hand(int seat);
  bool tenpai_for_payment(int seat) const;
  bool nagashi(int seat) const;
  void pay_nagashi();
  bool matches(const Action& legal, const Action& a) const;
  ApplyResult refuse_seat(int seat) const;
  void apply_found(const Action& a);  // a legal action, validated by the caller
  void exhaustive_draw();
  void abortive_draw(AbortiveDraw kind, int seat);
  void accept_riichi(int seat);
  void finish();
  // round_chombo.cpp: chombo and dead hand (§4.5)
  ApplyResult apply_offence(const Action& a);
  ApplyResult offence_in_window(const Action& a);
  ApplyResult offence_on_turn(const Action& a);
  bool holds(int seat, const Action& a, int n) const;
  bool has_legal(int seat, ActionType type) const;
  void make_dead(int seat, DeadHandReason reason);
  void answer_offence(int seat, ChomboReason reason);
  void drop_from_window(int seat);
  ChomboReason win_offence(int seat) const;
  bool chombo_at_draw(bool exhaustive);
  void settle_chombo(int seat, ChomboReason reason);

  Rules rules_;
  RoundSetup setup_;
  Wall wall_;
  std::array<Seat, 4> seats_{};
  std::array<int, 4> scores_{};
  int sticks_ = 0;  // on the table, including this hand's accepted stakes
  int next_ = 0;
  int live_end_ = Wall::kLiveTiles;
  int rinshan_used_ = 0;
  int indicators_ = 1;  // dora indicators revealed
  // Observation::visible: every tile a hand gives up (remove_tile: a discard, a call's or kan's
  // tiles, a kita) stays in sight, and so does every indicator revealed (deal, reveal_indicator).
  Counts visible_{};
  int pending_kan_dora_ = 0;  // Tenhou minkan dora to flip at the next discard / kan
  int total_kans_ = 0;
  bool suukaikan_pending_ = false;
  bool interrupted_ = false;  // a call has ended the first uninterrupted go-around (§3.9)
  int first_discards_ = 0;    // discards made in the first go-around (suufon renda)
  int current_ = 0;           // seat to play / the discarder during a claim window
  int drawn_ = -1;            // id just drawn by current_, -1 if none
  bool drawn_rinshan_ = false;
  bool haitei_draw_ = false;
  Phase phase_ = Phase::kSelf;
  std::uint64_t kuikae_forbidden_ = 0;  // kinds the caller may not discard now
  // Claim window
  int claim_id_ = -1;         // the tile in the window
  bool claim_kakan_ = false;  // kChankan: the kan is a kakan (else an ankan for kokushi)
  bool claim_kita_ = false;   // kChankan: the tile is a kita North (any ron, no chankan yaku)
  Action claim_kan_{};        // the kan waiting for its chankan window
  unsigned pending_ = 0;      // seats yet to answer
  unsigned win_capable_ = 0;  // seats whose waits contain the tile (furiten on pass)
  std::array<Action, 4> answers_{};
  // Per pending seat of a kClaim window without a ron offered: its calls (claim_call_count),
  // -1 until counted.
  mutable std::array<std::int8_t, 4> claim_calls_{};
  // §4.5: chombo answers in the current claim window, per seat. Never reset: once one is set,
  // the window ends the hand (a win voids it, else the chombo is settled).
  std::array<ChomboReason, 4> window_chombo_{};
  bool offence_seen_ = false;  // some §4.5 offence happened (keeps the checks off the hot path)
  ChomboReason chombo_reason_ = ChomboReason::kNone;
  RoundResult result_;
  std::vector<Event> events_;
  // legal_actions cache
  mutable std::vector<Action> legal_;
  mutable int legal_seat_ = -1;
  mutable std::uint32_t legal_version_ = ~0u;
  // discard_only_count cache (the seat and version it was counted for)
  mutable int discard_only_seat_ = -1;
  mutable std::uint32_t discard_only_version_ = ~0u;
  mutable detail::DiscardNames discard_only_;  // count 0: not a discard-only turn
  // For the same state: the names of a turn whose only other action is a kita (kita_turn_size),
  // discard_only_ holding them with its count 0; 0 otherwise.
  mutable int kita_names_ = 0;
  std::uint32_t version_ = 0;
};

}  // namespace riichi
