import SproutMath
import SproutSession

/// The offscreen preview's device path: a slow sideways sweep of +/-0.3 m around the stage's
/// camera, always looking at the same point, so planes are found and grow as on a phone.
public struct DeviceSweep {
    /// The device at the sweep's centre (usually the stage's camera); the sweep moves it along its own right axis.
    public let home: DeviceCamera
    /// The point the device keeps looking at throughout the sweep, in stage coordinates (metres).
    public let lookAt: Vec3

    /// A sweep around `home` that keeps looking at `lookAt`.
    public init(home: DeviceCamera, lookAt: Vec3) {
        self.home = home
        self.lookAt = lookAt
    }

    /// The device at `t` in 0...1 of the sweep (one full swing left and right).
    public func device(at t: Float) -> DeviceCamera {
        var device = home
        let right = normalize(home.transform.transformDirection(Vec3(1, 0, 0)))
        device.look(from: home.position + right * (0.3 * sin(t * 2 * .pi)), at: lookAt)
        return device
    }
}
