// swift-tools-version: 6.1
// A program of a user's own that uses Sprout as a library (README: "Use as a library").
import PackageDescription

let package = Package(
    name: "GardenPreview",
    dependencies: [
        // In your package: .package(url: "<Sprout's repository>", branch: "main") or a local path.
        .package(name: "Sprout", path: "../..")
    ],
    targets: [
        .executableTarget(name: "GardenPreview", dependencies: [.product(name: "Sprout", package: "Sprout")]),
        // Render tests against golden images, with the SproutTesting product.
        .testTarget(
            name: "GardenPreviewTests",
            dependencies: [
                .product(name: "Sprout", package: "Sprout"), .product(name: "SproutTesting", package: "Sprout")
            ], exclude: ["Goldens"])
    ],
    swiftLanguageModes: [.v6]
)
