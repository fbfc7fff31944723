"""Env steps per second from Python with random legal actions.

    PYTHONPATH=build/python /usr/bin/python3 python/bench_env.py [--steps N] [--opponents NAME]
"""

import argparse
import time

import numpy as np

import riichi


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=20000)
    p.add_argument("--opponents", default="greedy")
    p.add_argument("--rules", default="tenhou")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()

    env = riichi.Env(args.rules, seed=args.seed, opponents=args.opponents)
    rng = np.random.default_rng(args.seed)
    env.reset()
    steps = episodes = 0
    start = time.perf_counter()
    while steps < args.steps:
        legal = np.flatnonzero(env.action_mask())
        _, _, done, _ = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if done:
            episodes += 1
            env.reset()
    elapsed = time.perf_counter() - start
    print(f"{steps} env steps in {elapsed:.2f} s: {steps / elapsed:,.0f} steps/s "
          f"({episodes} games finished, opponents {args.opponents}, rules {args.rules})")

    g = riichi.Game(args.rules, seed=args.seed)
    n = 0
    start = time.perf_counter()
    while n < args.steps:
        if g.is_over:
            g = riichi.Game(args.rules, seed=args.seed + n)
        mask = g.action_mask()
        legal = np.flatnonzero(mask)
        g.apply(int(legal[rng.integers(len(legal))]))
        g.observation_planes(g.to_play if g.to_play >= 0 else 0)
        n += 1
    elapsed = time.perf_counter() - start
    print(f"{n} Game.apply + observation_planes in {elapsed:.2f} s: {n / elapsed:,.0f} /s "
          f"(all four seats from Python)")


if __name__ == "__main__":
    main()
