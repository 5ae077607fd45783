#!/usr/bin/env bash
# `sprout test` on 50 scene cases at 256x256 (release build, interleaved run by run), beside
# `sprout render` of the same 50 scenes one process each (what a hand-written loop would do):
#  1. sprout test DIR --jobs 1
#  2. sprout test DIR --jobs 2
#  3. sprout render SCENE.yaml, 50 times in a row
#  4. peer B (../shared/peers, the C/EGL baseline) 50 times in a row: one process per picture
#     at its fixed 1280x720 reference scene, the floor for any tool that starts once per picture
# Prints the median (min-max) of wall seconds per command, and per case.
#
#   Benchmarks/render-tests.sh [RUNS]     default: 5 runs
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${1:-5}"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
CASES=50
OUT="$(mktemp -d /tmp/sprout-render-tests.XXXXXX)"
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
cc -O2 -o "$OUT/render_b" "$PEERS/b_egl_c/render_b.c" -lEGL -lOpenGL -lassimp -lpng -lm
SPROUT="$ROOT/.build/release/sprout"

# 50 scenes: the six catalog plants in turn, each on the tabletop stage, turned 7 degrees more per case.
plants=(basil tulip lavender tomato corn sunflower)
mkdir -p "$OUT/cases" "$OUT/render"
for i in $(seq 0 $((CASES - 1))); do
  plant=${plants[$((i % 6))]}
  printf 'size: [256, 256]\nstage: tabletop\nmodels:\n  - { model: %s, position: [0, 0.74, 0], rotation: %d }\n' "$plant" $((i * 7)) \
    > "$OUT/cases/case-$(printf %02d "$i").yaml"
done
"$SPROUT" test "$OUT/cases" --update --results "$OUT/results" >/dev/null

render_all() { for f in "$OUT"/cases/*.yaml; do "$SPROUT" render "$f" --output "$OUT/render/$(basename "$f" .yaml).png" >/dev/null; done; }
b_each() { for i in $(seq "$CASES"); do "$OUT/render_b" --scene "$PEERS/assets/scene.glb" --out "$OUT/b.png" >/dev/null; done; }
declare -A CMD
CMD[test_jobs1]="$SPROUT test $OUT/cases --jobs 1 --results $OUT/results"
CMD[test_jobs2]="$SPROUT test $OUT/cases --jobs 2 --results $OUT/results"
CMD[render_each]="render_all"
CMD[B_each]="b_each"
names=(test_jobs1 test_jobs2 render_each B_each)
warm_up "$OUT" "${names[@]}"
time_interleaved "$OUT" "$RUNS" "${names[@]}"
for name in "${names[@]}"; do
  echo "$name: $(stats "$OUT/$name.t" 2) s for $CASES cases -> $(calc '%.0f' "1000 * $(median "$OUT/$name.t") / $CASES") ms/case"
done
rm -rf "$OUT"
