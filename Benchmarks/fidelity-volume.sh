#!/usr/bin/env bash
# KHR_materials_volume measured against Blender Cycles as ../shared/fidelity measures its
# scenarios (issue 27): two solid glass spheres 0.6 thick (a clear one, and an amber one with
# attenuation and roughness 0.15) before a checkered backdrop and floor, written here as a GLB
# (no third-party model), scored by ../shared/fidelity/run-all with its own light and metric.
# The Cycles reference is rendered once into a cache. VOLUME_SHAPE=slab puts two glass slabs
# 0.1 thick, turned 45 degrees either way (quaternion y 0.3827: sin 22.5), in place of the spheres (a lens against a pane).
#
#   BLENDER_PY=path/to/python-with-bpy [VOLUME_SHAPE=slab] Benchmarks/fidelity-volume.sh [SPROUT_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
. "$ROOT/Benchmarks/lib.sh"
find_shared "$ROOT"
SHAPE="${VOLUME_SHAPE:-sphere}"
case "$SHAPE" in sphere | slab) ;; *) echo "VOLUME_SHAPE must be sphere or slab, not '$SHAPE'" >&2; exit 2 ;; esac
fidelity_work "$ROOT" FIDELITY_VOLUME_DIR sprout-fidelity-volume "${1:-}"
WORK="$WORK/$SHAPE"
mkdir -p "$WORK"
python3 - "$WORK" "$SHARED/fidelity/scenarios.json" "$SHAPE" "$ROOT/Benchmarks" <<'PY'
import json, math, sys
folder, scenarios, shape = sys.argv[1], sys.argv[2], sys.argv[3]
sys.dont_write_bytecode = True   # no __pycache__ in the repository
sys.path.insert(0, sys.argv[4])
from glb import GLB, png as png_of
# A 256 x 256 checker of 32-pixel squares, light grey and blue, as an RGB PNG.
png = png_of(256, 256, lambda x, y: (230, 230, 230) if (x // 32 + y // 32) % 2 else (40, 60, 140))
glb = GLB()
primitive = glb.primitive
def quad(corners, normal, repeat):
    return primitive(corners, [normal] * 4, [(0, 0), (repeat[0], 0), (repeat[0], repeat[1]), (0, repeat[1])], [0, 1, 2, 0, 2, 3], 0)
def sphere(radius, material, slices=64, stacks=32):
    normals = [(math.sin(math.pi * i / stacks) * math.cos(2 * math.pi * j / slices), math.cos(math.pi * i / stacks),
                -math.sin(math.pi * i / stacks) * math.sin(2 * math.pi * j / slices)) for i in range(stacks + 1) for j in range(slices + 1)]
    indices = []
    for i in range(stacks):
        for j in range(slices):
            a = i * (slices + 1) + j
            indices += [a, a + slices + 1, a + 1, a + 1, a + slices + 1, a + slices + 2]
    return primitive([tuple(radius * c for c in n) for n in normals], normals, None, indices, material)
def box(material, half=(0.25, 0.3, 0.05)):
    """A closed box of these half sizes: each face a quad wound to face outwards."""
    positions, normals, indices = [], [], []
    for axis in range(3):
        u, v = (axis + 1) % 3, (axis + 2) % 3
        for sign in (1, -1):
            def corner(su, sv):
                point = [0.0, 0.0, 0.0]
                point[axis], point[u], point[v] = sign * half[axis], su * half[u], sv * half[v]
                return tuple(point)
            normal = tuple(float(sign) if k == axis else 0.0 for k in range(3))
            base = len(positions)
            positions += [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)]
            normals += [normal] * 4
            indices += [base, base + 1, base + 2, base, base + 2, base + 3] if sign > 0 else [base, base + 2, base + 1, base, base + 3, base + 2]
    return primitive(positions, normals, None, indices, material)
# Two-sided, as Blender writes glass: the extension gives doubleSided no effect on a volume, but the
# harness's Cycles scene makes a one-sided material's back faces transparent, which would let the
# light leave the glass unbent (BENCHMARKS.md, "Volumes").
glass = lambda roughness, volume: {"pbrMetallicRoughness": {"metallicFactor": 0, "roughnessFactor": roughness}, "doubleSided": True,
    "extensions": {"KHR_materials_transmission": {"transmissionFactor": 1}, "KHR_materials_volume": volume}}
meshes = [{"primitives": [quad([(-1.5, 0, -0.8), (1.5, 0, -0.8), (1.5, 2, -0.8), (-1.5, 2, -0.8)], (0, 0, 1), (3, 2)),
                          quad([(-1.5, 0, 1), (1.5, 0, 1), (1.5, 0, -0.8), (-1.5, 0, -0.8)], (0, 1, 0), (3, 1.8))]},
          {"primitives": [sphere(0.3, 1) if shape == "sphere" else box(1)]}, {"primitives": [sphere(0.3, 2) if shape == "sphere" else box(2)]}]
thickness = 0.6 if shape == "sphere" else 0.1
turns = [{}, {}] if shape == "sphere" else [{"rotation": [0, 0.3827, 0, 0.9239]}, {"rotation": [0, -0.3827, 0, 0.9239]}]
image = glb.view(png)
doc = {"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_materials_transmission", "KHR_materials_volume"],
       "images": [{"bufferView": image, "mimeType": "image/png"}], "samplers": [{}], "textures": [{"source": 0, "sampler": 0}],
       "materials": [{"name": "checker", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}, "metallicFactor": 0, "roughnessFactor": 0.8}},
                     dict(glass(0, {"thicknessFactor": thickness}), name="clear glass"),
                     dict(glass(0.15, {"thicknessFactor": thickness, "attenuationColor": [1, 0.65, 0.25], "attenuationDistance": 0.6}), name="amber glass")],
       "meshes": meshes, "nodes": [{"mesh": 0}, dict(mesh=1, translation=[-0.42, 0.3, 0], **turns[0]), dict(mesh=2, translation=[0.42, 0.3, 0], **turns[1])],
       "scenes": [{"nodes": [0, 1, 2]}], "scene": 0}
glb.write(folder + "/VolumeSpheres.glb", doc)
settings = json.load(open(scenarios))
settings["scenarios"] = [{"id": "volume-" + shape, "model": "VolumeSpheres.glb", "fit": 1,
                          "camera": {"target": [0, 0.3, 0], "yaw": 0, "pitch": 12, "distance": 2.2},
                          "checks": "KHR_materials_volume: solid glass with a thickness before a checker"}]
json.dump(settings, open(folder + "/scenarios.json", "w"), indent=1)
PY
run_fidelity_in "$WORK"
