internal import COpenGL
import SproutScene

/// GPU buffers for one mesh: interleaved position, normal, uv (32 bytes a vertex).
final class GPUMesh {
    let vertexArray: GLuint
    let buffers: [GLuint]
    let indexCount: GLsizei

    init(_ mesh: Mesh) {
        var interleaved = [Float](); interleaved.reserveCapacity(mesh.vertexCount * 8)
        let hasUV = !mesh.uvs.isEmpty
        for i in 0..<mesh.vertexCount {
            let p = mesh.positions[i], n = mesh.normals[i], t = hasUV ? mesh.uvs[i] : .zero
            interleaved.append(p.x); interleaved.append(p.y); interleaved.append(p.z)
            interleaved.append(n.x); interleaved.append(n.y); interleaved.append(n.z)
            interleaved.append(t.x); interleaved.append(t.y)
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
        let stride = GLsizei(8 * MemoryLayout<Float>.size)
        for (index, size, offset) in [(GLuint(0), GLint(3), 0), (1, 3, 12), (2, 2, 24)] {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, size, GLC.float, GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
        }
        glBindVertexArray(0)
        vertexArray = vao
        buffers = ids
        indexCount = GLsizei(mesh.indices.count)
    }

    deinit {
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        buffers.withUnsafeBufferPointer { glDeleteBuffers(GLsizei($0.count), $0.baseAddress) }
        GLObjectCount.deleted(1 + buffers.count)
    }

    func draw() {
        glBindVertexArray(vertexArray)
        glDrawElements(GLC.triangles, indexCount, GLC.unsignedInt, nil)
    }
}

/// A mipmapped 2D texture; sRGB textures are decoded to linear by the sampler.
final class GPUTexture {
    let id: GLuint

    init(_ texture: Texture) {
        var t: GLuint = 0
        glGenTextures(1, &t)
        GLObjectCount.created()
        glBindTexture(GLC.texture2D, t)
        let internalFormat = texture.colorSpace == .sRGB ? GL_SRGB8_ALPHA8 : GL_RGBA8
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        texture.image.pixels.withUnsafeBytes {
            glTexImage2D(GLC.texture2D, 0, GLint(internalFormat), GLsizei(texture.image.width), GLsizei(texture.image.height),
                         0, GLC.rgba, GLC.unsignedByte, $0.baseAddress)
        }
        glGenerateMipmap(GLC.texture2D)
        let wrap = switch texture.wrap {
        case .repeat: GL_REPEAT
        case .clampToEdge: GL_CLAMP_TO_EDGE
        case .mirroredRepeat: GL_MIRRORED_REPEAT
        }
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_WRAP_S), GLint(wrap))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_WRAP_T), GLint(wrap))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MIN_FILTER), GLint(GL_LINEAR_MIPMAP_LINEAR))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GLint(GL_LINEAR))
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

    var meshCount: Int { meshes.count }
    var textureCount: Int { textures.count }

    func mesh(_ mesh: Mesh) -> GPUMesh {
        let key = ObjectIdentifier(mesh)
        if let e = meshes[key], e.source === mesh { return e.resource }
        let gpu = GPUMesh(mesh)
        meshes[key] = Entry(source: mesh, resource: gpu)
        return gpu
    }

    func texture(_ texture: Texture) -> GPUTexture {
        let key = ObjectIdentifier(texture)
        if let e = textures[key], e.source === texture { return e.resource }
        let gpu = GPUTexture(texture)
        textures[key] = Entry(source: texture, resource: gpu)
        return gpu
    }

    /// Frees what belongs to deallocated meshes and textures.
    func collectGarbage() {
        meshes = meshes.filter { $0.value.source != nil }
        textures = textures.filter { $0.value.source != nil }
    }
}
