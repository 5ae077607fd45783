import SproutMath
import SproutScene

/// Everything a shadow map depends on: the light, the map's size, the fitted bounds, and each
/// caster's mesh, world matrix and what its material does to the light (alpha, cutoff, blending,
/// transmission, the base colour texture that carries alpha). A frame whose inputs equal the last drawn map's reuses the
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
    /// Each caster's base colour texture (nil for none), by weak identity as the meshes.
    var textures: [WeakTexture]
    /// 16 floats per caster, in caster order, each followed by its pose's floats if it has one,
    /// then its material's alpha, cutoff (-1 for none), blending (1 blended) and transmission.
    var matrices: [Float]

    init(size: Int, directionToLight: Vec3, casters: [DrawItem], casterBounds: BoundingBox, everything: BoundingBox) {
        self.size = size
        self.directionToLight = directionToLight
        self.casterBounds = casterBounds
        self.everything = everything
        meshes = casters.map { WeakMesh(mesh: $0.mesh) }
        textures = casters.map { WeakTexture(texture: $0.material.baseColorTexture) }
        matrices = []
        matrices.reserveCapacity(casters.count * 20)
        // Appended a value at a time: built every frame, for every caster (a thousand plants'
        // parts), where an array for each caster's matrix and material was an allocation each.
        for caster in casters {
            let (c0, c1, c2, c3) = caster.world.columns
            for column in [c0, c1, c2, c3] { for k in 0..<4 { matrices.append(column[k]) } }
            // A pose is part of what a caster casts: a walking fox redraws the map each frame.
            if let deformation = caster.deformation {
                matrices += deformation.flattened
                matrices.append(Float(deformation.morphWeights.count))
            }
            // So is how much light its material stops (a label fading out, a glass turned opaque).
            let material = caster.material
            matrices.append(material.baseColor.w)
            matrices.append(material.alphaCutoff ?? -1)
            matrices.append(material.blending == .transparent ? 1 : 0)
            matrices.append(material.transmission)
        }
    }

    static func == (a: ShadowInputs, b: ShadowInputs) -> Bool {
        a.size == b.size && a.directionToLight == b.directionToLight && a.casterBounds == b.casterBounds && a.everything == b.everything
            && WeakMesh.same(a.meshes, b.meshes) && WeakTexture.same(a.textures, b.textures) && a.matrices == b.matrices
    }
}

struct WeakTexture {
    weak var texture: Texture?
    /// Whether there was one at all (a texture freed since never matches a missing one).
    let present: Bool

    init(texture: Texture?) {
        self.texture = texture
        present = texture != nil
    }

    /// Whether two lists name the same live textures, or none, in the same order.
    static func same(_ a: [WeakTexture], _ b: [WeakTexture]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                guard x.present, y.present else { return x.present == y.present }
                guard let s = x.texture, let t = y.texture else { return false }
                return s === t
            }
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
