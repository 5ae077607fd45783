import SproutDocument
import SproutFiles
import SproutSession
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A plant the Seed Shop sells: its model at real size, its seed packet, and what the packet
/// says. Paths are relative to the catalog's folder (`Assets/`) and may not leave it.
public struct Product: Equatable, Sendable {
    /// The product key, the last path component of its invocation URL (`sunfl`): letters, digits, '-' and '_'.
    public var key: String
    /// The plant's name, as the catalog text lists it.
    public var name: String
    /// A path inside the catalog's folder, or an http(s) URL.
    public var modelPath: String
    /// The seed packet's picture: a path inside the catalog's folder, or an http(s) URL.
    public var packetPath: String

    /// Where to load the model from, as a URL for the caching loader.
    public var modelURL: String { modelPath.contains("://") ? modelPath : "file://" + modelPath }
    /// Printed width of the packet, metres (AC ProductKeyProcessing: 0.08).
    public var packetWidth: Float
    /// Mature height, metres.
    public var height: Float
    /// The plane alignments the plant accepts when placed (catalog `alignment`, default
    /// horizontal, as every model but the sample's wall objects).
    public var allowedAlignments: Set<PlaneAlignment> = [.horizontal]
    /// Bytes the model's download takes in simulated time (catalog `bytes`; by default the local
    /// file's size, or `assumedDownloadBytes` for a URL).
    public var downloadBytes: Int = Product.assumedDownloadBytes
    /// The size a model at a URL is taken to have when the catalog does not say: half a megabyte.
    public static let assumedDownloadBytes = 500_000

    /// The model file's name without its folder and extension (`sunflower`), which scripts and
    /// scenes may use in place of the key.
    public var modelStem: String { Document.stem(of: modelPath) }
}

/// The Seed Shop's catalog file: associated domains, App Clip experiences, the test URL used
/// when a code cannot be decoded (AC `useTestURL`), and the products by key.
public struct Catalog: Sendable {
    /// AC: the reference image is 8 cm wide unless stated.
    public static let defaultPacketWidth: Float = 0.08

    /// The associated domains and App Clip experiences invocation URLs are resolved against.
    public var registry: ExperienceRegistry
    /// AC `testAppClipCodeURL`: used when a code cannot be decoded; nil when the catalog names none.
    public var testURL: String?
    /// The products in catalog order; their keys are unique.
    public var products: [Product]
    /// The catalog file's path, for messages.
    public var source: String

    /// The product whose key is `key`, or nil.
    public func product(_ key: String) -> Product? { products.first { $0.key == key } }
    /// A product by key or by its model's file stem (`sunfl` or `sunflower`).
    public func product(named name: String) -> Product? { product(name) ?? products.first { $0.modelStem == name } }
    /// Every product key, in catalog order.
    public var keys: [String] { products.map(\.key) }

    /// Resolves an invocation URL against the experiences and the product keys.
    public func resolve(_ url: String) throws(InvocationError) -> Invocation {
        try registry.resolve(url, productKeys: keys)
    }

    /// Reads a catalog file (YAML or JSON); throws with the file, line, field and reason when
    /// something is missing or malformed, names a file outside the catalog's folder, or when
    /// `testURL` does not resolve.
    public static func load(path: String) throws(DocumentError) -> Catalog {
        let root = try Document.load(path: path)
        let folder = Document.folder(of: path)
        let o = try root.object(allowing: ["associatedDomains", "testURL", "experiences", "products"])
        var domains: [String] = []
        for d in try o.required("associatedDomains").array() {
            let host = try d.string()
            guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
                throw d.error("must be a host name such as seedshop.example, got '\(host)'")
            }
            domains.append(host)
        }
        var experiences: [Experience] = []
        for e in try o.required("experiences").array() {
            let x = try e.object(allowing: ["url", "title", "subtitle"])
            let urlField = try x.required("url")
            let url = try urlField.string()
            guard let c = URLComponents(string: url), c.scheme == "https", let host = c.host?.lowercased(), domains.contains(host) else {
                throw urlField.error("must be an https URL on one of the associated domains (\(domains.joined(separator: ", "))), got '\(url)'")
            }
            experiences.append(
                Experience(
                    url: url, title: try x.required("title").string(),
                    subtitle: try x.read("subtitle", default: "") { v throws(DocumentError) in try v.string() }))
        }
        var products: [Product] = []
        for p in try o.required("products").array() {
            let x = try p.object(allowing: ["key", "name", "model", "packet", "width", "height", "alignment", "bytes"])
            let keyField = try x.required("key")
            let key = try keyField.string()
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw keyField.error("a product key is letters, digits, '-' and '_', got '\(key)'")
            }
            guard !products.contains(where: { $0.key == key }) else { throw keyField.error("the key '\(key)' is already used") }
            let width = try x.read("width", default: Double(defaultPacketWidth)) { v throws(DocumentError) in try v.double() }
            let height = try x.required("height").double()
            guard width > 0 && width <= 1 else { throw try x.required("width").error("must lie in (0, 1] metres, got \(width)") }
            guard height > 0 && height <= 100 else { throw try x.required("height").error("must lie in (0, 100] metres, got \(height)") }
            let modelPath = try asset(x.required("model"), in: folder)
            let bytes = try x.optional("bytes").map { v throws(DocumentError) in Int(try v.rangedDouble(0...1e10)) } ?? fileSize(modelPath)
            products.append(
                Product(
                    key: key, name: try x.required("name").string(),
                    modelPath: modelPath, packetPath: try asset(x.required("packet"), in: folder),
                    packetWidth: Float(width), height: Float(height),
                    allowedAlignments: try x.read("alignment", default: [.horizontal]) { v throws(DocumentError) in try PlaneAlignment.allowed(v) },
                    downloadBytes: bytes))
        }
        let testURL = try o.optional("testURL")?.string()
        let catalog = Catalog(
            registry: ExperienceRegistry(associatedDomains: domains, experiences: experiences), testURL: testURL,
            products: products, source: path)
        if let testURL, let field = o.optional("testURL") {
            do { _ = try catalog.resolve(testURL) } catch { throw field.error("does not resolve: \(error)") }
        }
        return catalog
    }

    /// A local model's size in bytes; a URL's is assumed (`Product.assumedDownloadBytes`).
    static func fileSize(_ path: String) -> Int {
        guard !path.contains("://"), let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] else {
            return Product.assumedDownloadBytes
        }
        if let n = size as? Int { return n }
        if let n = size as? UInt64 { return Int(clamping: n) }
        if let n = size as? Int64 { return Int(clamping: n) }
        return Product.assumedDownloadBytes
    }

    /// A file inside the catalog's folder (relative, no `..`, existing), or an http(s) URL that
    /// the caching loader fetches.
    static func asset(_ v: DocumentValue, in folder: String) throws(DocumentError) -> String {
        let relative = try v.string()
        if relative.hasPrefix("https://") || relative.hasPrefix("http://") {
            guard let c = URLComponents(string: relative), c.host?.isEmpty == false else { throw v.error("is not a valid URL: '\(relative)'") }
            return relative
        }
        switch ConfinedPath.resolve(relative, in: folder) {
        case .success(let path): return path
        case .failure(.notRelative): throw v.error("must be a path inside \(folder) without '..', got '\(relative.prefix(200))'")
        case .failure(.missing(let path)): throw v.error("\(path) does not exist")
        case .failure(.leavesFolder(let path)): throw v.error("\(path) is a link that leaves \(folder); refused, not read")
        }
    }
}
