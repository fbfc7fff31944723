"""riichi.Game: actions, observations, planes, clone, record, errors."""

import json
import random

import numpy as np
import pytest

import riichi


def play(game, rng, max_actions=100000):
    n = 0
    while not game.is_over and n < max_actions:
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def test_new_game_deal_follows_the_rules():
    g = riichi.Game("tenhou", seed=3)
    assert not g.is_over
    assert g.to_play == 0  # the initial East draws first
    assert g.hand_name == "East 1"
    assert g.scores == [25000] * 4  # Tenhou starts at 25000
    obs = g.observation(0)
    assert len(obs["concealed"]) == 14  # the dealer's 13 + the first draw
    assert obs["concealed_count"] == [14, 13, 13, 13]
    assert len(obs["dora_indicators"]) == 1
    assert obs["live_tiles_left"] == 136 - 14 - 4 * 13 - 1  # dead wall, deal, first draw
    assert obs["phase"] == "self"
    types = {a["type"] for a in g.legal_actions()}
    assert "discard" in types
    assert g.legal_actions(1) == []  # nothing to do for seat 1


def test_observation_hides_other_hands():
    g = riichi.Game("ema2016", seed=11)
    own0 = set(g.observation(0)["concealed"])
    obs1 = g.observation(1)
    own1 = set(obs1["concealed"])
    assert len(own1) == 13 and not own0 & own1
    # Nothing in seat 1's view names a tile of seat 0's concealed hand, apart from the public
    # dora indicator (never in a hand).
    public = set(obs1["dora_indicators"])
    seen = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k in ("tile", "concealed", "uses", "tiles", "drawn", "last_discard"):
                    seen.update(v if isinstance(v, list) else [v])
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(obs1)
    assert not (seen - public) & own0
    assert obs1["drawn"] == -1


def test_same_seed_same_record_and_replayable_text():
    a = riichi.Game("tenhou", seed=42)
    b = riichi.Game("tenhou", seed=42)
    play(a, random.Random(5))
    play(b, random.Random(5))
    assert a.is_over and b.is_over
    assert a.record() == b.record()
    lines = [json.loads(line) for line in a.record().splitlines()]
    assert lines[0]["seed"] == 42
    assert lines[-1]["type"] == "game_end"
    c = riichi.Game("tenhou", seed=43)
    play(c, random.Random(5))
    assert c.record() != a.record()
    final = a.final_result()
    assert all(1 <= r <= 4 for r in final["ranks"])
    assert 1 in final["ranks"]
    assert sum(final["final_scores"]) == 0  # uma and oka are zero-sum (Tenhou: rounded too)


def test_clone_is_independent():
    g = riichi.Game("ema2016", seed=7)
    rng = random.Random(1)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    before = g.observation(g.to_play)
    before_record = g.record()
    c = g.clone()
    assert c.observation(c.to_play) == before
    play(c, random.Random(2))
    assert c.is_over and not g.is_over
    assert g.observation(g.to_play) == before
    assert g.record() == before_record


def test_illegal_actions_raise_with_the_engine_reason():
    g = riichi.Game("tenhou", seed=1)
    held = set(g.observation(0)["concealed"])
    kinds = {t // 4 for t in held}
    missing = 4 * next(k for k in range(34) if k not in kinds)  # a kind seat 0 does not hold
    with pytest.raises(riichi.RiichiError, match="not a legal action"):
        g.apply({"type": "discard", "seat": 0, "tile": missing})
    with pytest.raises(riichi.RiichiError, match="seat 1 has nothing to do"):
        g.apply({"type": "discard", "seat": 1, "tile": missing})
    with pytest.raises(riichi.RiichiError, match="unknown type 'fold'"):
        g.apply({"type": "fold", "seat": 0})
    with pytest.raises(riichi.RiichiError, match="missing key 'seat'"):
        g.apply({"type": "discard", "tile": 3})
    with pytest.raises(riichi.RiichiError, match="not legal"):
        g.apply(riichi.ACT_PON)
    with pytest.raises(riichi.RiichiError, match="nosuch"):
        riichi.Game("nosuch")
    # Nothing was applied.
    assert g.observation(0)["concealed"] == sorted(held)


def test_action_indices_round_trip():
    g = riichi.Game("tenhou", seed=9)
    rng = random.Random(3)
    for _ in range(200):
        if g.is_over:
            break
        legal = g.legal_actions()
        mask = g.action_mask()
        assert mask.shape == (riichi.NUM_ACTIONS,) and mask.dtype == np.bool_
        indices = {g.action_index(a) for a in legal}
        assert set(np.flatnonzero(mask)) == indices
        for a in legal:
            i = g.action_index(a)
            if a["type"] == "discard":
                kind = a["tile"] // 4
                red = a["tile"] % 4 == 0 and kind in (4, 13, 22)  # tenhou: red fives
                assert i == (34 + kind // 9 if red else kind)
            elif a["type"] == "pass":
                assert i == riichi.ACT_PASS
        g.apply(int(rng.choice(sorted(indices))))


def test_planes_of_a_fresh_deal():
    g = riichi.Game("tenhou", seed=3)
    p = g.observation_planes(0)
    assert p.shape == (riichi.NUM_PLANES, 34) and p.dtype == np.float32
    obs = g.observation(0)
    counts = np.zeros(34)
    for t in obs["concealed"]:
        counts[t // 4] += 1
    assert np.array_equal(p[0:4].sum(axis=0), counts)  # thermometer planes sum to the counts
    assert p[0:4].sum() == 14
    assert p[4].sum() == 1 and p[4][obs["drawn"] // 4] == 1
    assert p[7:127].sum() == 0  # no melds, no discards yet
    assert p[131].sum() == 1 and p[131][obs["dora_indicators"][0] // 4] == 1
    assert p[132:136].sum() == 0
    assert np.allclose(p[136:140], 0.25)  # 25000 / 100000
    assert np.all(p[140] == 1) and p[141:144].sum() == 0  # East round
    assert np.all(p[144] == 1) and p[145:148].sum() == 0  # seat 0 is East
    assert np.allclose(p[150], 69 / 70)
    assert np.all(p[151] == 1)  # hand number 0
    # Seat 1 (South) sees its own 13 tiles and the South seat wind.
    q = g.observation_planes(1)
    assert q[0:4].sum() == 13 and np.all(q[145] == 1)


def test_planes_follow_discards_and_riichi():
    g = riichi.Game("tenhou", seed=5)
    rng = random.Random(8)
    while not g.is_over and g.hand_name == "East 1":
        obs = g.observation(g.to_play)
        if obs["phase"] == "self" and sum(len(d) for d in obs["discards"]) >= 6:
            break
        g.apply(rng.choice(g.legal_actions()))
    seat = g.to_play
    obs = g.observation(seat)
    p = g.observation_planes(seat)
    for rel in range(4):
        discards = obs["discards"][(seat + rel) % 4]
        for n, d in enumerate(discards[:24]):
            assert p[31 + rel * 24 + n][d["tile"] // 4] == 1
        assert p[31 + rel * 24 + len(discards)].sum() == 0 if len(discards) < 24 else True
        assert np.all(p[127 + rel] == (1 if obs["riichi"][(seat + rel) % 4] else 0))


def test_record_replays_with_the_cli(tmp_path):
    import os
    import subprocess

    cli = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(riichi.__file__))),
                       os.pardir, "riichi")
    if not os.path.exists(cli):
        pytest.skip("the CLI is not built")
    g = riichi.Game("ema2016", seed=21, players=["a", "b", "c", "d"])
    play(g, random.Random(4))
    path = tmp_path / "game.jsonl"
    path.write_text(g.record(), encoding="utf-8")
    run = subprocess.run([cli, "replay", "--quiet", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(g.record().splitlines()[0])["players"] == ["a", "b", "c", "d"]


@pytest.mark.parametrize("preset,start", [("mahjongsoul", 25000), ("mleague", 25000), ("wrc", 30000)])
def test_new_presets_play_a_game(preset, start):
    # docs/rules-presets.md: Mahjong Soul and M.League start at 25000, the WRC at 30000.
    assert preset in riichi.presets() and riichi.presets()[preset]
    assert riichi.rules_spec(preset).startswith(preset + ",")
    g = riichi.Game(preset, seed=5)
    assert g.scores == [start] * 4
    rng = random.Random(5)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert sum(g.final_result()["final_scores"]) == 0
