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
    seeds = [g["seed"] for g in games]
    assert len(set(seeds[:4])) == 1 and len(set(seeds[4:])) == 1 and seeds[0] != seeds[4]
    assert [g["rotation"] for g in games] == [0, 1, 2, 3, 0, 1, 2, 3]
    bots = [[s["bot"] for s in g["seats"]] for g in games]
    assert bots[0] == ["greedy", "random", "greedy", "random"]
    assert bots[1] == ["random", "greedy", "random", "greedy"]
    for g in games:
        assert sorted(s["rank"] for s in g["seats"])[0] == 1
        assert sum(s["final_score"] for s in g["seats"]) == 0  # uma and oka are zero-sum
    table = distributed.aggregate(games)
    assert [b["name"] for b in table["bots"]] == ["greedy", "random"]
    assert [b["games"] for b in table["bots"]] == [16, 16]
    assert table["games"] == 8
    # The order of the results does not matter.
    assert distributed.aggregate(reversed(games)) == table
    with pytest.raises(riichi.RiichiError, match="missing 'seats'"):
        distributed.aggregate([{"index": 0, "block": 0, "rotation": 0, "seed": 1, "hands": 1}])


def _cli():
    cli = os.path.join(PYTHONPATH, os.pardir, "riichi")
    return cli if os.path.exists(cli) else None


def test_dask_cluster_equals_single_process_and_riichi_arena(tmp_path):
    pytest.importorskip("distributed", reason="python3-distributed is not installed")
    out = tmp_path / "records"
    env = dict(os.environ, PYTHONPATH=PYTHONPATH)
    cmd = [sys.executable, "-P", "-m", "riichi.selfplay", "--bots", BOTS, "--games", str(GAMES),
           "--seed", "3", "--block-size", "3", "--workers", "2", "--out", str(out), "--json"]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    dask_table = json.loads(run.stdout)
    local = distributed.aggregate(distributed.run_local(GAMES, BOTS, 3, "ema2016", GAMES))
    for key in ("bots", "games", "hands"):
        assert dask_table[key] == local[key], key
    files = sorted(os.listdir(out))
    assert len(files) == 6  # 16 games in blocks of 3
    lines = [json.loads(line) for f in files for line in open(out / f, encoding="utf-8")]
    headers = [line for line in lines if line["type"] == "header"]
    assert sorted(h["game"] for h in headers) == list(range(GAMES))
    cli = _cli()
    if cli is None:
        pytest.skip("the CLI is not built: no comparison with riichi arena")
    arena = subprocess.run([cli, "arena", "--bots", BOTS, "--games", str(GAMES), "--seed", "3",
                            "--threads", "2", "--json"], capture_output=True, text=True,
                           timeout=300)
    assert arena.returncode == 0, arena.stderr
    arena_table = json.loads(arena.stdout)
    for key in ("bots", "games", "hands"):
        assert dask_table[key] == arena_table[key], key


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
    cli = _cli()
    if cli is None:
        pytest.skip("the CLI is not built")
    distributed.play_block("tenhou", "greedy", 5, 0, 3, str(tmp_path))
    (path,) = tmp_path.iterdir()
    run = subprocess.run([cli, "replay", "--quiet", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
