import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// KHR_materials_volume refracts (issue 27): what lies behind a glass with a thickness is read
/// where the refracted view ray leaves it, as the Khronos sample viewer reads it. Worked out by
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
    /// Which of red and blue each pixel of the middle row shows through the glass, from column
    /// 30 to 38: "r", "b", or "rb" where both are more than a tenth.
    func seam(thickness: Float, scale: Float = 1, dispersion: Float = 0) throws -> [String] {
        let context = try HeadlessContext(forceSoftware: true)
        let renderer = try Renderer()
        try context.makeCurrent()
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        scene.addChild(SeamBackdrop.entity(at: -3))
        var glass = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 0)
        glass.transmission = 1
        glass.volumeThickness = thickness
        glass.dispersion = dispersion
        scene.addChild(
            Entity(
                name: "glass", transform: Transform(matrix: .rotationY(.pi / 4) * .scale(Vec3(repeating: scale))),
                model: ModelComponent(mesh: SeamBackdrop.quad(1 / scale), material: glass)))
        let target = try OffscreenTarget(width: 64, height: 64, samples: 0)
        var camera = Camera.looking(from: Vec3(0, 0, 5), at: .zero)
        camera.projection = .orthographic(halfHeight: 2, near: 0.1, far: 20)
        try renderer.render(
            scene, view: View(camera: camera, clearColor: Vec4(0, 0, 0, 1), options: RenderOptions(shadows: false)), into: target)
        let pixels = target.readPixels()
        return (30...38).map { column in
            let pixel = pixels[(32 * 64 + column) * 4..<(32 * 64 + column) * 4 + 3].map(Int.init)
            return (pixel[0] > 25 ? "r" : "") + (pixel[2] > 25 ? "b" : "")
        }
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
}
