internal import COpenGL
import SproutMath
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Draws a `Scene` as a `View` sees it into a `RenderTarget` (OpenGL 3.3 core).
///
/// Reads the scene, never writes it. GPU copies of meshes and textures are made on first use
/// and freed when their scene objects are gone.
///
/// GL objects live in a context: make the renderer with `Renderer(context:)`, which keeps the
/// context alive and current while it draws, or keep the current context alive yourself. A
/// renderer used with no current context throws a `RenderError` saying so.
public final class Renderer {
    /// The driver's strings (vendor, renderer, version), read when the renderer was made.
    public let info: RendererInfo
    /// The context this renderer's GL objects live in, when it was given one (kept alive here).
    public let context: GraphicsContext?
    private let vertexSource: String
    private let fragmentSource: String
    private let shadowSources: (vertex: String, fragment: String)
    private let skySources: (vertex: String, fragment: String)
    /// Compiled when a scene with a sky is first drawn, with the empty vertex array its one
    /// triangle is drawn from (core profile draws need a bound vertex array).
    var skyVertexArray: GLuint?
    /// Made when a scene first asks for one (`Scene.environmentProbePosition`).
    var probe: EnvironmentProbe?
    /// The scene's HDR environment on the GPU, while the scene has the same image.
    var environmentMap: EnvironmentMap?
    /// What the probe holds now; nil when it must be drawn.
    private var probeInputs: ProbeInputs?
    /// The irradiance of the probe last drawn (`EnvironmentProbe.irradiance`).
    var probeIrradiance: IrradianceSH?
    /// Which irradiance the lit programs have compiled in.
    private(set) var compiledIrradiance = CompiledIrradiance()
    /// The lit programs compiled with `compiledIrradiance.previous`, kept aside.
    private var previousIrradiancePrograms: [ProgramKey: ShaderProgram] = [:]
    /// Environment probes drawn so far: a frame whose probe position, lights, sky and backdrop
    /// are as in the last one reuses it.
    public internal(set) var probeRefreshCount = 0
    /// What the shadow map holds now; nil when it must be drawn.
    var shadowMapInputs: ShadowInputs?
    /// Every program, compiled on first use (a renderer that never draws shadows never compiles
    /// their program): one cache keyed by which sources and which features.
    private var programs: [ProgramKey: ShaderProgram] = [:]
    /// The GL state the last draw left, so each draw changes only what differs.
    var state = GLStateCache()
    let resources = GPUResourceCache()
    /// The skin palette's uniform buffer, made when a skinned mesh is first drawn.
    var jointPalette: JointPalette?
    /// Paces a dense frame's draws (internal: tests set a small batch to see it at work).
    var submission = SubmissionPacer()
    var shadowMap: ShadowMap?
    var sceneColor: SceneColorCopy?
    /// The volumes' back faces and the depth behind them, made when a volume first refracts.
    var volumeRefraction: VolumeRefractionBuffers?
    private let overlayQuad = MeshFactory.plane(width: 1, depth: 1, name: "overlay quad")
    /// Draw calls issued by the last `render`.
    public private(set) var lastDrawCount = 0
    /// Meshes the last `render` left out because they lay outside the view.
    public private(set) var lastCulledCount = 0
    /// Triangles the last `render` drew in its main pass (levels of detail and culling show here).
    public private(set) var lastTriangleCount = 0
    /// Shadow maps drawn so far: a frame whose light and casters are as in the last one reuses it.
    public internal(set) var shadowPassCount = 0
    /// Near shadow maps drawn so far (`RenderOptions.nearShadowMap`): a frame whose near part of
    /// the view and casters are as in the last one reuses it.
    public internal(set) var nearShadowPassCount = 0
    /// The near part of the view's shadows, while the view has one (`prepareShadows`).
    var nearShadowMap: ShadowMap?
    /// Whether `render` counts the samples its main pass shades (`lastShadedSampleCount`): a
    /// query the frame then waits for at its end, so a profiling aid, off by default.
    public var countsShadedSamples = false
    /// The samples that passed the depth test in the last `render`'s main pass (sky, backdrop
    /// and content; not the shadow map, the probe or the overlays): the fragments shaded, times
    /// the samples a pixel. Over the target's pixel count, how many times each was shaded (1 at
    /// best: llvmpipe tests depth before shading). Nil unless `countsShadedSamples` is on.
    public private(set) var lastShadedSampleCount: Int?

    /// A renderer for `context`, which it keeps alive and makes current before each frame.
    /// Compiles the GLSL built into Sprout, or the files in `shaderDirectory` when one is given.
    public convenience init(context: GraphicsContext, shaderDirectory: String? = nil) throws {
        try context.makeCurrent()
        try self.init(shaders: try shaderDirectory.map(ShaderLibrary.init(folder:)) ?? .builtIn, owner: context)
    }

    /// A renderer for the context current on this thread, which the caller keeps alive.
    /// Compiles the GLSL built into Sprout, or the files in `shaderDirectory` when one is given.
    public convenience init(shaderDirectory: String? = nil) throws {
        try self.init(shaders: try shaderDirectory.map(ShaderLibrary.init(folder:)) ?? .builtIn, owner: nil)
    }

    private init(shaders: ShaderLibrary, owner: GraphicsContext?) throws {
        try requireCurrentContext("Renderer")
        context = owner
        let read = shaders.source
        info = RendererInfo.current()
        let deform = read("deform.glsl")
        vertexSource = deform + read("lit.vert")
        let color = read("color.glsl")
        fragmentSource = color + ShaderLibrary.litFragmentFiles.map(read).joined()
        shadowSources = (deform + read("shadow.vert"), read("coverage.glsl") + read("shadow.frag"))
        skySources = (read("sky.vert"), color + read("sky.frag"))
    }

    deinit {
        // As the other GL objects: deleted in the context current now (the programs' and
        // meshes' own deinits do the same).
        if var vertexArray = skyVertexArray {
            glDeleteVertexArrays(1, &vertexArray)
            GLObjectCount.deleted()
        }
    }

    /// Meshes with GPU buffers now (shared meshes count once); the buffers of meshes that are gone
    /// are freed at the next `render`.
    public var gpuMeshCount: Int { resources.meshCount }
    /// Textures uploaded to the GPU now; those whose texture is gone are freed at the next `render`.
    public var gpuTextureCount: Int { resources.textureCount }

    /// Draws one frame. With a multisampled offscreen target the samples are resolved at the end.
    public func render(_ scene: Scene, view: View, into target: RenderTarget) throws {
        if let context { try context.makeCurrent() } else { try requireCurrentContext("Renderer.render") }
        resources.collectGarbage()
        let viewport = Viewport(width: Float(target.width), height: Float(target.height))
        let viewpoint = Viewpoint(camera: view.camera)
        let mapping = view.camera.mapping(viewport: viewport)
        let detail = view.options.levelsOfDetail ? DetailSelector(viewMatrix: mapping.viewMatrix, projection: view.camera.projection) : nil
        var list = DrawList(scene: scene, viewpoint: viewpoint, detail: detail)
        let lighting = scene.lighting
        let useShadows = view.options.shadows && lighting.castsShadows && !list.casterBounds.isEmpty
        var drawCount = 0

        var nearShadowTransform: Vec4?
        if useShadows {
            let shadows = try prepareShadows(list, lighting: lighting, options: view.options, camera: view.camera, viewport: viewport)
            drawCount += shadows.draws
            nearShadowTransform = shadows.nearTransform
        }

        var useEnvironment = false
        let environment = view.options.shading == .realistic ? scene.environment : nil
        if let environment, environmentMap?.image !== environment.image {
            environmentMap = nil
            environmentMap = EnvironmentMap(environment.image)
        }
        if environment == nil { environmentMap = nil }
        // An HDR environment lies at infinity: without a probe position of the scene's, the origin's view of the backdrop.
        if view.options.shading == .realistic, let at = scene.environmentProbePosition ?? (environment != nil ? .zero : nil) {
            let inputs = ProbeInputs(position: at, lighting: lighting, sky: scene.sky, environment: environment, backdrop: list.probeBackdrop)
            if inputs != probeInputs {
                try drawProbe(
                    at: at, backdrop: list.probeBackdrop.sorted(from: Viewpoint(at: at)), sky: scene.sky, environment: environment,
                    lighting: lighting, shadowed: useShadows)
                drawCount += 6
                probeInputs = inputs
            }
            useEnvironment = true
        }

        glBindFramebuffer(GLC.framebuffer, target.drawFramebuffer)
        glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        let c = view.clearColor
        glClearColor(c.x, c.y, c.z, c.w)
        state.apply(.opaque)   // the clear needs depth writes on
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        var samples: GLint = 0
        glGetIntegerv(GLenum(GL_SAMPLES), &samples)   // of the target just bound: a window's too

        lastShadedSampleCount = nil
        let shadedSamples = countsShadedSamples ? PassedSampleQuery() : nil
        let viewProjectionMatrix = mapping.projectionMatrix * mapping.viewMatrix
        // The sky or environment, drawn after the first layer's opaque surfaces and only where
        // they left the far plane: a stage's room hides most of it, and shaded first under
        // everything it cost the garden 6.5 ms of its 76 (issue 32).
        var background: (() throws -> Void)? = nil
        if let environment, environment.showsAsBackground, let inverse = viewProjectionMatrix.inverse {
            // Parallel rays see one direction: the sharpest level.
            let pixelsPerRadian = view.camera.projection.isOrthographic ? .infinity : Float(target.height) / view.camera.projection.fovY
            background = {
                try self.drawEnvironment(
                    environment, inverseViewProjection: inverse, eye: viewpoint.shaderEye, linearOutput: false,
                    pixelsPerRadian: pixelsPerRadian, exposure: view.options.exposure, toneMapping: view.options.toneMapping)
            }
        } else if let sky = scene.sky, let inverse = viewProjectionMatrix.inverse {
            background = { try self.drawSky(sky, inverseViewProjection: inverse, eye: viewpoint.shaderEye, linearOutput: false) }
        }
        if background != nil { drawCount += 1 }
        if view.options.frustumCulling { list.cull(by: Frustum(viewProjection: viewProjectionMatrix)) }
        lastCulledCount = list.culledCount
        let viewProjection = viewProjectionMatrix.flat
        var frame = FrameUniforms(
            viewProjection: viewProjection, eye: viewpoint.shaderEye, lighting: lighting,
            lightViewProjection: useShadows ? shadowMap?.lightViewProjection?.flat : nil, nearShadowTransform: nearShadowTransform,
            shading: view.options.shading, exposure: view.options.exposure,
            toneMapping: view.options.toneMapping, multisampled: samples > 1,
            target: target, lights: list.lights(budgetedAt: viewpoint.position))
        var backdropFrame = frame
        let contentScale = max(0, scene.contentLightIntensity) / 1000
        if contentScale != 1 || useEnvironment {
            // The content's lights follow the light estimate (P18's key and fill), and the
            // content alone reads the probe, scaled alike; the camera feed keeps the stage's.
            frame.lighting.intensity *= contentScale
            frame.lighting.ambient *= contentScale
            // Diffuse light from the HDR image's own harmonics where nothing stands before it.
            let imageIrradiance = list.backdrop.isEmpty ? environment.flatMap { environmentMap?.irradiance(of: $0) } : nil
            if useEnvironment, let irradiance = imageIrradiance ?? probeIrradiance {
                frame.environment = ContentEnvironment(
                    scale: contentScale, irradiance: irradiance, irradianceCompiledIn: compileIn(irradiance), boxFilteredProbe: environment == nil)
            }
        }
        if list.backdrop.isEmpty {
            drawCount += try draw(list.content, shadowed: useShadows, frame: &frame, afterOpaque: background)
        } else if view.options.backdropOccludes, list.backdrop.onTop.isEmpty {
            // The content's opaque surfaces first, nearest the eye as they mostly are: the stage's
            // floor and walls behind them are then rejected by depth instead of shaded and covered
            // (a garden's frame: 2.6 ms of 52, the same picture but for exactly equal depths, which
            // the content now wins). The stage's blended surfaces then blend over the content.
            drawCount += try draw(list.content.opaqueOnly, shadowed: useShadows, frame: &frame)
            drawCount += try draw(list.backdrop, shadowed: useShadows, frame: &backdropFrame, afterOpaque: background)
            frame.prepared = []   // programs the two layers share now hold the backdrop's uniforms
            drawCount += try draw(list.content.withoutOpaque, shadowed: useShadows, frame: &frame)
        } else {
            // Content over the stage's surfaces drawn on top, or (without occlusion) over the
            // camera feed, whose depth goes.
            drawCount += try draw(list.backdrop, shadowed: useShadows, frame: &backdropFrame, afterOpaque: background)
            if !view.options.backdropOccludes { glClear(GLbitfield(GL_DEPTH_BUFFER_BIT)) }
            drawCount += try draw(list.content, shadowed: useShadows, frame: &frame)
        }
        lastTriangleCount = list.triangleCount
        lastShadedSampleCount = shadedSamples?.finish()
        if !view.overlays.isEmpty {
            drawCount += try drawOverlays(view.overlays, in: view.viewportInPoints ?? viewport, lighting: lighting)
        }
        glBindVertexArray(0)

        if let resolve = target.resolveFramebuffer {
            glBindFramebuffer(GLC.readFramebuffer, target.drawFramebuffer)
            glBindFramebuffer(GLC.drawFramebuffer, resolve)
            glBlitFramebuffer(
                0, 0, GLint(target.width), GLint(target.height), 0, 0, GLint(target.width), GLint(target.height),
                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        glBindFramebuffer(GLC.framebuffer, 0)
        submission.endFrame()
        lastDrawCount = drawCount
        if let error = glErrorText() { throw RenderError("rendering failed: \(error)") }
    }

    /// Draws a layer: opaque items, then `afterOpaque` (the background, behind them), then
    /// transparent ones blended without writing depth, then the ones drawn on top, blended and
    /// ignoring depth.
    func draw(_ layer: DrawList.Layer, shadowed: Bool, frame: inout FrameUniforms, afterOpaque: (() throws -> Void)? = nil) throws -> Int {
        for item in layer.opaque { try draw(item, pass: .opaque, shadowed: shadowed, frame: &frame) }
        try afterOpaque?()
        if let target = frame.target, frame.shading == .realistic, layer.transparent.contains(where: { $0.material.transmission > 0 }) {
            try copySceneColor(of: target)
            let volumes = layer.transparent.filter { ShaderFeatures.refracts($0.material, shading: frame.shading, linearOutput: frame.linearOutput) }
            if !volumes.isEmpty { try prepareVolumeRefraction(volumes, on: target, frame: &frame) }
        }
        for item in layer.transparent {
            let pass: DrawState = item.material.transmission > 0 && !frame.linearOutput ? .transmissive : .transparent
            if Self.drawsBothSides(item.material, frame: frame) {
                // Its far side first, then its near side over it (a convex surface's right order).
                try draw(item, pass: pass, shadowed: shadowed, frame: &frame, only: .front)
                try draw(item, pass: pass, shadowed: shadowed, frame: &frame, only: .back)
            } else {
                try draw(item, pass: pass, shadowed: shadowed, frame: &frame)
            }
        }
        for item in layer.onTop { try draw(item, pass: .onTop, shadowed: false, frame: &frame) }
        state.apply(.opaque)
        return layer.opaque.count + layer.transparent.count + layer.onTop.count
    }

    /// Copies what `target` holds so far for the transmissive surfaces to read.
    private func copySceneColor(of target: RenderTarget) throws {
        if sceneColor?.width != target.width || sceneColor?.height != target.height {
            sceneColor = nil
            sceneColor = try SceneColorCopy(width: target.width, height: target.height)
        }
        sceneColor?.capture(from: target.drawFramebuffer)
    }

    /// Overlays as unlit textured quads under an orthographic projection of the viewport in
    /// points (y down), blended, without depth.
    private func drawOverlays(_ overlays: [ScreenOverlay], in points: Viewport, lighting: Lighting) throws -> Int {
        let projection = Matrix4.orthographic(left: 0, right: points.width, bottom: points.height, top: 0, near: -1, far: 1)
        var frame = FrameUniforms(viewProjection: projection.flat, eye: Viewpoint(at: .zero).shaderEye, lighting: lighting, lightViewProjection: nil)
        for overlay in overlays where overlay.opacity > 0 {
            // The unit quad lies in x-z; x -> screen x, z -> screen y (v = 0 at the top).
            let center = overlay.origin + overlay.size / 2
            let model = Matrix4(Vec4(overlay.size.x, 0, 0, 0), Vec4(0, 0, 1, 0), Vec4(0, overlay.size.y, 0, 0), Vec4(center.x, center.y, 0, 1))
            let material = Material(
                name: "overlay", baseColor: Vec4(1, 1, 1, overlay.opacity), baseColorTexture: overlay.texture,
                isDoubleSided: true, isUnlit: true, blending: .transparent, castsShadow: false)
            try draw(
                DrawItem(mesh: overlayQuad, material: material, world: model, worldBounds: .empty),
                pass: .onTop, shadowed: false, frame: &frame)
        }
        state.apply(.opaque)
        return overlays.count
    }

    /// Whether this render's lit programs take `irradiance` compiled in (`CompiledIrradiance`).
    /// When it changes, the programs compiled with the one before are kept aside and those of
    /// the one before that are deleted, or brought back when it is they that return.
    private func compileIn(_ irradiance: IrradianceSH) -> Bool {
        let (before, beforeThat) = (compiledIrradiance.compiled, compiledIrradiance.previous)
        let compiled = compiledIrradiance.compilesIn(irradiance)
        if compiledIrradiance.compiled != before {
            let current = programs.filter { $0.key.features.contains(.irradianceConstants) }
            programs = programs.filter { !$0.key.features.contains(.irradianceConstants) }
            if compiledIrradiance.compiled == beforeThat { programs.merge(previousIrradiancePrograms) { kept, _ in kept } }
            previousIrradiancePrograms = current
        }
        return compiled
    }

    /// The program for `key`, compiled on first use; a compile or link error is thrown with its log.
    func program(_ key: ProgramKey) throws -> ShaderProgram {
        if let p = programs[key] { return p }
        let p: ShaderProgram
        switch key {
        case .lit(let features):
            let constants = features.contains(.irradianceConstants) ? compiledIrradiance.glslDeclaration ?? "" : ""
            p = try ShaderProgram(vertex: vertexSource, fragment: fragmentSource, defines: features.defines, declarations: constants, name: "lit")
        case .shadow(let deformations):
            p = try ShaderProgram(
                vertex: shadowSources.vertex, fragment: shadowSources.fragment, defines: deformations.defines + ["DEFORM_POSITION_ONLY"], name: "shadow")
        case .maskedShadow(let features):
            p = try ShaderProgram(
                vertex: shadowSources.vertex, fragment: shadowSources.fragment, defines: ["MASKED", "DEFORM_POSITION_ONLY"] + features.defines,
                name: "shadow (masked)")
        case .translucentShadow(let deformations):
            p = try ShaderProgram(
                vertex: shadowSources.vertex, fragment: shadowSources.fragment,
                defines: ["MASKED", "TRANSLUCENT", "DEFORM_POSITION_ONLY"] + deformations.defines, name: "shadow (translucent)")
        case .sky:
            p = try ShaderProgram(vertex: skySources.vertex, fragment: skySources.fragment, defines: [], name: "sky")
        case .prefilter:
            p = try ShaderProgram(vertex: skySources.vertex, fragment: skySources.fragment, defines: ["PREFILTER"], name: "prefilter")
        case .environment(let toneMapping):
            let mapper = toneMapping == .aces ? ["TONE_MAP_ACES"] : toneMapping == .none ? ["TONE_MAP_NONE"] : []
            p = try ShaderProgram(vertex: skySources.vertex, fragment: skySources.fragment, defines: ["EQUIRECT"] + mapper, name: "environment")
        }
        if key.features.contains(.skin) { p.bindUniformBlock("Joints", to: JointPalette.binding) }
        programs[key] = p
        return p
    }

}
