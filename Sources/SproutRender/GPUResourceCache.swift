internal import COpenGL
import SproutScene

/// GPU buffers for one mesh: interleaved position, normal, uv (32 bytes a vertex), then the
/// vertex colours (attribute 3), second coordinates (attribute 4), tangents (attribute 5) and
/// joints and weights (attributes 6 and 7, then 8 and 9 for a second set) only when the mesh has them.
final class GPUMesh {
    let vertexArray: GLuint
    let buffers: [GLuint]
    let indexCount: GLsizei
    /// `GL_TRIANGLES`, `GL_LINES` or `GL_POINTS`, as the mesh's primitive says.
    let mode: GLenum

    /// Attribute locations, as `lit.vert` declares them.
    static let colorLocation: GLuint = 3, secondUVLocation: GLuint = 4, tangentLocation: GLuint = 5
    /// The first set's joints; its weights, then the second set's joints and weights follow (`deform.glsl`).
    static let jointsLocation: GLuint = 6

    init(_ mesh: Mesh) {
        let hasUV = !mesh.uvs.isEmpty, hasColor = !mesh.colors.isEmpty, hasUV1 = !mesh.uvs1.isEmpty, hasTangent = !mesh.tangents.isEmpty
        let skinSets = mesh.skinSets
        let floats = 8 + (hasColor ? 4 : 0) + (hasUV1 ? 2 : 0) + (hasTangent ? 4 : 0) + skinSets * 8
        var interleaved = [Float](); interleaved.reserveCapacity(mesh.vertexCount * floats)
        for i in 0..<mesh.vertexCount {
            let p = mesh.positions[i], n = mesh.normals[i], t = hasUV ? mesh.uvs[i] : .zero
            interleaved.append(p.x); interleaved.append(p.y); interleaved.append(p.z)
            interleaved.append(n.x); interleaved.append(n.y); interleaved.append(n.z)
            interleaved.append(t.x); interleaved.append(t.y)
            if hasColor { let c = mesh.colors[i]; interleaved.append(c.x); interleaved.append(c.y); interleaved.append(c.z); interleaved.append(c.w) }
            if hasUV1 { let u = mesh.uvs1[i]; interleaved.append(u.x); interleaved.append(u.y) }
            if hasTangent { let t = mesh.tangents[i]; interleaved.append(t.x); interleaved.append(t.y); interleaved.append(t.z); interleaved.append(t.w) }
            for set in 0..<skinSets {
                // Joint indices as floats: exact below 2^24, and one attribute type for the shader.
                let j = mesh.joints[set][i], w = mesh.weights[set][i]
                interleaved += [Float(j.x), Float(j.y), Float(j.z), Float(j.w), w.x, w.y, w.z, w.w]
            }
        }
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        var ids = [GLuint](repeating: 0, count: 2)
        glGenBuffers(2, &ids)
        GLObjectCount.created(3)
        glBindBuffer(GLC.arrayBuffer, ids[0])
        interleaved.withUnsafeBytes { glBufferData(GLC.arrayBuffer, $0.count, $0.baseAddress, GLC.staticDraw) }
        glBindBuffer(GLC.elementArrayBuffer, ids[1])
        mesh.indices.withUnsafeBytes { glBufferData(GLC.elementArrayBuffer, $0.count, $0.baseAddress, GLC.staticDraw) }
        let stride = GLsizei(floats * MemoryLayout<Float>.size)
        var attributes: [(GLuint, GLint, Int)] = [(0, 3, 0), (1, 3, 12), (2, 2, 24)]
        if hasColor { attributes.append((Self.colorLocation, 4, 32)) }
        if hasUV1 { attributes.append((Self.secondUVLocation, 2, hasColor ? 48 : 32)) }
        let skinOffset = 32 + (hasColor ? 16 : 0) + (hasUV1 ? 8 : 0) + (hasTangent ? 16 : 0)
        if hasTangent { attributes.append((Self.tangentLocation, 4, skinOffset - 16)) }
        for set in 0..<skinSets {
            attributes.append((Self.jointsLocation + GLuint(set * 2), 4, skinOffset + set * 32))
            attributes.append((Self.jointsLocation + GLuint(set * 2 + 1), 4, skinOffset + set * 32 + 16))
        }
        for (index, size, offset) in attributes {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, size, GLC.float, GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
        }
        glBindVertexArray(0)
        vertexArray = vao
        buffers = ids
        indexCount = GLsizei(mesh.indices.count)
        switch mesh.primitive {
        case .triangles: mode = GLC.triangles
        case .lines: mode = GLenum(GL_LINES)
        case .points: mode = GLenum(GL_POINTS)
        }
    }

    deinit {
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        buffers.withUnsafeBufferPointer { glDeleteBuffers(GLsizei($0.count), $0.baseAddress) }
        GLObjectCount.deleted(1 + buffers.count)
    }

    func draw() {
        glBindVertexArray(vertexArray)
        glDrawElements(mode, indexCount, GLC.unsignedInt, nil)
    }
}

/// GPU copies of meshes and textures, created on first use and released once the scene object
/// they were made from is gone (checked through weak references after each frame).
final class GPUResourceCache {
    private struct Entry<Resource> {
        weak var source: AnyObject?
        let resource: Resource
    }

    private var meshes: [ObjectIdentifier: Entry<GPUMesh>] = [:]
    /// Each texture's copies, one a variant it is drawn with (`TextureVariant`).
    private var textures: [TextureKey: Entry<GPUTexture>] = [:]
    /// How many coverage maps each texture has (at most `coverageMapsPerTexture`).
    private var coverageMapCounts: [ObjectIdentifier: Int] = [:]
    private struct TextureKey: Hashable {
        let texture: ObjectIdentifier
        let variant: TextureVariant
    }

    /// Coverage maps one texture may have: a texture drawn under more cuts than this (an
    /// animated cutoff or base colour alpha: a new cut every frame) is drawn from its plain copy
    /// under the others, so memory stays bounded (AlphaBlendModeTest draws one under three).
    static let coverageMapsPerTexture = 4
    private var morphs: [ObjectIdentifier: Entry<GPUMorphTargets?>] = [:]

    var meshCount: Int { meshes.count }
    var textureCount: Int { textures.count }

    func mesh(_ mesh: Mesh) -> GPUMesh {
        let key = ObjectIdentifier(mesh)
        if let e = meshes[key], e.source === mesh { return e.resource }
        let gpu = GPUMesh(mesh)
        meshes[key] = Entry(source: mesh, resource: gpu)
        return gpu
    }

    /// The mesh's morph offsets as a texture; nil when too large for one (the mesh is drawn unmorphed).
    func morphTargets(_ mesh: Mesh) -> GPUMorphTargets? {
        let key = ObjectIdentifier(mesh)
        if let e = morphs[key], e.source === mesh { return e.resource }
        let gpu = GPUMorphTargets(mesh)
        morphs[key] = Entry(source: mesh, resource: gpu)
        return gpu
    }

    /// The texture's GPU copy for `variant`: its plain copy, its coverage map for a cut (one
    /// for each cut it is drawn with, `hasCoverageMap`), or its normal map levels.
    func texture(_ texture: Texture, variant: TextureVariant = .plain) -> GPUTexture {
        let key = TextureKey(texture: ObjectIdentifier(texture), variant: variant)
        if let e = textures[key], e.source === texture { return e.resource }
        let gpu = GPUTexture(texture, variant: variant)
        if textures.updateValue(Entry(source: texture, resource: gpu), forKey: key) == nil, case .coverage = variant {
            coverageMapCounts[key.texture, default: 0] += 1
        }
        return gpu
    }

    /// Whether `texture` is read through a coverage map for `cut`: it has one, or fewer than
    /// `coverageMapsPerTexture` so far (a texture deallocated and its identifier reused counts
    /// afresh once `collectGarbage` has run).
    func hasCoverageMap(_ texture: Texture, cut: AlphaCut) -> Bool {
        let key = TextureKey(texture: ObjectIdentifier(texture), variant: .coverage(cut))
        if let e = textures[key], e.source === texture { return true }
        return coverageMapCounts[key.texture, default: 0] < Self.coverageMapsPerTexture
    }

    /// Frees what belongs to deallocated meshes and textures.
    func collectGarbage() {
        meshes = meshes.filter { $0.value.source != nil }
        morphs = morphs.filter { $0.value.source != nil }
        let texturesBefore = textures.count
        textures = textures.filter { $0.value.source != nil }
        if textures.count != texturesBefore && !coverageMapCounts.isEmpty {
            coverageMapCounts = Dictionary(
                textures.keys.compactMap { key in if case .coverage = key.variant { (key.texture, 1) } else { nil } }, uniquingKeysWith: +)
        }
    }
}
