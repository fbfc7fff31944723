#include "drill/waits_drill.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#include "drill/hand_maker.hpp"
#include "riichi/analysis.hpp"

namespace riichi::drill {

namespace {

// docs/book-wait-shapes.md: the 19 shapes of the book's ch. IV (tiles rebuilt from the text and
// checked against its summary figures, tests/test_book_waits.cpp).
constexpr std::array<BookShape, kBookShapes> kShapes = {{
    {1, "A trois côtés", "three-sided wait (sanmenchan)", "23456p11z", "IV.1.1"},
    {2, "Triple attente de la paire", "triple pair wait (sanmentan)", "2345678p", "IV.1.2"},
    {3, "Etirée + à deux côtés (serrée)", "nobetan + ryanmen", "2345567p", "IV.1.3"},
    {4, "Cheminée", "chimney (entotsu)", "23444p44z", "IV.2.1"},
    {5, "A trois côtés + de la paire", "sanmenchan + tanki", "2333456p", "IV.2.2"},
    {6, "Deux (attentes) à deux côtés", "two ryanmen", "3334456p", "IV.2.3"},
    {7, "A deux côtés + bombée", "ryanmen + nakabukure", "3334556p", "IV.2.4"},
    {8, "A trois côtés + étirée", "sanmenchan + nobetan", "3334567p", "IV.2.5"},
    {9, "Au milieu + de la paire", "kanchan + tanki", "3334568p", "IV.2.6"},
    {10, "Serrée à deux côtés + au milieu", "aryanmen + kanchan", "3335567p", "IV.2.7"},
    {11, "Au milieu + étirée", "kanchan + nobetan", "3335678p", "IV.2.8"},
    {12, "Serrée à deux côtés + sur deux paires", "aryanmen + shanpon", "3334455p", "IV.2.9"},
    {13, "Sur deux paires + de la paire", "shanpon + kanchan / tanki", "3344455p", "IV.2.10"},
    {14, "Tornade (forme sandwich)", "tatsumaki", "3334555p", "IV.3.1"},
    {15, "Sandwich ouvert", "open sandwich", "3334445p", "IV.3.2"},
    {16, "Kantankan", "kantankan", "3335777p", "IV.3.3"},
    {17, "Serrée à deux côtés + au milieu (4 exemplaires)", "aryanmen + kanchan, four of a kind",
     "3345555p", "IV.4.1"},
    {18, "Deux attentes à deux côtés (4 exemplaires)", "two ryanmen, four of a kind", "3344445p",
     "IV.4.2"},
    {19, "A deux côtés + étirée (4 exemplaires)", "ryanmen + nobetan, four of a kind", "3444456p",
     "IV.4.3"},
}};

constexpr int kTries = 200;

// The basic waits of ch. III.3 (and the nobetan of IV.1.2).
enum class Basic { kRyanmen, kKanchan, kPenchan, kShanpon, kTanki, kNobetan };
constexpr int kNumBasic = 6;
struct BasicInfo {
  const char* name;
  const char* french;
  WaitShape shape;
};
constexpr std::array<BasicInfo, kNumBasic> kBasic = {{
    {"ryanmen (two-sided)", "Attente à deux côtés", WaitShape::kRyanmen},
    {"kanchan (closed)", "Attente au milieu", WaitShape::kKanchan},
    {"penchan (edge)", "Attente au bord", WaitShape::kPenchan},
    {"shanpon (two pairs)", "Attente sur deux paires", WaitShape::kShanpon},
    {"tanki (pair wait)", "Attente de la paire", WaitShape::kTanki},
    {"nobetan (extended pair wait)", "Attente étirée", WaitShape::kTanki},
}};

std::vector<int> kinds_of(const std::vector<Wait>& ws) {
  std::vector<int> out;
  for (const Wait& w : ws) out.push_back(w.kind);
  return out;
}

bool same_waits(const std::vector<Wait>& a, const std::vector<Wait>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].kind != b[i].kind || a[i].shapes != b[i].shapes || a[i].remaining != b[i].remaining)
      return false;
  return true;
}

std::vector<Wait> key_of(const Hand& hand) { return analyze(hand).waits; }

// Completes `pool`/`tiles` with `sets` random sets and `pairs` pairs. False when the copies ran
// out.
bool complete_with(Rng& rng, TilePool& pool, std::vector<Tile>& tiles, int sets, int pairs,
                   const SetOptions& opt) {
  for (int i = 0; i < sets; ++i) {
    const auto s = random_set(rng, pool, opt);
    if (!s) return false;
    append(tiles, *s);
  }
  for (int i = 0; i < pairs; ++i) {
    const auto p = random_pair(rng, pool, opt);
    if (!p) return false;
    append_kind(tiles, *p, 2);
  }
  return true;
}

// Level 1: a basic wait completed by random sets, kept when the hand waits on exactly the
// shape's tiles through that shape.
WaitsProblem basic_wait(Rng& rng, WaitsProblem p) {
  const auto type = static_cast<Basic>(rng.below(kNumBasic));
  const BasicInfo& info = kBasic[static_cast<std::size_t>(type)];
  for (int t = 0; t < kTries; ++t) {
    const int base = rng.below(3) * 9;  // the shape's suit
    TilePool pool;
    std::vector<Tile> tiles;
    std::vector<int> expect, block;
    int sets = 3, pairs = 1;
    switch (type) {
      case Basic::kRyanmen: {
        const int x = base + rng.between(1, 6);  // 23 .. 78
        block = {x, x + 1};
        expect = {x - 1, x + 2};
        break;
      }
      case Basic::kKanchan: {
        const int x = base + rng.between(0, 6);
        block = {x, x + 2};
        expect = {x + 1};
        break;
      }
      case Basic::kPenchan: {
        const bool low = rng.chance(50);
        block = low ? std::vector<int>{base, base + 1} : std::vector<int>{base + 7, base + 8};
        expect = {low ? base + 2 : base + 6};
        break;
      }
      case Basic::kShanpon: {
        SetOptions any;
        const int a = random_kind(rng, any), b = random_kind(rng, any);
        if (a == b) continue;
        block = {a, a, b, b};
        expect = {std::min(a, b), std::max(a, b)};
        pairs = 0;
        break;
      }
      case Basic::kTanki: {
        const int a = random_kind(rng, SetOptions{});
        block = {a};
        expect = {a};
        sets = 4;
        pairs = 0;
        break;
      }
      case Basic::kNobetan: {
        const int x = base + rng.between(0, 5);
        block = {x, x + 1, x + 2, x + 3};
        expect = {x, x + 3};
        pairs = 0;
        break;
      }
    }
    for (int k : block) {
      pool.take(k);
      append_kind(tiles, k);
    }
    SetOptions rest;
    if (t > kTries / 2)  // keep the other sets out of the shape's suit
      for (int k : block) rest.suits &= ~suit_bit(k);
    if (!complete_with(rng, pool, tiles, sets, pairs, rest)) continue;
    Hand hand{tiles, {}};
    std::vector<Wait> ws = key_of(hand);
    if (kinds_of(ws) != expect) continue;
    if (!std::all_of(ws.begin(), ws.end(), [&](const Wait& w) { return w.has(info.shape); }))
      continue;
    p.hand = std::move(hand);
    p.waits = std::move(ws);
    p.title = std::string("Basic wait: ") + info.name;
    p.note = std::string(info.french) + " (book ch. " +
             (type == Basic::kNobetan ? "IV.1.2" : "III.3") + ")";
    return p;
  }
  throw DrillError("waits level 1: no hand found (generator exhausted)");
}

// The block of 19 problems holding problem `index` shows the 19 shapes in a seeded order.
int book_shape_of(const ProblemId& id) {
  std::array<int, kBookShapes> order{};
  std::iota(order.begin(), order.end(), 1);
  ProblemId block = id;
  block.index = id.index / kBookShapes;
  Rng rng(problem_seed(block) ^ 0xB00C5A9E5ull);
  for (int i = kBookShapes - 1; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
  return order[static_cast<std::size_t>(id.index % kBookShapes)];
}

// Level 2: the shape in a random suit, mirrored and shifted where its waits keep their shapes
// and counts, plus two random sets outside its suit.
WaitsProblem book(Rng& rng, WaitsProblem p) {
  const BookShape& bs = book_shape(book_shape_of(p.id));
  const std::vector<Tile> shape = parse_tiles(bs.tiles);
  std::vector<Tile> with_sets = shape;
  for (Tile t : parse_tiles("123m456s")) with_sets.push_back(t);
  const std::vector<Wait> book_waits = waits(counts_of(with_sets));  // the book's figure
  for (int t = 0; t <= kTries; ++t) {
    const bool plain = t == kTries;  // last resort: the book's own shape in pinzu
    const int base = plain ? 9 : rng.below(3) * 9;
    const bool mirror = !plain && rng.chance(50);
    const int honour = plain ? 27 + number_of(shape.back().kind) - 1 : 27 + rng.below(7);
    auto number = [&](int kind) { return mirror ? 10 - number_of(kind) : number_of(kind); };
    int lo = 9, hi = 1;
    for (Tile x : shape)
      if (is_suited(x.kind)) lo = std::min(lo, number(x.kind)), hi = std::max(hi, number(x.kind));
    for (const Wait& w : book_waits)
      if (is_suited(w.kind)) lo = std::min(lo, number(w.kind)), hi = std::max(hi, number(w.kind));
    const int shift = plain ? 0 : rng.between(1 - lo, 9 - hi);
    auto map = [&](int kind) { return is_honor(kind) ? honour : base + number(kind) + shift - 1; };
    std::vector<Wait> expect;
    for (Wait w : book_waits) {
      w.kind = map(w.kind);
      expect.push_back(w);
    }
    std::sort(expect.begin(), expect.end(),
              [](const Wait& a, const Wait& b) { return a.kind < b.kind; });
    TilePool pool;
    std::vector<Tile> tiles;
    for (Tile x : shape) {
      pool.take(map(x.kind));
      append_kind(tiles, map(x.kind));
    }
    SetOptions rest;
    rest.suits = kAllSuits & ~suit_bit(base);
    if (!complete_with(rng, pool, tiles, 2, 0, rest)) continue;
    Hand hand{tiles, {}};
    std::vector<Wait> ws = key_of(hand);
    if (!same_waits(ws, expect)) continue;
    p.hand = std::move(hand);
    p.waits = std::move(ws);
    p.book_shape = bs.number;
    p.title = std::string(bs.english) + " (book " + bs.section + ", shape " +
              std::to_string(bs.number) + " of 19)";
    p.note = bs.french;
    return p;
  }
  throw DrillError("waits level 2: no hand found (generator exhausted)");
}

// Level 3: a one-suit shape of 10 or 13 tiles waiting on three kinds or more.
WaitsProblem multi_wait(Rng& rng, WaitsProblem p) {
  for (int t = 0; t < kTries * 5; ++t) {
    const int suit = rng.below(3);
    const bool long_shape = rng.chance(50);
    SetOptions one_suit;
    one_suit.suits = 1u << suit;
    one_suit.sequence_percent = 55;
    TilePool pool;
    std::vector<Tile> tiles;
    if (!complete_with(rng, pool, tiles, long_shape ? 4 : 3, 1, one_suit)) continue;
    const int drop =
        tiles[static_cast<std::size_t>(rng.below(static_cast<int>(tiles.size())))].kind;
    remove_one(tiles, drop);
    SetOptions rest;
    rest.suits = kAllSuits & ~one_suit.suits;
    if (!long_shape && !complete_with(rng, pool, tiles, 1, 0, rest)) continue;
    Hand hand{tiles, {}};
    std::vector<Wait> ws = key_of(hand);
    if (ws.size() < 3) continue;
    p.hand = std::move(hand);
    p.title = std::to_string(ws.size()) + "-sided wait in one suit (" + (long_shape ? "13" : "10") +
              " tiles)";
    if (ws.size() == 9) p.note = "Nine gates (chuuren) shape: every tile of the suit wins";
    p.waits = std::move(ws);
    return p;
  }
  throw DrillError("waits level 3: no hand found (generator exhausted)");
}

// Level 4: a random closed hand less one tile (mostly four sets and a pair).
WaitsProblem closed_hand(Rng& rng, WaitsProblem p) {
  for (int t = 0; t < kTries; ++t) {
    TilePool pool;
    std::vector<Tile> tiles;
    p.note.clear();
    const int form = rng.below(100);
    if (form < 8) {  // seven pairs
      for (int i = 0; i < 7; ++i) {
        const int k = random_kind(rng, SetOptions{});
        if (pool.used()[k] != 0) break;
        pool.take(k, 2);
        append_kind(tiles, k, 2);
      }
      if (tiles.size() != 14) continue;
      p.note = "Seven pairs are possible here";
    } else if (form < 10) {  // thirteen orphans
      for (int k : kYaochuuKinds) append_kind(tiles, k);
      append_kind(tiles, kYaochuuKinds[static_cast<std::size_t>(rng.below(13))]);
      p.note = "Thirteen orphans (kokushi)";
    } else if (!complete_with(rng, pool, tiles, 4, 1, SetOptions{})) {
      continue;
    }
    remove_one(tiles, tiles[static_cast<std::size_t>(rng.below(14))].kind);
    Hand hand{tiles, {}};
    p.waits = key_of(hand);
    if (p.waits.empty()) continue;
    p.hand = std::move(hand);
    p.title = "A random closed hand";
    return p;
  }
  throw DrillError("waits level 4: no hand found (generator exhausted)");
}

// Level 5: one to three melds, the concealed rest less one tile.
WaitsProblem melded_hand(Rng& rng, WaitsProblem p) {
  for (int t = 0; t < kTries; ++t) {
    const int melds = rng.between(1, 3);
    TilePool pool;
    Hand hand;
    bool ok = true;
    for (int i = 0; i < 4 && ok; ++i) {
      const auto s = random_set(rng, pool, SetOptions{});
      if (!s)
        ok = false;
      else if (i < melds)
        hand.melds.push_back(meld_from_set(rng, *s, pool, true));
      else
        append(hand.concealed, *s);
    }
    const auto pair = ok ? random_pair(rng, pool, SetOptions{}) : std::nullopt;
    if (!pair) continue;
    append_kind(hand.concealed, *pair, 2);
    remove_one(
        hand.concealed,
        hand.concealed[static_cast<std::size_t>(rng.below(static_cast<int>(hand.concealed.size())))]
            .kind);
    if (!is_tenpai_for_payment(hand.concealed_counts(), hand.all_counts())) continue;
    p.waits = key_of(hand);
    p.hand = std::move(hand);
    p.title = "A hand with " + std::to_string(melds) + (melds == 1 ? " meld" : " melds");
    return p;
  }
  throw DrillError("waits level 5: no hand found (generator exhausted)");
}

std::string tile_list(const std::vector<int>& kinds) {
  std::string out;
  for (int k : kinds) {
    if (!out.empty()) out += ' ';
    out += kind_to_string(k);
  }
  return out;
}

}  // namespace

const BookShape& book_shape(int number) {
  if (number < 1 || number > kBookShapes)
    throw DrillError("book shape " + std::to_string(number) + " does not exist (1..19)");
  return kShapes[static_cast<std::size_t>(number - 1)];
}

int WaitsProblem::waits_total() const {
  int n = 0;
  for (const Wait& w : waits) n += w.remaining;
  return n;
}

WaitsProblem make_waits_problem(const ProblemId& id) {
  check_problem_id(id);
  if (id.kind != DrillKind::kWaits) throw DrillError("not a waits problem id");
  Rng rng(problem_seed(id));
  WaitsProblem p;
  p.id = id;
  switch (id.level) {
    case 1:
      return basic_wait(rng, p);
    case 2:
      return book(rng, p);
    case 3:
      return multi_wait(rng, p);
    case 4:
      return closed_hand(rng, p);
    default:
      return melded_hand(rng, p);
  }
}

std::string shape_names(const Wait& w) {
  std::string out;
  for (int s = 0; s < kNumWaitShapes; ++s)
    if (w.shapes >> s & 1) {
      if (!out.empty()) out += '+';
      out += wait_shape_name(static_cast<WaitShape>(s));
    }
  return out;
}

WaitsGrade grade_waits(const WaitsProblem& problem, std::vector<int> kinds) {
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  WaitsGrade g;
  const std::vector<int> key = kinds_of(problem.waits);
  std::set_intersection(key.begin(), key.end(), kinds.begin(), kinds.end(),
                        std::back_inserter(g.found));
  std::set_difference(key.begin(), key.end(), kinds.begin(), kinds.end(),
                      std::back_inserter(g.missed));
  std::set_difference(kinds.begin(), kinds.end(), key.begin(), key.end(),
                      std::back_inserter(g.wrong));
  g.correct = g.missed.empty() && g.wrong.empty();
  std::string all = std::to_string(key.size());
  all += key.size() == 1 ? " winning kind, " : " winning kinds, ";
  all += std::to_string(problem.waits_total());
  all += " tiles left";
  if (g.correct) {
    g.summary = "Right: every winning tile (" + all + ").";
    return g;
  }
  g.summary = "Not quite: " + std::to_string(g.found.size()) + " of " + all + " found";
  if (!g.missed.empty()) g.summary += "; missed " + tile_list(g.missed);
  if (!g.wrong.empty())
    g.summary += "; " + tile_list(g.wrong) + (g.wrong.size() == 1 ? " does" : " do") +
                 " not complete the hand";
  g.summary += ".";
  return g;
}

std::vector<int> parse_waits_answer(std::string_view text) {
  std::vector<Tile> tiles;
  try {
    tiles = parse_tiles(text);
  } catch (const ParseError& e) {
    throw DrillError("the winning tiles '" + std::string(text) + "': " + e.what());
  }
  if (tiles.empty()) throw DrillError("pick at least one winning tile (e.g. 1p4p7p)");
  std::vector<int> kinds;
  for (Tile t : tiles) kinds.push_back(t.kind);
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  return kinds;
}

}  // namespace riichi::drill
