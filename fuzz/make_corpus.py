#!/usr/bin/python3
"""Seed corpora for the fuzz targets (fuzz/README.md), generated at run time into OUT/<target>/.

Seeds come from the tests (the string literals of tests/*.cpp that look like the target's input)
and from games: records written by `riichi selfplay`, their tenhou.net/6 and mjai exports, and the
mjai exports of the shared Tenhou logs. The shared logs themselves are not copied: the fuzz runs
read them in place (fuzz/run_fuzz.sh). Deterministic: the same sources give the same corpus.

usage: make_corpus.py --riichi build/riichi --source . --out build/fuzz-corpus [--shared DIR]
"""
import argparse
import gzip
import hashlib
import pathlib
import re
import subprocess
import sys
import warnings

TARGETS = ["hand", "score_vector", "rules_spec", "record", "record_text", "mjlog", "tenhou6",
           "mjai_log", "mjai_bot", "mjai_server", "web_protocol", "log"]

# A C++ string literal (no raw strings), with its escapes left as written.
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def unescape(text):
    warnings.simplefilter("ignore", DeprecationWarning)  # "\d" of a regex in a test
    try:
        return text.encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return text.encode("utf-8", "replace")


def test_literals(source):
    for path in sorted((source / "tests").glob("*.cpp")):
        for m in LITERAL.finditer(path.read_text(encoding="utf-8", errors="replace")):
            yield unescape(m.group(1))


def put(out, target, data):
    if not data:
        return
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def literal_seeds(source, out):
    hand = re.compile(rb"^[0-9mpsz\[\] cpmkap]{2,60}$")
    for lit in test_literals(source):
        if hand.match(lit) and re.search(rb"\d[mpsz]", lit):
            put(out, "hand", lit)
        if b"win=" in lit or b"closed=" in lit:
            put(out, "score_vector", lit)
        if re.match(rb"^(ema2016|ema2008|tenhou)(,[a-z_0-9]+=[A-Za-z0-9_.-]+)*$", lit):
            put(out, "rules_spec", lit)
        if lit.startswith(b"riichi/1 "):
            put(out, "record_text", lit)
        if lit.startswith(b"{\"type\":"):
            put(out, "web_protocol", lit)
            put(out, "mjai_server", lit)


def run(args, **kw):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def mjai_hands(text):
    """Short mjai inputs: start_game, one hand's events, end_game (whole games fuzz slowly)."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return
    head, hand = lines[0], []
    for line in lines[1:]:
        hand.append(line)
        if b'"end_kyoku"' in line:
            yield head + b"".join(hand)
            hand = []


def game_seeds(riichi, out, shared):
    work = out / "_work"
    work.mkdir(parents=True, exist_ok=True)
    records = []
    for rules, seed in [("ema2016", 1), ("ema2008", 2), ("tenhou", 3)]:
        rec = work / f"{rules}-{seed}.jsonl"
        run([riichi, "selfplay", "--rules", rules, "--seed", str(seed), "--bots", "greedy",
             "--quiet", "--record", str(rec)])
        records.append(rec)
        data = rec.read_bytes()
        put(out, "record", data)
        put(out, "log", data)
        put(out, "record", b"".join(data.splitlines(keepends=True)[:120]))  # a truncated game
        for fmt, targets in [("tenhou6", ["tenhou6"]), ("mjai", ["mjai_log", "mjai_bot"])]:
            text = run([riichi, "export", "--to", fmt, str(rec)]).stdout
            put(out, "log", text)
            for t in targets:
                put(out, t, text)
                if fmt == "mjai":
                    for hand in list(mjai_hands(text))[:3]:
                        put(out, t, hand)
    logs = sorted((shared / "tenhou-mjlog").glob("*.mjlog"))[:4] if shared else []
    for log in logs[:2]:  # the reader by content: plain and gzip-compressed mjlog
        put(out, "log", log.read_bytes())
        put(out, "log", gzip.compress(log.read_bytes(), mtime=0))
    for log in logs:
        text = run([riichi, "export", "--to", "mjai", str(log)]).stdout
        for t in ("mjai_log", "mjai_bot"):
            put(out, t, text)
            for hand in list(mjai_hands(text))[:3]:
                put(out, t, hand)
    for f in work.iterdir():
        f.unlink()
    work.rmdir()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--riichi", required=True, help="the riichi CLI")
    p.add_argument("--source", required=True, help="the source tree (its tests/)")
    p.add_argument("--out", required=True, help="output directory (one folder per target)")
    p.add_argument("--shared", help="the shared data directory (tenhou-mjlog/)")
    a = p.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    shared = pathlib.Path(a.shared) if a.shared and pathlib.Path(a.shared).is_dir() else None
    literal_seeds(pathlib.Path(a.source), out)
    game_seeds(a.riichi, out, shared)
    for t in TARGETS:
        d = out / t
        d.mkdir(exist_ok=True)
        print(f"{t}: {sum(1 for _ in d.iterdir())} seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
