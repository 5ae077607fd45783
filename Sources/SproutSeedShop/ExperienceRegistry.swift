#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The App Clip experiences and associated domains (seeds 001 and 004): an invocation URL must
/// be https on an associated domain; it is served by the registered experience whose URL is
/// the longest prefix of it (at a path boundary), and the exact registered URL works too.
public struct ExperienceRegistry: Sendable {
    /// Host names invocation URLs may use, lowercased.
    public var associatedDomains: [String]
    /// The registered experiences; each URL is matched as a path prefix.
    public var experiences: [Experience]

    /// A registry of `experiences` on `associatedDomains` (compared case-insensitively).
    public init(associatedDomains: [String], experiences: [Experience]) {
        self.associatedDomains = associatedDomains.map { $0.lowercased() }
        self.experiences = experiences
    }

    /// Resolves `text`; `productKeys` are the catalog's keys (a key must be one of them).
    public func resolve(_ text: String, productKeys: [String]) throws(InvocationError) -> Invocation {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .notAURL(text)
        }
        guard scheme == "https" else { throw .notHTTPS(text) }
        guard let host = components.host?.lowercased(), !host.isEmpty else { throw .notAURL(text) }
        guard associatedDomains.contains(host) else { throw .foreignHost(url: text, host: host, associated: associatedDomains) }
        // The registered experiences have no user, password or port: a URL that adds them is
        // not one of them (and `user:pw@` is a classic way to disguise a host).
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else { throw .credentials(text) }
        if let port = components.port, port != 443 { throw .port(url: text, port: port) }
        if components.port == nil, let authority = text.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first,
            authority.contains(":")
        {
            throw .port(url: text, port: nil)   // a port URLComponents could not read (":99999", ":x")
        }
        // Paths are compared as their raw (still percent-encoded) components: an encoded
        // separator or dot segment never becomes part of a path.
        let segments = Self.segments(components.percentEncodedPath)
        // Dot segments and encoded characters (`..%2F`, `%2e%2e`) are refused outright: a
        // product key is a plain name and never a way to another path.
        if let bad = segments.first(where: { $0 == "." || $0 == ".." || $0.contains("%") || $0.contains("\\") }) {
            throw .badProductKey(url: text, key: bad, reason: "is a dot segment or contains an encoded or escaped character; refused")
        }
        var best: (experience: Experience, length: Int)?
        for experience in experiences {
            guard let registered = URLComponents(string: experience.url), registered.host?.lowercased() == host else { continue }
            let prefix = Self.segments(registered.percentEncodedPath)
            guard prefix.count <= segments.count, Array(segments.prefix(prefix.count)) == prefix else { continue }
            if prefix.count > (best?.length ?? -1) { best = (experience, prefix.count) }
        }
        guard let (experience, length) = best else { throw .noExperience(text) }
        let items = (components.queryItems ?? []).map { QueryItem(name: $0.name, value: $0.value) }
        guard segments.count > length else {
            // The bare registered URL: the experience without a product.
            return Invocation(url: text, experience: experience, productKey: nil, queryItems: items)
        }
        let key = segments[segments.count - 1]
        guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw .badProductKey(url: text, key: key, reason: "may contain only letters, digits, '-' and '_'")
        }
        guard productKeys.contains(key) else { throw .unknownProduct(url: text, key: key, known: productKeys.sorted()) }
        return Invocation(url: text, experience: experience, productKey: key, queryItems: items)
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
