import FuzzSupport
import SproutSeedShop

/// Invocation URLs against a registry shaped like the catalog's.
let registry = ExperienceRegistry(
    associatedDomains: ["seedshop.example", "garden.example"],
    experiences: [
        Experience(url: "https://seedshop.example/", title: "Seed Shop"),
        Experience(url: "https://seedshop.example/herbs", title: "Herbs"),
        Experience(url: "https://garden.example/store", title: "Store")
    ])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInvocation(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzInput.text(data, count)
    do { _ = try registry.resolve(text, productKeys: ["sunfl", "basil"]) } catch { _ = error.description }
    return 0
}
