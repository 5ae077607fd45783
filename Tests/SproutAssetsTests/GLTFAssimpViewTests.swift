import Foundation
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// `extras` and node extensions Assimp 5.2 refuses (an `extras` that is not an object) or copies
/// in quadratic time (a node's, value by value) are kept from it; Sprout's own reading keeps them.
@Suite struct GLTFAssimpViewTests {
    private func json(_ text: String) throws -> GLTFJSON { try JSONDecoder().decode(GLTFJSON.self, from: Data(text.utf8)) }

    /// `count` numbers in a JSON array.
    private func numbers(_ count: Int) -> String { "[" + (0..<count).map(String.init).joined(separator: ",") + "]" }

    @Test func aNodeIsKeptFromAssimpPastItsBudgetOfValues() throws {
        // The array and its 255 numbers are 256 values; one more number is over the budget.
        #expect(!GLTFAssimpView.mustBeKeptFromAssimp(try json(#"{"nodes": [{"extras": {"a": \#(numbers(254))}}]}"#)))
        #expect(GLTFAssimpView.mustBeKeptFromAssimp(try json(#"{"nodes": [{"extras": {"a": \#(numbers(255))}}]}"#)))
        // Extras and extensions share one budget.
        let shared = #"{"nodes": [{"extras": {"a": \#(numbers(150))}, "extensions": {"X_y": \#(numbers(150))}}]}"#
        #expect(GLTFAssimpView.mustBeKeptFromAssimp(try json(shared)))
        // A large extras elsewhere than on a node asks for nothing (Assimp takes it in linear time).
        #expect(!GLTFAssimpView.mustBeKeptFromAssimp(try json(#"{"meshes": [{"extras": {"a": \#(numbers(5000))}}]}"#)))
    }

    @Test func anExtrasThatIsNotAnObjectIsKeptFromAssimp() throws {
        #expect(GLTFAssimpView.mustBeKeptFromAssimp(try json(#"{"materials": [{"pbrMetallicRoughness": {"extras": "note"}}]}"#)))
        #expect(GLTFAssimpView.mustBeKeptFromAssimp(try json(#"{"asset": {"extras": [1, 2]}}"#)))
        // Inside an application's extras object, anything goes.
        #expect(!GLTFAssimpView.mustBeKeptFromAssimp(try json(#"{"asset": {"extras": {"extras": 3}}}"#)))
        let served = GLTFAssimpView.forAssimp(try json(#"{"asset": {"version": "2.0", "extras": 7}, "meshes": [{"extras": {"k": 1}}]}"#))
        #expect(served["asset"]?["extras"] == nil && served["asset"]?["version"]?.string == "2.0")
        #expect(served["meshes"]?[0]?["extras"]?["k"]?.int == 1)
    }

    @Test func nodesLoseTheirExtrasAndUnknownExtensionsButNotTheirLights() throws {
        let served = GLTFAssimpView.forAssimp(
            try json(
                #"{"nodes": [{"mesh": 0, "extras": {"a": 1}, "extensions": {"KHR_lights_punctual": {"light": 0}, "X_big": [1]}}, {"extensions": {"X_big": [2]}}]}"#
            ))
        #expect(served["nodes"]?[0]?["mesh"]?.int == 0 && served["nodes"]?[0]?["extras"] == nil)
        #expect(served["nodes"]?[0]?["extensions"]?["KHR_lights_punctual"]?["light"]?.int == 0)
        #expect(served["nodes"]?[0]?["extensions"]?["X_big"] == nil)
        #expect(served["nodes"]?[1]?["extensions"] == nil)
    }

    /// Past 1,000 camera nodes (32,000 took Assimp 5 s: its validation searches the node tree
    /// by name for each), cameras are kept from Assimp, which Sprout does not read them from.
    @Test func manyCamerasAreKeptFromAssimpAndStillArrive() throws {
        func document(cameraNodes: Int) -> String {
            OneTriangleGLTF.geometry + #" "cameras": [{"type": "perspective", "perspective": {"yfov": 0.5, "znear": 0.1}}],"#
                + #" "nodes": [{"mesh": 0, "children": [\#((1...cameraNodes).map(String.init).joined(separator: ","))]}"#
                + String(repeating: #", {"camera": 0}"#, count: cameraNodes) + #"], "scenes": [{"nodes": [0]}]}"#
        }
        #expect(!GLTFAssimpView.mustBeKeptFromAssimp(try json(document(cameraNodes: 1000))))
        #expect(GLTFAssimpView.mustBeKeptFromAssimp(try json(document(cameraNodes: 1001))))
        let served = GLTFAssimpView.forAssimp(try json(document(cameraNodes: 2)))
        #expect(served["cameras"] == nil && served["nodes"]?[1]?["camera"] == nil && served["nodes"]?[0]?["mesh"]?.int == 0)
        let dir = try Fixtures.temporaryDirectory("gltf-cameras")
        try Fixtures.write(document(cameraNodes: 1001), to: dir + "/cameras.gltf")
        let asset = try ModelImporter.load(path: dir + "/cameras.gltf", cache: nil)
        #expect(asset.triangleCount == 1 && asset.cameras.count == 1001)
        #expect(asset.cameras.allSatisfy { $0.node.cameraLens == .perspective(fovY: 0.5) })
    }

    /// glTF allows an `extras` of any type; Assimp 5.2 refused the file ("Member extras was not
    /// of type object"). And a node's 20,000 numbers took it 70 s; with the node's light kept.
    @Test func suchFilesImportWithTheirLights() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-extras")
        func file(nodeExtras: String) -> String {
            OneTriangleGLTF.geometry
                + #""extensionsUsed": ["KHR_lights_punctual"], "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point", "intensity": 3}]}},"#
                + #" "nodes": [{"mesh": 0, "children": [1], "extras": \#(nodeExtras)}, {"name": "bulb", "extensions": {"KHR_lights_punctual": {"light": 0}}}],"#
                + #" "scenes": [{"nodes": [0]}]}"#
        }
        for (name, extras) in [("string", #""a note""#), ("large", #"{"samples": \#(numbers(20_000))}"#)] {
            try Fixtures.write(file(nodeExtras: extras), to: dir + "/\(name).gltf")
            let asset = try ModelImporter.load(path: dir + "/\(name).gltf", cache: nil)
            #expect(asset.triangleCount == 1, "\(name)")
            #expect(asset.root.findEntity(named: "bulb")?.light?.intensity == 3, "\(name)")
        }
    }
}
