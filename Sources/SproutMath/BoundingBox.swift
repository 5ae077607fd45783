/// An axis-aligned box. The empty box has min > max and absorbs nothing in `union`.
public struct BoundingBox: Equatable, Sendable {
    /// The corner with the smallest x, y and z; +infinity in every component for the empty box.
    public var min: Vec3
    /// The corner with the largest x, y and z; -infinity in every component for the empty box.
    public var max: Vec3

    /// A box from its two corners, taken as given (a `min` above `max` on any axis makes an empty box).
    public init(min: Vec3, max: Vec3) {
        self.min = min
        self.max = max
    }

    /// The box that contains nothing: `min` is +infinity, `max` is -infinity, the start for `formUnion`.
    public static let empty = BoundingBox(min: Vec3(repeating: .infinity), max: Vec3(repeating: -.infinity))

    /// The smallest box around `points`; `empty` when there are none.
    public init<S: Sequence>(points: S) where S.Element == Vec3 {
        var box = BoundingBox.empty
        for p in points { box.formUnion(p) }
        self = box
    }

    /// The smallest box around the points of an array; `empty` when there are none. The same box
    /// as the generic initializer's, without its unspecialized iteration across modules (a
    /// mesh's bounds walk every vertex: 0.8 ms of a cold render of the peers' scene).
    public init(points: [Vec3]) {
        var low = Vec3(repeating: .infinity), high = Vec3(repeating: -.infinity)
        points.withUnsafeBufferPointer { buffer in
            for p in buffer {
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            }
        }
        self.init(min: low, max: high)
    }

    /// True when `min` exceeds `max` on any axis (the box contains no point).
    public var isEmpty: Bool { min.x > max.x || min.y > max.y || min.z > max.z }
    /// The midpoint of `min` and `max` (not meaningful for the empty box).
    public var center: Vec3 { (min + max) / 2 }
    /// Full size along each axis (RealityKit's `extents`).
    public var extents: Vec3 { isEmpty ? .zero : max - min }
    /// Half the diagonal: the radius of the sphere about `center` that encloses the box; 0 when empty.
    public var boundingRadius: Float { length(extents) / 2 }

    /// Grows the box just enough to contain the point `p`.
    public mutating func formUnion(_ p: Vec3) {
        min = pointwiseMin(min, p)
        max = pointwiseMax(max, p)
    }

    /// Grows the box just enough to contain `b`; an empty `b` changes nothing.
    public mutating func formUnion(_ b: BoundingBox) {
        guard !b.isEmpty else { return }
        formUnion(b.min)
        formUnion(b.max)
    }

    /// The smallest box containing both this box and `b`.
    public func union(_ b: BoundingBox) -> BoundingBox {
        var r = self
        r.formUnion(b)
        return r
    }

    /// True when `p` lies inside or on the boundary; always false for the empty box.
    public func contains(_ p: Vec3) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y && p.z >= min.z && p.z <= max.z
    }

    /// The eight corners, x varying fastest, then y, then z (starting at `min`, ending at `max`).
    public var corners: [Vec3] {
        [
            Vec3(min.x, min.y, min.z), Vec3(max.x, min.y, min.z), Vec3(min.x, max.y, min.z), Vec3(max.x, max.y, min.z),
            Vec3(min.x, min.y, max.z), Vec3(max.x, min.y, max.z), Vec3(min.x, max.y, max.z), Vec3(max.x, max.y, max.z)
        ]
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
