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
        // The clamped cosine's bands over pi: 1, 2/3, 1/4.
        let band: [Float] = [1, 2.0 / 3, 2.0 / 3, 2.0 / 3, 0.25, 0.25, 0.25, 0.25, 0.25]
        coefficients = zip(sums, band).map { $0 * $1 }
    }
}
