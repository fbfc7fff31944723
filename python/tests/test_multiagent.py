"""riichi.MultiAgentEnv: PettingZoo's AEC cycle over the four seats."""

import numpy as np
import pytest

import riichi


def play(env, rng, seed=None):
    env.reset(seed=seed)
    steps, returns, seen = 0, {a: 0.0 for a in env.possible_agents}, set()
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        returns[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        seen.add(agent)
        assert env.observation_space(agent)["observation"].contains(obs["observation"])
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return steps, returns, seen


def test_a_whole_game_cycles_through_the_four_seats():
    env = riichi.MultiAgentEnv("tenhou", seed=5)
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    steps, returns, seen = play(env, np.random.default_rng(0))
    assert seen == set(env.possible_agents)
    assert env.agents == [] and steps > 100
    # Game rewards: the final scores / 1000, summing to 0 (zero-sum table).
    assert sum(returns.values()) == pytest.approx(0.0, abs=1e-3)
    assert any(r != 0 for r in returns.values())


def test_the_same_seed_gives_the_same_game():
    a = play(riichi.MultiAgentEnv("ema2016", seed=9), np.random.default_rng(4))
    b = play(riichi.MultiAgentEnv("ema2016", seed=9), np.random.default_rng(4))
    assert a == b


def test_claim_windows_select_the_seats_that_may_call():
    env = riichi.MultiAgentEnv("tenhou", seed=2)
    env.reset()
    rng = np.random.default_rng(1)
    for _ in range(3000):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, _, termination, _, _ = env.last()
        if termination:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if mask[riichi.ACT_PASS]:  # a claim window: the selected seat may call
            assert mask.sum() >= 2
            env.step(riichi.ACT_PASS)
            return
        env.step(int(rng.choice(np.flatnonzero(mask))))
    pytest.fail("no claim window in a game")


def test_errors_and_hand_episodes():
    env = riichi.MultiAgentEnv("tenhou", seed=1, episode="hand", reward="hand")
    env.reset()
    with pytest.raises(riichi.RiichiError, match="integer index"):
        env.step(1.5)
    with pytest.raises(riichi.RiichiError, match="unknown agent"):
        env.observe("player_9")
    rng = np.random.default_rng(2)
    for agent in env.agent_iter():
        obs, reward, termination, _, _ = env.last()
        if termination:
            with pytest.raises(riichi.RiichiError, match="step\\(None\\)"):
                env.step(0)
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    env.reset()  # the next hand of the same game
    assert env.game_seed == 1 and len(env.agents) == 4
