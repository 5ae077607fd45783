import FuzzSupport
import SproutAssets

/// The checks before Assimp and the reading of a glTF file's own JSON (extensions, lights,
/// material extensions): the first byte picks the format, the rest is the file.
let extensions = ["gltf", "glb", "ply", "stl", "fbx", "dae"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelPreflight(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, count)
    guard let first = bytes.first else { return 0 }
    let path = FuzzInput.file("model." + extensions[Int(first) % extensions.count], Array(bytes.dropFirst()))
    _ = try? ModelImporter.preflight(path: path, limits: ModelLimits(maximumFileBytes: 1 << 20))
    return 0
}
