"""Self-play spread over a Dask cluster (Debian's python3-distributed).

A run is ``games`` games between bots from ``seed``: game ``i`` is played from game seed
``seed + i // 4`` with the bot list rotated by ``i % 4`` seats, so each deal is played from every
seat (the arena's scheme). A run is cut into blocks of consecutive games; each Dask task plays
one block through the C++ engine (:func:`play_block`), writes its records and returns the
per-game results; the results are merged into one statistics table (:func:`aggregate`). Which
worker plays which block does not matter: the table equals a single-process run of the same
seed (:func:`run_local`).

    from riichi.distributed import run_dask, format_table
    results = run_dask(games=64, bots="greedy,random,greedy,random", seed=1, workers=2)
    print(format_table(aggregate(results)))
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

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
    to ``out``/games-START-LAST.jsonl when ``out`` is given. Returns one dict per game: ``index,
    seed, rotation, players`` (bot per seat), ``points, ranks, final_scores, hands, wins,
    deal_ins, riichi`` (per seat)."""
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


@dataclass
class BotStats:
    """One row of the statistics table (per bot name, over every seat it played)."""

    name: str
    games: int = 0
    rank_counts: List[int] = field(default_factory=lambda: [0, 0, 0, 0])
    rank_sum: int = 0
    final_score_sum: int = 0
    points_sum: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    @property
    def mean_final_score(self) -> float:
        return self.final_score_sum / self.games if self.games else 0.0

    @property
    def mean_points(self) -> float:
        return self.points_sum / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def riichi_rate(self) -> float:
        return self.riichi / self.hands if self.hands else 0.0

    def to_dict(self) -> Dict[str, Any]:
        d = asdict(self)
        for key in ("mean_rank", "mean_final_score", "mean_points", "win_rate", "deal_in_rate",
                    "riichi_rate"):
            d[key] = getattr(self, key)
        return d


def aggregate(results: Iterable[GameResult]) -> List[BotStats]:
    """The statistics table of a run: one row per bot name, in order of first appearance in
    the lowest-index game (ties of rank counted as the shared rank). The order of ``results``
    does not matter: they are sorted by game index first."""
    rows: Dict[str, BotStats] = {}
    for g in sorted(results, key=lambda r: r["index"]):
        for seat, name in enumerate(g["players"]):
            row = rows.setdefault(name, BotStats(name))
            rank = g["ranks"][seat]
            row.games += 1
            row.rank_counts[rank - 1] += 1
            row.rank_sum += rank
            row.final_score_sum += g["final_scores"][seat]
            row.points_sum += g["points"][seat]
            row.hands += g["hands"]
            row.wins += g["wins"][seat]
            row.deal_ins += g["deal_ins"][seat]
            row.riichi += g["riichi"][seat]
    return list(rows.values())


def format_table(stats: Sequence[BotStats]) -> str:
    """The statistics table as text."""
    head = (f"{'bot':<12}{'games':>7}{'1st':>7}{'2nd':>7}{'3rd':>7}{'4th':>7}{'avg rank':>10}"
            f"{'avg score':>11}{'win%':>7}{'deal-in%':>10}{'riichi%':>9}")
    lines = [head]
    for s in stats:
        pct = [100.0 * c / s.games if s.games else 0.0 for c in s.rank_counts]
        lines.append(
            f"{s.name:<12}{s.games:>7}{pct[0]:>6.1f}%{pct[1]:>6.1f}%{pct[2]:>6.1f}%{pct[3]:>6.1f}%"
            f"{s.mean_rank:>10.3f}{s.mean_final_score / 1000:>+11.2f}{100 * s.win_rate:>6.1f}%"
            f"{100 * s.deal_in_rate:>9.1f}%{100 * s.riichi_rate:>8.1f}%")
    return "\n".join(lines)


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
    ``progress(games_done, games)`` is called as blocks finish. Returns the per-game results
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
        for fut in as_completed(futures):
            results.extend(fut.result())
            if progress is not None:
                progress(len(results), games)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return sorted(results, key=lambda g: g["index"])
