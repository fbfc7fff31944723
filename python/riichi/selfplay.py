"""``python3 -m riichi.selfplay``: self-play between bots, spread over a Dask cluster.

    PYTHONPATH=build/python python3 -m riichi.selfplay --bots greedy --games 200 --out runs/a
    PYTHONPATH=build/python python3 -m riichi.selfplay --scheduler tcp://10.0.0.1:8786 ...
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import List, Optional

from . import _riichi
from .distributed import aggregate, format_table, run_dask, run_local


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python3 -m riichi.selfplay",
        description="Play games between bots on a Dask cluster (a LocalCluster when no "
                    "--scheduler is given) and print the statistics table per bot, the same as "
                    "`riichi arena` with the same seed: games in blocks of 4 sharing a seed, the "
                    "bots rotated by one seat in each; each task plays --block-size consecutive "
                    "games and writes their records.",
        epilog="Several machines: start `dask-scheduler` on one, `dask-worker tcp://HOST:8786` "
               "with PYTHONPATH=.../build/python on each, then pass --scheduler "
               "tcp://HOST:8786 (see README, 'Distributed self-play (Dask)').")
    p.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.1:8786")
    p.add_argument("--bots", default="greedy",
                   help="one bot name for all seats or four separated by commas (known: "
                        + ", ".join(_riichi.bot_names()) + "; default %(default)s)")
    p.add_argument("--games", type=int, default=100, help="number of games (default %(default)s)")
    p.add_argument("--seed", type=int, default=1, help="seed of the run (default %(default)s)")
    p.add_argument("--rules", default="ema2016",
                   help="rules preset with overrides, e.g. tenhou (default %(default)s)")
    p.add_argument("--out", help="directory for the JSON-lines records, one file per block "
                                 "(must be writable by every worker)")
    p.add_argument("--workers", type=int, default=2,
                   help="worker processes of the LocalCluster (default %(default)s)")
    p.add_argument("--block-size", type=int, default=16,
                   help="games per Dask task (default %(default)s)")
    p.add_argument("--local", action="store_true",
                   help="play in this process without Dask (the reference run)")
    p.add_argument("--json", action="store_true", help="print the table as one JSON object")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    for name, value in (("--games", args.games), ("--block-size", args.block_size),
                        ("--workers", args.workers)):
        if value < 1:
            print(f"error: {name} must be at least 1, got {value}", file=sys.stderr)
            return 2
    if args.seed < 0:
        print(f"error: --seed must be >= 0, got {args.seed}", file=sys.stderr)
        return 2

    sent = []

    def progress(done: int, total: int) -> None:
        if not sent:
            sent.append(time.perf_counter())
        print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    start = time.perf_counter()
    try:
        if args.local:
            results = run_local(args.games, args.bots, args.seed, args.rules, args.block_size,
                                args.out)
        else:
            results = run_dask(args.games, args.bots, args.seed, args.rules, args.scheduler,
                               args.workers, args.block_size, args.out, progress)
    except ValueError as e:
        print(f"\nerror: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"\nerror: {e}", file=sys.stderr)
        return 2
    end = time.perf_counter()
    elapsed = end - start
    playing = end - sent[0] if sent else elapsed  # without starting the cluster
    table = aggregate(results)
    if not args.local:
        print(file=sys.stderr)
    if args.json:
        table.update({"games_per_second": len(results) / elapsed, "seconds": elapsed,
                      "play_seconds": playing, "seed": args.seed, "rules": args.rules,
                      "bot_list": args.bots, "workers": None if args.local else args.workers,
                      "scheduler": args.scheduler})
        print(json.dumps(table))
    else:
        where = "this process" if args.local else (args.scheduler or
                                                   f"LocalCluster({args.workers} workers)")
        print(f"{len(results)} games, rules {args.rules}, seed {args.seed}, bots {args.bots} "
              f"on {where}: {elapsed:.1f} s, {len(results) / elapsed:.1f} games/s"
              + ("" if args.local else
                 f"; {len(results) / playing:.1f} games/s once the cluster is up"))
        print(format_table(results), end="")
        if args.out:
            print(f"records: {args.out}/games-*.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
