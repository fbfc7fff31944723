"""Self-play on Dask: a two-worker LocalCluster gives the statistics of a single-process run."""

import json
import os
import subprocess
import sys

import pytest

import riichi
from riichi import distributed

# The directory holding the package under test, absolute (subprocesses run elsewhere).
PYTHONPATH = os.path.dirname(os.path.dirname(os.path.abspath(riichi.__file__)))
GAMES = 16
BOTS = "greedy,random,greedy,random"


def test_blocks_cover_the_run():
    assert distributed.blocks(10, 4) == [range(0, 4), range(4, 8), range(8, 10)]
    with pytest.raises(ValueError, match="block size"):
        distributed.blocks(10, 0)


def test_seat_rotation_and_seeds():
    games = distributed.play_block("ema2016", BOTS, 7, 0, 8)
    assert [g["seed"] for g in games] == [7, 7, 7, 7, 8, 8, 8, 8]
    assert games[0]["players"] == ["greedy", "random", "greedy", "random"]
    assert games[1]["players"] == ["random", "greedy", "random", "greedy"]
    stats = distributed.aggregate(games)
    assert [s.name for s in stats] == ["greedy", "random"]
    assert sum(s.games for s in stats) == 4 * 8
    for s in stats:
        assert sum(s.rank_counts) == s.games == 16


def test_dask_cluster_equals_single_process(tmp_path):
    pytest.importorskip("distributed", reason="python3-distributed is not installed")
    out = tmp_path / "records"
    env = dict(os.environ, PYTHONPATH=PYTHONPATH)
    cmd = [sys.executable, "-P", "-m", "riichi.selfplay", "--bots", BOTS, "--games", str(GAMES),
           "--seed", "3", "--block-size", "3", "--workers", "2", "--out", str(out), "--json"]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    dask_stats = json.loads(run.stdout)["stats"]
    local = distributed.run_local(GAMES, BOTS, 3, "ema2016", block_size=GAMES)
    local_stats = [s.to_dict() for s in distributed.aggregate(local)]
    assert dask_stats == local_stats
    files = sorted(os.listdir(out))
    assert len(files) == 6  # 16 games in blocks of 3
    lines = [json.loads(line) for f in files for line in open(out / f, encoding="utf-8")]
    headers = [line for line in lines if line["type"] == "header"]
    assert len(headers) == GAMES
    assert sorted(h["seed"] for h in headers) == sorted(3 + i // 4 for i in range(GAMES))


def test_selfplay_cli_bad_input_exits_2(tmp_path):
    for args in (["--games", "0"], ["--bots", "nosuchbot", "--local"],
                 ["--rules", "nosuch", "--local"]):
        run = subprocess.run([sys.executable, "-P", "-m", "riichi.selfplay", *args],
                             capture_output=True, text=True, timeout=60, cwd=tmp_path,
                             env=dict(os.environ, PYTHONPATH=PYTHONPATH))
        assert run.returncode == 2, (args, run.stderr)
        assert "error:" in run.stderr


def test_records_replay_with_the_cli(tmp_path):
    """The records a block writes are engine records: `riichi replay` accepts them."""
    cli = os.path.join(PYTHONPATH, os.pardir, "riichi")
    if not os.path.exists(cli):
        pytest.skip(f"the CLI {cli} is not built")
    distributed.play_block("tenhou", "greedy", 5, 0, 3, str(tmp_path))
    (path,) = tmp_path.iterdir()
    run = subprocess.run([cli, "replay", "--quiet", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
