import SproutMath
import SproutScene

/// Where a frame is seen from: the camera's position, and for an orthographic camera the one
/// direction all of its rays travel (a perspective camera's rays leave its position).
struct Viewpoint {
    /// The camera's position in world space.
    let position: Vec3
    /// The way an orthographic camera looks (its rays are parallel); nil for a perspective camera.
    let parallelDirection: Vec3?

    /// The viewpoint of `camera`.
    init(camera: Camera) {
        position = camera.position
        parallelDirection = camera.projection.isOrthographic ? camera.forward : nil
    }

    /// A perspective viewpoint at `position` (the environment probe's faces, the overlays).
    init(at position: Vec3) {
        self.position = position
        parallelDirection = nil
    }

    /// How far `point` is from the viewer, for ordering draws: its distance, or with parallel
    /// rays its depth along them.
    func distance(to point: Vec3) -> Float {
        parallelDirection.map { dot(point - position, $0) } ?? SproutMath.distance(point, position)
    }

    /// The shaders' `uEye`: the position with w 1, or with w 0 the direction towards the viewer
    /// (the view vector of every fragment under parallel rays; lit.frag, sky.frag).
    var shaderEye: Vec4 {
        parallelDirection.map { Vec4(-$0, 0) } ?? Vec4(position, 1)
    }
}
