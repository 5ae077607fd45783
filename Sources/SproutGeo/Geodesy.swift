import RealModule
import SproutSession

/// A point on the Earth: WGS-84 latitude and longitude in degrees, height in metres above the
/// ellipsoid.
public struct GeoCoordinate: Equatable, Sendable {
    /// Degrees, -90 (south) ... 90 (north).
    public var latitude: Double
    /// Degrees, -180 ... 180, positive east of Greenwich.
    public var longitude: Double
    /// Metres above the WGS-84 ellipsoid.
    public var altitude: Double

    /// A point at `latitude` and `longitude` in degrees, `altitude` metres above the ellipsoid (default 0).
    public init(latitude: Double, longitude: Double, altitude: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

/// The WGS-84 ellipsoid (NIMA TR8350.2): geodetic <-> Earth-centred Earth-fixed, and the
/// ellipsoidal distance between two points (Vincenty's inverse formula).
public enum WGS84 {
    /// Equatorial radius a, metres (TR8350.2).
    public static let semiMajorAxis = 6_378_137.0
    /// Flattening f = (a - b) / a (TR8350.2).
    public static let flattening = 1 / 298.257223563
    /// Polar radius b = a (1 - f), metres.
    public static var semiMinorAxis: Double { semiMajorAxis * (1 - flattening) }
    /// First eccentricity squared.
    public static var e2: Double { flattening * (2 - flattening) }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// Earth-centred, Earth-fixed metres.
    public static func ecef(_ c: GeoCoordinate) -> SIMD3<Double> {
        let phi = radians(c.latitude), lambda = radians(c.longitude)
        let sinPhi = Double.sin(phi), cosPhi = Double.cos(phi)
        let n = semiMajorAxis / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return SIMD3(
            (n + c.altitude) * cosPhi * Double.cos(lambda),
            (n + c.altitude) * cosPhi * Double.sin(lambda),
            (n * (1 - e2) + c.altitude) * sinPhi)
    }

    /// Geodetic from ECEF, iterating on the latitude (sub-millimetre after a few steps anywhere
    /// near the surface).
    public static func geodetic(_ p: SIMD3<Double>) -> GeoCoordinate {
        let lambda = Double.atan2(y: p.y, x: p.x)
        let r = (p.x * p.x + p.y * p.y).squareRoot()
        var phi = Double.atan2(y: p.z, x: r * (1 - e2))
        var h = 0.0
        for _ in 0..<8 {
            let sinPhi = Double.sin(phi)
            let n = semiMajorAxis / (1 - e2 * sinPhi * sinPhi).squareRoot()
            h = r / Double.cos(phi) - n
            phi = Double.atan2(y: p.z, x: r * (1 - e2 * n / (n + h)))
        }
        return GeoCoordinate(latitude: degrees(phi), longitude: degrees(lambda), altitude: h)
    }

    /// Vincenty's inverse formula: metres along the ellipsoid between two points (heights
    /// ignored); nil when it does not converge (nearly antipodal points).
    public static func distance(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Double? {
        let f = flattening, bAxis = semiMinorAxis, aAxis = semiMajorAxis
        let l = radians(b.longitude - a.longitude)
        let u1 = Double.atan((1 - f) * Double.tan(radians(a.latitude)))
        let u2 = Double.atan((1 - f) * Double.tan(radians(b.latitude)))
        let sinU1 = Double.sin(u1), cosU1 = Double.cos(u1), sinU2 = Double.sin(u2), cosU2 = Double.cos(u2)
        var lambda = l
        for _ in 0..<200 {
            let sinL = Double.sin(lambda), cosL = Double.cos(lambda)
            let sinSigma = ((cosU2 * sinL) * (cosU2 * sinL) + (cosU1 * sinU2 - sinU1 * cosU2 * cosL) * (cosU1 * sinU2 - sinU1 * cosU2 * cosL)).squareRoot()
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosL
            let sigma = Double.atan2(y: sinSigma, x: cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinL / sinSigma
            let cos2Alpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cos2Alpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cos2Alpha : 0
            let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let previous = lambda
            lambda = l + (1 - c) * f * sinAlpha * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let u2s = cos2Alpha * (aAxis * aAxis - bAxis * bAxis) / (bAxis * bAxis)
                let bigA = 1 + u2s / 16384 * (4096 + u2s * (-768 + u2s * (320 - 175 * u2s)))
                let bigB = u2s / 1024 * (256 + u2s * (-128 + u2s * (74 - 47 * u2s)))
                let deltaSigma =
                    bigB * sinSigma
                    * (cos2SigmaM + bigB / 4
                        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                            - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return bAxis * bigA * (sigma - deltaSigma)
            }
        }
        return nil
    }
}

/// The stage's local frame on the Earth: East-North-Up at the geographic origin, turned so the
/// stage's -Z points along `heading` (degrees clockwise from true north) and +Y is up.
public struct LocalGeoFrame: Sendable {
    /// The stage origin on the Earth: (0, 0, 0) in East-North-Up and in stage coordinates.
    public let origin: GeoCoordinate
    /// Radians.
    public let heading: Double
    private let originECEF: SIMD3<Double>
    private let east: SIMD3<Double>, north: SIMD3<Double>, up: SIMD3<Double>

    /// The frame of a stage's geographic origin (its heading turned from degrees to radians).
    public init(origin: GeoOrigin) {
        self.origin = GeoCoordinate(latitude: origin.latitude, longitude: origin.longitude, altitude: origin.altitude)
        heading = WGS84.radians(origin.heading)
        originECEF = WGS84.ecef(self.origin)
        let phi = WGS84.radians(origin.latitude), lambda = WGS84.radians(origin.longitude)
        east = SIMD3(-Double.sin(lambda), Double.cos(lambda), 0)
        north = SIMD3(-Double.sin(phi) * Double.cos(lambda), -Double.sin(phi) * Double.sin(lambda), Double.cos(phi))
        up = SIMD3(Double.cos(phi) * Double.cos(lambda), Double.cos(phi) * Double.sin(lambda), Double.sin(phi))
    }

    /// East, north, up metres of a coordinate.
    public func enu(_ c: GeoCoordinate) -> SIMD3<Double> {
        let d = WGS84.ecef(c) - originECEF
        return SIMD3((d * east).sum(), (d * north).sum(), (d * up).sum())
    }

    /// The coordinate of a point given in east, north, up metres: the inverse of `enu(_:)`.
    public func coordinate(enu v: SIMD3<Double>) -> GeoCoordinate {
        WGS84.geodetic(originECEF + east * v.x + north * v.y + up * v.z)
    }

    /// Stage coordinates (x right of the heading, y up, -z along the heading) of a coordinate.
    public func stagePosition(_ c: GeoCoordinate) -> SIMD3<Double> {
        let v = enu(c)
        let sinH = Double.sin(heading), cosH = Double.cos(heading)
        // forward (-z) = east sin h + north cos h; right (+x) = east cos h - north sin h.
        let forward = v.x * sinH + v.y * cosH, right = v.x * cosH - v.y * sinH
        return SIMD3(right, v.z, -forward)
    }

    /// The coordinate of a stage position in metres (-z along the heading, +y up): the inverse
    /// of `stagePosition(_:)`.
    public func coordinate(stage p: SIMD3<Double>) -> GeoCoordinate {
        let sinH = Double.sin(heading), cosH = Double.cos(heading)
        let right = p.x, forward = -p.z
        return coordinate(enu: SIMD3(right * cosH + forward * sinH, -right * sinH + forward * cosH, p.y))
    }
}
