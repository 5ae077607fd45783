#!/usr/bin/env bash
# Normal maps on files without TANGENTs measured against Blender Cycles as ../shared/fidelity
# measures its scenarios (issue 27): glTF asks a loader to compute MikkTSpace frames there, and
# Blender's importer does, so Cycles shades with them. A UV sphere (texture squeezed towards
# its poles) and a torus (its texture stretched 4:1 around the ring) carry a normal map of
# hemispherical bumps, lit by the harness's sun and sky, written here as a GLB (no third-party
# model), scored by ../shared/fidelity/run-all with its own light and metric. The Cycles
# reference is rendered once into a cache.
#
#   BLENDER_PY=path/to/python-with-bpy Benchmarks/fidelity-tangents.sh [SPROUT_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
fidelity_work "$ROOT" FIDELITY_TANGENTS_DIR sprout-fidelity-tangents "${1:-}"
python3 - "$WORK" "$SHARED/fidelity/scenarios.json" "$ROOT/Benchmarks" <<'PY'
import json, math, sys
folder, scenarios = sys.argv[1], sys.argv[2]
sys.dont_write_bytecode = True   # no __pycache__ in the repository
sys.path.insert(0, sys.argv[3])
from glb import GLB, grid, sphere_point, png as png_of
# 256 x 256: 8 x 8 hemispherical bumps, tangent space, +Y up the image (glTF's convention).
size, cells = 256, 8
def bump(x, y):
    cx = (x % (size // cells) + 0.5) / (size / cells) * 2 - 1
    cy = (y % (size // cells) + 0.5) / (size / cells) * 2 - 1
    nx, ny = (0.8 * cx, -0.8 * cy) if cx * cx + cy * cy < 1 else (0.0, 0.0)   # up the image is -y in rows
    nz = math.sqrt(max(1 - nx * nx - ny * ny, 0))
    return tuple(round((c * 0.5 + 0.5) * 255) for c in (nx, ny, nz))
png = png_of(size, size, bump)
glb = GLB()
primitive = glb.primitive
sphere = grid(lambda s, t: tuple(0.35 * c for c in sphere_point(s, t)), sphere_point, 48, 24, (4, 2))
def torus_normal(s, t):
    u, v = 2 * math.pi * s, -2 * math.pi * t   # v turning this way winds the grid outwards
    return (math.cos(v) * math.cos(u), math.sin(v), -math.cos(v) * math.sin(u))
def torus_point(s, t):
    u, v = 2 * math.pi * s, -2 * math.pi * t
    ring = 0.28 + 0.11 * math.cos(v)
    return (ring * math.cos(u), 0.11 * math.sin(v), -ring * math.sin(u))
torus = grid(torus_point, torus_normal, 64, 24, (8, 2))
floor = ([(-1.5, 0, 1), (1.5, 0, 1), (1.5, 0, -1), (-1.5, 0, -1)], [(0, 1, 0)] * 4, [(0, 0), (1, 0), (1, 1), (0, 1)], [0, 1, 2, 0, 2, 3])
image = glb.view(png)
meshes = [{"primitives": [primitive(*floor, 0)]}, {"primitives": [primitive(*sphere, 1)]}, {"primitives": [primitive(*torus, 1)]}]
doc = {"asset": {"version": "2.0"},
       "images": [{"bufferView": image, "mimeType": "image/png"}], "samplers": [{}], "textures": [{"source": 0, "sampler": 0}],
       "materials": [{"name": "floor", "pbrMetallicRoughness": {"baseColorFactor": [0.6, 0.6, 0.6, 1], "metallicFactor": 0, "roughnessFactor": 0.9}},
                     {"name": "bumps", "normalTexture": {"index": 0},
                      "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.35, 0.2, 1], "metallicFactor": 0, "roughnessFactor": 0.35}}],
       "meshes": meshes,
       "nodes": [{"mesh": 0}, {"mesh": 1, "translation": [-0.45, 0.4, 0]}, {"mesh": 2, "translation": [0.45, 0.4, 0], "rotation": [0.5, 0, 0, 0.866]}],
       "scenes": [{"nodes": [0, 1, 2]}], "scene": 0}
glb.write(folder + "/NormalMapBumps.glb", doc)
settings = json.load(open(scenarios))
settings["scenarios"] = [{"id": "normal-map-bumps", "model": "NormalMapBumps.glb", "fit": 1,
                          "camera": {"target": [0, 0.4, 0], "yaw": 0, "pitch": 20, "distance": 2.6},
                          "checks": "normal texture without TANGENT: MikkTSpace frames on a sphere and a stretched torus"}]
json.dump(settings, open(folder + "/scenarios.json", "w"), indent=1)
PY
run_fidelity_in "$WORK"
