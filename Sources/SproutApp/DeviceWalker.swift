import SproutMath
import SproutSession
import SproutWindow

/// Keys to device moves, so the keyboard walks the simulated phone around the stage: W/S walk
/// forward and back, A/D step sideways, Q/E go down and up (at a person's pace, 0.8 m/s, three
/// times that with Shift), the arrows turn and tilt (60 degrees a second).
public struct DeviceWalker {
    /// Metres a second.
    public static let speed: Float = 0.8
    /// Shift multiplies the speed.
    public static let runFactor: Float = 3
    /// Degrees a second.
    public static let turnRate: Float = 60

    /// Moves `device` for `dt` seconds of the keys held now.
    public static func walk(_ device: inout DeviceCamera, dt: Float, isKeyDown: (Key) -> Bool) {
        func axis(_ plus: Key, _ minus: Key) -> Float { (isKeyDown(plus) ? 1 : 0) - (isKeyDown(minus) ? 1 : 0) }
        let step = speed * (isKeyDown(.shift) ? runFactor : 1) * dt
        let forward = device.forward
        let flat = normalize(Vec3(forward.x, 0, forward.z))
        let right = normalize(cross(flat, .unitY))
        device.move(by: flat * axis(.w, .s) * step + right * axis(.d, .a) * step + Vec3(0, axis(.e, .q) * step, 0))
        let turn = radians(fromDegrees: turnRate) * dt
        device.turn(yaw: -axis(.right, .left) * turn, pitch: axis(.up, .down) * turn)
    }
}
