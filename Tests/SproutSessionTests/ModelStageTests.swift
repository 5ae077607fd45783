import SproutDocument
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutSession

/// Triangle soups for the model-stage suites: boxes (as an exporter writes them), by corners.
enum ModelFixture {
    /// A box's 12 triangles, counter-clockwise from outside, turned `yaw` about +Y.
    static func box(center: Vec3, size: Vec3, yaw: Float = 0) -> [Vec3] {
        let mesh = MeshFactory.box(size: size)
        let turn = Quaternion(angle: yaw, axis: .unitY)
        return mesh.indices.map { turn.act(mesh.positions[Int($0)]) + center }
    }

    /// A room: a 4 x 4 m floor slab, a back wall, and a table (top 1.2 x 0.8 m at 0.74 m, four legs).
    static func room(tableYaw: Float = 0) -> [Vec3] {
        var v = box(center: Vec3(0, -0.05, 0), size: Vec3(4, 0.1, 4))
        v += box(center: Vec3(0, 1.3, -2.05), size: Vec3(4, 2.6, 0.1))
        v += box(center: Vec3(0, 0.72, 0), size: Vec3(1.2, 0.04, 0.8), yaw: tableYaw)
        for (x, z) in [(Float(-0.55), Float(-0.35)), (0.55, -0.35), (-0.55, 0.35), (0.55, 0.35)] {
            v += box(center: Quaternion(angle: tableYaw, axis: .unitY).act(Vec3(x, 0.35, z)), size: Vec3(0.05, 0.7, 0.05))
        }
        return v
    }
}

@Suite struct TriangleBVHTests {
    @Test func aQuadIsHitWhereItIsFromEitherSide() {
        let bvh = TriangleBVH(vertices: ModelFixture.box(center: Vec3(0, 0.72, 0), size: Vec3(1.2, 0.04, 0.8)))
        let down = bvh.nearestHit(origin: Vec3(0.1, 2, 0.1), direction: Vec3(0, -1, 0))
        #expect(down?.t == 1.26 && down?.isFront == true)   // the top face at 0.74
        let up = bvh.nearestHit(origin: Vec3(0.1, 0, 0.1), direction: Vec3(0, 1, 0))
        #expect(up.map { abs($0.t - 0.7) < 1e-6 } == true && up?.isFront == true)   // the bottom face at 0.70, facing down
        #expect(bvh.nearestHit(origin: Vec3(0.1, 2, 0.1), direction: Vec3(0, -1, 0), maximum: 1.2) == nil)
        #expect(bvh.nearestHit(origin: Vec3(0.7, 2, 0), direction: Vec3(0, -1, 0)) == nil)   // beside it
        #expect(TriangleBVH(vertices: []).nearestHit(origin: .zero, direction: .unitY) == nil)
    }

    /// The hierarchy finds exactly what testing every triangle finds.
    @Test func itAgreesWithTestingEveryTriangle() {
        var random = SeededRandom(seed: 11)
        var vertices: [Vec3] = []
        for _ in 0..<2000 {
            let c = Vec3(random.float(in: -5...5), random.float(in: -5...5), random.float(in: -5...5))
            for _ in 0..<3 { vertices.append(c + Vec3(random.float(in: -0.3...0.3), random.float(in: -0.3...0.3), random.float(in: -0.3...0.3))) }
        }
        let bvh = TriangleBVH(vertices: vertices)
        let all = TriangleBVH(vertices: vertices, leafSizeForTesting: vertices.count / 3)
        var hits = 0
        for _ in 0..<500 {
            let origin = Vec3(random.float(in: -6...6), random.float(in: -6...6), random.float(in: -6...6))
            let direction = normalize(Vec3(random.float(in: -1...1), random.float(in: -1...1), random.float(in: -1...1)))
            let a = bvh.nearestHit(origin: origin, direction: direction), b = all.nearestHit(origin: origin, direction: direction)
            #expect(a == b)
            if a != nil { hits += 1 }
        }
        #expect(hits > 50)   // the rays do meet triangles
    }
}

@Suite struct PlanarRegionsTests {
    @Test func aTurnedTableTopIsOneHorizontalRectangleOfItsSize() {
        let yaw = radians(fromDegrees: 30)
        let regions = PlanarRegions(vertices: ModelFixture.room(tableYaw: yaw)).regions
        let tops = regions.filter { $0.alignment == .horizontal && abs($0.frame.center.y - 0.74) < 1e-5 }
        #expect(tops.count == 1)
        let top = tops[0]
        #expect(abs(top.size.x - 1.2) < 1e-4 && abs(top.size.y - 0.8) < 1e-4 && abs(top.area - 0.96) < 1e-4)
        #expect(top.frame.center.isApproximately(Vec3(0, 0.74, 0), tolerance: 1e-5))
        #expect(top.frame.xAxis.isApproximately(Vec3(cos(yaw), 0, -sin(yaw)), tolerance: 1e-4))
        // The floor's top, the wall's front (facing +Z) and its back are found; the legs' faces are too small.
        #expect(regions.contains { $0.alignment == .horizontal && $0.frame.center.y == 0 && abs($0.area - 16) < 1e-3 })
        // (The floor slab's back edge, facing -Z at z = -2 too, is a plane of its own.)
        let walls = regions.filter { $0.alignment == .vertical && abs($0.frame.center.z + 2) < 1e-5 && $0.frame.normal.z > 0.99 }
        #expect(walls.count == 1 && abs(walls[0].area - 4 * 2.6) < 1e-3 && abs(walls[0].frame.center.y - 1.3) < 1e-5)
        #expect(!regions.contains { $0.area < PlanarRegions.minimumArea })
    }

    @Test func onlyConnectedCoplanarTrianglesGrowTogether() {
        func quad(_ x: Float, _ y: Float, size: Float = 0.5) -> [Vec3] {
            let a = Vec3(x, y, 0), b = Vec3(x, y, -size), c = Vec3(x + size, y, -size), d = Vec3(x + size, y, 0)
            return [a, d, c, a, c, b]   // counter-clockwise seen from above
        }
        // Two quads sharing an edge: one region. A third apart on the same plane: its own.
        let joined = PlanarRegions(vertices: quad(0, 0) + quad(0.5, 0) + quad(2, 0))
        #expect(joined.regions.map(\.area).sorted() == [0.25, 0.5])
        // A 2 cm step between neighbours sharing corners' x-z: a plane each.
        let stepped = PlanarRegions(vertices: quad(0, 0) + quad(0.5, 0.02))
        #expect(stepped.regions.count == 2)
        // Too small to be a plane: no region, and its triangles are -1.
        let tiny = PlanarRegions(vertices: quad(0, 0, size: 0.1))
        #expect(tiny.regions.isEmpty && tiny.regionOfTriangle == [-1, -1])
    }
}

@Suite struct ModelStageTests {
    static func stage() -> Stage {
        var stage = Stage(name: "model")
        stage.model = StageModel(path: "room.glb", detail: 0.8)
        return try! stage.attachingModel(vertices: ModelFixture.room())
    }

    @Test func theTableIsFoundAtItsHeightWithinAMillimetreAfterTenSeconds() {
        let stage = Self.stage()
        #expect(stage.surfaces.map(\.name).contains("model horizontal 1"))
        let session = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.4, 1.0), at: Vec3(0, 0.74, 0)))
        SessionFixture.simulate(session, seconds: 10)
        let table = session.anchors.compactMap { $0 as? PlaneAnchor }.first { abs($0.transform.translation.y - 0.74) < 0.05 }
        #expect(table.map { abs($0.transform.translation.y - 0.74) <= 0.001 } == true)
        #expect(table.map { abs($0.extent.x - 1.2) < 0.01 && abs($0.extent.z - 0.8) < 0.01 } == true)
    }

    @Test func raycastsMeetTheModelAndItsTrianglesHideWhatIsBehind() {
        let stage = Self.stage()
        let session = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.4, 1.0), at: Vec3(0, 0.74, 0)))
        SessionFixture.simulate(session, seconds: 1)
        let hit = session.raycast(RaycastQuery(ray: Ray(origin: Vec3(0.1, 2, 0.1), direction: Vec3(0, -1, 0)), allowing: [.estimatedPlane]))
        #expect(hit.count == 1 && abs(hit[0].position.y - 0.74) <= Session.estimatedPlaneErrorBound)
        // Under the table, looking up: the table's underside faces down, not a plane: no estimate.
        let under = session.raycast(RaycastQuery(ray: Ray(origin: Vec3(0.1, 0.3, 0.1), direction: Vec3(0, 1, 0)), allowing: [.estimatedPlane]))
        #expect(under.isEmpty)
    }

    /// Models in the wrong unit, or on their side, load and run, and say what is probably wrong.
    @Test func aModelInTheWrongUnitOrOnItsSideIsWarnedAbout() throws {
        func stage(_ vertices: [Vec3], scale: Float = 1) throws -> Stage {
            var stage = Stage(name: "odd")
            stage.model = StageModel(path: "room.glb", scale: scale)
            return try stage.attachingModel(vertices: vertices)
        }
        #expect(try stage(ModelFixture.room()).modelWarning == nil)
        let centimetres = try stage(ModelFixture.room().map { $0 * 100 })
        #expect(
            centimetres.modelWarning
                == "warning: the stage's model room.glb spans 410 m (with scale 1.0): if it is in centimetres or millimetres, give scale: 0.01 or 0.001")
        #expect(try stage(ModelFixture.room().map { $0 * 100 }, scale: 0.01).modelWarning == nil)
        let huge = try stage(ModelFixture.room(), scale: 25_000)   // 102.5 km across
        #expect(huge.modelWarning?.contains("spans 102500 m") == true)
        let session = SessionFixture.running(huge)
        SessionFixture.simulate(session, seconds: 2)   // runs, finds what it can see, does not hang
        let walls = ModelFixture.box(center: Vec3(0, 1.3, -2), size: Vec3(4, 2.6, 0.1))
        let onItsSide = try stage(walls.map { Vec3($0.x, -$0.z, $0.y) })   // lying down: faces up
        #expect(onItsSide.modelWarning == nil)
        #expect(try stage(walls).modelWarning?.hasSuffix("is its up axis z?") == true)
        #expect(try stage([]).modelWarning == "warning: room.glb has no triangles: the stage has nothing to sense there")
    }

    @Test func aStageFileNamesItsModelInsideItsFolder() throws {
        let dir = try Fixtures.temporaryDirectory("model-stage")
        try Fixtures.write("glb", to: dir + "/room.glb")
        let loader = StageLoader(textureRoot: dir)
        let stage = try loader.parse("model: { path: room.glb, scale: 0.01, up: z, origin: [100, 0, 50], detail: 0.9 }\n", file: dir + "/s.yaml")
        #expect(stage.model == StageModel(path: dir + "/room.glb", scale: 0.01, up: .z, origin: Vec3(100, 0, 50), detail: 0.9))
        // A z-up model in centimetres: (x, y, z) -> (x, z, -y), less the origin, in metres.
        #expect(stage.model!.stagePoint(Vec3(150, -20, 124)).isApproximately(Vec3(0.5, 1.24, -0.3), tolerance: 1e-5))
        for (text, field, reason) in [
            ("model: ../room.glb\n", "model", "without '..', got '../room.glb'"),
            ("model: missing.glb\n", "model", "does not exist"),
            ("model: { path: room.glb, up: x }\n", "model.up", "must be one of y, z; got 'x'"),
            ("model: { path: room.glb, scale: 0 }\n", "model.scale", "must be positive, got 0.0")
        ] {
            let error = #expect(throws: DocumentError.self) { try loader.parse(text, file: dir + "/s.yaml") }
            #expect(error?.field == field && error?.message.hasSuffix(reason) == true, "\(error?.message ?? "")")
        }
    }
}
