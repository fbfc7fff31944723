#!/usr/bin/python3
"""Calibration of the bots' evaluation (OptionsSettings::fast(), docs/eval.md) on self-play:
what the model predicts at each decision against what then happened (docs/bots.md,
"Calibration").

  danger   every discard made while the table holds a threat (an opponent in riichi or likely
           tenpai): the danger model's deal-in chance of the tile played, binned, against the
           share of those tiles that were ronned.
  win      every discard or riichi whose option keeps pushing (its reason is not a fold): the
           model's win chance of the option played, by shanten after it, turn and threat,
           against the share of those decisions whose seat won the hand.

Input: an arena database with the games' records (`riichi arena ... --db FILE`). The games are
written out as engine records and reviewed with `riichi review --fast --json` (one thread, at
`nice`): about 0.3 s of CPU per hanchan.

Usage: tools/calibrate_play.py DB [--games N] [--riichi build/riichi] [--keep DIR]
"""
import argparse
import collections
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

DANGER_BINS = (0.005, 0.01, 0.02, 0.04, 0.07, 0.10, 0.15, 0.25, 1.01)


def export_records(db, games, out_dir):
    """Writes the first `games` records of `db` to out_dir; returns {file name: hands}."""
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        rows = con.execute(
            "SELECT game_index, record FROM games ORDER BY run_id, game_index LIMIT ?", (games,)
        ).fetchall()
    except sqlite3.Error as e:
        sys.exit(f"calibrate_play: {db}: not an arena database ({e})")
    if not rows:
        sys.exit(f"calibrate_play: {db}: no game stored (run `riichi arena ... --db {db}`)")
    outcomes = {}
    for i, (index, record) in enumerate(rows):
        name = f"g{i:05d}_{index}.jsonl"
        with open(os.path.join(out_dir, name), "w") as f:
            f.write(record)
        outcomes[name] = hand_outcomes(record, name)
    return outcomes


def hand_outcomes(record, name):
    """Per hand index: the seats that won and the seat that dealt in (None: no ron)."""
    hands, current = {}, None
    for n, line in enumerate(record.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as e:
            sys.exit(f"calibrate_play: {name} line {n}: not JSON ({e})")
        kind = event.get("type")
        if kind == "hand":
            current = event["index"]
            hands[current] = {"wins": set(), "from": None}
        elif kind == "win" and current is not None:
            hands[current]["wins"].add(event["seat"])
            if event.get("from") is not None:
                hands[current]["from"] = event["from"]
    return hands


def shanten_of(reason):
    """The shanten after the option, read from its one-line reason; None when not stated."""
    m = re.search(r"(\d)-shanten", reason)
    if m:
        return int(m.group(1))
    return 0 if ("tenpai" in reason or reason.startswith("riichi")) else None


def tally(review_lines, outcomes):
    danger = collections.defaultdict(lambda: [0, 0.0, 0])  # n, predicted sum, ronned
    win = collections.defaultdict(lambda: [0, 0.0, 0])  # n, predicted sum, won
    for line in review_lines:
        if not line.startswith("{"):
            continue
        game = json.loads(line)
        hands = outcomes.get(os.path.basename(game["game"]), {})
        discards = [d for d in game["decisions"] if d["actual"].split()[0] in ("discard", "riichi")]
        last = {(d["hand_index"], d["seat"]): i for i, d in enumerate(discards)}
        for i, d in enumerate(discards):
            hand = hands.get(d["hand_index"])
            played = next((o for o in d["options"] if o["action"] == d["actual"]), None)
            if hand is None or played is None:
                continue
            # The ronned tile is the seat's last discard of the hand (a chankan is counted so).
            ronned = hand["from"] == d["seat"] and last[(d["hand_index"], d["seat"])] == i
            if d["threat"]:
                p = played["deal_in_prob"]
                b = next(x for x in DANGER_BINS if p < x)
                e = danger[b]
                e[0], e[1], e[2] = e[0] + 1, e[1] + p, e[2] + ronned
            if played["reason"].startswith("fold"):
                continue
            sh = shanten_of(played["reason"])
            if sh is None:
                continue
            key = (min(sh, 4), min((d["turn"] - 1) // 6, 2), d["threat"])
            e = win[key]
            e[0], e[1], e[2] = e[0] + 1, e[1] + played["win_prob"], e[2] + (d["seat"] in hand["wins"])
    return danger, win


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db", help="arena database with records (riichi arena --db)")
    ap.add_argument("--games", type=int, default=300, help="games reviewed (default 300)")
    ap.add_argument("--riichi", default="build/riichi", help="the CLI (default build/riichi)")
    ap.add_argument("--keep", help="write the records and the review here (kept)")
    ap.add_argument("--min", type=int, default=50, help="rows with fewer decisions are left out")
    args = ap.parse_args()
    if args.games <= 0:
        sys.exit("calibrate_play: --games must be positive")
    if not os.path.exists(args.db):
        sys.exit(f"calibrate_play: {args.db}: no such file")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or tmp
        os.makedirs(os.path.join(work, "records"), exist_ok=True)
        outcomes = export_records(args.db, args.games, os.path.join(work, "records"))
        print(f"reviewing {len(outcomes)} games with {args.riichi} review --fast ...", file=sys.stderr)
        cmd = ["nice", args.riichi, "review", os.path.join(work, "records"), "--json", "--fast",
               "-j", "1", "--no-progress"]
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, check=True)
        except (OSError, subprocess.CalledProcessError) as e:
            sys.exit(f"calibrate_play: {' '.join(cmd)} failed: {e}")
        if args.keep:
            with open(os.path.join(work, "review.jsonl"), "w") as f:
                f.write(res.stdout)
        danger, win = tally(res.stdout.splitlines(), outcomes)
    print("danger of the tile played under a threat: predicted bin, discards, predicted, ronned")
    lo = 0.0
    for b in sorted(danger):
        n, s, k = danger[b]
        print(f"  [{lo:5.3f}, {min(b, 1):5.3f})  {n:7d}  {100 * s / n:6.2f}%  {100 * k / n:6.2f}%")
        lo = b
    print("win chance of the option played (pushing): shanten, turns, table, decisions, "
          "predicted, won")
    for (sh, tb, threat) in sorted(win):
        n, s, k = win[(sh, tb, threat)]
        if n < args.min:
            continue
        turns = f"{6 * tb + 1}-{6 * tb + 6}" if tb < 2 else "13+"
        label = f"{sh}+-shanten" if sh == 4 else f"{sh}-shanten"
        print(f"  {label:10s} turns {turns:5s} "
              f"{'threat' if threat else 'quiet ':6s} {n:7d}  {100 * s / n:5.1f}%  {100 * k / n:5.1f}%")


if __name__ == "__main__":
    main()
