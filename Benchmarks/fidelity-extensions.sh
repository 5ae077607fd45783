#!/usr/bin/env bash
# The ratified material extensions that shade a surface's reflection, each on a sphere beside
# plain ones, measured against Blender Cycles as ../shared/fidelity measures its scenarios
# (issue 27): a plain blue dielectric; the same with KHR_materials_sheen, with
# KHR_materials_specular (a tinted reflectance), with KHR_materials_ior (2.0); a grey metal with
# KHR_materials_anisotropy (0.8 along the tangent); a black dielectric with
# KHR_materials_iridescence; a plain grey metal. Written here as a GLB (no third-party model),
# scored by ../shared/fidelity/run-all; `Benchmarks/fidelity-columns.py` gives each sphere's
# figure. Blender's importer reads sheen, specular, ior and anisotropy (the last into Blender's
# own anisotropic GGX, whose second axis grows sharper than glTF's) and drops iridescence.
#
#   BLENDER_PY=path/to/python-with-bpy Benchmarks/fidelity-extensions.sh [SPROUT_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
fidelity_work "$ROOT" FIDELITY_EXTENSIONS_DIR sprout-fidelity-extensions "${1:-}"
python3 - "$WORK" "$SHARED/fidelity/scenarios.json" "$ROOT/Benchmarks" <<'PY'
import json, math, sys
folder, scenarios = sys.argv[1], sys.argv[2]
sys.dont_write_bytecode = True   # no __pycache__ in the repository
sys.path.insert(0, sys.argv[3])
from glb import GLB, grid, sphere_point
glb = GLB()
sphere = grid(lambda s, t: tuple(0.2 * c for c in sphere_point(s, t)), sphere_point, 64, 32)
def pbr(color, metallic, roughness): return {"baseColorFactor": color + [1], "metallicFactor": metallic, "roughnessFactor": roughness}
materials = [
  {"name": "plain", "pbrMetallicRoughness": pbr([0.1, 0.2, 0.5], 0, 0.5)},
  {"name": "sheen", "pbrMetallicRoughness": pbr([0.1, 0.2, 0.5], 0, 0.5), "extensions": {"KHR_materials_sheen": {"sheenColorFactor": [1.0, 0.4, 0.3], "sheenRoughnessFactor": 0.5}}},
  {"name": "specular", "pbrMetallicRoughness": pbr([0.1, 0.2, 0.5], 0, 0.2), "extensions": {"KHR_materials_specular": {"specularFactor": 1.0, "specularColorFactor": [1.0, 0.6, 0.2]}}},
  {"name": "ior", "pbrMetallicRoughness": pbr([0.1, 0.2, 0.5], 0, 0.2), "extensions": {"KHR_materials_ior": {"ior": 2.0}}},
  {"name": "anisotropy", "pbrMetallicRoughness": pbr([0.9, 0.9, 0.9], 1, 0.4), "extensions": {"KHR_materials_anisotropy": {"anisotropyStrength": 0.8, "anisotropyRotation": 0}}},
  {"name": "iridescence", "pbrMetallicRoughness": pbr([0.05, 0.05, 0.05], 0, 0.15), "extensions": {"KHR_materials_iridescence": {"iridescenceFactor": 1, "iridescenceIor": 1.3, "iridescenceThicknessMaximum": 400}}},
  {"name": "metal", "pbrMetallicRoughness": pbr([0.9, 0.9, 0.9], 1, 0.4)},
  {"name": "floor", "pbrMetallicRoughness": pbr([0.6, 0.6, 0.6], 0, 0.9)}]
meshes = [{"primitives": [glb.primitive(*sphere, k)]} for k in range(7)]
floor = glb.primitive([(-2.1, 0, 0.6), (2.1, 0, 0.6), (2.1, 0, -0.6), (-2.1, 0, -0.6)], [(0, 1, 0)] * 4, None, [0, 1, 2, 0, 2, 3], 7)
meshes.append({"primitives": [floor]})
nodes = [{"mesh": k, "translation": [-1.5 + 0.5 * k, 0.22, 0]} for k in range(7)] + [{"mesh": 7}]
doc = {"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_materials_sheen", "KHR_materials_specular", "KHR_materials_ior", "KHR_materials_anisotropy", "KHR_materials_iridescence"],
       "materials": materials, "meshes": meshes, "nodes": nodes, "scenes": [{"nodes": list(range(len(nodes)))}], "scene": 0}
glb.write(folder + "/Extensions.glb", doc)
settings = json.load(open(scenarios))
settings["scenarios"] = [{"id": "extensions", "model": "Extensions.glb", "size": [1024, 256],
                          "camera": {"target": [0, 0.22, 0], "yaw": 0, "pitch": 10, "distance": 3.0, "fov": 22},
                          "checks": "sheen, specular, ior, anisotropy, iridescence beside a plain sphere"}]
json.dump(settings, open(folder + "/scenarios.json", "w"), indent=1)
PY
run_fidelity_in "$WORK"
SHARED="$SHARED" "${PYTHON:-$HOME/.cache/sprout-fidelity-venv/bin/python}" "$ROOT/Benchmarks/fidelity-columns.py" "$WORK" extensions 7 plain sheen specular ior anisotropy iridescence metal
