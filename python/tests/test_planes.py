"""The observation planes hold what docs/features.md says: an independent encoder written from
the document (over the observation dict and, for the oracle, Game.record), compared with the
engine's planes at every step of random games."""

import random

import numpy as np
import pytest

import riichi

SEATS = 4


def thermometer(planes, first, counts):
    for kind, n in enumerate(counts):
        for c in range(min(n, 4)):
            planes[first + c, kind] = 1


def first_columns(planes, plane, n):
    planes[plane, :max(0, min(n, 34))] = 1


def red(tile):
    return tile in (16, 52, 88)


def reference_planes(g, seat, groups):
    """docs/features.md, table by table."""
    o = g.observation(seat)
    red_rules = "red_fives=true" in g.rules
    base = 7 + SEATS * (4 + 1 + 1 + 24 + 1) + 5 + 2 * SEATS + 4 + SEATS + SEATS + 3
    extra = (SEATS if "tsumogiri" in groups else 0) + \
        (SEATS + SEATS * (SEATS - 1) if "call_sources" in groups else 0) + \
        (2 if "shanten" in groups else 0)
    p = np.zeros((base + extra, 34), dtype=np.uint8)
    counts = np.bincount([t // 4 for t in o["concealed"]], minlength=34)
    thermometer(p, 0, counts)
    if o["drawn"] >= 0:
        p[4, o["drawn"] // 4] = 1
    if red_rules:
        for t in o["concealed"]:
            if red(t):
                p[5, t // 4] = 1
    if o["last_discard"] >= 0:
        p[6, o["last_discard"] // 4] = 1
    melds_at, kinds_at, riichi_tile_at = 7, 7 + 4 * SEATS, 7 + 5 * SEATS
    order_at = 7 + 6 * SEATS
    riichi_at = order_at + 24 * SEATS
    dora_at = riichi_at + SEATS
    score_at = dora_at + 5
    wind_at = score_at + 2 * SEATS
    seat_wind_at = wind_at + 4
    hand_no_at = seat_wind_at + SEATS
    honba_at = hand_no_at + SEATS
    nxt = base
    tsumogiri_at = called_at = source_at = shanten_at = None
    if "tsumogiri" in groups:
        tsumogiri_at, nxt = nxt, nxt + SEATS
    if "call_sources" in groups:
        called_at, source_at, nxt = nxt, nxt + SEATS, nxt + SEATS + SEATS * (SEATS - 1)
    if "shanten" in groups:
        shanten_at = nxt
    for rel in range(SEATS):
        s = (seat + rel) % SEATS
        meld_counts = np.zeros(34, dtype=int)
        for m in o["melds"][s]:
            for t in m["tiles"]:
                meld_counts[t // 4] += 1
            if source_at is not None and m["from"] >= 0:
                k = (m["from"] - s) % SEATS
                p[source_at + (SEATS - 1) * rel + k - 1, m["tiles"][0] // 4] = 1
        thermometer(p, melds_at + 4 * rel, meld_counts)
        for n, d in enumerate(o["discards"][s]):
            p[kinds_at + rel, d["tile"] // 4] = 1
            if d["riichi"]:
                p[riichi_tile_at + rel, d["tile"] // 4] = 1
            if n < 24:
                p[order_at + 24 * rel + n, d["tile"] // 4] = 1
            if n < 34 and tsumogiri_at is not None and d["tsumogiri"]:
                p[tsumogiri_at + rel, n] = 1
            if n < 34 and called_at is not None and d["called"]:
                p[called_at + rel, n] = 1
        if o["riichi"][s]:
            p[riichi_at + rel] = 1
        points = o["scores"][s]
        first_columns(p, score_at + 2 * rel, abs(points) // 3000)
        first_columns(p, score_at + 2 * rel + 1, min(abs(points) % 3000 // 100, 29))
        if points < 0:
            p[score_at + 2 * rel + 1, 33] = 1
    for n, t in enumerate(o["dora_indicators"]):
        p[dora_at + n, t // 4] = 1
    p[wind_at + o["round_wind"]] = 1
    p[seat_wind_at + (seat - o["dealer"]) % SEATS] = 1
    p[hand_no_at + o["hand_number"]] = 1
    first_columns(p, honba_at, o["honba"])
    first_columns(p, honba_at + 1, o["riichi_sticks"])
    first_columns(p, honba_at + 2, sum(1 for c in range(34) if o["live_tiles_left"] > 2 * c))
    if shanten_at is not None:
        a = riichi.analyze(riichi.format(o["concealed"]))
        p[shanten_at, a["shanten"] + 1] = 1
        if len(o["concealed"]) % 3 == 2:  # the discards that keep the lowest shanten
            best = min(d["shanten"] for d in a["discards"])
            for d in a["discards"]:
                if d["shanten"] == best:
                    p[shanten_at + 1, kind_of(d["tile"])] = 1
        else:  # the kinds whose draw lowers the shanten
            for u in a.get("ukeire") or a.get("waits") or []:
                p[shanten_at + 1, kind_of(u["tile"])] = 1
    return p


def kind_of(tile):
    n, suit = int(tile[0]) or 5, tile[1]
    return "mpsz".index(suit) * 9 + n - 1


@pytest.mark.parametrize("rules,seed,groups", [
    ("tenhou", 2, ("tsumogiri", "call_sources")),
    ("ema2016", 5, ("tsumogiri", "call_sources", "shanten")),
    ("tenhou", 9, ()),
])
def test_planes_match_the_document(rules, seed, groups):
    g = riichi.Game(rules, seed=seed)
    rng = random.Random(seed)
    features = ",".join(groups) if groups else "base"
    checked = 0
    while not g.is_over and checked < 400:
        for seat in range(4):
            got = g.observation_planes(seat, features=features)
            want = reference_planes(g, seat, groups)
            assert got.shape == want.shape and got.dtype == np.uint8
            diff = np.argwhere(got != want)
            assert len(diff) == 0, (f"step {checked} seat {seat}: plane "
                                    f"{riichi.plane_names(features)[diff[0][0]]} column "
                                    f"{diff[0][1]}")
        checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 100


def test_plane_names_and_counts():
    names = riichi.plane_names()
    assert len(names) == riichi.NUM_PLANES == riichi.num_planes() == 179
    assert names[:7] == ["hand>=1", "hand>=2", "hand>=3", "hand>=4", "drawn", "red_fives",
                         "claim_tile"]
    assert riichi.num_planes("base") == 159
    assert riichi.num_planes("all") == 202
    assert riichi.num_planes(["default", "shanten"]) == 181
    assert "oracle_next_draw[0]" in riichi.plane_names("oracle")
    with pytest.raises(riichi.RiichiError, match="unknown group 'tsumogri'"):
        riichi.num_planes("tsumogri")


def test_float32_planes_hold_the_same_values():
    g = riichi.Game("tenhou", seed=4)
    u = g.observation_planes(0)
    f = g.observation_planes(0, dtype=np.float32)
    assert f.dtype == np.float32 and np.array_equal(u, f)
    with pytest.raises(riichi.RiichiError, match="uint8 or float32"):
        g.observation_planes(0, dtype=np.float64)


def test_oracle_shows_every_hand_and_the_next_draw():
    g = riichi.Game("tenhou", seed=12)
    names = riichi.plane_names("oracle")
    p = g.observation_planes(0, features="oracle")
    for rel in (1, 2, 3):
        rows = [names.index(f"oracle_hand[rel{rel}]>={c}") for c in range(1, 5)]
        want = np.bincount([t // 4 for t in g.observation(rel)["concealed"]], minlength=34)
        assert np.array_equal(p[rows].sum(axis=0), want)
    # The tile seat 1 draws next is the first of the oracle's next draws.
    nxt = p[names.index("oracle_next_draw[0]")]
    g.apply([a for a in g.legal_actions(0) if a["type"] == "discard"][0])
    while g.observation(g.to_play)["phase"] == "claim":
        g.apply(next(a for a in g.legal_actions() if a["type"] == "pass"))
    assert g.to_play == 1
    drawn = g.observation(1)["drawn"]
    assert nxt[drawn // 4] == 1 and nxt.sum() == 1
