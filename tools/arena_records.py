#!/usr/bin/python3
"""Writes each game of an arena database as its own engine record (docs/bots.md, "Fourteenth round").

Input: an arena database (`riichi arena ... --db FILE`); every run's games, or one run's. Each
game's JSON-lines record (the `games.record` column, docs/record-format.md) goes to
OUTDIR/rRUN-gINDEX.jsonl, which every log reader takes (`riichi danger-check OUTDIR`, `riichi
replay`, `riichi export`). Prints how many games it wrote.

Usage: tools/arena_records.py DB OUTDIR [--run ID]
"""
import argparse
import os
import sqlite3
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db")
    ap.add_argument("outdir")
    ap.add_argument("--run", type=int, help="one run's games (default: every run's)")
    args = ap.parse_args()
    if not os.path.isfile(args.db):
        sys.exit(f"arena_records: {args.db}: not an arena database (no such file)")
    try:
        con = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
        query = "SELECT run_id, game_index, record FROM games"
        params = ()
        if args.run is not None:
            query += " WHERE run_id = ?"
            params = (args.run,)
        rows = con.execute(query + " ORDER BY run_id, game_index", params).fetchall()
    except sqlite3.Error as e:
        sys.exit(f"arena_records: {args.db}: not an arena database ({e})")
    os.makedirs(args.outdir, exist_ok=True)
    for run, index, record in rows:
        with open(os.path.join(args.outdir, f"r{run}-g{index:05d}.jsonl"), "w") as f:
            f.write(record)
    print(f"{len(rows)} games written to {args.outdir}")


if __name__ == "__main__":
    main()
