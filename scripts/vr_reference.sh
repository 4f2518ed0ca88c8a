#!/usr/bin/env bash
# The reference run of the benchmark's vr section (issue 30): for each game, the three questions on
# luck-adjusted games and the bias check against a plain reference on other seeds, in the background
# under nice, in two processes. The sizes are the arguments; the defaults are those of the run of
# 2026-12-03, the largest that ended within the session on a shared machine (load about 10 on 2
# cores): Space: 1999 on 1,000 luck-adjusted games against 100,000 plain ones, the three slower games
# on 150 against 20,000. The issue asks for 100,000-game references of every game:
#   scripts/vr_reference.sh 1000 100000 1000 100000
# takes about 40 CPU minutes for the references and 1-2 CPU hours for the luck-adjusted games.
#   scripts/vr_reference.sh [games_space reference_space games_rest reference_rest] [out_dir]
set -euo pipefail
cd "$(dirname "$0")/.."
GF=${1:-1000} RF=${2:-100000} GS=${3:-150} RS=${4:-20000} OUT=${5:-/tmp/vr-reference}
mkdir -p "$OUT"
nice -n 5 python -m isslab.bench.vr --only space-1999 --games "$GF" --reference "$RF" \
  --json "$OUT/space.json" > "$OUT/space.log" 2>&1 &
nice -n 5 python -m isslab.bench.vr --only 1969,1998-iss,mission-iss --games "$GS" --reference "$RS" \
  --json "$OUT/rest.json" > "$OUT/rest.log" 2>&1 &
wait
cat "$OUT/space.log" "$OUT/rest.log"
