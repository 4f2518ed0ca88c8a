#!/usr/bin/env bash
# The reference run of the benchmark's vr section (issue 30): for each game, the three questions on
# luck-adjusted games and the bias check against a plain reference on other seeds, in the background
# under nice, two games at a time. Sizes are the arguments (the run of 2026-12-03 had to end within
# the session: see the README's what-if section for the sizes and figures).
#   scripts/vr_reference.sh [games_fast reference_fast games_slow reference_slow] [out_dir]
set -euo pipefail
cd "$(dirname "$0")/.."
GF=${1:-1000} RF=${2:-100000} GS=${3:-300} RS=${4:-100000} OUT=${5:-/tmp/vr-reference}
mkdir -p "$OUT"
nice -n 5 python -m isslab.bench.vr --only space-1999,1969 --games "$GF" --reference "$RF" \
  --json "$OUT/fast.json" > "$OUT/fast.log" 2>&1 &
nice -n 5 python -m isslab.bench.vr --only 1998-iss,mission-iss --games "$GS" --reference "$RS" \
  --json "$OUT/slow.json" > "$OUT/slow.log" 2>&1 &
wait
cat "$OUT/fast.log" "$OUT/slow.log"
