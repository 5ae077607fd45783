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

    public var description: String {
        switch self {
        case .notAURL(let u): return "'\(u)' is not a URL"
        case .notHTTPS(let u): return "\(u): App Clip invocation URLs are https"
        case let .foreignHost(u, host, associated):
            return "\(u): \(host) is not an associated domain of the Seed Shop (\(associated.joined(separator: ", "))); refused"
        case .noExperience(let u): return "\(u): no App Clip experience is registered for this URL or a prefix of it"
        case let .badProductKey(u, key, reason): return "\(u): product key '\(key)' \(reason)"
        case let .unknownProduct(u, key, known): return "\(u): no product '\(key)' in the catalog (\(known.joined(separator: ", ")))"
        }
    }
}
