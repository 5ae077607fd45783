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
    "SproutWorld", "SproutSceneFile", "SproutScript", "SproutImage", "SproutAssets", "SproutRender", "SproutHeadless", "SproutWindow", "SproutNetwork",
    "SproutGolden", "SproutApp", "SproutCommandLine"
]

/// A release `sprout` is linked by lld (the toolchain's) for two savings in memory (BENCHMARKS.md,
/// issue 32): the functions its renders run are placed first (`Scripts/hot-functions.txt`,
/// written by `Scripts/order-hot-functions` from profiled renders; scattered through 18 MB of
/// code they kept 11 MiB of it resident; a name the program no longer has is skipped), and its
/// 180,000 relative relocations are packed (DT_RELR, glibc 2.36: Debian 12's), so the loader
/// reads 35 KB of them instead of 2 MB. Only the command is linked so: a program using the
/// library products links as its own package says.
let compactCommandLinking: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Scripts/hot-functions.txt",
            "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"
        ], .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "Sprout",
    products: [
        .executable(name: "sprout", targets: ["sprout"]),
        // Everything a user's program needs, in one import (re-exports the modules below).
        .library(name: "Sprout", targets: ["Sprout"]),
        // Golden-image comparison for users' own test targets.
        .library(name: "SproutTesting", targets: ["SproutTesting"])
    ] + libraryModules.map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2")
    ],
    targets: [
        // C system libraries: module.modulemap + shim.h, nothing else.
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0", "libgl1-mesa-dri"])]),
        .systemLibrary(name: "COpenGL", pkgConfig: "opengl", providers: [.apt(["libopengl-dev"])]),
        // The header only (libglfw3-dev): no pkg-config, whose flags would link GLFW and X11 into every start.
        .systemLibrary(name: "CGLFW"),
        .systemLibrary(name: "CAssimp", pkgConfig: "assimp", providers: [.apt(["libassimp-dev"])]),
        // Assimp's failed internal checks as import errors, not abort() (AssertionsAsErrors.cpp).
        .target(name: "CAssimpChecks", linkerSettings: [.linkedLibrary("assimp")]),
        .systemLibrary(name: "CStb", pkgConfig: "stb", providers: [.apt(["libstb-dev"])]),
        // libpng behind C functions that catch its longjmp errors, which Swift cannot; the library
        // (libpng16-16) opened with dlopen on the first PNG, its header from libpng-dev.
        // The two above and below open their library with dlopen through one helper (CLibraryLoader).
        .target(name: "CLibraryLoader"),
        .target(name: "CPNG", dependencies: ["CLibraryLoader"]),
        // libjpeg-turbo likewise (libjpeg62-turbo, opened on the first JPEG; jpeglib.h from libjpeg62-turbo-dev).
        .target(name: "CJPEG", dependencies: ["CLibraryLoader"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The header only (libcurl4-openssl-dev): no pkg-config, whose flags would link libcurl.
        .systemLibrary(name: "CCurl"),
        // The header only (libmeshoptimizer-dev): opened with dlopen when a compressed glTF is read.
        .systemLibrary(name: "CMeshOptimizer"),
        // libwebp's few functions declared in the shim itself, opened with dlopen on the first WebP image.
        .systemLibrary(name: "CWebP"),
        // libavif's header (libavif-dev); the library (libavif15) opened with dlopen on the first AVIF image.
        .systemLibrary(name: "CAvif"),
        // libzstd's few functions declared in the shim itself, opened with dlopen on the first
        // Zstandard-supercompressed KTX 2.0 texture.
        .systemLibrary(name: "CZstd"),

        // Pure Swift core.
        .target(name: "SproutMath", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "SproutScene", dependencies: ["SproutMath"]),
        // Content generators: plants at their real sizes and seed-packet art.
        .target(name: "SproutPlants", dependencies: ["SproutMath", "SproutScene"]),
        // YAML/JSON documents with line-accurate, strict errors (Yams stays internal to it).
        .target(name: "SproutDocument", dependencies: ["Yams", "SproutFiles"]),
        // Writing files: atomic for regular files, through for devices and FIFOs, "-" for stdout.
        .target(name: "SproutFiles"),
        .target(name: "SproutSession", dependencies: ["SproutMath", "SproutScene", "SproutDocument", "SproutFiles"]),
        .target(name: "SproutInteraction", dependencies: ["SproutMath", "SproutScene", "SproutSession"]),
        .target(name: "SproutSeedShop", dependencies: ["SproutMath", "SproutScene", "SproutDocument", "SproutFiles", "SproutSession", "SproutInteraction"]),
        .target(name: "SproutGeo", dependencies: ["SproutMath", "SproutScene", "SproutSession", .product(name: "RealModule", package: "swift-numerics")]),
        // One world: stage, session, interaction engine, Seed Shop flow and geotracking, stepped in one order.
        .target(name: "SproutWorld", dependencies: ["SproutMath", "SproutScene", "SproutSession", "SproutInteraction", "SproutSeedShop", "SproutGeo"]),
        // Scene files: models placed, a stage, camera and light; the tolerance a render test may declare.
        .target(name: "SproutSceneFile", dependencies: ["SproutMath", "SproutScene", "SproutDocument", "SproutGolden"]),
        .target(
            name: "SproutScript",
            dependencies: [
                "SproutMath", "SproutScene", "SproutPlants", "SproutDocument", "SproutSession", "SproutInteraction",
                "SproutSeedShop", "SproutGeo", "SproutWorld", "SproutSceneFile", "SproutGolden"
            ]),

        // Golden images, one policy: ImageTolerance and ImageDiff (pure), ImageComparison, the
        // TestTolerance a test declares, and GoldenCheck (compare, write new, update, confine),
        // which `sprout test`, `expect: { image: }` and SproutTesting's Golden.check all use.
        .target(name: "SproutGolden", dependencies: ["SproutScene", "SproutDocument", "SproutFiles", "SproutImage"]),

        // Edges: one C library each.
        .target(name: "SproutImage", dependencies: ["SproutMath", "SproutScene", "SproutFiles", "CStb", "CPNG", "CJPEG", "CZlib", "CWebP", "CAvif", "CZstd"]),
        .target(
            name: "SproutAssets", dependencies: ["SproutMath", "SproutScene", "SproutFiles", "SproutImage", "CAssimp", "CAssimpChecks", "CMeshOptimizer"]),
        // The GLSL is compiled into the binary (`PackageResources`), so no folder of a user's can stand in for it.
        .target(name: "SproutRender", dependencies: ["SproutMath", "SproutScene", "COpenGL"], resources: [.embedInCode("Shaders")]),
        .target(name: "SproutHeadless", dependencies: ["SproutRender", "CEGL"]),
        .target(name: "SproutWindow", dependencies: ["SproutMath", "SproutRender", "CGLFW"]),
        // Downloads: `CachingLoader` (seed 000's CachingWebLoader) over an `HTTPFetcher`, and
        // `CurlFetcher` (libcurl, opened on the first download: linked, it would load 27 libraries
        // into every start; BENCHMARKS.md, issue 32).
        .target(name: "SproutNetwork", dependencies: ["SproutScene", "SproutFiles", "CCurl"]),

        // The app layer: surfaces (window, offscreen), one frame loop, input mappers, overlays.
        // Its `Assets/` (stages, plants, rooms, catalog, packets) is a resource bundle, `Sprout_SproutApp.resources`,
        // which SwiftPM puts beside every executable that links it; `ResourceLocator` finds it there only.
        .target(
            name: "SproutApp",
            dependencies: [
                "SproutMath", "SproutScene", "SproutPlants", "SproutDocument", "SproutFiles", "SproutSession",
                "SproutInteraction", "SproutSeedShop", "SproutGeo", "SproutWorld", "SproutSceneFile", "SproutScript",
                "SproutImage", "SproutGolden", "SproutAssets", "SproutRender", "SproutHeadless", "SproutWindow", "SproutNetwork"
            ], resources: [.copy("Assets")]),
        // The umbrella: `import Sprout` (the only place with `@_exported import`).
        .target(
            name: "Sprout",
            dependencies: [
                "SproutMath", "SproutScene", "SproutPlants", "SproutDocument", "SproutFiles", "SproutSession",
                "SproutInteraction", "SproutSeedShop", "SproutGeo", "SproutWorld", "SproutSceneFile", "SproutScript",
                "SproutImage", "SproutGolden", "SproutAssets", "SproutRender", "SproutHeadless", "SproutWindow", "SproutNetwork", "SproutApp"
            ]),

        // Sprout's command-line options as argument-parser groups, for `sprout` and a user's own tools.
        .target(
            name: "SproutCommandLine",
            dependencies: [
                "SproutMath", "SproutScene", "SproutSession", "SproutRender", "SproutApp", .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),

        // Test helpers: golden-image comparison and fixtures.
        .target(name: "SproutTesting", dependencies: ["SproutScene", "SproutDocument", "SproutImage", "SproutGolden"]),

        .executableTarget(
            name: "sprout",
            dependencies: [
                "SproutMath", "SproutScene", "SproutPlants", "SproutFiles", "SproutSession",
                "SproutSeedShop", "SproutScript", "SproutImage", "SproutGolden", "SproutAssets",
                "SproutRender", "SproutWindow", "SproutApp", "SproutSceneFile", "SproutCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            linkerSettings: compactCommandLinking
        ),

        .testTarget(name: "SproutMathTests", dependencies: ["SproutMath"]),
        .testTarget(name: "SproutSceneTests", dependencies: ["SproutMath", "SproutScene"]),
        .testTarget(name: "SproutGoldenTests", dependencies: ["SproutScene", "SproutImage", "SproutGolden", "SproutTesting"]),
        .testTarget(name: "SproutPlantsTests", dependencies: ["SproutMath", "SproutScene", "SproutPlants"]),
        .testTarget(name: "SproutDocumentTests", dependencies: ["SproutDocument"]),
        .testTarget(name: "SproutSceneFileTests", dependencies: ["SproutMath", "SproutScene", "SproutDocument", "SproutSceneFile", "SproutGolden"]),
        .testTarget(name: "SproutFilesTests", dependencies: ["SproutFiles", "SproutTesting"]),
        .testTarget(name: "SproutSessionTests", dependencies: ["SproutMath", "SproutScene", "SproutDocument", "SproutSession", "SproutTesting"]),
        .testTarget(name: "SproutInteractionTests", dependencies: ["SproutMath", "SproutScene", "SproutSession", "SproutInteraction", "SproutTesting"]),
        .testTarget(
            name: "SproutScriptTests",
            dependencies: [
                "SproutMath", "SproutScene", "SproutDocument", "SproutSession", "SproutInteraction", "SproutSeedShop",
                "SproutSceneFile", "SproutScript", "SproutTesting", "SproutGolden"
            ], exclude: ["Scenarios"]),
        .testTarget(name: "SproutNetworkTests", dependencies: ["SproutNetwork", "SproutTesting"]),
        .testTarget(
            name: "SproutSeedShopTests",
            dependencies: [
                "SproutMath", "SproutScene", "SproutDocument", "SproutFiles", "SproutSession", "SproutInteraction",
                "SproutSeedShop", "SproutTesting"
            ]),
        .testTarget(
            name: "SproutWorldTests", dependencies: ["SproutMath", "SproutScene", "SproutSession", "SproutInteraction", "SproutWorld", "SproutTesting"]),
        .testTarget(name: "SproutGeoTests", dependencies: ["SproutMath", "SproutScene", "SproutSession", "SproutGeo", "SproutTesting"]),
        .testTarget(
            name: "SproutImageTests", dependencies: ["SproutScene", "SproutImage", "SproutGolden", "SproutTesting"], exclude: ["Regressions", "Fixtures"]),
        .testTarget(
            name: "SproutAssetsTests", dependencies: ["SproutMath", "SproutScene", "SproutFiles", "SproutImage", "SproutAssets", "SproutTesting"],
            exclude: ["Regressions", "Fixtures"]),
        // The renderer's logic without GL: programs' features, draw state, draw lists, detail.
        .testTarget(name: "SproutRenderTests", dependencies: ["SproutRender", "SproutScene", "SproutMath"]),
        .testTarget(
            name: "SproutRenderGLTests",
            dependencies: [
                "SproutMath", "SproutScene", "SproutSession", "SproutInteraction", "SproutImage", "SproutGolden", "SproutAssets",
                "SproutRender", "SproutHeadless", "SproutTesting"
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "SproutAppTests",
            dependencies: [
                "SproutMath", "SproutScene", "SproutDocument", "SproutFiles", "SproutSession", "SproutInteraction",
                "SproutGeo", "SproutWorld", "SproutSceneFile", "SproutScript", "SproutImage", "SproutGolden", "SproutAssets",
                "SproutRender", "SproutWindow", "SproutApp", "SproutTesting"
            ], exclude: ["RenderCases", "Scenarios"]),
        .testTarget(name: "SproutCommandLineTests", dependencies: ["SproutMath", "SproutCommandLine"]),
        .testTarget(
            name: "sproutTests",
            dependencies: [
                "SproutMath", "SproutScene", "SproutPlants", "SproutSeedShop", "SproutWorld", "SproutImage", "SproutGolden",
                "SproutAssets", "SproutRender", "SproutApp", "SproutCommandLine", "SproutTesting", "sprout",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ])
    ],
    swiftLanguageModes: [.v6]
)
