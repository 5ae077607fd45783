import SproutMath
import SproutScene

/// How a scene is seen: camera, viewport and options (Filament's View).
public struct View: Sendable {
    /// Where the scene is seen from, and its projection.
    public var camera: Camera
    /// Linear-light clear colour is not what people pick: this one is sRGB, as written.
    public var clearColor: Vec4
    /// How the frame is drawn.
    public var options: RenderOptions
    /// Pictures drawn over the frame last (status panels, help lines), in viewport points.
    public var overlays: [ScreenOverlay]
    /// The viewport in points that overlay frames refer to; nil means one point per pixel.
    public var viewportInPoints: Viewport?

    /// A view through `camera`; the default clear colour is a pale sky blue (sRGB).
    public init(
        camera: Camera, clearColor: Vec4 = Vec4(0.6, 0.75, 0.9, 1), options: RenderOptions = RenderOptions(),
        overlays: [ScreenOverlay] = [], viewportInPoints: Viewport? = nil
    ) {
        self.camera = camera
        self.clearColor = clearColor
        self.options = options
        self.overlays = overlays
        self.viewportInPoints = viewportInPoints
    }
}

/// A texture drawn flat over the frame: `origin` (top-left) and `size` in viewport points.
public struct ScreenOverlay: Sendable {
    /// The picture drawn, stretched to `size`.
    public var texture: Texture
    /// The top-left corner, viewport points from the view's top-left.
    public var origin: Vec2
    /// Width and height, viewport points.
    public var size: Vec2
    /// Multiplies the texture's alpha: 1 opaque, 0 not drawn at all.
    public var opacity: Float

    /// An overlay of `texture` over the rectangle at `origin` of `size`, in viewport points.
    public init(texture: Texture, origin: Vec2, size: Vec2, opacity: Float = 1) {
        self.texture = texture
        self.origin = origin
        self.size = size
        self.opacity = opacity
    }
}

/// How a frame is drawn: shadows, shadow map size, whether the backdrop hides content behind
/// it, the shading model and exposure.
public struct RenderOptions: Sendable {
    /// Draw shadows from the scene's light when it casts them.
    public var shadows: Bool
    /// Side of the square shadow map in texels (default 512, fitted to the casters), read with
    /// one bilinear comparison: against Blender Cycles' sun, whose light comes from a disc, not a
    /// point, that measured as close as four taps on 1024 texels (BENCHMARKS.md, issue 32) at a
    /// quarter of the taps. Larger maps give harder, finer shadows.
    public var shadowMapSize: Int

    /// Whether the backdrop (the stage) hides virtual content behind it, as a device with scene
    /// depth does; off, content is composited over the camera feed as plain AR draws it.
    public var backdropOccludes: Bool

    /// Where the scene's shadow casters spread far beyond what the camera sees near it (a model
    /// on a large ground, an island in its sea), a second shadow map covers that near part with
    /// at least four times as many texels a metre (`ShadowProjection.nearPart`); it is drawn
    /// again when the camera has moved a texel of it. Off only to compare.
    public var nearShadowMap: Bool

    /// Skip meshes whose world bounds lie wholly outside the view's frustum (they would draw no
    /// pixel, so the picture is the same; off only to compare).
    public var frustumCulling: Bool

    /// Draw a model's cheaper `LevelOfDetail` while it looks small (off: always the full parts).
    public var levelsOfDetail: Bool

    /// How lit surfaces are shaded (`Shaders/lit.frag`).
    public enum Shading: String, Sendable, CaseIterable {
        /// glTF 2.0's metallic-roughness BRDF, the ambient light as a uniform environment,
        /// exposure and the Khronos PBR Neutral tone mapper.
        case realistic
        /// Lambert plus a Blinn-Phong lobe, no tone mapping: the cheapest frames.
        case simple
    }

    /// The shading model (default `realistic`).
    public var shading: Shading
    /// Linear scale before tone mapping (realistic shading only): 2 is a stop brighter.
    public var exposure: Float
    /// The tone mapper after exposure (realistic shading only; default Khronos PBR Neutral).
    public var toneMapping: ToneMapping

    /// The defaults draw the realistic frame: shadows on a 512-texel map (and a near one where
    /// the scene spreads far beyond the view), an occluding backdrop,
    /// frustum culling and levels of detail on, exposure 1, the PBR Neutral tone mapper.
    public init(
        shadows: Bool = true, shadowMapSize: Int = 512, backdropOccludes: Bool = true, frustumCulling: Bool = true,
        levelsOfDetail: Bool = true, shading: Shading = .realistic, exposure: Float = 1, toneMapping: ToneMapping = .neutral,
        nearShadowMap: Bool = true
    ) {
        self.shadows = shadows
        self.shadowMapSize = shadowMapSize
        self.nearShadowMap = nearShadowMap
        self.backdropOccludes = backdropOccludes
        self.frustumCulling = frustumCulling
        self.levelsOfDetail = levelsOfDetail
        self.shading = shading
        self.exposure = exposure
        self.toneMapping = toneMapping
    }
}
