#!/usr/bin/python3
"""The reference hand-value model of ../shared/ev-reference/MODEL.md, written from MODEL.md alone
(not from src/eval), for tools/ev_reference_check.py: the 37 tile ids (red fives separate), the
wall with discards returned, the `S0 - t` denominator, the state graph with the `extra = 1` bound
and its two-way edges (MODEL.md 7.1), necessary / unnecessary tiles over the regular, chiitoitsu
and kokushi forms, the backward recursion of section 6, and the scoring of section 3 (closed
riichi + menzen tsumo, yaku, fu, limits without kiriage, dora, red fives, the ura expectation,
yakuman multiples, the reading choice by pattern han then fu).
"""

import math
from functools import lru_cache

import numpy as np

# ---------------------------------------------------------------------------------------------
# Tiles: ids 0-8 man 1-9, 9-17 pin, 18-26 sou, 27-33 honours E S W N haku hatsu chun,
# 34 35 36 the red fives 0m 0p 0s. Kinds: the 34 first ids (a red five is of kind 5).
NUM_IDS = 37
RED_OF_KIND = {4: 34, 13: 35, 22: 36}
KIND_OF_ID = list(range(34)) + [4, 13, 22]
WIND_IDS = {"E": 27, "S": 28, "W": 29, "N": 30}
DRAGONS = (31, 32, 33)
TERMINAL_HONOUR = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = {19, 20, 21, 23, 25, 32}  # 2 3 4 6 8 sou, hatsu


class InputError(Exception):
    pass


def tile_name(i):
    if i >= 34:
        return "0" + "mps"[i - 34]
    if i >= 27:
        return f"{i - 26}z"
    return f"{i % 9 + 1}{'mps'[i // 9]}"


def parse_tiles(text, what):
    """mpsz notation (0 = red five) -> list of ids; raises InputError naming the bad part."""
    ids, digits = [], []
    for pos, ch in enumerate(text):
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpsz":
            if not digits:
                raise InputError(f"{what} '{text}': suit '{ch}' at {pos} without digits")
            for d in digits:
                n = int(d)
                if ch == "z":
                    if not 1 <= n <= 7:
                        raise InputError(f"{what} '{text}': no honour {n}z")
                    ids.append(26 + n)
                elif n == 0:
                    ids.append(34 + "mps".index(ch))
                else:
                    ids.append("mps".index(ch) * 9 + n - 1)
            digits = []
        else:
            raise InputError(f"{what} '{text}': unexpected '{ch}' at {pos}")
    if digits:
        raise InputError(f"{what} '{text}': digits without a suit at the end")
    return ids


def kinds_of(counts):
    k = list(counts[:34])
    k[4] += counts[34]
    k[13] += counts[35]
    k[22] += counts[36]
    return tuple(k)


def dora_of(kind):
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind < 31:
        return 27 if kind == 30 else kind + 1
    return 31 if kind == 33 else kind + 1


# ---------------------------------------------------------------------------------------------
# Shanten (min over regular, chiitoitsu, kokushi) by a decomposition search of each suit.


def group_targets(size, honour):
    """{(sets, pairs): array of the count vectors of `sets` sets and `pairs` (0/1) pair within
    one suit (size 9) or the honours (size 7), every kind at most four times."""
    set_vectors = []
    for i in range(size):
        v = [0] * size
        v[i] = 3
        set_vectors.append(v)
    if not honour:
        for i in range(7):
            v = [0] * size
            v[i] = v[i + 1] = v[i + 2] = 1
            set_vectors.append(v)
    targets = {}
    combos = {(): [0] * size}
    for m in range(5):
        if m:
            nxt = {}
            for key, v in combos.items():
                start = key[-1] if key else 0
                for j in range(start, len(set_vectors)):
                    w = [a + b for a, b in zip(v, set_vectors[j])]
                    if max(w) <= 4:
                        nxt[key + (j,)] = w
            combos = nxt
        vectors = {tuple(v) for v in combos.values()}
        targets[(m, 0)] = vectors
        with_pair = set()
        for v in vectors:
            for i in range(size):
                if v[i] + 2 <= 4:
                    w = list(v)
                    w[i] += 2
                    with_pair.add(tuple(w))
        targets[(m, 1)] = with_pair
    return {k: np.array(sorted(v), dtype=np.int64).reshape(-1, size)
            for k, v in targets.items() if v}


SUIT_TARGETS = group_targets(9, False)
HONOUR_TARGETS = group_targets(7, True)


INF = 99


@lru_cache(maxsize=None)
def group_missing(counts, honour):
    """Fewest tiles missing to hold m sets and p pairs (p 0/1) in this group, at index 2m + p."""
    have = np.array(counts, dtype=np.int64)
    table = HONOUR_TARGETS if honour else SUIT_TARGETS
    out = [INF] * 10
    for (m, p), t in table.items():
        out[2 * m + p] = int(np.maximum(t - have, 0).sum(axis=1).min())
    return tuple(out)


def combine(a, b):
    out = [INF] * 10
    for i in range(10):
        if a[i] >= INF:
            continue
        for j in range(10 - (i & ~1)):
            if (i & 1) + (j & 1) > 1 or b[j] >= INF:
                continue
            k = i + j
            if a[i] + b[j] < out[k]:
                out[k] = a[i] + b[j]
    return tuple(out)


@lru_cache(maxsize=None)
def two_suits(first, second):
    return combine(group_missing(first, False), group_missing(second, False))


@lru_cache(maxsize=None)
def suit_and_honours(suit, honours):
    return combine(group_missing(suit, False), group_missing(honours, True))


@lru_cache(maxsize=None)
def regular_shanten(kinds):
    """Tiles missing to the nearest four sets and a pair (each kind at most four times), less
    one. MODEL.md section 4 does not say which shanten; this one is riichi's (docs/eval.md) and,
    unlike the usual block count 8 - 2 sets - partial sets - head, it knows that four copies of
    a kind cannot wait on a fifth: 123m456m789s9999p is 1-shanten, not tenpai. Both give the
    examples to 6 digits; they differ only on hands holding four of a kind."""
    a = two_suits(kinds[0:9], kinds[9:18])
    b = suit_and_honours(kinds[18:27], tuple(sorted(kinds[27:34])))
    best = min(a[i] + b[9 - i] for i in range(10))
    return best - 1


def chiitoi_shanten(kinds):
    pairs = sum(1 for c in kinds if c >= 2)
    types = sum(1 for c in kinds if c >= 1)
    return 6 - pairs + max(0, 7 - types)


def kokushi_shanten(kinds):
    present = sum(1 for i in TERMINAL_HONOUR if kinds[i])
    pair = any(kinds[i] >= 2 for i in TERMINAL_HONOUR)
    return 13 - present - (1 if pair else 0)


@lru_cache(maxsize=None)
def shanten(kinds):
    return min(regular_shanten(kinds), chiitoi_shanten(kinds), kokushi_shanten(kinds))


# ---------------------------------------------------------------------------------------------
# Scoring of a closed tsumo win (MODEL.md section 3).


def ceil100(x):
    return (x + 99) // 100 * 100


def basic_points(han, fu):
    if han >= 13:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5:
        return 2000
    return min(2000, fu * (1 << (2 + han)))


def tsumo_total(basic, dealer):
    if dealer:
        return 3 * ceil100(2 * basic)
    return ceil100(2 * basic) + 2 * ceil100(basic)


def regular_readings(kinds):
    """Every (pair kind, [blocks]) with blocks ('s', start) or ('t', kind), for a 14-tile hand."""
    out = []
    c = list(kinds)

    def rec(i, blocks, pair):
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            out.append((pair, list(blocks)))
            return
        if c[i] >= 3:
            c[i] -= 3
            blocks.append(("t", i))
            rec(i, blocks, pair)
            blocks.pop()
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            blocks.append(("s", i))
            rec(i, blocks, pair)
            blocks.pop()
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1

    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            rec(0, [], p)
            c[p] += 2
    return out


def is_terminal_or_honour(k):
    return k >= 27 or k % 9 in (0, 8)


class WinContext:
    def __init__(self, seat, round_wind, indicators):
        self.seat = seat
        self.round = round_wind
        self.dealer = seat == 27
        self.indicators = indicators  # ids
        self.dora_kinds = [dora_of(KIND_OF_ID[i]) for i in indicators]

    def yakuhai_kinds(self):
        return set(DRAGONS) | {self.seat, self.round}


def yakuman_multiple(kinds, win, ctx, readings):
    """Sum of the yakuman multiples of a complete 14-tile hand (0 if none)."""
    total = 0
    if kokushi_shanten(kinds) == -1:
        return 2 if kinds[win] == 2 else 1
    honours_only = all(kinds[k] == 0 for k in range(27))
    if chiitoi_shanten(kinds) == -1 and not readings:
        return 1 if honours_only else 0
    if honours_only:
        total += 1
    if all(kinds[k] == 0 or (k < 27 and k % 9 in (0, 8)) for k in range(34)):
        total += 1  # chinroutou
    if all(kinds[k] == 0 or k in GREEN for k in range(34)):
        total += 1  # ryuuiisou
    for s in range(3):
        suit = kinds[9 * s:9 * s + 9]
        if sum(suit) == 14:
            need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
            if all(suit[i] >= need[i] for i in range(9)):
                before = list(suit)
                before[win - 9 * s] -= 1
                total += 2 if before == need else 1
    best_reading = 0
    for pair, blocks in readings:
        v = 0
        trip = [b[1] for b in blocks if b[0] == "t"]
        if len(trip) == 4:
            v += 2 if pair == win else 1  # suuankou (tsumo: every triplet concealed)
        if all(d in trip for d in DRAGONS):
            v += 1
        winds = [k for k in trip if 27 <= k <= 30]
        if len(winds) == 4:
            v += 2
        elif len(winds) == 3 and 27 <= pair <= 30:
            v += 1
        best_reading = max(best_reading, v)
    return total + best_reading


def reading_yaku(pair, blocks, win, kinds, ctx):
    """Pattern han and fu of each way the winning tile sits in this reading: [(pattern, fu)]."""
    yh = ctx.yakuhai_kinds()
    seqs = sorted(b[1] for b in blocks if b[0] == "s")
    trips = [b[1] for b in blocks if b[0] == "t"]
    pattern = 0
    peikou = sum(seqs.count(s) // 2 for s in set(seqs))
    if peikou == 2:
        pattern += 3
    elif peikou == 1:
        pattern += 1
    if len(trips) == 4:
        pattern += 2  # toitoi
    if len(trips) >= 3:
        pattern += 2  # sanankou (tsumo)
    for n in range(9):
        if all(s * 9 + n in trips for s in range(3)):
            pattern += 2  # sanshoku doukou
        if n <= 6 and all(s * 9 + n in seqs for s in range(3)):
            pattern += 2  # sanshoku doujun
    for s in range(3):
        if all(s * 9 + n in seqs for n in (0, 3, 6)):
            pattern += 2  # ittsu
    if seqs:
        units = [pair] + trips
        all_t = all(is_terminal_or_honour(k) for k in units) and all(
            s % 9 in (0, 6) for s in seqs)
        if all_t:
            honours = any(k >= 27 for k in units)
            pattern += 2 if honours else 3  # chanta / junchan
    pair_fu = (2 if pair in DRAGONS else 0) + (2 if pair == ctx.seat else 0) + (
        2 if pair == ctx.round else 0)
    trip_fu = sum(8 if is_terminal_or_honour(k) else 4 for k in trips)
    out = []
    # where the winning tile sits: the pair (tanki), a triplet (shanpon), a sequence
    if pair == win:
        out.append((pattern, 20 + 2 + 2 + pair_fu + trip_fu))
    if win in trips:
        out.append((pattern, 20 + 2 + pair_fu + trip_fu))
    for s in set(seqs):
        if s <= win <= s + 2:
            pos = win - s
            if pos == 1:
                wait_fu = 2  # kanchan
            elif (pos == 2 and s % 9 == 0) or (pos == 0 and s % 9 == 6):
                wait_fu = 2  # penchan
            else:
                wait_fu = 0  # ryanmen
            if wait_fu == 0 and len(seqs) == 4 and pair not in yh:
                out.append((pattern + 1, 20))  # pinfu tsumo
            else:
                out.append((pattern, 20 + 2 + wait_fu + pair_fu + trip_fu))
    return out


def common_han(kinds, ctx, trips, pair, chiitoi):
    """Han of the yaku that do not depend on the reading, plus dora (no red fives)."""
    han = 1  # menzen tsumo
    present = [k for k in range(34) if kinds[k]]
    if all(not is_terminal_or_honour(k) for k in present):
        han += 1  # tanyao
    suits = {k // 9 for k in present if k < 27}
    honours = any(k >= 27 for k in present)
    if len(suits) == 1:
        han += 3 if honours else 6  # honitsu / chinitsu
    if all(is_terminal_or_honour(k) for k in present):
        han += 2  # honroutou (toitoi or chiitoitsu form: chinroutou / tsuuiisou are yakuman)
    if not chiitoi:
        for k in trips:
            if k in DRAGONS:
                han += 1
            if k == ctx.seat:
                han += 1
            if k == ctx.round:
                han += 1
        if sum(1 for d in DRAGONS if d in trips) == 2 and pair in DRAGONS:
            han += 2  # shousangen
    han += sum(kinds[d] for d in ctx.dora_kinds)
    return han


def ura_distribution(kinds, wall_kinds, n_ind):
    """P(k ura) for n_ind indicators drawn without replacement from wall_kinds (34 counts)."""
    groups = [0] * 5
    for y in range(34):
        if wall_kinds[y]:
            groups[kinds[dora_of(y)]] += wall_kinds[y]
    n_total = sum(wall_kinds)
    dist = {}

    def rec(v, left, ways, k):
        if v == 5:
            if left == 0:
                dist[k] = dist.get(k, 0) + ways
            return
        for n in range(0, min(left, groups[v]) + 1):
            rec(v + 1, left - n, ways * math.comb(groups[v], n), k + v * n)

    rec(0, n_ind, 1, 0)
    denom = math.comb(n_total, n_ind)
    return {k: w / denom for k, w in dist.items()}


def win_score(counts, win_id, riichi, ctx, wall_counts):
    """Points of a tsumo win on the 14-tile hand `counts` (37 ids), win_id the drawn tile."""
    kinds = kinds_of(counts)
    win = KIND_OF_ID[win_id]
    readings = regular_readings(kinds)
    ym = yakuman_multiple(kinds, win, ctx, readings)
    if ym:
        return float(tsumo_total(8000 * ym, ctx.dealer))
    if readings:
        best = None
        for pair, blocks in readings:
            for pattern, fu in reading_yaku(pair, blocks, win, kinds, ctx):
                key = (pattern, fu)
                if best is None or key > best[0]:
                    best = (key, pair, blocks)
        (pattern, fu), pair, blocks = best
        trips = [b[1] for b in blocks if b[0] == "t"]
        han = pattern + common_han(kinds, ctx, trips, pair, False)
        fu = (fu + 9) // 10 * 10
    elif chiitoi_shanten(kinds) == -1:
        han = 2 + common_han(kinds, ctx, [], None, True)
        fu = 25
    else:
        raise AssertionError("not a complete hand")
    han += counts[34] + counts[35] + counts[36]
    if riichi:
        han += 1
    if not riichi:
        return float(tsumo_total(basic_points(han, fu), ctx.dealer))
    wall_kinds = kinds_of(wall_counts)
    total = 0.0
    for k, p in ura_distribution(kinds, wall_kinds, len(ctx.indicators)).items():
        total += p * tsumo_total(basic_points(han + min(k, 12), fu), ctx.dealer)
    return total


# ---------------------------------------------------------------------------------------------
# The state graph (MODEL.md section 4) and the recursion (section 6).

T_MAX = 18


class Model:
    def __init__(self, hand_ids, indicator_ids, seat, round_wind):
        self.hand0 = [0] * NUM_IDS
        for i in hand_ids:
            self.hand0[i] += 1
        self.hand0 = tuple(self.hand0)
        self.ctx = WinContext(seat, round_wind, indicator_ids)
        physical = [4] * 34 + [1, 1, 1]
        for k in (4, 13, 22):
            physical[k] = 3
        seen = list(self.hand0)
        for i in indicator_ids:
            seen[i] += 1
        self.wall0 = tuple(physical[i] - seen[i] for i in range(NUM_IDS))
        for i in range(NUM_IDS):
            if self.wall0[i] < 0:
                raise InputError(f"more than the existing copies of {tile_name(i)} "
                                 "in the hand and dora indicators")
        self.s0_total = 136 - 14 - len(indicator_ids)
        self.shanten0 = shanten(kinds_of(self.hand0))
        if self.shanten0 < 0:
            raise InputError("the hand is already complete")
        self.score_cache = {}

    def wall(self, h, x):
        return self.wall0[x] + self.hand0[x] - h[x]

    def dist(self, h):
        return sum(max(a - b, 0) for a, b in zip(h, self.hand0))

    def can_extend(self, h, s):
        return self.dist(h) + s < self.shanten0 + 1

    def score(self, H, x, riichi):
        key = (H, x, riichi)
        if key not in self.score_cache:
            wall = tuple(self.wall0[i] + self.hand0[i] - H[i] for i in range(NUM_IDS))
            self.score_cache[key] = win_score(H, x, riichi, self.ctx, wall)
        return self.score_cache[key]

    def build(self):
        draw_idx, disc_idx = {}, {}
        draw_list, disc_list = [], []
        edges = {}
        todo = []

        def node(kind, index, nodes, h, r):  # the node (h, r) of one side, made on first sight
            key = (h, r)
            if key not in index:
                index[key] = len(nodes)
                nodes.append(key)
                todo.append((kind, key))
            return index[key]

        def draw_node(h, r):
            return node("d", draw_idx, draw_list, h, r)

        def disc_node(H, r):
            return node("D", disc_idx, disc_list, H, r)

        root = disc_node(self.hand0, False)
        self.results = {}
        while todo:
            kind, (hand, r) = todo.pop()
            kinds = kinds_of(hand)
            s = shanten(kinds)
            ext = (not r) and self.can_extend(hand, s)
            if kind == "d":
                d = draw_idx[(hand, r)]
                for x in range(NUM_IDS):
                    w = self.wall(hand, x)
                    if w <= 0:
                        continue
                    k2 = list(kinds)
                    k2[KIND_OF_ID[x]] += 1
                    s2 = shanten(tuple(k2))
                    if s2 < s or ext:
                        H = list(hand)
                        H[x] += 1
                        H = tuple(H)
                        D = disc_node(H, r)
                        if (d, D) not in edges:
                            sc = self.score(H, x, r) if s2 == -1 else 0.0
                            edges[(d, D)] = (w, sc)
            else:
                D = disc_idx[(hand, r)]
                for x in range(NUM_IDS):
                    if hand[x] == 0:
                        continue
                    k2 = list(kinds)
                    k2[KIND_OF_ID[x]] -= 1
                    unnecessary = shanten(tuple(k2)) == s
                    if unnecessary or ext:
                        r2 = True if (s == 0 and unnecessary) else r
                        h = list(hand)
                        h[x] -= 1
                        h = tuple(h)
                        d = draw_node(h, r2)
                        if D == root:
                            self.results[x] = d
                        if (d, D) not in edges:
                            sc = self.score(hand, x, r2) if s == -1 else 0.0
                            edges[(d, D)] = (self.wall(h, x), sc)
        self.draw_list, self.disc_list, self.edges = draw_list, disc_list, edges

    def evaluate(self):
        """{discard id: (tenpai[19], win[19], exp[19])}, index = turn (0 left at 0)."""
        self.build()
        nd, nD = len(self.draw_list), len(self.disc_list)
        src = np.array([e[0] for e in self.edges], dtype=np.int64)
        dst = np.array([e[1] for e in self.edges], dtype=np.int64)
        w = np.array([v[0] for v in self.edges.values()], dtype=np.float64)
        sc = np.array([v[1] for v in self.edges.values()], dtype=np.float64)
        is_win = sc > 0
        tenpai_d = np.array([shanten(kinds_of(h)) == 0 for h, _ in self.draw_list])
        vals = np.zeros((T_MAX + 1, 3, nd))
        vals[T_MAX, 0] = tenpai_d.astype(np.float64)
        disc = self.disc_values(vals[T_MAX], dst, src, nD)
        for t in range(T_MAX - 1, 0, -1):
            nxt = disc[:, dst]  # (3, E): the discard node's values at t + 1
            nxt = nxt.copy()
            nxt[0, is_win] = 1.0
            nxt[1, is_win] = 1.0
            nxt[2, is_win] = np.maximum(sc[is_win], nxt[2, is_win])
            prev = vals[t + 1]
            for m in range(3):
                acc = np.bincount(src, weights=w * (nxt[m] - prev[m, src]), minlength=nd)
                vals[t, m] = prev[m] + acc / (self.s0_total - t)
            vals[t, 0, tenpai_d] = 1.0
            disc = self.disc_values(vals[t], dst, src, nD)
        self.stats = (nd, nD, len(self.edges))
        return {x: tuple(vals[:, m, d] for m in range(3)) for x, d in self.results.items()}

    @staticmethod
    def disc_values(draw_vals, dst, src, nD):
        out = np.zeros((3, nD))
        for m in range(3):
            np.maximum.at(out[m], dst, draw_vals[m, src])
        return out


def parse_wind(text, what):
    t = text.strip().upper()
    if t in WIND_IDS:
        return WIND_IDS[t]
    if t in ("1Z", "2Z", "3Z", "4Z"):
        return 26 + int(t[0])
    raise InputError(f"{what} '{text}': expected E, S, W, N (or 1z-4z)")


def wind_letter(i):
    return "ESWN"[i - 27]


def make_model(hand, dora, seat, round_wind):
    ids = parse_tiles(hand, "hand")
    if len(ids) != 14:
        raise InputError(f"hand '{hand}': {len(ids)} tiles, expected 14 (a closed hand)")
    ind = parse_tiles(dora, "dora indicators")
    if not 1 <= len(ind) <= 5:
        raise InputError(f"dora indicators '{dora}': 1 to 5 expected")
    return Model(ids, ind, parse_wind(seat, "seat"), parse_wind(round_wind, "round"))


def evaluate(hand, dora, seat, round_wind):
    model = make_model(hand, dora, seat, round_wind)
    res = model.evaluate()
    return {tile_name(x): v for x, v in res.items()}, model
