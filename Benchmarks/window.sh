#!/usr/bin/env bash
# Frames per second in a window under Xvfb (issue 32): `sprout preview` as a person would use
# it (the catalog sunflower placed with Space once the focus square has found the table, then
# SECONDS of frames), and the garden of Benchmarks/garden.sh shown with `sprout render --window`
# (orbiting a degree a frame). Each says its frame rate when stopped (Ctrl-C, here SIGINT).
#
#   Benchmarks/window.sh [RUNS] [SECONDS] [STAGE]     default: 3 runs of 15 s on tabletop
# Needs Xvfb and xdotool (Scripts/install-dependencies installs both); nothing beside the checkout.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${1:-3}"
SECONDS_EACH="${2:-15}"
STAGE="${3:-tabletop}"
. "$ROOT/Benchmarks/lib.sh"
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
SPROUT="$ROOT/.build/release/sprout"
OUT="$(mktemp -d /tmp/sprout-window.XXXXXX)"
DISPLAY_NUMBER=$((200 + $$ % 50))
Xvfb ":$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null; rm -rf "$OUT"' EXIT
export DISPLAY=":$DISPLAY_NUMBER"
sleep 1
for run in $(seq "$RUNS"); do
  "$SPROUT" preview sunflower --stage "$STAGE" --size 1280x720 > "$OUT/run-$run.log" 2>&1 &
  PREVIEW=$!
  window=""
  for _ in $(seq 300); do
    window="$(xdotool search --name "Sprout: " 2>/dev/null | head -1 || true)"
    [ -n "$window" ] && xdotool getwindowname "$window" | grep -q "focus square closed" && break
    sleep 0.1
  done
  xdotool windowfocus --sync "$window" key space
  sleep "$SECONDS_EACH"
  kill -INT "$PREVIEW"
  wait "$PREVIEW" || true
  grep -o "drew .* frames/s)" "$OUT/run-$run.log"
done
write_garden "$OUT/garden.yaml"
for run in $(seq "$RUNS"); do
  "$SPROUT" render "$OUT/garden.yaml" --window --orbit 1 > "$OUT/garden-$run.log" 2>&1 &
  SHOW=$!
  xdotool search --sync --name "Sprout: " >/dev/null
  sleep "$SECONDS_EACH"
  kill -INT "$SHOW"
  wait "$SHOW" || true
  echo "garden: $(grep -o "drew .* frames/s)" "$OUT/garden-$run.log")"
done
