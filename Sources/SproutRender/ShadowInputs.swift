import SproutMath
import SproutScene

/// Everything a shadow map depends on: the light, the map's size, the fitted bounds, and each
/// caster's mesh and world matrix. A frame whose inputs equal the last drawn map's reuses the
/// map, so an orbiting or walking camera over a still scene pays for shadows once.
///
/// Meshes are compared by identity through weak references rather than by address: a mesh freed
/// and another allocated in its place reads as gone, never as the old one; and the record does
/// not keep a removed mesh (or its GPU buffers) alive. Meshes are immutable, so identity is content.
struct ShadowInputs: Equatable {
    var size: Int
    var directionToLight: Vec3
    var casterBounds: BoundingBox
    var everything: BoundingBox
    var meshes: [WeakMesh]
    /// 16 floats per caster, in caster order, each followed by its pose's floats if it has one.
    var matrices: [Float]

    init(size: Int, directionToLight: Vec3, casters: [DrawItem], casterBounds: BoundingBox, everything: BoundingBox) {
        self.size = size
        self.directionToLight = directionToLight
        self.casterBounds = casterBounds
        self.everything = everything
        meshes = casters.map { WeakMesh(mesh: $0.mesh) }
        matrices = []
        matrices.reserveCapacity(casters.count * 16)
        for caster in casters {
            matrices += caster.world.flat
            // A pose is part of what a caster casts: a walking fox redraws the map each frame.
            if let deformation = caster.deformation { matrices += deformation.flattened + [Float(deformation.morphWeights.count)] }
        }
    }

    static func == (a: ShadowInputs, b: ShadowInputs) -> Bool {
        a.size == b.size && a.directionToLight == b.directionToLight && a.casterBounds == b.casterBounds && a.everything == b.everything
            && WeakMesh.same(a.meshes, b.meshes) && a.matrices == b.matrices
    }
}

struct WeakMesh {
    weak var mesh: Mesh?

    /// Whether two lists hold the same live meshes in the same order: a mesh freed since
    /// (nil) never matches, so a new mesh at a freed one's address is never taken for it.
    static func same(_ a: [WeakMesh], _ b: [WeakMesh]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                guard let m = x.mesh, let n = y.mesh else { return false }
                return m === n
            }
    }
}
