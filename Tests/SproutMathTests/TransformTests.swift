import Testing
@testable import SproutMath

@Suite struct TransformTests {
    @Test func appliesScaleThenRotationThenTranslation() {
        let t = Transform(translation: Vec3(10, 0, 0), rotation: Quaternion(angle: .pi / 2, axis: .unitY), scale: Vec3(2, 2, 2))
        #expect(t.matrix.transformPoint(Vec3(1, 0, 0)).isApproximately(Vec3(10, 0, -2)))
    }

    @Test func decomposesWhatItComposes() {
        let t = Transform(translation: Vec3(1, 2, 3), rotation: Quaternion(angle: 1.1, axis: Vec3(0, 1, 1)), scale: Vec3(0.5, 2, 3))
        let d = Transform(matrix: t.matrix)
        #expect(d.translation.isApproximately(t.translation))
        #expect(d.scale.isApproximately(t.scale, tolerance: 1e-5))
        #expect(d.rotation.isApproximately(t.rotation))
    }
}

@Suite struct RayTests {
    @Test func hitsATriangleAtTheRightDistance() {
        let ray = Ray(origin: Vec3(0.2, 0.2, 5), direction: Vec3(0, 0, -1))
        #expect(ray.intersect(triangle: Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)) == 5)
        #expect(ray.intersect(triangle: Vec3(1, 1, 0), Vec3(2, 1, 0), Vec3(1, 2, 0)) == nil)
    }

    @Test func doesNotHitBehindItsOrigin() {
        let ray = Ray(origin: Vec3(0.2, 0.2, -1), direction: Vec3(0, 0, -1))
        #expect(ray.intersect(triangle: Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)) == nil)
    }
}

@Suite struct BoundingBoxTests {
    @Test func emptyBoxAbsorbsNothing() {
        let b = BoundingBox(min: Vec3(-1, -1, -1), max: Vec3(1, 1, 1))
        #expect(BoundingBox.empty.union(b) == b)
        #expect(BoundingBox.empty.isEmpty)
        #expect(BoundingBox.empty.extents == .zero)
    }

    /// An array's box and any sequence's are the same box; no points, the empty box.
    @Test func pointsGiveTheirBox() {
        let points = [Vec3(1, -2, 3), Vec3(-4, 5, 0.5), Vec3(2, 0, -6)]
        #expect(BoundingBox(points: points) == BoundingBox(min: Vec3(-4, -2, -6), max: Vec3(2, 5, 3)))
        #expect(BoundingBox(points: points.lazy.map { $0 }) == BoundingBox(points: points))
        #expect(BoundingBox(points: [Vec3]()) == .empty)
    }

    @Test func slabTestGivesEntryDistance() {
        let b = BoundingBox(min: Vec3(-1, -1, -1), max: Vec3(1, 1, 1))
        #expect(b.intersect(Ray(origin: Vec3(0, 0, 5), direction: Vec3(0, 0, -1))) == 4)
        #expect(b.intersect(Ray(origin: Vec3(0, 0, 0), direction: Vec3(0, 0, -1))) == 0)
        #expect(b.intersect(Ray(origin: Vec3(3, 0, 5), direction: Vec3(0, 0, -1))) == nil)
    }

    @Test func transformedBoxEnclosesRotatedCorners() {
        let b = BoundingBox(min: Vec3(-1, 0, -1), max: Vec3(1, 2, 1))
        let r = b.transformed(by: .rotationY(.pi / 4))
        #expect(abs(r.max.x - Float(2).squareRoot()) < 1e-5)
        #expect(r.max.y == 2)
    }
}

@Suite struct PlaneTests {
    @Test func intersectsFromAbove() {
        let p = Plane.horizontal(y: 0.74)
        let ray = Ray(origin: Vec3(0, 1.74, 0), direction: Vec3(0, -1, 0))
        #expect(abs(p.intersect(ray)! - 1) < 1e-6)
        #expect(abs(p.signedDistance(to: Vec3(3, 0.79, 1)) - 0.05) < 1e-6)
    }

    @Test func parallelRayMisses() {
        #expect(Plane.horizontal(y: 0).intersect(Ray(origin: Vec3(0, 1, 0), direction: Vec3(1, 0, 0))) == nil)
    }
}

@Suite struct ProjectionTests {
    let mapping = ProjectionMapping(
        cameraTransform: lookAt(eye: Vec3(0, 0, 2), target: .zero),
        projection: Projection(fovY: radians(fromDegrees: 90), near: 0.1, far: 10),
        viewport: Viewport(width: 200, height: 100))

    @Test func theTargetProjectsToTheViewportCentre() {
        #expect(mapping.project(.zero)! == Vec2(100, 50))
    }

    @Test func pointsAtTheFrustumEdgeLandOnTheViewportEdge() {
        // fovY 90 degrees: at distance 2 the half-height is 2; y = 2 lands on the top edge (y = 0 points).
        let p = mapping.project(Vec3(0, 2, 0))!
        #expect(abs(p.y) < 1e-4)
        #expect(mapping.project(Vec3(0, 0, 3)) == nil)   // behind the camera
    }

    @Test func unprojectInvertsProject() {
        let world = Vec3(0.4, -0.3, 0.5)
        let ray = mapping.unproject(mapping.project(world)!)
        #expect(ray.origin == Vec3(0, 0, 2))
        #expect(ray.direction.isApproximately(normalize(world - ray.origin)))
    }

    /// An orthographic view 2 m tall (half-height 1) on a 200 x 100 viewport is 4 m wide; a
    /// point's place on screen does not depend on its distance, and every ray runs down -Z from
    /// the camera's plane.
    @Test func anOrthographicViewKeepsSizesAtEveryDistance() throws {
        let ortho = ProjectionMapping(
            cameraTransform: lookAt(eye: Vec3(0, 0, 2), target: .zero),
            projection: .orthographic(halfHeight: 1, near: 0, far: 10),
            viewport: Viewport(width: 200, height: 100))
        #expect(ortho.isOrthographic)
        // x 1 m of the 2 m half-width: three quarters across; y 0.5 of 1: a quarter down.
        #expect(try #require(ortho.project(Vec3(1, 0.5, 0))) == Vec2(150, 25))
        #expect(try #require(ortho.project(Vec3(1, 0.5, -5))) == Vec2(150, 25))
        #expect(ortho.project(Vec3(0, 0, 3)) == nil)   // behind the camera's plane
        let ray = ortho.unproject(Vec2(150, 25))
        #expect(ray.origin.isApproximately(Vec3(1, 0.5, 2)) && ray.direction.isApproximately(Vec3(0, 0, -1)))
        // The matrix: 1 / halfWidth, 1 / halfHeight, depth 0...10 to -1...1.
        let m = Projection.orthographic(halfHeight: 1, near: 0, far: 10).matrix(aspect: 2)
        #expect(m.columns.0.x == 0.5 && m.columns.1.y == 1 && m.columns.2.z == -0.2 && m.columns.3.z == -1 && m.columns.3.w == 1)
        #expect(Projection.orthographic(halfHeight: 1, near: 0, far: 10).halfHeight(atDepth: 7) == 1)
        #expect(abs(Projection(fovY: radians(fromDegrees: 90)).halfHeight(atDepth: 7) - 7) < 1e-5)
    }

    @Test func lookAtPointsMinusZAtTheTarget() {
        let m = lookAt(eye: Vec3(1, 2, 3), target: Vec3(1, 2, 0))
        #expect(m.transformDirection(Vec3(0, 0, -1)).isApproximately(Vec3(0, 0, -1)))
        #expect(m.translation == Vec3(1, 2, 3))
    }
}
