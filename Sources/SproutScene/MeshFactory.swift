import SproutMath

/// Simple shapes built in code: the ground, boxes, spheres.
public enum MeshFactory {
    /// A horizontal rectangle centred on the origin, facing +Y, uvs 0...`uvScale`.
    public static func plane(width: Float, depth: Float, uvScale: Float = 1, name: String = "plane") -> Mesh {
        let w = width / 2, d = depth / 2
        return Mesh(
            name: name,
            positions: [Vec3(-w, 0, d), Vec3(w, 0, d), Vec3(w, 0, -d), Vec3(-w, 0, -d)],
            normals: Array(repeating: .unitY, count: 4),
            uvs: [Vec2(0, uvScale), Vec2(uvScale, uvScale), Vec2(uvScale, 0), Vec2(0, 0)],
            indices: [0, 1, 2, 0, 2, 3])
    }

    /// An axis-aligned box centred on the origin with flat faces.
    public static func box(size: Vec3, name: String = "box") -> Mesh {
        let h = size / 2
        var positions: [Vec3] = [], normals: [Vec3] = [], uvs: [Vec2] = [], indices: [UInt32] = []
        let faces: [(n: Vec3, u: Vec3, v: Vec3)] = [
            (.unitX, -.unitZ, .unitY), (-.unitX, .unitZ, .unitY), (.unitY, .unitX, -.unitZ),
            (-.unitY, .unitX, .unitZ), (.unitZ, .unitX, .unitY), (-.unitZ, -.unitX, .unitY)
        ]
        for f in faces {
            let base = UInt32(positions.count)
            for (s, t) in [(Float(-1), Float(-1)), (1, -1), (1, 1), (-1, 1)] {
                positions.append((f.n + f.u * s + f.v * t) * h)
                normals.append(f.n)
                uvs.append(Vec2((s + 1) / 2, (1 - t) / 2))
            }
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        return Mesh(name: name, positions: positions, normals: normals, uvs: uvs, indices: indices)
    }

    /// A UV sphere centred on the origin.
    public static func sphere(radius: Float, segments: Int = 32, rings: Int = 16, name: String = "sphere") -> Mesh {
        var positions: [Vec3] = [], normals: [Vec3] = [], uvs: [Vec2] = [], indices: [UInt32] = []
        for r in 0...rings {
            let v = Float(r) / Float(rings), phi = v * .pi
            for s in 0...segments {
                let u = Float(s) / Float(segments), theta = u * 2 * .pi
                let n = Vec3(sin(phi) * cos(theta), cos(phi), -sin(phi) * sin(theta))
                positions.append(n * radius)
                normals.append(n)
                uvs.append(Vec2(u, v))
            }
        }
        let row = UInt32(segments + 1)
        for r in 0..<UInt32(rings) {
            for s in 0..<UInt32(segments) {
                let a = r * row + s, b = a + row
                indices += [a, b, a + 1, a + 1, b, b + 1]
            }
        }
        return Mesh(name: name, positions: positions, normals: normals, uvs: uvs, indices: indices)
    }

    /// A cone standing on its base (radius at y = 0) with its tip at y = `height`; closed base.
    public static func cone(radius: Float, height: Float, segments: Int = 24, name: String = "cone") -> Mesh {
        var positions: [Vec3] = [], normals: [Vec3] = [], indices: [UInt32] = []
        let slope = radius / height
        for s in 0...segments {
            let a = Float(s) / Float(segments) * 2 * .pi
            let n = normalize(Vec3(cos(a), slope, -sin(a)))
            positions += [Vec3(cos(a) * radius, 0, -sin(a) * radius), Vec3(0, height, 0)]
            normals += [n, n]
        }
        for s in 0..<UInt32(segments) { indices += [2 * s, 2 * s + 2, 2 * s + 1] }
        let center = UInt32(positions.count)
        positions.append(.zero)
        normals.append(-.unitY)
        for s in 0...segments {
            let a = Float(s) / Float(segments) * 2 * .pi
            positions.append(Vec3(cos(a) * radius, 0, -sin(a) * radius))
            normals.append(-.unitY)
        }
        for s in 0..<UInt32(segments) { indices += [center, center + 2 + s, center + 1 + s] }
        return Mesh(name: name, positions: positions, normals: normals, indices: indices)
    }
}
