internal import COpenGL
import SproutMath
import SproutScene

/// The renderer's full-screen passes and the environment probe: the sky, an HDR environment
/// (into the probe and behind the frame), the probe's faces and its GGX prefilter.
extension Renderer {
    /// Draws the backdrop and sky into the six faces of the environment probe at `at`, in
    /// linear radiance, shadowed as in the frame.
    func drawProbe(
        at position: Vec3, backdrop: DrawList.Layer, sky: Sky?, environment: EnvironmentLight?,
        lighting: Lighting, shadowed: Bool
    ) throws {
        let size = environment == nil ? EnvironmentProbe.stageSize : EnvironmentProbe.environmentSize
        if probe?.size != size {
            probe = nil
            probe = try EnvironmentProbe(size: size)
        }
        guard let probe else { return }
        state.apply(.opaque)   // each face's clear needs depth writes on
        for (face, viewProjection) in EnvironmentProbe.faceViewProjections(at: position).enumerated() {
            probe.beginFace(face)
            var frame = FrameUniforms(
                viewProjection: viewProjection.flat, eye: Viewpoint(at: position).shaderEye, lighting: lighting,
                lightViewProjection: shadowed ? shadowMap?.lightViewProjection?.flat : nil, linearOutput: true)
            let background = {
                guard let inverse = viewProjection.inverse else { return }
                if let environment {
                    // A face spans pi / 2 over `size` texels.
                    try self.drawEnvironment(
                        environment, inverseViewProjection: inverse, eye: Viewpoint(at: position).shaderEye, linearOutput: true,
                        pixelsPerRadian: Float(size) / (.pi / 2), exposure: 1, toneMapping: .neutral)
                } else if let sky {
                    try self.drawSky(sky, inverseViewProjection: inverse, eye: Viewpoint(at: position).shaderEye, linearOutput: true)
                }
            }
            _ = try draw(backdrop, shadowed: shadowed, frame: &frame, afterOpaque: background)
        }
        probe.finish()
        probeIrradiance = probe.irradiance()
        if environment != nil { try prefilter(probe, at: position) }
        state.invalidate()   // the probe's passes set state of their own
        probeRefreshCount += 1
    }

    /// The sky behind everything: one triangle at the far plane where nothing opaque was drawn, no depth written. With
    /// `linearOutput` (the environment probe) it writes linear radiance, not sRGB.
    func drawSky(_ sky: Sky, inverseViewProjection: Matrix4, eye: Vec4, linearOutput: Bool) throws {
        let program = try program(.sky)
        glUseProgram(program.id)
        program.set("uZenith", sky.zenith)
        program.set("uHorizon", sky.horizon)
        program.set("uGround", sky.ground)
        drawBehindEverything(program, inverseViewProjection: inverseViewProjection, eye: eye, linearOutput: linearOutput)
    }

    /// The sky shader's one triangle at the far plane with `program` (in use, its own uniforms
    /// set), seen through `inverseViewProjection` from `eye`, where no opaque surface was drawn
    /// (`DrawState.background`), no depth written.
    private func drawBehindEverything(_ program: ShaderProgram, inverseViewProjection: Matrix4, eye: Vec4, linearOutput: Bool) {
        program.set("uInverseViewProjection", matrix: inverseViewProjection.flat)
        program.set("uEye", eye)
        program.set("uLinearOutput", Int32(linearOutput ? 1 : 0))
        state.apply(.background)
        glBindVertexArray(fullScreenTriangle())
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
    }

    /// The empty vertex array the full-screen passes draw their one triangle with (sky.vert
    /// makes it from gl_VertexID), made on first use.
    func fullScreenTriangle() -> GLuint {
        if let vertexArray = skyVertexArray { return vertexArray }
        var vertexArray: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        GLObjectCount.created()
        skyVertexArray = vertexArray
        return vertexArray
    }

    /// Replaces the probe's box-filtered levels by GGX-convolved ones (level k at roughness
    /// k / (levels - 1), as the lit shader reads them): for HDR environments, whose suns and
    /// windows a box filter would smear into squares.
    func prefilter(_ probe: EnvironmentProbe, at position: Vec3) throws {
        let program = try program(.prefilter)
        let vertexArray = fullScreenTriangle()
        probe.copyToSource()
        glUseProgram(program.id)
        program.set("uEye", Viewpoint(at: position).shaderEye)
        program.set("uSource", TextureUnit.environment.rawValue)
        program.set("uSourceSize", Float(probe.size))
        probe.bindSource(unit: TextureUnit.environment.rawValue)
        state.apply(DrawState(depthTest: false, depthWrite: false, cull: .none))
        glBindVertexArray(vertexArray)
        let faces = EnvironmentProbe.faceViewProjections(at: position)
        for level in 1..<probe.levels {
            program.set("uRoughness", Float(level) / Float(probe.levels - 1))
            for (face, viewProjection) in faces.enumerated() {
                probe.beginLevel(level, face: face)
                program.set("uInverseViewProjection", matrix: (viewProjection.inverse ?? .identity).flat)
                glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            }
        }
    }

    /// The HDR environment behind everything, as `drawSky` draws the sky: linear radiance into
    /// the probe, or exposed, tone-mapped and encoded into the frame.
    func drawEnvironment(
        _ environment: EnvironmentLight, inverseViewProjection: Matrix4, eye: Vec4, linearOutput: Bool,
        pixelsPerRadian: Float, exposure: Float, toneMapping: ToneMapping
    ) throws {
        guard let map = environmentMap else { return }
        let program = try program(.environment(toneMapping))
        glUseProgram(program.id)
        program.set("uEquirect", TextureUnit.baseColor.rawValue)
        program.set("uEquirectLevel", map.level(pixelsPerRadian: pixelsPerRadian))
        program.set("uIntensity", max(environment.intensity, 0))
        program.set("uRotation", environment.rotation)
        program.set("uExposure", exposure)
        map.bind(unit: TextureUnit.baseColor.rawValue)
        drawBehindEverything(program, inverseViewProjection: inverseViewProjection, eye: eye, linearOutput: linearOutput)
    }
}
