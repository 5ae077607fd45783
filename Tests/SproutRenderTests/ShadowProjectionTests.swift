import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// Where the shadow maps are drawn from, without GL: the whole scene's fit, and the near part
/// of a view over a large ground.
@Suite struct ShadowProjectionTests {
    /// Light from straight above a 2 m cube: across, the cube plus a margin of 2 % of its 2 m
    /// and 1 cm (1.05 each side); along the light, from the eye at twice the bounding radius
    /// (2 x sqrt 3 above the centre) to the cube's top and bottom, 1 cm beyond each.
    @Test func theWholeMapFitsTheCasters() {
        let cube = BoundingBox(min: Vec3(-1, -1, -1), max: Vec3(1, 1, 1))
        let fit = ShadowProjection.fitted(toLight: Vec3(0, 1, 0), casters: cube, everything: cube)
        let eyeHeight = 2 * Float(3).squareRoot()
        #expect(abs(fit.minimum.x + 1.05) < 1e-5 && abs(fit.minimum.y + 1.05) < 1e-5)
        #expect(abs(fit.maximum.x - 1.05) < 1e-5 && abs(fit.maximum.y - 1.05) < 1e-5)
        #expect(abs(fit.near - (eyeHeight - 1 - 0.01)) < 1e-5 && abs(fit.far - (eyeHeight + 1 + 0.01)) < 1e-5)
    }

    /// A 200 m ground under the sun, seen from 2.5 m with a 10 m far plane, 512 pixels tall.
    func ground(side: Float = 200) -> (whole: ShadowProjection, bounds: BoundingBox) {
        let bounds = BoundingBox(min: Vec3(-side / 2, 0, -side / 2), max: Vec3(side / 2, 0.2, side / 2))
        return (ShadowProjection.fitted(toLight: normalize(Vec3(0.3, 1, 0.2)), casters: bounds, everything: bounds), bounds)
    }

    func nearPart(of whole: ShadowProjection, everything: BoundingBox, from eye: Vec3) -> ShadowProjection? {
        let camera = Camera.looking(from: eye, at: Vec3(0, 0, 0), fovYDegrees: 60, near: 0.05, far: 10)
        let mapping = camera.mapping(viewport: Viewport(width: 512, height: 512))
        return whole.nearPart(
            seenThrough: mapping.projectionMatrix * mapping.viewMatrix, from: camera.position, looking: camera.forward,
            projection: camera.projection, everything: everything, size: 512, viewportHeight: 512)
    }

    /// The split of 0.05 and 10 m is 0.5 x 0.05 x sqrt(200) + 0.5 x 10.05 / 2 = 2.866 m: the
    /// frustum to there is a few metres across, against the whole map's 200-odd, so the near
    /// part is a square a whole number of quarter octaves smaller, on the whole map's grid of its
    /// own texels, holding what the camera looks at; a camera moved a millimetre keeps it.
    @Test func aLargeGroundGetsANearPartAroundTheView() throws {
        let (whole, bounds) = ground()
        let eye = Vec3(0, 1.5, 2)
        let part = try #require(nearPart(of: whole, everything: bounds, from: eye))
        let wholeSide = whole.maximum.x - whole.minimum.x
        let side = part.maximum.x - part.minimum.x
        #expect(abs(side - (part.maximum.y - part.minimum.y)) < 1e-3)
        let quarterOctaves = 4 * log2(wholeSide / side)
        #expect(abs(quarterOctaves - quarterOctaves.rounded()) < 1e-3 && wholeSide / side >= ShadowProjection.nearGain)
        let texel = side / 512
        #expect(abs(part.minimum.x / texel - (part.minimum.x / texel).rounded()) < 1e-2)
        #expect(part.view == whole.view && part.near == whole.near && part.far == whole.far)
        let lookedAt = part.view * Vec4(0, 0, 0, 1)
        #expect(lookedAt.x > part.minimum.x && lookedAt.x < part.maximum.x && lookedAt.y > part.minimum.y && lookedAt.y < part.maximum.y)
        #expect(nearPart(of: whole, everything: bounds, from: eye + Vec3(0.001, 0, 0)) == part)
    }

    /// The near part takes the casters across it: the cube under the look-at point, not one
    /// 30 m off (whose shadow, with the light from above, falls 30 m off too).
    @Test func theNearPartReachesOnlyNearbyCasters() throws {
        let (whole, bounds) = ground()
        let part = try #require(nearPart(of: whole, everything: bounds, from: Vec3(0, 1.5, 2)))
        let cube = BoundingBox(min: Vec3(-0.1, 0, -0.1), max: Vec3(0.1, 0.2, 0.1))
        #expect(part.reaches(cube) && whole.reaches(cube))
        let far = BoundingBox(min: Vec3(29.9, 0, 29.9), max: Vec3(30.1, 0.2, 30.1))
        #expect(!part.reaches(far) && whole.reaches(far))
    }

    /// An orthographic camera (its split from its own depth mapping) and a 10,000 km ground (a
    /// hostile file's) give finite parts, or none; never a trap or a NaN.
    @Test func orthographicViewsAndHugeGroundsGiveFiniteParts() {
        let (whole, bounds) = ground()
        let camera = Camera(transform: lookAt(eye: Vec3(0, 3, 3), target: .zero), projection: .orthographic(halfHeight: 1, near: 0.1, far: 20))
        let mapping = camera.mapping(viewport: Viewport(width: 512, height: 512))
        let part = whole.nearPart(
            seenThrough: mapping.projectionMatrix * mapping.viewMatrix, from: camera.position, looking: camera.forward,
            projection: camera.projection, everything: bounds, size: 512, viewportHeight: 512)
        #expect(part != nil)
        for candidate in [part, nearPart(of: ground(side: 1e7).whole, everything: ground(side: 1e7).bounds, from: Vec3(0, 1.5, 2))] {
            guard let candidate else { continue }
            #expect(candidate.minimum.x.isFinite && candidate.minimum.y.isFinite && candidate.maximum.x > candidate.minimum.x)
            #expect(candidate.maximum.y > candidate.minimum.y && candidate.maximum.x.isFinite)
        }
    }

    /// A 3 m floor seen the same way: the whole map's texels (6 mm) are no wider than 4 pixels
    /// at the split, so there is no near part.
    @Test func aSmallSceneKeepsOneMap() {
        let (whole, bounds) = ground(side: 3)
        #expect(nearPart(of: whole, everything: bounds, from: Vec3(0, 1.5, 2)) == nil)
    }

    /// The transform takes a point's coordinates in the whole map to its coordinates in the near
    /// part, as the near part's own projection puts it.
    @Test func theTransformMapsWholeCoordinatesToTheNearPart() throws {
        let (whole, bounds) = ground()
        let part = try #require(nearPart(of: whole, everything: bounds, from: Vec3(0, 1.5, 2)))
        let t = whole.transform(to: part)
        func textureCoordinates(_ projection: ShadowProjection, _ point: Vec3) -> Vec2 {
            let clip = projection.viewProjection * Vec4(point, 1)
            return Vec2(clip.x / clip.w, clip.y / clip.w) * 0.5 + Vec2(0.5, 0.5)
        }
        for point in [Vec3(0, 0, 0), Vec3(0.7, 0.1, -0.4), Vec3(-1.2, 0, 0.9)] {
            let p = textureCoordinates(whole, point), q = textureCoordinates(part, point)
            let mapped = Vec2(p.x * t.x + t.z, p.y * t.y + t.w)
            #expect(abs(mapped.x - q.x) < 1e-3 && abs(mapped.y - q.y) < 1e-3, "\(point): \(mapped) against \(q)")
        }
    }
}
