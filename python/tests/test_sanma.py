"""Three players (rules "tenhou_sanma", issue 20): Env, AECEnv, VectorEnv and riichi.dataset.

Expected values from the rules of sanma (RULES.md, docs/rules-presets.md): no chi, no tile
2m-8m in play, a North can be set aside (kita, action 123), three seats; the observation keeps
the four-seat layout with the planes of the absent seat (rel 3) all 0 (docs/features.md)."""

import os

import numpy as np
import pytest

import riichi
import riichi.dataset
from riichi.actions import NUM_ACTIONS

DATA = os.environ.get("RIICHI_SHARED_DATA", "/work/shared/data")
SANMA = os.path.join(DATA, "tenhou-sanma")
needs_sanma = pytest.mark.skipif(not os.path.isdir(SANMA), reason=f"no logs in {SANMA}")

KITA = 123
CHI = range(78, 84)
MANZU_2_TO_8 = list(range(1, 8))  # kinds 1..7: discard, riichi and kan indices of 2m-8m
FORBIDDEN = set(CHI) | set(MANZU_2_TO_8) | {38 + k for k in MANZU_2_TO_8} | {
    87 + k for k in MANZU_2_TO_8} | {34}  # 34: the red 5m (no 5m in play)


def rel3_planes(features=None):
    """The planes of the absent seat: every name with "rel3"."""
    names = riichi.plane_names(features)
    return [i for i, n in enumerate(names) if "rel3" in n]


def check_mask(mask):
    assert mask.shape == (NUM_ACTIONS,)
    assert mask.any()
    offered = set(np.flatnonzero(mask).tolist())
    assert not offered & FORBIDDEN, sorted(offered & FORBIDDEN)
    return offered


def test_env_plays_a_sanma_game_against_random_and_greedy():
    absent = rel3_planes()
    assert absent  # the layout names the fourth seat's planes
    for opponents in ("random", "greedy"):
        env = riichi.Env("tenhou_sanma", opponents=opponents, seed=5)
        obs, info = env.reset()
        assert obs.shape == env.observation_space.shape == (riichi.NUM_PLANES, 34)
        rng = np.random.default_rng(0)
        kita_offered = steps = 0
        terminated = False
        while not terminated:
            offered = check_mask(info["action_mask"])
            assert not obs[absent].any()
            kita_offered += KITA in offered
            action = KITA if KITA in offered else int(rng.choice(sorted(offered)))
            obs, reward, terminated, truncated, info = env.step(action)
            steps += 1
        assert info["rank"] in (1, 2, 3)
        assert kita_offered > 0, opponents  # a North in hand over a whole game
        assert steps > 20


def test_multi_agent_env_has_three_agents():
    env = riichi.MultiAgentEnv("tenhou_sanma", seed=3)
    env.reset()
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    decisions = 0
    for agent in env.agent_iter(max_iter=3000):
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        offered = check_mask(obs["action_mask"])
        env.step(KITA if KITA in offered else min(offered))
        decisions += 1
    assert decisions > 50


def test_vector_env_sanma_masks():
    venv = riichi.VectorEnv(4, "tenhou_sanma", opponents="random", seed=11)
    obs, info = venv.reset()
    absent = rel3_planes()
    rng = np.random.default_rng(1)
    for _ in range(300):
        masks = info["action_mask"]
        assert not obs[:, absent].any()
        actions = []
        for m in masks:
            offered = check_mask(m)
            actions.append(KITA if KITA in offered else int(rng.choice(sorted(offered))))
        obs, rewards, terminated, truncated, info = venv.step(np.array(actions))


@needs_sanma
def test_every_decision_of_the_real_sanma_games_is_in_the_mask():
    ds = riichi.dataset.Decisions(SANMA, batch_size=4096)
    rows = kita = 0
    absent = rel3_planes()
    for batch in ds:
        n = len(batch["action"])
        assert batch["mask"][np.arange(n), batch["action"]].all()
        assert not batch["mask"][:, sorted(FORBIDDEN)].any()
        assert not batch["obs"][:, absent].any()
        kita += int((batch["action"] == KITA).sum())
        rows += n
    assert ds.games == 100 and ds.offences == 0 and not ds.errors
    assert ds.decisions == rows > 20000
    assert kita > 1000  # 2,380 kita in these logs, most of them decisions with a choice


def test_arena_run_takes_three_bot_names():
    """The Dask/local arena under a three-player preset: three bot names, games rotated over
    three seats (blocks of 3), each game ranked 1..3 with final scores summing to 0."""
    from riichi.distributed import format_table, run_local

    results = run_local(games=6, bots="greedy,random,random", rules="mahjongsoul_sanma", seed=3,
                        block_size=4)
    assert [g["index"] for g in results] == list(range(6))
    for g in results:
        seats = [s for s in g["seats"] if s["bot"]]
        assert len(seats) == 3, g["seats"]
        assert sorted(s["rank"] for s in seats) == [1, 2, 3]
        assert sum(s["final_score"] for s in seats) == 0
    assert "greedy" in format_table(results)
    with pytest.raises(Exception, match="bot"):
        run_local(games=3, bots="greedy,random,random,random", rules="tenhou_sanma")
