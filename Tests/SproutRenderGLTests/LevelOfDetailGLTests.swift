import SproutAssets
import SproutHeadless
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender
import SproutGolden

/// The catalog sunflower far off is drawn from its first level of detail, a fifth of the
/// triangles, and looks as it did; near, the full model is drawn. The lavender, further still,
/// from its third.
@Suite(.serialized) final class LevelOfDetailGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    /// The catalog plant `name` alone under a sun, the renderer that draws it (for its counts),
    /// and a function drawing it through a camera into `width` x `height` pixels, with its
    /// levels of detail or without.
    private func plant(_ name: String, width: Int, height: Int) throws -> (asset: ModelAsset, renderer: Renderer, draw: (Camera, Bool) throws -> Image) {
        let asset = try ModelImporter.load(path: Fixtures.assetsDirectory + "/plants/\(name).glb")
        let scene = Scene(lighting: Lighting(directionToLight: normalize(Vec3(0.4, 1, 0.6))))
        scene.addChild(asset.root)
        let renderer = try Renderer(context: context)
        let target = try OffscreenTarget(width: width, height: height, samples: 0)
        return (
            asset, renderer,
            { camera, levels in
                try renderer.render(scene, view: View(camera: camera, options: RenderOptions(levelsOfDetail: levels)), into: target)
                return Image(width: width, height: height, pixels: target.readPixels())
            }
        )
    }

    @Test func aDistantSunflowerDrawsItsFirstLevelAndLooksTheSame() throws {
        let (_, renderer, drawThrough) = try plant("sunflower", width: 160, height: 120)
        func draw(from distance: Float, levels: Bool) throws -> Image {
            try drawThrough(Camera.looking(from: Vec3(0, 1.5, distance), at: Vec3(0, 1.5, 0), fovYDegrees: 50), levels)
        }
        // The sphere around the sunflower is 3.2 m across: from 2.5 m it spans 1.4 times the
        // height of a 50-degree view (the full model), from 4.5 m 0.77 (level 1, below 1), from
        // 30 m 0.11 (level 2, below 0.2).
        _ = try draw(from: 2.5, levels: true)
        #expect(renderer.lastTriangleCount == 576 + 1024)   // the full stem and leaves (the head is above the view)
        let full = try draw(from: 4.5, levels: false)
        #expect(renderer.lastTriangleCount == 6208)
        let level1 = try draw(from: 4.5, levels: true)
        #expect(renderer.lastTriangleCount == 1184)
        _ = try draw(from: 30, levels: true)
        #expect(renderer.lastTriangleCount == 336)
        // The same plant in the same place: at 4.5 m (about 90 pixels tall) 5 pixels along the
        // petals' edges move by more than 40/255, the mean by 0.04/255.
        let diff = ImageDiff(actual: level1, expected: full, tolerance: ImageTolerance(maxChannelDelta: 40, maxFailingFraction: 0.002, maxMeanDelta: 0.1))
        #expect(diff.passes, "\(diff.summary)")
        #expect(diff.failingPixels > 0 || diff.maxDelta > 0)   // and it is another mesh
    }

    /// Level 3 (`PlantDetail.minimal`) takes over below a twelfth of the view's height, where
    /// the lavender's spikes are a few pixels long: a third of level 2's triangles.
    @Test func aFarLavenderDrawsItsThirdLevelAndLooksTheSame() throws {
        let (asset, renderer, drawThrough) = try plant("lavender", width: 640, height: 480)
        let bounds = try #require(asset.root.descendants.compactMap(\.model).first).bounds
        let tanHalf = tan(radians(fromDegrees: Float(25)))
        // The camera's distance at which the bounding sphere spans `height` of a 50-degree view.
        func distance(spanning height: Float) -> Float { bounds.boundingRadius / (height * tanHalf) }
        func draw(spanning height: Float, levels: Bool) throws -> Image {
            let d = distance(spanning: height), center = bounds.center
            return try drawThrough(Camera.looking(from: center + Vec3(0, 0.3 * d, d), at: center, fovYDegrees: 50), levels)
        }
        _ = try draw(spanning: 0.1, levels: true)
        #expect(renderer.lastTriangleCount == 1968)   // level 2
        let level3 = try draw(spanning: 0.07, levels: true)
        #expect(renderer.lastTriangleCount == 624)
        let full = try draw(spanning: 0.07, levels: false)
        #expect(renderer.lastTriangleCount == 27648)
        // The plant about 30 pixels tall: its spikes a cone each instead of florets, its leaves
        // one quad, its stems two segments move 53 pixels by more than 40/255 (0.017 % of the
        // view), the mean by 0.015/255; the first level's tolerance holds it.
        let diff = ImageDiff(actual: level3, expected: full, tolerance: ImageTolerance(maxChannelDelta: 40, maxFailingFraction: 0.002, maxMeanDelta: 0.1))
        #expect(diff.passes, "\(diff.summary)")
        #expect(diff.failingPixels > 0 || diff.maxDelta > 0)   // and it is another mesh
    }
}
