internal import COpenGL
import SproutMath
import SproutScene

/// The skin palette's uniform buffer (`deform.glsl`'s `Joints` block): one per renderer,
/// rewritten for each skinned draw with that draw's matrices.
final class JointPalette {
    /// The binding point every skinned program's `Joints` block reads.
    static let binding: GLuint = 0
    let buffer: GLuint

    init() {
        var b: GLuint = 0
        glGenBuffers(1, &b)
        GLObjectCount.created()
        glBindBuffer(GLenum(GL_UNIFORM_BUFFER), b)
        glBufferData(GLenum(GL_UNIFORM_BUFFER), Skin.maximumJoints * 64, nil, GLenum(GL_DYNAMIC_DRAW))
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), Self.binding, b)
        buffer = b
    }

    deinit {
        var b = buffer
        glDeleteBuffers(1, &b)
        GLObjectCount.deleted()
    }

    /// Writes `matrices` (std140: 64 bytes each, column-major) and binds the buffer for drawing.
    func upload(_ matrices: [Matrix4]) {
        let floats = matrices.prefix(Skin.maximumJoints).flatMap(\.flat)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), Self.binding, buffer)
        floats.withUnsafeBytes { glBufferSubData(GLenum(GL_UNIFORM_BUFFER), 0, $0.count, $0.baseAddress) }
    }
}

/// A mesh's morph target offsets as an RGBA32F texture, rows of `width` texels: from texel
/// (target x vertex count + vertex) x `texelsPerVertex`, the position offset, the normal offset
/// and, where a target moves tangents, the tangent offset.
final class GPUMorphTargets {
    /// Texels per row (`deform.glsl` divides by the same number).
    static let width = 4096
    /// The largest offsets texture made, in texels.
    static let maximumTexels = 1 << 24
    let texture: GLuint
    let targetCount: Int
    /// Whether any target moves normals (else the shader reads positions only).
    let hasNormals: Bool
    /// Whether any target moves tangents (then each vertex has a third texel).
    let hasTangents: Bool
    /// 2, or 3 with tangents.
    let texelsPerVertex: Int

    /// nil when the offsets would not fit the largest texture the driver allows or `maximumTexels`.
    init?(_ mesh: Mesh) {
        let targets = mesh.morphTargets.prefix(64)
        let hasTangents = targets.contains { !$0.tangentOffsets.isEmpty }
        let stride = hasTangents ? 3 : 2
        let texels = targets.count * mesh.vertexCount * stride
        let rows = (texels + Self.width - 1) / Self.width
        var maxSize: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        // At most 2^24 texels (256 MiB): a hostile file's 64 targets on a million vertices are drawn unmorphed.
        guard texels > 0, texels <= Self.maximumTexels, rows <= Int(maxSize) else { return nil }
        var data = [Float](repeating: 0, count: rows * Self.width * 4)
        func put(_ offset: Vec3, at texel: Int) {
            data[texel * 4] = offset.x; data[texel * 4 + 1] = offset.y; data[texel * 4 + 2] = offset.z
        }
        for (t, target) in targets.enumerated() {
            for v in 0..<mesh.vertexCount {
                let base = (t * mesh.vertexCount + v) * stride
                put(target.positionOffsets[v], at: base)
                if !target.normalOffsets.isEmpty { put(target.normalOffsets[v], at: base + 1) }
                if !target.tangentOffsets.isEmpty { put(target.tangentOffsets[v], at: base + 2) }
            }
        }
        var t: GLuint = 0
        glGenTextures(1, &t)
        GLObjectCount.created()
        glBindTexture(GLC.texture2D, t)
        data.withUnsafeBytes {
            glTexImage2D(GLC.texture2D, 0, GL_RGBA32F, GLsizei(Self.width), GLsizei(rows), 0, GLC.rgba, GLC.float, $0.baseAddress)
        }
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        texture = t
        targetCount = targets.count
        hasNormals = targets.contains { !$0.normalOffsets.isEmpty }
        self.hasTangents = hasTangents
        texelsPerVertex = stride
    }

    deinit {
        var t = texture
        glDeleteTextures(1, &t)
        GLObjectCount.deleted()
    }
}

extension Renderer {
    /// Sets what `features`' deformation needs for `item` on `program` (in use): the palette
    /// in the joints' buffer, the morph offsets' texture and weights.
    func setDeformation(_ item: DrawItem, features: ShaderFeatures, on program: ShaderProgram) throws {
        guard let deformation = item.deformation, !features.isDisjoint(with: .deformations) else { return }
        if features.contains(.skin) {
            let palette = jointPalette ?? JointPalette()
            jointPalette = palette
            palette.upload(deformation.jointMatrices)
        }
        if features.contains(.morph) {
            // The unit first: making the texture binds it to the active unit, which must not be
            // one another sampler of this draw reads (the shadow map's, on a mesh's first draw).
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(TextureUnit.morphTargets.rawValue))
            guard let targets = resources.morphTargets(item.mesh) else { return }
            glBindTexture(GLC.texture2D, targets.texture)
            program.set(TextureUnit.morphTargets.samplerName, TextureUnit.morphTargets.rawValue)
            program.set("uMorphCount", Int32(targets.targetCount))
            program.set("uMorphVertexCount", Int32(item.mesh.vertexCount))
            program.set("uMorphHasNormals", Int32(targets.hasNormals ? 1 : 0))
            program.set("uMorphHasTangents", Int32(targets.hasTangents ? 1 : 0))
            program.set("uMorphTexelsPerVertex", Int32(targets.texelsPerVertex))
            var weights = Array(deformation.morphWeights.prefix(targets.targetCount))
            weights += Array(repeating: 0, count: targets.targetCount - weights.count)
            program.set("uMorphWeights", floats: weights)
        }
    }
}
