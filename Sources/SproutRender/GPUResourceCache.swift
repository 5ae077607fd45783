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

/// How an alpha-cut (MASK) material cuts its base colour texture: the base colour factor's
/// alpha and the cutoff, which together say which texels are kept (`Image.keepingCut`).
struct AlphaCut: Hashable {
    let alphaFactor: Float
    let cutoff: Float

    /// Equal by bit patterns, so that a NaN from a document finds its coverage map again
    /// instead of making a new one every draw.
    static func == (a: AlphaCut, b: AlphaCut) -> Bool {
        a.alphaFactor.bitPattern == b.alphaFactor.bitPattern && a.cutoff.bitPattern == b.cutoff.bitPattern
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(alphaFactor.bitPattern)
        hasher.combine(cutoff.bitPattern)
    }
}

/// A mipmapped 2D texture; sRGB textures are decoded to linear by the sampler.
final class GPUTexture {
    let id: GLuint

    /// With `cut`, a coverage map: level 0 the image, each level below the share of its texels
    /// that `cut` keeps, coloured by those alone (`Image.keepingCut`, `coverage.glsl`).
    init(_ texture: Texture, cut: AlphaCut? = nil) {
        var t: GLuint = 0
        glGenTextures(1, &t)
        GLObjectCount.created()
        glBindTexture(GLC.texture2D, t)
        let internalFormat = texture.colorSpace == .sRGB ? GL_SRGB8_ALPHA8 : GL_RGBA8
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        // Immutable storage for the whole chain, then each level into it: llvmpipe's
        // glTexImage2D keeps a second copy of level 0 until the chain is complete (16 MiB more
        // a 2,048² texture at the peak). The levels below are made on the CPU
        // (`Image.halved`), each from the one before and dropped once uploaded, where llvmpipe's
        // glGenerateMipmap compiles and runs a blit shader.
        let image = texture.image
        if image.width > 0 && image.height > 0 {
            let mipmapped = texture.minification.mipmaps != nil
            let levels = mipmapped ? Int.bitWidth - max(image.width, image.height).leadingZeroBitCount : 1
            glTexStorage2D(GLC.texture2D, GLsizei(levels), GLenum(internalFormat), GLsizei(image.width), GLsizei(image.height))
            func upload(_ image: Image, level: Int) {
                image.pixels.withUnsafeBytes {
                    glTexSubImage2D(GLC.texture2D, GLint(level), 0, 0, GLsizei(image.width), GLsizei(image.height), GLC.rgba, GLC.unsignedByte, $0.baseAddress)
                }
            }
            upload(image, level: 0)
            var level = image
            if let cut, levels > 1 { level = image.keepingCut(alphaFactor: cut.alphaFactor, cutoff: cut.cutoff) }
            for index in 1..<levels {
                level = level.halved(sRGB: texture.colorSpace == .sRGB, weightedByAlpha: cut != nil)
                upload(level, level: index)
            }
        }
        func mode(_ wrap: Texture.Wrap) -> GLint {
            switch wrap {
            case .repeat: GLint(GL_REPEAT)
            case .clampToEdge: GLint(GL_CLAMP_TO_EDGE)
            case .mirroredRepeat: GLint(GL_MIRRORED_REPEAT)
            }
        }
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_WRAP_S), mode(texture.wrap))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_WRAP_T), mode(texture.wrapV))
        // glTF's minFilter values are OpenGL's.
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MIN_FILTER), GLint(texture.minification.glTFValue))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GLint(texture.magnification == .nearest ? GL_NEAREST : GL_LINEAR))
        id = t
    }

    deinit {
        var t = id
        glDeleteTextures(1, &t)
        GLObjectCount.deleted()
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
    private var textures: [ObjectIdentifier: Entry<GPUTexture>] = [:]
    private var coverageMaps: [CoverageKey: Entry<GPUTexture>] = [:]
    /// How many coverage maps each texture has (at most `coverageMapsPerTexture`).
    private var coverageMapCounts: [ObjectIdentifier: Int] = [:]
    private struct CoverageKey: Hashable {
        let texture: ObjectIdentifier
        let cut: AlphaCut
    }

    /// Coverage maps one texture may have: a texture drawn under more cuts than this (an
    /// animated cutoff or base colour alpha: a new cut every frame) is drawn from its plain copy
    /// under the others, so memory stays bounded (AlphaBlendModeTest draws one under three).
    static let coverageMapsPerTexture = 4
    private var morphs: [ObjectIdentifier: Entry<GPUMorphTargets?>] = [:]

    var meshCount: Int { meshes.count }
    var textureCount: Int { textures.count + coverageMaps.count }

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

    /// The texture's GPU copy; with `cut`, its coverage map for that cut (one for each cut the
    /// texture is drawn with, beside the plain copy where it is also drawn uncut).
    func texture(_ texture: Texture, cut: AlphaCut? = nil) -> GPUTexture {
        guard let cut else {
            let key = ObjectIdentifier(texture)
            if let e = textures[key], e.source === texture { return e.resource }
            let gpu = GPUTexture(texture)
            textures[key] = Entry(source: texture, resource: gpu)
            return gpu
        }
        let key = CoverageKey(texture: ObjectIdentifier(texture), cut: cut)
        if let e = coverageMaps[key], e.source === texture { return e.resource }
        let gpu = GPUTexture(texture, cut: cut)
        if coverageMaps.updateValue(Entry(source: texture, resource: gpu), forKey: key) == nil {
            coverageMapCounts[key.texture, default: 0] += 1
        }
        return gpu
    }

    /// Whether `texture` is read through a coverage map for `cut`: it has one, or fewer than
    /// `coverageMapsPerTexture` so far (a texture deallocated and its identifier reused counts
    /// afresh once `collectGarbage` has run).
    func hasCoverageMap(_ texture: Texture, cut: AlphaCut) -> Bool {
        let key = CoverageKey(texture: ObjectIdentifier(texture), cut: cut)
        if let e = coverageMaps[key], e.source === texture { return true }
        return coverageMapCounts[key.texture, default: 0] < Self.coverageMapsPerTexture
    }

    /// Frees what belongs to deallocated meshes and textures.
    func collectGarbage() {
        meshes = meshes.filter { $0.value.source != nil }
        morphs = morphs.filter { $0.value.source != nil }
        textures = textures.filter { $0.value.source != nil }
        let coverageMapsBefore = coverageMaps.count
        coverageMaps = coverageMaps.filter { $0.value.source != nil }
        if coverageMaps.count != coverageMapsBefore {
            coverageMapCounts = Dictionary(coverageMaps.keys.map { ($0.texture, 1) }, uniquingKeysWith: +)
        }
    }
}
