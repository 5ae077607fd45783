#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An App Clip experience: a registered URL (used as a prefix) and what the card says.
public struct Experience: Equatable, Sendable {
    /// The registered https URL; invocation URLs under its path resolve to this experience.
    public var url: String
    /// The App Clip card's title.
    public var title: String
    /// The App Clip card's subtitle; empty when there is none.
    public var subtitle: String

    /// An experience registered at `url`, its card saying `title` and `subtitle`.
    public init(url: String, title: String, subtitle: String = "") {
        self.url = url
        self.title = title
        self.subtitle = subtitle
    }
}

/// What an invocation URL asks for: the experience it matched, the product key (the last path
/// component; nil for the bare registered URL) and its query items.
public struct Invocation: Equatable, Sendable {
    /// The invocation URL as given.
    public var url: String
    /// The registered experience whose URL is the longest path prefix of it.
    public var experience: Experience
    /// The last path component, a key of the catalog; nil for the bare registered URL.
    public var productKey: String?
    /// The URL's query items, in order.
    public var queryItems: [QueryItem]

    /// The value of the first query item called `name`; nil when there is none or it has no value.
    public func query(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }
}

/// One `name=value` pair of an invocation URL's query.
public struct QueryItem: Equatable, Sendable {
    /// The item's name, percent-decoded.
    public var name: String
    /// The item's value, percent-decoded; nil when the item has no `=`.
    public var value: String?
}

/// Why an invocation URL was refused; each says what to do.
public enum InvocationError: Error, Equatable, CustomStringConvertible, Sendable {
    case notAURL(String)
    case notHTTPS(String)
    case foreignHost(url: String, host: String, associated: [String])
    case noExperience(String)
    case badProductKey(url: String, key: String, reason: String)
    case unknownProduct(url: String, key: String, known: [String])
    /// The URL carries a user name or password.
    case credentials(String)
    /// The URL names a port (nil: one that is not a valid number); invocation URLs have none.
    case port(url: String, port: Int?)

    /// A URL as messages quote it: at most 200 characters.
    static func short(_ u: String) -> String { u.count > 200 ? String(u.prefix(200)) + "... (\(u.utf8.count) bytes)" : u }

    /// What was refused and why, quoting at most 200 characters of the URL.
    public var description: String {
        switch self {
        case .credentials(let u): return "\(Self.short(u)): invocation URLs carry no user name or password; refused"
        case let .port(u, port):
            return "\(Self.short(u)): invocation URLs name no port" + (port.map { " (got \($0))" } ?? " (got an invalid one)") + "; refused"
        case .notAURL(let u): return "'\(Self.short(u))' is not a URL"
        case .notHTTPS(let u): return "\(Self.short(u)): App Clip invocation URLs are https"
        case let .foreignHost(u, host, associated):
            return "\(Self.short(u)): \(Self.short(host)) is not an associated domain of the Seed Shop (\(associated.joined(separator: ", "))); refused"
        case .noExperience(let u): return "\(Self.short(u)): no App Clip experience is registered for this URL or a prefix of it"
        case let .badProductKey(u, key, reason): return "\(Self.short(u)): product key '\(Self.short(key))' \(reason)"
        case let .unknownProduct(u, key, known): return "\(Self.short(u)): no product '\(Self.short(key))' in the catalog (\(known.joined(separator: ", ")))"
        }
    }
}
