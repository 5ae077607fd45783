import SproutMath
import SproutScene
import Testing
@testable import SproutAssets

/// A mesh's triangles put in the order that hides the most behind the least (meshoptimizer's
/// overdraw order), only where that cannot change a picture.
@Suite struct TriangleOrderTests {
    /// Two 10 x 10 grids of 200 triangles each, a metre apart, both facing +z: the far one (z = -0.5)
    /// first in the file, as a mesh drawn from the front shades both.
    func twoLayers() -> Mesh {
        var positions: [Vec3] = [], indices: [UInt32] = []
        for z in [Float(-0.5), 0.5] {
            let base = UInt32(positions.count)
            for row in 0...10 {
                for column in 0...10 { positions.append(Vec3(Float(column) / 5 - 1, Float(row) / 5 - 1, z)) }
            }
            for row in 0..<10 {
                for column in 0..<10 {
                    let corner = base + UInt32(row * 11 + column)
                    indices += [corner, corner + 1, corner + 12, corner, corner + 12, corner + 11]
                }
            }
        }
        return Mesh(name: "layers", positions: positions, indices: indices)
    }

    func triangles(_ mesh: Mesh) -> [[UInt32]] {
        stride(from: 0, to: mesh.indices.count, by: 3).map { Array(mesh.indices[$0..<$0 + 3]) }
    }

    /// The same 400 triangles, each with its corners in the same turn (so the same facing),
    /// and every triangle of the near layer before every one of the far layer: the near layer's
    /// clusters face away from the mesh's centre.
    @Test func theNearLayerComesFirstAndTheTrianglesStayTheSame() {
        let mesh = twoLayers()
        let ordered = TriangleOrder.optimized(mesh, for: [Material()])
        func canonical(_ t: [UInt32]) -> [UInt32] {
            let first = t.firstIndex(of: t.min()!)!
            return Array(t[first...] + t[..<first])
        }
        #expect(
            triangles(ordered).map(canonical).sorted { $0.lexicographicallyPrecedes($1) }
                == triangles(mesh).map(canonical).sorted { $0.lexicographicallyPrecedes($1) })
        let depths = triangles(ordered).map { ordered.positions[Int($0[0])].z }
        #expect(depths.prefix(200).allSatisfy { $0 == 0.5 } && depths.suffix(200).allSatisfy { $0 == -0.5 })
        #expect(ordered.positions == mesh.positions && ordered.normals == mesh.normals)
    }

    /// A blended, transmissive or on-top material's picture depends on the order (and so does
    /// a variant's), lines have no depth to hide behind, and a few triangles are not worth it:
    /// those keep the file's order.
    @Test func surfacesWhoseOrderShowsKeepIt() {
        let mesh = twoLayers()
        var onTop = Material(), transmissive = Material(), cut = Material()
        onTop.drawsOnTop = true
        transmissive.transmission = 1
        cut.alphaCutoff = 0.5
        for materials in [[Material(baseColor: Vec4(1, 1, 1, 0.5))], [transmissive], [onTop], [Material(), Material(baseColor: Vec4(1, 1, 1, 0.5))]] {
            #expect(TriangleOrder.optimized(mesh, for: materials).indices == mesh.indices)
        }
        let lines = Mesh(name: "lines", positions: mesh.positions, indices: Array(mesh.indices.prefix(600)), primitive: .lines)
        #expect(!TriangleOrder.keepsPicture(lines, in: [Material()]))
        let few = Mesh(name: "few", positions: mesh.positions, indices: Array(mesh.indices.prefix(3 * 63)))
        #expect(TriangleOrder.optimized(few, for: [Material()]).indices == few.indices)
        #expect(TriangleOrder.keepsPicture(mesh, in: [cut]))
    }

    /// An index past the vertices (a hostile file's) would trip meshoptimizer's assertion: the
    /// mesh is left as it is.
    @Test func anIndexPastTheVerticesLeavesTheOrder() {
        let mesh = twoLayers()
        var indices = mesh.indices
        indices[5] = UInt32(mesh.positions.count)
        let broken = Mesh(name: "broken", positions: mesh.positions, normals: mesh.normals, indices: indices)
        #expect(TriangleOrder.optimized(broken, for: [Material()]).indices == indices)
    }
}
