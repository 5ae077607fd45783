import FuzzSupport
import SproutSession

/// Stage files: parsed or refused; textures resolve only inside the scratch folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    _ = try? StageLoader(textureRoot: FuzzInput.folder).parse(FuzzInput.text(data, count), file: "fuzz.yaml")
    return 0
}
