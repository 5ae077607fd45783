import SproutInteraction
import SproutMath
import SproutScene
import SproutSession

/// The Seed Shop's AR flow (seed 000; spec section 2) over the simulated session: scan the App
/// Clip Code on a seed packet, resolve its URL to a product, learn the packet as a reference
/// image, and when the packet is recognised grow the plant on it, at its real size, where the
/// user can then drag and twist it like any placed object.
public final class SeedShopFlow {
    /// AppClipCodeCoachingOverlayView: the first coaching text.
    public static let scanText = "Scan code to start"
    /// ProductKeyProcessing L51-54: set and shown 500 ms after the packet became a reference
    /// image, whether or not the packet was recognised meanwhile.
    public static let viewPacketText = "View the seed packet."
    /// Seconds from learning the packet to showing `viewPacketText` (ProductKeyProcessing L51-54: 500 ms).
    public static let viewPacketDelay = 0.5
    /// ViewController.swift L110, when the test URL is not used.
    public static let decodingFailureText = "Decoding failure. Trying scanning a code again."
    /// ProductKeyProcessing L80.
    public static let modelErrorText = "Error initializing the model"

    /// The info label while a model loads (ProductKeyProcessing L84-90): whole percent, rounded
    /// down; nil once complete (the label hides).
    public static func progressText(_ fraction: Double) -> String? {
        fraction < 1 ? "Loading your preview\n \(Int(fraction * 100))%" : nil
    }
    /// Utilities.swift present(on:): 3 s from 1/1000 of the size, turning half a turn.
    public static let growDuration = 3.0
    /// The plant's scale when it appears; it grows to 1 over `growDuration` (Utilities.swift: 1/1000).
    public static let growStartScale: Float = 0.001
    /// Not given by the sample (RealityKit's default for `move(to:duration:)`): ease in and out.
    public static let growTiming = TimingFunction.easeInEaseOut

    /// The engine whose session and scene the flow drives; presented plants become its objects.
    public let engine: InteractionEngine
    /// The products, experiences and test URL that invocations and codes are resolved against.
    public let catalog: Catalog
    /// AC `useTestURL`: a code that cannot be decoded falls back to the catalog's test URL once.
    public var useTestURL = true
    /// Whether a code that could not be decoded was taken as the test URL (AC ViewController L100-107).
    public private(set) var usedTestURL = false
    /// The coaching label: its text and whether it is shown.
    public private(set) var coachingText = SeedShopFlow.scanText
    /// Whether the coaching label is shown: at the start, until a code or packet is seen, and
    /// again with `viewPacketText`.
    public private(set) var isCoachingVisible = true
    /// The info label (errors, loading progress), empty when hidden.
    public private(set) var infoText = ""
    /// URLs already handled, in order (never removed: each product is processed once per run).
    public private(set) var decodedURLs: [String] = []
    /// Plants presented, by product key.
    public private(set) var presented: [String: VirtualObject] = [:]

    private let loadModel: (Product) throws -> Entity
    private var models: [String: Entity] = [:]
    private var pendingHintAt: Double?
    /// AC `imageAnchorFor`: an entity on each recognised packet, which its plant hangs under.
    public private(set) var anchorEntities: [String: AnchorEntity] = [:]

    /// - Parameter loadModel: builds a product's model (the caller's importer and cache).
    public init(engine: InteractionEngine, catalog: Catalog, loadModel: @escaping (Product) throws -> Entity) {
        self.engine = engine
        self.catalog = catalog
        self.loadModel = loadModel
    }

    /// AC runARSession, first run: world tracking with code tracking on; then the launch URL,
    /// when there is one, as the first invocation.
    public func start(launchURL: String? = nil) {
        var configuration = engine.session.configuration ?? .worldTracking
        configuration.isCodeTrackingEnabled = true
        engine.session.run(configuration)
        if let launchURL { invoke(launchURL) }
    }

    /// One invocation and what the flow did with it, in the order they came.
    public struct InvocationRecord: Equatable, Sendable {
        /// The invocation URL as given.
        public var url: String
        /// `preloaded KEY` (the first launch: AC viewDidLoad pre-loads without presenting),
        /// `switched to KEY` (a later one: pre-loaded, its packet learnt), `catalog` (the bare
        /// registered URL), or `refused: REASON`.
        public var outcome: String
        /// Seconds of session time when it came.
        public var time: Double
    }

    /// Every invocation handled, first launch included.
    public private(set) var invocations: [InvocationRecord] = []
    /// Called with each invocation's URL before the flow changes anything (seed 004: "persist
    /// any unsaved data in case the user switches"): save the launch state here (`LaunchState`;
    /// `sprout open` saves it before the flow starts). A failure is shown in the info label and
    /// the invocation still proceeds.
    public var persist: ((String) throws -> Void)?

    /// The info label's text for the bare registered URL: the catalog's products, two lines.
    public var catalogText: String {
        let names = catalog.products.map(\.name)
        let half = (names.count + 1) / 2
        return names.prefix(half).joined(separator: ", ") + "\n" + names.dropFirst(half).joined(separator: ", ")
    }

    /// An invocation URL while the flow runs (seed 004: the clip updates its UI to each new
    /// URL's context). A product URL pre-loads its model; after the first launch it also learns
    /// the product's packet as a reference image, so looking at that packet grows its plant. The
    /// bare registered URL, which must always be handled, shows the catalog's products in the
    /// info label (any packet's code then starts its product). A refused URL says why there.
    public func invoke(_ url: String) {
        let first = invocations.isEmpty
        func record(_ outcome: String) { invocations.append(InvocationRecord(url: url, outcome: outcome, time: engine.session.time)) }
        var unsaved: String?
        do { try persist?(url) } catch { unsaved = "\(error)" }
        defer { if let unsaved { infoText = unsaved } }   // the failure to save outlasts what follows
        let invocation: Invocation
        do { invocation = try catalog.resolve(url) } catch {
            infoText = "\(error)"
            record("refused: \(error)")
            return
        }
        guard let key = invocation.productKey, let product = catalog.product(key) else {
            infoText = catalogText
            record("catalog")
            return
        }
        if first {
            // AC viewDidLoad: process(productKey:initializePreview: false) only pre-caches: the
            // download runs without handlers (no progress text, nothing presented).
            download(product, preview: false)
            record("preloaded \(key)")
            return
        }
        infoText = ""
        download(product, preview: true)
        learnPacket(of: product)
        present(key)
        record("switched to \(key)")
    }

    /// AC runARSession(withAdditionalReferenceImages:): the packet joins the reference images
    /// (re-run without reset); "View the seed packet." follows 500 ms later.
    private func learnPacket(of product: Product) {
        var configuration = engine.session.configuration ?? .worldTracking
        if !configuration.detectionImages.contains(where: { $0.name == product.key }) {
            configuration.detectionImages.append(ReferenceImage(name: product.key, physicalWidth: product.packetWidth))
            engine.session.run(configuration)
        }
        pendingHintAt = engine.session.time + Self.viewPacketDelay
    }

    /// After each `engine.update`: reacts to the frame's anchor events, then timers.
    public func handle(_ frame: Frame) {
        for event in frame.events {
            switch event {
            case .added(_ as CodeAnchor):
                isCoachingVisible = false
            case .updated(let code as CodeAnchor):
                decodingChanged(code)
            case .added(let image as ImageAnchor):
                // AC session(_:didAdd:) L70-87: hide the label, pin an entity to the packet, present.
                isCoachingVisible = false
                let entity = AnchorEntity(anchor: image)
                engine.scene.addChild(entity)
                anchorEntities[image.name] = entity
                present(image.name)
            case .removed(let image as ImageAnchor):
                anchorEntities.removeValue(forKey: image.name)?.removeFromParent()
            default:
                break
            }
        }
        if let at = pendingHintAt, hasReached(frame.timestamp, at) {
            pendingHintAt = nil
            // ProductKeyProcessing L51-54: the timer sets the text and shows the label
            // unconditionally. The image anchor's arrival hides the label only when it happens
            // (ViewController.swift L70-87), so a packet recognised within the half second is
            // followed by the hint, which then stays over the growing plant, as in the sample.
            coachingText = Self.viewPacketText
            isCoachingVisible = true
        }
    }

    /// AC session(_:didUpdate:): decoded URLs are processed once; failures fall back to the test URL once.
    private func decodingChanged(_ code: CodeAnchor) {
        switch code.urlDecodingState {
        case .decoding:
            break
        case .decoded(let url):
            guard !decodedURLs.contains(url) else { return }
            decodedURLs.append(url)
            process(url)
        case .failed:
            if useTestURL, let test = catalog.testURL {
                guard !decodedURLs.contains(test) else { return }
                decodedURLs.append(test)
                usedTestURL = true
                process(test)
            } else {
                infoText = Self.decodingFailureText
            }
        }
    }

    /// AC process(productKey:): load the model, learn the packet as a reference image (re-run
    /// without reset, union with the images already there), hint after 0.5 s.
    public func process(_ url: String) {
        let product: Product
        do {
            let invocation = try catalog.resolve(url)
            guard let key = invocation.productKey, let p = catalog.product(key) else { return }
            product = p
        } catch {
            infoText = "\(error)"
            return
        }
        download(product, preview: true)
        learnPacket(of: product)
        present(product.key)
    }

    /// AC process(productKey:) L64-90 over the engine's `SimulatedLoader`: the model downloads
    /// (`Product.downloadBytes` over the session's network link; a product already loaded is
    /// at hand at once, as `CachedWebLoad.start` finds the file). With `preview`, each frame's
    /// progress shows "Loading your preview\n NN%" in the info label until it reaches 1, and
    /// the loaded model is presented if its packet is already recognised (L74-79); a model that
    /// cannot be built shows "Error initializing the model" (L80).
    private func download(_ product: Product, preview: Bool) {
        let key = product.key
        guard models[key] == nil, !failedKeys.contains(key) else { return }
        let progress: ((Double) -> Void)? =
            preview
            ? { [unowned self] fraction in
                self.infoText = Self.progressText(fraction) ?? ""
            } : nil
        engine.loader.load(key, bytes: product.downloadBytes, at: engine.session.time, progress: progress) { [unowned self] in
            if self.models[key] == nil, !self.failedKeys.contains(key) {
                do { self.models[key] = try self.loadModel(product) } catch {
                    self.failedKeys.insert(key)
                    self.modelError = "\(error)"
                }
            }
            guard preview else { return }
            if self.failedKeys.contains(key) { self.infoText = Self.modelErrorText } else { self.present(key) }
        }
    }

    /// Product keys whose model could not be built (tried once a run, as AC keeps `modelFor` unset).
    private var failedKeys: Set<String> = []
    /// Why the last model could not be built, for messages beyond the sample's text.
    public private(set) var modelError: String?

    /// AC present(on:): the plant a child of the packet's anchor entity, at its origin (the
    /// packet's centre, upright along the packet's normal, with its heading), growing from 1/1000
    /// to its real size over 3 s while turning half a turn; it rides the packet when the packet
    /// moves, and can be dragged and twisted like any placed object.
    private func present(_ key: String) {
        guard presented[key] == nil, let model = models[key], let parent = anchorEntities[key] else { return }
        isCoachingVisible = false
        let object = VirtualObject(name: key, model: model, allowedAlignments: catalog.product(key)?.allowedAlignments ?? [.horizontal])
        parent.addChild(object)
        let final = Transform.identity
        var start = final
        start.scale = Vec3(repeating: Self.growStartScale)
        start.rotation = Quaternion(angle: .pi, axis: .unitY)
        object.transform = start
        engine.adopt(object)
        engine.scene.animate(object, to: final, duration: Self.growDuration, timing: Self.growTiming)
        presented[key] = object
    }
}
