import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// KHR_materials_volume refracts (issue 27): what lies behind a glass with a thickness is read
/// where the refracted view ray leaves it: through a closed volume's back face and on, or for a
/// surface with no back face, as the Khronos sample viewer reads it. Worked out by
/// hand for an orthographic camera 4 m tall over 64 x 64 pixels (16 pixels a metre) looking down
/// -Z at a clear glass quad turned 45 degrees about +Y (its normal (0.7071, 0, 0.7071)), over an
/// unlit backdrop red left of x = 0 and blue right of it. The view ray (0, 0, -1) refracted into
/// index 1.5: cos i = 0.7071, k = 1 - (1/1.5)^2 x 0.5 = 0.7778, the ray
/// (0, 0, -0.6667) + (0.6667 x 0.7071 - 0.8819) x n = (-0.2903, 0, -0.9570). A thickness of
/// 1 m (the node's scale 1) ends it 0.2903 m (4.645 pixels) to the left: pixel column c reads
/// the backdrop's column c - 4.645, so columns up to 35 show red (column 35 reads 30.86, between
/// the red texels 30 and 31), column 36 both (31.86) and from 37 blue; without a thickness the
/// seam stays where it is, blue from column 32.
@Suite(.serialized) final class VolumeRefractionGLTests {
    /// The 64 x 64 picture (RGBA rows from the top) of `glass` over the backdrop 3 m behind the
    /// origin, seen orthographically from +Z, 4 m tall.
    func pixels(through glass: Entity, samples: Int = 0) throws -> [UInt8] {
        let context = try HeadlessContext(forceSoftware: true)
        let renderer = try Renderer()
        try context.makeCurrent()
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        scene.addChild(SeamBackdrop.entity(at: -3))
        scene.addChild(glass)
        let target = try OffscreenTarget(width: 64, height: 64, samples: samples)
        var camera = Camera.looking(from: Vec3(0, 0, 5), at: .zero)
        camera.projection = .orthographic(halfHeight: 2, near: 0.1, far: 20)
        try renderer.render(
            scene, view: View(camera: camera, clearColor: Vec4(0, 0, 0, 1), options: RenderOptions(shadows: false)), into: target)
        return target.readPixels()
    }

    /// Which of red and blue each pixel of the middle row shows through `glass` in `columns`:
    /// "r", "b", or "rb" where both are more than a tenth.
    func middleRow(through glass: Entity, columns: ClosedRange<Int> = 30...38, samples: Int = 0) throws -> [String] {
        let pixels = try pixels(through: glass, samples: samples)
        return columns.map { column in
            let pixel = pixels[(32 * 64 + column) * 4..<(32 * 64 + column) * 4 + 3].map(Int.init)
            return (pixel[0] > 25 ? "r" : "") + (pixel[2] > 25 ? "b" : "")
        }
    }

    /// Clear glass of index 1.5 with `thickness`.
    func glass(thickness: Float, dispersion: Float = 0) -> Material {
        var glass = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 0)
        glass.transmission = 1
        glass.volumeThickness = thickness
        glass.dispersion = dispersion
        return glass
    }

    /// The middle row, columns 30 to 38, through a glass quad (one face: no back faces to
    /// follow the ray through) turned 45 degrees about +Y.
    func seam(thickness: Float, scale: Float = 1, dispersion: Float = 0) throws -> [String] {
        try middleRow(
            through: Entity(
                name: "glass", transform: Transform(matrix: .rotationY(.pi / 4) * .scale(Vec3(repeating: scale))),
                model: ModelComponent(mesh: SeamBackdrop.quad(1 / scale), material: glass(thickness: thickness, dispersion: dispersion))))
    }

    @Test func aThicknessMovesWhatLiesBehindAlongTheRefractedRay() throws {
        #expect(try seam(thickness: 0) == ["r", "r", "b", "b", "b", "b", "b", "b", "b"])
        #expect(try seam(thickness: 1) == ["r", "r", "r", "r", "r", "r", "rb", "b", "b"])
    }

    /// The thickness is in the mesh's units: the node scaled by 2 (its quad half as large in
    /// the mesh, so the same on screen) and a thickness of 0.5 travel the same 1 m.
    @Test func theThicknessScalesWithTheNode() throws {
        #expect(try seam(thickness: 0.5, scale: 2) == ["r", "r", "r", "r", "r", "r", "rb", "b", "b"])
    }

    /// KHR_materials_dispersion 20 spreads the index by (1.5 - 1) x 0.025 x 20 = 0.25 either
    /// way (the sample viewer's): red refracted at 1.25 (k = 1 - 0.64 x 0.5 = 0.68, the ray's x
    /// 0.8 x 0 + (0.8 x 0.7071 - 0.8246) x 0.7071 = -0.1831: 2.93 pixels), blue at 1.75 (-0.3610:
    /// 5.78 pixels). Red then reaches column 34 (reading 31.07), blue begins at 37 (31.22: a
    /// fifth of the blue texel), and columns 35 and 36 show neither: red reads the blue half
    /// there and blue the red half.
    @Test func dispersionBendsEachColourByItsOwnIndex() throws {
        #expect(try seam(thickness: 1, dispersion: 20) == ["r", "r", "r", "r", "r", "", "", "b", "b"])
    }

    /// A closed volume is followed through (Wyman's two-sided refraction): a glass box 2 x 2 x 1
    /// turned the same 45 degrees. The ray bent into it, (-0.2903, 0, -0.9570), crosses the
    /// 1 m between its faces in 1 / 0.8819 = 1.134 m, so leaves 0.3292 m (5.267 pixels) to the
    /// left, where the parallel back face bends it back to (0, 0, -1), and it lands straight
    /// behind: column c reads c + 0.5 - 5.267, red up to 36 (31.23), both at 37 (32.23: 73 %
    /// blue), blue from 38, one column further than the quad's single step of 4.645 pixels. With
    /// four samples a pixel the depth copy is resolved and the row is the same.
    @Test(arguments: [0, 4]) func aClosedVolumeIsFollowedOutThroughItsBackFace(samples: Int) throws {
        let box = Entity(
            name: "glass box", transform: Transform(matrix: .rotationY(.pi / 4)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(2, 2, 1)), material: glass(thickness: 1)))
        #expect(try middleRow(through: box, samples: samples) == ["r", "r", "r", "r", "r", "r", "r", "rb", "b"])
    }

    /// `doubleSided` has no effect on a volume's boundary (KHR_materials_volume): the box made
    /// two-sided shows the same row, its back faces left to the trace (drawn as surfaces of
    /// their own, the last one drawn at a pixel would replace what the front face let through).
    @Test func aTwoSidedVolumeIsDrawnAsAOneSidedOne() throws {
        var twoSided = glass(thickness: 1)
        twoSided.isDoubleSided = true
        let box = Entity(
            name: "glass box", transform: Transform(matrix: .rotationY(.pi / 4)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(2, 2, 1)), material: twoSided))
        #expect(try middleRow(through: box) == ["r", "r", "r", "r", "r", "r", "r", "rb", "b"])
        // Pixel for pixel the one-sided box's: drawn once, not once a side.
        let oneSided = Entity(
            name: "glass box", transform: Transform(matrix: .rotationY(.pi / 4)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(2, 2, 1)), material: glass(thickness: 1)))
        #expect(try pixels(through: box) == pixels(through: oneSided))
    }

    /// A ball is a lens: its image of what lies beyond the focal point is turned over. A glass
    /// ball of radius 1 (index 1.5: focal length 1.5 from its centre) before the backdrop 3 m
    /// behind its centre. Traced exactly for a true sphere: the ray through column 26 (x -0.3438)
    /// enters bent to (0.1194, 0, -0.9928), leaves at x -0.1113 bent to (0.2371, 0, -0.9715)
    /// and lands at x 0.3783 (column 37.55), column 24 at 0.5643, column 30 at 0.0944; mirrored
    /// on the right. So the columns left of the middle show blue and those right of it red,
    /// where a thin wall or the single step (no turn-over) shows red left and blue right.
    @Test func aBallTurnsWhatLiesBehindItOver() throws {
        let ball = Entity(
            name: "glass ball",
            model: ModelComponent(mesh: MeshFactory.sphere(radius: 1, segments: 64, rings: 32), material: glass(thickness: 2)))
        let row = try middleRow(through: ball, columns: 24...39)
        #expect(Array(row[0...6]) == Array(repeating: "b", count: 7))
        #expect(Array(row[9...15]) == Array(repeating: "r", count: 7))
    }

    /// The red a pixel shows through `glass` square-on at column 16 (x -0.97, on the red half).
    func redThrough(_ glass: Entity) throws -> Int { Int(try pixels(through: glass)[(32 * 64 + 16) * 4]) }

    /// Absorption follows the way the ray went inside where it is traced (the extension lets a
    /// renderer that can compute the thickness use it): glass stating a thickness of 1 with
    /// attenuation colour (0.25, 1, 1) at distance 1 lets through 0.25 of red over 1 m, and
    /// 0.25^0.5 = 0.5 over a box 0.5 deep. The surface adds nothing of its own here (no light),
    /// so the red shown is the encoded share, (0.96 x 0.25)^(1/2.2) against (0.96 x 0.5)^(1/2.2):
    /// 2^(1/2.2) = 1.370 times brighter through the shallow box. An open sheet takes the stated
    /// thickness, as the 1 m box does.
    @Test func absorptionFollowsTheWayTraced() throws {
        var amber = glass(thickness: 1)
        amber.attenuationColor = Vec3(0.25, 1, 1)
        amber.attenuationDistance = 1
        func box(depth: Float) -> Entity {
            Entity(name: "amber box", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(4, 4, depth)), material: amber))
        }
        let deep = try redThrough(box(depth: 1)), shallow = try redThrough(box(depth: 0.5))
        let sheet = try redThrough(Entity(name: "amber sheet", model: ModelComponent(mesh: SeamBackdrop.quad(2), material: amber)))
        #expect(abs(Double(shallow) / Double(deep) - 1.370) < 0.015, "\(shallow) / \(deep)")
        #expect(abs(sheet - deep) <= 1)
    }

    /// The depth copy takes the target's own format (a blit copies depth only between equal
    /// formats): an offscreen target's 24-bit depth, multisampled or not; a framebuffer with
    /// none (a multisampled target's resolve framebuffer) gives none.
    @Test func theDepthCopyTakesTheTargetsFormat() throws {
        let context = try HeadlessContext(forceSoftware: true)
        try context.makeCurrent()
        let single = try OffscreenTarget(width: 8, height: 8, samples: 0)
        let multisampled = try OffscreenTarget(width: 8, height: 8, samples: 4)
        #expect(VolumeRefractionBuffers.depthFormat(of: single.drawFramebuffer) == 0x81A6)   // GL_DEPTH_COMPONENT24
        #expect(VolumeRefractionBuffers.depthFormat(of: multisampled.drawFramebuffer) == 0x81A6)
        #expect(VolumeRefractionBuffers.depthFormat(of: try #require(multisampled.resolveFramebuffer)) == nil)
    }
}
