import SproutMath
import SproutScene

/// A room model as a stage (a scan or a modelled interior, any format the importer reads): the
/// backdrop drawn, and the world the session senses. The stage file names it; the app layer
/// imports its triangles and attaches them (`Stage.attachingModel(vertices:)`), since this
/// module reads no model format.
public struct StageModel: Equatable, Sendable {
    /// The file, resolved inside the stage's folder.
    public var path: String
    /// Model units to metres (0.01 for a model in centimetres).
    public var scale: Float
    /// Which model axis is up: `y` (glTF, most exporters) or `z` (many scanners and CAD tools).
    public var up: Axis
    /// The model point (in model units, after `up`) that sits at the stage's origin.
    public var origin: Vec3
    /// How much visual detail the room's surfaces offer, 0...1 (a scan's texture is rich).
    public var detail: Float

    /// A model's up axis (`UpAxis`, as a scene file's models have).
    public typealias Axis = UpAxis

    /// A model at `path`; the defaults are the stage file's: metres, +Y up, origin at the
    /// model's zero, detail 0.6.
    public init(path: String, scale: Float = 1, up: Axis = .y, origin: Vec3 = .zero, detail: Float = 0.6) {
        self.path = path
        self.scale = scale
        self.up = up
        self.origin = origin
        self.detail = detail
    }

    /// A model-space point in stage space (metres, +Y up).
    public func stagePoint(_ p: Vec3) -> Vec3 {
        let upright = up.upright(p)
        return (upright - origin) * scale
    }
}

/// The triangles of a model stage, indexed for rays, and which surface each flat one belongs to.
public struct StageGeometry: Sendable {
    /// The model's triangles in stage space, indexed for rays.
    public let bvh: TriangleBVH
    /// For each triangle, the index of its surface in `Stage.surfaces`, or -1 (not flat, or too small).
    public let surfaceOfTriangle: [Int32]
    /// The detail of what is not a surface (sofa cushions, plants): features, but no planes.
    public let detail: Float
    /// Where the model's surfaces start in `Stage.surfaces` (the written ones come first).
    public let firstSurface: Int

    /// The model's size, metres: its bounding box's largest side.
    public var span: Float {
        guard let (lo, hi) = bvh.bounds else { return 0 }
        let e = hi - lo
        return max(e.x, max(e.y, e.z))
    }
}

extension Stage {
    /// A room model a person could not stand in was probably read in the wrong unit: a warning
    /// saying its size and the `scale` to try (nil when it spans 1 to 100 m, or has no model);
    /// one without a floor or table top of half a square metre is probably lying on its side.
    public var modelWarning: String? {
        guard let geometry, let model else { return nil }
        let span = geometry.span
        if geometry.bvh.triangleCount == 0 { return "warning: \(model.path) has no triangles: the stage has nothing to sense there" }
        if span > 100 {
            return
                "warning: the stage's model \(model.path) spans \(clampedInt(span.rounded(), in: 0...Int.max)) m (with scale \(model.scale)): if it is in centimetres or millimetres, give scale: 0.01 or 0.001"
        }
        if span < 1 {
            return "warning: the stage's model \(model.path) spans only \(span) m (with scale \(model.scale)): a room is metres across; check its scale"
        }
        if !surfaces.contains(where: { $0.isFromModel && $0.alignment == .horizontal && $0.size.x * $0.size.y >= 0.5 }) {
            return
                "warning: the stage's model \(model.path) has no floor or table top (a flat part facing up, half a square metre or more); is its up axis \(model.up == .y ? "z" : "y")?"
        }
        return nil
    }
}

/// A model stage that cannot be put together (a picture's material not in the model).
public struct StageModelError: Error, CustomStringConvertible, Sendable {
    /// The stage's source (its file).
    public var stage: String
    /// What could not be put together.
    public var reason: String
    /// `stage: reason`.
    public var description: String { "\(stage): \(reason)" }
}

/// What a ray meets first on a stage: a written surface's rectangle or a model's triangle.
struct StageHit {
    /// The surface's index in `Stage.surfaces`, or -1 for a model triangle outside any surface.
    var index: Int
    /// Ray parameter (distance when `direction` is a unit vector).
    var t: Float
    /// The ray meets the side the surface (or triangle) faces.
    var isFront: Bool
    var detail: Float
    /// The unit normal of what was met (its front side).
    var normal: Vec3
}

extension Stage {
    /// This stage with its model's triangles (three corners each, model space): the flat
    /// regions become surfaces (`PlanarRegions`), named `model horizontal N` / `model vertical N`,
    /// and rays meet the triangles through a BVH.
    ///
    /// Pictures named by `material` take the pose of the largest flat part of the triangles of
    /// that material (`materials`: one name per triangle), facing the way those faces do, and
    /// its height in proportion to their given width.
    public func attachingModel(vertices modelVertices: [Vec3], materials: [String] = []) throws(StageModelError) -> Stage {
        guard let model else { return self }
        let vertices = modelVertices.map(model.stagePoint)
        let planar = PlanarRegions(vertices: vertices)
        let bvh = TriangleBVH(vertices: vertices)
        var stage = self
        for i in stage.images.indices {
            guard let material = stage.images[i].material else { continue }
            var corners: [Vec3] = []
            for t in 0..<min(materials.count, vertices.count / 3) where materials[t] == material {
                corners += vertices[(3 * t)..<(3 * t + 3)]
            }
            // The largest flat part; between faces as large (a poster's front and back), the one
            // with the most room in front of it (the back faces the wall).
            func room(_ r: PlanarRegions.Region) -> Float {
                bvh.nearestHit(origin: r.frame.center + r.frame.normal * 0.001, direction: r.frame.normal)?.t ?? .infinity
            }
            let faces = PlanarRegions(vertices: corners).regions
            let largest = faces.map(\.area).max() ?? 0
            guard let face = faces.filter({ $0.area >= largest * 0.99 }).max(by: { room($0) < room($1) }) else {
                throw StageModelError(
                    stage: source,
                    reason:
                        "image '\(stage.images[i].name)': the model has no flat face of material '\(material)' (\(Set(materials).sorted().prefix(20).joined(separator: ", ")))"
                )
            }
            // The picture's width runs along the face's longer side.
            let turn: Float = face.size.x >= face.size.y ? 0 : .pi / 2
            let yaw = atan2(-face.frame.xAxis.z, face.frame.xAxis.x) + (face.alignment == .horizontal ? turn : 0)
            let width = stage.images[i].physicalSize.x, long = max(face.size.x, face.size.y), short = min(face.size.x, face.size.y)
            stage.images[i].physicalSize = Vec2(width, width * (face.alignment == .horizontal ? short / long : face.size.y / face.size.x))
            stage.images[i].alignment = face.alignment
            stage.images[i].position = face.frame.center
            stage.images[i].yaw = yaw
            stage.images[i].frame = SurfaceFrame(center: face.frame.center, yaw: yaw, alignment: face.alignment)
        }
        let first = stage.surfaces.count
        var counts: [PlaneAlignment: Int] = [:]
        for region in planar.regions {
            counts[region.alignment, default: 0] += 1
            var surface = StageSurface(
                name: "model \(region.alignment.rawValue) \(counts[region.alignment]!)", alignment: region.alignment,
                position: region.frame.center, size: region.size, detail: model.detail)
            surface.frame = region.frame
            surface.isFromModel = true
            stage.surfaces.append(surface)
        }
        let surfaceOfTriangle = planar.regionOfTriangle.map { $0 < 0 ? Int32(-1) : $0 + Int32(first) }
        stage.geometry = StageGeometry(
            bvh: bvh, surfaceOfTriangle: surfaceOfTriangle, detail: model.detail,
            firstSurface: first)
        return stage
    }

    /// The first thing along a ray: written surfaces (rectangles, from either side) and the
    /// model's triangles. Surfaces made from the model are met through their triangles only.
    func nearestHit(origin: Vec3, direction: Vec3, maximum: Float = .infinity) -> StageHit? {
        var best: StageHit?
        var bestT = maximum
        // Only the written surfaces (before the model's) are rectangles to test.
        surfaces.withUnsafeBufferPointer { all in
            let surfaces = UnsafeBufferPointer(rebasing: all[0..<(geometry?.firstSurface ?? all.count)])
            if let hit = ViewSampler.nearestHit(origin: origin, direction: direction, surfaces: surfaces, maximum: bestT) {
                bestT = hit.t
                best = StageHit(
                    index: hit.index, t: hit.t, isFront: hit.isFront, detail: surfaces[hit.index].detail,
                    normal: surfaces[hit.index].frame.normal)
            }
        }
        if let geometry, let hit = geometry.bvh.nearestHit(origin: origin, direction: direction, maximum: bestT) {
            let index = Int(geometry.surfaceOfTriangle[hit.triangle])
            best = StageHit(
                index: index, t: hit.t, isFront: hit.isFront, detail: index >= 0 ? surfaces[index].detail : geometry.detail,
                normal: hit.normal)
        }
        return best
    }
}
