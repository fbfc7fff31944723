// The mjai protocol, bot side: the seat's view of the game rebuilt from the events as a shadow
// Round (see mjai_session.hpp), the bot asked when the seat has something to do.
#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "io/io_internal.hpp"
#include "io/json_text.hpp"
#include "io/mjai.hpp"
#include "io/mjai_session.hpp"
#include "io/plain_game.hpp"

namespace riichi::io {

using nlohmann::json;

namespace {

constexpr int kLiveBase = 100;     // slot ids: deal seat*13+i, live kLiveBase+k, rinshan
constexpr int kRinshanBase = 300;  // kRinshanBase+k

// The view cannot follow the game (a tile seen too often, a move the shadow round refuses).
class FollowError : public MjaiError {
 public:
  using MjaiError::MjaiError;
};

}  // namespace

// A move of the seat's view, kept in MjaiBotClient::State (so not file-local: a member's type
// must not be in an anonymous namespace once the file is compiled in a unity batch).
namespace mjai_follow {

enum class MoveType { kDiscard, kRiichi, kChi, kPon, kDaiminkan, kKakan, kAnkan, kKita };

struct Move {
  MoveType type = MoveType::kDiscard;
  int seat = 0;
  Tile tile{};
  bool tsumogiri = false;
  std::vector<Tile> consumed;
};

}  // namespace mjai_follow

using mjai_follow::Move;
using mjai_follow::MoveType;

namespace {

bool counted(EventType t) {
  return t == EventType::kDraw || t == EventType::kDiscard || t == EventType::kCall ||
         t == EventType::kRiichiDeclared || t == EventType::kRiichiAccepted ||
         t == EventType::kDoraRevealed || t == EventType::kKita;
}

MjaiJson tiles_of_ids(std::vector<int> ids, bool red) {
  std::vector<Tile> tiles;
  for (int id : ids) tiles.push_back(tile_of_id(id, red));
  sort_tiles(tiles);
  MjaiJson a = MjaiJson::array();
  for (Tile t : tiles) a.push_back(mjai_tile(t));
  return a;
}

}  // namespace

MjaiJson mjai_answer_of(const Action& a, const Observation& obs, bool red, int claim_from) {
  const int me = a.seat;
  const auto tile = [&](int id) { return mjai_tile(tile_of_id(id, red)); };
  switch (a.type) {
    case ActionType::kDiscard:
      return {{"type", "dahai"}, {"actor", me}, {"pai", tile(a.tile)}, {"tsumogiri", a.tsumogiri}};
    case ActionType::kRiichi:
      return {{"type", "reach"}, {"actor", me}};
    case ActionType::kTsumo:
      return {{"type", "hora"}, {"actor", me}, {"target", me}, {"pai", tile(a.tile)}};
    case ActionType::kRon:
      return {{"type", "hora"}, {"actor", me}, {"target", claim_from}, {"pai", tile(a.tile)}};
    case ActionType::kChi:
    case ActionType::kPon:
    case ActionType::kDaiminkan: {
      const int n = a.type == ActionType::kDaiminkan ? 3 : 2;
      std::vector<int> uses(a.uses.begin(), a.uses.begin() + n);
      return {{"type", a.type == ActionType::kChi   ? "chi"
                       : a.type == ActionType::kPon ? "pon"
                                                    : "daiminkan"},
              {"actor", me},
              {"target", claim_from},
              {"pai", tile(a.tile)},
              {"consumed", tiles_of_ids(uses, red)}};
    }
    case ActionType::kKakan: {
      std::vector<int> pon;
      for (const MeldInfo& m : obs.melds[static_cast<std::size_t>(me)])
        if (m.type == MeldType::kPon && m.ids[0] / 4 == a.tile / 4)
          pon = {m.ids[0], m.ids[1], m.ids[2]};
      return {{"type", "kakan"},
              {"actor", me},
              {"pai", tile(a.tile)},
              {"consumed", tiles_of_ids(pon, red)}};
    }
    case ActionType::kAnkan: {
      std::vector<int> ids;
      for (std::uint8_t id : obs.concealed)
        if (id / 4 == a.tile / 4) ids.push_back(id);
      return {{"type", "ankan"}, {"actor", me}, {"consumed", tiles_of_ids(ids, red)}};
    }
    case ActionType::kKyuushu:
      return {{"type", "ryukyoku"}, {"actor", me}, {"reason", "kyushukyuhai"}};
    case ActionType::kKita:  // the three-player mjai convention (Mortal's 3p fork)
      return {{"type", "nukidora"}, {"actor", me}, {"pai", tile(a.tile)}};
    case ActionType::kPass:
      break;
  }
  return {{"type", "none"}};
}

struct MjaiBotClient::State {
  SeatBotFactory factory;
  Rules rules;
  Rules shadow_rules;  // rules, with offences accepted (others' hidden hands are guessed)
  std::string name;
  std::uint64_t default_seed = 0;
  std::unique_ptr<bots::Bot> bot;
  int me = -1;
  int default_seat = -1;
  bool started = false;
  bool game_over = false;
  std::string warning;
  std::array<int, 4> scores{};

  // The hand in play.
  bool in_hand = false;
  bool broken = false;  // the view cannot follow this hand: answer none until the next one
  RoundSetup setup;
  std::array<std::array<std::optional<Tile>, 13>, 4> deal{};
  std::vector<std::optional<Tile>> live, rinshan;
  std::vector<Tile> dora;
  std::array<std::vector<int>, 4> held;  // slot ids in hand
  std::array<int, 4> last_draw{};
  std::array<bool, 4> rinshan_next{};
  std::array<bool, 4> reach_pending{};
  std::vector<Move> moves;
  int received = 0;  // hand events received that the engine also emits
  long answered_key = -1;
  std::optional<Action> my_riichi;  // chosen riichi discard, sent after the reach event

  std::optional<Tile>& slot(int id) {
    if (id >= kRinshanBase) return rinshan[static_cast<std::size_t>(id - kRinshanBase)];
    if (id >= kLiveBase) return live[static_cast<std::size_t>(id - kLiveBase)];
    return deal[static_cast<std::size_t>(id / 13)][static_cast<std::size_t>(id % 13)];
  }

  // `seat` gives up tile `t` from its hand (discard, call, kan).
  void sink(int seat, Tile t, bool tsumogiri) {
    std::vector<int>& h = held[static_cast<std::size_t>(seat)];
    const int last = last_draw[static_cast<std::size_t>(seat)];
    int pick = -1;
    if (tsumogiri && last >= 0 && std::find(h.begin(), h.end(), last) != h.end() &&
        (!slot(last) || *slot(last) == t))
      pick = last;
    for (int pass = 0; pass < 3 && pick < 0; ++pass)
      for (int id : h) {
        const std::optional<Tile>& v = slot(id);
        const bool ok = pass == 0   ? (v && *v == t)
                        : pass == 1 ? (!v && (tsumogiri || id != last))
                                    : !v;
        if (ok) {
          pick = id;
          break;
        }
      }
    if (pick < 0)
      throw FollowError(
          fmt::format("seat {} gives up {} which it cannot hold", seat, mjai_tile(t)));
    slot(pick) = t;
    h.erase(std::find(h.begin(), h.end(), pick));
  }

  // Unseen tiles for the slots nobody has shown, spread over the kinds.
  std::vector<Tile> unseen() {
    std::map<std::pair<int, bool>, int> used;
    const auto note = [&](const std::optional<Tile>& t) {
      if (t) ++used[{t->kind, t->red}];
    };
    for (const auto& d : deal)
      for (const auto& t : d) note(t);
    for (const auto& t : live) note(t);
    for (const auto& t : rinshan) note(t);
    for (Tile t : dora) note(t);
    std::vector<Tile> pool;
    const WallShape shape = wall_shape(rules);
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < kNumKinds; ++k) {
        if (!shape.in_play(k * 4 + c)) continue;  // three players: 2m-8m are out of the game
        const bool red = c == 0 && rules.red_fives && is_five(k);
        int& u = used[{k, red}];
        if (u > 0) {
          --u;
          continue;
        }
        pool.push_back(Tile{static_cast<std::uint8_t>(k), red});
      }
    for (const auto& [key, n] : used)
      if (n > 0)
        throw FollowError(
            fmt::format("more than four copies of {} seen",
                        mjai_tile(Tile{static_cast<std::uint8_t>(key.first), key.second})));
    return pool;
  }

  Wall build_wall() {
    std::vector<Tile> pool = unseen();
    std::size_t next = 0;
    const auto fill = [&](const std::optional<Tile>& t) {
      if (t) return *t;
      if (next >= pool.size()) throw FollowError("more tiles in play than in the wall");
      return pool[next++];
    };
    std::array<std::vector<Tile>, 4> hands;
    const int n = rules.players;
    for (int w = 0; w < n; ++w)
      for (const auto& t : deal[static_cast<std::size_t>((setup.dealer + w) % n)])
        hands[static_cast<std::size_t>(w)].push_back(fill(t));
    std::vector<Tile> draws, rin;
    for (const auto& t : live) draws.push_back(fill(t));
    for (const auto& t : rinshan) rin.push_back(fill(t));
    try {
      return Wall::stacked(wall_shape(rules), hands, draws, dora, rin);
    } catch (const std::invalid_argument& e) {
      throw FollowError(fmt::format("the tiles seen do not form a wall: {}", e.what()));
    }
  }

  static const Action* find(const std::vector<Action>& legal, auto pred) {
    for (const Action& a : legal)
      if (pred(a)) return &a;
    return nullptr;
  }

  int held_id(const Round& r, int seat, Tile t, int skip1 = -1, int skip2 = -1) const {
    for (std::uint8_t id : r.concealed_ids(seat))
      if (tile_of_id(id, rules.red_fives) == t && id != skip1 && id != skip2) return id;
    throw FollowError(fmt::format("seat {} does not hold {}", seat, mjai_tile(t)));
  }

  void apply(Round& r, const Action& a, bool legal) {
    const ApplyResult res = r.apply(a, legal ? InputMode::kLegalOnly : InputMode::kHuman);
    if (!res.ok)
      throw FollowError(
          fmt::format("cannot follow the move {}: {}", to_string(a, rules.red_fives), res.reason));
  }

  void pass(Round& r, int seat) {
    const std::vector<Action>& legal = r.legal_actions(seat);
    const Action* p = find(legal, [](const Action& a) { return a.type == ActionType::kPass; });
    if (p == nullptr) throw FollowError(fmt::format("seat {} cannot pass", seat));
    apply(r, *p, true);
  }

  void play_move(Round& r, const Move& m) {
    const bool red = rules.red_fives;
    const bool claim =
        m.type == MoveType::kChi || m.type == MoveType::kPon || m.type == MoveType::kDaiminkan;
    while (is_claim_window(r.phase()) && !(claim && r.to_play() == m.seat)) pass(r, r.to_play());
    if (r.is_over()) throw FollowError("the hand is over");
    if (r.to_play() != m.seat)
      throw FollowError(
          fmt::format("seat {} moves out of turn (seat {} to play)", m.seat, r.to_play()));
    const std::vector<Action> legal = r.legal_actions(m.seat);
    Action a;
    a.seat = static_cast<std::int8_t>(m.seat);
    const Action* found = nullptr;
    switch (m.type) {
      case MoveType::kDiscard:
      case MoveType::kRiichi: {
        a.type = m.type == MoveType::kRiichi ? ActionType::kRiichi : ActionType::kDiscard;
        const auto match = [&](const Action& x, bool exact) {
          return x.type == a.type && tile_of_id(x.tile, red) == m.tile &&
                 (!exact || x.tsumogiri == m.tsumogiri);
        };
        found = find(legal, [&](const Action& x) { return match(x, true); });
        if (!found) found = find(legal, [&](const Action& x) { return match(x, false); });
        if (!found) a.tile = static_cast<std::int16_t>(held_id(r, m.seat, m.tile));
        break;
      }
      case MoveType::kChi:
      case MoveType::kPon:
      case MoveType::kDaiminkan: {
        a.type = m.type == MoveType::kChi   ? ActionType::kChi
                 : m.type == MoveType::kPon ? ActionType::kPon
                                            : ActionType::kDaiminkan;
        const int n = static_cast<int>(m.consumed.size());
        found = find(legal, [&](const Action& x) {
          if (x.type != a.type || tile_of_id(x.tile, red) != m.tile) return false;
          std::vector<Tile> u;
          for (int i = 0; i < n; ++i)
            u.push_back(tile_of_id(x.uses[static_cast<std::size_t>(i)], red));
          sort_tiles(u);
          return u == m.consumed;
        });
        if (!found) {
          a.tile = static_cast<std::int16_t>(r.observation(m.seat).last_discard);
          int prev[2] = {-1, -1};
          for (int i = 0; i < n; ++i) {
            const int id =
                held_id(r, m.seat, m.consumed[static_cast<std::size_t>(i)], prev[0], prev[1]);
            a.uses[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(id);
            if (i < 2) prev[i] = id;
          }
        }
        break;
      }
      case MoveType::kKita:
        a.type = ActionType::kKita;
        found = find(legal, [](const Action& x) { return x.type == ActionType::kKita; });
        if (!found) a.tile = static_cast<std::int16_t>(held_id(r, m.seat, m.tile));
        break;
      case MoveType::kKakan:
      case MoveType::kAnkan: {
        a.type = m.type == MoveType::kKakan ? ActionType::kKakan : ActionType::kAnkan;
        found = find(
            legal, [&](const Action& x) { return x.type == a.type && x.tile / 4 == m.tile.kind; });
        if (!found)
          a.tile = static_cast<std::int16_t>(
              held_id(r, m.seat, m.type == MoveType::kKakan ? m.tile : m.consumed.front()));
        break;
      }
    }
    apply(r, found ? *found : a, found != nullptr);
  }

  // The shadow round with every move of the hand replayed; open claim windows are passed by the
  // other seats up to this seat's answer.
  Round shadow() {
    Round r(shadow_rules, setup, build_wall());
    for (const Move& m : moves) play_move(r, m);
    // A window this seat is in is its decision only while no later event has come.
    while (!r.is_over() && is_claim_window(r.phase()) &&
           !(r.to_play() == me && emitted(r) == received))
      pass(r, r.to_play());
    return r;
  }

  // The hand events the engine emitted that mjai sends after start_kyoku (which holds the deal
  // and the first dora indicator).
  static int emitted(const Round& r) {
    const std::vector<Event>& ev = r.events();
    std::size_t i = 0;
    while (i < ev.size() && ev[i].type == EventType::kDeal) ++i;
    if (i < ev.size() && ev[i].type == EventType::kDoraRevealed) ++i;
    int n = 0;
    for (; i < ev.size(); ++i) n += counted(ev[i].type);
    return n;
  }

  int claim_from() const { return moves.empty() ? -1 : moves.back().seat; }

  std::string decide() {
    if (!in_hand || broken || !bot) return R"({"type":"none"})";
    Round r = shadow();
    if (emitted(r) != received || r.is_over() || r.to_play() != me) return R"({"type":"none"})";
    const long key = static_cast<long>(moves.size()) * 1000 + received;
    if (key == answered_key) return R"({"type":"none"})";
    const std::vector<Action> legal = r.legal_actions(me);
    if (legal.empty()) return R"({"type":"none"})";
    answered_key = key;
    const Observation obs = r.observation(me);
    const Action a = bot->choose(obs, legal);
    if (a.type == ActionType::kRiichi) my_riichi = a;
    return dump_json(mjai_answer_of(a, obs, rules.red_fives, claim_from()));
  }
};

MjaiBotClient::MjaiBotClient(SeatBotFactory bot_factory, Rules rules, std::string name,
                             std::uint64_t default_seed)
    : state_(std::make_unique<State>()) {
  state_->factory = std::move(bot_factory);
  state_->rules = rules;
  state_->name = std::move(name);
  state_->default_seed = default_seed;
}

MjaiBotClient::~MjaiBotClient() = default;
void MjaiBotClient::set_default_seat(int seat) { state_->default_seat = seat; }
bool MjaiBotClient::game_over() const { return state_->game_over; }
int MjaiBotClient::seat() const { return state_->me; }
const std::string& MjaiBotClient::last_warning() const { return state_->warning; }

namespace {

struct EventReader {
  const json& j;
  bool red_fives;

  const json& field(const char* key) const {
    const auto it = j.find(key);
    if (it == j.end()) throw MjaiError(fmt::format("missing field '{}'", key));
    return *it;
  }
  int integer(const char* key, int lo, int hi) const {
    const json& v = field(key);
    const std::optional<std::int64_t> value = int_in_range(v, lo, hi);
    if (!value)
      throw MjaiError(
          fmt::format("field '{}' is not an integer {}..{}: {}", key, lo, hi, dump_json(v)));
    return static_cast<int>(*value);
  }
  int seat(const char* key) const { return integer(key, 0, 3); }
  std::string string(const char* key) const {
    const json& v = field(key);
    if (!v.is_string()) throw MjaiError(fmt::format("field '{}' is not a string", key));
    return v.get<std::string>();
  }
  std::optional<Tile> tile(const json& v, const char* key) const {
    if (!v.is_string())
      throw MjaiError(fmt::format("field '{}' is not a tile string: {}", key, dump_json(v)));
    if (v.get<std::string>() == "?") return std::nullopt;
    try {
      return parse_mjai_tile(v.get<std::string>());
    } catch (const std::invalid_argument& e) {
      throw MjaiError(fmt::format("field '{}': {}", key, e.what()));
    }
  }
  std::optional<Tile> tile(const char* key) const { return tile(field(key), key); }
  Tile known_tile(const char* key) const {
    const std::optional<Tile> t = tile(key);
    if (!t) throw MjaiError(fmt::format("field '{}' is '?' where the tile is public", key));
    return *t;
  }
  std::vector<Tile> tiles(const char* key, std::size_t n) const {
    const json& v = field(key);
    if (!v.is_array() || v.size() != n)
      throw MjaiError(fmt::format("field '{}' is not an array of {} tiles", key, n));
    std::vector<Tile> out;
    for (const json& t : v) {
      const std::optional<Tile> x = tile(t, key);
      if (!x) throw MjaiError(fmt::format("field '{}' holds '?'", key));
      out.push_back(*x);
    }
    sort_tiles(out);
    return out;
  }
  // Four integers (three players: also 3, the absent seat's 0 left out).
  std::array<int, 4> four(const char* key) const {
    const json& v = field(key);
    if (!v.is_array() || v.size() < 3 || v.size() > 4)
      throw MjaiError(fmt::format("field '{}' is not 4 integers", key));
    std::array<int, 4> out{};
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_number_integer())
        throw MjaiError(fmt::format("field '{}' is not 4 integers", key));
      out[i] = v[i].get<int>();
    }
    return out;
  }
};

// start_game's "seed": an unsigned integer (this engine's servers), or [nonce, key] as other
// mjai tools write it (folded into one seed with splitmix64); absent: `fallback`.
std::uint64_t start_game_seed(const json& j, std::uint64_t fallback) {
  const auto it = j.find("seed");
  if (it == j.end()) return fallback;
  if (it->is_number_unsigned()) return it->get<std::uint64_t>();
  if (it->is_array() && it->size() == 2 && (*it)[0].is_number_unsigned() &&
      (*it)[1].is_number_unsigned()) {
    std::uint64_t x = (*it)[0].get<std::uint64_t>() * 0x9E3779B97F4A7C15ull;
    x ^= (*it)[1].get<std::uint64_t>() + 0xBF58476D1CE4E5B9ull + (x << 6) + (x >> 2);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }
  throw MjaiError(fmt::format(
      "field 'seed' is neither an unsigned integer nor [nonce, key] (two unsigned integers): {}",
      it->dump()));
}

int bakaze_index(const std::string& w) {
  static const char* kWinds[] = {"E", "S", "W", "N"};
  for (int i = 0; i < 4; ++i)
    if (w == kWinds[i]) return i;
  throw MjaiError(fmt::format("field 'bakaze' is not a wind E/S/W/N: '{}'", w));
}

}  // namespace

std::string MjaiBotClient::answer(std::string_view line) {
  State& st = *state_;
  json j;
  try {
    j = parse_json(line);
  } catch (const JsonInputError& e) {
    throw MjaiError(fmt::format("malformed JSON: {}", e.what()));
  }
  if (j.is_array())
    throw MjaiError("a JSON array (batched events) where one event object per line is expected");
  if (!j.is_object()) throw MjaiError("not a JSON object");
  const auto tp = j.find("type");
  if (tp == j.end() || !tp->is_string()) throw MjaiError("missing string field 'type'");
  const std::string type = *tp;
  const EventReader r{j, st.rules.red_fives};
  static const std::string kNone = R"({"type":"none"})";
  const auto hand_event = [&]() {
    if (!st.in_hand) throw MjaiError(fmt::format("'{}' outside a hand (no start_kyoku)", type));
  };
  st.warning.clear();
  if (type == "hello")
    return dump_json(MjaiJson({{"type", "join"}, {"name", st.name}, {"room", "default"}}));
  if (type == "start_game") {
    // "id" names the seat; a client told its seat also takes logs whose "id" is absent or is
    // a game id (a string).
    if (st.default_seat >= 0 && !(j.contains("id") && j["id"].is_number_integer())) {
      st.me = st.default_seat;
    } else {
      if (!j.contains("id"))
        throw MjaiError("start_game has no field 'id' (the seat played): give the seat (--seat)");
      st.me = r.seat("id");
    }
    if (j.contains("rules")) {
      if (!j["rules"].is_string()) throw MjaiError("field 'rules' is not a string");
      std::string error;
      const std::optional<Rules> rules = Rules::try_parse(j["rules"].get<std::string>(), &error);
      if (!rules) throw MjaiError(fmt::format("field 'rules': {}", error));
      st.rules = *rules;
    }
    const std::uint64_t seed = start_game_seed(j, st.default_seed);
    st.shadow_rules = st.rules;
    if (st.shadow_rules.chombo == ChomboPenalty::kNone)
      st.shadow_rules.chombo = ChomboPenalty::kReverseMangan;
    st.bot = st.factory(seed, st.me);
    st.scores.fill(st.rules.starting_points);
    for (int s = st.rules.players; s < 4; ++s) st.scores[static_cast<std::size_t>(s)] = 0;
    st.started = true;
    st.game_over = false;
    st.in_hand = false;
    return kNone;
  }
  if (type == "end_game") {
    st.game_over = true;
    st.in_hand = false;
    return kNone;
  }
  if (type == "error") {
    st.warning = fmt::format("server error: {}", dump_json(j));
    return kNone;
  }
  if (!st.started) throw MjaiError(fmt::format("'{}' before start_game", type));
  if (type == "start_kyoku") {
    st.setup = RoundSetup{};
    st.setup.round_wind = bakaze_index(r.string("bakaze"));
    st.setup.hand_number = r.integer("kyoku", 1, 4) - 1;
    st.setup.honba = r.integer("honba", 0, 1000);
    st.setup.riichi_sticks = r.integer("kyotaku", 0, 1000);
    st.setup.dealer = r.seat("oya");
    if (j.contains("scores")) st.scores = r.four("scores");
    st.setup.scores = st.scores;
    st.dora = {r.known_tile("dora_marker")};
    const json& tehais = r.field("tehais");
    const int players = st.rules.players;  // three: seat 3's entry ("?" x 13, []) is ignored
    if (!tehais.is_array() || tehais.size() < static_cast<std::size_t>(players) ||
        tehais.size() > 4)
      throw MjaiError(fmt::format("field 'tehais' is not {} hands", players));
    for (auto& d : st.deal) d.fill(std::nullopt);
    for (auto& h : st.held) h.clear();
    for (int s = 0; s < players; ++s) {
      const json& h = tehais[static_cast<std::size_t>(s)];
      if (!h.is_array() || h.size() != 13)
        throw MjaiError(fmt::format("field 'tehais': hand {} is not 13 tiles", s));
      auto& d = st.deal[static_cast<std::size_t>(s)];
      st.held[static_cast<std::size_t>(s)].clear();
      for (int i = 0; i < 13; ++i) {
        d[static_cast<std::size_t>(i)] = r.tile(h[static_cast<std::size_t>(i)], "tehais");
        st.held[static_cast<std::size_t>(s)].push_back(s * 13 + i);
      }
      if (s == st.me && std::any_of(d.begin(), d.end(), [](const auto& t) { return !t; }))
        throw MjaiError("field 'tehais': this seat's own hand holds '?'");
    }
    st.live.clear();
    st.rinshan.clear();
    st.last_draw.fill(-1);
    st.rinshan_next.fill(false);
    st.reach_pending.fill(false);
    st.moves.clear();
    st.received = 0;
    st.answered_key = -1;
    st.my_riichi.reset();
    st.in_hand = true;
    st.broken = false;
    return kNone;
  }
  if (type == "hora" || type == "ryukyoku") {
    if (j.contains("scores")) st.scores = r.four("scores");
    st.in_hand = false;
    return kNone;
  }
  if (type == "end_kyoku" || type == "none") return kNone;
  // Hand events.
  hand_event();
  try {
    if (type == "tsumo") {
      const int actor = r.seat("actor");
      const std::optional<Tile> t = r.tile("pai");
      if (actor == st.me && !t) throw MjaiError("tsumo: this seat's own draw is '?'");
      const auto a = static_cast<std::size_t>(actor);
      int id;
      if (st.rinshan_next[a]) {
        id = kRinshanBase + static_cast<int>(st.rinshan.size());
        st.rinshan.push_back(t);
        st.rinshan_next[a] = false;
      } else {
        id = kLiveBase + static_cast<int>(st.live.size());
        st.live.push_back(t);
      }
      st.held[a].push_back(id);
      st.last_draw[a] = id;
    } else if (type == "dahai") {
      const int actor = r.seat("actor");
      Move m;
      m.seat = actor;
      m.tile = r.known_tile("pai");
      const json& tg = j.contains("tsumogiri") ? j["tsumogiri"] : json(false);
      if (!tg.is_boolean()) throw MjaiError("field 'tsumogiri' is not a boolean");
      m.tsumogiri = tg.get<bool>();
      const auto a = static_cast<std::size_t>(actor);
      m.type = st.reach_pending[a] ? MoveType::kRiichi : MoveType::kDiscard;
      st.reach_pending[a] = false;
      if (!st.broken) st.sink(actor, m.tile, m.tsumogiri);
      st.last_draw[a] = -1;
      st.moves.push_back(m);
    } else if (type == "chi" || type == "pon" || type == "daiminkan") {
      Move m;
      m.seat = r.seat("actor");
      r.seat("target");
      m.tile = r.known_tile("pai");
      m.type = type == "chi"   ? MoveType::kChi
               : type == "pon" ? MoveType::kPon
                               : MoveType::kDaiminkan;
      m.consumed = r.tiles("consumed", m.type == MoveType::kDaiminkan ? 3 : 2);
      if (!st.broken)
        for (Tile t : m.consumed) st.sink(m.seat, t, false);
      if (m.type == MoveType::kDaiminkan) st.rinshan_next[static_cast<std::size_t>(m.seat)] = true;
      st.moves.push_back(m);
    } else if (type == "kakan" || type == "ankan") {
      Move m;
      m.seat = r.seat("actor");
      m.type = type == "kakan" ? MoveType::kKakan : MoveType::kAnkan;
      m.consumed = r.tiles("consumed", m.type == MoveType::kKakan ? 3 : 4);
      m.tile = m.type == MoveType::kKakan ? r.known_tile("pai") : m.consumed.front();
      if (!st.broken) {
        if (m.type == MoveType::kKakan)
          st.sink(m.seat, m.tile, false);
        else
          for (Tile t : m.consumed) st.sink(m.seat, t, false);
      }
      st.rinshan_next[static_cast<std::size_t>(m.seat)] = true;
      st.moves.push_back(m);
    } else if (type == "nukidora") {  // three players (Mortal's 3p fork): a North set aside
      Move m;
      m.seat = r.seat("actor");
      m.type = MoveType::kKita;
      m.tile = r.known_tile("pai");
      if (m.tile.kind != kNorth) throw MjaiError("nukidora: field 'pai' is not N");
      if (st.rules.players != 3) throw MjaiError("nukidora in a four-player game");
      // The North set aside is taken to be the tile just drawn when that tile is unseen: in
      // riichi it must be (only a drawn North may be set aside), and otherwise any unseen tile of
      // the hand is as good a guess. (Two kita in a row under riichi failed with a hand slot.)
      if (!st.broken) st.sink(m.seat, m.tile, true);
      st.last_draw[static_cast<std::size_t>(m.seat)] = -1;
      st.rinshan_next[static_cast<std::size_t>(m.seat)] = true;
      st.moves.push_back(m);
    } else if (type == "reach") {
      const int actor = r.seat("actor");
      st.reach_pending[static_cast<std::size_t>(actor)] = true;
      ++st.received;
      if (actor == st.me && st.my_riichi) {
        const Action a = *st.my_riichi;
        st.my_riichi.reset();
        return dump_json(MjaiJson({{"type", "dahai"},
                                   {"actor", st.me},
                                   {"pai", mjai_tile(tile_of_id(a.tile, st.rules.red_fives))},
                                   {"tsumogiri", a.tsumogiri}}));
      }
      return kNone;
    } else if (type == "reach_accepted") {
      r.seat("actor");
    } else if (type == "dora") {
      const Tile t = r.known_tile("dora_marker");
      st.dora.push_back(t);
    } else {
      throw MjaiError(fmt::format("unknown event type '{}'", type));
    }
    ++st.received;
    return st.decide();
  } catch (const FollowError& e) {
    st.broken = true;
    st.warning = fmt::format("cannot follow the hand any more: {}", e.what());
    return kNone;
  }
}

}  // namespace riichi::io
