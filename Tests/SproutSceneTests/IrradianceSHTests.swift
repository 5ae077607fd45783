import SproutMath
import Testing
@testable import SproutScene

/// An HDR environment's irradiance from nine harmonics, against what the cosine-weighted
/// integral gives by hand.
@Suite struct IrradianceSHTests {
    /// Uniform radiance L: every orientation receives pi L, so the irradiance over pi is L.
    @Test func aUniformEnvironmentGivesItsRadianceEverywhere() {
        let sh = IrradianceSH(EnvironmentLight(image: .uniform(Vec3(0.3, 0.6, 0.9)), intensity: 2))
        for n in [Vec3(0, 1, 0), Vec3(0, -1, 0), Vec3(1, 0, 0), normalize(Vec3(1, 1, -1))] {
            #expect(length(sh.evaluate(n) - Vec3(0.6, 1.2, 1.8)) < 2e-3)
        }
    }

    /// A sky of radiance 1 above the horizon, black below: facing up the exact value is 1, facing
    /// down 0, facing the horizon 1/2 (by symmetry, which nine harmonics keep exactly); the
    /// harmonics' known error on such a step is a few hundredths.
    @Test func aSkyLightsWhatFacesUp() {
        let width = 64, height = 32
        let pixels = (0..<height).flatMap { y -> [Float] in (0..<width).flatMap { _ -> [Float] in Array(repeating: y < height / 2 ? 1 : 0, count: 3) } }
        let sh = IrradianceSH(EnvironmentLight(image: HDRImage(width: width, height: height, pixels: pixels)))
        #expect(abs(sh.evaluate(Vec3(0, 1, 0)).x - 1) < 0.06)
        #expect(abs(sh.evaluate(Vec3(0, -1, 0)).x) < 0.06)
        #expect(abs(sh.evaluate(Vec3(1, 0, 0)).x - 0.5) < 0.01)
    }

    /// The rotation turns the light with the image: a bright quarter seen along +X, turned by
    /// 90 degrees counter-clockwise (seen from above), lights what faces -Z.
    @Test func theRotationTurnsTheLight() {
        let width = 64, height = 32
        // Columns 24..<40 are u 0.375...0.625: round +X (u 0.5).
        let pixels = (0..<height).flatMap { _ -> [Float] in (0..<width).flatMap { x -> [Float] in Array(repeating: (24..<40).contains(x) ? 1 : 0, count: 3) } }
        let image = HDRImage(width: width, height: height, pixels: pixels)
        let still = IrradianceSH(EnvironmentLight(image: image))
        let turned = IrradianceSH(EnvironmentLight(image: image, rotation: .pi / 2))
        #expect(still.evaluate(Vec3(1, 0, 0)).x > 3 * still.evaluate(Vec3(0, 0, -1)).x)
        #expect(abs(turned.evaluate(Vec3(0, 0, -1)).x - still.evaluate(Vec3(1, 0, 0)).x) < 1e-3)
    }
}
