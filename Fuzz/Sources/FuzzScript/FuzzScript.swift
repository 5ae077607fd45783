import FuzzSupport
import SproutScript

/// Gesture scripts: any text is parsed or refused with a DocumentError, and a parsed script's
/// length check never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    if let script = try? Script.parse(FuzzInput.text(data, count), file: "fuzz.yaml") {
        _ = try? script.checkLength(maximumFrames: Script.defaultMaximumFrames)
    }
    return 0
}
