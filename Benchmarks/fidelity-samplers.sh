#!/usr/bin/env bash
# The core glTF features a user's files lean on that no scenario of ../shared/fidelity isolates,
# measured against Blender Cycles as that harness measures its scenarios (issue 27): sampler wrap
# modes (repeat, mirrored repeat, clamp, and repeat across with clamp down) over texture
# coordinates running from -0.5 to 1.5; a base colour read through TEXCOORD_1 (`texCoord` 1) where
# TEXCOORD_0 is constant; a box without normals (glTF asks for flat ones); an opaque material
# whose texture's alpha is 0.3 (drawn opaque); and a normal-mapped quad without tangents beside
# its copy under a node scaled -1 along x (mirrored: its winding and its MikkTSpace frame turned
# over). Written here as a GLB (no third-party model), scored by ../shared/fidelity/run-all with
# its own light and metric; the Cycles reference is rendered once into a cache. The quads are
# two-sided: the harness's Cycles scene makes a one-sided surface's back transparent, as a
# rasterizer culls it, so a one-sided quad facing the sun would cast no shadow there.
#
#   BLENDER_PY=path/to/python-with-bpy Benchmarks/fidelity-samplers.sh [SPROUT_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
fidelity_work "$ROOT" FIDELITY_SAMPLERS_DIR sprout-fidelity-samplers "${1:-}"
python3 - "$WORK" "$SHARED/fidelity/scenarios.json" "$ROOT/Benchmarks" <<'PY'
import json, math, sys
folder, scenarios = sys.argv[1], sys.argv[2]
sys.dont_write_bytecode = True   # no __pycache__ in the repository
sys.path.insert(0, sys.argv[3])
from glb import GLB, png
# 64 x 64: a gradient (red across, blue down) with a dark "F" and a white frame, so that a
# mirrored, clamped or repeated copy shows which it is.
def letter(x, y):
    if x < 2 or y < 2 or x > 61 or y > 61:
        return (250, 250, 250)
    if 16 <= x < 24 and 12 <= y < 52 or 16 <= x < 46 and 12 <= y < 20 or 16 <= x < 38 and 28 <= y < 36:
        return (30, 30, 40)
    return (60 + 3 * x, 150, 60 + 3 * y)
# 128 x 128 of 4 x 4 hemispherical bumps (tangent space, +Y up the image, glTF's convention).
def bump(x, y):
    cx, cy = (x % 32 + 0.5) / 16 - 1, (y % 32 + 0.5) / 16 - 1
    nx, ny = (0.8 * cx, -0.8 * cy) if cx * cx + cy * cy < 1 else (0.0, 0.0)
    return tuple(round((c * 0.5 + 0.5) * 255) for c in (nx, ny, math.sqrt(max(1 - nx * nx - ny * ny, 0))))
glb = GLB()
images = [glb.view(png(64, 64, letter)), glb.view(png(128, 128, bump)),
          glb.view(png(64, 64, lambda x, y: letter(x, y) + (77,), channels=4))]
def quad(size, uv_range, material, second=None):
    """A square facing +Z centred on the origin, texture coordinates from uv_range[0] at its
    top left to uv_range[1] at its bottom right (glTF's v runs down the image)."""
    h, (a, b) = size / 2, uv_range
    positions = [(-h, -h, 0), (h, -h, 0), (h, h, 0), (-h, h, 0)]
    uvs = [(a, b), (b, b), (b, a), (a, a)]
    return glb.primitive(positions, [(0, 0, 1)] * 4, uvs, [0, 1, 2, 0, 2, 3], material, second)
def box(size, material):
    """A cube of 8 shared corners and no normals: glTF asks for flat ones."""
    h = size / 2
    corners = [(x, y, z) for x in (-h, h) for y in (-h, h) for z in (-h, h)]
    faces = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    indices = [i for a, b, c, d in faces for i in (a, b, c, a, c, d)]
    return glb.primitive(corners, None, None, indices, material)
wraps = [(10497, 10497), (33648, 33648), (33071, 33071), (10497, 33071)]   # REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE
samplers = [{"wrapS": s, "wrapT": t} for s, t in wraps]
textures = [{"source": 0, "sampler": k} for k in range(4)] + [{"source": 1}, {"source": 0}, {"source": 2}]
def textured(name, texture, **extra):
    return {"name": name, "doubleSided": True,
            "pbrMetallicRoughness": {"baseColorTexture": {"index": texture, **extra}, "metallicFactor": 0, "roughnessFactor": 0.6}}
materials = [textured(f"wrap {s} {t}", k) for k, (s, t) in enumerate(wraps)] + [
    textured("second set", 5, texCoord=1),
    {"name": "bumps", "doubleSided": True, "normalTexture": {"index": 4}, "pbrMetallicRoughness": {"baseColorTexture": {"index": 5}, "metallicFactor": 0, "roughnessFactor": 0.4}},
    {"name": "flat", "pbrMetallicRoughness": {"baseColorFactor": [0.75, 0.55, 0.3, 1], "metallicFactor": 0, "roughnessFactor": 0.5}},
    textured("opaque with alpha", 6),
    {"name": "floor", "pbrMetallicRoughness": {"baseColorFactor": [0.6, 0.6, 0.6, 1], "metallicFactor": 0, "roughnessFactor": 0.9}}]
# TEXCOORD_0 constant (a texture on it would be one colour); TEXCOORD_1 the quad turned a quarter.
second = quad(0.4, (0, 1), 4, second=[(0, 0), (0, 1), (1, 1), (1, 0)])
second["attributes"]["TEXCOORD_0"] = glb.accessor([(0.5, 0.5)] * 4, "<2f", "VEC2")
floor = glb.primitive([(-1.5, 0, 0.6), (1.5, 0, 0.6), (1.5, 0, -0.6), (-1.5, 0, -0.6)], [(0, 1, 0)] * 4, None, [0, 1, 2, 0, 2, 3], 8)
meshes = [{"primitives": [quad(0.4, (-0.5, 1.5), k)]} for k in range(4)] + [
    {"primitives": [second]}, {"primitives": [quad(0.4, (0, 1), 5)]}, {"primitives": [box(0.3, 6)]},
    {"primitives": [quad(0.4, (0, 1), 7)]}, {"primitives": [floor]}]
nodes = [{"mesh": k, "translation": [-1.0 + 0.5 * k, 0.75, 0]} for k in range(5)] + [
    {"mesh": 6, "translation": [-0.95, 0.15, 0.1], "rotation": [0, 0.3827, 0, 0.9239]},
    {"mesh": 5, "translation": [-0.4, 0.25, 0]},
    {"mesh": 5, "translation": [0.1, 0.25, 0], "scale": [-1, 1, 1]},
    {"mesh": 7, "translation": [0.75, 0.25, 0]},
    {"mesh": 8}]
doc = {"asset": {"version": "2.0"},
       "images": [{"bufferView": view, "mimeType": "image/png"} for view in images], "samplers": samplers,
       "textures": textures, "materials": materials, "meshes": meshes, "nodes": nodes,
       "scenes": [{"nodes": list(range(len(nodes)))}], "scene": 0}
glb.write(folder + "/SamplerTests.glb", doc)
settings = json.load(open(scenarios))
settings["scenarios"] = [{"id": "samplers", "model": "SamplerTests.glb", "size": [768, 384],
                          "camera": {"target": [0, 0.45, 0], "yaw": 0, "pitch": 12, "distance": 2.9},
                          "checks": "wrap modes, texCoord 1, flat normals where there are none, OPAQUE ignoring alpha, a mirrored normal-mapped node"}]
json.dump(settings, open(folder + "/scenarios.json", "w"), indent=1)
PY
run_fidelity_in "$WORK"
