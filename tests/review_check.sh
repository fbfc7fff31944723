#!/bin/sh
# ctest review_check (docs/review.md): the review of seat 0, --strict (every hand and decision
# reviewed, or exit 1), on every third log file of a directory in name order: the 45 older
# shared games give 15. `make review-check` reviews every seat of all 345 shared games.
# usage: tests/review_check.sh RIICHI_CLI LOG_DIR   (exit 77: skipped, no logs there)
set -eu
riichi=$1
dir=$2
if [ ! -d "$dir" ]; then echo "skipped: no Tenhou logs in $dir"; exit 77; fi
# The extensions the CLI takes from a directory (apps/cli/log_files.hpp, looks_like_log).
files=$(find "$dir" -type f \( -name '*.mjlog' -o -name '*.xml' -o -name '*.json' -o -name '*.gz' \
  -o -name '*.jsonl' -o -name '*.txt' \) | LC_ALL=C sort | awk 'NR % 3 == 1')
if [ -z "$files" ]; then echo "skipped: no log files in $dir"; exit 77; fi
# One file name a line; names with spaces are kept whole.
old_ifs=$IFS
IFS='
'
set -- $files
IFS=$old_ifs
exec "$riichi" review --strict --player 0 -j 2 --no-progress --min-loss 1e9 "$@"
