// swift-tools-version: 6.1
import PackageDescription

/// Sprout: a 3D scene and interaction engine with a headless OpenGL renderer.
///
/// Layout (docs/ARCHITECTURE.md): C system libraries are shims only; the core
/// (`SproutMath`, `SproutScene`) imports no C module; each edge module wraps
/// exactly one C library behind `internal import`.
let package = Package(
    name: "Sprout",
    products: [
        .executable(name: "sprout", targets: ["sprout"]),
        .library(name: "SproutScene", targets: ["SproutScene"]),
        .library(name: "SproutRender", targets: ["SproutRender"]),
        .library(name: "SproutHeadless", targets: ["SproutHeadless"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // C system libraries: module.modulemap + shim.h, nothing else.
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0", "libgl1-mesa-dri"])]),
        .systemLibrary(name: "COpenGL", pkgConfig: "opengl", providers: [.apt(["libopengl-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CAssimp", pkgConfig: "assimp", providers: [.apt(["libassimp-dev"])]),
        .systemLibrary(name: "CStb", pkgConfig: "stb", providers: [.apt(["libstb-dev"])]),

        // Pure Swift core.
        .target(name: "SproutMath", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "SproutScene", dependencies: ["SproutMath"]),
        // YAML/JSON documents with line-accurate, strict errors (Yams stays internal to it).
        .target(name: "SproutDocument", dependencies: ["Yams"]),
        .target(name: "SproutSession", dependencies: ["SproutScene", "SproutDocument"]),
        .target(name: "SproutInteraction", dependencies: ["SproutSession"]),
        .target(name: "SproutSeedShop", dependencies: ["SproutInteraction", "SproutDocument"]),
        .target(name: "SproutGeo", dependencies: ["SproutSession", .product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "SproutScript", dependencies: ["SproutInteraction", "SproutSeedShop", "SproutGeo", "SproutDocument"]),

        // Edges: one C library each.
        .target(name: "SproutImage", dependencies: ["SproutScene", "CStb"]),
        .target(name: "SproutAssets", dependencies: ["SproutScene", "SproutImage", "CAssimp"]),
        .target(name: "SproutRender", dependencies: ["SproutScene", "COpenGL"]),
        .target(name: "SproutHeadless", dependencies: ["SproutRender", "CEGL"]),
        .target(name: "SproutWindow", dependencies: ["SproutRender", "CGLFW"]),

        // Test helpers: golden-image comparison and fixtures.
        .target(name: "SproutTesting", dependencies: ["SproutScene", "SproutImage"]),

        .executableTarget(
            name: "sprout",
            dependencies: [
                "SproutScene", "SproutSession", "SproutInteraction", "SproutScript", "SproutSeedShop", "SproutGeo", "SproutAssets", "SproutImage", "SproutRender", "SproutHeadless", "SproutWindow",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "SproutMathTests", dependencies: ["SproutMath"]),
        .testTarget(name: "SproutSceneTests", dependencies: ["SproutScene"]),
        .testTarget(name: "SproutDocumentTests", dependencies: ["SproutDocument"]),
        .testTarget(name: "SproutSessionTests", dependencies: ["SproutSession", "SproutTesting"]),
        .testTarget(name: "SproutInteractionTests", dependencies: ["SproutInteraction", "SproutTesting"]),
        .testTarget(name: "SproutScriptTests", dependencies: ["SproutScript", "SproutSeedShop", "SproutTesting"], exclude: ["Scenarios"]),
        .testTarget(name: "SproutSeedShopTests", dependencies: ["SproutSeedShop", "SproutTesting"]),
        .testTarget(name: "SproutGeoTests", dependencies: ["SproutGeo", "SproutTesting"]),
        .testTarget(name: "SproutImageTests", dependencies: ["SproutImage", "SproutTesting"]),
        .testTarget(name: "SproutAssetsTests", dependencies: ["SproutAssets", "SproutTesting"]),
        .testTarget(
            name: "SproutRenderGLTests",
            dependencies: ["SproutRender", "SproutHeadless", "SproutAssets", "SproutSession", "SproutInteraction", "SproutImage", "SproutTesting"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "sproutTests", dependencies: ["sprout", "SproutTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
