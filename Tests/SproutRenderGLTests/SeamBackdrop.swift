import SproutMath
import SproutScene

/// What the transmission tests look through: a square quad facing +Z, and an unlit backdrop of
/// it red on its left half (x < 0) and blue on its right, sampled nearest so the seam is sharp.
enum SeamBackdrop {
    /// A quad from -size to size in x and y at z = 0, facing +Z, texture coordinates 0...1 across it.
    static func quad(_ size: Float) -> Mesh {
        Mesh(
            name: "quad", positions: [Vec3(-size, size, 0), Vec3(size, size, 0), Vec3(size, -size, 0), Vec3(-size, -size, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4), uvs: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)], indices: [0, 2, 1, 0, 3, 2])
    }

    /// The backdrop, 8 m square, at `z`.
    static func entity(at z: Float) -> Entity {
        let halves = Texture(
            name: "halves", image: Image(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]),
            wrap: .clampToEdge, magnification: .nearest)
        return Entity(
            name: "backdrop", transform: Transform(translation: Vec3(0, 0, z)),
            model: ModelComponent(mesh: quad(4), material: Material(baseColorTexture: halves, isUnlit: true)))
    }
}
