#!/usr/bin/env bash
# Posed scenarios measured against Blender Cycles as ../shared/fidelity measures still ones
# (issue 28): the Fox at Walk 0.25 s and Run 0.5 s. ../shared/fidelity strips animations before
# Blender imports a file (its scenarios are drawn in the default pose); here a copy of it keeps
# them for scenarios with `animation: { clip, time }`, makes the clip the armature's action and
# sets the frame to time x fps (Blender's importer keys a glTF time t at frame t x fps), and
# passes the entry to Sprout's scene file as is. The references are rendered once into a cache.
#
#   BLENDER_PY=path/to/python-with-bpy Benchmarks/fidelity-posed.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
WORK="${FIDELITY_POSED_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/sprout-fidelity-posed}"
: "${BLENDER_PY:?set BLENDER_PY to a python that can import bpy (pip install 'bpy==4.5.*' in a python3.11 venv)}"
rm -rf "$WORK/fidelity" && mkdir -p "$WORK" && cp -r "$SHARED/fidelity" "$WORK/fidelity"
rm -rf "$WORK/fidelity/references" "$WORK/fidelity/out"
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product sprout >/dev/null)
python3 - "$WORK/fidelity" "$SHARED/models/Fox/Fox.glb" <<'PY'
import json, sys
folder, fox = sys.argv[1], sys.argv[2]
doc = json.load(open(folder + "/scenarios.json"))
doc["scenarios"] = [
    {"id": "fox-walk", "model": fox, "fit": 1, "animation": {"clip": "Walk", "time": 0.25},
     "camera": {"target": [0, 0.5, 0], "yaw": 80, "pitch": 10, "distance": 3.2}, "checks": "a skin posed by a LINEAR clip"},
    {"id": "fox-run", "model": fox, "fit": 1, "animation": {"clip": "Run", "time": 0.5},
     "camera": {"target": [0, 0.5, 0], "yaw": 60, "pitch": 15, "distance": 3.2}, "checks": "a skin posed by another clip"},
]
json.dump(doc, open(folder + "/posed.json", "w"), indent=1)
path = folder + "/make_reference.py"
s = open(path).read()
s = s.replace('''        bpy.ops.import_scene.gltf(filepath=static_copy(common.model_path(scenario), tmp),''',
              '''        source = common.model_path(scenario) if "animation" in scenario else static_copy(common.model_path(scenario), tmp)
        bpy.ops.import_scene.gltf(filepath=source,''')
s = s.replace('''    cull_back_faces()''', '''    if "animation" in scenario:
        a = scenario["animation"]
        for o in scene.objects:
            if o.animation_data:
                o.animation_data.action = bpy.data.actions[a["clip"]]
        scene.frame_set(int(a["time"] * scene.render.fps), subframe=a["time"] * scene.render.fps % 1)
    cull_back_faces()''', 1)
assert "source = common.model_path" in s and 'scene.frame_set' in s, "make_reference.py changed: update this script"
open(path, "w").write(s)
path = folder + "/make_sprout.py"
s = open(path).read()
assert '("fit", "rotation", "position")' in s, "make_sprout.py changed: update this script"
open(path, "w").write(s.replace('("fit", "rotation", "position")', '("fit", "rotation", "position", "animation")'))
PY
SPROUT="$ROOT/.build/release/sprout" FIDELITY_SCENARIOS="$WORK/fidelity/posed.json" FIDELITY_OUT="$WORK/out" \
  FIDELITY_REFERENCES="$WORK/references" "$WORK/fidelity/run-all"
