import SproutMath
import SproutScene
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutAssets

/// The same model file loaded again shares its geometry; a changed file is imported again.
@Suite struct ModelCacheTests {
    @Test func aSecondLoadSharesMeshesAndTexturesButNotTheTree() throws {
        let cache = ModelCache(capacity: 4)
        let path = Fixtures.sharedModel("BoxTextured/BoxTextured.glb")
        let first = try ModelImporter.load(path: path, cache: cache)
        let second = try ModelImporter.load(path: path, cache: cache)
        #expect(cache.count == 1)
        #expect(first.root !== second.root)
        #expect(zip(first.meshes, second.meshes).allSatisfy { $0 === $1 } && first.meshes.count == second.meshes.count)
        #expect(second.textures.first === first.textures.first)
        let firstParts = first.root.descendants.compactMap(\.model).flatMap(\.parts)
        let secondParts = second.root.descendants.compactMap(\.model).flatMap(\.parts)
        #expect(firstParts.count == secondParts.count && zip(firstParts, secondParts).allSatisfy { $0.mesh === $1.mesh })
        // Moving one copy leaves the other (and later copies) where they were.
        first.standOnOrigin()
        first.root.transform.translation.x += 5
        let third = try ModelImporter.load(path: path, cache: cache)
        #expect(third.root.transform == second.root.transform)
    }

    @Test func aChangedFileIsImportedAgain() throws {
        let dir = try Fixtures.temporaryDirectory("model-cache")
        let path = dir + "/box.glb"
        try FileManager.default.copyItem(atPath: Fixtures.sharedModel("Box/Box.glb"), toPath: path)
        let cache = ModelCache(capacity: 4)
        let first = try ModelImporter.load(path: path, cache: cache)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: Fixtures.sharedModel("BoxTextured/BoxTextured.glb"), toPath: path)
        let second = try ModelImporter.load(path: path, cache: cache)
        #expect(first.meshes.first !== second.meshes.first)
        #expect(second.textures.count == 1 && first.textures.isEmpty)
    }

    @Test func theLeastRecentlyUsedModelGoesFirst() throws {
        let cache = ModelCache(capacity: 2)
        let box = Fixtures.sharedModel("Box/Box.glb"), textured = Fixtures.sharedModel("BoxTextured/BoxTextured.glb")
        let duck = Fixtures.sharedModel("Duck/Duck.glb")
        let boxMesh = try ModelImporter.load(path: box, cache: cache).meshes.first
        _ = try ModelImporter.load(path: textured, cache: cache)
        _ = try ModelImporter.load(path: box, cache: cache)   // box is now the most recent
        _ = try ModelImporter.load(path: duck, cache: cache)   // textured goes
        #expect(cache.count == 2)
        #expect(try ModelImporter.load(path: box, cache: cache).meshes.first === boxMesh)
    }

    @Test func clonesShareGeometryAndCopyTheTree() {
        let mesh = MeshFactory.box(size: .one)
        let parent = Entity(name: "p", transform: Transform(translation: Vec3(1, 2, 3)))
        parent.addChild(Entity(name: "c", model: ModelComponent(mesh: mesh, material: Material(name: "m"))))
        let copy = parent.clone()
        #expect(copy !== parent && copy.name == "p" && copy.transform == parent.transform)
        #expect(copy.children.count == 1 && copy.children[0] !== parent.children[0] && copy.children[0].parent === copy)
        #expect(copy.children[0].model?.parts.first?.mesh === mesh)
        #expect(parent.clone(recursive: false).children.isEmpty)
    }
}
