"""riichi.Env: a whole episode with masked random actions."""

import numpy as np
import pytest

import riichi


def run_episode(env, rng, seed=None):
    obs = env.reset(seed)
    steps, done, reward, info = 0, False, 0.0, {}
    while not done:
        assert obs.shape == (riichi.NUM_PLANES, 34)
        mask = env.action_mask()
        legal = np.flatnonzero(mask)
        assert len(legal) > 0
        assert {env.observation()["legal_actions"][0]["seat"]} == {env.seat}
        obs, r, done, info = env.step(int(rng.choice(legal)))
        assert r == 0.0 or done
        reward += r
        steps += 1
    info.pop("action_mask")
    return steps, reward, info


def test_episode_runs_to_the_end_with_masked_actions():
    env = riichi.Env("tenhou", seed=4, opponents="greedy")
    steps, reward, info = run_episode(env, np.random.default_rng(0))
    assert env.done
    assert steps > 20
    assert info["rank"] in (1, 2, 3, 4)
    assert reward == pytest.approx(info["final_score"] / 1000)
    assert info["hands"] >= 4  # a hanchan has at least the four East hands... unless tobi
    with pytest.raises(riichi.RiichiError, match="reset"):
        env.step(0)


def test_reset_seeds_are_deterministic():
    a = riichi.Env("ema2016", seed=10, opponents="random", seat=2)
    b = riichi.Env("ema2016", seed=10, opponents="random", seat=2)
    ra = run_episode(a, np.random.default_rng(1))
    rb = run_episode(b, np.random.default_rng(1))
    assert ra == rb
    assert a.game_seed == 10
    a.reset()
    assert a.game_seed == 11
    obs = a.reset(seed=10)
    assert np.array_equal(obs, b.reset(seed=10))


def test_env_errors():
    with pytest.raises(riichi.RiichiError, match="unknown bot 'nosuchbot'"):
        riichi.Env("tenhou", opponents="nosuchbot")
    env = riichi.Env("tenhou", seed=1, opponents="greedy")
    with pytest.raises(riichi.RiichiError, match="reset"):
        env.step(0)
    env.reset()
    illegal = int(np.flatnonzero(~env.action_mask())[0])
    with pytest.raises(riichi.RiichiError, match="not legal"):
        env.step(illegal)
    with pytest.raises(riichi.RiichiError, match="out of range"):
        env.step(riichi.NUM_ACTIONS)
    with pytest.raises(riichi.RiichiError, match="seat"):
        riichi.Env("tenhou", opponents="greedy", seat=4)


def test_action_names():
    assert riichi.action_name(13) == "discard 5p"
    assert riichi.action_name(35) == "discard 0p"
    assert riichi.action_name(37 + 27) == "riichi 1z"
    assert riichi.action_name(riichi.ACT_SELF_KAN + 33) == "kan 7z"
    assert riichi.action_name(riichi.ACT_PASS) == "pass"


def test_default_opponents():
    if "defensive" not in riichi.bot_names():
        pytest.skip("the 'defensive' bot is not registered in this build (src/bots/registry.cpp)")
    env = riichi.Env()
    assert env.reset().shape == (riichi.NUM_PLANES, 34)
