#!/usr/bin/env bash
# Gesture-script benchmarks, in one run (release build, interleaved run by run):
#  1. Benchmarks/continuous-60s.yaml played with a trace only: how much faster than real time.
#  2. Benchmarks/frames-5s.yaml played with every frame written at 1280x720, beside
#     `sprout render` drawing the same stage and plant for as many frames, each written as PNG:
#     cost per frame of each.
# Prints the median (min-max) of wall seconds per command.
#
#   Benchmarks/scripts.sh [RUNS]     default: 5 runs
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${1:-5}"
. "$ROOT/Benchmarks/lib.sh"
OUT="$(mktemp -d /tmp/sprout-scripts.XXXXXX)"
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
SPROUT="$ROOT/.build/release/sprout"
FRAMES=300   # frames-5s.yaml at 60 fps

declare -A CMD
CMD[play_trace]="$SPROUT play $ROOT/Benchmarks/continuous-60s.yaml --output $OUT/trace --frames none"
CMD[play_frames]="$SPROUT play $ROOT/Benchmarks/frames-5s.yaml --output $OUT/play --frames all"
CMD[render_frames]="$SPROUT render $ROOT/Sources/SproutApp/Assets/plants/seedling.obj --stage tabletop --frames $FRAMES --output $OUT/render/frame-%05d.png"
mkdir -p "$OUT/render"
names=(play_trace play_frames render_frames)
warm_up "$OUT" "${names[@]}"
time_interleaved "$OUT" "$RUNS" "${names[@]}"
echo "play, 60 s of gestures, trace only:      $(stats "$OUT/play_trace.t") s -> $(calc '%.0f' "60 / $(median "$OUT/play_trace.t")")x real time"
echo "play, $FRAMES frames at 1280x720, PNG each: $(stats "$OUT/play_frames.t") s -> $(calc '%.1f' "1000 * $(median "$OUT/play_frames.t") / $FRAMES") ms/frame"
echo "render, same stage and plant, $FRAMES frames: $(stats "$OUT/render_frames.t") s -> $(calc '%.1f' "1000 * $(median "$OUT/render_frames.t") / $FRAMES") ms/frame"
echo "ratio play/render per frame: $(calc '%.2f' "$(median "$OUT/play_frames.t") / $(median "$OUT/render_frames.t")")"
