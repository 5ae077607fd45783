import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// KHR_node_selectability (ratified): a node whose `selectable` is false is drawn, but a
/// selection ray passes through it and its descendants to what lies behind. Sprout's hit tests
/// (`Scene.hitTest`, the object hit test of taps) skip such entities. KHR_node_hoverability has
/// nothing to act on in Sprout (no hover) and is said once by name.
@Suite struct GLTFNodeSelectabilityTests {
    /// The fixture's two triangles (x and y 0 to 2, at z 0, node "pair"), its node marked
    /// unselectable and unhoverable.
    private func unselectablePair() throws -> String {
        let fixture = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/variant-pair.gltf"
        var text = String(decoding: try Fixtures.read(fixture), as: UTF8.self)
        let node = "\"name\": \"pair\",\n   \"mesh\": 0\n  }"
        try #require(text.contains(node))
        text = text.replacingOccurrences(
            of: node,
            with:
                "\"name\": \"pair\",\n   \"mesh\": 0,\n   \"extensions\": {\"KHR_node_selectability\": {\"selectable\": false}, \"KHR_node_hoverability\": {\"hoverable\": false}}\n  }"
        )
        text = text.replacingOccurrences(
            of: "\"KHR_materials_unlit\"\n ]", with: "\"KHR_materials_unlit\", \"KHR_node_selectability\", \"KHR_node_hoverability\"\n ]")
        let path = try Fixtures.temporaryDirectory("selectability") + "/pair.gltf"
        try Fixtures.write(text, to: path)
        return path
    }

    @Test func anUnselectableNodeIsDrawnButPassedThrough() throws {
        let path = try unselectablePair()
        let asset = try ModelImporter.load(path: path, cache: nil)
        let pair = try #require(asset.root.findEntity(named: "pair"))
        #expect(!pair.isSelectable && pair.isEnabled && pair.model?.parts.count == 2)
        #expect(
            asset.warnings == [
                "\(path): uses KHR_node_hoverability, which Sprout does not draw: Sprout has no hover (a tap selects; nothing follows the pointer)"
            ])
        let scene = Scene()
        scene.addChild(asset.root)
        let ray = Ray(origin: Vec3(0.2, 0.2, 5), direction: Vec3(0, 0, -1))
        #expect(scene.hitTest(ray).isEmpty)
        pair.isSelectable = true
        #expect(scene.hitTest(ray).first?.entity === pair)
    }
}
