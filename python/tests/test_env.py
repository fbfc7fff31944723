"""riichi.Env: Gymnasium's single-agent API, opponents (bots or callables), episodes, rewards."""

import numpy as np
import pytest

import riichi
from riichi import spaces


def run_episode(env, rng, seed=None):
    obs, info = env.reset(seed=seed)
    steps, terminated, total = 0, False, 0.0
    while not terminated:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0
        assert {a["seat"] for a in env.legal_actions()} == {env.seat}
        obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
        assert truncated is False
        total += reward
        steps += 1
    return steps, total, info


def test_a_whole_game_with_masked_actions():
    env = riichi.Env("tenhou", opponents="greedy", seed=4)
    assert env.observation_space.shape == (riichi.NUM_PLANES, 34)
    assert env.observation_space.dtype == np.uint8
    assert env.action_space.n == riichi.NUM_ACTIONS
    steps, total, info = run_episode(env, np.random.default_rng(0))
    assert steps > 20
    assert info["rank"] in (1, 2, 3, 4)
    # The reward and final_score share a unit: the final score / 1000.
    assert total == pytest.approx(info["final_score"])
    assert isinstance(info["final_points"], int) and info["hands"] >= 1
    assert not info["action_mask"].any()
    with pytest.raises(riichi.RiichiError, match="reset"):
        env.step(0)


def test_seeds_are_deterministic():
    a = riichi.Env("ema2016", opponents="random", seat=2, seed=10)
    b = riichi.Env("ema2016", opponents="random", seat=2, seed=10)
    ra = run_episode(a, np.random.default_rng(1))
    rb = run_episode(b, np.random.default_rng(1))
    assert ra[:2] == rb[:2]
    assert a.game_seed == 10
    a.reset()
    assert a.game_seed == 11
    obs, _ = a.reset(seed=10)
    assert np.array_equal(obs, b.reset(seed=10)[0])


def test_action_types_refused():
    env = riichi.Env("tenhou", opponents="greedy", seed=1)
    obs, info = env.reset()
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(riichi.RiichiError, match="integer index, got float"):
        env.step(float(legal))
    with pytest.raises(riichi.RiichiError, match="integer index, got bool"):
        env.step(True)
    with pytest.raises(riichi.RiichiError, match="out of range"):
        env.step(riichi.NUM_ACTIONS)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(riichi.RiichiError, match="not legal"):
        env.step(illegal)
    env.step(np.int64(legal))  # numpy integers are indices
    with pytest.raises(riichi.RiichiError, match="unknown bot 'nosuchbot'"):
        riichi.Env("tenhou", opponents="nosuchbot")
    with pytest.raises(riichi.RiichiError, match="seat"):
        riichi.Env("tenhou", opponents="greedy", seat=4)


def test_python_callables_as_opponents():
    calls = []

    def first_legal(obs, mask):
        assert obs.shape == (riichi.NUM_PLANES, 34) and mask.dtype == np.bool_
        calls.append(1)
        return int(np.flatnonzero(mask)[-1])

    env = riichi.Env("tenhou", opponents=[None, first_legal, "random", first_legal], seed=3)
    steps, _, info = run_episode(env, np.random.default_rng(2))
    assert len(calls) > steps  # two Python seats
    assert info["rank"] in (1, 2, 3, 4)

    def cheat(obs, mask):
        return riichi.NUM_ACTIONS + 5

    env = riichi.Env("tenhou", opponents=cheat, seat=1, seed=3)
    with pytest.raises(riichi.RiichiError, match="opponent at seat 0"):
        env.reset()


def test_hand_episodes_and_hand_rewards():
    env = riichi.Env("tenhou", opponents="random", seed=6, episode="hand", reward="hand")
    rng = np.random.default_rng(3)
    total, episodes, hands = 0.0, 0, set()
    obs, info = env.reset()
    while True:
        hands.add(info["hand"])
        obs, reward, terminated, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        total += reward
        if terminated:
            episodes += 1
            if "rank" in info:
                break
            obs, info = env.reset()
    assert episodes >= 4 and len(hands) >= 4
    assert env.game_seed == 6  # the same game, hand after hand
    # Hand rewards add up to the points won or lost over the game.
    assert total == pytest.approx((info["final_points"] - 25000) / 1000, abs=1e-3)
    # options switch the episode kind; a seed starts a new game.
    obs, info = env.reset(seed=8, options={"episode": "game", "reward": "game"})
    assert env.episode == "game" and env.game_seed == 8
    with pytest.raises(riichi.RiichiError, match="unknown"):
        env.reset(options={"episodes": "hand"})


def test_render_and_close():
    env = riichi.Env("tenhou", opponents="greedy", seed=2, render_mode="ansi")
    assert env.render() is None  # before reset
    env.reset()
    text = env.render()
    assert "East 1" in text and "P0 hand" in text and "*P0" in text
    env.close()
    env.reset()
    with pytest.raises(riichi.RiichiError, match="render_mode"):
        riichi.Env(render_mode="rgb")


def test_spaces_without_gymnasium():
    d = spaces.Discrete(5, seed=1)
    mask = np.array([0, 1, 0, 1, 0], dtype=bool)
    assert {d.sample(mask) for _ in range(50)} == {1, 3}
    assert d.contains(np.int64(4)) and not d.contains(5) and not d.contains(2.0)
    assert not d.contains(True)
    b = spaces.Box(0, 1, (2, 3), np.uint8, seed=1)
    s = b.sample()
    assert s.shape == (2, 3) and s.dtype == np.uint8 and b.contains(s)
    assert not b.contains(np.full((2, 3), 2, np.uint8)) and not b.contains(np.zeros((3, 2)))
    m = spaces.MultiDiscrete([4, 4])
    assert m.contains(np.array([3, 0])) and not m.contains(np.array([4, 0]))
    both = np.array([[0, 0, 1, 0], [1, 0, 0, 0]], dtype=bool)
    assert m.sample(both).tolist() == [2, 0]
    dct = spaces.Dict({"a": d, "b": b})
    assert dct.contains({"a": 1, "b": s}) and not dct.contains({"a": 1})


def test_default_opponents():
    env = riichi.Env()
    obs, info = env.reset()
    assert obs.shape == (riichi.NUM_PLANES, 34)
    assert info["seat"] == 0 and info["hand"] == "East 1"
