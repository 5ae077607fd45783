import SproutMath
import SproutScene

/// The real world a simulated session looks at: flat surfaces (which planes are detected on),
/// reference images (which can carry an App Clip Code), visual-only blocks, lights, the default
/// device camera and an optional geographic origin. Loaded from YAML or JSON (`Stage.load`).
public struct Stage: Sendable {
    /// The stage's name (`name:`, default "stage").
    public var name: String
    /// Where the stage was read from, for messages.
    public var source: String
    /// Flat rectangles planes are detected on: the written ones, then those found on the model.
    public var surfaces: [StageSurface]
    /// Pictures image detection can recognise; their names are unique.
    public var images: [StageImage]
    /// Boxes that are drawn but not sensed.
    public var blocks: [StageBlock]
    /// The lights as written; `lighting(at:)` is what they are at a time.
    public var lighting: Lighting
    /// How the lights change over time (stage files' `changes:` under a light).
    public var lightChanges: [LightChange] = []
    /// Where the device starts and what it looks at.
    public var camera: StageCamera
    /// What is seen beyond the stage's surfaces and model (`sky:`); nil: the view's clear colour.
    public var sky: Sky?
    /// An HDR environment lighting what is placed on the stage (`environment:`); nil: the sky
    /// and the stage's surfaces, seen from the probe, are the environment.
    public var environment: StageEnvironment?
    /// The stage's place on the Earth; nil: no geotracking.
    public var geoOrigin: GeoOrigin?
    /// How fast downloads go on this stage (`network:`; default `NetworkLink.standard`).
    public var network: NetworkLink = .standard
    /// A room model as (part of) the stage; its triangles arrive with `attachingModel(vertices:)`.
    public var model: StageModel?
    /// The attached model's triangles and the surfaces found on them.
    public var geometry: StageGeometry?

    /// A stage from its parts; `source` defaults to `name`. Light changes, sky and model are set afterwards.
    public init(
        name: String, source: String = "", surfaces: [StageSurface] = [], images: [StageImage] = [],
        blocks: [StageBlock] = [], lighting: Lighting = .standard, camera: StageCamera = StageCamera(),
        geoOrigin: GeoOrigin? = nil
    ) {
        self.name = name
        self.source = source.isEmpty ? name : source
        self.surfaces = surfaces
        self.images = images
        self.blocks = blocks
        self.lighting = lighting
        self.camera = camera
        self.geoOrigin = geoOrigin
    }

    /// The lights at `time` seconds, after the changes begun by then.
    public func lighting(at time: Double) -> Lighting { lighting.applying(lightChanges, at: time) }

    /// The image called `name`, or nil.
    public func image(named name: String) -> StageImage? { images.first { $0.name == name } }
    /// The first surface called `name`, or nil.
    public func surface(named name: String) -> StageSurface? { surfaces.first { $0.name == name } }
}

/// How a surface or block looks: an sRGB colour, optionally a texture (path resolved at load).
public struct StageAppearance: Equatable, Sendable {
    /// sRGB, 0...1.
    public var color: Vec3
    /// The texture's resolved path, drawn instead of the colour; nil: the colour alone.
    public var texturePath: String?

    /// An appearance; light grey (sRGB 0.8) and untextured by default.
    public init(color: Vec3 = Vec3(0.8, 0.8, 0.8), texturePath: String? = nil) {
        self.color = color
        self.texturePath = texturePath
    }
}

/// A flat rectangle of the world that can become a plane anchor.
public struct StageSurface: Sendable {
    /// The surface's name; plane anchors found on it carry it (`PlaneAnchor.surfaceName`).
    public var name: String
    /// Horizontal (facing up) or vertical (a wall).
    public var alignment: PlaneAlignment
    /// The rectangle's centre and axes: x along the width, y the normal, z along the depth.
    public var frame: SurfaceFrame
    /// Width along the frame's x and depth (or height, on a wall) along its z, metres.
    public var size: Vec2
    /// How many visual features the surface offers, 0 (blank) ... 1 (richly textured):
    /// drives tracking quality and how fast planes are found on it.
    public var detail: Float
    /// How it is drawn: a colour or a texture.
    public var appearance: StageAppearance
    /// Drawn as a slab this thick behind the surface (0 draws a flat rectangle).
    public var thickness: Float
    /// A building facade, which geotracking localises against.
    public var isFacade: Bool
    /// Found on the stage's model (`PlanarRegions`): rays meet its triangles, not its rectangle,
    /// and it is drawn as part of the model.
    public var isFromModel = false

    /// A surface centred at `position` (metres) turned `yaw` radians about +Y, `size` metres
    /// along its x and z, with `detail` 0...1.
    public init(
        name: String, alignment: PlaneAlignment, position: Vec3, yaw: Float = 0, size: Vec2, detail: Float,
        appearance: StageAppearance = StageAppearance(), thickness: Float = 0, isFacade: Bool = false
    ) {
        self.name = name
        self.alignment = alignment
        self.frame = SurfaceFrame(center: position, yaw: yaw, alignment: alignment)
        self.size = size
        self.detail = detail
        self.appearance = appearance
        self.thickness = thickness
        self.isFacade = isFacade
    }

    /// Whether an in-plane point lies on the rectangle.
    @inlinable public func contains(local p: Vec2) -> Bool {
        abs(p.x) <= size.x / 2 && abs(p.y) <= size.y / 2
    }
}

/// A picture in the world that image detection can recognise (a seed packet, a poster).
public struct StageImage: Sendable {
    /// The reference image name; also the anchor's name.
    public var name: String
    /// The picture's file (PNG or JPEG), resolved inside the stage's folder; empty for a picture of the model.
    public var texturePath: String
    /// Physical width and height in metres (height from the texture's aspect unless given).
    public var physicalSize: Vec2
    /// Image-to-world in ARKit's convention: x to the right of the picture, y out of it, z down it.
    public var frame: SurfaceFrame
    /// Horizontal (lying on a table, the default) or vertical (on a wall).
    public var alignment: PlaneAlignment
    /// The App Clip Code printed on the picture; nil when it carries none.
    public var code: StageCode?
    /// Where the picture starts (its centre) and its turn about +Y in radians.
    public internal(set) var position: Vec3
    /// Its starting turn about +Y, radians.
    public internal(set) var yaw: Float
    /// On a model stage, the material of the model's faces the picture is (a poster in a scan):
    /// its pose and height come from those faces when the model is attached, and the model
    /// draws it. nil for a picture placed by pose.
    public var material: String?
    /// Moves over time (someone picks the packet up and puts it down elsewhere), in order and
    /// not overlapping; empty for a picture that stays put.
    public var moves: [ImageMove] = []

    /// A picture centred at `position` (metres) turned `yaw` radians about +Y, `physicalSize`
    /// metres wide and high; `moves` in order, not overlapping.
    public init(
        name: String, texturePath: String, physicalSize: Vec2, position: Vec3, yaw: Float = 0,
        alignment: PlaneAlignment = .horizontal, code: StageCode? = nil, moves: [ImageMove] = []
    ) {
        self.name = name
        self.texturePath = texturePath
        self.physicalSize = physicalSize
        self.position = position
        self.yaw = yaw
        self.frame = SurfaceFrame(center: position, yaw: yaw, alignment: alignment)
        self.alignment = alignment
        self.code = code
        self.moves = moves
    }

    /// The picture's frame at `time` seconds of the session: its start, then each move in turn,
    /// linear from where the previous one left it.
    public func frame(at time: Double) -> SurfaceFrame {
        var from = (position: position, yaw: yaw)
        for move in moves {
            guard time > move.start else { break }
            let to = (position: move.position, yaw: move.yaw ?? from.yaw)
            let t = move.duration > 0 ? Float(min((time - move.start) / move.duration, 1)) : 1
            if t < 1 {
                return SurfaceFrame(center: mix(from.position, to.position, t: t), yaw: from.yaw + (to.yaw - from.yaw) * t, alignment: alignment)
            }
            from = to
        }
        return SurfaceFrame(center: from.position, yaw: from.yaw, alignment: alignment)
    }
}

/// A stage picture's move: from `start` seconds, over `duration`, to `position` (and `yaw`
/// radians, when given).
public struct ImageMove: Equatable, Sendable {
    /// Seconds of session time when the move begins.
    public var start: Double
    /// Seconds the move takes; 0 jumps.
    public var duration: Double
    /// Where the picture's centre ends, world metres.
    public var position: Vec3
    /// The picture's turn about +Y at the end, radians; nil keeps the one it has.
    public var yaw: Float?

    /// A move from `start` over `duration` seconds to `position` (and `yaw`, when given).
    public init(start: Double, duration: Double, position: Vec3, yaw: Float? = nil) {
        self.start = start
        self.duration = duration
        self.position = position
        self.yaw = yaw
    }
}

/// An App Clip Code printed on an image.
public struct StageCode: Equatable, Sendable {
    /// The URL the code encodes.
    public var url: String
    /// Printed diameter in metres.
    public var diameter: Float
    /// Centre of the code on the image, in the image's (x, z) metres from its centre.
    public var offset: Vec2

    /// A code encoding `url`, `diameter` metres across, centred `offset` metres from the image's centre.
    public init(url: String, diameter: Float, offset: Vec2 = .zero) {
        self.url = url
        self.diameter = diameter
        self.offset = offset
    }
}

/// A box drawn with the stage but invisible to the session (table legs, furniture).
public struct StageBlock: Sendable {
    /// The block's name (default "block"), given to its entity.
    public var name: String
    /// The box's centre, world metres.
    public var position: Vec3
    /// Width (x), height (y) and depth (z), metres.
    public var size: Vec3
    /// Turn about +Y, radians.
    public var yaw: Float
    /// How the box is drawn.
    public var appearance: StageAppearance

    /// A box centred at `position`, `size` metres, turned `yaw` radians about +Y.
    public init(name: String, position: Vec3, size: Vec3, yaw: Float = 0, appearance: StageAppearance = StageAppearance()) {
        self.name = name
        self.position = position
        self.size = size
        self.yaw = yaw
        self.appearance = appearance
    }
}

/// Where the device starts: position, point looked at and vertical field of view.
public struct StageCamera: Equatable, Sendable {
    /// The device's starting position, world metres.
    public var position: Vec3
    /// The point it looks at, world metres (stage files require it to differ from `position`).
    public var lookAt: Vec3
    /// Vertical field of view, degrees (10...120 in stage files).
    public var fovYDegrees: Float

    /// A start pose; by default 1.45 m high and 0.85 m back, looking at the origin at table height
    /// (0.74 m), with a 60 degree field of view.
    public init(position: Vec3 = Vec3(0, 1.45, 0.85), lookAt: Vec3 = Vec3(0, 0.74, 0), fovYDegrees: Float = 60) {
        self.position = position
        self.lookAt = lookAt
        self.fovYDegrees = fovYDegrees
    }
}

/// The stage's place on the Earth: the WGS-84 position of the stage origin and the compass
/// heading of the stage's -Z axis (degrees clockwise from true north).
public struct GeoOrigin: Equatable, Sendable {
    /// Degrees, -90...90, positive north.
    public var latitude: Double
    /// Degrees, -180...180, positive east.
    public var longitude: Double
    /// Metres above the WGS-84 ellipsoid.
    public var altitude: Double
    /// Compass heading of the stage's -Z axis, degrees clockwise from true north (0...360 in stage files).
    public var heading: Double
    /// Where geotracking is supported, as circles (centre and radius in metres); empty means
    /// everywhere near the stage.
    public var regions: [GeoRegion]
    /// How geo anchors are marked (`placemarkStyle:`; default the sample's sphere).
    public var placemarkStyle: PlacemarkStyle

    /// An origin at `latitude` and `longitude` (degrees) and `altitude` (metres), its -Z at
    /// `heading` degrees, with geotracking available in `regions` (empty: everywhere).
    public init(
        latitude: Double, longitude: Double, altitude: Double = 0, heading: Double = 0, regions: [GeoRegion] = [],
        placemarkStyle: PlacemarkStyle = .sphere
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.heading = heading
        self.regions = regions
        self.placemarkStyle = placemarkStyle
    }
}

/// How a geo anchor's placemark looks.
public enum PlacemarkStyle: String, Sendable, CaseIterable {
    /// The sample's only placemark (G21 Utilities.swift L32-77): the blue ball in its glass
    /// sphere, whatever the accuracy.
    case sphere
    /// Sprout's addition, after the sample's README (its code has no such variant): the ball
    /// while the accuracy is undetermined or low, an arrow pointing down at the spot once it
    /// is medium or high.
    case arrow
}

/// A circle on the Earth where geotracking is available.
public struct GeoRegion: Equatable, Sendable {
    /// The centre's latitude, degrees.
    public var latitude: Double
    /// The centre's longitude, degrees.
    public var longitude: Double
    /// Metres.
    public var radius: Double

    /// A circle of `radius` metres around `latitude`, `longitude` (degrees).
    public init(latitude: Double, longitude: Double, radius: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }
}
