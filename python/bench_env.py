"""Agent steps per second from Python: riichi.Env, riichi.VectorEnv (random legal actions,
observations written) and the dataset's decisions per second.

    PYTHONPATH=build/python /usr/bin/python3 python/bench_env.py [--steps N] [--only env|vector|dataset]
    /usr/bin/python3 python/bench_env.py ...   # with the module installed (pip install .)
"""

import os
import sys

# Run as `python3 python/bench_env.py`, Python puts python/ first on sys.path, where the source
# package riichi/ (without the compiled extension) would shadow the built or installed module.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]

import argparse  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import riichi  # noqa: E402
import riichi.dataset  # noqa: E402

DATA = os.path.join(os.environ.get("RIICHI_SHARED_DATA", "/work/shared/data"),
                    "tenhou-mjlog-houou2021")


def bench_env(args: argparse.Namespace) -> None:
    env = riichi.Env(args.rules, opponents=args.opponents, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    obs, info = env.reset()
    steps = episodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    while steps < args.steps:
        obs, _, terminated, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        steps += 1
        if terminated:
            episodes += 1
            obs, info = env.reset()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"riichi.Env: {steps} steps in {elapsed:.2f} s: {steps / elapsed:,.0f} steps/s, "
          f"{steps / cpu:,.0f} per CPU second ({episodes} games, opponents {args.opponents}, "
          f"rules {args.rules})")


def bench_vector(args: argparse.Namespace) -> None:
    for num_envs, threads in [(n, t) for n in args.num_envs for t in args.threads]:
        env = riichi.VectorEnv(num_envs, args.rules, opponents="random", seats="all",
                               seed=args.seed, threads=threads, copy=False)
        rng = np.random.default_rng(args.seed)
        obs, info = env.reset()
        steps = ended = 0
        calls = max(1, args.steps // num_envs)
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(calls):
            mask = info["action_mask"]
            actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
            obs, rewards, terminated, _, info = env.step(actions)
            steps += num_envs
            ended += int(terminated.sum())
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"riichi.VectorEnv({num_envs}, seats='all', threads={threads}): {steps} agent "
              f"steps in {elapsed:.2f} s: {steps / elapsed:,.0f} steps/s, {steps / cpu:,.0f} per "
              f"CPU second ({ended} games ended; uint8 observations {obs.shape[1]}x34 and masks "
              f"written, random policy in numpy)")


def bench_dataset(args: argparse.Namespace) -> None:
    if not os.path.isdir(args.logs):
        print(f"dataset: skipped (no logs in {args.logs})")
        return
    ds = riichi.dataset.Decisions(args.logs, batch_size=4096)
    rows = 0
    start, cpu = time.perf_counter(), time.process_time()
    for batch in ds:
        rows += len(batch["action"])
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"riichi.dataset: {rows} decisions of {ds.games} games in {elapsed:.2f} s: "
          f"{rows / elapsed:,.0f} decisions/s, {rows / cpu:,.0f} per CPU second ({args.logs})")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=200000, help="agent steps per run")
    p.add_argument("--opponents", default="greedy", help="bots of riichi.Env")
    p.add_argument("--rules", default="tenhou")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--num-envs", type=int, nargs="+", default=[256],
                   help="games of the VectorEnv (several: one run each, e.g. 256 1024 4096)")
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--logs", default=DATA, help="logs for the dataset benchmark")
    p.add_argument("--only", choices=["env", "vector", "dataset"])
    args = p.parse_args()
    if args.only in (None, "env"):
        bench_env(args)
    if args.only in (None, "vector"):
        bench_vector(args)
    if args.only in (None, "dataset"):
        bench_dataset(args)


if __name__ == "__main__":
    main()
