#!/usr/bin/env bash
# Soak: long runs keep memory flat. `sprout render` orbits 10,000 frames and `sprout play`
# plays 10,000 frames (writing every frame), both 320x180, release build; resident memory is
# sampled every 0.2 s. Prints RSS after warm-up (10 % of the run), at the end, and the
# largest, in MiB.
#
#   Benchmarks/soak.sh [FRAMES]     default 10000
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FRAMES="${1:-10000}"
OUT="$(mktemp -d /tmp/sprout-soak.XXXXXX)"
trap 'rm -rf "$OUT"' EXIT
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
SPROUT="$ROOT/.build/release/sprout"
SECONDS_OF_PLAY=$(awk -v f="$FRAMES" 'BEGIN { printf "%.4f", f / 60 }')
printf 'stage: tabletop\nviewport: [320, 180]\nsteps:\n  - wait: 2.5\n  - place: seedling\n  - device: { moveBy: [0.3, 0, 0], lookAt: [0, 0.74, 0], duration: %s }\n' \
  "$(awk -v s="$SECONDS_OF_PLAY" 'BEGIN { printf "%.4f", s - 2.5 }')" > "$OUT/soak.yaml"

soak() { # name command...
  local name="$1"; shift
  "$@" > "$OUT/$name.log" 2>&1 &
  local pid=$!
  python3 - "$pid" "$name" <<'PY'
import sys, time, os
pid, name = int(sys.argv[1]), sys.argv[2]
samples = []
start = time.time()
while True:
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next(int(l.split()[1]) for l in f if l.startswith("VmRSS:")) / 1024
    except (FileNotFoundError, StopIteration, ProcessLookupError):
        break
    samples.append((time.time() - start, rss))
    time.sleep(0.2)
if len(samples) < 10:
    print(f"{name}: too short to sample ({len(samples)} samples)"); sys.exit(0)
warm = samples[len(samples) // 10][1]
end = samples[-1][1]
peak = max(r for _, r in samples)
print(f"{name}: {samples[-1][0]:.1f} s, RSS after warm-up {warm:.1f} MiB, at the end {end:.1f} MiB (drift {end - warm:+.1f}), peak {peak:.1f} MiB, {len(samples)} samples")
PY
  wait "$pid"
}

soak "render, $FRAMES orbiting frames" "$SPROUT" render "$ROOT/Sources/SproutApp/Assets/plants/seedling.obj" --stage tabletop --size 320x180 --frames "$FRAMES" --orbit 0.5 --output "$OUT/render.png"
soak "play, $FRAMES frames written" "$SPROUT" play "$OUT/soak.yaml" --frames all --output "$OUT/play"
