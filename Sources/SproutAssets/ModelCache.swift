#if canImport(Glibc)
import Glibc
#endif
import SproutScene
import Synchronization

/// Imported models kept for reuse: loading a file again (the same resolved path, size and
/// modification time, under the same limits) gives a fresh entity tree that shares the first
/// import's meshes, materials and textures, on the CPU and (the renderer keys GPU buffers by
/// mesh and texture) on the GPU. A garden of 100 sunflowers imports one sunflower.
///
/// Bounded: the least recently used model goes when `capacity` would be passed.
public final class ModelCache: Sendable {
    /// The cache `ModelImporter.load` uses unless told otherwise.
    public static let shared = ModelCache(capacity: 16)

    struct Key: Hashable {
        var path: String
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        var limits: String
    }

    /// A stored import; never changed after it is stored (instances are clones of it), so it
    /// may be read from any thread.
    private struct Template: @unchecked Sendable {
        let asset: ModelAsset
    }

    private struct State {
        var assets: [Key: Template] = [:]
        var order: [Key] = []
    }

    /// The most models held (at least 1).
    public let capacity: Int
    private let state = Mutex(State())

    /// An empty cache holding at most `capacity` models (values below 1 count as 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many models are held.
    public var count: Int { state.withLock { $0.assets.count } }

    /// Forgets every model held; entities already handed out keep their meshes and textures.
    public func removeAll() { state.withLock { $0 = State() } }

    /// The key of a regular file as it is now (nil when it cannot be read).
    static func key(absolutePath: String, limits: ModelLimits) -> Key? {
        var s = stat()
        guard stat(absolutePath, &s) == 0 else { return nil }
        return Key(
            path: absolutePath, size: Int64(s.st_size), modifiedSeconds: Int(s.st_mtim.tv_sec), modifiedNanoseconds: Int(s.st_mtim.tv_nsec),
            limits: "\(limits)")
    }

    func instance(for key: Key) -> ModelAsset? {
        state.withLock { state -> ModelAsset? in
            guard let template = state.assets[key] else { return nil }
            state.order.removeAll { $0 == key }
            state.order.append(key)
            return template.asset.instance()
        }
    }

    /// Keeps `asset` as the template for `key` (call before anything moves its root).
    func store(_ asset: ModelAsset, for key: Key) {
        let template = Template(asset: asset.instance())
        state.withLock { state in
            if state.assets[key] == nil, state.assets.count >= capacity, let oldest = state.order.first {
                state.assets[oldest] = nil
                state.order.removeFirst()
            }
            state.assets[key] = template
            state.order.removeAll { $0 == key }
            state.order.append(key)
        }
    }
}

extension ModelAsset {
    /// A new entity tree over the same meshes, materials and textures, cameras following it.
    public func instance() -> ModelAsset {
        let copy = root.clone(recursive: true)
        var asset = ModelAsset(root: copy, meshes: meshes, materials: materials, textures: textures, sourcePath: sourcePath)
        asset.warnings = warnings
        let old = root.descendants, new = copy.descendants
        asset.cameras = cameras.compactMap { camera in
            guard let index = old.firstIndex(where: { $0 === camera.node }) else { return nil }
            return camera.attached(to: new[index])
        }
        return asset
    }
}
