import SproutMath
import Testing
@testable import SproutScene

/// An HDR environment's pixels by direction.
@Suite struct HDRImageTests {
    /// HDRImage's convention: the middle column looks along +X, a quarter in along -Z, the top row up.
    @Test func directionsFindTheirPixels() {
        let image = HDRImage(width: 4, height: 2, pixels: (0..<8).flatMap { [Float($0), 0, 0] })
        #expect(image.radiance(along: Vec3(1, 0.1, 0)).x == 2)   // u 0.5: column 2, upper row
        #expect(image.radiance(along: Vec3(0.1, 0.1, -1)).x == 1)   // u 0.27: column 1
        #expect(image.radiance(along: Vec3(-0.1, -0.1, 1)).x == 7)   // u 0.77: column 3, lower row
    }
}
