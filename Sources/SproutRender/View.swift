import SproutMath
import SproutScene

/// How a scene is seen: camera, viewport and options (Filament's View).
public struct View: Sendable {
    public var camera: Camera
    /// Linear-light clear colour is not what people pick: this one is sRGB, as written.
    public var clearColor: Vec4
    public var options: RenderOptions

    public init(camera: Camera, clearColor: Vec4 = Vec4(0.6, 0.75, 0.9, 1), options: RenderOptions = RenderOptions()) {
        self.camera = camera
        self.clearColor = clearColor
        self.options = options
    }
}

public struct RenderOptions: Sendable {
    /// Draw shadows from the scene's light when it casts them.
    public var shadows: Bool
    /// Side of the square shadow map in texels.
    public var shadowMapSize: Int

    /// Whether the backdrop (the stage) hides virtual content behind it, as a device with scene
    /// depth does; off, content is composited over the camera feed as plain AR draws it.
    public var backdropOccludes: Bool

    public init(shadows: Bool = true, shadowMapSize: Int = 2048, backdropOccludes: Bool = true) {
        self.shadows = shadows
        self.shadowMapSize = shadowMapSize
        self.backdropOccludes = backdropOccludes
    }
}
