// swift-tools-version: 6.1
import PackageDescription

/// Sprout: a 3D scene and interaction engine with a headless OpenGL renderer.
///
/// Layout (docs/ARCHITECTURE.md): C system libraries are shims only; the core
/// (`SproutMath`, `SproutScene`) imports no C module; each edge module wraps
/// exactly one C library behind `internal import`.
/// Every library module is a product of its own, so a user can depend on just what they use.
let libraryModules = [
    "SproutMath", "SproutScene", "SproutPlants", "SproutDocument", "SproutFiles", "SproutSession", "SproutInteraction", "SproutSeedShop", "SproutGeo",
    "SproutWorld", "SproutSceneFile", "SproutScript", "SproutImage", "SproutAssets", "SproutRender", "SproutHeadless", "SproutWindow", "SproutNetwork", "SproutApp",
]

let package = Package(
    name: "Sprout",
    products: [
        .executable(name: "sprout", targets: ["sprout"]),
        // Everything a user's program needs, in one import (re-exports the modules below).
        .library(name: "Sprout", targets: ["Sprout"]),
        // Golden-image comparison for users' own test targets.
        .library(name: "SproutTesting", targets: ["SproutTesting"]),
    ] + libraryModules.map { .library(name: $0, targets: [$0]) },
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
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // Pure Swift core.
        .target(name: "SproutMath", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "SproutScene", dependencies: ["SproutMath"]),
        // Content generators: plants at their real sizes and seed-packet art.
        .target(name: "SproutPlants", dependencies: ["SproutScene"]),
        // YAML/JSON documents with line-accurate, strict errors (Yams stays internal to it).
        .target(name: "SproutDocument", dependencies: ["Yams", "SproutFiles"]),
        // Writing files: atomic for regular files, through for devices and FIFOs, "-" for stdout.
        .target(name: "SproutFiles"),
        .target(name: "SproutSession", dependencies: ["SproutScene", "SproutDocument", "SproutFiles"]),
        .target(name: "SproutInteraction", dependencies: ["SproutSession"]),
        .target(name: "SproutSeedShop", dependencies: ["SproutInteraction", "SproutDocument", "SproutFiles"]),
        .target(name: "SproutGeo", dependencies: ["SproutSession", .product(name: "RealModule", package: "swift-numerics")]),
        // One world: stage, session, interaction engine, Seed Shop flow and geotracking, stepped in one order.
        .target(name: "SproutWorld", dependencies: ["SproutInteraction", "SproutSeedShop", "SproutGeo"]),
        // Scene files: models placed, a stage, camera and light; the tolerance a render test may declare.
        .target(name: "SproutSceneFile", dependencies: ["SproutScene", "SproutDocument"]),
        .target(name: "SproutScript", dependencies: ["SproutWorld", "SproutPlants", "SproutDocument", "SproutSceneFile"]),

        // Edges: one C library each.
        .target(name: "SproutImage", dependencies: ["SproutScene", "SproutFiles", "CStb", "CZlib"]),
        .target(name: "SproutAssets", dependencies: ["SproutScene", "SproutImage", "SproutFiles", "CAssimp"]),
        // The GLSL is compiled into the binary (`PackageResources`), so no folder of a user's can stand in for it.
        .target(name: "SproutRender", dependencies: ["SproutScene", "COpenGL"], resources: [.embedInCode("Shaders")]),
        .target(name: "SproutHeadless", dependencies: ["SproutRender", "CEGL"]),
        .target(name: "SproutWindow", dependencies: ["SproutRender", "CGLFW"]),
        // URLSession (FoundationNetworking, libcurl) behind SproutSeedShop's `HTTPFetcher`.
        // FoundationNetworking is built on libcurl; naming it lets `--static-swift-stdlib`
        // (the release build's, for start-up time and memory) link the static Foundation.
        .target(name: "SproutNetwork", dependencies: ["SproutSeedShop"], linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]),

        // The app layer: surfaces (window, offscreen), one frame loop, input mappers, overlays.
        // Its `Assets/` (stages, plants, rooms, catalog, packets) is a resource bundle, `Sprout_SproutApp.resources`,
        // which SwiftPM puts beside every executable that links it; `ResourceLocator` finds it there only.
        .target(name: "SproutApp", dependencies: [
            "SproutWorld", "SproutSceneFile", "SproutScript", "SproutPlants", "SproutAssets", "SproutImage", "SproutRender", "SproutHeadless", "SproutWindow", "SproutNetwork",
        ], resources: [.copy("Assets")]),
        // The umbrella: `import Sprout` (the only place with `@_exported import`).
        .target(name: "Sprout", dependencies: ["SproutApp"]),

        // Test helpers: golden-image comparison and fixtures.
        .target(name: "SproutTesting", dependencies: ["SproutScene", "SproutImage"]),

        .executableTarget(
            name: "sprout",
            dependencies: [
                "SproutApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "SproutMathTests", dependencies: ["SproutMath"]),
        .testTarget(name: "SproutSceneTests", dependencies: ["SproutScene"]),
        .testTarget(name: "SproutPlantsTests", dependencies: ["SproutPlants", "SproutScene"]),
        .testTarget(name: "SproutDocumentTests", dependencies: ["SproutDocument"]),
        .testTarget(name: "SproutSceneFileTests", dependencies: ["SproutSceneFile"]),
        .testTarget(name: "SproutFilesTests", dependencies: ["SproutFiles", "SproutTesting"]),
        .testTarget(name: "SproutSessionTests", dependencies: ["SproutSession", "SproutTesting"]),
        .testTarget(name: "SproutInteractionTests", dependencies: ["SproutInteraction", "SproutTesting"]),
        .testTarget(name: "SproutScriptTests", dependencies: ["SproutScript", "SproutSeedShop", "SproutTesting"], exclude: ["Scenarios"]),
        .testTarget(name: "SproutSeedShopTests", dependencies: ["SproutSeedShop", "SproutNetwork", "SproutFiles", "SproutTesting"]),
        .testTarget(name: "SproutWorldTests", dependencies: ["SproutWorld", "SproutTesting"]),
        .testTarget(name: "SproutGeoTests", dependencies: ["SproutGeo", "SproutTesting"]),
        .testTarget(name: "SproutImageTests", dependencies: ["SproutImage", "SproutTesting"]),
        .testTarget(name: "SproutAssetsTests", dependencies: ["SproutAssets", "SproutFiles", "SproutTesting"], exclude: ["Regressions"]),
        // The renderer's logic without GL: programs' features, draw state, draw lists, detail.
        .testTarget(name: "SproutRenderTests", dependencies: ["SproutRender", "SproutScene", "SproutMath"]),
        .testTarget(
            name: "SproutRenderGLTests",
            dependencies: ["SproutRender", "SproutHeadless", "SproutAssets", "SproutSession", "SproutInteraction", "SproutImage", "SproutTesting"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "SproutAppTests", dependencies: ["SproutApp", "SproutTesting"]),
        .testTarget(name: "sproutTests", dependencies: ["sprout", "SproutApp", "SproutTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
