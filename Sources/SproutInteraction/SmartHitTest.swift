import SproutMath
import SproutSession

/// P18 `VirtualObjectARView.smartHitTest` (L25-87) over the simulated session: existing plane
/// geometry first, then (when asked) existing infinite planes within +/-5 cm of the object's
/// height, then estimated planes by the object's allowed alignments.
public enum SmartHitTest {
    /// P18: an infinite horizontal plane counts only within 5 cm of the object's height.
    public static let infinitePlaneAllowance: Float = 0.05

    /// The surface under `point` (viewport points, top-left origin) for an object allowed on
    /// `allowedAlignments`: existing plane geometry first; then, with `infinitePlane`, existing
    /// infinite planes (vertical ones at once, horizontal ones only within `infinitePlaneAllowance`
    /// of `objectPosition`'s height, or any when it is nil); then estimated planes (the nearer when
    /// both alignments are allowed; a vertical-only object may land on a horizontal one). nil when nothing is hit.
    public static func hit(
        _ session: Session, at point: Vec2, infinitePlane: Bool = false, objectPosition: Vec3? = nil,
        allowedAlignments: Set<PlaneAlignment> = [.horizontal, .vertical]
    ) -> RaycastResult? {
        // 1. Existing plane geometry of an allowed alignment.
        let results = session.raycast(from: point, allowing: [.existingPlaneGeometry, .estimatedPlane])
        if let hit = results.first(where: { $0.target == .existingPlaneGeometry && allowedAlignments.contains($0.alignment) }) {
            return hit
        }
        // 2. Infinite planes: walls at once, floors and tables only near the object's height.
        if infinitePlane {
            for hit in session.raycast(from: point, allowing: [.existingPlaneInfinite]) where allowedAlignments.contains(hit.alignment) {
                if hit.alignment == .vertical { return hit }
                guard let y = objectPosition?.y else { return hit }
                let planeY = hit.position.y
                if planeY - infinitePlaneAllowance < y && y < planeY + infinitePlaneAllowance { return hit }
            }
        }
        // 3. Estimated planes.
        let horizontal = results.first { $0.target == .estimatedPlane && $0.alignment == .horizontal }
        let vertical = results.first { $0.target == .estimatedPlane && $0.alignment == .vertical }
        switch (allowedAlignments.contains(.horizontal), allowedAlignments.contains(.vertical)) {
        case (true, false): return horizontal
        case (false, true): return vertical ?? horizontal   // P18: a wall object may still land on the floor
        case (true, true):
            if let h = horizontal, let v = vertical { return h.distance < v.distance ? h : v }
            return horizontal ?? vertical
        case (false, false): return nil
        }
    }
}
