#!/usr/bin/env bash
# A garden of plants, side by side with peer B (../shared/peers, the C/EGL baseline) in one run:
#  1. B's reference frame: 200 orbiting frames of its scene at 1280x720, read back each (no shadows)
#  2. 100 Mammoth sunflowers (Sources/SproutApp/Assets/plants/sunflower.glb, 6,208 triangles each) in a 10 x 10
#     grid on the living-room stage's floor, 1280x720, shadows on: 60 orbiting frames, render
#     and read-back only (no PNG per frame)
#  3. the same without shadows
#  4. a field of 1,000 plants (the six catalog plants in turn, 40 x 25 grid), shadows on, 20 frames
# Prints the median (min-max) per-frame milliseconds (in-process, steady frames: after the first,
# which compiles shaders and draws the shadow map and probe, as B's fps_steady) and peak RSS.
#
#   Benchmarks/garden.sh [RUNS]     default: 5 runs
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${1:-5}"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
OUT="$(mktemp -d /tmp/sprout-garden.XXXXXX)"
cc -O2 -o "$OUT/render_b" "$PEERS/b_egl_c/render_b.c" -lEGL -lOpenGL -lassimp -lpng -lm
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
SPROUT="$ROOT/.build/release/sprout"

write_garden "$OUT/garden.yaml"
sed 's/^size: \[1280, 720\]$/size: [1280, 720]\nshadows: false/' "$OUT/garden.yaml" > "$OUT/garden-no-shadows.yaml"
plants=(basil tulip lavender tomato corn sunflower)
{ echo "size: [1280, 720]"; echo "camera: { position: [0, 9, 11], lookAt: [0, 0, 0], fov: 60 }"; echo "models:"
  for i in $(seq 0 999); do
    awk -v i="$i" -v p="${plants[$((i % 6))]}" 'BEGIN { printf "  - { model: %s, position: [%.2f, 0, %.2f], rotation: %d }\n", p, (i % 40) * 0.4 - 7.8, int(i / 40) * 0.4 - 4.8, i * 37 % 360 }'
  done; } > "$OUT/field.yaml"

declare -A CMD
CMD[B_reference]="$OUT/render_b --scene $PEERS/assets/scene.glb --frames 200 --out $OUT/b.png"
CMD[garden_shadows]="$SPROUT render $OUT/garden.yaml --frames 60 --orbit 1 --verbose --output $OUT/garden.png"
CMD[garden_no_shadows]="$SPROUT render $OUT/garden-no-shadows.yaml --frames 60 --orbit 1 --verbose --output $OUT/garden-ns.png"
CMD[field_1000]="$SPROUT render $OUT/field.yaml --frames 20 --orbit 1 --verbose --output $OUT/field.png"
names=(B_reference garden_shadows garden_no_shadows field_1000)
warm_up "$OUT" "${names[@]}"
frame_table "$OUT" "$RUNS" "${names[@]}"
cp "$OUT/garden.png" "${GARDEN_PICTURE:-/dev/null}" 2>/dev/null || true
rm -rf "$OUT"
