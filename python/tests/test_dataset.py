"""riichi.dataset and Game.from_log: the decisions of real logs (mjlog, gzip, tenhou.net/6, mjai,
engine records), the action taken always in the mask, rows that match the replayed game."""

import gzip
import os
import random
import shutil
import subprocess

import numpy as np
import pytest

import riichi
import riichi.dataset

DATA = os.environ.get("RIICHI_SHARED_DATA", "/work/shared/data")
MJLOG = os.path.join(DATA, "tenhou-mjlog")
TENHOU6 = os.path.join(DATA, "tenhou6")
CLI = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(riichi.__file__))),
                   os.pardir, "riichi")
needs_data = pytest.mark.skipif(not os.path.isdir(MJLOG), reason=f"no logs in {MJLOG}")


def check_batches(ds):
    rows = 0
    for batch in ds:
        n = len(batch["action"])
        assert batch["obs"].shape == (n, ds.num_planes, 34)
        assert batch["mask"][np.arange(n), batch["action"]].all()
        assert (batch["mask"].sum(axis=1) >= 2).all()  # decisions: more than one choice
        rows += n
    return rows


@needs_data
def test_every_decision_of_the_shared_mjlogs_is_in_the_mask():
    # Two tenhou.net/6 logs contradict themselves (tests/test_tenhou_log_rules.cpp):
    # confusing_nakis_1 pays a win without the accepted riichi stick (the replay stops after
    # that hand, never silently), confusing_nakis_2 gives a ron the replay cannot make. Strict by
    # default, listed with errors="skip" (the decisions before are kept).
    with pytest.raises(riichi.RiichiError, match="confusing_nakis_1.json: replay stopped after "
                       "a hand the log scores otherwise: East 2, 2 honba: P0's win"):
        list(riichi.dataset.Decisions(TENHOU6))
    ds = riichi.dataset.Decisions([MJLOG, TENHOU6], batch_size=4096, errors="skip")
    rows = check_batches(ds)
    assert [os.path.basename(e[0]) for e in ds.errors] == ["confusing_nakis_1.json",
                                                           "confusing_nakis_2.json"]
    assert ds.offences == 0
    assert ds.decisions == rows > 20000
    assert [os.path.basename(p) for p in ds.skipped] == ["README.md"]
    assert ds.games == len(ds.sources) == 45 + 20


@needs_data
def test_rows_are_the_positions_of_the_replayed_game():
    path = sorted(p for p in os.listdir(MJLOG) if p.endswith(".mjlog"))[3]
    full = os.path.join(MJLOG, path)
    data = riichi.dataset.load(full, features="all")
    assert data["sources"] == [full]
    end = riichi.Game.from_log(full)
    assert end.is_over and len(end.log_actions) == end.num_actions
    ranks = end.final_result()["ranks"]
    rng = random.Random(1)
    for i in sorted(rng.sample(range(len(data["action"])), 25)):
        step, seat = int(data["step"][i]), int(data["seat"][i])
        g = riichi.Game.from_log(full, stop=step)
        assert np.array_equal(g.observation_planes(seat, features="all"), data["obs"][i])
        assert np.array_equal(g.action_mask(seat), data["mask"][i])
        taken = end.log_actions[step]
        assert taken["seat"] == seat and g.action_index(taken) == data["action"][i]
        assert data["rank"][i] == ranks[seat]
        assert data["hand"][i] == g.hands_dealt


@needs_data
def test_formats_gzip_mjai_records(tmp_path):
    src = os.path.join(MJLOG, sorted(p for p in os.listdir(MJLOG) if p.endswith(".mjlog"))[0])
    plain = riichi.dataset.load(src)
    gz = tmp_path / "game.mjlog.gz"
    with open(src, "rb") as f, gzip.open(gz, "wb") as out:
        shutil.copyfileobj(f, out)
    zipped = riichi.dataset.load(gz)
    assert np.array_equal(plain["obs"], zipped["obs"])
    assert np.array_equal(plain["action"], zipped["action"])
    # An engine record (its own seed and actions).
    g = riichi.Game("ema2016", seed=3)
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    rec = tmp_path / "game.jsonl"
    rec.write_text(g.record())
    data = riichi.dataset.load(rec, forced=True)
    assert len(data["action"]) == g.num_actions  # forced: every action is a row
    assert (data["rank"] > 0).all()
    # mjai JSON lines, exported by the CLI from the mjlog: the same decisions.
    if os.path.exists(CLI):
        mjai = tmp_path / "game.mjai.jsonl"
        subprocess.run([CLI, "export", "--to", "mjai", "-o", str(mjai), src], check=True,
                       timeout=60)
        m = riichi.dataset.load(mjai)
        assert np.array_equal(m["action"], plain["action"])
        assert np.array_equal(m["obs"], plain["obs"])


def test_errors_are_clear(tmp_path):
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm ver=\"2.3\"><GO type=\"169\"/><INIT seed=\"x\"/></mjloggm>")
    with pytest.raises(riichi.RiichiError, match="bad.mjlog"):
        list(riichi.dataset.Decisions(bad))
    ds = riichi.dataset.Decisions([bad], errors="skip")
    assert list(ds) == [] and ds.errors and ds.errors[0][0] == str(bad)
    notlog = tmp_path / "notes.txt"
    notlog.write_text("hello")
    with pytest.raises(riichi.RiichiError, match="not a game log"):
        list(riichi.dataset.Decisions(notlog))
    with pytest.raises(riichi.RiichiError, match="no such file"):
        list(riichi.dataset.Decisions(tmp_path / "missing.mjlog"))
    with pytest.raises(riichi.RiichiError, match="batch_size"):
        riichi.dataset.Decisions(bad, batch_size=0)
    with pytest.raises(riichi.RiichiError, match="not a game log"):
        riichi.Game.from_log(b"hello")


def test_game_from_given_walls():
    walls = [list(reversed(range(136)))]
    g = riichi.Game("tenhou", seed=1, walls=walls)
    # The deal: East takes wall slots 0-3, 16-19, 32-35 and 48 (RULES.md 2.4).
    east = sorted(walls[0][i] for i in [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 52])
    assert g.observation(0)["concealed"] == east
    with pytest.raises(riichi.RiichiError, match="record"):
        g.record()
    with pytest.raises(riichi.RiichiError, match="exactly once"):
        riichi.Game("tenhou", walls=[[0] * 136])
    with pytest.raises(riichi.RiichiError, match="136"):
        riichi.Game("tenhou", walls=[[0, 1]])


MORTAL_LOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                          "tests", "data", "mjai", "mortal_two_kyoku.jsonl")


def test_mjai_log_as_mortal_writes_it(tmp_path):
    # Written by hand in Mortal's event format (hora with deltas and ura_markers only, ryukyoku
    # with deltas only): East 1 has a pon, a riichi and West's riichi-pinfu ron (2000 + the
    # stick); East 2 the dealer's kyuushu kyuuhai. The engine scores the win itself.
    data = riichi.dataset.load(MORTAL_LOG)
    n = len(data["action"])
    assert n == 14  # counted by hand: tests/test_mjai_foreign.cpp DatasetReadsTheMortalLog
    assert data["mask"][np.arange(n), data["action"]].all()
    assert set(data["hand"].tolist()) == {0, 1}
    names = [riichi.action_name(int(a)) for a in data["action"]]
    assert any(a.startswith("pon") for a in names) and "ron" in names
    assert any(a.startswith("riichi") for a in names) and "kyuushu" in names
    g = riichi.Game.from_log(MORTAL_LOG)
    assert g.hands_dealt == 2
    with open(MORTAL_LOG, "rb") as f:
        text = f.read()
    assert riichi.Game.from_log(text).hands_dealt == 2  # from the bytes too
    # Deltas the engine does not pay: an error naming the hora's line, never a silent stop.
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(text.replace(b"[0,0,3000,-2000]", b"[0,0,4900,-3900]"))
    with pytest.raises(riichi.RiichiError, match="line 27: East 1, 0 honba: P2's win"):
        riichi.Game.from_log(bad)
    with pytest.raises(riichi.RiichiError, match="line 27"):
        riichi.dataset.load(bad)
    ds = riichi.dataset.Decisions(bad, errors="skip")
    kept = sum(len(b["action"]) for b in ds)
    assert 0 < kept < n and len(ds.errors) == 1  # East 1's decisions stand, East 2 is not read
