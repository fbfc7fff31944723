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
    tsumogiri_seen = tedashi_of_drawn_kind = 0
    for _ in range(400):
        if g.is_over:
            break
        legal = g.legal_actions()
        mask = g.action_mask()
        assert mask.shape == (riichi.NUM_ACTIONS,) and mask.dtype == np.bool_
        indices = {g.action_index(a) for a in legal}
        assert set(np.flatnonzero(mask)) == indices
        drawn = g.observation(g.to_play)["drawn"]
        for a in legal:
            i = g.action_index(a)
            if a["type"] == "discard":
                kind = a["tile"] // 4
                red = a["tile"] % 4 == 0 and kind in (4, 13, 22)  # tenhou: red fives
                if a["tsumogiri"]:
                    assert a["tile"] == drawn and i == riichi.ACT_TSUMOGIRI
                    tsumogiri_seen += 1
                else:
                    assert i == (34 + kind // 9 if red else kind)
                    tedashi_of_drawn_kind += drawn >= 0 and kind == drawn // 4
            elif a["type"] == "pass":
                assert i == riichi.ACT_PASS
        g.apply(np.int64(rng.choice(sorted(indices))))  # numpy integers are indices
    assert tsumogiri_seen > 0 and tedashi_of_drawn_kind > 0


def test_apply_refuses_floats_and_bools():
    g = riichi.Game("tenhou", seed=1)
    i = int(np.flatnonzero(g.action_mask())[0])
    with pytest.raises(riichi.RiichiError, match="integer index, got float"):
        g.apply(float(i))
    with pytest.raises(riichi.RiichiError, match="integer index, got bool"):
        g.apply(True)
    g.apply(i)


def test_action_names_and_version():
    assert riichi.action_name(13) == "discard 5p"
    assert riichi.action_name(np.int64(35)) == "discard 0p"
    assert riichi.action_name(riichi.ACT_TSUMOGIRI) == "tsumogiri"
    assert riichi.action_name(riichi.ACT_RIICHI + 27) == "riichi 1z"
    assert riichi.action_name(riichi.ACT_RIICHI_TSUMOGIRI) == "riichi tsumogiri"
    assert riichi.action_name(riichi.ACT_CHI_RED + 2) == "chi high red"
    assert riichi.action_name(riichi.ACT_PON_RED) == "pon red"
    assert riichi.action_name(riichi.ACT_SELF_KAN + 33) == "kan 7z"
    assert riichi.action_name(riichi.ACT_PASS) == "pass"
    assert riichi.NUM_ACTIONS == 124  # 123 = kita (three players)
    with pytest.raises(riichi.RiichiError, match="integer index"):
        riichi.action_name(1.0)
    with pytest.raises(riichi.RiichiError, match="out of range"):
        riichi.action_name(124)
    assert riichi.__version__.count(".") == 2


def test_planes_of_a_fresh_deal():
    g = riichi.Game("tenhou", seed=3)
    p = g.observation_planes(0)
    assert p.shape == (riichi.NUM_PLANES, 34) and p.dtype == np.uint8
    names = riichi.plane_names()
    row = {n: i for i, n in enumerate(names)}
    obs = g.observation(0)
    counts = np.bincount([t // 4 for t in obs["concealed"]], minlength=34)
    assert np.array_equal(p[0:4].sum(axis=0), counts)  # thermometer planes sum to the counts
    assert p[row["drawn"]].sum() == 1 and p[row["drawn"], obs["drawn"] // 4] == 1
    assert p[row["melds[rel0]>=1"]:row["riichi[rel0]"]].sum() == 0  # no melds, no discards
    assert p[row["dora_indicator[0]"], obs["dora_indicators"][0] // 4] == 1
    assert p[row["score_coarse[rel1]"]].sum() == 8  # 25000 = 8 x 3000 + 10 x 100
    assert p[row["score_fine[rel1]"]].sum() == 10
    assert p[row["round_wind=0"]].all() and p[row["seat_wind=0"]].all()
    assert p[row["live_tiles"]].all()  # 69 left
    q = g.observation_planes(1)
    assert q[0:4].sum() == 13 and q[row["seat_wind=1"]].all()


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


def test_evaluate_values_every_legal_action():
    # Game.evaluate: one row per legal action, in order, probabilities in [0, 1], `best` the
    # highest utility, a win worth its points for sure, a reason per row (standard setting).
    g = riichi.Game("tenhou", seed=5)
    rng = random.Random(5)
    checked = 0
    for _ in range(150):
        if g.is_over:
            break
        legal = g.legal_actions()
        fast = checked % 3 != 0
        r = g.evaluate(fast=fast)
        assert r["seat"] == g.to_play
        assert [o["action"] for o in r["options"]] == legal
        utilities = [o["utility"] for o in r["options"]]
        assert utilities[r["best"]] == max(utilities)  # ties: the tsumogiri copy may win
        for o in r["options"]:
            for key in ("win_prob", "tenpai_prob", "deal_in_prob", "deal_in_later"):
                assert 0.0 <= o[key] <= 1.0 + 1e-9, (key, o)
            assert (o["reason"] == "") == fast
            if o["kind"] == "win":
                assert o["win_prob"] == 1.0 and o["win_points"] > 0
            if o["kind"] == "call" and o["action"]["type"] in ("chi", "pon"):
                assert o["then"]["type"] == "discard"
        checked += 1
        g.apply(legal[r["best"]] if rng.random() < 0.7 else rng.choice(legal))
    assert checked >= 100


def test_evaluate_without_a_decision_raises():
    g = riichi.Game("tenhou", seed=3)
    assert g.legal_actions(1) == []
    with pytest.raises(riichi.RiichiError, match="no legal action"):
        g.evaluate(1)
    with pytest.raises(riichi.RiichiError, match="seat must be 0..3"):
        g.evaluate(7)


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
