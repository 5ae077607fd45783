import SproutMath
import Testing
@testable import SproutScene

@Suite struct MeshFactoryTests {
    /// Every triangle must be counter-clockwise seen from the side its normals point to,
    /// or back-face culling removes the front.
    func windingAgreesWithNormals(_ mesh: Mesh) -> Bool {
        stride(from: 0, to: mesh.indices.count, by: 3).allSatisfy { t in
            let a = Int(mesh.indices[t]), b = Int(mesh.indices[t + 1]), c = Int(mesh.indices[t + 2])
            let face = cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a])
            if length(face) < 1e-9 { return true }   // degenerate pole triangles
            return dot(face, mesh.normals[a] + mesh.normals[b] + mesh.normals[c]) > 0
        }
    }

    @Test func shapesAreWoundOutwards() {
        #expect(windingAgreesWithNormals(MeshFactory.box(size: Vec3(1, 2, 3))))
        #expect(windingAgreesWithNormals(MeshFactory.sphere(radius: 1)))
        #expect(windingAgreesWithNormals(MeshFactory.plane(width: 2, depth: 2)))
    }

    @Test func sizesAndCounts() {
        let box = MeshFactory.box(size: Vec3(1, 2, 3))
        #expect(box.triangleCount == 12)
        #expect(box.bounds == BoundingBox(min: Vec3(-0.5, -1, -1.5), max: Vec3(0.5, 1, 1.5)))
        let sphere = MeshFactory.sphere(radius: 0.1, segments: 32, rings: 16)
        #expect(sphere.triangleCount == 32 * 16 * 2)
        #expect(abs(sphere.bounds.max.y - 0.1) < 1e-6)
    }

    @Test func smoothNormalsAreUnitLength() {
        let m = Mesh(positions: [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)], indices: [0, 1, 2])
        #expect(m.normals.allSatisfy { $0.isApproximately(.unitY) })
    }
}

/// Morph targets follow their mesh's vertices when the mesh splits or copies them.
@Suite struct MorphTargetTests {
    let target = MorphTarget(
        positionOffsets: [Vec3(0, 1, 0), Vec3(0, 2, 0), Vec3(0, 3, 0)], tangentOffsets: [Vec3(-1, 1, 0), .zero, Vec3(0, 0, 1)])

    @Test func remappingMapsEveryListAndKeepsEmptyOnesEmpty() {
        let reversed = target.remapped { $0.reversed() }
        #expect(reversed.positionOffsets == [Vec3(0, 3, 0), Vec3(0, 2, 0), Vec3(0, 1, 0)])
        #expect(reversed.normalOffsets.isEmpty)
        #expect(reversed.tangentOffsets == [Vec3(0, 0, 1), .zero, Vec3(-1, 1, 0)])
    }

    /// Flat shading gives each triangle its own corners: indices 2, 0, 1 become vertices 0, 1, 2.
    @Test func flatShadingCopiesEachCornersOffsets() {
        let mesh = Mesh.flatShaded(
            positions: [.zero, .unitX, .unitY], tangents: Array(repeating: Vec4(1, 0, 0, 1), count: 3), indices: [2, 0, 1],
            morphTargets: [target])
        #expect(mesh.morphTargets[0].positionOffsets == [Vec3(0, 3, 0), Vec3(0, 1, 0), Vec3(0, 2, 0)])
        #expect(mesh.morphTargets[0].tangentOffsets == [Vec3(0, 0, 1), Vec3(-1, 1, 0), .zero])
        #expect(mesh.morphTargets[0].normalOffsets.isEmpty)
    }
}

@Suite struct CameraTests {
    @Test func framingKeepsTheWholeBoxInView() {
        let box = BoundingBox(min: Vec3(-0.4, 0, -0.4), max: Vec3(0.45, 1.02, 0.4))
        let camera = Camera.framing(box)
        let mapping = camera.mapping(viewport: Viewport(width: 1280, height: 720))
        for corner in box.corners {
            let p = mapping.project(corner)!
            #expect(p.x >= 0 && p.x <= 1280 && p.y >= 0 && p.y <= 720)
        }
    }
}
