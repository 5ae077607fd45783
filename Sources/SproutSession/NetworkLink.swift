import SproutDocument
import SproutScene

/// How fast the simulated network is: what a download of models or pictures costs in simulated
/// time (a stage's or a script's `network: { bandwidth, latency }`). The sample loads on a
/// background queue and shows its progress (AC ProductKeyProcessing L84-90, `CachingWebLoader`
/// L64-73); here a download's progress is a function of the session's time, the same every run.
public struct NetworkLink: Equatable, Sendable {
    /// Bytes a second once the first byte has come (> 0).
    public var bandwidth: Double
    /// Seconds before the first byte (>= 0).
    public var latency: Double

    /// A link of `bandwidth` bytes a second after `latency` seconds.
    public init(bandwidth: Double, latency: Double) {
        precondition(bandwidth > 0 && bandwidth.isFinite && latency >= 0 && latency.isFinite, "NetworkLink: bandwidth > 0, latency >= 0")
        self.bandwidth = bandwidth
        self.latency = latency
    }

    /// A phone on a fair mobile connection: 250 kB/s after 0.1 s, so the Seed Shop's sunflower
    /// (481,796 bytes) takes about 2 s (2.03 s), long enough to see "Loading your preview".
    public static let standard = NetworkLink(bandwidth: 250_000, latency: 0.1)

    /// Seconds a download of `bytes` takes: latency, then the bytes at the bandwidth.
    public func duration(bytes: Int) -> Double { latency + Double(max(bytes, 0)) / bandwidth }

    /// The fraction of `bytes` downloaded `elapsed` seconds after the request, 0...1 (1 exactly
    /// from the first frame at or past the end, the README's time rule).
    public func progress(bytes: Int, elapsed: Double) -> Double {
        if hasReached(elapsed, duration(bytes: bytes)) { return 1 }
        guard bytes > 0 else { return 0 }
        return min(max((elapsed - latency) * bandwidth / Double(bytes), 0), 1)
    }

    /// Reads `{ bandwidth: BYTES_PER_SECOND, latency: SECONDS }` (either may be left out: the
    /// standard link's).
    public static func parse(_ v: DocumentValue) throws(DocumentError) -> NetworkLink {
        let o = try v.object(allowing: ["bandwidth", "latency"])
        let bandwidth = try o.read("bandwidth", default: standard.bandwidth) { v throws(DocumentError) in try v.rangedDouble(1...1e12) }
        let latency = try o.read("latency", default: standard.latency) { v throws(DocumentError) in try v.rangedDouble(0...60) }
        return NetworkLink(bandwidth: bandwidth, latency: latency)
    }
}
