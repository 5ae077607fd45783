import SproutMath
import Testing
@testable import SproutScene

/// MikkTSpace's tangent frames, each expected value worked out by hand from the algorithm's
/// rules (per-triangle ∂p/∂u, the sign of the texture-space area, angle-weighted sums around a
/// vertex); `GLTFTangentTests` compares them with Blender's own on an exported file.
@Suite struct MikkTSpaceTests {
    /// 22.5 degrees from +x in z = 0, the sign +1.
    static let bisector = Vec4(Float(cos(Double.pi / 8)), Float(sin(Double.pi / 8)), 0, 1)

    static func near(_ a: Vec4, _ b: Vec4) -> Bool { length(a - b) < 1e-6 }

    /// A vertex O shared by two triangles at right angles: one mapped square (∂p/∂u along +x),
    /// one sheared (∂p/∂u along (1, 1, 0)); each has a 90-degree angle at O and a 45-degree one
    /// at B, so both shared vertices take the bisector, 22.5 degrees from +x.
    @Test func aSharedVertexTakesTheAngleWeightedSum() {
        let positions = [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(-1, 0, 0)]   // O, A, B, C
        let uvs = [Vec2(0, 0), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 1)]   // MikkTSpace's v up
        let tangents = MikkTSpace.cornerTangents(
            positions: positions, normals: Array(repeating: Vec3(0, 0, 1), count: 4), uvs: uvs, indices: [0, 1, 2, 0, 2, 3])
        let half = Float(0.5).squareRoot(), bisector = Self.bisector
        let expected = [bisector, Vec4(1, 0, 0, 1), bisector, bisector, bisector, Vec4(half, half, 0, 1)]
        #expect(tangents.count == 6)
        for (got, want) in zip(tangents, expected) { #expect(Self.near(got, want), "\(got) against \(want)") }
    }

    /// A triangle whose corners share a position takes, corner by corner, the frame of the
    /// first good corner at the same vertex: O's bisector and A's +x.
    @Test func aDegenerateTriangleCopiesItsVerticesFrames() {
        let positions = [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(-1, 0, 0)]
        let uvs = [Vec2(0, 0), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 1)]
        let tangents = MikkTSpace.cornerTangents(
            positions: positions, normals: Array(repeating: Vec3(0, 0, 1), count: 4), uvs: uvs, indices: [0, 1, 2, 0, 2, 3, 0, 1, 1])
        #expect(Self.near(tangents[6], Self.bisector))
        #expect(tangents[7] == Vec4(1, 0, 0, 1) && tangents[8] == Vec4(1, 0, 0, 1))
    }

    /// Texture coordinates that do not change across a triangle give it no frame: the
    /// reference's default, (1, 0, 0) with the sign -1.
    @Test func aTriangleWithoutAFrameKeepsTheDefault() {
        let tangents = MikkTSpace.cornerTangents(
            positions: [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)], normals: Array(repeating: Vec3(0, 0, 1), count: 3),
            uvs: Array(repeating: Vec2(0.5, 0.5), count: 3), indices: [0, 1, 2])
        #expect(tangents == Array(repeating: Vec4(1, 0, 0, -1), count: 3))
    }

    /// Two unit squares side by side in z = 0, the right one's texture mirrored (u = 2 - x), as
    /// a symmetric model's halves share one texture: the left is framed (+x, +1), the right
    /// (-x, -1), so both bitangents, cross(n, t) w, point up the image (+y). The seam's two
    /// vertices (x = 1), shared by both halves, are split: two copies with the right's frame.
    @Test func aMirroredSeamSplitsItsVertices() {
        // glTF's coordinates, v down the image: v = 1 - y.
        let mesh = Mesh(
            positions: [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0), Vec3(2, 0, 0), Vec3(2, 1, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 6),
            uvs: [Vec2(0, 1), Vec2(1, 1), Vec2(1, 0), Vec2(0, 0), Vec2(0, 1), Vec2(0, 0)],
            colors: (0..<6).map { Vec4(Float($0), 0, 0, 1) },
            indices: [0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2])
        let framed = mesh.withGeneratedTangents()
        let left = Vec4(1, 0, 0, 1), right = Vec4(-1, 0, 0, -1)
        #expect(framed.indices == [0, 1, 2, 0, 2, 3, 6, 4, 5, 6, 5, 7])
        #expect(framed.tangents == [left, left, left, left, right, right, right, right])
        #expect(framed.positions[6] == Vec3(1, 0, 0) && framed.positions[7] == Vec3(1, 1, 0))
        #expect(framed.uvs[6] == Vec2(1, 1) && framed.colors[6] == Vec4(1, 0, 0, 1) && framed.colors[7] == Vec4(2, 0, 0, 1))
        for (t, n) in zip(framed.tangents, framed.normals) { #expect(cross(n, Vec3(t.x, t.y, t.z)) * t.w == Vec3(0, 1, 0)) }
    }

    /// The second set of coordinates when the normal texture reads it; none at all, or tangents
    /// already there, leave the mesh as it is.
    @Test func theNormalTexturesSetIsTheOneRead() {
        let positions = [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)]
        // Set 0 runs u along +y (v flipped in the file), set 1 along +x.
        let mesh = Mesh(positions: positions, uvs: [Vec2(0, 1), Vec2(0, 0), Vec2(1, 1)], uvs1: [Vec2(0, 1), Vec2(1, 1), Vec2(0, 0)], indices: [0, 1, 2])
        #expect(mesh.withGeneratedTangents(uvSet: 1).tangents == Array(repeating: Vec4(1, 0, 0, 1), count: 3))
        #expect(mesh.withGeneratedTangents(uvSet: 0).tangents == Array(repeating: Vec4(0, 1, 0, -1), count: 3))
        let plain = Mesh(positions: positions, indices: [0, 1, 2])
        #expect(plain.withGeneratedTangents() === plain)
        let framed = mesh.withGeneratedTangents()
        #expect(framed.withGeneratedTangents(uvSet: 1) === framed)
    }

    /// A frame the algorithm leaves along the normal (here its default, +x, on a surface facing
    /// +x) is turned into the surface: a unit vector across the normal, the sign kept.
    @Test func aFrameAlongTheNormalIsTurnedIntoTheSurface() {
        let mesh = Mesh(
            positions: [Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)], normals: Array(repeating: Vec3(1, 0, 0), count: 3),
            uvs: Array(repeating: Vec2(0.5, 0.5), count: 3), indices: [0, 1, 2])
        #expect(mesh.withGeneratedTangents().tangents == Array(repeating: Vec4(0, 1, 0, -1), count: 3))
    }

    /// A fan of 100,000 triangles around one vertex (a hostile cone) is one group walked without
    /// recursion and summed once, not compared pairwise: every corner at the apex gets one frame.
    @Test func aHugeFanIsOneGroup() {
        let n = 100_000
        var positions = [Vec3(0, 0, 0)], uvs = [Vec2(0.5, 0.5)], indices: [UInt32] = []
        for k in 0...n {
            let a = 2 * Float.pi * Float(k) / Float(n)
            positions.append(Vec3(cos(a), sin(a), 0))
            uvs.append(Vec2(0.5 + 0.5 * cos(a), 0.5 + 0.5 * sin(a)))
        }
        for k in 0..<n { indices += [0, UInt32(k + 1), UInt32(k + 2)] }
        let tangents = MikkTSpace.cornerTangents(
            positions: positions, normals: Array(repeating: Vec3(0, 0, 1), count: positions.count), uvs: uvs, indices: indices)
        let apex: [Vec4] = stride(from: 0, to: tangents.count, by: 3).map { tangents[$0] }
        #expect(apex.allSatisfy { $0 == apex[0] })
        #expect(length(apex[0] - Vec4(1, 0, 0, 1)) < 1e-3)
    }

    /// Hostile meshes: random positions, normals and coordinates drawn from a few values (so
    /// corners weld, triangles degenerate, edges are shared by many triangles in both
    /// directions), with NaN and infinities among them; every corner gets a tangent, the mesh
    /// keeps its triangles, and every frame drawn is a unit vector across the normal.
    @Test func hostileMeshesNeverTrap() {
        var random = SeededRandom(seed: 27)
        let values: [Float] = [0, 1, -1, 0.5, .nan, .infinity, -0.0, 1e30]
        func pick() -> Float { values[Int(random.next() % UInt64(values.count))] }
        for _ in 0..<300 {
            let count = 1 + Int(random.next() % 12)
            let positions = (0..<count).map { _ in Vec3(pick(), pick(), pick()) }
            let normals = (0..<count).map { _ in Vec3(pick(), pick(), pick()) }
            let uvs = (0..<count).map { _ in Vec2(pick(), pick()) }
            let indices = (0..<3 * (1 + Int(random.next() % 20))).map { _ in UInt32(random.next() % UInt64(count)) }
            #expect(MikkTSpace.cornerTangents(positions: positions, normals: normals, uvs: uvs, indices: indices).count == indices.count)
            let unit = Mesh(positions: positions, normals: normals.map { _ in Vec3(0, 0, 1) }, uvs: uvs, indices: indices).withGeneratedTangents()
            #expect(unit.triangleCount == indices.count / 3 && unit.tangents.count == unit.vertexCount)
            for t in unit.tangents {
                #expect(abs(length(Vec3(t.x, t.y, t.z)) - 1) < 1e-4 && abs(t.z) < 1e-4 && abs(t.w) == 1)
            }
        }
    }
}
