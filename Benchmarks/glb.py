"""Small GLB files for the fidelity benchmarks (Benchmarks/fidelity-*.sh), written from Python
lists: PNG images, buffer views, accessors and primitives gathered into one binary chunk."""
import json
import math
import struct
import zlib


def png(width, height, pixel, channels=3):
    """PNG bytes of `pixel(x, y) -> (r, g, b)` (or `(r, g, b, a)` with `channels` 4), rows top to bottom."""
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def grid(point, normal, columns, rows, repeat=(1, 1)):
    """A (columns + 1) x (rows + 1) grid over s, t in [0, 1] (texture coordinates s, t times
    `repeat`), wound to face along its normals: positions, normals, coordinates, indices."""
    positions, normals, uvs, indices = [], [], [], []
    for i in range(rows + 1):
        for j in range(columns + 1):
            s, t = j / columns, i / rows
            positions.append(point(s, t)); normals.append(normal(s, t)); uvs.append((s * repeat[0], t * repeat[1]))
    for i in range(rows):
        for j in range(columns):
            a = i * (columns + 1) + j
            indices += [a, a + columns + 1, a + 1, a + 1, a + columns + 1, a + columns + 2]
    return positions, normals, uvs, indices


def sphere_point(s, t):
    """The unit sphere's point (and normal) at longitude s and colatitude t, both in [0, 1]."""
    theta, phi = math.pi * t, 2 * math.pi * s
    return (math.sin(theta) * math.cos(phi), math.cos(theta), -math.sin(theta) * math.sin(phi))


class GLB:
    """One binary buffer: each view 4-byte aligned, in the order added."""

    def __init__(self):
        self.blobs, self.views, self.accessors = [], [], []

    def view(self, data):
        self.views.append({"buffer": 0, "byteOffset": sum(len(b) for b in self.blobs), "byteLength": len(data)})
        self.blobs.append(data + b"\0" * (-len(data) % 4))
        return len(self.views) - 1

    def accessor(self, values, fmt, kind, component=5126, bounds=False):
        entry = {"bufferView": self.view(b"".join(struct.pack(fmt, *v) for v in values)), "componentType": component,
                 "count": len(values), "type": kind}
        if bounds:
            entry.update(min=[min(v[k] for v in values) for k in range(3)], max=[max(v[k] for v in values) for k in range(3)])
        self.accessors.append(entry)
        return len(self.accessors) - 1

    def primitive(self, positions, normals, uvs, indices, material, second_uvs=None):
        """A triangle list; `normals`, `uvs` and `second_uvs` (TEXCOORD_1) may be None."""
        attributes = {"POSITION": self.accessor(positions, "<3f", "VEC3", bounds=True)}
        if normals:
            attributes["NORMAL"] = self.accessor(normals, "<3f", "VEC3")
        if uvs:
            attributes["TEXCOORD_0"] = self.accessor(uvs, "<2f", "VEC2")
        if second_uvs:
            attributes["TEXCOORD_1"] = self.accessor(second_uvs, "<2f", "VEC2")
        return {"attributes": attributes, "indices": self.accessor([(i,) for i in indices], "<I", "SCALAR", 5125), "material": material}

    def write(self, path, doc):
        """`doc` (asset, images, materials, meshes, nodes, scenes...) with this buffer, as a GLB."""
        binary = b"".join(self.blobs)
        head = {key: doc[key] for key in ("asset", "extensionsUsed") if key in doc}
        doc = {**head, "buffers": [{"byteLength": len(binary)}], "bufferViews": self.views, "accessors": self.accessors,
               **{key: value for key, value in doc.items() if key not in head}}
        text = json.dumps(doc).encode()
        text += b" " * (-len(text) % 4)
        with open(path, "wb") as out:
            out.write(struct.pack("<III", 0x46546C67, 2, 28 + len(text) + len(binary)) + struct.pack("<II", len(text), 0x4E4F534A) + text
                      + struct.pack("<II", len(binary), 0x004E4942) + binary)
