#include "drill/score_drill.hpp"

#include <algorithm>
#include <cctype>

#include "drill/hand_maker.hpp"

namespace riichi::drill {

namespace {

constexpr int kTries = 600;

enum class Theme { kAny, kPinfu, kTanyao, kYakuhai, kHonitsu, kChinitsu, kToitoi, kChanta };

// Themes drawn per level (a theme only biases the tiles; the engine decides the yaku).
Theme pick_theme(Rng& rng, int level) {
  static constexpr Theme kLevel1[] = {Theme::kAny,   Theme::kAny,    Theme::kPinfu,
                                      Theme::kPinfu, Theme::kTanyao, Theme::kYakuhai};
  static constexpr Theme kLevel2[] = {Theme::kAny,     Theme::kTanyao,  Theme::kYakuhai,
                                      Theme::kYakuhai, Theme::kHonitsu, Theme::kToitoi};
  static constexpr Theme kLevel3[] = {Theme::kAny,     Theme::kAny,     Theme::kTanyao,
                                      Theme::kYakuhai, Theme::kHonitsu, Theme::kChinitsu,
                                      Theme::kToitoi,  Theme::kChanta,  Theme::kPinfu};
  if (level == 1) return kLevel1[rng.below(6)];
  if (level == 2) return kLevel2[rng.below(6)];
  return kLevel3[rng.below(9)];
}

SetOptions options_for(Theme theme, int suit) {
  SetOptions o;
  switch (theme) {
    case Theme::kPinfu:
      o.suits = kMan | kPin | kSou;
      o.sequence_percent = 100;
      break;
    case Theme::kTanyao:
      o.simples_only = true;
      break;
    case Theme::kHonitsu:
      o.suits = (1u << suit) | kHonours;
      break;
    case Theme::kChinitsu:
      o.suits = 1u << suit;
      break;
    case Theme::kToitoi:
      o.sequence_percent = 0;
      break;
    case Theme::kChanta:
      o.terminal_or_honour = true;
      break;
    default:
      break;
  }
  return o;
}

int value_honour(Rng& rng, int seat, int round_wind) {
  const int r = rng.below(5);
  if (r < 3) return kWhite + r;
  return r == 3 ? kEast + seat : kEast + round_wind;
}

// The hand's tiles: 14 concealed-or-melded tiles with the winning tile among the concealed.
struct Drawn {
  Hand hand;  // 14 tiles: the winning tile still inside `concealed`
  bool yakuman_theme = false;
};

bool standard_hand(Rng& rng, int level, const Rules& rules, const WinContext& ctx, Drawn& out) {
  const Theme theme = pick_theme(rng, level);
  const SetOptions opt = options_for(theme, rng.below(3));
  int melds = 0;
  if (level >= 2 && theme != Theme::kPinfu && rng.chance(level == 2 ? 65 : 50))
    melds = rng.between(1, level == 2 ? 2 : 3);
  if (theme == Theme::kTanyao && melds > 0 && !rules.open_tanyao) melds = 0;
  TilePool pool;
  for (int i = 0; i < 4; ++i) {
    std::optional<Set3> s;
    if (i == 0 && theme == Theme::kYakuhai) {
      const int k = value_honour(rng, ctx.seat, ctx.round_wind);
      if (pool.fits(k, 3)) s = Set3{false, k};
      if (s) pool.take(*s);
    }
    if (!s) s = random_set(rng, pool, opt);
    if (!s) return false;
    if (i < melds)
      out.hand.melds.push_back(meld_from_set(rng, *s, pool, level >= 3));
    else
      append(out.hand.concealed, *s);
  }
  const auto pair = random_pair(rng, pool, opt);
  if (!pair) return false;
  append_kind(out.hand.concealed, *pair, 2);
  return true;
}

bool seven_pairs(Rng& rng, Drawn& out) {
  const SetOptions opt = options_for(rng.chance(30) ? Theme::kTanyao : Theme::kAny, 0);
  TilePool pool;
  for (int i = 0; i < 7; ++i) {
    const int k = random_kind(rng, opt);
    if (pool.used()[k] != 0) return false;
    pool.take(k, 2);
    append_kind(out.hand.concealed, k, 2);
  }
  return true;
}

// Level 4's yakuman themes: daisangen, suuankou, kokushi, tsuuiisou.
bool yakuman_hand(Rng& rng, Drawn& out) {
  out.yakuman_theme = true;
  TilePool pool;
  std::vector<Tile>& c = out.hand.concealed;
  switch (rng.below(4)) {
    case 0:  // three dragon pungs
      for (int k = kWhite; k <= kRed; ++k) {
        pool.take(k, 3);
        append_kind(c, k, 3);
      }
      break;
    case 1: {  // four concealed pungs
      SetOptions pungs;
      pungs.sequence_percent = 0;
      for (int i = 0; i < 3; ++i) {
        const auto s = random_set(rng, pool, pungs);
        if (!s) return false;
        append(c, *s);
      }
      break;
    }
    case 2:  // thirteen orphans
      for (int k : kYaochuuKinds) append_kind(c, k);
      append_kind(c, kYaochuuKinds[static_cast<std::size_t>(rng.below(13))]);
      return true;
    default: {  // all honours
      SetOptions honours;
      honours.suits = kHonours;
      for (int i = 0; i < 3; ++i) {
        const auto s = random_set(rng, pool, honours);
        if (!s) return false;
        append(c, *s);
      }
      const auto s = random_set(rng, pool, honours);
      const auto p = random_pair(rng, pool, honours);
      if (!s || !p) return false;
      append(c, *s);
      append_kind(c, *p, 2);
      return true;
    }
  }
  SetOptions any;
  any.sequence_percent = 0;
  const auto s = random_set(rng, pool, any);
  const auto p = random_pair(rng, pool, SetOptions{});
  if (!s || !p) return false;
  append(c, *s);
  append_kind(c, *p, 2);
  return true;
}

// Red fives under rules that have them: each five may be the red copy (one per suit).
void add_red_fives(Rng& rng, Hand& hand) {
  bool used[3] = {false, false, false};
  auto mark = [&](Tile& t) {
    if (!is_five(t.kind) || used[t.kind / 9] || !rng.chance(40)) return;
    t.red = true;
    used[t.kind / 9] = true;
  };
  for (Tile& t : hand.concealed) mark(t);
  for (Meld& m : hand.melds)
    for (int i = 0; i < m.size(); ++i) mark(m.tiles[static_cast<std::size_t>(i)]);
}

// Indicators drawn from the copies the hand leaves.
std::vector<Tile> indicators(Rng& rng, TilePool& pool, int n) {
  std::vector<Tile> out;
  while (static_cast<int>(out.size()) < n) {
    const int k = rng.below(kNumKinds);
    if (!pool.fits(k, 1)) continue;
    pool.take(k);
    out.push_back(Tile{static_cast<std::uint8_t>(k), false});
  }
  return out;
}

int kans_of(const Hand& h) {
  return static_cast<int>(
      std::count_if(h.melds.begin(), h.melds.end(), [](const Meld& m) { return m.is_kan(); }));
}

void draw_context(Rng& rng, int level, const Hand& hand, WinContext& c) {
  const bool closed =
      std::none_of(hand.melds.begin(), hand.melds.end(), [](const Meld& m) { return m.is_open(); });
  c.tsumo = rng.chance(45);
  c.riichi = closed && rng.chance(level == 1 ? 65 : 50);
  if (level >= 4 && c.riichi) {
    c.double_riichi = rng.chance(8);
    c.ippatsu = rng.chance(15);
  }
  if (level >= 4) {
    if (c.tsumo && kans_of(hand) > 0 && rng.chance(30))
      c.rinshan = true;
    else if (rng.chance(6))
      (c.tsumo ? c.haitei : c.houtei) = true;
  }
  if (level >= 2) {
    c.honba = rng.chance(40) ? rng.between(1, level == 2 ? 2 : 5) : 0;
    c.riichi_sticks = rng.chance(30) ? rng.between(1, level == 2 ? 1 : 3) : 0;
  }
}

// The value suits the level.
bool suits_level(int level, const ScoreResult& r, const Hand& hand) {
  switch (level) {
    case 1:
      return hand.melds.empty() && r.limit == Limit::kNone;
    case 2:
      return r.yakuman_units == 0 && r.han <= 5;
    case 3:
      return r.yakuman_units == 0;
    default:
      return true;
  }
}

std::string title_of(const WinVector& v) {
  const WinContext& c = v.context;
  std::string t = c.seat == 0 ? "Dealer " : "Non-dealer ";
  t += c.tsumo ? "tsumo" : "ron";
  const bool open = std::any_of(v.hand.melds.begin(), v.hand.melds.end(),
                                [](const Meld& m) { return m.is_open(); });
  t += open ? ", open hand" : ", closed hand";
  return t;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

bool all_digits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

int number(std::string_view s, std::string_view word) {
  if (!all_digits(s) || s.size() > 6)
    throw DrillError("'" + std::string(word) + "' is not a number");
  return std::stoi(std::string(s));
}

std::string limit_text(Limit limit, int units) {
  return limit == Limit::kNone ? "no limit" : limit_name(limit, units);
}

}  // namespace

ScoreProblem make_score_problem(const ProblemId& id, const Rules& rules) {
  check_problem_id(id);
  if (id.kind != DrillKind::kScore) throw DrillError("not a score problem id");
  Rng rng(problem_seed(id));
  for (int t = 0; t < kTries; ++t) {
    WinVector v;
    WinContext& c = v.context;
    c.seat = id.level == 1 ? (rng.chance(25) ? 0 : rng.between(1, 3)) : rng.below(4);
    c.round_wind = id.level >= 3 && rng.chance(10) ? 2 : rng.below(2);
    Drawn d;
    const int form = rng.below(100);
    bool ok = false;
    if (id.level >= 4 && form < 10)
      ok = yakuman_hand(rng, d);
    else if (id.level >= 3 && form < (id.level >= 4 ? 25 : 10))
      ok = seven_pairs(rng, d);
    else
      ok = standard_hand(rng, id.level, rules, c, d);
    if (!ok) continue;
    if (rules.red_fives && id.level >= 3) add_red_fives(rng, d.hand);
    v.hand = d.hand;
    const std::size_t w =
        static_cast<std::size_t>(rng.below(static_cast<int>(v.hand.concealed.size())));
    v.win = v.hand.concealed[w];
    v.hand.concealed.erase(v.hand.concealed.begin() + static_cast<std::ptrdiff_t>(w));
    draw_context(rng, id.level, v.hand, c);
    if (d.yakuman_theme && !v.hand.melds.empty()) continue;
    TilePool pool;
    for (Tile x : v.hand.concealed) pool.take(x.kind);
    for (const Meld& m : v.hand.melds)
      for (Tile x : m.view()) pool.take(x.kind);
    pool.take(v.win.kind);
    const int shown = 1 + kans_of(v.hand);
    c.dora_indicators = indicators(rng, pool, shown);
    if (c.riichi && id.level >= 3) c.ura_indicators = indicators(rng, pool, shown);
    ScoreResult r = score(v.hand, v.win, c, rules);
    if (!r.ok() || !suits_level(id.level, r, v.hand)) continue;
    ScoreProblem p;
    p.id = id;
    p.rules = rules;
    p.text = format_win_vector(v);
    p.title = title_of(v);
    p.vector = std::move(v);
    p.key = std::move(r);
    return p;
  }
  throw DrillError("score level " + std::to_string(id.level) + ": no valid win found under " +
                   rules.name + " (generator exhausted)");
}

std::optional<Limit> parse_limit(std::string_view word) {
  const std::string w = lower(word);
  if (w == "mangan") return Limit::kMangan;
  if (w == "haneman") return Limit::kHaneman;
  if (w == "baiman") return Limit::kBaiman;
  if (w == "sanbaiman") return Limit::kSanbaiman;
  if (w == "kazoe" || w == "kazoe_yakuman" || w == "kazoe-yakuman") return Limit::kKazoeYakuman;
  if (w == "yakuman") return Limit::kYakuman;
  return std::nullopt;
}

ScoreAnswer parse_score_answer(std::string_view text) {
  ScoreAnswer a;
  std::vector<std::string> words;
  std::string cur;
  for (char ch : text) {
    if (ch == ' ' || ch == ',' || ch == '\t' || ch == ';') {
      if (!cur.empty()) words.push_back(lower(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) words.push_back(lower(cur));
  if (words.empty()) throw DrillError("give han, fu and the payment, e.g. \"3 30 3900\"");
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i];
    const auto next_is = [&](const char* s) { return i + 1 < words.size() && words[i + 1] == s; };
    if (w == "all" || w == "han" || w == "fu") continue;
    if (w.size() > 3 && w.rfind("han") == w.size() - 3) {
      a.han = number(w.substr(0, w.size() - 3), words[i]);
    } else if (w.size() > 2 && w.rfind("fu") == w.size() - 2 &&
               all_digits(w.substr(0, w.size() - 2))) {
      a.fu = number(w.substr(0, w.size() - 2), words[i]);
    } else if (w.rfind("yakuman", 0) == 0 && w != "yakuman") {  // yakumanx2
      a.limit = Limit::kYakuman;
      const std::string rest = w.substr(7);
      a.yakuman_units = number(rest.substr(rest[0] == 'x' ? 1 : 0), words[i]);
    } else if (w == "kazoe" && next_is("yakuman")) {
      a.limit = Limit::kKazoeYakuman;
      ++i;
    } else if (const auto limit = parse_limit(w)) {
      a.limit = limit;
      if (*limit == Limit::kYakuman && i + 1 < words.size() && words[i + 1].size() > 1 &&
          words[i + 1][0] == 'x' && all_digits(words[i + 1].substr(1))) {
        a.yakuman_units = number(words[i + 1].substr(1), words[i + 1]);
        ++i;
      }
    } else if (const auto slash = w.find('/'); slash != std::string::npos) {
      a.payment = {number(w.substr(0, slash), words[i]), number(w.substr(slash + 1), words[i])};
    } else if (all_digits(w)) {
      const int n = number(w, words[i]);
      if (next_is("han"))
        a.han = n;
      else if (next_is("fu"))
        a.fu = n;
      else if (n >= 200)
        a.payment = {n};
      else if (!a.han && !a.limit)
        a.han = n;
      else if (!a.fu)
        a.fu = n;
      else
        throw DrillError("'" + w + "': han and fu are already given; payments are 200 or more");
    } else {
      throw DrillError("cannot read '" + w +
                       "' (give han, fu and the payment like \"3 30 3900\", \"30fu\", "
                       "\"1000/2000\", or a limit: mangan, haneman, baiman, sanbaiman, yakuman)");
    }
  }
  if (a.payment.empty()) throw DrillError("the payment is missing (e.g. 3900 or 1000/2000)");
  return a;
}

std::vector<int> expected_payment(const ScoreProblem& p) {
  const Payments& pay = p.key.payments;
  if (!p.vector.context.tsumo) return {pay.ron};
  if (p.vector.context.seat == 0) return {pay.each};
  return {pay.non_dealer, pay.dealer};
}

std::string payment_text(const std::vector<int>& payment, bool tsumo, bool dealer) {
  if (payment.empty()) return "(none)";
  if (payment.size() == 2) return std::to_string(payment[0]) + "/" + std::to_string(payment[1]);
  return std::to_string(payment[0]) + (tsumo && dealer ? " all" : "");
}

ScoreGrade grade_score(const ScoreProblem& p, const ScoreAnswer& a) {
  const ScoreResult& k = p.key;
  const bool yakuman = k.yakuman_units > 0;
  const bool tsumo = p.vector.context.tsumo, dealer = p.vector.context.seat == 0;
  ScoreGrade g;
  if (a.han || (!a.limit && !yakuman)) {
    g.han.checked = !yakuman;
    g.han.expected = yakuman ? "yakuman (han are not counted)" : std::to_string(k.han) + " han";
    g.han.given = a.han ? std::to_string(*a.han) + " han" : "(none)";
    g.han.ok = !yakuman && a.han == k.han;
  }
  if ((a.fu || !a.limit) && !yakuman && k.han <= 4) {
    g.fu.checked = true;
    g.fu.expected = std::to_string(k.fu) + " fu";
    g.fu.given = a.fu ? std::to_string(*a.fu) + " fu" : "(none)";
    g.fu.ok = a.fu == k.fu;
  }
  if (a.limit || yakuman) {
    g.limit.checked = true;
    g.limit.expected = limit_text(k.limit, k.yakuman_units);
    g.limit.given = a.limit ? limit_text(*a.limit, a.yakuman_units) : "(none)";
    g.limit.ok =
        a.limit == k.limit && (k.limit != Limit::kYakuman || a.yakuman_units == k.yakuman_units);
  }
  const std::vector<int> want = expected_payment(p);
  g.payment.checked = true;
  g.payment.expected = payment_text(want, tsumo, dealer);
  g.payment.given = payment_text(a.payment, tsumo, dealer);
  g.payment.ok = a.payment == want;
  g.correct = g.payment.ok && (!g.han.checked || g.han.ok) && (!g.fu.checked || g.fu.ok) &&
              (!g.limit.checked || g.limit.ok) && (g.han.checked || g.limit.checked);
  std::string value = yakuman ? limit_text(k.limit, k.yakuman_units)
                              : std::to_string(k.han) + " han " + std::to_string(k.fu) + " fu";
  if (!yakuman && k.limit != Limit::kNone) value += " (" + limit_text(k.limit, 0) + ")";
  if (g.correct) {
    g.summary = "Right: " + value + ", " + g.payment.expected + ".";
    return g;
  }
  std::vector<std::string> wrong;
  for (const PartGrade* part : {&g.han, &g.fu, &g.limit, &g.payment})
    if (part->checked && !part->ok)
      wrong.push_back(part->expected + " (you said " + part->given + ")");
  if (!yakuman && !g.han.checked && !g.limit.checked)
    wrong.push_back("give han and fu, or the limit");
  g.summary = "Not quite: it is " + value + ", paying " + g.payment.expected + ". Check: ";
  for (std::size_t i = 0; i < wrong.size(); ++i) g.summary += (i ? "; " : "") + wrong[i];
  g.summary += ".";
  return g;
}

}  // namespace riichi::drill
