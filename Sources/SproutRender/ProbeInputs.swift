import SproutMath
import SproutScene

/// What an environment probe shows depends on: where it is, the lights, the sky, and the
/// backdrop's meshes, materials' colours and places. Equal inputs: the last probe is reused
/// (the device walking round a still stage redraws nothing).
struct ProbeInputs: Equatable {
    var position: Vec3
    var lighting: Lighting
    var sky: Sky?
    /// The HDR environment's image (held by the renderer's `EnvironmentMap` while it is drawn,
    /// so the identity is not reused), intensity and rotation.
    var environment: ObjectIdentifier?
    var environmentIntensity: Float = 0
    var environmentRotation: Float = 0
    /// Weak, as the shadow map's inputs: a freed mesh never equals a new one at its address.
    var meshes: [WeakMesh]
    /// 16 floats per backdrop item, then its base colour.
    var values: [Float]

    init(position: Vec3, lighting: Lighting, sky: Sky?, environment: EnvironmentLight? = nil, backdrop: DrawList.Layer) {
        self.position = position
        self.lighting = lighting
        self.sky = sky
        if let environment {
            self.environment = ObjectIdentifier(environment.image)
            environmentIntensity = environment.intensity
            environmentRotation = environment.rotation
        }
        let items = backdrop.opaque + backdrop.transparent
        meshes = items.map { WeakMesh(mesh: $0.mesh) }
        values = []
        values.reserveCapacity(items.count * 20)
        for item in items {
            values += item.world.flat
            let c = item.material.baseColor
            values += [c.x, c.y, c.z, c.w]
        }
    }

    static func == (a: ProbeInputs, b: ProbeInputs) -> Bool {
        a.position == b.position && a.lighting == b.lighting && a.sky == b.sky && a.values == b.values
            && a.environment == b.environment && a.environmentIntensity == b.environmentIntensity
            && a.environmentRotation == b.environmentRotation
            && WeakMesh.same(a.meshes, b.meshes)
    }
}
