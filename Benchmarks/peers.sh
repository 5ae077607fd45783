#!/usr/bin/env bash
# Sprout side by side with the peers of ../shared/peers on the reference scene, in one run:
# cold start to PNG (A pyrender, B C/EGL, Sprout, interleaved run by run) and 200 orbiting
# frames with read-back every frame (B, Sprout), 1280x720, no MSAA, no shadows (the peers have none);
# and Sprout with its default options (shadows on), what a user gets.
# Prints min / median / max of wall seconds, CPU seconds and peak RSS per command.
#
#   Benchmarks/peers.sh [RUNS] [FRAMES]     defaults: 5 runs, 200 frames
#   PEER_A_PYTHON=/path/to/venv/bin/python  a Python with ../shared/peers/requirements.txt
#                                           (default: Benchmarks/.venv, created when missing)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
RUNS="${1:-5}"
FRAMES="${2:-200}"
OUT="$(mktemp -d /tmp/sprout-bench.XXXXXX)"
PY="${PEER_A_PYTHON:-$ROOT/Benchmarks/.venv/bin/python}"
if [ ! -x "$PY" ]; then
  python3 -m venv "$ROOT/Benchmarks/.venv"
  "$ROOT/Benchmarks/.venv/bin/pip" install -q -r "$PEERS/requirements.txt"
  PY="$ROOT/Benchmarks/.venv/bin/python"
fi
apt-get install -y -qq libpng-dev >/dev/null 2>&1 || true   # peer B writes PNG with libpng
cc -O2 -o "$OUT/render_b" "$PEERS/b_egl_c/render_b.c" -lEGL -lOpenGL -lassimp -lpng -lm
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
SPROUT="$ROOT/.build/release/sprout"
SCENE="$PEERS/assets/scene.glb"
VIEW=(--camera-position 0.8,0.9,1.2 --look-at 0,0.55,0 --fov 60 --size 1280x720)
CAMERA=("${VIEW[@]}" --no-shadows)

declare -A CMD
CMD[A_cold]="$PY $PEERS/a_pyrender/render_a.py --out $OUT/a.png"
CMD[B_cold]="$OUT/render_b --scene $SCENE --out $OUT/b.png"
CMD[Sprout_cold]="$SPROUT render $SCENE ${CAMERA[*]} --output $OUT/s.png"
CMD[Sprout_cold_default]="$SPROUT render $SCENE ${VIEW[*]} --output $OUT/sd.png"
CMD[Sprout_frames_default]="$SPROUT render $SCENE ${VIEW[*]} --frames $FRAMES --orbit 0.5 --verbose --output $OUT/sd_frames.png"
CMD[B_frames]="$OUT/render_b --scene $SCENE --frames $FRAMES --out $OUT/b_frames.png"
CMD[Sprout_frames]="$SPROUT render $SCENE ${CAMERA[*]} --frames $FRAMES --orbit 0.5 --verbose --output $OUT/s_frames.png"

run_interleaved() { # names...
  for name in "$@"; do   # warm-up; a failing command stops the run with its name
    ${CMD[$name]} >/dev/null 2>&1 || { echo "$name failed: ${CMD[$name]}" >&2; exit 1; }
    : > "$OUT/$name.time"; : > "$OUT/$name.log"
  done
  for _ in $(seq "$RUNS"); do
    for name in "$@"; do
      /usr/bin/time -a -o "$OUT/$name.time" -f "%e %U %S %M" ${CMD[$name]} >>"$OUT/$name.log" 2>&1
    done
  done
}

run_interleaved A_cold B_cold Sprout_cold Sprout_cold_default
[ "$FRAMES" -gt 0 ] && run_interleaved B_frames Sprout_frames Sprout_frames_default

python3 - "$OUT" "$RUNS" "$FRAMES" <<'PYEOF'
import json, re, statistics as st, sys, os
out, runs, frames = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def rows(name):
    p = f"{out}/{name}.time"
    if not os.path.exists(p): return None
    return [list(map(float, l.split())) for l in open(p) if l.strip() and l[0].isdigit()]
def f3(xs): return "%.3f (%.3f-%.3f)" % (st.median(xs), min(xs), max(xs))
med = {}
print(f"runs: {runs}, frames: {frames}; logs in {out}")
print("| command | wall s | CPU s | peak RSS MiB |")
print("|---|---:|---:|---:|")
for name in ["A_cold", "B_cold", "Sprout_cold", "Sprout_cold_default", "B_frames", "Sprout_frames", "Sprout_frames_default"]:
    r = rows(name)
    if not r: continue
    wall = [x[0] for x in r]; cpu = [x[1] + x[2] for x in r]; rss = [x[3] / 1024 for x in r]
    med[name] = (st.median(wall), st.median(rss))
    print(f"| {name} | {f3(wall)} | {f3(cpu)} | {f3(rss)} |")
# in-process steady frame times
b_fps = [json.loads(l[7:]).get("fps_steady") for l in open(f"{out}/B_frames.log") if l.startswith("RESULT ")] if frames else []
s_ms = [float(m.group(1)) for m in re.finditer(r"\(([\d.]+) ms/frame\)", open(f"{out}/Sprout_frames.log").read())] if frames else []
d_ms = [float(m.group(1)) for m in re.finditer(r"\(([\d.]+) ms/frame\)", open(f"{out}/Sprout_frames_default.log").read())] if frames else []
if b_fps and s_ms:
    b_ms = [1000 / f for f in b_fps if f]
    print(f"\nper frame (in-process): B {st.median(b_ms):.1f} ms, Sprout {st.median(s_ms):.1f} ms, Sprout/B {st.median(s_ms) / st.median(b_ms):.2f}x"
          + (f"; default options {st.median(d_ms):.1f} ms, {st.median(d_ms) / st.median(b_ms):.2f}x" if d_ms else ""))
print(f"cold start: Sprout/B {med['Sprout_cold'][0] / med['B_cold'][0]:.2f}x (default options {med['Sprout_cold_default'][0] / med['B_cold'][0]:.2f}x), A/Sprout {med['A_cold'][0] / med['Sprout_cold'][0]:.1f}x")
if frames:
    print(f"{frames} frames: Sprout/B wall {med['Sprout_frames'][0] / med['B_frames'][0]:.2f}x (default options {med['Sprout_frames_default'][0] / med['B_frames'][0]:.2f}x)")
print(f"peak RSS: Sprout/B cold {med['Sprout_cold'][1] / med['B_cold'][1]:.2f}x (default options +{med['Sprout_cold_default'][1] - med['B_cold'][1]:.1f} MiB)"
      + (f", frames {med['Sprout_frames'][1] / med['B_frames'][1]:.2f}x" if frames else ""))
PYEOF
