import SproutMath
import SproutScene
import SproutSession
import SproutGeo
import SproutTesting
import Testing
@testable import SproutApp

/// Models at the wrong scale are caught and can be sized: a factor, or a height.
@Suite struct ModelSizingTests {
    @Test func theFoxIsSeventyNineMetresTallAndSaysSo() throws {
        let fox = try ModelReference.file(Fixtures.sharedModel("Fox/Fox.glb")).load().entity
        #expect(
            ModelSizing.warning(for: fox, name: "Fox.glb")
                == "warning: Fox.glb is 79.0 m tall (its units taken as metres): if it is in centimetres, give --scale 0.01; or --fit HEIGHT in metres")
        let fitted = try ModelReference.file(Fixtures.sharedModel("Fox/Fox.glb")).load(sizing: .fit(height: 0.5)).entity
        let bounds = fitted.visualBounds()
        #expect(abs(bounds.max.y - bounds.min.y - 0.5) < 1e-4 && abs(bounds.min.y) < 1e-4)   // 50 cm, standing on the origin
        #expect(ModelSizing.warning(for: fitted, name: "Fox.glb") == nil)
        let scaled = try ModelReference.file(Fixtures.sharedModel("Fox/Fox.glb")).load(sizing: .scale(0.01)).entity.visualBounds()
        #expect(abs(scaled.max.y - scaled.min.y - 0.79) < 0.01)
    }

    @Test func aPlantAtItsRealSizeIsFineAndATinyOneIsNot() throws {
        let basil = try ModelReference.resolve("basil", relativeTo: ".").load().entity
        #expect(ModelSizing.warning(for: basil, name: "basil") == nil)
        let speck = Entity(name: "speck", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.005, 0.005, 0.005)), material: Material()))
        #expect(
            ModelSizing.warning(for: speck, name: "speck")
                == "warning: speck is only 5.0 mm across (its units taken as metres): give --scale or --fit HEIGHT in metres")
    }
}

/// A model is framed without a ground plane much larger than itself, or on a node by name.
@Suite struct FramingTests {
    @Test func thePalmTreeIsFramedWithoutItsWater() throws {
        let palm = try ModelReference.file(Fixtures.sharedModel("PalmTree/PalmTree.gltf")).load().entity
        let everything = palm.visualBounds(), framed = Framing.bounds(of: palm)
        #expect((everything.max - everything.min).x > 390)   // the 392 m water plane
        let size = framed.max - framed.min
        #expect(size.x < 5 && size.z < 5 && size.y > 3)   // the tree: about 4 m tall
        #expect(ModelSizing.warning(for: palm, name: "PalmTree.gltf") == nil)
    }

    @Test func aModelWithoutGroundIsFramedWhole() throws {
        let duck = try ModelReference.file(Fixtures.sharedModel("Duck/Duck.glb")).load().entity
        #expect(Framing.bounds(of: duck) == duck.visualBounds())
    }

    @Test func aNodeIsFramedByNameAndAMissingOneListsTheNames() throws {
        let palm = try ModelReference.file(Fixtures.sharedModel("PalmTree/PalmTree.gltf")).load().entity
        let landscape = try Framing.bounds(ofNode: "Landscape", in: palm)
        #expect((landscape.max - landscape.min).x > 40)   // the island: tens of metres across, not the tree
        do { _ = try Framing.bounds(ofNode: "Nope", in: palm); Issue.record("found a node that is not there") } catch {
            #expect("\(error)".hasPrefix("no node named 'Nope' in the model; its nodes include 'PalmTree.gltf', 'ROOT', "))
        }
    }
}

/// The geo map inset keeps every anchor's circle whole.
@Suite struct GeoMapSpanTests {
    @Test func theMapWidensToKeepFarAnchorsWholeAndClicksFollowIt() {
        let device = DeviceCamera(transform: lookAt(eye: Vec3(0, 1.5, 0), target: Vec3(0, 1.5, -1)), viewport: Viewport(width: 1280, height: 720))
        let overlay = GeoOverlay()
        #expect(overlay.map(for: device).halfSpan == 25)
        #expect(overlay.map(for: device, anchors: [Vec2(0, -10)]).halfSpan == 25)
        let far = overlay.map(for: device, anchors: [Vec2(0, -40)])
        #expect(far.halfSpan == 45)   // 40 m + the 3 m circle + 2 m of paper
        let edge = far.point(of: Vec2(0, -40 - MapView.anchorRadius))
        #expect(edge.y > 0)   // the circle's far edge is on the map
        // A click on the drawn anchor names its place on the stage.
        let centre = far.point(of: Vec2(0, -40)) + overlay.mapOrigin(in: device.viewport)
        let p = overlay.stagePosition(at: centre, device: device, anchors: [Vec2(0, -40)]) ?? Vec2(.infinity, .infinity)
        #expect(length(p - Vec2(0, -40)) < 1e-3)
        #expect(overlay.map(for: device, anchors: [Vec2(0, -1000)]).halfSpan == 250)
    }
}

/// The geo demo walks to its anchor at a person's pace and stops short of it.
@Suite struct GeoApproachTests {
    @Test func theWalkStopsEightMetresShortAndNeverRuns() {
        let start = lookAt(eye: Vec3(0, 1.6, 0), target: Vec3(0, 1.6, -1))
        let walk = GeoApproach(start: start, target: Vec3(3, 0, -24))
        #expect(walk.pose(at: 0) == start)
        let end = walk.pose(at: walk.duration).translation
        #expect(abs(length(Vec2(end.x - 3, end.z + 24)) - GeoApproach.standOff) < 1e-3)
        #expect(end.y == 1.6)   // walking, not flying
        var fastest: Float = 0
        for i in 0..<Int(walk.duration * 60) {
            let a = walk.pose(at: Double(i) / 60).translation, b = walk.pose(at: Double(i + 1) / 60).translation
            fastest = max(fastest, distance(a, b) * 60)
        }
        #expect(fastest <= GeoApproach.peakSpeed + 0.01 && fastest < TrackingMonitor.maximumSpeed)
    }
}
