import SproutMath

/// Geometry in an entity's local space: triangles, or a file's lines or points (`primitive`).
/// Immutable; a class so the renderer can key GPU buffers by identity and free them when the
/// mesh is gone.
public final class Mesh: Sendable {
    /// What the indices draw (glTF's primitive modes; strips, loops and fans arrive as lists).
    public enum Primitive: Sendable {
        /// Three indices a triangle, counter-clockwise seen from the front.
        case triangles
        /// Two indices a line segment, drawn one pixel wide.
        case lines
        /// One index a point, drawn one pixel large.
        case points

        /// How many indices make one primitive.
        public var indexCount: Int {
            switch self {
            case .triangles: 3
            case .lines: 2
            case .points: 1
            }
        }
    }

    /// The mesh's name from its file, or a label; may be empty.
    public let name: String
    /// Vertex positions in the entity's local space, metres.
    public let positions: [Vec3]
    /// One per position; generated flat-ish by `init` when not given.
    public let normals: [Vec3]
    /// One per position, or empty when the mesh has no texture coordinates.
    public let uvs: [Vec2]
    /// A second set of texture coordinates (glTF `TEXCOORD_1`), one per position, or empty.
    public let uvs1: [Vec2]
    /// Linear RGBA vertex colours (glTF `COLOR_0`) that multiply the base colour, one per
    /// position, or empty.
    public let colors: [Vec4]
    /// glTF `TANGENT`s, one per position, or empty: xyz the tangent (along +u), w the sign (+1
    /// or -1) that turns `cross(normal, tangent)` into the bitangent (normal maps' +Y).
    /// The importer computes them (MikkTSpace, `withGeneratedTangents`) for normal-mapped
    /// meshes whose file has none; without them a normal map's frame is derived from the
    /// texture coordinates as drawn.
    public let tangents: [Vec4]
    /// Three per triangle, counter-clockwise seen from the front; two per line, one per point
    /// (`primitive`).
    public let indices: [UInt32]
    /// What `indices` draw: triangles, unless a file's lines or points.
    public let primitive: Primitive
    /// Skinning (glTF `JOINTS_0`/`WEIGHTS_0`, then `JOINTS_1`/`WEIGHTS_1`): per vertex the
    /// indices into the model's `Skin.joints` and their weights, four per set; empty without a
    /// skin. `skinSets` is 0, 1 or 2.
    public let joints: [[SIMD4<UInt16>]]
    /// The weights of `joints`, the same shape; a vertex's weights sum to 1.
    public let weights: [[Vec4]]
    /// Morph targets (glTF `targets`), weighted by `ModelComponent.morphWeights`; empty without.
    public let morphTargets: [MorphTarget]
    /// The local-space box around `positions`.
    public let bounds: BoundingBox

    /// The number of triangles: a third of the index count (0 for lines and points).
    public var triangleCount: Int { primitive == .triangles ? indices.count / 3 : 0 }
    /// The number of triangles, lines or points drawn.
    public var primitiveCount: Int { indices.count / primitive.indexCount }
    /// The number of vertices.
    public var vertexCount: Int { positions.count }
    /// How many sets of four joint influences the vertices carry (0 when the mesh is not skinned).
    public var skinSets: Int { joints.count }

    /// A vertex's joint influences, strongest set first, including zero weights.
    public func influences(ofVertex v: Int) -> [(joint: Int, weight: Float)] {
        var result: [(Int, Float)] = []
        for set in 0..<joints.count {
            let j = joints[set][v], w = weights[set][v]
            for k in 0..<4 { result.append((Int(j[k]), w[k])) }
        }
        return result
    }

    /// A mesh from its vertices and indices (triangles unless `primitive` says otherwise).
    /// Without `normals` they are computed with `smoothNormals` (+Y for lines and points, which
    /// have no faces to take them from); traps when the index count is not a multiple of the
    /// primitive's, or `normals` or non-empty `uvs` do not have one entry per position.
    public init(
        name: String = "", positions: [Vec3], normals: [Vec3]? = nil, uvs: [Vec2] = [], uvs1: [Vec2] = [], colors: [Vec4] = [],
        tangents: [Vec4] = [], indices: [UInt32], primitive: Primitive = .triangles, joints: [[SIMD4<UInt16>]] = [], weights: [[Vec4]] = [],
        morphTargets: [MorphTarget] = []
    ) {
        precondition(indices.count % primitive.indexCount == 0, "Mesh \(name): index count must be a multiple of \(primitive.indexCount)")
        precondition(uvs.isEmpty || uvs.count == positions.count, "Mesh \(name): one uv per position")
        precondition(uvs1.isEmpty || uvs1.count == positions.count, "Mesh \(name): one second uv per position")
        precondition(colors.isEmpty || colors.count == positions.count, "Mesh \(name): one colour per position")
        precondition(tangents.isEmpty || tangents.count == positions.count, "Mesh \(name): one tangent per position")
        precondition(joints.count == weights.count && joints.count <= 2, "Mesh \(name): one or two sets of joints, each with its weights")
        precondition(
            joints.allSatisfy { $0.count == positions.count } && weights.allSatisfy { $0.count == positions.count },
            "Mesh \(name): one joint set entry per position")
        precondition(
            morphTargets.allSatisfy { target in
                target.positionOffsets.count == positions.count
                    && [target.normalOffsets, target.tangentOffsets].allSatisfy { $0.isEmpty || $0.count == positions.count }
            },
            "Mesh \(name): one morph offset per position")
        self.name = name
        self.joints = joints
        self.weights = weights
        self.morphTargets = morphTargets
        self.positions = positions
        self.uvs = uvs
        self.uvs1 = uvs1
        self.colors = colors
        self.tangents = tangents
        self.indices = indices
        self.primitive = primitive
        self.normals = normals ?? Mesh.smoothNormals(positions: positions, indices: primitive == .triangles ? indices : [])
        precondition(self.normals.count == positions.count, "Mesh \(name): one normal per position")
        self.bounds = BoundingBox(points: positions)
    }

    /// The same vertices drawn as `indices` (the same primitive): the triangles reordered, for
    /// instance (`TriangleOrder` in SproutAssets).
    public func withIndices(_ indices: [UInt32]) -> Mesh {
        Mesh(
            name: name, positions: positions, normals: normals, uvs: uvs, uvs1: uvs1, colors: colors, tangents: tangents,
            indices: indices, primitive: primitive, joints: joints, weights: weights, morphTargets: morphTargets)
    }

    /// The same mesh moved by `offset`.
    public func translated(by offset: Vec3) -> Mesh {
        Mesh(
            name: name, positions: positions.map { $0 + offset }, normals: normals, uvs: uvs, uvs1: uvs1, colors: colors,
            tangents: tangents, indices: indices, primitive: primitive, joints: joints, weights: weights, morphTargets: morphTargets)
    }

    /// One untextured mesh holding all of `meshes`' triangles (indices shifted; texture
    /// coordinates are not kept), for generated geometry drawn in one material.
    public static func merging(_ meshes: [Mesh], name: String) -> Mesh {
        var p: [Vec3] = [], n: [Vec3] = [], i: [UInt32] = []
        for m in meshes where m.primitive == .triangles {
            let base = UInt32(p.count)
            p += m.positions
            n += m.normals
            i += m.indices.map { $0 + base }
        }
        return Mesh(name: name, positions: p, normals: n, indices: i)
    }

    /// A mesh whose triangles share no corners, each corner carrying its own copy of the
    /// attributes and its face's normal: glTF asks a loader for flat normals where a primitive
    /// has none. A degenerate triangle's normal is +Y.
    public static func flatShaded(
        name: String = "", positions: [Vec3], uvs: [Vec2] = [], uvs1: [Vec2] = [], colors: [Vec4] = [],
        tangents: [Vec4] = [], indices: [UInt32], joints: [[SIMD4<UInt16>]] = [], weights: [[Vec4]] = [],
        morphTargets: [MorphTarget] = []
    ) -> Mesh {
        func corners<T>(_ values: [T]) -> [T] { values.isEmpty ? [] : indices.map { values[Int($0)] } }
        let corners3 = corners(positions)
        var normals = [Vec3](); normals.reserveCapacity(corners3.count)
        for t in stride(from: 0, to: corners3.count, by: 3) {
            let f = cross(corners3[t + 1] - corners3[t], corners3[t + 2] - corners3[t])
            let n = length(f) > 0 ? normalize(f) : Vec3.unitY
            normals += [n, n, n]
        }
        return Mesh(
            name: name, positions: corners3, normals: normals, uvs: corners(uvs), uvs1: corners(uvs1), colors: corners(colors),
            tangents: corners(tangents), indices: (0..<UInt32(corners3.count)).map { $0 },
            joints: joints.map(corners), weights: weights.map(corners),
            morphTargets: morphTargets.map { $0.remapped(corners) })
    }

    /// Area-weighted vertex normals: each vertex gets the normalised sum of its triangles' face normals
    /// (counter-clockwise winding is the front); a vertex used by no triangle, or only by degenerate ones, gets +Y.
    public static func smoothNormals(positions: [Vec3], indices: [UInt32]) -> [Vec3] {
        var n = [Vec3](repeating: .zero, count: positions.count)
        for t in stride(from: 0, to: indices.count, by: 3) {
            let a = Int(indices[t]), b = Int(indices[t + 1]), c = Int(indices[t + 2])
            let f = cross(positions[b] - positions[a], positions[c] - positions[a])
            n[a] += f; n[b] += f; n[c] += f
        }
        return n.map { length($0) > 0 ? normalize($0) : .unitY }
    }

    /// Nearest intersection of a local-space ray with the triangles, both faces (lines and
    /// points have no area to hit: nil).
    public func intersect(_ ray: Ray) -> Float? {
        guard primitive == .triangles, bounds.intersect(ray) != nil else { return nil }
        return Mesh.intersect(ray, positions: positions, indices: indices)
    }

    /// Nearest intersection of a ray with the triangles `indices` makes of `positions`, both faces.
    public static func intersect(_ ray: Ray, positions: [Vec3], indices: [UInt32]) -> Float? {
        var best: Float?
        for t in stride(from: 0, to: indices.count, by: 3) {
            if let d = ray.intersect(triangle: positions[Int(indices[t])], positions[Int(indices[t + 1])], positions[Int(indices[t + 2])]),
                d < (best ?? .infinity)
            {
                best = d
            }
        }
        return best
    }
}
