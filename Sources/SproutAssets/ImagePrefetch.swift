import Dispatch
import SproutImage
import SproutScene

/// Images of one import decoded together, on every core, before the materials that name them
/// are made: decoding is most of a textured model's import (the Avocado's three 2,048² PNGs took
/// some 150 ms one after another). Only images whose header declares their size (PNG, JPEG, WebP,
/// KTX 2.0, DDS: `ImageCodec.declaredPixelCount`), and only when together they stay within the
/// import's texture pixels, so that nothing is decoded that the one-by-one path would have
/// stopped short of; otherwise each image is decoded when its material asks for it, as before.
struct ImagePrefetch {
    /// The most pixels one image may declare (`ImageCodec.decode`'s bound).
    let maximumPixels: Int
    /// The most pixels all images together may declare: what is left of the import's budget.
    let pixelBudget: Int
    /// The most encoded bytes held at once: what one model file may be.
    let byteBudget: Int
    /// The images added so far, each with its encoded bytes.
    private var sources: [(reference: String, bytes: [UInt8])] = []
    private var pixelsDeclared = 0, bytesHeld = 0
    /// False once an image took the sources past either budget: nothing is decoded ahead then
    /// (the one-by-one path holds one file at a time and stops where the limits say).
    private(set) var isWithinBudgets = true

    init(maximumPixels: Int, pixelBudget: Int, byteBudget: Int = .max) {
        self.maximumPixels = maximumPixels
        self.pixelBudget = pixelBudget
        self.byteBudget = byteBudget
    }

    /// Adds image `reference`'s encoded `bytes`, counted against the budgets; one whose size
    /// `ImageCodec.declaredPixelCount` cannot read (AVIF) is left out, decoded when asked for.
    mutating func add(_ reference: String, bytes: [UInt8]) {
        guard isWithinBudgets, let declared = ImageCodec.declaredPixelCount(bytes) else { return }
        pixelsDeclared += min(declared, maximumPixels + 1)
        bytesHeld += bytes.count
        guard pixelsDeclared <= pixelBudget, bytesHeld <= byteBudget else {
            isWithinBudgets = false
            sources = []
            return
        }
        sources.append((reference, bytes))
    }

    /// Each added image decoded, or its decoding error, by its reference; empty when fewer than
    /// two were added or a budget was passed.
    func decode() -> [String: Result<Image, any Error>] {
        guard isWithinBudgets, sources.count >= 2 else { return [:] }
        let sources = sources, maximumPixels = maximumPixels, results = ResultSlots(count: sources.count)
        DispatchQueue.concurrentPerform(iterations: sources.count) { k in
            let source = sources[k]
            results.store(Result { try ImageCodec.decode(source.bytes, source: source.reference, maximumPixels: maximumPixels) }, at: k)
        }
        return Dictionary(zip(sources.map(\.reference), results.all), uniquingKeysWith: { first, _ in first })
    }
}

/// One slot a decoding thread fills, each thread its own: memory allocated once, so that no
/// array is copied or checked for uniqueness while threads write to it.
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<Image, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Slot `index`; no two threads write the same slot, and the slots are read after all are done.
    func store(_ result: Result<Image, any Error>, at index: Int) { slots[index] = result }

    /// Every slot, once every thread has stored its result.
    var all: [Result<Image, any Error>] { slots.map { $0! } }
}
