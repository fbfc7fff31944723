#!/usr/bin/env python3
"""Short summary of `riichi arena --json` files (used by `make strength`, docs/arena.md)."""
import json
import sys


def summarize(path):
    with open(path, encoding="utf-8") as f:
        j = json.load(f)
    print(f"{path}: {j['games']} games, rules {j['rules']}, seed {j['seed']}, "
          f"{j['games_per_second']:.0f} games/s")
    for b in j["bots"]:
        print(f"  {b['name']:<12} avg rank {b['avg_rank']:.3f} ± {b['avg_rank_ci95']:.3f}"
              f"  final score {b['avg_score']:+.0f} ± {b['avg_score_ci95']:.0f}"
              f"  win {100 * b['win_rate']:.1f} ± {100 * b.get('win_rate_ci95', 0):.1f}%"
              f"  deal-in {100 * b['deal_in_rate']:.1f} ± {100 * b.get('deal_in_rate_ci95', 0):.1f}%"
              f"  riichi {100 * b['riichi_rate']:.1f}%  call {100 * b['call_rate']:.1f}%")
    for d in j.get("rank_differences", []):
        print(f"  avg rank {d['a']} - {d['b']}: {d['avg_rank_diff']:+.3f}"
              f" ± {d['avg_rank_diff_ci95']:.3f} (95% CI, paired by game, {d['games']} games)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: arena_summary.py FILE.json...")
    for p in sys.argv[1:]:
        summarize(p)
