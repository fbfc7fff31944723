"""Behaviour cloning on real games, then self-play policy gradient: a training loop in numpy.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/train_policy.py \
        --logs ../shared/data/tenhou-mjlog --epochs 1 --steps 300 --games 16

A linear softmax policy over the observation planes (docs/features.md) learns the human moves
of the logs (any mjlog, tenhou.net/6, mjai or engine logs: files or directories), then improves
by REINFORCE on the points of each hand in 64 (--envs) self-play games stepped at once, and is
measured at one seat against three greedy bots. A sketch of the pipeline with a model that fits
in a README: put a real network (PyTorch, JAX) in `policy` and `learn` for strength.
"""

import argparse

import numpy as np

import riichi
import riichi.dataset

p = argparse.ArgumentParser(description="behaviour cloning, then self-play policy gradient")
p.add_argument("--logs", nargs="+", default=["../shared/data/tenhou-mjlog"])
p.add_argument("--epochs", type=int, default=1, help="passes over the logs")
p.add_argument("--steps", type=int, default=300, help="self-play steps of --envs games")
p.add_argument("--envs", type=int, default=64, help="self-play games stepped at once")
p.add_argument("--games", type=int, default=16, help="evaluation hanchan against greedy bots")
args = p.parse_args()

W = np.zeros((riichi.NUM_PLANES * 34, riichi.NUM_ACTIONS), np.float32)  # the policy
rng = np.random.default_rng(0)


def policy(obs, mask):
    """Action probabilities of a batch, zero outside the mask."""
    z = obs.reshape(len(obs), -1).astype(np.float32) @ W
    z = np.where(mask, z, -np.inf)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def learn(obs, mask, action, weight, rate):
    """One gradient step on mean(weight * log p(action)); returns the probabilities before."""
    prob = policy(obs, mask)
    grad = -prob * weight[:, None]
    grad[np.arange(len(action)), action] += weight
    W[:] += rate * obs.reshape(len(obs), -1).T.astype(np.float32) @ grad / len(action)
    return prob


def sample(obs, mask):
    return (policy(obs, mask).cumsum(axis=1) > rng.random((len(obs), 1))).argmax(axis=1)


# 1. Behaviour cloning: the decisions of the logs as (observation, mask, action) batches.
for epoch in range(args.epochs):
    hits = rows = 0
    for b in riichi.dataset.Decisions(args.logs, batch_size=1024, errors="skip"):
        ones = np.ones(len(b["action"]), np.float32)
        prob = learn(b["obs"], b["mask"], b["action"], ones, rate=0.05)
        hits += int((prob.argmax(axis=1) == b["action"]).sum())
        rows += len(b["action"])
    print(f"cloning epoch {epoch}: {rows} decisions, {hits / rows:.1%} predicted before the step")

# 2. Self-play: --envs games (64), the policy at every seat; each hand's points (in thousands, the
#    reward) weight the log-probabilities of the moves of the seat that scored them.
env = riichi.VectorEnv(args.envs, "tenhou", seats="all", episode="hand", reward="hand", threads=2)
obs, info = env.reset(seed=1)
moves = [[] for _ in range(env.num_envs)]  # (obs, mask, action, seat) of each env's hand
done = []
for step in range(args.steps):
    mask = info["action_mask"]
    actions = sample(obs, mask)
    for i in range(env.num_envs):
        moves[i].append((obs[i], mask[i], actions[i], info["seat"][i]))
    obs, rewards, terminated, truncated, info = env.step(actions)
    for i in np.flatnonzero(terminated):  # hand over: rewards[i] holds the points of each seat
        done += [(o, m, a, rewards[i, s]) for o, m, a, s in moves[i]]
        moves[i] = []
    if len(done) >= 2048 or (step == args.steps - 1 and done):
        o, m, a, r = (np.array(x) for x in zip(*done))
        learn(o, m, a, (r - r.mean()).astype(np.float32), rate=0.002)
        print(f"self-play step {step + 1}: learnt from {len(done)} moves of finished hands")
        done = []

# 3. Evaluation: the policy at seat 0 against three greedy bots (the autoreset starts new games).
env = riichi.VectorEnv(args.games, "tenhou", opponents="greedy", seats=0, seed=1000)
obs, info = env.reset()
ranks = []
while len(ranks) < args.games:
    obs, reward, terminated, truncated, info = env.step(sample(obs, info["action_mask"]))
    ranks += list(info["rank"][terminated, 0])
print(f"average rank against greedy bots over {len(ranks)} hanchan: {np.mean(ranks):.2f}")
