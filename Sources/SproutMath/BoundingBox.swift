/// An axis-aligned box. The empty box has min > max and absorbs nothing in `union`.
public struct BoundingBox: Equatable, Sendable {
    public var min: Vec3
    public var max: Vec3

    public init(min: Vec3, max: Vec3) {
        self.min = min
        self.max = max
    }

    public static let empty = BoundingBox(min: Vec3(repeating: .infinity), max: Vec3(repeating: -.infinity))

    public init<S: Sequence>(points: S) where S.Element == Vec3 {
        var box = BoundingBox.empty
        for p in points { box.formUnion(p) }
        self = box
    }

    public var isEmpty: Bool { min.x > max.x || min.y > max.y || min.z > max.z }
    public var center: Vec3 { (min + max) / 2 }
    /// Full size along each axis (RealityKit's `extents`).
    public var extents: Vec3 { isEmpty ? .zero : max - min }
    public var boundingRadius: Float { length(extents) / 2 }

    public mutating func formUnion(_ p: Vec3) {
        min = pointwiseMin(min, p)
        max = pointwiseMax(max, p)
    }

    public mutating func formUnion(_ b: BoundingBox) {
        guard !b.isEmpty else { return }
        formUnion(b.min)
        formUnion(b.max)
    }

    public func union(_ b: BoundingBox) -> BoundingBox {
        var r = self
        r.formUnion(b)
        return r
    }

    public func contains(_ p: Vec3) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y && p.z >= min.z && p.z <= max.z
    }

    public var corners: [Vec3] {
        [Vec3(min.x, min.y, min.z), Vec3(max.x, min.y, min.z), Vec3(min.x, max.y, min.z), Vec3(max.x, max.y, min.z),
         Vec3(min.x, min.y, max.z), Vec3(max.x, min.y, max.z), Vec3(min.x, max.y, max.z), Vec3(max.x, max.y, max.z)]
    }

    /// The axis-aligned box around this box's corners after `m`.
    public func transformed(by m: Matrix4) -> BoundingBox {
        guard !isEmpty else { return self }
        return BoundingBox(points: corners.map { m.transformPoint($0) })
    }

    /// Entry distance of `ray` (slab test); 0 when the origin is inside; `nil` when missed.
    public func intersect(_ ray: Ray) -> Float? {
        guard !isEmpty else { return nil }
        var tMin: Float = 0, tMax = Float.infinity
        for axis in 0..<3 {
            let o = ray.origin[axis], d = ray.direction[axis]
            if abs(d) < 1e-12 {
                if o < min[axis] || o > max[axis] { return nil }
            } else {
                var t0 = (min[axis] - o) / d, t1 = (max[axis] - o) / d
                if t0 > t1 { swap(&t0, &t1) }
                tMin = Swift.max(tMin, t0)
                tMax = Swift.min(tMax, t1)
                if tMin > tMax { return nil }
            }
        }
        return tMin
    }
}
