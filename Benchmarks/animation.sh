#!/usr/bin/env bash
# What animation costs a frame (issue 28), side by side with peer B (../shared/peers, the C/EGL
# baseline) in one run, default options (realistic shading, shadows on), 1280x720:
#  1. B's reference frame: 200 orbiting frames of its scene, read back each (no shadows)
#  2. the Fox (../shared/models/Fox, 1,728 vertices skinned to 24 joints) fitted 1 m tall, still:
#     60 orbiting frames
#  3. the same Fox walking (Walk from 0 s, 1/30 s a frame): skinning in the vertex shaders and
#     the shadow map redrawn every frame, since the pose changes
#  4. Benchmarks/garden.sh's 100 sunflowers on the living-room stage, still
#  5. the same 100 sunflowers swaying (their `sway` clip, each from its own time, 1/30 s a frame)
# Prints the median (min-max) per-frame milliseconds (steady frames, after the first) and peak RSS.
#
#   Benchmarks/animation.sh [RUNS]     default: 5 runs
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${1:-5}"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
OUT="$(mktemp -d /tmp/sprout-animation.XXXXXX)"
FOX="$SHARED/models/Fox/Fox.glb"
cc -O2 -o "$OUT/render_b" "$PEERS/b_egl_c/render_b.c" -lEGL -lOpenGL -lassimp -lpng -lm
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
SPROUT="$ROOT/.build/release/sprout"

garden() { # ANIMATED (0 or 1)
  echo "size: [1280, 720]"; echo "stage: living-room"
  echo "camera: { position: [0, 4.2, 3.4], lookAt: [0, 0.8, -0.3], fov: 60 }"; echo "models:"
  for i in $(seq 0 99); do
    awk -v i="$i" -v a="$1" 'BEGIN { printf "  - { model: sunflower, position: [%.2f, 0, %.2f], rotation: %d%s }\n", (i % 10) * 0.55 - 2.475, int(i / 10) * 0.45 - 2.3, i * 37 % 360,
      a ? sprintf(", animation: { clip: sway, time: %.2f }", (i * 0.37) % 8) : "" }'
  done
}
garden 0 > "$OUT/garden.yaml"
garden 1 > "$OUT/swaying.yaml"

declare -A CMD
CMD[B_reference]="$OUT/render_b --scene $PEERS/assets/scene.glb --frames 200 --out $OUT/b.png"
CMD[fox_still]="$SPROUT render $FOX --fit 1 --frames 60 --orbit 1 --verbose --output $OUT/fox.png"
CMD[fox_walking]="$SPROUT render $FOX --fit 1 --frames 60 --orbit 1 --animation Walk --verbose --output $OUT/fox-walk.png"
CMD[garden_still]="$SPROUT render $OUT/garden.yaml --frames 60 --orbit 1 --verbose --output $OUT/garden.png"
CMD[garden_swaying]="$SPROUT render $OUT/swaying.yaml --frames 60 --orbit 1 --verbose --output $OUT/swaying.png"
names=(B_reference fox_still fox_walking garden_still garden_swaying)
warm_up "$OUT" "${names[@]}"
frame_table "$OUT" "$RUNS" "${names[@]}"
