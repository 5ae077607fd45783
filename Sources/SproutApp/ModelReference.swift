import SproutAssets
import SproutFiles
import SproutScene
import SproutScript
import SproutSeedShop
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A model named in a scene, a script or on the command line: a file, a catalog plant, or a
/// built-in. Catalog plants are known by their key (`sunfl`) or their model's file name
/// (`sunflower`), so `sunflower` works wherever a model path does.
public enum ModelReference: Equatable, Sendable {
    /// A model file (relative paths already resolved against the naming file's folder).
    case file(String)
    /// A catalog plant's model (its stem's foot at the origin, so it is only lifted, not centred).
    case plant(key: String, path: String)
    /// A model made by code (`seedling`, `pot`).
    case builtIn(String)

    /// Resolves `reference`: anything with a `/` or a file extension is a path (relative to
    /// `folder`); a plain name is a catalog plant or a built-in, else an error listing the names.
    public static func resolve(_ reference: String, relativeTo folder: String) throws -> ModelReference {
        if reference.contains("/") || reference.contains(".") {
            return .file(reference.hasPrefix("/") ? reference : folder + "/" + reference)
        }
        if let plant = plantPath(reference) { return plant }
        if BuiltInModels.names.contains(reference) { return .builtIn(reference) }
        // A file without an extension, or a folder: the importer says which.
        if FileManager.default.fileExists(atPath: folder + "/" + reference) { return .file(folder + "/" + reference) }
        // Without Sprout's Assets/ there are no catalog plants: say where they were looked for.
        let plants =
            plantNames.isEmpty
            ? (try? ResourceLocator.locateAssets().get()).map { _ in "none" }
                ?? "none: \(ResourceLocator.locateAssets().failureDescription)" : plantNames.joined(separator: ", ")
        throw AppError("'\(reference)' is not a model file, a catalog plant (\(plants)) or a built-in model (\(BuiltInModels.names.joined(separator: ", ")))")
    }

    /// This reference when it is a catalog plant, a built-in, or a file inside one of `roots`
    /// once links are resolved (a file not there yet passes: the importer says it is missing);
    /// else an error naming it. A render test reads models only inside its folder: someone
    /// else's pull request must not render the CI's files into a report.
    public func confined(to roots: [String], reference: String) throws -> ModelReference {
        guard case .file(let path) = self, let real = ConfinedPath.realPath(path) else { return self }
        let inside = roots.contains { root in
            guard let base = ConfinedPath.realPath(root) else { return false }
            return real.hasPrefix(base == "/" ? "/" : base + "/")
        }
        guard inside else {
            throw AppError(
                "'\(reference.prefix(200))' lies outside the test's folder: a render test reads models only inside its folder (or one given with --models-from)"
            )
        }
        return self
    }

    /// The entity standing on the origin: files centred on their footprint, plants on their stem;
    /// without `standing`, where the file puts it. `sizing` scales it first (a factor, or to a height).
    /// `variant` draws it in that material variant of its file (a `MaterialVariantError` when the
    /// file, or a built-in, has no such variant). A file whose `up` axis is z is turned upright
    /// before it is sized or stood.
    public func load(
        isolation: ImportIsolation? = nil, sizing: ModelSizing = .asIs, standing: Bool = true, variant: String? = nil, up: UpAxis = .y
    ) throws -> (entity: Entity, asset: ModelAsset?) {
        switch self {
        case .file(let path), .plant(_, let path):
            let asset = try ModelImporter.load(path: path, isolation: isolation)
            try asset.selectMaterialVariant(variant)
            asset.root.turnUpright(from: up)
            sizing.apply(to: asset.root)
            if standing { asset.standOnOrigin(centringFootprint: { if case .plant = self { false } else { true } }()) }
            return (asset.root, asset)
        case .builtIn(let name):
            if let variant { throw MaterialVariantError(model: name, name: variant, known: []) }
            let entity = BuiltInModels.make(name)!
            entity.turnUpright(from: up)
            sizing.apply(to: entity)
            return (entity, nil)
        }
    }

    /// The file, for a file or a plant (nil for a built-in).
    public var path: String? {
        switch self {
        case .file(let path), .plant(_, let path): return path
        case .builtIn: return nil
        }
    }

    /// Loads the model once (so a broken one is refused before anything runs), then returns a
    /// loader that makes a fresh copy for each placement.
    public func entityLoader(sizing: ModelSizing = .asIs) throws -> () throws -> Entity {
        _ = try load(sizing: sizing)
        return { try load(sizing: sizing).entity }
    }

    /// The catalog's local plants, read once: a scene of a thousand plants names the catalog a
    /// thousand times, and `Assets/` is Sprout's own folder, not something that changes while it runs.
    private static let localPlants: [Product] = ((try? Assets.catalog())?.products ?? []).filter { !$0.modelPath.contains("://") }

    /// The catalog's plants, by the file name of their model (`sunflower`, `tomato`, ...).
    public static var plantNames: [String] { localPlants.map(\.modelStem) }

    static func plantPath(_ name: String) -> ModelReference? {
        let product = localPlants.first { $0.modelStem == name || $0.key == name }
        return product.map { .plant(key: $0.key, path: $0.modelPath) }
    }
}
