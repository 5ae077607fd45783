import Dispatch
import SproutImage
import SproutScene

/// Images of one import decoded together, on every core, before the materials that name them
/// are made: decoding is most of a textured model's import (the Avocado's three 2,048² PNGs took
/// some 150 ms one after another). Only images whose header declares their size (PNG, JPEG, WebP,
/// KTX 2.0, DDS: `ImageCodec.declaredPixelCount`), and only when together they stay within the
/// import's texture pixels, so that nothing is decoded that the one-by-one path would have
/// stopped short of; otherwise each image is decoded when its material asks for it, as before.
enum ImagePrefetch {
    /// Each source's decoded image or decoding error, by its reference; empty when fewer than
    /// two sources declare their size, or their declared pixels exceed `pixelBudget`. Sources
    /// that do not (AVIF) are left out (decoded when asked for). `maximumPixels` bounds each
    /// image, as `ImageCodec.decode` does.
    static func decode(_ sources: [(reference: String, bytes: [UInt8])], maximumPixels: Int, pixelBudget: Int) -> [String: Result<Image, any Error>] {
        let known = sources.compactMap { source in ImageCodec.declaredPixelCount(source.bytes).map { (source, $0) } }
        let declared = known.reduce(0) { $0 + min($1.1, maximumPixels + 1) }
        guard known.count >= 2, declared <= pixelBudget else { return [:] }
        let results = ResultSlots(count: known.count)
        DispatchQueue.concurrentPerform(iterations: known.count) { k in
            let source = known[k].0
            results.store(Result { try ImageCodec.decode(source.bytes, source: source.reference, maximumPixels: maximumPixels) }, at: k)
        }
        return Dictionary(zip(known.map(\.0.reference), results.all), uniquingKeysWith: { first, _ in first })
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
