import SproutMath
import SproutScene

/// The built-in model room (`Assets/rooms/living-room.glb`, the `model-room` stage): a 5 x 4 m
/// living room, 2.6 m high, made of boxes the way a modelled interior is: a floor, a ceiling,
/// walls 10 cm thick with a window in the right one, a 1.2 x 0.8 m table 0.74 m high, a sofa
/// against the back wall and a poster on the left one. Regenerate with
/// `sprout make-room --output Sources/SproutApp/Assets/rooms/living-room.glb`.
public enum LivingRoomModel {
    /// The room's inner size in metres: along X, along Z, and from floor to ceiling.
    public static let width: Float = 5, depth: Float = 4, height: Float = 2.6
    /// The table top's height, where a plant is placed.
    public static let tableHeight: Float = 0.74
    /// The centre of the table top's upper face, metres (its y is `tableHeight`).
    public static let tableCenter = Vec3(0.4, 0.74, -0.2)
    /// The poster's centre on the left wall's inner face, and its size (a reference image can sit there).
    public static let posterCenter = Vec3(-width / 2 + 0.006, 1.5, 0.3)
    /// The poster's width and height, metres.
    public static let posterSize = Vec2(0.6, 0.9)

    /// One part per material, in metres, +Y up, the floor's centre at the origin. With
    /// `cellsPerMetre`, every face is a grid of that many cells a metre, its corners moved along
    /// the face's normal by up to `noise` metres (seeded): a stand-in for a scan's dense, slightly
    /// rough mesh, for benchmarks and tests of large rooms.
    public static func parts(cellsPerMetre: Float = 0, noise: Float = 0, seed: UInt64 = 1) -> [ModelPart] {
        var groups: [(Material, [Mesh])] = []
        var random = SeededRandom(seed: seed)
        func add(_ material: Material, _ boxes: [(center: Vec3, size: Vec3)]) {
            groups.append(
                (
                    material,
                    boxes.map { box in
                        cellsPerMetre > 0
                            ? tessellatedBox(box.size, cellsPerMetre: cellsPerMetre, noise: noise, random: &random).translated(by: box.center)
                            : MeshFactory.box(size: box.size).translated(by: box.center)
                    }
                ))
        }
        let w = width / 2, d = depth / 2, t: Float = 0.1
        add(.color(sRGB: 0.55, 0.42, 0.30, roughness: 0.7), [(Vec3(0, -0.05, 0), Vec3(width + 2 * t, 0.1, depth + 2 * t))])   // floor
        add(.color(sRGB: 0.93, 0.93, 0.91, roughness: 0.9), [(Vec3(0, height + 0.05, 0), Vec3(width + 2 * t, 0.1, depth + 2 * t))])   // ceiling
        // Walls; the right one has a 1.2 x 1.2 m window, its sill 0.9 m up.
        let sill: Float = 0.9, top: Float = 2.1, half: Float = 0.6, wall = Material.color(sRGB: 0.86, 0.83, 0.76, roughness: 0.9)
        add(
            wall,
            [
                (Vec3(0, height / 2, -d - t / 2), Vec3(width + 2 * t, height, t)),
                (Vec3(0, height / 2, d + t / 2), Vec3(width + 2 * t, height, t)),
                (Vec3(-w - t / 2, height / 2, 0), Vec3(t, height, depth)),
                (Vec3(w + t / 2, sill / 2, 0), Vec3(t, sill, depth)),
                (Vec3(w + t / 2, (top + height) / 2, 0), Vec3(t, height - top, depth)),
                (Vec3(w + t / 2, (sill + top) / 2, -(d + half) / 2), Vec3(t, top - sill, d - half)),
                (Vec3(w + t / 2, (sill + top) / 2, (d + half) / 2), Vec3(t, top - sill, d - half))
            ])
        add(.color(sRGB: 0.70, 0.84, 0.96, roughness: 0.1), [(Vec3(w + t, (sill + top) / 2, 0), Vec3(0.01, top - sill, 2 * half))])   // the view out
        // The table: a 4 cm top whose upper face is at 0.74 m, on four legs.
        let wood = Material.color(sRGB: 0.62, 0.45, 0.30, roughness: 0.6)
        let c = tableCenter
        add(
            wood,
            [(Vec3(c.x, tableHeight - 0.02, c.z), Vec3(1.2, 0.04, 0.8))]
                + [(-1, -1), (1, -1), (-1, 1), (1, 1)].map { (sx: Float, sz: Float) in
                    (Vec3(c.x + sx * 0.55, (tableHeight - 0.04) / 2, c.z + sz * 0.35), Vec3(0.05, tableHeight - 0.04, 0.05))
                })
        // The sofa against the back wall: seat 0.45 m high, back, arms.
        let fabric = Material.color(sRGB: 0.30, 0.38, 0.52, roughness: 0.95), sz = -d + 0.5
        add(
            fabric,
            [
                (Vec3(-0.6, 0.225, sz + 0.05), Vec3(1.8, 0.45, 0.8)),
                (Vec3(-0.6, 0.45, -d + 0.1), Vec3(1.8, 0.9, 0.2)),
                (Vec3(-1.6, 0.3, sz), Vec3(0.2, 0.6, 0.9)),
                (Vec3(0.4, 0.3, sz), Vec3(0.2, 0.6, 0.9))
            ])
        var poster = Material.color(sRGB: 0.85, 0.45, 0.25, roughness: 0.8)
        poster.name = "poster"   // stage files find it by this name (`images: [{ material: poster }]`)
        add(poster, [(Vec3(posterCenter.x - 0.005, posterCenter.y, posterCenter.z), Vec3(0.01, posterSize.y, posterSize.x))])
        return groups.map { ModelPart(mesh: Mesh.merging($0.1, name: "room"), material: $0.0) }
    }

    /// A box whose faces are grids (counter-clockwise from outside, as `MeshFactory.box`).
    static func tessellatedBox(_ size: Vec3, cellsPerMetre: Float, noise: Float, random: inout SeededRandom) -> Mesh {
        let h = size / 2
        let faces: [(n: Vec3, u: Vec3, v: Vec3)] = [
            (.unitX, -.unitZ, .unitY), (-.unitX, .unitZ, .unitY), (.unitY, .unitX, -.unitZ),
            (-.unitY, .unitX, .unitZ), (.unitZ, .unitX, .unitY), (-.unitZ, -.unitX, .unitY)
        ]
        var positions: [Vec3] = [], indices: [UInt32] = []
        for f in faces {
            let lengthU = 2 * length(f.u * h), lengthV = 2 * length(f.v * h)
            let nu = max(1, Int((lengthU * cellsPerMetre).rounded(.up))), nv = max(1, Int((lengthV * cellsPerMetre).rounded(.up)))
            let base = UInt32(positions.count)
            for j in 0...nv {
                for i in 0...nu {
                    let s = 2 * Float(i) / Float(nu) - 1, t = 2 * Float(j) / Float(nv) - 1
                    let bump = noise > 0 ? random.float(in: -noise...noise) : 0
                    positions.append((f.n + f.u * s + f.v * t) * h + f.n * bump)
                }
            }
            for j in 0..<nv {
                for i in 0..<nu {
                    let a = base + UInt32(j * (nu + 1) + i), b = a + 1, c = a + UInt32(nu + 1) + 1, d = a + UInt32(nu + 1)
                    indices += [a, b, c, a, c, d]
                }
            }
        }
        return Mesh(name: "room", positions: positions, indices: indices)
    }
}
