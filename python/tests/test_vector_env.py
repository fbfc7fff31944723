"""riichi.VectorEnv: N games per call, Gymnasium's vector API, threads, autoreset."""

import numpy as np
import pytest

import riichi


def random_actions(rng, mask):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_single_seat_against_bots():
    env = riichi.VectorEnv(4, opponents="random", seats=1, seed=3)
    obs, info = env.reset()
    assert obs.shape == (4, riichi.NUM_PLANES, 34) and obs.dtype == np.uint8
    assert info["action_mask"].shape == (4, riichi.NUM_ACTIONS)
    assert (info["seat"] == 1).all()
    assert env.single_action_space.n == riichi.NUM_ACTIONS
    rng = np.random.default_rng(0)
    ended, total = 0, 0.0
    for _ in range(2000):
        obs, rewards, terminated, truncated, info = env.step(random_actions(rng, info["action_mask"]))
        assert rewards.shape == (4,) and not truncated.any()
        assert (info["seat"] == 1).all()
        for i in np.flatnonzero(terminated):
            assert rewards[i] == pytest.approx(info["final_score"][i, 1])
            assert info["rank"][i, 1] in (1, 2, 3, 4)
        ended += terminated.sum()
    assert ended > 0


def test_self_play_rewards_per_seat_and_threads_agree():
    results = []
    for threads in (1, 2):
        env = riichi.VectorEnv(6, seats="all", seed=5, threads=threads, dtype=np.float32)
        assert env.threads == threads
        obs, info = env.reset()
        assert obs.dtype == np.float32
        rng = np.random.default_rng(7)
        total = np.zeros(4)
        seats = set()
        for _ in range(1500):
            obs, rewards, terminated, _, info = env.step(random_actions(rng, info["action_mask"]))
            assert rewards.shape == (6, 4)
            total += rewards.sum(axis=0)
            seats.update(info["seat"].tolist())
        assert seats == {0, 1, 2, 3}
        results.append((obs, total))
    assert np.array_equal(results[0][0], results[1][0])
    assert np.allclose(results[0][1], results[1][1])
    assert results[0][1].sum() == pytest.approx(0.0, abs=1e-2)


def test_matches_the_single_env():
    """Env i of a VectorEnv plays the game of seed + i, as riichi.Env does."""
    venv = riichi.VectorEnv(2, opponents="greedy", seats=0, seed=20)
    single = riichi.Env("tenhou", opponents="greedy", seed=21)
    vobs, vinfo = venv.reset()
    obs, info = single.reset()
    for _ in range(30):
        assert np.array_equal(vobs[1], obs)
        assert np.array_equal(vinfo["action_mask"][1], info["action_mask"])
        a = int(np.flatnonzero(info["action_mask"])[0])
        actions = np.array([int(np.flatnonzero(vinfo["action_mask"][0])[0]), a])
        vobs, _, vterm, _, vinfo = venv.step(actions)
        obs, _, term, _, info = single.step(a)
        assert bool(vterm[1]) == term


def test_errors_and_copies():
    env = riichi.VectorEnv(3, opponents="random", seats=[0, 2], copy=False)
    with pytest.raises(riichi.RiichiError, match="before reset"):
        env.step(np.zeros(3, dtype=np.int64))
    obs, info = env.reset()
    with pytest.raises(riichi.RiichiError, match="integer array"):
        env.step(np.zeros(3))
    with pytest.raises(riichi.RiichiError, match="shape"):
        env.step(np.zeros(4, dtype=np.int64))
    actions = info["action_mask"].argmax(axis=1)
    bad = actions.copy()
    bad[1] = riichi.ACT_PASS
    before = obs.copy()
    with pytest.raises(riichi.RiichiError, match="env 1: action index 122"):
        env.step(bad)
    assert np.array_equal(obs, before)  # nothing moved
    obs2, *_ = env.step(actions)
    assert obs2 is obs  # copy=False: the env's own arrays
    with pytest.raises(riichi.RiichiError, match="seats"):
        riichi.VectorEnv(2, seats=[4])
    with pytest.raises(riichi.RiichiError, match="Python opponents"):
        riichi.VectorEnv(2, opponents=lambda o, m: 0)
    with pytest.raises(riichi.RiichiError, match="at least one seat"):
        riichi.VectorEnv(2, opponents="random", seats=[])
