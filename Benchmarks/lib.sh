# Shared by the benchmark scripts (sourced, not run): the interleaved wall-clock loop and the
# summary statistics. Commands live in the caller's associative array CMD, by name.

# Runs each named command once unmeasured (a failure stops the run with its name) and empties
# its timing file OUT/NAME.t.
warm_up() { # OUT names...
  local out="$1"; shift
  for name in "$@"; do
    ${CMD[$name]} >/dev/null 2>&1 || { echo "$name failed: ${CMD[$name]}" >&2; exit 1; }
    : > "$out/$name.t"
  done
}

# RUNS rounds of every named command in turn (interleaved, so drift hits all alike), each
# round's wall seconds appended to OUT/NAME.t.
time_interleaved() { # OUT RUNS names...
  local out="$1" runs="$2"; shift 2
  for _ in $(seq "$runs"); do
    for name in "$@"; do
      local start end
      start=$(date +%s.%N); ${CMD[$name]} >/dev/null 2>&1; end=$(date +%s.%N)
      awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }' >> "$out/$name.t"
    done
  done
}

# "median (min-max)" of a file of numbers, with DECIMALS places (default 3).
stats() { # FILE [DECIMALS]
  local d="${2:-3}"
  sort -g "$1" | awk -v d="$d" '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; f="%." d "f"; printf f " (" f "-" f ")", m, a[1], a[NR]}'
}

median() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }

calc() { awk "BEGIN { printf \"$1\", $2 }"; }

# RUNS interleaved rounds of every named command (the first must be B_reference), each round's
# steady per-frame milliseconds (B's RESULT fps_steady; Sprout's "steady:" line) appended to
# OUT/NAME.ms and its peak RSS to OUT/NAME.rss; then the table of medians beside B's frame.
frame_table() { # OUT RUNS names...
  local out="$1" runs="$2"; shift 2
  for name in "$@"; do : > "$out/$name.ms"; : > "$out/$name.rss"; done
  for _ in $(seq "$runs"); do
    for name in "$@"; do
      /usr/bin/time -o "$out/time" -f "%M" ${CMD[$name]} > "$out/log" 2>&1
      awk '{ printf "%.1f\n", $1 / 1024 }' "$out/time" >> "$out/$name.rss"
      if [ "$name" = B_reference ]; then
        grep '^RESULT ' "$out/log" | sed 's/^RESULT //' | python3 -c 'import json,sys; print("%.2f" % (1000 / json.load(sys.stdin)["fps_steady"]))' >> "$out/$name.ms"
      else
        sed -nE 's/^steady: ([0-9.]+) ms\/frame.*/\1/p' "$out/log" >> "$out/$name.ms"
      fi
    done
  done
  echo "| command | ms/frame | x B's frame | peak RSS MiB |"
  echo "|---|---:|---:|---:|"
  for name in "$@"; do
    local ratio
    ratio=$(awk -v a="$(median "$out/$name.ms")" -v b="$(median "$out/B_reference.ms")" 'BEGIN { printf "%.2f", a / b }')
    echo "| $name | $(stats "$out/$name.ms" 1) | ${ratio}x | $(stats "$out/$name.rss" 1) |"
  done
}

# The peers and models folder (`../shared` beside the checkout, or SPROUT_SHARED=DIR): peer B's C
# source, the reference scene and the Khronos sample models, which this repository does not
# redistribute. Sets SHARED and PEERS, or stops with one line saying what is missing and where.
find_shared() { # ROOT
  SHARED="${SPROUT_SHARED:-$1/../shared}"
  PEERS="$SHARED/peers"
  if [ ! -f "$PEERS/b_egl_c/render_b.c" ]; then
    echo "$(basename "$0"): needs the peers and models folder: put it beside the checkout as ../shared, or set SPROUT_SHARED=DIR (it holds peers/b_egl_c/render_b.c, peers/assets/scene.glb and models/)" >&2
    exit 2
  fi
}

# The garden of issue 13 and 32 as a scene file: 100 catalog sunflowers in a 10 x 10 grid on the
# living-room stage, seen from above the sofa, 1280x720 (Benchmarks/garden.sh and window.sh).
write_garden() { # FILE
  { echo "size: [1280, 720]"; echo "stage: living-room"
    echo "camera: { position: [0, 4.2, 3.4], lookAt: [0, 0.8, -0.3], fov: 60 }"; echo "models:"
    for i in $(seq 0 99); do
      awk -v i="$i" 'BEGIN { printf "  - { model: sunflower, position: [%.2f, 0, %.2f], rotation: %d }\n", (i % 10) * 0.55 - 2.475, int(i / 10) * 0.45 - 2.3, i * 37 % 360 }'
    done; } > "$1"
}

# SPROUT_BIN: the given binary, or a release `sprout` built here (as peers.sh builds it).
sprout_binary() { # ROOT [BINARY]
  SPROUT_BIN="${2:-}"
  if [ -z "$SPROUT_BIN" ]; then
    (cd "$1" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
    SPROUT_BIN="$1/.build/release/sprout"
  fi
}

# For a benchmark that writes fidelity scenarios of its own: WORK, its cache folder (the variable
# named VARIABLE, else NAME under ~/.cache), made; BLENDER_PY required (its Cycles references);
# SPROUT_BIN as sprout_binary chooses it.
fidelity_work() { # ROOT VARIABLE NAME [BINARY]
  WORK="${!2:-${XDG_CACHE_HOME:-$HOME/.cache}/$3}"
  : "${BLENDER_PY:?set BLENDER_PY to a python that can import bpy (pip install 'bpy==4.5.*' in a python3.11 venv)}"
  mkdir -p "$WORK"
  sprout_binary "$1" "${4:-}"
}

# Scores the scenarios.json written into FOLDER with ../shared/fidelity's harness, its light and
# metric, the Cycles references cached in FOLDER/references and the results in FOLDER/out.
run_fidelity_in() { # FOLDER
  SPROUT="$SPROUT_BIN" FIDELITY_SCENARIOS="$1/scenarios.json" FIDELITY_REFERENCES="$1/references" FIDELITY_OUT="$1/out" \
    "$SHARED/fidelity/run-all"
}
