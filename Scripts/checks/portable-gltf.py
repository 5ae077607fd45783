#!/usr/bin/env python3
"""The glTF files Sprout ships, read by a reader that is not Sprout's (a plain JSON walk; with
BLENDER_PY set, also Blender's own importer): what a viewer without MSFT_lod draws from the
default scene is exactly the full plant, once, and every extension a file declares is used.

    python3 Scripts/checks/portable-gltf.py [FILE.glb ...]     default: Sources/SproutApp/Assets/plants/*.glb and rooms/*.glb
"""
import glob, json, os, struct, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read_glb(path):
    data = open(path, "rb").read()
    magic, version, length = struct.unpack_from("<4sII", data, 0)
    assert magic == b"glTF" and version == 2 and length == len(data), f"{path}: not a glTF 2.0 binary of its stated length"
    json_length, kind = struct.unpack_from("<II", data, 12)
    assert kind == 0x4E4F534A, f"{path}: the first chunk is not JSON"
    return json.loads(data[20:20 + json_length])


def triangles(doc, mesh_index):
    total = 0
    for primitive in doc["meshes"][mesh_index]["primitives"]:
        accessor = primitive.get("indices", primitive["attributes"]["POSITION"])
        total += doc["accessors"][accessor]["count"] // 3
    return total


def extension_names(value, found):
    if isinstance(value, dict):
        found.update(value.get("extensions", {}).keys())
        for v in value.values():
            extension_names(v, found)
    elif isinstance(value, list):
        for v in value:
            extension_names(v, found)
    return found


def check(path):
    doc = read_glb(path)
    nodes = doc["nodes"]
    scene = doc["scenes"][doc.get("scene", 0)]
    reached, stack = [], list(scene["nodes"])
    while stack:
        n = stack.pop()
        reached.append(n)
        stack.extend(nodes[n].get("children", []))
    drawn = [(n, nodes[n]["mesh"]) for n in reached if "mesh" in nodes[n]]
    problems = []
    if len(drawn) != 1:
        problems.append(f"the default scene reaches {len(drawn)} meshes, not the one full model")
    root = nodes[scene["nodes"][0]]
    full = triangles(doc, root["mesh"])
    seen = sum(triangles(doc, m) for _, m in drawn)
    if seen != full:
        problems.append(f"a viewer without MSFT_lod draws {seen} triangles, not the full model's {full}")
    used = set(doc.get("extensionsUsed", []))
    present = extension_names(doc, set())
    if used - present:
        problems.append(f"declares {sorted(used - present)} in extensionsUsed but never uses them")
    if present - used:
        problems.append(f"uses {sorted(present - used)} without declaring them")
    if set(doc.get("extensionsRequired", [])) - used:
        problems.append("requires an extension it does not list as used")
    levels = root.get("extensions", {}).get("MSFT_lod", {}).get("ids", [])
    print(f"{os.path.relpath(path, ROOT)}: {full} triangles drawn once, {len(levels)} MSFT_lod level(s), extensions {sorted(used) or 'none'}")
    return problems


BLENDER = """
import bpy, sys
for path in sys.argv[sys.argv.index("--") + 1:]:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=path)
    meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    print("BLENDER", path, len(meshes), sum(len(o.data.polygons) for o in meshes))
"""


def main():
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "Sources/SproutApp/Assets/plants/*.glb")) + glob.glob(os.path.join(ROOT, "Sources/SproutApp/Assets/rooms/*.glb")))
    failed = False
    for path in files:
        for problem in check(path):
            print(f"{path}: {problem}")
            failed = True
    blender = os.environ.get("BLENDER_PY")
    if blender:
        out = subprocess.run([blender, "-c", BLENDER, "--", *files], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            if line.startswith("BLENDER "):
                _, path, count, polygons = line.split(" ")
                full = triangles(read_glb(path), read_glb(path)["nodes"][read_glb(path)["scenes"][0]["nodes"][0]]["mesh"])
                ok = count == "1" and int(polygons) == full
                print(f"  Blender {os.path.basename(path)}: {count} mesh object(s), {polygons} polygons{'' if ok else ' (expected 1 and ' + str(full) + ')'}")
                failed |= not ok
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
