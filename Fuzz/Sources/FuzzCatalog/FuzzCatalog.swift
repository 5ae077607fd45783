import FuzzSupport
import SproutSeedShop

/// Catalog files, in a folder that holds one model and one packet for them to name.
let folder: String = {
    _ = FuzzInput.file("plant.obj", Array("v 0 0 0\n".utf8))
    _ = FuzzInput.file("packet.png", [0x89, 0x50, 0x4E, 0x47])
    return FuzzInput.folder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    _ = folder
    let path = FuzzInput.file("catalog.yaml", FuzzInput.bytes(data, count))
    if let catalog = try? Catalog.load(path: path), let url = catalog.testURL { _ = try? catalog.resolve(url) }
    return 0
}
