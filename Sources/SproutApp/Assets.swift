import SproutAssets
import SproutDocument
import SproutFiles
import SproutImage
import SproutMath
import SproutNetwork
import SproutRender
import SproutScene
import SproutSeedShop
import SproutSession
import SproutWorld
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sprout's own files (`Assets/`: stages, plants, catalog, pictures), found where Sprout put
/// them (`ResourceLocator`), and the loaders that turn files into scene content.
public enum Assets {
    /// The `Assets/` folder, when it can be found (`ResourceLocator.locateAssets()` says why not).
    public static var directory: String? { ResourceLocator.assetsDirectory }

    /// The `Assets/` folder, or an error naming where it was looked for.
    public static func requireDirectory() throws -> String { try ResourceLocator.locateAssets().get() }

    /// The plant placed when none is named: the seedling.
    public static var defaultPlantPath: String? { directory.map { $0 + "/plants/seedling.obj" } }

    /// A built-in stage by name (`tabletop`, `living-room`, `street-corner`, ...) or a stage
    /// file (YAML or JSON); errors name the file, line and field.
    public static func stage(_ nameOrPath: String) throws -> Stage {
        let assets = StageLoader.isPlainName(nameOrPath) ? try requireDirectory() : directory
        return try StageModels.attach(StageLoader.resolve(nameOrPath, assetsDirectory: assets))
    }

    /// A stage named inside a document (a script's or a scene file's `stage:`): a built-in name,
    /// or a file relative to the document's `folder`. A built-in name that is not one is
    /// reported at the document's line, as every error in that document is.
    public static func stage(_ nameOrPath: String, namedIn document: String, line: Int, folder: String) throws -> Stage {
        var path = nameOrPath
        if Document.namesFile(nameOrPath) {
            // A script or scene file may come from someone else (a render-test folder in a pull
            // request): its stage file stays inside its folder, as every path inside a stage does.
            switch ConfinedPath.resolve(nameOrPath, in: folder) {
            case .success(let resolved): path = resolved
            case .failure(.notRelative):
                throw DocumentError(
                    file: document, line: line, field: "stage",
                    message:
                        "must be a built-in stage or a stage file inside \(document)'s folder (a relative path without '..'), got '\(nameOrPath.prefix(200))'")
            case .failure(.missing):
                throw DocumentError(file: document, line: line, field: "stage", message: "'\(nameOrPath.prefix(200))': no such stage file beside \(document)")
            case .failure(.leavesFolder):
                throw DocumentError(
                    file: document, line: line, field: "stage", message: "'\(nameOrPath.prefix(200))' is a link that leaves \(document)'s folder")
            }
        }
        do {
            return try stage(path)
        } catch let error as DocumentError where error.file == path {
            throw DocumentError(file: document, line: line, field: "stage", message: "'\(nameOrPath)': \(error.message)")
        }
    }

    /// The Seed Shop catalog (`Assets/catalog.yaml`).
    public static func catalog() throws -> Catalog {
        try Catalog.load(path: try requireDirectory() + "/catalog.yaml")
    }

    /// The model at `path` (glTF/glb, OBJ, FBX, PLY, STL, DAE: what Assimp reads here, only from
    /// the model's folder), moved to stand on the origin: its lowest point at y = 0 and, when
    /// `centringFootprint`, its footprint centred (generated plants have their stem's foot at the
    /// origin already and only need lifting).
    public static func model(path: String, centringFootprint: Bool = true) throws -> Entity {
        let asset = try ModelImporter.load(path: path)
        asset.standOnOrigin(centringFootprint: centringFootprint)
        return asset.root
    }

    /// Where downloaded models are cached: `$XDG_CACHE_HOME/sprout`, else `~/.cache/sprout`.
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["XDG_CACHE_HOME"].map { $0 + "/sprout" } ?? (environment["HOME"] ?? "/tmp") + "/.cache/sprout"
    }

    /// A loader for catalog products: the model's URL (file: or http(s):) through an on-disk
    /// cache, `progress` hearing the sample's loading fractions.
    public static func productLoader(
        cacheDirectory: String = defaultCacheDirectory(),
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) -> (Product) throws -> Entity {
        let loader = CachingLoader(cacheDirectory: cacheDirectory, fetcher: CurlFetcher())
        return { product in try model(path: try loader.load(product.modelURL, progress: progress), centringFootprint: false) }
    }

    /// A loader for catalog products that reads their local files only (no cache, no network).
    public static func localProductLoader() -> (Product) throws -> Entity {
        { product in try model(path: product.modelPath, centringFootprint: false) }
    }
}

extension World {
    /// A world on a stage given by name or file, its stage drawn with its textures: what the
    /// preview, the Seed Shop and the geo view start from.
    public static func onStage(
        _ nameOrPath: String, seed: UInt64 = 1, viewport: Viewport = Viewport(width: 1280, height: 720),
        showsPlanes: Bool = false, showsFocusSquare: Bool = true
    ) throws -> World {
        let world = World(
            WorldOptions(
                stage: try Assets.stage(nameOrPath), seed: seed, viewport: viewport,
                showsPlanes: showsPlanes, showsFocusSquare: showsFocusSquare))
        try world.addStageBackdrop()
        return world
    }

    /// Draws the world's stage as its backdrop, textures and any room model read from their
    /// files (`addBackdrop(loadTexture:model:)` with SproutApp's readers).
    public func addStageBackdrop() throws {
        try addBackdrop(loadTexture: Texture.read, model: try stage.model.map(StageModels.entity))
        if scene.environment == nil { scene.environment = try StageModels.environment(of: stage) }
    }
}
