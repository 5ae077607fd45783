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

    /// Six faces of `side` x `side` RGBA texels, each texel's radiance `radiance(direction)`.
    private func cube(side: Int, _ radiance: (Vec3) -> Vec3) -> [[Float]] {
        (0..<6).map { face in
            (0..<side).flatMap { y in
                (0..<side).flatMap { x -> [Float] in
                    let s = (Float(x) + 0.5) / Float(side) * 2 - 1, t = (Float(y) + 0.5) / Float(side) * 2 - 1
                    let c = radiance(normalize(IrradianceSH.cubeDirection(face: face, s: s, t: t)))
                    return [c.x, c.y, c.z, 1]
                }
            }
        }
    }

    /// A uniform cube: the texels' solid angles sum to 4 pi exactly, so every orientation gets the radiance.
    @Test func aUniformCubeGivesItsRadianceEverywhere() {
        let sh = IrradianceSH(cubeFaces: cube(side: 4) { _ in Vec3(0.3, 0.6, 0.9) }, side: 4)
        for n in [Vec3(0, 1, 0), Vec3(0, 0, -1), normalize(Vec3(-1, 2, 3))] {
            #expect(length(sh.evaluate(n) - Vec3(0.3, 0.6, 0.9)) < 1e-5)
        }
    }

    /// Radiance 1 + d.a (bands 0 and 1 only) has irradiance over pi 1 + (2/3) n.a exactly (the
    /// clamped cosine's first band is 2/3); sampled at texel centres on 16 x 16 faces the
    /// projection comes within 2e-3. The faces' orientation is GL's: a brighter +X, -Y and +Z
    /// light what faces them.
    @Test func aLinearCubeGivesTheExactIrradianceAlongEachAxis() {
        let a = Vec3(0.3, -0.5, 0.2)
        let sh = IrradianceSH(cubeFaces: cube(side: 16) { d in Vec3(repeating: 1 + dot(d, a)) }, side: 16)
        for n in [Vec3(1, 0, 0), Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, -1, 0), Vec3(0, 0, 1), Vec3(0, 0, -1), normalize(Vec3(1, 1, 1))] {
            #expect(abs(sh.evaluate(n).x - (1 + 2.0 / 3 * dot(n, a))) < 2e-3, "along \(n)")
        }
    }

    /// The same sky as an equirectangular image and as a cube map gives the same harmonics.
    @Test func aCubeAndAnImageOfTheSameSkyAgree() {
        let sky = { (d: Vec3) -> Vec3 in Vec3(0.2 + max(d.y, 0), 0.5, 0.4 + 0.3 * d.x * d.z) }
        let fromCube = IrradianceSH(cubeFaces: cube(side: 16, sky), side: 16)
        let width = 256, height = 128
        let pixels = (0..<height).flatMap { y in
            (0..<width).flatMap { x -> [Float] in
                // HDRImage's convention: the top row straight up, u = 0.5 + atan2(z, x) / 2 pi.
                let theta = (Float(y) + 0.5) / Float(height) * .pi, phi = ((Float(x) + 0.5) / Float(width) - 0.5) * 2 * .pi
                let c = sky(Vec3(sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi)))
                return [c.x, c.y, c.z]
            }
        }
        let fromImage = IrradianceSH(EnvironmentLight(image: HDRImage(width: width, height: height, pixels: pixels)))
        for n in [Vec3(0, 1, 0), Vec3(0, -1, 0), normalize(Vec3(1, 0, 1)), normalize(Vec3(-1, 0.5, 1))] {
            #expect(length(fromCube.evaluate(n) - fromImage.evaluate(n)) < 5e-3, "along \(n)")
        }
    }

    /// The shader's terms sum to the same irradiance as the harmonics (to float rounding).
    @Test func theShaderTermsSumToTheIrradiance() {
        let sh = IrradianceSH(cubeFaces: cube(side: 8) { d in Vec3(1 + d.x, 2 + d.y * d.z, 0.5 + d.y * d.y) }, side: 8)
        let t = sh.shaderTerms
        for n in [Vec3(0, 1, 0), normalize(Vec3(1, -2, 0.5)), normalize(Vec3(-3, 1, 2))] {
            let factors: [Float] = [1, n.y, n.z, n.x, n.x * n.y, n.y * n.z, n.z * n.z, n.x * n.z, n.x * n.x - n.y * n.y]
            let sum = zip(t, factors).reduce(Vec3.zero) { $0 + $1.0 * $1.1 }
            #expect(length(sum - sh.evaluate(n)) < 1e-5, "along \(n)")
        }
    }
}
