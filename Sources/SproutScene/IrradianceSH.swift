import SproutMath

/// The light an HDR environment sends onto a Lambertian surface of each orientation, as nine
/// spherical-harmonic coefficients (Ramamoorthi and Hanrahan, "An Efficient Representation for
/// Irradiance Environment Maps", 2001): within a few percent of the exact cosine-weighted
/// integral for any environment, exact for a uniform one.
public struct IrradianceSH: Equatable, Sendable {
    /// Nine RGB coefficients, already multiplied by the cosine lobe's factors (pi, 2 pi / 3, pi / 4)
    /// and divided by pi: `evaluate(n)` is the irradiance over pi, in Sprout's light units (a
    /// white Lambert surface facing `n` reflects it).
    public var coefficients: [Vec3]

    /// Harmonics from their nine coefficients (as `coefficients` holds them); traps on another count.
    public init(coefficients: [Vec3]) {
        precondition(coefficients.count == 9, "IrradianceSH: nine coefficients")
        self.coefficients = coefficients
    }

    /// The real spherical harmonics of bands 0 to 2 along unit `d` (the usual constants).
    public static func basis(_ d: Vec3) -> [Float] {
        [
            0.282095,
            0.488603 * d.y, 0.488603 * d.z, 0.488603 * d.x,
            1.092548 * d.x * d.y, 1.092548 * d.y * d.z, 0.315392 * (3 * d.z * d.z - 1), 1.092548 * d.x * d.z, 0.546274 * (d.x * d.x - d.y * d.y)
        ]
    }

    /// The irradiance over pi at a surface facing `n` (unit).
    public func evaluate(_ n: Vec3) -> Vec3 {
        zip(Self.basis(n), coefficients).reduce(Vec3.zero) { $0 + $1.1 * $1.0 }
    }

    /// Projects `environment` (its intensity and rotation applied), each pixel weighted by the
    /// solid angle it covers; a small image's pixels are cut into sub-cells (at least 64 rows
    /// and 128 columns in all), so the sum stays close to the integral.
    public init(_ environment: EnvironmentLight) {
        let image = environment.image
        var sums = [Vec3](repeating: .zero, count: 9)
        let c = cos(environment.rotation), s = sin(environment.rotation)
        let rowCuts = max(1, (64 + image.height - 1) / image.height), columnCuts = max(1, (128 + image.width - 1) / image.width)
        let rows = image.height * rowCuts, columns = image.width * columnCuts
        let dPhi = 2 * Float.pi / Float(columns)
        for row in 0..<rows {
            let top = Float(row) / Float(rows) * .pi, bottom = Float(row + 1) / Float(rows) * .pi
            let theta = (top + bottom) / 2
            let sinTheta = sin(theta), cosTheta = cos(theta)
            let weight = dPhi * (cos(top) - cos(bottom)) * environment.intensity
            let y = row / rowCuts
            for column in 0..<columns {
                // HDRImage's direction of this cell (u = 0.5 + atan2(z, x) / 2 pi), then turned into the world by the rotation.
                let phi = ((Float(column) + 0.5) / Float(columns) - 0.5) * 2 * .pi
                let e = Vec3(sinTheta * cos(phi), cosTheta, sinTheta * sin(phi))
                let d = Vec3(c * e.x + s * e.z, e.y, -s * e.x + c * e.z)
                let i = (y * image.width + column / columnCuts) * 3
                let radiance = Vec3(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) * weight
                for (k, b) in Self.basis(d).enumerated() { sums[k] += radiance * b }
            }
        }
        coefficients = Self.convolved(sums)
    }

    /// Projects a cube map of linear radiance: `faces` in GL's order (+X, -X, +Y, -Y, +Z, -Z),
    /// each `side` x `side` texels of four floats (RGBA, alpha ignored), rows from t = 0 as GL
    /// reads them back. Each texel weighs its solid angle, exactly (the area of its square seen
    /// from the cube's centre), so a uniform cube gives its radiance everywhere to float precision.
    public init(cubeFaces faces: [[Float]], side: Int) {
        precondition(faces.count == 6 && faces.allSatisfy { $0.count == side * side * 4 }, "IrradianceSH: six faces of side x side RGBA texels")
        var sums = [Vec3](repeating: .zero, count: 9)
        let step = 2 / Float(side)
        for (face, texels) in faces.enumerated() {
            for y in 0..<side {
                let t0 = Float(y) * step - 1, tc = t0 + step / 2
                for x in 0..<side {
                    let s0 = Float(x) * step - 1, sc = s0 + step / 2
                    let weight =
                        Self.cornerAngle(s0 + step, t0 + step) - Self.cornerAngle(s0, t0 + step)
                        - Self.cornerAngle(s0 + step, t0) + Self.cornerAngle(s0, t0)
                    let d = normalize(Self.cubeDirection(face: face, s: sc, t: tc))
                    let i = (y * side + x) * 4
                    let radiance = Vec3(Self.finite(texels[i]), Self.finite(texels[i + 1]), Self.finite(texels[i + 2])) * weight
                    for (k, b) in Self.basis(d).enumerated() { sums[k] += radiance * b }
                }
            }
        }
        coefficients = Self.convolved(sums)
    }

    /// A texel's radiance as a half float can hold it: NaN as none, past the largest (65,504,
    /// IEEE 754 binary16) as the largest, so that one broken texel cannot make every harmonic
    /// infinite or NaN.
    private static func finite(_ value: Float) -> Float {
        value.isNaN ? 0 : min(max(value, 0), 65_504)
    }

    /// The radiance's projections times the clamped cosine's bands over pi: 1, 2/3, 1/4.
    private static func convolved(_ sums: [Vec3]) -> [Vec3] {
        let band: [Float] = [1, 2.0 / 3, 2.0 / 3, 2.0 / 3, 0.25, 0.25, 0.25, 0.25, 0.25]
        return zip(sums, band).map { $0 * $1 }
    }

    /// The direction through face coordinates (`s`, `t`) in -1...1 of cube face `face`, GL's
    /// table (OpenGL 4.5, 8.13 "Cube Map Texture Selection", read backwards).
    static func cubeDirection(face: Int, s: Float, t: Float) -> Vec3 {
        switch face {
        case 0: Vec3(1, -t, -s)
        case 1: Vec3(-1, -t, s)
        case 2: Vec3(s, 1, t)
        case 3: Vec3(s, -1, -t)
        case 4: Vec3(s, -t, 1)
        default: Vec3(-s, -t, -1)
        }
    }

    /// The solid angle of the part of a face between its centre's axes and (`s`, `t`), signed
    /// (the texel's is four of these; the standard atan form of the projected-area integral).
    private static func cornerAngle(_ s: Float, _ t: Float) -> Float {
        atan2(s * t, (s * s + t * t + 1).squareRoot())
    }

    /// The nine coefficients as the lit shader sums them (lit-inputs.glsl's `shBand1`, `shBand2`):
    /// each times its basis function's constant, so irradiance over pi along unit `d` is
    /// `t0 + (t1 y + t2 z + t3 x) + (t4 xy + t5 yz + t6 (3 z^2 - 1) + t7 xz + t8 (x^2 - y^2))`, band
    /// by band. Uniforms and constants compiled in take the same values, so both give the same
    /// pixels.
    public var shaderTerms: [Vec3] {
        let c = coefficients
        return [
            c[0] * 0.282095,
            c[1] * 0.488603, c[2] * 0.488603, c[3] * 0.488603,
            c[4] * 1.092548, c[5] * 1.092548, c[6] * 0.315392, c[7] * 1.092548, c[8] * 0.546274
        ]
    }

    /// How much more of bands 1 and 2 a rough reflection keeps than the irradiance does: the
    /// zonal harmonics of the GGX lobe (glTF's D, alpha = roughness squared) as the split sum's
    /// prefilter weighs the light around the reflection (D(h) n.l, with n = v = r; Karis 2013),
    /// over the clamped cosine's (2/3, 1/4). A fit in u = 1 - roughness, exact at roughness 1
    /// (where the lobe is the cosine, so the reflection is the irradiance) and within 0.005 of
    /// the integral from 0.5 up; lit-inputs.glsl's `reflectionSH` has the same numbers.
    public static func reflectionBandScales(roughness: Float) -> (band1: Float, band2: Float) {
        let u = 1 - roughness
        return (1 + u * (0.33574 + 0.54451 * u), 1 + u * (1.4766 + 3.66311 * u))
    }

    /// The light a rough surface reflects along unit `r` (the GGX-prefiltered radiance of the
    /// environment's first three bands): for roughness from about 0.5 up, where the lobe is wide
    /// enough for nine harmonics.
    public func reflection(along r: Vec3, roughness: Float) -> Vec3 {
        let scales = Self.reflectionBandScales(roughness: roughness)
        let factors = Self.basis(r)
        var sum = coefficients[0] * factors[0]
        for k in 1..<4 { sum += coefficients[k] * (factors[k] * scales.band1) }
        for k in 4..<9 { sum += coefficients[k] * (factors[k] * scales.band2) }
        return sum
    }
}
