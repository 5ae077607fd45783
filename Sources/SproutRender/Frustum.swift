import SproutMath

/// The six planes of a view's clip volume in world space (Gribb and Hartmann's extraction from
/// the view-projection matrix), for culling meshes by their world bounds.
struct Frustum {
    /// Each (normal, distance) with the inside where dot(normal, p) + distance >= 0.
    let planes: [(normal: Vec3, distance: Float)]

    init(viewProjection m: Matrix4) {
        func row(_ i: Int) -> Vec4 { Vec4(m.columns.0[i], m.columns.1[i], m.columns.2[i], m.columns.3[i]) }
        let r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3)
        planes = [r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2].map { p in
            let n = Vec3(p.x, p.y, p.z), l = max(length(n), 1e-20)
            return (n / l, p.w / l)
        }
    }

    /// Whether any of `box` may be inside; an empty box (nothing known) always counts as inside.
    func mayContain(_ box: BoundingBox) -> Bool {
        guard !box.isEmpty else { return true }
        for plane in planes {
            let n = plane.normal
            // The corner furthest along the plane's normal: if even it is outside, all are.
            let p = Vec3(n.x >= 0 ? box.max.x : box.min.x, n.y >= 0 ? box.max.y : box.min.y, n.z >= 0 ? box.max.z : box.min.z)
            if dot(n, p) + plane.distance < 0 { return false }
        }
        return true
    }
}
