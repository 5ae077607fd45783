#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An App Clip experience: a registered URL (used as a prefix) and what the card says.
public struct Experience: Equatable, Sendable {
    public var url: String
    public var title: String
    public var subtitle: String

    public init(url: String, title: String, subtitle: String = "") {
        self.url = url
        self.title = title
        self.subtitle = subtitle
    }
}

/// What an invocation URL asks for: the experience it matched, the product key (the last path
/// component; nil for the bare registered URL) and its query items.
public struct Invocation: Equatable, Sendable {
    public var url: String
    public var experience: Experience
    public var productKey: String?
    public var queryItems: [QueryItem]

    public func query(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }
}

/// One `name=value` pair of an invocation URL's query.
public struct QueryItem: Equatable, Sendable {
    public var name: String
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

    public var description: String {
        switch self {
        case .credentials(let u): return "\(Self.short(u)): invocation URLs carry no user name or password; refused"
        case let .port(u, port): return "\(Self.short(u)): invocation URLs name no port" + (port.map { " (got \($0))" } ?? " (got an invalid one)") + "; refused"
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
