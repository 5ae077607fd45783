internal import COpenGL
import SproutScene

extension Renderer {
    /// Before a layer's transmissive surfaces are drawn, when some of them are volumes that
    /// refract (`ShaderFeatures.refracts`): copies the depth drawn so far and draws the volumes'
    /// back faces, so that their refracted view rays can be followed out of the volume and on
    /// to what lies behind (lit.frag's `refractedRead`). Leaves `target` bound for drawing.
    func prepareVolumeRefraction(_ volumes: [DrawItem], on target: RenderTarget, frame: inout FrameUniforms) throws {
        // The format query and the copy tell a refusal by the GL error after them: one pending
        // from before is the frame's failure, reported as the frame's end would report it.
        if let error = glErrorText() { throw RenderError("rendering failed: \(error)") }
        let depthFormat = VolumeRefractionBuffers.depthFormat(of: target.drawFramebuffer)
        if let made = volumeRefraction, made.width != target.width || made.height != target.height || made.depthFormat != depthFormat {
            volumeRefraction = nil
        }
        if volumeRefraction == nil {
            volumeRefraction = try VolumeRefractionBuffers(width: target.width, height: target.height, depthFormat: depthFormat)
        }
        guard let buffers = volumeRefraction else { return }
        buffers.captureSceneDepth(from: target.drawFramebuffer)
        buffers.beginBackFaces()
        state.invalidate()   // the clear set the depth mask behind the cache's back
        for item in volumes {
            let features = ShaderFeatures.volumeBackFaces.union(ShaderFeatures.of(item.deformation, on: item.mesh))
            let program = try program(.lit(features))
            glUseProgram(program.id)
            if !frame.prepared.contains(features) {
                program.set("uViewProjection", matrix: frame.viewProjection)
                frame.prepared.insert(features)
            }
            program.set("uModel", matrix: item.world.flat)
            program.set("uNormalMatrix", matrix3: normalMatrix(item.world))
            try setDeformation(item, features: features, on: program)
            // Only the faces turned away: a two-sided volume's too, since its inside is what is wanted.
            var drawState = DrawState.opaque.faces(doubleSided: false, mirrored: item.world.determinant < 0)
            drawState.cull = .front
            state.apply(drawState)
            drawMesh(item.mesh)
        }
        glBindFramebuffer(GLC.framebuffer, target.drawFramebuffer)
        glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
    }
}
