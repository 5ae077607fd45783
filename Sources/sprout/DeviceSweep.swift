import SproutMath
import SproutSession

/// The offscreen preview's device path: a slow sideways sweep of +/-0.3 m around the stage's
/// camera, always looking at the same point, so planes are found and grow as on a phone.
struct DeviceSweep {
    let home: DeviceCamera
    let lookAt: Vec3

    func device(at t: Float) -> DeviceCamera {
        var device = home
        let right = normalize(home.transform.transformDirection(Vec3(1, 0, 0)))
        device.look(from: home.position + right * (0.3 * sin(t * 2 * .pi)), at: lookAt)
        return device
    }
}
