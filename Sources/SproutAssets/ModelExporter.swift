@preconcurrency internal import CAssimp
import SproutMath
import SproutFiles
import SproutScene

/// Writes generated models: binary glTF 2.0 by default, written by Sprout itself (`GLBWriter`:
/// exact `extensionsUsed`, morph targets and their animation) when the materials are factors
/// only, else through Assimp's exporters; one mesh and one metallic-roughness material per
/// part, under a root node (levels of detail as its children). Assimp's aiScene is built in
/// memory Sprout owns and freed after the export.
public enum ModelExporter {
    /// Why a model could not be exported (Assimp's reason and the path).
    public struct Failure: Error, CustomStringConvertible {
        /// The file that could not be written.
        public var path: String
        /// Assimp's reason, in its words.
        public var reason: String
        /// "PATH: REASON".
        public var description: String { "\(path): \(reason)" }
    }

    /// Where level `level` (1, 2, ...) of the model at `path` is written and read: `plant.glb` ->
    /// `plant.lod1.glb`.
    public static func levelPath(of path: String, level: Int) -> String {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
        let folder = slash.map { String(path[...$0]) } ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + ".lod\(level)" }
        return folder + name[..<dot] + ".lod\(level)" + name[dot...]
    }

    /// Writes `parts` to `path` in Assimp's `format` ("glb2" for .glb, "gltf2", "obj", ...), and
    /// each of `levels` (cheaper versions, level 1 first): for a .glb Sprout writes, as a file of
    /// its own beside it (`levelPath`: `plant.lod1.glb`, ...), so that other viewers draw the
    /// model once; through Assimp, as a child node `root_LOD1`, ... of the root. The importer
    /// reads both back as the model's `LevelOfDetail`s.
    ///   `animation` (with "glb2" only) animates the parts' morph target weights, named `targetNames`.
    public static func write(
        _ parts: [ModelPart], levels: [[ModelPart]] = [], animation: (name: String, sampler: AnimationSampler)? = nil,
        targetNames: [String] = [], to path: String, format: String = "glb2"
    ) throws {
        let all = parts + levels.flatMap { $0 }
        if format == "glb2", GLBWriter.canWrite(all) {
            // The full model alone in its file, so every viewer draws it once; each cheaper level
            // in a file of its own beside it (`levelPath`), which Sprout's importer reads back.
            let files = [(path, parts, animation, targetNames)] + levels.enumerated().map { (levelPath(of: path, level: $0.offset + 1), $0.element, nil, []) }
            for (file, fileParts, fileAnimation, names) in files {
                do {
                    try OutputFile.write(try GLBWriter.bytes(parts: fileParts, targetNames: names, animation: fileAnimation), to: file)
                } catch let failure as Failure {
                    throw Failure(path: file, reason: failure.reason)
                } catch {
                    throw Failure(path: file, reason: "\(error)")
                }
            }
            return
        }
        let scene = UnsafeMutablePointer<aiScene>.allocate(capacity: 1)
        scene.initialize(to: aiScene())
        let meshes = UnsafeMutablePointer<UnsafeMutablePointer<aiMesh>?>.allocate(capacity: max(all.count, 1))
        let materials = UnsafeMutablePointer<UnsafeMutablePointer<aiMaterial>?>.allocate(capacity: max(all.count, 1))
        var release: [() -> Void] = [{ scene.deallocate() }, { meshes.deallocate() }, { materials.deallocate() }]
        defer { for r in release.reversed() { r() } }

        for (i, part) in all.enumerated() {
            let (mesh, freeMesh) = makeMesh(part.mesh, material: UInt32(i))
            meshes[i] = mesh
            release.append(freeMesh)
            let (material, freeMaterial) = makeMaterial(part.material)
            materials[i] = material
            release.append(freeMaterial)
        }
        // A node holding meshes first ..< first + count.
        func node(_ name: String, first: Int, count: Int) -> UnsafeMutablePointer<aiNode> {
            let node = UnsafeMutablePointer<aiNode>.allocate(capacity: 1)
            node.initialize(to: aiNode())
            let indices = UnsafeMutablePointer<UInt32>.allocate(capacity: max(count, 1))
            for i in 0..<count { indices[i] = UInt32(first + i) }
            node.pointee.mName = aiText(name)
            node.pointee.mTransformation = aiMatrix4x4(
                a1: 1, a2: 0, a3: 0, a4: 0, b1: 0, b2: 1, b3: 0, b4: 0,
                c1: 0, c2: 0, c3: 1, c4: 0, d1: 0, d2: 0, d3: 0, d4: 1)
            node.pointee.mNumMeshes = UInt32(count)
            node.pointee.mMeshes = indices
            release.append({
                indices.deallocate(); node.deallocate()
            })
            return node
        }
        let root = node("root", first: 0, count: parts.count)
        if !levels.isEmpty {
            let children = UnsafeMutablePointer<UnsafeMutablePointer<aiNode>?>.allocate(capacity: levels.count)
            release.append({ children.deallocate() })
            var first = parts.count
            for (i, level) in levels.enumerated() {
                let child = node("root_LOD\(i + 1)", first: first, count: level.count)
                child.pointee.mParent = root
                children[i] = child
                first += level.count
            }
            root.pointee.mNumChildren = UInt32(levels.count)
            root.pointee.mChildren = children
        }

        scene.pointee.mRootNode = root
        scene.pointee.mNumMeshes = UInt32(all.count)
        scene.pointee.mMeshes = meshes
        scene.pointee.mNumMaterials = UInt32(all.count)
        scene.pointee.mMaterials = materials
        let status = aiExportScene(scene, format, path, 0)
        guard status == aiReturn_SUCCESS else {
            throw Failure(path: path, reason: "Assimp could not export (\(String(cString: aiGetErrorString())))")
        }
    }

    private static func makeMesh(_ mesh: Mesh, material: UInt32) -> (UnsafeMutablePointer<aiMesh>, () -> Void) {
        let m = UnsafeMutablePointer<aiMesh>.allocate(capacity: 1)
        m.initialize(to: aiMesh())
        let n = mesh.vertexCount, faces = mesh.primitiveCount, corners = mesh.primitive.indexCount
        let vertices = UnsafeMutablePointer<aiVector3D>.allocate(capacity: max(n, 1))
        let normals = UnsafeMutablePointer<aiVector3D>.allocate(capacity: max(n, 1))
        for i in 0..<n {
            let p = mesh.positions[i], q = mesh.normals[i]
            vertices[i] = aiVector3D(x: p.x, y: p.y, z: p.z)
            normals[i] = aiVector3D(x: q.x, y: q.y, z: q.z)
        }
        let faceArray = UnsafeMutablePointer<aiFace>.allocate(capacity: max(faces, 1))
        let indexArray = UnsafeMutablePointer<UInt32>.allocate(capacity: max(faces * corners, 1))
        for f in 0..<faces {
            for k in 0..<corners { indexArray[f * corners + k] = mesh.indices[f * corners + k] }
            faceArray[f] = aiFace(mNumIndices: UInt32(corners), mIndices: indexArray + f * corners)
        }
        let type: aiPrimitiveType =
            switch mesh.primitive {
            case .triangles: aiPrimitiveType_TRIANGLE
            case .lines: aiPrimitiveType_LINE
            case .points: aiPrimitiveType_POINT
            }
        m.pointee.mPrimitiveTypes = UInt32(type.rawValue)
        m.pointee.mNumVertices = UInt32(n)
        m.pointee.mVertices = vertices
        m.pointee.mNormals = normals
        m.pointee.mNumFaces = UInt32(faces)
        m.pointee.mFaces = faceArray
        m.pointee.mMaterialIndex = material
        m.pointee.mName = aiText(mesh.name)
        return (
            m,
            {
                vertices.deallocate(); normals.deallocate(); faceArray.deallocate(); indexArray.deallocate(); m.deallocate()
            }
        )
    }

    /// Base colour, metallic, roughness and two-sidedness, as the glTF 2 exporter reads them.
    private static func makeMaterial(_ material: Material) -> (UnsafeMutablePointer<aiMaterial>, () -> Void) {
        let c = material.baseColor
        let properties: [(key: String, type: aiPropertyTypeInfo, bytes: [UInt8])] = [
            ("$clr.base", aiPTI_Float, bytes([c.x, c.y, c.z, c.w])),
            ("$clr.diffuse", aiPTI_Float, bytes([c.x, c.y, c.z, c.w])),
            ("$mat.metallicFactor", aiPTI_Float, bytes([material.metallic])),
            ("$mat.roughnessFactor", aiPTI_Float, bytes([material.roughness])),
            ("$mat.twosided", aiPTI_Integer, withUnsafeBytes(of: Int32(material.isDoubleSided ? 1 : 0)) { Array($0) }),
            ("?mat.name", aiPTI_String, stringBytes(material.name))
        ]
        let list = UnsafeMutablePointer<UnsafeMutablePointer<aiMaterialProperty>?>.allocate(capacity: properties.count)
        var frees: [() -> Void] = []
        for (i, p) in properties.enumerated() {
            let property = UnsafeMutablePointer<aiMaterialProperty>.allocate(capacity: 1)
            property.initialize(to: aiMaterialProperty())
            let data = UnsafeMutablePointer<CChar>.allocate(capacity: p.bytes.count)
            for (k, b) in p.bytes.enumerated() { data[k] = CChar(bitPattern: b) }
            property.pointee.mKey = aiText(p.key)
            property.pointee.mType = p.type
            property.pointee.mDataLength = UInt32(p.bytes.count)
            property.pointee.mData = data
            list[i] = property
            frees.append {
                data.deallocate(); property.deallocate()
            }
        }
        let m = UnsafeMutablePointer<aiMaterial>.allocate(capacity: 1)
        m.initialize(to: aiMaterial())
        m.pointee.mProperties = list
        m.pointee.mNumProperties = UInt32(properties.count)
        m.pointee.mNumAllocated = UInt32(properties.count)
        return (
            m,
            {
                for f in frees { f() }; list.deallocate(); m.deallocate()
            }
        )
    }

    private static func bytes(_ floats: [Float]) -> [UInt8] { floats.withUnsafeBytes { Array($0) } }

    /// Assimp's string property layout: a 32-bit length, the bytes, a terminating zero.
    private static func stringBytes(_ s: String) -> [UInt8] {
        let utf8 = Array(s.utf8.prefix(1000))
        return withUnsafeBytes(of: UInt32(utf8.count)) { Array($0) } + utf8 + [0]
    }

    private static func aiText(_ s: String) -> aiString {
        var text = aiString()
        let utf8 = Array(s.utf8.prefix(1000))
        text.length = UInt32(utf8.count)
        withUnsafeMutableBytes(of: &text.data) { raw in
            for (i, b) in utf8.enumerated() { raw[i] = b }
            raw[utf8.count] = 0
        }
        return text
    }
}
