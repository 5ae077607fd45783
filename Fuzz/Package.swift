// swift-tools-version: 6.1
// libFuzzer targets for every parser of untrusted input. Each target is a static library that
// defines LLVMFuzzerTestOneInput; Scripts/fuzz builds them with -sanitize=fuzzer,address (which
// instruments Sprout's modules too) and links each with libFuzzer's main.
import PackageDescription

let targets = ["FuzzScript", "FuzzStage", "FuzzInvocation", "FuzzGPX", "FuzzCatalog", "FuzzModelPreflight", "FuzzScene", "FuzzImage"]
let package = Package(
    name: "SproutFuzz",
    products: targets.map { .library(name: $0, type: .static, targets: [$0]) },
    dependencies: [.package(name: "Sprout", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .target(name: "FuzzScript", dependencies: ["FuzzSupport", .product(name: "SproutScript", package: "Sprout")]),
        .target(name: "FuzzStage", dependencies: ["FuzzSupport", .product(name: "SproutSession", package: "Sprout")]),
        .target(name: "FuzzInvocation", dependencies: ["FuzzSupport", .product(name: "SproutSeedShop", package: "Sprout")]),
        .target(name: "FuzzGPX", dependencies: ["FuzzSupport", .product(name: "SproutGeo", package: "Sprout")]),
        .target(name: "FuzzCatalog", dependencies: ["FuzzSupport", .product(name: "SproutSeedShop", package: "Sprout")]),
        .target(
            name: "FuzzScene",
            dependencies: ["FuzzSupport", .product(name: "SproutDocument", package: "Sprout"), .product(name: "SproutSceneFile", package: "Sprout")]),
        .target(name: "FuzzModelPreflight", dependencies: ["FuzzSupport", .product(name: "SproutAssets", package: "Sprout")]),
        .target(name: "FuzzImage", dependencies: ["FuzzSupport", .product(name: "SproutImage", package: "Sprout")])
    ],
    swiftLanguageModes: [.v6]
)
