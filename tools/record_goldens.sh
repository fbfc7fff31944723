#!/bin/sh
# Golden self-play records (issue 22): the engine must play exactly the same games after a
# speed-up. For every preset x bot kind, `riichi selfplay --record` plays GAMES games from seed 1;
# the SHA-256 of the record's lines is compared with the stored value.
#
#   tools/record_goldens.sh --check  RIICHI GOLDENS   exit 0 when every record matches, else 1
#   tools/record_goldens.sh --update RIICHI GOLDENS   rewrite GOLDENS from RIICHI's records
#
# Each line of GOLDENS: "PRESET BOTS GAMES SHA256-OF-BODY SHA256-OF-FILE". The body is the
# record without its header lines: a header lists every field of struct Rules, so it changes
# when a field is added while the games stay the same; the check compares the body. The full
# file's hash says that the records were also byte-identical when the goldens were taken.
# Only a deliberate rule change may change the games: then run --update and say why in the
# commit.
set -eu

mode=${1:-}
riichi=${2:-}
goldens=${3:-}
if [ "$mode" != --check ] && [ "$mode" != --update ] || [ -z "$riichi" ] || [ -z "$goldens" ]; then
  echo "usage: $0 --check|--update RIICHI GOLDENS" >&2
  exit 2
fi
if [ ! -x "$riichi" ]; then
  echo "error: $riichi is not an executable" >&2
  exit 2
fi

games=25
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints "PRESET BOTS GAMES BODY-SHA FILE-SHA" for one combination.
record_line() {
  "$riichi" selfplay --rules "$1" --bots "$2" --seed 1 --games "$games" --quiet \
    --record "$tmp/r.jsonl" >/dev/null
  body=$(grep -v '^{"type":"header"' "$tmp/r.jsonl" | sha256sum | cut -d' ' -f1)
  file=$(sha256sum <"$tmp/r.jsonl" | cut -d' ' -f1)
  echo "$1 $2 $games $body $file"
}

for preset in ema2016 ema2008 tenhou; do
  for bots in random greedy efficiency defensive; do
    record_line "$preset" "$bots"
  done
done >"$tmp/now.txt"

if [ "$mode" = --update ]; then
  cp "$tmp/now.txt" "$goldens"
  echo "wrote $(wc -l <"$goldens") golden record hashes to $goldens"
  exit 0
fi

status=0
while read -r preset bots n body _file; do
  line=$(grep "^$preset $bots $n " "$tmp/now.txt" || true)
  got=$(echo "$line" | cut -d' ' -f4)
  if [ "$got" = "$body" ]; then
    echo "ok        $preset $bots ($n games)"
  else
    echo "DIFFERENT $preset $bots ($n games): expected $body, got ${got:-nothing}"
    status=1
  fi
done <"$goldens"
exit $status
