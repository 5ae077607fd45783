import Foundation
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

    /// A texel that is NaN or infinite (a hostile stage's emission past what half floats hold)
    /// counts as none or as the largest half float: the harmonics stay finite.
    @Test func aBrokenTexelLeavesTheHarmonicsFinite() {
        var faces = cube(side: 4) { _ in Vec3(repeating: 0.5) }
        faces[2][0] = .nan
        faces[3][1] = .infinity
        faces[4][2] = -.infinity
        let sh = IrradianceSH(cubeFaces: faces, side: 4)
        #expect(sh.coefficients.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
        #expect(sh.evaluate(Vec3(0, -1, 0)).y > 100)   // the largest half float, seen from below
        #expect(abs(sh.evaluate(Vec3(0, 1, 0)).x - 0.5) < 0.1)
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
        var pixels: [Float] = []
        for y in 0..<height {
            for x in 0..<width {
                // HDRImage's convention: the top row straight up, u = 0.5 + atan2(z, x) / 2 pi.
                let theta: Float = (Float(y) + 0.5) / Float(height) * Float.pi
                let phi: Float = ((Float(x) + 0.5) / Float(width) - 0.5) * 2 * Float.pi
                let c = sky(Vec3(Foundation.sin(theta) * Foundation.cos(phi), Foundation.cos(theta), Foundation.sin(theta) * Foundation.sin(phi)))
                pixels += [c.x, c.y, c.z]
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
            let factors: [Float] = [1, n.y, n.z, n.x, n.x * n.y, n.y * n.z, 3 * n.z * n.z - 1, n.x * n.z, n.x * n.x - n.y * n.y]
            let sum = zip(t, factors).reduce(Vec3.zero) { $0 + $1.0 * $1.1 }
            #expect(length(sum - sh.evaluate(n)) < 1e-5, "along \(n)")
        }
    }

    /// The GGX lobe's share of bands 1 and 2 over the cosine's, integrated here by hand (the
    /// lobe D(h) n.l around r with n = v = r, h halfway, theta_h = theta / 2), against the fit
    /// the shader uses: within 0.005 from roughness 0.5 up, and exactly 1 at roughness 1.
    @Test func theReflectionBandScalesFollowTheGGXLobe() {
        for roughness: Float in [0.5, 0.6, 0.75, 0.9, 1] {
            let a2 = Double(roughness * roughness * roughness * roughness)
            var weight = 0.0, band1 = 0.0, band2 = 0.0
            let steps = 20_000
            for i in 0..<steps {
                let theta = (Double(i) + 0.5) / Double(steps) * .pi / 2
                let cosH = Foundation.cos(theta / 2), c = Foundation.cos(theta)
                let d = a2 / (.pi * Foundation.pow(cosH * cosH * (a2 - 1) + 1, 2))
                let w = d * c * Foundation.sin(theta)
                weight += w
                band1 += w * c
                band2 += w * 0.5 * (3 * c * c - 1)
            }
            let fit = IrradianceSH.reflectionBandScales(roughness: roughness)
            #expect(abs(Double(fit.band1) - band1 / weight / (2.0 / 3)) < 0.005, "band 1 at \(roughness)")
            #expect(abs(Double(fit.band2) - band2 / weight / 0.25) < 0.005, "band 2 at \(roughness)")
        }
        #expect(IrradianceSH.reflectionBandScales(roughness: 1) == (1, 1))
    }

    /// Fully rough, the reflection along r is the irradiance facing r; less rough, a bright
    /// side's light stays nearer its own side (band 1 kept more than the cosine keeps it).
    @Test func aRoughReflectionIsTheIrradianceAndASmootherOneSharper() {
        let sh = IrradianceSH(cubeFaces: cube(side: 8) { d in Vec3(repeating: 1 + 0.5 * d.x) }, side: 8)
        let r = normalize(Vec3(1, 0.3, -0.2))
        #expect(length(sh.reflection(along: r, roughness: 1) - sh.evaluate(r)) < 1e-6)
        let sharper = sh.reflection(along: r, roughness: 0.6).x, exact = 1 + 0.5 * r.x   // the radiance itself, band 1 only
        #expect(sharper > sh.evaluate(r).x)
        #expect(sharper < exact)
    }

    /// Against the GGX-prefiltered light summed texel by texel (each texel's radiance times the
    /// lobe D(h) n.l and its solid angle), on an environment with a broad bright lobe along +X:
    /// the harmonics' reflection at roughness 0.75 is within 7.5 % on average (they drop the
    /// bands past the second, which such a lobe has some of; least light on its dark side), and
    /// fully rough, where the lobe is the cosine and only the cosine's own small bands past the
    /// second are dropped, within 2 %.
    @Test func aRoughReflectionFollowsTheGGXPrefilteredLight() {
        let side = 16
        let radiance = { (d: Vec3) -> Vec3 in Vec3(repeating: 0.3 + 0.2 * d.y + 2 * Foundation.pow(max(d.x, 0), 4)) }
        let faces = cube(side: side, radiance)
        let sh = IrradianceSH(cubeFaces: faces, side: side)
        var texels: [(direction: Vec3, radiance: Float, solidAngle: Float)] = []
        let step = 2 / Float(side)
        for face in 0..<6 {
            for y in 0..<side {
                for x in 0..<side {
                    let s0 = Float(x) * step - 1, t0 = Float(y) * step - 1
                    let corner = { (s: Float, t: Float) -> Float in Foundation.atan2(s * t, (s * s + t * t + 1).squareRoot()) }
                    let angle = corner(s0 + step, t0 + step) - corner(s0, t0 + step) - corner(s0 + step, t0) + corner(s0, t0)
                    let d = normalize(IrradianceSH.cubeDirection(face: face, s: s0 + step / 2, t: t0 + step / 2))
                    texels.append((d, radiance(d).x, angle))
                }
            }
        }
        func prefiltered(_ r: Vec3, roughness: Float) -> Float {
            let a2 = roughness * roughness * roughness * roughness
            var sum: Float = 0, weight: Float = 0
            for texel in texels where dot(texel.direction, r) > 0 {
                let cosH = dot(normalize(texel.direction + r), r)
                let d = a2 / (.pi * (cosH * cosH * (a2 - 1) + 1) * (cosH * cosH * (a2 - 1) + 1))
                let w = d * dot(texel.direction, r) * texel.solidAngle
                sum += w * texel.radiance
                weight += w
            }
            return sum / weight
        }
        let directions = [Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(-1, 0, 0), Vec3(0, 0, 1), normalize(Vec3(0.6, -0.3, 0.8)), normalize(Vec3(-0.5, 0.5, -0.7))]
        for (roughness, bound) in [(Float(0.75), Float(0.075)), (1, 0.02)] {
            let errors = directions.map { r in
                abs(sh.reflection(along: r, roughness: roughness).x - prefiltered(r, roughness: roughness)) / prefiltered(r, roughness: roughness)
            }
            #expect(errors.reduce(0, +) / Float(errors.count) < bound, "at roughness \(roughness): \(errors)")
        }
    }
}
