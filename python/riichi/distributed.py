"""Self-play spread over a Dask cluster (Debian's python3-distributed).

A run is the arena's (src/bots/arena.hpp, ``riichi arena``): ``games`` games between four bots
in blocks of 4 sharing a game seed mixed from the run's ``seed``, the bot list rotated by
``i % 4`` seats in game ``i``. A run is cut into task blocks of consecutive games; each Dask task
plays one block through the C++ arena (:func:`play_block`), writes its records and returns the
per-game results; the results are merged by the arena's one aggregation (:func:`aggregate`).
Which worker plays which block does not matter: the table equals ``riichi arena`` with the same
seed, and a single-process run (:func:`run_local`).

    from riichi.distributed import run_dask, format_table
    results = run_dask(games=64, bots="greedy,random,greedy,random", seed=1, workers=2)
    print(format_table(results))
"""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, Iterable, List, Optional

from . import _riichi

GameResult = Dict[str, Any]


def _check_run(games: int, block_size: int) -> None:
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if block_size < 1:
        raise ValueError(f"block size must be at least 1, got {block_size}")


def blocks(games: int, block_size: int) -> List[range]:
    """The game ranges [start, stop) of a run, in order."""
    _check_run(games, block_size)
    return [range(s, min(s + block_size, games)) for s in range(0, games, block_size)]


def record_path(out: str, start: int, stop: int) -> str:
    """The record file of the block [start, stop) in directory ``out``."""
    return os.path.join(out, f"games-{start:07d}-{stop - 1:07d}.jsonl")


def play_block(rules: str, bots: str, seed: int, start: int, stop: int,
               out: Optional[str] = None) -> List[GameResult]:
    """Play games [start, stop) of a run; write their JSON-lines records (docs/record-format.md)
    to ``out``/games-START-LAST.jsonl when ``out`` is given. Returns one dict per game (the
    arena's GameResult): ``index, block, rotation, seed, hands`` and ``seats``: four dicts
    ``bot, seat, rank, points, final_score, hands, wins, tsumo, deal_ins, riichi, calls,
    win_points``."""
    games = _riichi.play_games(rules, bots, seed, start, stop, out is not None)
    if out is not None:
        os.makedirs(out, exist_ok=True)
        path = record_path(out, start, stop)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for g in games:
                f.write(g.pop("record"))
        os.replace(tmp, path)
    return games


def aggregate(results: Iterable[GameResult]) -> Dict[str, Any]:
    """The statistics table of a run: the arena's one aggregation (bots::summarize, the table of
    ``riichi arena --json``): ``{"bots": [{"name", "games", "hands", "avg_rank",
    "avg_rank_ci95", "rank_rates", "avg_score", "win_rate", "deal_in_rate", "riichi_rate",
    "call_rate", ... with their CI95}], "games", "hands"}``. The order of ``results`` does not
    matter (they are taken by game index)."""
    return _riichi.arena_table(list(results))


def format_table(results: Iterable[GameResult]) -> str:
    """The statistics table as text, as ``riichi arena`` prints it."""
    return _riichi.arena_table_text(list(results))


def run_local(games: int, bots: str = "greedy", seed: int = 1, rules: str = "ema2016",
              block_size: int = 16, out: Optional[str] = None) -> List[GameResult]:
    """The same run in this process, block after block (no Dask)."""
    results: List[GameResult] = []
    for r in blocks(games, block_size):
        results.extend(play_block(rules, bots, seed, r.start, r.stop, out))
    return results


def run_dask(games: int, bots: str = "greedy", seed: int = 1, rules: str = "ema2016",
             scheduler: Optional[str] = None, workers: int = 2, block_size: int = 16,
             out: Optional[str] = None,
             progress: Optional[Callable[[int, int], None]] = None) -> List[GameResult]:
    """Play a run on a Dask cluster: the scheduler at ``scheduler`` (``tcp://host:8786``), or a
    LocalCluster of ``workers`` single-threaded worker processes when None. ``out`` must be a
    directory every worker can write (a shared file system on several machines).
    ``progress(games_done, games)`` is called once the tasks are sent (0 done), then as blocks
    finish. Returns the per-game results
    sorted by game index."""
    from dask.distributed import Client, LocalCluster, as_completed

    _riichi.rules_spec(rules)  # bad rules or bot names fail here, before any task is sent
    _riichi.play_games(rules, bots, seed, 0, 0, False)
    ranges = blocks(games, block_size)
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        futures = [client.submit(play_block, rules, bots, seed, r.start, r.stop, out,
                                 key=f"riichi-selfplay-{seed}-{r.start}-{r.stop}", pure=False)
                   for r in ranges]
        results: List[GameResult] = []
        if progress is not None:
            progress(0, games)  # the cluster is up and the tasks are sent
        for fut in as_completed(futures):
            results.extend(fut.result())
            if progress is not None:
                progress(len(results), games)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return sorted(results, key=lambda g: g["index"])
