internal import CAssimp
internal import CAssimpChecks
import SproutFiles
import SproutImage
import SproutMath
import SproutScene
#if canImport(Glibc)
import Glibc
#endif

/// Imports glTF 2.0, GLB, OBJ+MTL, FBX, PLY, STL and DAE through Assimp, confined to the
/// model's folder, normalised to metres and +Y up.
public enum ModelImporter {
    /// The file extensions `load` reads, lower case without the dot (case does not matter in paths).
    public static let supportedExtensions = ["gltf", "glb", "obj", "fbx", "ply", "stl", "dae"]

    /// Imports the model at `path`; `limits` bound what the file may ask for (checked before
    /// Assimp reads it where the format allows, and on the result).
    ///   With `isolation`, a child process imports the file first (see `ImportIsolation`).
    /// - Parameter cache: where an earlier import of the same file is reused (nil: import afresh).
    public static func load(
        path: String, limits: ModelLimits = .standard, isolation: ImportIsolation? = nil,
        cache: ModelCache? = .shared
    ) throws -> ModelAsset {
        var folderCheck = stat()
        if stat(path, &folderCheck) == 0, (folderCheck.st_mode & S_IFMT) == S_IFDIR { throw ModelImportError.isFolder(path: path) }
        let ext = fileExtension(path)
        guard supportedExtensions.contains(ext) else { throw ModelImportError.unsupportedFormat(path: path, fileExtension: ext) }
        guard let absolute = ConfinedFileSystem.resolved(path) else { throw ModelImportError.fileNotFound(path: path) }
        var isRegular = stat()
        guard stat(absolute, &isRegular) == 0 else { throw ModelImportError.fileNotFound(path: path) }
        // A FIFO or a device is there but is no model file (it said "no such model file").
        guard (isRegular.st_mode & S_IFMT) == S_IFREG else {
            throw ModelImportError.unreadable(path: path, reason: "not a regular file (a FIFO, a device or a socket)")
        }
        let key = cache == nil ? nil : ModelCache.key(absolutePath: absolute, limits: limits)
        if let cache, let key, let cached = cache.instance(for: key) { return cached }
        var objLibraries: [String] = []
        let dropped = try ModelPreflight.check(absolute, shownAs: path, fileExtension: ext, limits: limits) { objLibraries = $0 }
        let (fileJSON, byteOrderMark, extensions) = try readGLTF(absolute, shownAs: path, fileExtension: ext, limits: limits)
        if let isolation, isolation.covers(ext) { try isolation.probe(absolute, shownAs: path) }
        let folder = String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.endIndex)])
        let fs = ConfinedFileSystem(folder: folder.isEmpty ? "/" : folder, pathsAreURIs: ext == "gltf" || ext == "glb")

        var flags =
            aiProcess_Triangulate.rawValue | aiProcess_SortByPType.rawValue
            | aiProcess_FlipUVs.rawValue | aiProcess_ValidateDataStructure.rawValue
        // glTF is indexed already; welding its vertices again is the slowest pass (about 80 ms
        // on the 65k-vertex reference scene) and changes nothing. A glTF primitive without
        // normals is drawn flat, as the specification asks (SceneConverter); other formats
        // without normals get Assimp's smooth ones.
        if !["gltf", "glb"].contains(ext) {
            flags |= aiProcess_JoinIdenticalVertices.rawValue | aiProcess_GenSmoothNormals.rawValue
        }
        // A file Assimp cannot read as it is (quantized or meshopt-compressed) is read rewritten.
        let (gltf, buffers, importPath) = try rewrittenIfNeeded(
            fileJSON, byteOrderMark: byteOrderMark, at: absolute, shownAs: path, fileExtension: ext, in: fs, limits: limits)
        // Assimp's own failed checks end this import with an error, not the process (CAssimpChecks).
        precondition(sproutAssimpChecksThrow() == 1)
        let scenePointer = fs.withFileIO { io in aiImportFileEx(importPath, flags, io) }
        defer { if let scenePointer { aiReleaseImport(scenePointer) } }

        if let escaped = fs.refused.first { throw ModelImportError.pathEscapesFolder(model: path, requested: escaped) }
        guard let scenePointer else {
            throw ModelImportError.unreadable(path: path, reason: String(cString: aiGetErrorString()))
        }
        if scenePointer.pointee.mFlags & UInt32(AI_SCENE_FLAGS_INCOMPLETE) != 0 {
            throw ModelImportError.unreadable(path: path, reason: "the file is incomplete")
        }
        var converter = SceneConverter(
            scene: scenePointer, modelPath: path, absolutePath: absolute, fileSystem: fs, gltf: gltf, buffers: buffers, limits: limits)
        converter.objLibraries = objLibraries
        var asset = try converter.convert(extension: ext)
        // What the warnings quote of the file (names, pointers) cannot drive a terminal.
        asset.warnings = ((extensions.warnings + dropped).map { "\(path): \($0)" } + asset.warnings).map { PrintableText.escaped($0) }
        if ["gltf", "glb"].contains(ext) { try attachLevelFiles(of: absolute, shownAs: path, in: fs, to: &asset, limits: limits, isolation: isolation) }
        if let escaped = fs.refused.first { throw ModelImportError.pathEscapesFolder(model: path, requested: escaped) }
        guard asset.primitiveCount > 0 else { throw ModelImportError.noGeometry(path: path) }
        guard asset.primitiveCount <= limits.maximumTriangles else {
            let what = asset.primitiveCount == asset.triangleCount ? "triangles" : "triangles, lines and points"
            throw ModelImportError.exceedsLimit(path: path, what: "\(asset.primitiveCount) \(what), more than the limit of \(limits.maximumTriangles)")
        }
        let pixels = asset.textures.reduce(0) { $0 + $1.image.width * $1.image.height }
        guard pixels <= limits.maximumTexturePixels else {
            throw ModelImportError.exceedsLimit(path: path, what: "\(pixels) texture pixels, more than the limit of \(limits.maximumTexturePixels)")
        }
        if let cache, let key { cache.store(asset, for: key) }
        return asset
    }

    /// `gltf` and its buffers rewritten (`GLTFRewrite`), the rewrite served by `fs` as a GLB at
    /// the returned path (the file's own for a .glb, a name beside it for a .gltf), when Assimp
    /// cannot read it as it is; else `gltf` as it is and the file's path.
    private static func rewrittenIfNeeded(
        _ gltf: GLTFJSON?, byteOrderMark: Bool, at absolute: String, shownAs path: String, fileExtension ext: String, in fs: ConfinedFileSystem,
        limits: ModelLimits
    ) throws -> (GLTFJSON?, GLTFBuffers?, importPath: String) {
        // A byte order mark before the JSON, which Assimp refuses, is left out of the rewrite's.
        guard let gltf, byteOrderMark || GLTFRewrite.isNeeded(for: gltf) else { return (gltf, nil, absolute) }
        // The file's own buffers live only while the rewrite reads them: at the 1 GiB limit the
        // rewrite and its GLB are what is held, not three copies.
        let result = Result { () throws(GLTFRewrite.Failure) in
            let original = GLTFBuffers(json: gltf, path: absolute, fileExtension: ext, fileSystem: fs, maximumBytes: limits.maximumFileBytes)
            return try GLTFRewrite(gltf, buffers: original, fileSystem: fs, maximumBytes: limits.maximumFileBytes)
        }
        if let escaped = fs.refused.first { throw ModelImportError.pathEscapesFolder(model: path, requested: escaped) }
        switch result {
        case .failure(let failure):
            throw ModelImportError.malformed(path: path, reason: failure.reason)
        case .success(let rewrite):
            let layout = try rewrite.glbLayout()
            // Served as a .glb beside the file: Assimp picks its reader by the name, and reads a
            // .gltf as JSON (a rewritten .gltf had failed: "no suitable reader"). Its images
            // still resolve from the same folder; the name is never written to disk.
            let importPath = ext == "glb" ? absolute : absolute + ".sprout-rewritten.glb"
            fs.substitute(importPath, size: layout.size) { layout.write(binary: rewrite.binary, into: $0) }
            return (
                rewrite.json, GLTFBuffers(json: rewrite.json, binary: rewrite.binary, fileSystem: fs, maximumBytes: limits.maximumFileBytes),
                importPath
            )
        }
    }

    /// The checks `load` makes before Assimp reads a file (size, glTF/GLB structure and JSON
    /// depth, PLY and STL declared counts, a glTF file's required extensions), and the reading of
    /// what Sprout takes from a glTF file's own JSON (its lights, its materials' extensions, its
    /// animations' keyframes and skins' matrices, its instances' transforms from the file's
    /// buffers, the rewrite of a quantized or compressed file), without importing it.
    public static func preflight(path: String, limits: ModelLimits = .standard) throws(ModelImportError) {
        let ext = fileExtension(path)
        guard supportedExtensions.contains(ext) else { throw .unsupportedFormat(path: path, fileExtension: ext) }
        try ModelPreflight.check(path, shownAs: path, fileExtension: ext, limits: limits)
        guard let gltf = try readGLTF(path, shownAs: path, fileExtension: ext, limits: limits).json else { return }
        _ = GLTFLights.declared(in: gltf)
        _ = try GLTFVariants(json: gltf, path: path)
        for json in gltf["materials"]?.array ?? [] {
            var material = Material()
            SceneConverter.applyGLTF(json, to: &material)
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let buffers = GLTFBuffers(
            json: gltf, path: path, fileExtension: ext, fileSystem: ConfinedFileSystem(folder: folder.isEmpty ? "/" : folder),
            maximumBytes: limits.maximumFileBytes)
        GLTFAnimations.readAll(gltf, buffers: buffers)
        for node in gltf["nodes"]?.array ?? [] {
            _ = GLTFInstancing.request(of: node, in: gltf, buffers: buffers, maximumInstances: limits.maximumNodeInstances)
        }
        if GLTFRewrite.isNeeded(for: gltf) {
            do {
                _ = try GLTFRewrite(gltf, buffers: buffers, fileSystem: buffers.fileSystem, maximumBytes: limits.maximumFileBytes)
            } catch {
                throw .malformed(path: path, reason: error.reason)
            }
        }
    }

    /// A glTF file's own JSON (nil for other formats or one that cannot be read) and its
    /// extensions checked: one required that Sprout cannot draw refuses the file, naming it.
    private static func readGLTF(
        _ absolute: String, shownAs path: String, fileExtension ext: String,
        limits: ModelLimits
    ) throws(ModelImportError) -> (json: GLTFJSON?, byteOrderMark: Bool, extensions: (refused: String?, warnings: [String])) {
        let read: (json: GLTFJSON, byteOrderMark: Bool)?
        do {
            read = ["gltf", "glb"].contains(ext) ? try GLTFJSON.read(path: absolute, fileExtension: ext) : nil
        } catch {
            throw .malformed(path: path, reason: error.reason)
        }
        let gltf = read?.json
        // The node graph before Assimp walks it (recursively, per instance).
        if let gltf, let problem = GLTFNodeGraph.problem(in: gltf, maximumDepth: limits.maximumNodeDepth, maximumInstances: limits.maximumNodeInstances) {
            throw .exceedsLimit(path: path, what: problem)
        }
        if let gltf, let problem = GLTFValidity.problem(in: gltf) { throw .malformed(path: path, reason: problem) }
        if let gltf, let reason = GLTFValidity.nothingToDraw(in: gltf) { throw .unreadable(path: path, reason: reason) }
        let extensions = GLTFExtensions.check(
            used: gltf?["extensionsUsed"]?.strings ?? [], required: gltf?["extensionsRequired"]?.strings ?? [],
            present: gltf?.extensionNamesPresent)
        if let refused = extensions.refused { throw .unsupportedExtension(path: path, name: refused) }
        return (gltf, read?.byteOrderMark ?? false, extensions)
    }

    /// Levels of detail written as files of their own beside a glTF model (`plant.lod1.glb`,
    /// `plant.lod2.glb`, `plant.lod3.glb`: what `ModelExporter` writes, so other viewers draw the model once):
    /// each one's parts become a level of the model's one drawable entity, switching at
    /// `LevelOfDetail.screenHeights`. Only files inside the model's folder are read.
    private static func attachLevelFiles(
        of absolute: String, shownAs path: String, in fs: ConfinedFileSystem, to asset: inout ModelAsset,
        limits: ModelLimits, isolation: ImportIsolation?
    ) throws {
        var levels: [LevelOfDetail] = []
        for level in 1...LevelOfDetail.screenHeights.count {
            let sibling = ModelExporter.levelPath(of: absolute, level: level)
            guard let name = sibling.split(separator: "/").last, let resolved = fs.resolve(String(name)) else { break }
            var info = stat()
            guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { break }
            let levelAsset = try load(path: resolved, limits: limits, isolation: isolation, cache: nil)
            let parts = levelAsset.root.descendants.compactMap(\.model).flatMap(\.parts)
            levels.append(LevelOfDetail(maxScreenHeight: LevelOfDetail.screenHeights[level - 1], parts: parts))
            asset.meshes += levelAsset.meshes
            asset.materials += levelAsset.materials
            asset.textures += levelAsset.textures
        }
        guard !levels.isEmpty else { return }
        let models = asset.root.descendants.filter { $0.model != nil }
        guard models.count == 1 else {
            asset.warnings.append(
                "\(path): has \(levels.count) level file(s) beside it, which Sprout uses only for a file of one drawable node: drawn at full detail")
            return
        }
        models[0].model?.levelsOfDetail += levels
    }

    /// The file name's extension, lower case ("" when the name has none; a dot in a folder's name does not count).
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Assimp's version, e.g. "5.2" (Debian's 5.2.5 reports itself as 5.2.4).
    public static var assimpVersion: String { "\(aiGetVersionMajor()).\(aiGetVersionMinor()).\(aiGetVersionPatch())" }
}
