import SproutMath

extension Mesh {
    /// This mesh with glTF `TANGENT`s computed by MikkTSpace from texture coordinate set
    /// `uvSet` (0 or 1: the one the normal texture reads), as glTF asks where a normal-mapped
    /// primitive has none. A vertex whose corners get different frames (a mirrored seam whose
    /// halves share it) is split, each copy carrying all of the vertex's attributes; a frame
    /// the algorithm leaves without a direction (a tangent along the normal) takes one
    /// perpendicular to the normal. The mesh itself when it already has tangents, is not made
    /// of triangles, or lacks the coordinates.
    public func withGeneratedTangents(uvSet: Int = 0) -> Mesh {
        let coordinates = uvSet == 1 ? uvs1 : uvs
        guard tangents.isEmpty, primitive == .triangles, !coordinates.isEmpty, !indices.isEmpty else { return self }
        // MikkTSpace's v runs up the image; Sprout keeps glTF's, down it.
        let corners = MikkTSpace.cornerTangents(
            positions: positions, normals: normals, uvs: coordinates.map { Vec2($0.x, 1 - $0.y) }, indices: indices)
        var tangentOf = [Vec4?](repeating: nil, count: vertexCount)
        struct Copy: Hashable {
            var vertex: Int, tangent: SIMD4<UInt32>
        }
        var split: [Copy: UInt32] = [:]
        var copied: [Int] = []   // the vertex each appended copy repeats
        var copiedTangents: [Vec4] = []
        var newIndices = indices
        for (c, index) in indices.enumerated() {
            let v = Int(index), tangent = Self.directed(corners[c], normal: normals[v])
            guard let first = tangentOf[v] else {
                tangentOf[v] = tangent
                continue
            }
            if first == tangent { continue }
            let key = Copy(vertex: v, tangent: SIMD4(tangent.x.bitPattern, tangent.y.bitPattern, tangent.z.bitPattern, tangent.w.bitPattern))
            if let copy = split[key] {
                newIndices[c] = copy
            } else {
                let copy = UInt32(vertexCount + copied.count)
                split[key] = copy
                copied.append(v)
                copiedTangents.append(tangent)
                newIndices[c] = copy
            }
        }
        let vertexTangents = tangentOf.enumerated().map { v, tangent in tangent ?? Self.directed(.zero, normal: normals[v]) }
        func extended<T>(_ values: [T]) -> [T] { values.isEmpty ? [] : values + copied.map { values[$0] } }
        return Mesh(
            name: name, positions: extended(positions), normals: extended(normals), uvs: extended(uvs), uvs1: extended(uvs1),
            colors: extended(colors), tangents: vertexTangents + copiedTangents, indices: newIndices, primitive: primitive,
            joints: joints.map(extended), weights: weights.map(extended),
            morphTargets: morphTargets.map { $0.remapped(extended) })
    }

    /// `tangent` when its direction is a number and not along `normal`; otherwise a unit vector
    /// perpendicular to the normal (the sign kept), so the drawn frame is never undefined.
    static func directed(_ tangent: Vec4, normal: Vec3) -> Vec4 {
        let xyz = Vec3(tangent.x, tangent.y, tangent.z)
        let across = xyz - dot(xyz, normal) * normal
        if dot(across, across) > 1e-12 && xyz.x.isFinite && xyz.y.isFinite && xyz.z.isFinite { return tangent }
        let axis = abs(normal.x) < 0.9 ? Vec3(1, 0, 0) : Vec3(0, 1, 0)
        let perpendicular = normalize(axis - dot(axis, normal) * normal)
        return Vec4(perpendicular.x, perpendicular.y, perpendicular.z, tangent.w < 0 ? -1 : 1)
    }
}
