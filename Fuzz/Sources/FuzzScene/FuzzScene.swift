import FuzzSupport
import SproutDocument
import SproutSceneFile

/// Scene files: parsed or refused, never a crash (no model is loaded: that is the model targets' job);
/// and the key scan `sprout test` sorts case files by before any parse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    _ = DocumentKeys.scan(FuzzInput.bytes(data, count))
    _ = try? SceneFile.parse(FuzzInput.text(data, count), file: "fuzz.yaml")
    return 0
}
